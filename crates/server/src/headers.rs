//! The headers every answer of the server carries, its pages, the API,
//! the game's files and the errors alike: a Content-Security-Policy that
//! lets a page run only this server's scripts (and WebAssembly) and
//! connect only to this server (its WebSocket too),
//! `X-Content-Type-Options: nosniff`, and `frame-ancestors 'none'` (with
//! `X-Frame-Options: DENY` for older browsers), so no other site can frame
//! the game; and `Referrer-Policy: no-referrer`.

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The Content-Security-Policy of every page: scripts (and WebAssembly)
/// from this server only, connections to this server only (its WebSocket
/// spelled out for the browsers whose `'self'` does not cover `ws:`),
/// styles from this server or the invite page's own inline style (by its
/// hash), the game's service worker and web manifest from this server, and
/// no framing.
pub(super) fn policy(host: Option<&str>) -> String {
    let sockets = host
        .map(|h| format!(" ws://{h} wss://{h}"))
        .unwrap_or_default();
    format!(
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'{sockets}; \
         img-src 'self' data: blob:; font-src 'self'; manifest-src 'self'; worker-src 'self'; \
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

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
        // The page's service worker and its manifest.
        assert!(p.contains("worker-src 'self';"), "{p}");
        assert!(p.contains("manifest-src 'self';"), "{p}");
        assert!(p.starts_with("default-src 'none';"), "{p}");
        assert!(!p.contains("unsafe-inline"), "{p}");
        assert!(!p.contains('*'), "{p}");
        let bare = policy(None);
        assert!(bare.contains("connect-src 'self';"), "{bare}");
    }
}
