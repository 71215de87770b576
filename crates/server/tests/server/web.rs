//! The game in the browser as the server serves it (`--web-dir`), over a
//! real socket on 127.0.0.1: `/play/` and its files with their types,
//! compressed copies and cache headers; nothing outside the folder; the
//! web manifest in the visitor's language and the service worker
//! revalidated at each load; the invite page's "Play in the browser"
//! (first on a phone); and the security headers on every page, with or
//! without the folder.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::http::{Answer, get_with};
use crate::common::net::{config, create, server};
use crate::common::temp_dir;
use ca_ngua_server::WebDir;
use serde_json::json;
use std::net::SocketAddr;

const WASM: &str = "ca-ngua-0123456789abcdef.wasm";

/// What scripts/web.sh writes, in small.
fn web_folder(dir: &std::path::Path) {
    std::fs::write(
        dir.join("index.html"),
        "<!DOCTYPE html><script type=\"module\" src=\"start.js\"></script>",
    )
    .unwrap();
    std::fs::write(dir.join("start.js"), "import('./ca-ngua.js');").unwrap();
    std::fs::write(dir.join(WASM), b"\0asm\x01\0\0\0 the game").unwrap();
    std::fs::write(dir.join(format!("{WASM}.gz")), b"\x1f\x8b pretend gzip").unwrap();
    std::fs::write(dir.join("notes.ron"), "(SECRET: true)").unwrap();
    std::fs::write(dir.join(".hidden.js"), "HIDDEN").unwrap();
    std::fs::create_dir_all(dir.join("sounds")).unwrap();
    std::fs::write(dir.join("sounds/roll.ogg"), b"OggS").unwrap();
    // Beside the folder, never served.
    std::fs::write(dir.parent().unwrap().join("outside.js"), "OUTSIDE").unwrap();
}

async fn fetch(addr: SocketAddr, path: &str, headers: &[&str]) -> Answer {
    let path = path.to_string();
    let headers: Vec<String> = headers.iter().map(|h| h.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let h: Vec<&str> = headers.iter().map(String::as_str).collect();
        get_with(addr, &path, &h)
    })
    .await
    .unwrap()
}

