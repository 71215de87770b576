//! The game in the browser (`--web-dir`): the files `scripts/web.sh`
//! builds, served at `/play/` from the folder ([`WebDir`]).
//!
//! - Files are read from the folder at each request, so a rebuild is
//!   served at once. `index.html` (and `/play/` itself) is revalidated on
//!   every load (`no-cache` with an `ETag`); a file whose name carries a
//!   content hash (`ca-ngua-0123abcd….wasm`, as web.sh names them) is
//!   cached for a year, as its name changes whenever its bytes do; any
//!   other file is revalidated like the index. A rebuild therefore never
//!   leaves a browser on old files.
//! - A file with a `.gz` sibling is sent compressed to a browser that
//!   accepts gzip (`Content-Encoding: gzip`, `Vary: Accept-Encoding`).
//! - A file `NAME.EXT` with a sibling in a language, `NAME.LANG.EXT`, is
//!   answered in the visitor's language (`Accept-Language`, as the invite
//!   page: `vi` or `en`) by that sibling when there is one, else by itself
//!   (`Vary: Accept-Language`): the web manifest, whose names and
//!   description web.sh writes in each language (`manifest.webmanifest`
//!   in Vietnamese, the first language, for any other server, and
//!   `manifest.en.webmanifest`).
//! - The service worker (`sw.js`) and the manifest have no hash in their
//!   names, so they are revalidated at each load like the index: a new
//!   build's `sw.js` (its bytes name the build) is seen at the next start.
//! - Only known types, and only what [`WebDir`] lets out; never a listing.

use super::registry::Registry;
use super::web_dir::WebDir;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use ca_ngua_i18n::Lang;
use std::path::PathBuf;
use std::sync::Arc;

/// A file's type by its extension; `None` for what this does not serve.
pub(super) fn content_type(name: &str) -> Option<&'static str> {
    let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match ext.as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "ogg" => "audio/ogg",
        "wav" => "audio/wav",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// Whether a file's name carries a content hash: a `-` then at least 16
