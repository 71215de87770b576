//! The server: an axum router with one WebSocket route (`/ws`), a registry
//! of rooms of every game (each a task on a [`Table`](ca_ngua_core::table::Table)
//! of its game), and one task per connection that reads, checks and limits
//! what its client sends. Startable from a binary ([`serve`]) or in-process
//! from the app ([`spawn`]).
//!
//! - `config.rs`: the limits and how a server runs;
//! - `registry.rs`: rooms by code and connections by address, counted
//!   against the limits (it knows no game);
//! - `mailbox.rs`: what connections and rooms say to each other;
//! - `conn.rs`, `writer.rs`: a connection's reading and writing sides;
//! - `room/`: one room of a game (`Room<G>`, mod.rs: its task and a
//!   player's commands), by concern: `seats.rs` (tokens, welcomes,
//!   presence), `clock.rs` (the turn clock), `talk.rs` (watchers and what
//!   is said), `dice.rs` (dice anyone can check), `rounds.rs` (another
//!   round), `events.rs` (events written, sent and logged), `timers.rs`
//!   (what happens on time) and `open.rs` (opening and reopening);
//!   `pool.rs`: where its computer players think; `codes.rs`: tokens and
//!   room codes;
//! - `presence.rs`: who is connected in each room, a read-only snapshot
//!   for the app that runs the server in-process ([`ServerHandle::presence`]).
//!
//! Imports point one way: `conn` → `room` → `registry` → `mailbox`,
//! `config`, `codes`, `presence`; nothing imports this file.

mod base64;
mod clock;
mod codes;
mod config;
mod conn;
mod headers;
mod lan;
mod mailbox;
mod pages;
mod pool;
mod presence;
mod registry;
mod reopen;
mod room;
mod state;
pub mod tls;
mod web;
mod web_dir;
mod writer;

pub use clock::Clock;
pub use config::{DEFAULT_DOWNLOAD_URL, Limits, ServerConfig};
pub use lan::lan_addresses;
pub use presence::{Presence, SeatPresence};
pub use web_dir::{WebDir, WebDirError};

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt;
use ca_ngua_protocol::MAX_FRAME_BYTES;
use registry::Registry;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tls::TlsListener;
use tokio::sync::watch;
use tokio::time::Instant;
use tracing::{info, warn};

/// Why a server could not start.
#[derive(Debug)]
pub enum ServerError {
    /// The address could not be bound (in use, not this machine's, no
    /// permission).
    Bind(SocketAddr, std::io::Error),
    /// The runtime or its thread could not be made.
    Start(std::io::Error),
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            ServerError::Start(e) => write!(f, "cannot start the server: {e}"),
        }
    }
}

impl std::error::Error for ServerError {}

