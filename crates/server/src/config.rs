//! What a server allows and how it runs: one place every part of the
//! server reads its limits from.

use super::clock::Clock;
use crate::tls::ServerTls;
use crate::web_dir::WebDir;
use std::time::Duration;

/// What one server allows (docs/SERVER.md explains each choice).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Messages a connection may send each second, on average.
    pub messages_per_sec: f64,
    /// Messages a connection may send in a burst above that.
    pub message_burst: f64,
    /// Events a resume sends again for the cost of one message.
    pub events_per_message: f64,
    /// Refused messages in a row before the connection is closed (1008).
    pub max_strikes: u32,
    /// Rooms open at once on the server.
    pub max_rooms: usize,
    /// Rooms open at once created from one address.
    pub max_rooms_per_ip: usize,
    /// Watchers at once in one room (PROTOCOL.md version 3: 20).
    pub max_watchers: usize,
    /// Connections at once on the server.
    pub max_connections: usize,
    /// Connections at once from one address.
    pub max_connections_per_ip: usize,
    /// A room closes this long after its last person's connection went.
    pub room_idle: Duration,
    /// The same, once its game is over.
    pub finished_room_idle: Duration,
    /// A game past this many events ends (its places settled).
    pub max_events_per_room: u64,
    /// The largest safety cap (`roll_cap`) a room's rules may ask for.
    pub max_roll_cap: u32,
    /// Frames queued for one connection before it counts as too far behind
    /// and is closed (its client resumes).
    pub outbox_frames: usize,
    /// A connection that sends nothing (no message, no pong) this long is
    /// closed.
    pub connection_idle: Duration,
    /// The server pings each connection this often.
    pub ping_every: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            messages_per_sec: 10.0,
            message_burst: 30.0,
            events_per_message: 100.0,
            max_strikes: 50,
            max_rooms: 5_000,
            max_rooms_per_ip: 20,
            max_watchers: 20,
            max_connections: 20_000,
            max_connections_per_ip: 32,
            room_idle: Duration::from_secs(10 * 60),
            finished_room_idle: Duration::from_secs(60),
            max_events_per_room: 50_000,
            max_roll_cap: 10_000,
            outbox_frames: 1_024,
            connection_idle: Duration::from_secs(90),
            ping_every: Duration::from_secs(30),
        }
    }
}

/// How a server runs.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerConfig {
    /// A disconnected person's seat goes to a computer after this long
    /// (`--away-secs`, 60 by default).
    pub away: Duration,
    /// The pause before each computer roll or move, so people can follow
    /// (0 in tests).
    pub bot_delay: Duration,
    /// Take the client's address from the last `X-Forwarded-For` entry
    /// (behind a reverse proxy that sets it; never otherwise, as clients
    /// could then pick their own address).
    pub trust_forwarded_for: bool,
    /// Worker threads of an in-process server ([`spawn`](super::spawn)).
    pub threads: usize,
    /// The limits.
    pub limits: Limits,
    /// Answer TLS (`wss://`, `https://`) with this certificate
    /// (`--tls-cert`, `--tls-key`); plain when `None`.
    pub tls: Option<ServerTls>,
    /// Keep every room in this folder (`--state-dir`), so that a server
    /// started again on it has them back; in memory only when `None`.
    pub state_dir: Option<std::path::PathBuf>,
    /// The rooms' clock (tests move one by hand: [`Clock::manual`]).
    pub clock: Clock,
    /// How long a round's first roll waits for the players' dice seeds
    /// after the round's commit (PROTOCOL.md version 3: 5 seconds).
    pub seed_wait: Duration,
    /// Where the invite pages send people who do not have the app yet
    /// (`--download-url`; the project's releases page by default).
    pub download_url: String,
    /// Serve the game built for the browser from this folder at `/play/`
    /// (`--web-dir`; `scripts/web.sh` writes it), and offer it on the
    /// invite pages; nothing at `/play/` when `None`.
    pub web_dir: Option<WebDir>,
}

/// Where the app is downloaded, unless the server is told otherwise.
pub const DEFAULT_DOWNLOAD_URL: &str = "https://github.com/ca-ngua/ca-ngua/releases";

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            away: ca_ngua_protocol::DEFAULT_AWAY,
            bot_delay: Duration::from_millis(800),
            trust_forwarded_for: false,
            threads: 2,
            limits: Limits::default(),
            tls: None,
            state_dir: None,
            clock: Clock::default(),
            seed_wait: Duration::from_secs(5),
            download_url: DEFAULT_DOWNLOAD_URL.to_string(),
            web_dir: None,
        }
    }
}