/// hexadecimal digits right before the extension (`ca-ngua-0123….wasm`).
pub(super) fn hashed_name(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name);
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| hash.len() >= 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether the browser takes gzip (`Accept-Encoding`, a zero weight
/// refusing it).
pub(super) fn accepts_gzip(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    value.split(',').any(|part| {
        let mut fields = part.split(';');
        let coding = fields.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = fields
            .find_map(|f| f.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        (coding == "gzip" || coding == "*") && q > 0.0
    })
}

/// `GET /play`: the game's page is `/play/` (its files are named
/// relative to it).
pub(super) async fn play_redirect(State(registry): State<Arc<Registry>>) -> Response {
    if registry.config().web_dir.is_none() {
        return not_found();
    }
    Redirect::permanent("/play/").into_response()
}

/// `GET /play/`: the game's page.
pub(super) async fn play_index(
    State(registry): State<Arc<Registry>>,
    headers: HeaderMap,
) -> Response {
    serve(&registry, "", &headers).await
}

/// `GET /play/PATH`: one of the game's files.
pub(super) async fn play_file(
    State(registry): State<Arc<Registry>>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Response {
    serve(&registry, &path, &headers).await
}

async fn serve(registry: &Registry, path: &str, headers: &HeaderMap) -> Response {
    let Some(web) = registry.config().web_dir.as_ref() else {
        return not_found();
    };
    let Some(file) = web.file(path) else {
        return not_found();
    };
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_string();
    let Some(kind) = content_type(&name) else {
        return not_found();
    };
    let gzip = accepts_gzip(headers);
    let lang = super::pages::page_lang(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    let web = web.clone();
    let read = tokio::task::spawn_blocking(move || read(&web, &file, &name, gzip, lang)).await;
    let Ok(Some(found)) = read else {
        return not_found();
    };
    let mut response = if if_none_match(headers, &found.tag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = Body::from(found.bytes).into_response();
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
        if found.zipped {
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        r
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(found.cache));
    if let Ok(tag) = HeaderValue::from_str(&found.tag) {
        h.insert(header::ETAG, tag);
    }
    let vary = match (found.has_gz, found.localized.is_some()) {
        (true, true) => Some("Accept-Encoding, Accept-Language"),
        (true, false) => Some("Accept-Encoding"),
        (false, true) => Some("Accept-Language"),
        (false, false) => None,
    };
    if let Some(vary) = vary {
        h.insert(header::VARY, HeaderValue::from_static(vary));
    }
    if let Some(Some(lang)) = found.localized {
        h.insert(
            header::CONTENT_LANGUAGE,
            HeaderValue::from_static(lang.code()),
        );
    }
    response
}

/// A file as it is sent.
struct Found {
    bytes: Vec<u8>,
    /// The `.gz` copy.
    zipped: bool,
    /// There is a `.gz` copy (the answer varies with `Accept-Encoding`).
    has_gz: bool,
    tag: String,
    cache: &'static str,
    /// The file has siblings in languages: `Some(Some(lang))` when the
    /// answer is the one in `lang`, `Some(None)` when it is the file
    /// itself (no sibling in the visitor's language).
    localized: Option<Option<Lang>>,
}

/// The file that answers for `file` (named `name`) in `lang`: its sibling
/// `NAME.LANG.EXT` when there is one, and whether the file has siblings in
/// languages at all (see [`Found::localized`]).
fn localized(file: &std::path::Path, name: &str, lang: Lang) -> (PathBuf, Option<Option<Lang>>) {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return (file.to_path_buf(), None);
    };
    let sibling = |l: Lang| file.with_file_name(format!("{stem}.{}.{ext}", l.code()));
    let here = |p: &std::path::Path| std::fs::metadata(p).is_ok_and(|m| m.is_file());
    let mine = sibling(lang);
    if here(&mine) {
        return (mine, Some(Some(lang)));
    }
    let any = Lang::ALL.iter().any(|&l| l != lang && here(&sibling(l)));
    (file.to_path_buf(), any.then_some(None))
}

/// Reads `file` (or its sibling in `lang`), or its `.gz` copy when there
/// is one and `gzip` is taken.
fn read(web: &WebDir, file: &std::path::Path, name: &str, gzip: bool, lang: Lang) -> Option<Found> {
    let (file, localized) = localized(file, name, lang);
    let file = file.as_path();
    let chosen_name = file.file_name()?.to_str()?;
    let gz = file.with_file_name(format!("{chosen_name}.gz"));
    let has_gz = std::fs::metadata(&gz).is_ok_and(|m| m.is_file());
    let zipped = gzip && has_gz;
    let chosen = if zipped { &gz } else { file };
    let meta = std::fs::metadata(chosen).ok().filter(|m| m.is_file())?;
    let bytes = std::fs::read(chosen).ok()?;
    let tag = web.tag(chosen, &bytes, meta.modified().ok());
    let cache = if hashed_name(name) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    Some(Found {
        bytes,
        zipped,
        has_gz,
        tag,
        cache,
        localized,
    })
}

/// Whether the browser already has this version (`If-None-Match`).
fn if_none_match(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim() == "*" || t.trim().trim_start_matches("W/") == tag)
        })
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "not found\n",
    )
        .into_response()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn types_hashes_and_encodings() {
        assert_eq!(content_type("a.wasm"), Some("application/wasm"));
        assert_eq!(content_type("index.html"), Some("text/html; charset=utf-8"));
        assert_eq!(
            content_type("ca-ngua.js"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(content_type("secret.ron"), None);
        assert_eq!(content_type("noext"), None);
        assert!(hashed_name("ca-ngua-0123456789abcdef.wasm"));
        assert!(!hashed_name("ca-ngua-0123456789abcdef_bg.wasm"));
        assert!(!hashed_name("ca-ngua.wasm"));
        assert!(!hashed_name("ca-ngua-0123.js"));
        assert!(!hashed_name("index.html"));
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
            accepts_gzip(&h)
        };
        assert!(with("gzip, deflate, br"));
        assert!(with("br;q=1.0, gzip;q=0.8"));
        assert!(with("*"));
        assert!(!with("gzip;q=0"));
        assert!(!with("br, deflate"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