/// A server running on threads of its own; it stops on
/// [`shutdown`](ServerHandle::shutdown) or when dropped.
#[derive(Debug)]
pub struct ServerHandle {
    addr: SocketAddr,
    /// A disconnected person's seat goes to a computer after this long.
    away: Duration,
    /// Who is connected in each room.
    presence: Presence,
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ServerHandle {
    /// The address it listens on (the real port when asked for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How long a disconnected person has to come back before a computer
    /// plays their seat (the server's `away`).
    pub fn away(&self) -> Duration {
        self.away
    }

    /// Who is connected in room `code`, by seat number
    /// ([`SeatId::index`](ca_ngua_core::game::SeatId::index)): the room's own
    /// view, kept up to date by its task. `None` for a room this server
    /// does not have (any more).
    pub fn presence(&self, code: &str) -> Option<Vec<SeatPresence>> {
        self.presence.room(code)
    }

    /// Calls `wake` whenever who is connected changes in any room (the
    /// app's window repaints).
    pub fn wake_on_presence(&self, wake: impl Fn() + Send + Sync + 'static) {
        self.presence.wake_with(wake);
    }

    /// Stops the server: connections are closed (1001), rooms end.
    pub fn shutdown(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        let _ = self.stop.send(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for ServerHandle {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// Starts a server on `bind` on threads of its own (the app hosting a
/// game, tests). Port 0 picks a free port: see [`ServerHandle::addr`].
pub fn spawn(bind: SocketAddr, config: ServerConfig) -> Result<ServerHandle, ServerError> {
    let listener = std::net::TcpListener::bind(bind).map_err(|e| ServerError::Bind(bind, e))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| ServerError::Bind(bind, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ServerError::Bind(bind, e))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.threads.max(1))
        .thread_name("ca-ngua-server")
        .enable_all()
        .build()
        .map_err(ServerError::Start)?;
    let (stop, stopped) = watch::channel(false);
    let away = config.away;
    let presence = Presence::default();
    let shared = presence.clone();
    let thread = std::thread::Builder::new()
        .name("ca-ngua-server".into())
        .spawn(move || {
            runtime.block_on(async move {
                match tokio::net::TcpListener::from_std(listener) {
                    Ok(listener) => {
                        let served = serve_with(listener, config, stopped, Some(shared));
                        if let Err(e) = served.await {
                            warn!("server stopped: {e}");
                        }
                    }
                    Err(e) => warn!("cannot listen: {e}"),
                }
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
        })
        .map_err(ServerError::Start)?;
    Ok(ServerHandle {
        addr,
        away,
        presence,
        stop,
        thread: Some(thread),
    })
}

/// Serves on `listener` until `stop` turns true.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: ServerConfig,
    stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    serve_with(listener, config, stop, None).await
}

/// Serves on `listener` until `stop` turns true; the rooms keep
/// `presence` up to date, when given (a server in the app's process).
async fn serve_with(
    listener: tokio::net::TcpListener,
    config: ServerConfig,
    mut stop: watch::Receiver<bool>,
    presence: Option<Presence>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry::new(config, stop.clone(), presence));
    if let Some(dir) = registry.config().state_dir.clone() {
        reopen_rooms(&registry, &dir);
    }
    let app = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(|| async { "ok\n" }))
        .route("/join/{code}", get(pages::invite_page))
        .route("/api/room/{code}", get(pages::room_json))
        .route("/metrics", get(pages::metrics))
        .route("/play", get(web::play_redirect))
        .route("/play/", get(web::play_index))
        .route("/play/{*path}", get(web::play_file))
        .with_state(Arc::clone(&registry))
        .layer(axum::middleware::from_fn(headers::security_headers));
    if let Ok(addr) = listener.local_addr() {
        info!(%addr, "listening");
    }
    if let Some(web) = &registry.config().web_dir {
        info!(dir = %web.root().display(), "the game in the browser at /play/");
    }
    let mut stopping = stop.clone();
    let stopped = async move {
        let _ = stopping.wait_for(|s| *s).await;
    };
    let service = app.into_make_service_with_connect_info::<SocketAddr>();
    match registry.config().tls.clone() {
        Some(tls) => {
            // `tap_io` adds nothing (TlsListener sets no-delay itself) but
            // gives the listener axum's `ConnectInfo<SocketAddr>`.
            let listener = TlsListener::new(listener, &tls)?.tap_io(|_| {});
            axum::serve(listener, service)
                .with_graceful_shutdown(stopped)
                .await?;
        }
        None => {
            // Frames are small and every one is awaited by a person: send
            // each at once rather than wait to fill a packet (Nagle).
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, service)
                .with_graceful_shutdown(stopped)
                .await?;
        }
    }
    // WebSocket connections outlive the HTTP server: they see the same
    // signal and close with 1001; give them a moment to say so.
    let _ = stop.wait_for(|s| *s).await;
    let deadline = Instant::now() + Duration::from_secs(1);
    while registry.connections() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    info!("stopped");
    Ok(())
}

/// Opens again every room kept in the state folder; a room that cannot be
/// rebuilt is moved aside and reported, and the server starts anyway.
fn reopen_rooms(registry: &Arc<Registry>, dir: &std::path::Path) {
    let (rooms, unreadable) = state::load(dir);
    let mut reopened = 0;
    for saved in rooms {
        let (code, path) = (saved.code.clone(), saved.path.clone());
        let kind = saved.game;
        match ca_ngua_games::with_game!(kind, G => room::open::reopen::<G>(registry, saved)) {
            Ok(()) => reopened += 1,
            Err(e) => {
                let aside = state::set_aside(&path);
                tracing::error!(room = %code, aside = %aside.display(), "cannot reopen the room; its file is moved aside: {e}");
            }
        }
    }
    info!(
        dir = %dir.display(),
        reopened,
        set_aside = unreadable.len(),
        "state folder read"
    );
}

/// The client's address: the peer's, or behind a trusted proxy the last
/// `X-Forwarded-For` entry (the one the proxy itself added).
fn client_ip(peer: SocketAddr, headers: &HeaderMap, trust_forwarded_for: bool) -> IpAddr {
    if trust_forwarded_for
        && let Some(ip) = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|s| s.trim().parse::<IpAddr>().ok())
            .next_back()
    {
        return ip;
    }
    peer.ip()
}

async fn upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(registry): State<Arc<Registry>>,
) -> Response {
    let ip = client_ip(peer, &headers, registry.config().trust_forwarded_for);
    ws.max_frame_size(MAX_FRAME_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        // Frames are small: a read buffer of 128 KiB (the default, taken
        // up front) would be most of a connection's memory.
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| conn::connection(socket, ip, registry))
}

/// Bytes read from a connection's socket at a time.
const READ_BUFFER_BYTES: usize = 8 * 1024;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use ca_ngua_core::game::Level;
    use ca_ngua_protocol::{ClientMessage, RoomCommand, parse_client};

    #[test]
    fn a_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let peer: SocketAddr = "127.0.0.1:5000".parse().expect("addr");
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "10.9.9.9, 203.0.113.7".parse().expect("header"),
        );
        assert_eq!(client_ip(peer, &headers, false), peer.ip());
        assert_eq!(
            client_ip(peer, &headers, true),
            "203.0.113.7".parse::<IpAddr>().expect("ip")
        );
        assert_eq!(client_ip(peer, &HeaderMap::new(), true), peer.ip());
    }

    #[test]
    fn start_levels_default_to_medium() {
        let msg = parse_client(r#"{"type":"start"}"#).expect("start");
        assert_eq!(
            msg,
            ClientMessage::Room(RoomCommand::Start {
                level: Level::Medium
            })
        );
    }
}
