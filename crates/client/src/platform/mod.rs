//! What differs between a desktop and a browser for the client, and
//! nothing else: where the worker runs (a thread of its own with a small
//! tokio runtime, or the page's event loop), its timers, and its
//! WebSocket (tokio-tungstenite, over rustls for `wss://`, or the
//! browser's own). Both sides offer the same names; the worker
//! (`worker/`) is written once over them.
//!
//! - [`start`]: runs the worker, answering a [`Home`] to wait for it;
//! - [`sleep`], [`timeout`]: the worker's clock;
//! - [`Socket`]: `open`, `send_text`, `next` (an [`Incoming`]) and
//!   `close`;
//! - `http_get_then`: a plain `GET` of a server's page without waiting
//!   (the health check, a room's description): a thread and our own HTTP
//!   on the desktop, `fetch` in a browser.

use std::future::Future;
use std::time::Duration;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod native;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use native::http_get;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use native::{Home, Socket, http_get_then, sleep, start};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod web;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web::{Home, Socket, http_get_then, sleep, start};

/// What the server sent on the WebSocket.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Incoming {
    /// A text frame: one message of PROTOCOL.md.
    Text(String),
    /// The server closed the connection, with its code and reason when it
    /// gave them.
    Close(Option<(u16, String)>),
    /// Anything else (ping, pong, binary): nothing to read.
    Other,
}

/// `future`'s output, or `None` when `limit` passes first.
pub(crate) async fn timeout<F: Future>(limit: Duration, future: F) -> Option<F::Output> {
    let future = std::pin::pin!(future);
    let alarm = std::pin::pin!(sleep(limit));
    match futures_util::future::select(future, alarm).await {
        futures_util::future::Either::Left((out, _)) => Some(out),
        futures_util::future::Either::Right(((), _)) => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn a_timeout_answers_the_first_to_finish() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let quick = timeout(Duration::from_secs(5), async { 7 }).await;
            assert_eq!(quick, Some(7));
            let slow = timeout(Duration::from_millis(10), sleep(Duration::from_secs(30))).await;
            assert_eq!(slow, None);
        });
    }
}
