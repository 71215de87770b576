//! The desktop's side: a thread with a tokio runtime, tokio's timers, and
//! tokio-tungstenite over rustls (`wss://`, the roots of
//! [`tls::client_config`](crate::tls::client_config)).

use super::Incoming;
use crate::LinkError;
use futures_util::{SinkExt, StreamExt};
use std::future::Future;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The worker's thread.
#[derive(Debug)]
pub(crate) struct Home(Option<std::thread::JoinHandle<()>>);

impl Home {
    /// Waits for the worker to end (it ends soon after being told to
    /// close).
    pub(crate) fn join(&mut self) {
        if let Some(thread) = self.0.take() {
            let _ = thread.join();
        }
    }
}

/// Runs the future `make` makes on a thread of its own (named `name`),
/// with a small runtime of its own.
pub(crate) fn start<F, Fut>(name: &str, make: F) -> std::io::Result<Home>
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = ()>,
{
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let thread = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || runtime.block_on(make()))?;
    Ok(Home(Some(thread)))
}

/// Waits `d`.
pub(crate) async fn sleep(d: Duration) {
    tokio::time::sleep(d).await;
}

/// The WebSocket to the server, plain or over TLS.
pub(crate) struct Socket(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl Socket {
    /// Opens the WebSocket at `url`, over TLS for `wss://`.
    pub(crate) async fn open(url: String) -> Result<Socket, LinkError> {
        let connector = if url.starts_with("wss://") {
            let config = crate::tls::client_config().map_err(LinkError::Tls)?;
            Some(tokio_tungstenite::Connector::Rustls(config))
        } else {
            None
        };
        tokio_tungstenite::connect_async_tls_with_config(url, None, true, connector)
            .await
            .map(|(ws, _)| Socket(ws))
            .map_err(|e| LinkError::Connect(e.to_string()))
    }

    /// Sends one text frame.
    pub(crate) async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.0
            .send(Message::text(text))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next thing the server sent; `None` once the stream has ended.
    pub(crate) async fn next(&mut self) -> Option<Result<Incoming, String>> {
        let msg = match self.0.next().await? {
            Ok(msg) => msg,
            Err(e) => return Some(Err(e.to_string())),
        };
        Some(Ok(match msg {
            Message::Text(text) => Incoming::Text(text.as_str().to_string()),
            Message::Close(frame) => {
                Incoming::Close(frame.map(|f| (u16::from(f.code), f.reason.to_string())))
            }
            _ => Incoming::Other,
        }))
    }

    /// Starts the closing handshake, and waits for it.
    pub(crate) async fn close(&mut self) {
        let _ = self.0.close(None).await;
    }
}
