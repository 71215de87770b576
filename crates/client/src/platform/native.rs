//! The desktop's side: a thread with a tokio runtime, tokio's timers, and
//! tokio-tungstenite over rustls (`wss://`, the roots of
//! [`tls::client_config`](crate::tls::client_config)).

use super::Incoming;
use crate::tls;
use crate::{HealthError, LinkError};
use ca_ngua_protocol::{InviteError, ServerAddress};
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
            let config = tls::client_config().map_err(LinkError::Tls)?;
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

/// `GET path` on `server` on a thread of its own; `done` gets the answer
/// there.
pub(crate) fn http_get_then(
    server: ServerAddress,
    path: String,
    timeout: Duration,
    done: impl FnOnce(Result<(u16, String), HealthError>) + Send + 'static,
) {
    let spawned = std::thread::Builder::new()
        .name("ca-ngua-http".into())
        .spawn(move || done(http_get(&server, &path, timeout)));
    if let Err(e) = spawned {
        tracing::warn!("no thread to ask the server: {e}");
    }
}

/// `GET path` on `server` (over TLS for a secure one), waiting at most
/// `timeout` for each step: the status and the body (64 KiB at most).
pub fn http_get(
    server: &ServerAddress,
    path: &str,
    timeout: Duration,
) -> Result<(u16, String), HealthError> {
    use std::net::ToSocketAddrs;
    let addrs: Vec<std::net::SocketAddr> = (server.host.as_str(), server.port)
        .to_socket_addrs()
        .map_err(|_| HealthError::Resolve)?
        .collect();
    let mut last = HealthError::Resolve;
    for addr in addrs {
        let tcp = match std::net::TcpStream::connect_timeout(&addr, timeout) {
            Ok(t) => t,
            Err(e) => {
                last = if e.kind() == std::io::ErrorKind::TimedOut {
                    HealthError::Timeout
                } else {
                    HealthError::Refused
                };
                continue;
            }
        };
        let _ = tcp.set_read_timeout(Some(timeout));
        let _ = tcp.set_write_timeout(Some(timeout));
        let answer = if server.secure {
            let config = tls::client_config().map_err(|e| HealthError::Tls(e.to_string()))?;
            let name = rustls::pki_types::ServerName::try_from(server.host.clone())
                .map_err(|_| HealthError::Address(InviteError::Host))?;
            let conn = rustls::ClientConnection::new(config, name)
                .map_err(|e| HealthError::Tls(e.to_string()))?;
            ask(rustls::StreamOwned::new(conn, tcp), server, path)
        } else {
            ask(tcp, server, path)
        };
        match answer {
            // Another of the host's addresses may answer.
            Err(e @ (HealthError::Refused | HealthError::Timeout)) => last = e,
            answer => return answer,
        }
    }
    Err(last)
}

/// Sends `GET path` on a connection and reads the answer.
fn ask<S: std::io::Read + std::io::Write>(
    mut stream: S,
    server: &ServerAddress,
    path: &str,
) -> Result<(u16, String), HealthError> {
    use std::io::Read;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.authority()
    );
    let tls_error = |e: &std::io::Error| {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<rustls::Error>())
            .map(|tls| HealthError::Tls(tls.to_string()))
    };
    if let Err(e) = stream.write_all(request.as_bytes()) {
        return Err(tls_error(&e).unwrap_or(HealthError::Refused));
    }
    let mut answer = Vec::new();
    let read = stream.take(64 * 1024).read_to_end(&mut answer);
    if let Err(e) = read
        && answer.is_empty()
    {
        return Err(if let Some(tls) = tls_error(&e) {
            tls
        } else if matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ) {
            HealthError::Timeout
        } else {
            HealthError::NotOurs
        });
    }
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse::<u16>().ok())
        .ok_or(HealthError::NotOurs)?;
    let (_, body) = text.split_once("\r\n\r\n").ok_or(HealthError::NotOurs)?;
    Ok((status, body.to_string()))
}
