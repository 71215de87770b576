//! The page as an app (issue 54): Chromium's own installability check
//! passes (the web manifest in the visitor's language, its icons, the
//! service worker); after a first visit the page starts with the network
//! taken away and the server stopped; and a new build, served in place of
//! the old, is what the next start runs, with the old build's cache gone.
//! Each takes well under a minute: no game is played.

use crate::common::temp_dir;
use crate::figures;
use crate::page::{self, Browser};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;
use tokio::time::Instant;

/// How long a test may take.
const LIMIT: Duration = Duration::from_secs(3 * 60);

/// How long the service worker may take to install and take over.
const TAKE_OVER: Duration = Duration::from_secs(45);

/// The one cache of the page's service worker (`ca-ngua-BUILD`), and the
/// paths it keeps; fails the test if there is not exactly one.
async fn the_cache(b: &mut Browser) -> (String, Vec<String>) {
    let caches = b.caches().await;
    assert_eq!(caches.len(), 1, "one cache, the build's: {caches:?}");
    let (name, paths) = caches.into_iter().next().unwrap_or_default();
    assert!(name.starts_with("ca-ngua-"), "{name}");
    (name, paths)
}

/// The build's file whose name ends in `ext` and carries a hash.
fn named_by_content(dir: &Path, ext: &str) -> String {
    std::fs::read_dir(dir)
        .expect("the built game's folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find(|n| n.starts_with("ca-ngua-") && n.ends_with(ext))
        .unwrap_or_else(|| panic!("no ca-ngua-HASH{ext} in {}", dir.display()))
}

/// The page as Chromium would install it: its installability check, the
/// manifest it read, and the manifest a Vietnamese browser gets.
async fn chromium_can_install(b: &mut Browser) {
    // Chromium's own check: nothing missing.
    let check = b.dt.call("Page.getInstallabilityErrors", json!({})).await;
    assert_eq!(
        check["installabilityErrors"],
        json!([]),
        "Chromium says the page cannot be installed: {check}"
    );
    // The manifest it read: the page's language's (the browser's is
    // English), with what an app on a home screen needs.
    let read = b.dt.call("Page.getAppManifest", json!({})).await;
    assert_eq!(read["errors"], json!([]), "{read}");
    let manifest: Value = serde_json::from_str(read["data"].as_str().expect("the manifest's text"))
        .expect("the manifest is JSON");
    assert_eq!(manifest["lang"], "en", "{manifest}");
    assert_eq!(manifest["name"], "Cờ Cá Ngựa");
    assert_eq!(manifest["start_url"], "/play/");
    assert_eq!(manifest["display"], "standalone");
    let icons = manifest["icons"].as_array().cloned().unwrap_or_default();
    for (size, purpose) in [
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    ] {
        assert!(
            icons
                .iter()
                .any(|i| i["sizes"] == size && i["purpose"] == purpose),
            "no {size} {purpose} icon: {manifest}"
        );
    }
    // The same manifest for a Vietnamese browser: in Vietnamese.
    let vi =
        b.dt.eval(
            "fetch('manifest.webmanifest', { headers: { 'Accept-Language': 'vi-VN,vi' } })
                .then((r) => r.json())",
        )
        .await;
    assert_eq!(vi["lang"], "vi", "{vi}");
    assert_eq!(vi["name"], "Cờ Cá Ngựa");
    assert_ne!(vi["description"], manifest["description"]);
}

/// The service worker keeps the page and the program.
async fn the_cache_keeps_the_page(b: &mut Browser) {
    let (name, paths) = the_cache(b).await;
    let dir = page::web_dir();
    for kept in [
        "/play/".to_string(),
        "/play/start.js".to_string(),
        "/play/style.css".to_string(),
        format!("/play/{}", named_by_content(&dir, ".wasm")),
        format!("/play/{}", named_by_content(&dir, ".js")),
    ] {
        assert!(paths.contains(&kept), "{name} lacks {kept}: {paths:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn the_page_is_installable_as_an_app() {
    crate::within(LIMIT, "the installable page", async {
        let server = page::serve();
        let mut b = Browser::open(&server).await;
        b.write_files(&[("prefs.ron", &page::prefs_text("Web"))])
            .await;
        let first_frame = b.open_game("").await;
        // The page's loading screen went with the game's first frame.
        let screen =
            b.dt.eval("document.getElementById('loading') === null")
                .await;
        assert_eq!(screen, true, "the loading screen is still there");
        let began = Instant::now();
        b.until_controlled(TAKE_OVER).await;
        let took_over = began.elapsed();

        chromium_can_install(&mut b).await;
        the_cache_keeps_the_page(&mut b).await;
        b.no_exceptions();
        figures::record(
            "installable",
            &[
                ("first_frame".to_string(), format!("{first_frame:.0} ms")),
                (
                    "service_worker_took_over".to_string(),
                    format!("{} ms", took_over.as_millis()),
                ),
            ],
        );
        server.shutdown();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn after_a_first_visit_the_page_starts_offline() {
    crate::within(LIMIT, "the page offline", async {
        let server = page::serve();
        let mut b = Browser::open(&server).await;
        b.write_files(&[("prefs.ron", &page::prefs_text("Web"))])
            .await;
        let online = b.open_game("").await;
        b.until_controlled(TAKE_OVER).await;
        the_cache(&mut b).await;

        // No network for the page, and no server at all.
        b.dt.network(None).await;
        tokio::task::spawn_blocking(move || server.shutdown())
            .await
            .expect("the server stops");
        let offline = b.reload_game().await;
        b.no_exceptions();
        let screen =
            b.dt.eval("document.getElementById('loading') === null")
                .await;
        assert_eq!(screen, true, "the loading screen is still there");
        figures::record(
            "offline",
            &[
                ("first_frame_online".to_string(), format!("{online:.0} ms")),
                (
                    "first_frame_offline".to_string(),
                    format!("{offline:.0} ms"),
                ),
            ],
        );
    })
    .await;
}

/// Copies the built game's files (one folder, no subfolders) into `to`.
fn copy_build(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder for the copy");
    for entry in std::fs::read_dir(from).expect("the built game's folder") {
        let entry = entry.expect("a file");
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("a copy");
        }
    }
}

/// Turns the build in `dir` into another one, as web.sh would write it:
/// the program under a new name (its bytes as they were), start.js naming
/// it, sw.js naming it with a new build name; the old names gone (and the
/// compressed copies of the changed files, which the server would send
/// instead). The new program's name and the new build's cache.
fn rebuild(dir: &Path) -> (String, String) {
    let old_wasm = named_by_content(dir, ".wasm");
    let hash = old_wasm
        .trim_start_matches("ca-ngua-")
        .trim_end_matches(".wasm");
    // Another hash of the same length (each digit turned).
    let turned: String = hash
        .chars()
        .map(|c| {
            let d = c.to_digit(16).unwrap_or(0);
            char::from_digit((d + 1) % 16, 16).unwrap_or('0')
        })
        .collect();
    let new_wasm = format!("ca-ngua-{turned}.wasm");
    for suffix in ["", ".gz"] {
        let from = dir.join(format!("{old_wasm}{suffix}"));
        if from.is_file() {
            std::fs::rename(&from, dir.join(format!("{new_wasm}{suffix}"))).expect("renamed");
        }
    }
    let sw = std::fs::read_to_string(dir.join("sw.js")).expect("sw.js");
    let old_build = sw
        .split("const BUILD = '")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .expect("sw.js names its build")
        .to_string();
    let new_build: String = old_build.chars().rev().collect();
    assert_ne!(new_build, old_build);
    let sw = sw
        .replace(&old_wasm, &new_wasm)
        .replace(&format!("'{old_build}'"), &format!("'{new_build}'"));
    std::fs::write(dir.join("sw.js"), sw).expect("sw.js written");
    let start = std::fs::read_to_string(dir.join("start.js")).expect("start.js");
    assert!(start.contains(&old_wasm), "start.js names {old_wasm}");
    std::fs::write(dir.join("start.js"), start.replace(&old_wasm, &new_wasm))
        .expect("start.js written");
    for stale in ["sw.js.gz", "start.js.gz"] {
        let _ = std::fs::remove_file(dir.join(stale));
    }
    (new_wasm, format!("ca-ngua-{new_build}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn a_new_build_is_what_the_next_start_runs() {
    crate::within(LIMIT, "a new build", async {
        let copy = temp_dir("web-build");
        let dir = copy.join("web");
        copy_build(&page::web_dir(), &dir);
        let old_wasm = named_by_content(&dir, ".wasm");
        let server = page::serve_dir(&dir);
        let mut b = Browser::open(&server).await;
        b.write_files(&[("prefs.ron", &page::prefs_text("Web"))])
            .await;
        b.open_game("").await;
        b.until_controlled(TAKE_OVER).await;
        let (old_cache, _) = the_cache(&mut b).await;

        // The server now has another build; the page, still open, is
        // started again (a reload, as a player coming back).
        let (new_wasm, new_cache) = rebuild(&dir);
        let next = b.reload_game().await;
        b.no_exceptions();
        let loaded =
            b.dt.eval("performance.getEntriesByType('resource').map((e) => e.name)")
                .await;
        let loaded: Vec<&str> = loaded
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        assert!(
            loaded.iter().any(|n| n.ends_with(&new_wasm)),
            "the next start did not run the new build's {new_wasm}: {loaded:?}"
        );
        assert!(
            !loaded.iter().any(|n| n.ends_with(&old_wasm)),
            "the next start loaded the old build's {old_wasm}: {loaded:?}"
        );

        // The new worker takes over and drops the old build's cache.
        let began = Instant::now();
        let (name, paths) = loop {
            let caches = b.caches().await;
            if let [(name, paths)] = caches.as_slice()
                && *name == new_cache
            {
                break (name.clone(), paths.clone());
            }
            assert!(
                began.elapsed() < TAKE_OVER,
                "the old build's cache {old_cache} is still there, or the new {new_cache} \
                 is not: {caches:?}; {}",
                b.dt.recent_lines(20)
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
        };
        assert!(
            paths.contains(&format!("/play/{new_wasm}")),
            "{name}: {paths:?}"
        );
        assert!(
            !paths.iter().any(|p| p.ends_with(&old_wasm)),
            "{name}: {paths:?}"
        );
        let took = began.elapsed();
        figures::record(
            "new_build",
            &[
                ("first_frame".to_string(), format!("{next:.0} ms")),
                (
                    "old_cache_gone_after".to_string(),
                    format!("{} ms", took.as_millis()),
                ),
            ],
        );
        server.shutdown();
    })
    .await;
}