/// The headers every page carries, whatever it is.
fn assert_guarded(a: &Answer, addr: SocketAddr, what: &str) {
    let csp = a
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP in {:?}", a.headers));
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
        "{what}: {csp}"
    );
    assert!(
        csp.contains(&format!("connect-src 'self' ws://{addr} wss://{addr};")),
        "{what}: {csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(csp.contains("worker-src 'self';"), "{what}: {csp}");
    assert!(csp.contains("manifest-src 'self';"), "{what}: {csp}");
    assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    assert_eq!(
        a.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_game_is_served_at_play_with_its_types_and_caches() {
    let root = temp_dir("web");
    let dir = root.join("web");
    std::fs::create_dir_all(&dir).unwrap();
    web_folder(&dir);
    let mut c = config();
    c.web_dir = Some(WebDir::open(&dir).unwrap());
    let server = server(c);
    let addr = server.addr();

    // /play goes to /play/, the page itself, revalidated at every load.
    let a = fetch(addr, "/play", &[]).await;
    assert_eq!(a.status, 308);
    assert_eq!(a.header("location"), Some("/play/"));
    let index = fetch(addr, "/play/", &[]).await;
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(index.header("cache-control"), Some("no-cache"));
    assert!(String::from_utf8_lossy(&index.body).contains("start.js"));
    assert_guarded(&index, addr, "/play/");
    let tag = index.header("etag").expect("a tag").to_string();
    let again = fetch(
        addr,
        "/play/index.html",
        &[&format!("If-None-Match: {tag}")],
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    // A rebuild: a new tag, the new page.
    std::fs::write(dir.join("index.html"), "<!DOCTYPE html><p>rebuilt</p>").unwrap();
    let rebuilt = fetch(addr, "/play/", &[&format!("If-None-Match: {tag}")]).await;
    assert_eq!(rebuilt.status, 200);
    assert_ne!(rebuilt.header("etag"), Some(tag.as_str()));
    assert!(String::from_utf8_lossy(&rebuilt.body).contains("rebuilt"));

    the_program_is_served_compressed_and_kept(addr).await;
    // A script without a hash in its name: revalidated.
    let js = fetch(addr, "/play/start.js", &[]).await;
    assert_eq!(js.status, 200);
    assert_eq!(
        js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(js.header("cache-control"), Some("no-cache"));
    let ogg = fetch(addr, "/play/sounds/roll.ogg", &[]).await;
    assert_eq!(
        (ogg.status, ogg.header("content-type")),
        (200, Some("audio/ogg"))
    );

    nothing_else_is_served(addr).await;
    the_invite_page_offers_the_browser(addr).await;
    server.shutdown();
}

/// The program: application/wasm, compressed for a browser that takes
/// gzip, kept a year (its name changes with its bytes).
async fn the_program_is_served_compressed_and_kept(addr: SocketAddr) {
    let plain = fetch(addr, &format!("/play/{WASM}"), &[]).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-type"), Some("application/wasm"));
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.body.starts_with(b"\0asm"));
    assert_eq!(plain.header("vary"), Some("Accept-Encoding"));
    assert_eq!(
        plain.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let zipped = fetch(
        addr,
        &format!("/play/{WASM}"),
        &["Accept-Encoding: gzip, deflate, br"],
    )
    .await;
    assert_eq!(zipped.status, 200);
    assert_eq!(zipped.header("content-type"), Some("application/wasm"));
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert!(zipped.body.starts_with(b"\x1f\x8b"));
    assert_ne!(zipped.header("etag"), plain.header("etag"));
    let refused = fetch(
        addr,
        &format!("/play/{WASM}"),
        &["Accept-Encoding: gzip;q=0"],
    )
    .await;
    assert_eq!(refused.header("content-encoding"), None);
}

/// Nothing else: other types, hidden files, folders, the outside.
async fn nothing_else_is_served(addr: SocketAddr) {
    for path in [
        "/play/notes.ron",
        "/play/.hidden.js",
        "/play/sounds",
        "/play/sounds/",
        "/play/missing.js",
        "/play/../outside.js",
        "/play/%2e%2e/outside.js",
        "/play/sounds/..%2f..%2foutside.js",
        "/play//etc/passwd",
    ] {
        let a = fetch(addr, path, &[]).await;
        assert_eq!(a.status, 404, "{path}: {:?}", a.headers);
        let body = String::from_utf8_lossy(&a.body);
        for kept in ["HIDDEN", "OUTSIDE", "SECRET", "root:"] {
            assert!(!body.contains(kept), "{path}: {body}");
        }
        assert_guarded(&a, addr, path);
    }
}

/// The room's invite page offers the browser, by the room's code.
async fn the_invite_page_offers_the_browser(addr: SocketAddr) {
    let (_host, welcome) = create(addr, 2, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();
    for (lang, label) in [
        ("vi", "Chơi trên trình duyệt"),
        ("en", "Play in the browser"),
    ] {
        let page = fetch(
            addr,
            &format!("/join/{room}"),
            &[&format!("Accept-Language: {lang}")],
        )
        .await;
        assert_eq!(page.status, 200);
        let html = String::from_utf8(page.body.clone()).unwrap();
        assert!(
            html.contains(&format!("href=\"/play/#join={room}\">{label}</a>")),
            "{html}"
        );
        assert!(html.contains(&format!("href=\"ca-ngua://{addr}/{room}\"")));
        assert!(html.contains("class=\"download\""));
        assert_guarded(&page, addr, "the invite page");
    }
}

/// A manifest as web.sh writes it, in small.
fn manifest(lang: &str, description: &str) -> String {
    json!({
        "name": "Cờ Cá Ngựa",
        "lang": lang,
        "description": description,
        "start_url": "/play/",
        "display": "standalone",
    })
    .to_string()
}

const PHONE: &str = "User-Agent: Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                     (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const DESKTOP: &str = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, \
                       like Gecko) Chrome/126.0.0.0 Safari/537.36";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_installs_with_its_manifest_and_service_worker_and_phones_get_it_first() {
    let root = temp_dir("web-app");
    let dir = root.join("web");
    std::fs::create_dir_all(&dir).unwrap();
    web_folder(&dir);
    let vi = manifest("vi", "Cờ Cá Ngựa và Cờ nhảy");
    let en = manifest("en", "Vietnamese Ludo and Chinese checkers");
    std::fs::write(dir.join("manifest.webmanifest"), &vi).unwrap();
    std::fs::write(dir.join("manifest.en.webmanifest"), &en).unwrap();
    std::fs::write(dir.join("sw.js"), "const BUILD = '0123';").unwrap();
    let mut c = config();
    c.web_dir = Some(WebDir::open(&dir).unwrap());
    let server = server(c);
    let addr = server.addr();
    the_manifest_in_each_language(addr, &vi, &en).await;
    the_service_worker(addr).await;
    the_invite_page_puts_the_browser_first_on_phones(addr).await;
    server.shutdown();
}

/// The manifest in the visitor's language, as its type, revalidated, each
/// language's with its own tag.
async fn the_manifest_in_each_language(addr: SocketAddr, vi: &str, en: &str) {
    for (accept, lang, body) in [
        ("Accept-Language: vi-VN,vi;q=0.9", "vi", vi),
        ("Accept-Language: en-US,en;q=0.9,vi;q=0.5", "en", en),
        ("Accept-Language: fr, vi;q=0.3", "vi", vi),
    ] {
        let a = fetch(addr, "/play/manifest.webmanifest", &[accept]).await;
        assert_eq!(a.status, 200, "{accept}");
        assert_eq!(
            a.header("content-type"),
            Some("application/manifest+json"),
            "{accept}"
        );
        assert_eq!(a.header("cache-control"), Some("no-cache"), "{accept}");
        assert_eq!(a.header("vary"), Some("Accept-Language"), "{accept}");
        assert_eq!(String::from_utf8_lossy(&a.body), body, "{accept}");
        let read: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
        assert_eq!(read["lang"], lang, "{accept}");
        assert_eq!(read["name"], "Cờ Cá Ngựa");
        assert_guarded(&a, addr, "the manifest");
    }
    // Each language's has its own tag, so a cache never mixes them.
    let tag = |a: &Answer| a.header("etag").map(str::to_string);
    let vi_tag = tag(&fetch(addr, "/play/manifest.webmanifest", &["Accept-Language: vi"]).await);
    let en_tag = tag(&fetch(addr, "/play/manifest.webmanifest", &["Accept-Language: en"]).await);
    assert_ne!(vi_tag, en_tag);
    // A file without siblings does not vary with the language.
    let js = fetch(addr, "/play/start.js", &["Accept-Language: en"]).await;
    assert_eq!(js.header("vary"), None);
    assert_eq!(js.header("content-language"), None);
}

/// The service worker: a script, revalidated at each load (a new build's
/// is seen at once), allowed by the policy (worker-src).
async fn the_service_worker(addr: SocketAddr) {
    let sw = fetch(addr, "/play/sw.js", &[]).await;
    assert_eq!(sw.status, 200);
    assert_eq!(
        sw.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(sw.header("cache-control"), Some("no-cache"));
    assert!(sw.header("etag").is_some());
    assert_guarded(&sw, addr, "sw.js");
}

/// The invite page: on a phone the browser first, on a desktop the app.
async fn the_invite_page_puts_the_browser_first_on_phones(addr: SocketAddr) {
    let (_host, welcome) = create(addr, 2, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();
    for (lang, browser, app) in [
        ("vi", "Chơi trên trình duyệt", "Vào chơi"),
        ("en", "Play in the browser", "Join"),
    ] {
        let accept = format!("Accept-Language: {lang}");
        let page = |ua: &'static str| {
            let accept = accept.clone();
            let room = room.clone();
            async move {
                let a = fetch(addr, &format!("/join/{room}"), &[accept.as_str(), ua]).await;
                assert_eq!(a.status, 200);
                assert_eq!(a.header("vary"), Some("Accept-Language, User-Agent"));
                String::from_utf8(a.body).unwrap()
            }
        };
        let at = |html: &str, label: &str| {
            html.find(&format!(">{label}</a>"))
                .unwrap_or_else(|| panic!("no {label} in {html}"))
        };
        let phone = page(PHONE).await;
        assert!(at(&phone, browser) < at(&phone, app), "{phone}");
        assert!(phone.contains("class=\"ways phone\""), "{phone}");
        let desktop = page(DESKTOP).await;
        assert!(at(&desktop, app) < at(&desktop, browser), "{desktop}");
        assert!(!desktop.contains("class=\"ways phone\""), "{desktop}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_folder_nothing_at_play_yet_every_page_is_guarded() {
    let server = server(config());
    let addr = server.addr();
    for path in ["/play", "/play/", "/play/index.html"] {
        let a = fetch(addr, path, &[]).await;
        assert_eq!(a.status, 404, "{path}");
        assert_guarded(&a, addr, path);
    }
    let (_host, welcome) = create(addr, 2, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();
    for path in [
        format!("/join/{room}"),
        "/join/K7M2QX".to_string(),
        format!("/api/room/{room}"),
        "/health".to_string(),
        "/metrics".to_string(),
        "/nowhere".to_string(),
    ] {
        let a = fetch(addr, &path, &[]).await;
        assert_guarded(&a, addr, &path);
        assert!(
            !String::from_utf8_lossy(&a.body).contains("/play/"),
            "{path}: no browser game offered without one"
        );
    }
    server.shutdown();
}
