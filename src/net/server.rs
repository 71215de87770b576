//! The server: an axum router with one WebSocket route (`/ws`), a registry
//! of rooms (each a task on a [`Table`](crate::table::Table), see
//! `room.rs`), and one task per connection that reads, checks and limits
//! what its client sends. Startable from a binary ([`serve`]) or in-process
//! from the app ([`spawn`]).

use super::protocol::{
    CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_TOO_BIG, ClientMessage, MAX_FRAME_BYTES,
    ROOM_CODE_ALPHABET, ROOM_CODE_LEN, ServerMessage, is_room_code, parse_client,
};
use super::room::{Act, CloseWhy, ConnId, Entered, Outgoing, Peer, Room, RoomMsg};
use crate::ca_ngua::engine::{Rules, Seat};
use crate::table::{ErrorCode, Refusal, Table};
use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use rand::TryRng;
use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{Notify, mpsc, oneshot, watch};
use tokio::time::Instant;
use tracing::{debug, info, warn};

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
    /// Worker threads of an in-process server ([`spawn`]).
    pub threads: usize,
    /// The limits.
    pub limits: Limits,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            away: Duration::from_secs(60),
            bot_delay: Duration::from_millis(800),
            trust_forwarded_for: false,
            threads: 2,
            limits: Limits::default(),
        }
    }
}

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
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ServerHandle {
    /// The address it listens on (the real port when asked for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
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
    let thread = std::thread::Builder::new()
        .name("ca-ngua-server".into())
        .spawn(move || {
            runtime.block_on(async move {
                match tokio::net::TcpListener::from_std(listener) {
                    Ok(listener) => {
                        if let Err(e) = serve(listener, config, stopped).await {
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
        stop,
        thread: Some(thread),
    })
}

/// Serves on `listener` until `stop` turns true.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: ServerConfig,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry::new(config, stop.clone()));
    let app = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(|| async { "ok\n" }))
        .with_state(Arc::clone(&registry));
    if let Ok(addr) = listener.local_addr() {
        info!(%addr, "listening");
    }
    let mut stopping = stop.clone();
    // Frames are small and every one is awaited by a person: send each at
    // once rather than wait to fill a packet (Nagle).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        let _ = stopping.wait_for(|s| *s).await;
    })
    .await?;
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

/// A new seat token: 128 bits from the operating system's generator, in
/// lowercase hex. `None` if the system cannot give random bits.
pub(crate) fn new_token() -> Option<String> {
    let mut bytes = [0u8; 16];
    rand::rngs::SysRng.try_fill_bytes(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new room code: 6 characters of the code alphabet from the operating
/// system's generator (unbiased: bytes past the last whole multiple of 31
/// are drawn again).
fn new_room_code() -> Option<String> {
    let alphabet = ROOM_CODE_ALPHABET.as_bytes();
    let n = alphabet.len();
    let limit = 256 - 256 % n;
    let mut code = String::with_capacity(ROOM_CODE_LEN);
    let mut bytes = [0u8; 16];
    while code.len() < ROOM_CODE_LEN {
        rand::rngs::SysRng.try_fill_bytes(&mut bytes).ok()?;
        for &b in &bytes {
            if usize::from(b) < limit && code.len() < ROOM_CODE_LEN {
                code.push(char::from(alphabet[usize::from(b) % n]));
            }
        }
    }
    Some(code)
}

struct RoomEntry {
    inbox: mpsc::Sender<RoomMsg>,
    creator: IpAddr,
}

#[derive(Default)]
struct Counts {
    rooms: HashMap<String, RoomEntry>,
    rooms_by_ip: HashMap<IpAddr, usize>,
    conns_by_ip: HashMap<IpAddr, usize>,
    conns: usize,
}

/// Every room and connection of a server, and its limits.
pub(crate) struct Registry {
    counts: Mutex<Counts>,
    config: Arc<ServerConfig>,
    stop: watch::Receiver<bool>,
    next_conn: AtomicU64,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry").finish_non_exhaustive()
    }
}

fn decrement(map: &mut HashMap<IpAddr, usize>, ip: IpAddr) {
    if let Some(n) = map.get_mut(&ip) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(&ip);
        }
    }
}

impl Registry {
    fn new(config: ServerConfig, stop: watch::Receiver<bool>) -> Registry {
        Registry {
            counts: Mutex::new(Counts::default()),
            config: Arc::new(config),
            stop,
            next_conn: AtomicU64::new(1),
        }
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // A panic elsewhere never leaves the counts half-written (every
        // change is one statement), so a poisoned lock is still good.
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn connections(&self) -> usize {
        self.counts().conns
    }

    /// Counts a connection in, unless its address or the server is full.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let limits = &self.config.limits;
        let mut c = self.counts();
        let from_ip = c.conns_by_ip.get(&ip).copied().unwrap_or(0);
        if c.conns >= limits.max_connections || from_ip >= limits.max_connections_per_ip {
            return None;
        }
        c.conns += 1;
        *c.conns_by_ip.entry(ip).or_default() += 1;
        Some(Slot {
            registry: Arc::clone(self),
            ip,
        })
    }

    fn room(&self, code: &str) -> Option<mpsc::Sender<RoomMsg>> {
        self.counts().rooms.get(code).map(|r| r.inbox.clone())
    }

    /// Opens a room whose host is `peer`; the room welcomes them.
    fn open_room(
        self: &Arc<Self>,
        ip: IpAddr,
        peer: Peer,
        name: &str,
        players: usize,
        rules: Rules,
    ) -> Result<(String, mpsc::Sender<RoomMsg>, Seat), Refusal> {
        let limits = &self.config.limits;
        if rules.roll_cap > limits.max_roll_cap {
            return Err(Refusal::new(
                ErrorCode::BadRules,
                format!(
                    "rules.roll_cap: this server plays games of at most {} rolls",
                    limits.max_roll_cap
                ),
            ));
        }
        let busy = || Refusal::new(ErrorCode::RateLimited, "the server cannot open a room now");
        let token = new_token().ok_or_else(busy)?;
        let wake = Arc::new(Notify::new());
        let table = Table::lobby(
            rules,
            players,
            name,
            crate::game::secure_rng(),
            Room::runner(&wake),
        )
        .map_err(|e| Refusal::new(ErrorCode::BadRules, e.to_string()))?;
        let host = Seat::Red;
        let (inbox, rx) = mpsc::channel(256);
        let code = {
            let mut c = self.counts();
            if c.rooms.len() >= limits.max_rooms {
                return Err(Refusal::new(
                    ErrorCode::RateLimited,
                    "the server has too many rooms open; try again later",
                ));
            }
            if c.rooms_by_ip.get(&ip).copied().unwrap_or(0) >= limits.max_rooms_per_ip {
                return Err(Refusal::new(
                    ErrorCode::RateLimited,
                    "too many rooms open from your address; try again later",
                ));
            }
            let mut code = None;
            for _ in 0..64 {
                let candidate = new_room_code().ok_or_else(busy)?;
                if !c.rooms.contains_key(&candidate) {
                    code = Some(candidate);
                    break;
                }
            }
            let code = code.ok_or_else(busy)?;
            c.rooms.insert(
                code.clone(),
                RoomEntry {
                    inbox: inbox.clone(),
                    creator: ip,
                },
            );
            *c.rooms_by_ip.entry(ip).or_default() += 1;
            code
        };
        info!(room = %code, players, "room opened");
        let room = Room::open(
            code.clone(),
            table,
            players,
            host,
            token,
            peer,
            Arc::clone(&self.config),
            wake,
        );
        tokio::spawn(room.run(rx, self.stop.clone(), Arc::clone(self)));
        Ok((code, inbox, host))
    }

    /// A room's task ended.
    pub(crate) fn close_room(&self, code: &str) {
        let mut c = self.counts();
        if let Some(entry) = c.rooms.remove(code) {
            decrement(&mut c.rooms_by_ip, entry.creator);
        }
    }
}

/// A connection counted in; counted out when dropped.
struct Slot {
    registry: Arc<Registry>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.registry.counts();
        c.conns = c.conns.saturating_sub(1);
        decrement(&mut c.conns_by_ip, self.ip);
    }
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
    let ip = client_ip(peer, &headers, registry.config.trust_forwarded_for);
    ws.max_frame_size(MAX_FRAME_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        // Frames are small: a read buffer of 128 KiB (the default, taken
        // up front) would be most of a connection's memory.
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| connection(socket, ip, registry))
}

