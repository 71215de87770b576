//! The game in the browser (`--web-dir`): the files `scripts/web.sh`
//! builds, served at `/play/`, and the headers every page of the server
//! carries.
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
//! - Only plain names are served: letters, digits, `.`, `_` and `-`, none
//!   starting with a dot, in folders of such names; never a listing.
//!
//! [`security_headers`] adds to every response, the invite pages, the
//! API and the errors included: a Content-Security-Policy that lets a page
//! run only this server's scripts (and WebAssembly) and connect only to
//! this server (its WebSocket too), `X-Content-Type-Options: nosniff`, and
//! `frame-ancestors 'none'` (with `X-Frame-Options: DENY` for older
//! browsers), so no other site can frame the game.

use super::registry::Registry;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use ring::digest::{SHA256, digest};
use std::collections::HashMap;
use std::path::{Component, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// What `--web-dir` names: a folder with an `index.html`.
#[derive(Clone, Debug)]
pub struct WebDir {
    root: PathBuf,
    /// Each file's tag, by its path, length and time of change: a file is
    /// hashed once per version, not at every request.
    tags: Arc<Mutex<Tags>>,
}

type Tags = HashMap<PathBuf, (u64, Option<SystemTime>, String)>;

impl PartialEq for WebDir {
    fn eq(&self, other: &Self) -> bool {
        self.root == other.root
    }
}

/// Why a folder cannot be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebDirError {
    /// Not a folder, or not readable.
    NotAFolder(String),
    /// A folder, but without `index.html`: not what web.sh writes.
    NoIndex(String),
}

impl std::fmt::Display for WebDirError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WebDirError::NotAFolder(d) => write!(f, "'{d}' is not a folder"),
            WebDirError::NoIndex(d) => write!(
                f,
                "'{d}' has no index.html (scripts/web.sh writes the game's files to target/web)"
            ),
        }
    }
}

impl std::error::Error for WebDirError {}

impl WebDir {
    /// The folder, checked: it exists and holds `index.html`.
    pub fn open(dir: impl Into<PathBuf>) -> Result<WebDir, WebDirError> {
        let root: PathBuf = dir.into();
        let shown = root.display().to_string();
        if !root.is_dir() {
            return Err(WebDirError::NotAFolder(shown));
        }
        if !root.join("index.html").is_file() {
            return Err(WebDirError::NoIndex(shown));
        }
        Ok(WebDir::at(root))
    }

    fn at(root: PathBuf) -> WebDir {
        WebDir {
            root,
            tags: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The folder.
    pub fn root(&self) -> &std::path::Path {
        &self.root
    }

    /// The file a request's path names, when it is one this serves.
    fn file(&self, path: &str) -> Option<PathBuf> {
        let path = if path.is_empty() { "index.html" } else { path };
        let mut file = self.root.clone();
        for part in path.split('/') {
            if !plain_name(part) {
                return None;
            }
            file.push(part);
        }
        // Nothing but normal parts (`plain_name` already refuses `..`).
        file.strip_prefix(&self.root)
            .ok()?
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
            .then_some(file)
    }

    /// The tag of `file` with these `bytes`, hashed once per version.
    fn tag(&self, file: &std::path::Path, bytes: &[u8], changed: Option<SystemTime>) -> String {
        let len = bytes.len() as u64;
        let mut tags = self.tags.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((l, c, tag)) = tags.get(file)
            && *l == len
            && *c == changed
            && changed.is_some()
        {
            return tag.clone();
        }
        let hash = digest(&SHA256, bytes);
        let tag: String = hash.as_ref()[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let tag = format!("\"{tag}\"");
        tags.insert(file.to_path_buf(), (len, changed, tag.clone()));
        tag
    }
}

/// A name this serves: ASCII letters, digits, `.`, `_`, `-`; not hidden.
fn plain_name(part: &str) -> bool {
    !part.is_empty()
        && !part.starts_with('.')
        && part.len() <= 128
        && part
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

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
    let web = web.clone();
    let read = tokio::task::spawn_blocking(move || read(&web, &file, &name, gzip)).await;
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
    if found.has_gz {
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
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
}

/// Reads `file`, or its `.gz` copy when there is one and `gzip` is taken.
fn read(web: &WebDir, file: &std::path::Path, name: &str, gzip: bool) -> Option<Found> {
    let gz = file.with_file_name(format!("{name}.gz"));
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

/// The Content-Security-Policy of every page: scripts (and WebAssembly)
/// from this server only, connections to this server only (its WebSocket
/// spelled out for the browsers whose `'self'` does not cover `ws:`),
/// styles from this server or the invite page's own inline style (by its
/// hash), and no framing.
pub(super) fn policy(host: Option<&str>) -> String {
    let sockets = host
        .map(|h| format!(" ws://{h} wss://{h}"))
        .unwrap_or_default();
    format!(
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'{sockets}; \
         img-src 'self' data: blob:; font-src 'self'; manifest-src 'self'; \
         style-src 'self' '{}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        super::pages::style_hash()
    )
}

/// The middleware that puts the security headers on every response.
pub(super) async fn security_headers(request: Request, next: Next) -> Response {
    let host = super::pages::request_host(request.headers());
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    if let Ok(csp) = HeaderValue::from_str(&policy(host.as_deref())) {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// The standard base64 of `bytes` (the CSP's hash sources).
pub(super) fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_inside_the_folder() {
        let web = WebDir::at(PathBuf::from("/srv/web"));
        assert_eq!(web.file(""), Some(PathBuf::from("/srv/web/index.html")));
        assert_eq!(
            web.file("ca-ngua-0123.wasm"),
            Some(PathBuf::from("/srv/web/ca-ngua-0123.wasm"))
        );
        assert_eq!(
            web.file("sounds/roll.ogg"),
            Some(PathBuf::from("/srv/web/sounds/roll.ogg"))
        );
        for bad in [
            "..",
            "../etc/passwd",
            "a/../../b",
            ".hidden",
            "a//b",
            "/etc/passwd",
            "a\\b",
            "sp ace.js",
            "x/",
            "%2e%2e",
        ] {
            assert_eq!(web.file(bad), None, "{bad}");
        }
    }

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

    #[test]
    fn base64_as_the_standard_says() {
        // RFC 4648's test vectors.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    #[test]
    fn the_policy_names_this_server_only() {
        let p = policy(Some("play.example.org:8443"));
        assert!(p.contains("script-src 'self' 'wasm-unsafe-eval';"), "{p}");
        assert!(
            p.contains(
                "connect-src 'self' ws://play.example.org:8443 wss://play.example.org:8443;"
            ),
            "{p}"
        );
        assert!(p.contains("frame-ancestors 'none'"), "{p}");
        assert!(p.starts_with("default-src 'none';"), "{p}");
        assert!(!p.contains("unsafe-inline"), "{p}");
        assert!(!p.contains('*'), "{p}");
        let bare = policy(None);
        assert!(bare.contains("connect-src 'self';"), "{bare}");
    }
}
