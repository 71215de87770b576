//! Asking a server over plain HTTP before joining it: its health check
//! (`GET /health`) and what it says of a room (`GET /api/room/CODE`), and
//! why a server did not answer.

use crate::platform;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use crate::platform::http_get;
use ca_ngua_protocol::{Invite, RoomInfo};
use ca_ngua_protocol::{InviteError, ServerAddress};
use std::fmt;
use std::time::Duration;

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

/// What a server's `GET /health` answer means: `Ok` for `ok`.
fn health_answer(answer: Result<(u16, String), HealthError>) -> Result<(), HealthError> {
    match answer? {
        (200, body) if body.trim() == "ok" => Ok(()),
        _ => Err(HealthError::NotOurs),
    }
}

/// What a server's `GET /api/room/CODE` answer means: `Ok(None)` when it
/// has no such room.
fn room_answer(
    answer: Result<(u16, String), HealthError>,
) -> Result<Option<RoomInfo>, HealthError> {
    match answer? {
        (200, body) => serde_json::from_str(&body)
            .map(Some)
            .map_err(|_| HealthError::NotOurs),
        (404, _) => Ok(None),
        _ => Err(HealthError::NotOurs),
    }
}

fn room_path(invite: &Invite) -> String {
    format!("/api/room/{}", invite.room)
}

/// Asks `server` for `GET /health` (PROTOCOL.md), over TLS for a secure
/// one, waiting at most `timeout` for each step: `Ok` when it answers `ok`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn check_health(server: &ServerAddress, timeout: Duration) -> Result<(), HealthError> {
    health_answer(http_get(server, "/health", timeout))
}

/// Asks the invite's server about its room: `Ok(None)` when the server
/// has no such room (it closed, or the code is wrong).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn room_info(invite: &Invite, timeout: Duration) -> Result<Option<RoomInfo>, HealthError> {
    room_answer(http_get(&invite.server, &room_path(invite), timeout))
}

/// As [`check_health`], without waiting: `done` gets the answer (on a
/// thread of its own on the desktop, on the page's loop in a browser).
pub fn check_health_then(
    server: ServerAddress,
    timeout: Duration,
    done: impl FnOnce(Result<(), HealthError>) + Send + 'static,
) {
    platform::http_get_then(server, "/health".into(), timeout, move |answer| {
        done(health_answer(answer))
    });
}

/// As [`room_info`], without waiting: `done` gets the answer (on a thread
/// of its own on the desktop, on the page's loop in a browser).
pub fn room_info_then(
    invite: Invite,
    timeout: Duration,
    done: impl FnOnce(Result<Option<RoomInfo>, HealthError>) + Send + 'static,
) {
    let path = room_path(&invite);
    platform::http_get_then(invite.server, path, timeout, move |answer| {
        done(room_answer(answer))
    });
}