/// Bytes read from a connection's socket at a time.
const READ_BUFFER_BYTES: usize = 8 * 1024;

/// A token bucket: `rate` messages a second, `burst` at once.
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            at: Instant::now(),
            rate,
            burst,
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let secs = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + secs * self.rate).min(self.burst);
    }

    /// Takes `cost` tokens after the fact (the balance may go below zero:
    /// later messages wait for it to come back).
    fn charge(&mut self, cost: f64) {
        self.refill();
        self.tokens -= cost;
    }

    fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The room and seat a connection holds.
struct Bound {
    code: String,
    inbox: mpsc::Sender<RoomMsg>,
    seat: Seat,
}

/// A connection's reading side.
struct Conn {
    id: ConnId,
    ip: IpAddr,
    peer: Peer,
    bucket: Bucket,
    bound: Option<Bound>,
    registry: Arc<Registry>,
}

impl Conn {
    fn send(&self, msg: &ServerMessage) {
        let _ = self
            .peer
            .out
            .try_send(Outgoing::Frame(msg.to_json().into()));
    }

    fn refuse(&self, refusal: &Refusal) {
        self.send(&ServerMessage::error(refusal));
    }

    fn close(&self, why: (u16, &'static str)) {
        self.peer.close(why);
    }

    /// Leaves the room this connection was in (its seat stays, for a
    /// resume).
    async fn unbind(&mut self) {
        if let Some(bound) = self.bound.take() {
            let _ = bound.inbox.send(RoomMsg::Detach { conn: self.id }).await;
        }
    }

    async fn on_text(&mut self, text: &str) {
        let msg = match parse_client(text) {
            Ok(msg) => msg,
            Err(refusal) => return self.refuse(&refusal),
        };
        let act = match msg {
            ClientMessage::Ping => return self.send(&ServerMessage::Pong),
            ClientMessage::Create {
                name,
                players,
                rules,
            } => {
                let rules = match rules.resolve() {
                    Ok(rules) => rules,
                    Err(refusal) => return self.refuse(&refusal),
                };
                match self
                    .registry
                    .open_room(self.ip, self.peer.clone(), &name, players, rules)
                {
                    Ok((code, inbox, seat)) => {
                        // A connection holds one seat; the one it had
                        // stays its person's, for a resume.
                        self.unbind().await;
                        self.bound = Some(Bound { code, inbox, seat });
                    }
                    Err(refusal) => self.refuse(&refusal),
                }
                return;
            }
            ClientMessage::Join { room, name } => {
                return self
                    .enter(&room, |peer, reply| RoomMsg::Join { peer, name, reply })
                    .await;
            }
            ClientMessage::Resume {
                room,
                token,
                last_seq,
            } => {
                return self
                    .enter(&room, |peer, reply| RoomMsg::Resume {
                        peer,
                        token,
                        last_seq,
                        reply,
                    })
                    .await;
            }
            ClientMessage::Start { level } => Act::Start(level),
            ClientMessage::Roll { seq } => Act::Roll(seq),
            ClientMessage::Move { seq, mv } => Act::Move(seq, mv),
            ClientMessage::Leave => Act::Leave,
        };
        let Some(bound) = &self.bound else {
            if act != Act::Leave {
                self.refuse(&Refusal::new(
                    ErrorCode::BadMessage,
                    "create or join a room first",
                ));
            }
            return;
        };
        let sent = bound
            .inbox
            .send(RoomMsg::Act {
                conn: self.id,
                seat: bound.seat,
                act,
            })
            .await;
        if sent.is_err() {
            self.bound = None;
            self.refuse(&Refusal::new(
                ErrorCode::RoomNotFound,
                "the room has closed",
            ));
        } else if act == Act::Leave {
            // The room lets the seat go; this connection may open or join
            // another room.
            self.bound = None;
        }
    }

    /// Joins or resumes a seat in room `code`.
    async fn enter(
        &mut self,
        code: &str,
        msg: impl FnOnce(Peer, oneshot::Sender<Result<Entered, Refusal>>) -> RoomMsg,
    ) {
        let not_found = || Refusal::new(ErrorCode::RoomNotFound, "no room has this code");
        let inbox = if is_room_code(code) {
            self.registry.room(code)
        } else {
            None
        };
        let Some(inbox) = inbox else {
            return self.refuse(&not_found());
        };
        let (reply, answer) = oneshot::channel();
        if inbox.send(msg(self.peer.clone(), reply)).await.is_err() {
            return self.refuse(&not_found());
        }
        match tokio::time::timeout(Duration::from_secs(10), answer).await {
            Ok(Ok(Ok(Entered { seat, resent }))) => {
                // Events sent again cost like messages: resuming a long
                // game over and over cannot keep the server busy.
                let limits = &self.registry.config.limits;
                self.bucket
                    .charge(resent as f64 / limits.events_per_message.max(1.0));
                if self.bound.as_ref().is_some_and(|b| b.code != code) {
                    self.unbind().await;
                }
                self.bound = Some(Bound {
                    code: code.to_string(),
                    inbox,
                    seat,
                });
            }
            Ok(Ok(Err(refusal))) => self.refuse(&refusal),
            Ok(Err(_)) | Err(_) => self.refuse(&not_found()),
        }
    }
}

/// True when a read error is a frame or message over the size limit.
fn too_big(e: axum::Error) -> bool {
    use tokio_tungstenite::tungstenite::Error;
    matches!(
        e.into_inner().downcast_ref::<Error>(),
        Some(Error::Capacity(_))
    )
}

async fn connection(socket: WebSocket, ip: IpAddr, registry: Arc<Registry>) {
    let limits = registry.config.limits.clone();
    let id = registry.next_conn.fetch_add(1, Ordering::Relaxed);
    let (sink, mut stream) = socket.split();
    let (out, out_rx) = mpsc::channel(limits.outbox_frames.max(4));
    let (close, close_rx) = watch::channel::<CloseWhy>(None);
    let mut writer = tokio::spawn(write(sink, out_rx, close_rx.clone(), limits.ping_every));
    let slot = registry.admit(ip);
    let mut conn = Conn {
        id,
        ip,
        peer: Peer { id, out, close },
        bucket: Bucket::new(limits.messages_per_sec, limits.message_burst),
        bound: None,
        registry: Arc::clone(&registry),
    };
    if slot.is_none() {
        debug!(conn = id, %ip, "refused: too many connections");
        conn.refuse(&Refusal::new(
            ErrorCode::RateLimited,
            "too many connections from your address",
        ));
        conn.close((CLOSE_POLICY, "too many connections"));
        drop(conn);
        let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
        finish_close(&mut stream).await;
        return;
    }
    debug!(conn = id, %ip, "connected");
    let mut strikes = 0u32;
    let mut stop = registry.stop.clone();
    let mut closed = close_rx;
    let mut writer_done = false;
    // How the connection ends: the client's side is still open after the
    // server's close frame (read on until the client answers it), or the
    // reading side is gone.
    let mut client_open = true;
    let mut unread = false;
    loop {
        let next = tokio::select! {
            next = tokio::time::timeout(limits.connection_idle, stream.next()) => next,
            _ = closed.changed() => break,
            _ = stop.wait_for(|s| *s) => {
                conn.close((CLOSE_GOING_AWAY, "the server is stopping"));
                // No waiting for answers: the server is going.
                client_open = false;
                break;
            }
            _ = &mut writer => {
                writer_done = true;
                client_open = false;
                break;
            }
        };
        let msg = match next {
            Err(_) => {
                conn.close((CLOSE_GOING_AWAY, "idle"));
                break;
            }
            Ok(None) => {
                client_open = false;
                break;
            }
            Ok(Some(Err(e))) => {
                client_open = false;
                if too_big(e) {
                    // The rest of the frame is still unread.
                    unread = true;
                    conn.close((CLOSE_TOO_BIG, "frame over 4 KiB"));
                }
                break;
            }
            Ok(Some(Ok(msg))) => msg,
        };
        let counted = matches!(
            msg,
            Message::Text(_) | Message::Binary(_) | Message::Ping(_)
        );
        if counted && !conn.bucket.take() {
            strikes += 1;
            if strikes > limits.max_strikes {
                conn.close((CLOSE_POLICY, "too many messages"));
                break;
            }
            if !matches!(msg, Message::Ping(_)) {
                conn.refuse(&Refusal::new(
                    ErrorCode::RateLimited,
                    "too many messages; slow down",
                ));
            }
            continue;
        }
        if counted {
            strikes = 0;
        }
        match msg {
            Message::Text(text) => conn.on_text(text.as_str()).await,
            Message::Binary(_) => conn.refuse(&Refusal::new(
                ErrorCode::BadMessage,
                "messages are JSON text frames",
            )),
            Message::Close(_) => {
                client_open = false;
                break;
            }
            Message::Ping(_) | Message::Pong(_) => {}
        }
    }
    conn.unbind().await;
    debug!(conn = id, "disconnected");
    // The writer ends once the close frame is out, or when every sender
    // of its outbox (this connection's, the room's) is gone.
    conn.close((1000, ""));
    drop(conn);
    if !writer_done {
        let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
    }
    if client_open {
        finish_close(&mut stream).await;
    } else if unread {
        // A socket closed with unread bytes is reset, and a reset can
        // destroy the close frame before the client reads it: give the
        // client a moment to read it first.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    drop(slot);
}

/// The closing handshake's end: after the server's close frame, reads
/// (and drops) whatever the client still sends until its own close frame
/// arrives, so the socket is not reset with unread bytes, which could
/// destroy frames the client has not read yet (the error before a close).
async fn finish_close(stream: &mut futures_util::stream::SplitStream<WebSocket>) {
    let drain = async { while let Some(Ok(_)) = stream.next().await {} };
    let _ = tokio::time::timeout(Duration::from_secs(2), drain).await;
}

/// Writes a connection's frames, pings it, and closes it when told.
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut outbox: mpsc::Receiver<Outgoing>,
    mut close: watch::Receiver<CloseWhy>,
    ping_every: Duration,
) {
    // A zero period would make the interval panic.
    let ping_every = ping_every.max(Duration::from_millis(100));
    let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    loop {
        tokio::select! {
            biased;
            out = outbox.recv() => {
                let sent = match out {
                    Some(Outgoing::Frame(text)) => sink.send(Message::Text(text)).await,
                    Some(Outgoing::Frames(frames)) => {
                        let mut result = Ok(());
                        for text in frames {
                            result = sink.feed(Message::Text(text)).await;
                            if result.is_err() {
                                break;
                            }
                        }
                        match result {
                            Ok(()) => sink.flush().await,
                            Err(e) => Err(e),
                        }
                    }
                    None => {
                        // Nobody can queue more: close as asked, if asked.
                        let why = *close.borrow();
                        send_close(&mut sink, &mut outbox, why).await;
                        break;
                    }
                };
                if sent.is_err() {
                    break;
                }
            }
            _ = close.changed() => {
                let why = *close.borrow_and_update();
                send_close(&mut sink, &mut outbox, why).await;
                break;
            }
            _ = ping.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
}

/// Sends the frames still queued, then the close frame (if a close was
/// asked for).
async fn send_close(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    outbox: &mut mpsc::Receiver<Outgoing>,
    why: CloseWhy,
) {
    let Some((code, reason)) = why else {
        return;
    };
    while let Ok(out) = outbox.try_recv() {
        let frames = match out {
            Outgoing::Frame(text) => vec![text],
            Outgoing::Frames(frames) => frames,
        };
        for text in frames {
            let _ = sink.feed(Message::Text(text)).await;
        }
    }
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = sink.send(Message::Close(Some(frame))).await;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::game::Level;
    use crate::net::protocol::is_token;

    #[test]
    fn tokens_are_128_random_bits_in_lowercase_hex() {
        let a = new_token().expect("token");
        let b = new_token().expect("token");
        assert!(is_token(&a) && is_token(&b), "{a} {b}");
        assert_ne!(a, b);
    }

    #[test]
    fn room_codes_use_the_alphabet_and_every_letter_of_it() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..400 {
            let code = new_room_code().expect("code");
            assert!(is_room_code(&code), "{code}");
            seen.extend(code.chars());
        }
        // 2,400 draws over 31 characters: each appears (a biased or
        // truncated alphabet would leave some out).
        assert_eq!(seen.len(), ROOM_CODE_ALPHABET.len());
    }

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
    fn the_bucket_allows_a_burst_then_the_rate() {
        let mut bucket = Bucket::new(0.0, 3.0);
        assert!(bucket.take() && bucket.take() && bucket.take());
        assert!(!bucket.take());
        let mut bucket = Bucket::new(0.0, 3.0);
        bucket.charge(2.5);
        assert!(!bucket.take(), "a charge spends the burst");
    }

    #[test]
    fn start_levels_default_to_medium() {
        let msg = parse_client(r#"{"type":"start"}"#).expect("start");
        assert_eq!(
            msg,
            ClientMessage::Start {
                level: Level::Medium
            }
        );
    }
}
