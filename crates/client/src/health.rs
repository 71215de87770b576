//! Asking a server over plain HTTP before joining it: its health check
//! (`GET /health`) and what it says of a room (`GET /api/room/CODE`), and
//! why a server did not answer.

use crate::tls;
use ca_ngua_protocol::{Invite, RoomInfo};
use ca_ngua_protocol::{InviteError, ServerAddress};
use std::fmt;

/// Why a server did not answer its health check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HealthError {
    /// The address does not read as `HOST:PORT`.
    Address(InviteError),
    /// The host name is not known.
    Resolve,
    /// Nothing listens there (or a firewall said no).
    Refused,
    /// No answer in time.
    Timeout,
    /// Something answered, but not a Cờ Cá Ngựa server.
    NotOurs,
    /// The TLS handshake failed: most often a certificate this computer
    /// does not trust, or one for another name.
    Tls(String),
}

impl fmt::Display for HealthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HealthError::Address(e) => e.fmt(f),
            HealthError::Resolve => f.write_str("the host name is not known"),
            HealthError::Refused => f.write_str("nothing answers there (connection refused)"),
            HealthError::Timeout => f.write_str("no answer in time"),
            HealthError::NotOurs => f.write_str("something answered, but not a game server"),
            HealthError::Tls(e) => write!(f, "the TLS handshake failed: {e}"),
        }
    }
}

impl std::error::Error for HealthError {}

impl HealthError {
    /// The i18n key of the sentence for this error.
    pub fn key(&self) -> &'static str {
        match self {
            HealthError::Address(e) => e.key(),
            HealthError::Resolve => "online-server-unknown-host",
            HealthError::Refused => "online-server-refused",
            HealthError::Timeout => "online-server-timeout",
            HealthError::NotOurs => "online-server-not-ours",
            HealthError::Tls(_) => "online-server-tls",
        }
    }
}

/// Asks `server` for `GET /health` (PROTOCOL.md), over TLS for a secure
/// one, waiting at most `timeout` for each step: `Ok` when it answers `ok`.
pub fn check_health(
    server: &ServerAddress,
    timeout: std::time::Duration,
) -> Result<(), HealthError> {
    match http_get(server, "/health", timeout)? {
        (200, body) if body.trim() == "ok" => Ok(()),
        _ => Err(HealthError::NotOurs),
    }
}

/// Asks the invite's server about its room: `Ok(None)` when the server
/// has no such room (it closed, or the code is wrong).
pub fn room_info(
    invite: &Invite,
    timeout: std::time::Duration,
) -> Result<Option<RoomInfo>, HealthError> {
    let path = format!("/api/room/{}", invite.room);
    match http_get(&invite.server, &path, timeout)? {
        (200, body) => serde_json::from_str(&body)
            .map(Some)
            .map_err(|_| HealthError::NotOurs),
        (404, _) => Ok(None),
        _ => Err(HealthError::NotOurs),
    }
}

/// `GET path` on `server` (over TLS for a secure one), waiting at most
/// `timeout` for each step: the status and the body (64 KiB at most).
pub fn http_get(
    server: &ServerAddress,
    path: &str,
    timeout: std::time::Duration,
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
