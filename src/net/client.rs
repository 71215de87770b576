//! A client for online play, made to be driven from a UI loop: it runs on a
//! thread of its own (with a small tokio runtime), and the caller sends
//! commands and polls for what happened, never blocking. A callback wakes
//! the caller when something arrives (the app passes a repaint request).
//!
//! The client keeps the game as a [`Replica`] built from the server's
//! events, sends each command with the number of the last event the caller
//! had seen, and when the connection drops it reconnects by itself (with
//! growing pauses) and resumes from the last event it has, so no event is
//! lost or seen twice.

use super::ServerAddress;
use super::protocol::{CLOSE_TAKEN_OVER, ClientMessage, RulesChoice, ServerMessage, Welcome};
use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::{Move, Seat};
use crate::game::Level;
use crate::table::{ErrorCode, Refusal};

type Event = crate::table::Event<CaNgua>;
type EventKind = crate::table::EventKind<CaNgua>;
type Replica = crate::table::Replica<CaNgua>;
use futures_util::{SinkExt, StreamExt};
use rand::RngExt;
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// How the client gets a seat when it connects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Open a room and host it.
    Create {
        /// The host's name.
        name: String,
        /// How many play: 2, 3 or 4.
        players: usize,
        /// The rules.
        rules: RulesChoice,
    },
    /// Take a seat in a room before its start.
    Join {
        /// The room's code.
        room: String,
        /// The person's name.
        name: String,
    },
    /// Come back to a seat (after the app restarted): the whole game is
    /// sent again from its first event.
    Resume {
        /// The room's code.
        room: String,
        /// The seat's token.
        token: String,
    },
}

impl Request {
    fn message(&self) -> ClientMessage {
        match self.clone() {
            Request::Create {
                name,
                players,
                rules,
            } => ClientMessage::Create {
                name,
                players,
                rules,
            },
            Request::Join { room, name } => ClientMessage::Join { room, name },
            Request::Resume { room, token } => ClientMessage::Resume {
                room,
                token,
                last_seq: 0,
            },
        }
    }
}

/// What the person asks once seated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClientCommand {
    /// The host starts the game; empty seats get computers of this level.
    Start(Level),
    /// Roll.
    Roll,
    /// Move with the waiting roll.
    Move(Move),
    /// Leave for good (a computer takes the seat); the client then closes.
    Leave,
}

/// The connection, as the person should see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectionState {
    /// Reaching the server for the first time.
    Connecting,
    /// Connected.
    Connected,
    /// The connection dropped; the next try is in `retry_in` (the `attempt`th).
    Reconnecting {
        /// Tries so far.
        attempt: u32,
        /// Until the next one.
        retry_in: Duration,
    },
    /// Over, for this reason; the client does nothing more.
    Closed(CloseReason),
}

/// Why a client stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloseReason {
    /// [`Client::close`] or the client was dropped.
    ByUser,
    /// The person left the game.
    Left,
    /// The server refused to seat us (`create`, `join` or `resume`): the
    /// room is gone or full, the token is not good, and so on.
    Refused(Refusal),
    /// The same seat was resumed from another connection.
    TakenOver,
    /// The server could not be reached (before ever being seated).
    Unreachable(String),
}

impl fmt::Display for CloseReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CloseReason::ByUser => f.write_str("closed"),
            CloseReason::Left => f.write_str("left the game"),
            CloseReason::Refused(r) => write!(f, "refused: {r}"),
            CloseReason::TakenOver => f.write_str("the seat was resumed on another device"),
            CloseReason::Unreachable(why) => write!(f, "cannot reach the server: {why}"),
        }
    }
}

/// Something that happened, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientUpdate {
    /// The connection changed.
    State(ConnectionState),
    /// The server seated us (after every connection and reconnection).
    /// With `rebuilt`, the events that follow start again from event 1
    /// (another room, or the client found its copy of the game wrong):
    /// whatever was built from earlier events is to be thrown away.
    Welcome {
        /// The server's welcome.
        welcome: Box<Welcome>,
        /// The game is rebuilt from event 1.
        rebuilt: bool,
    },
    /// The next event of the game (numbers without gaps).
    Event(Event),
    /// A command was refused (and changed nothing).
    Refused(Refusal),
}

/// Why a client could not be made.
#[derive(Debug)]
pub struct ClientError(std::io::Error);

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot start the connection: {}", self.0)
    }
}

impl std::error::Error for ClientError {}

enum ToWorker {
    Send(ClientMessage),
    Close,
}

/// A connection to a room, polled by its owner.
pub struct Client {
    server: ServerAddress,
    to_worker: mpsc::UnboundedSender<ToWorker>,
    updates: std::sync::mpsc::Receiver<ClientUpdate>,
    replica: Option<Replica>,
    welcome: Option<Welcome>,
    state: ConnectionState,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("server", &self.server)
            .field("state", &self.state)
            .field("seq", &self.replica.as_ref().map(Replica::seq))
            .finish_non_exhaustive()
    }
}

impl Client {
    /// Connects to `server` and asks for a seat; `wake` is called (on the
    /// client's thread) whenever [`poll`](Client::poll) has something new.
    pub fn connect(
        server: ServerAddress,
        request: Request,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<Client, ClientError> {
        Client::with_timing(server, request, wake, Timing::default())
    }

    fn with_timing(
        server: ServerAddress,
        request: Request,
        wake: impl Fn() + Send + Sync + 'static,
        timing: Timing,
    ) -> Result<Client, ClientError> {
        let (to_worker, commands) = mpsc::unbounded_channel();
        let (updates_tx, updates) = std::sync::mpsc::channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ClientError)?;
        let worker = Worker {
            url: server.url(),
            request,
            updates: updates_tx,
            wake: Arc::new(wake),
            commands,
            replica: None,
            seat: None,
            resume: None,
            queue: VecDeque::new(),
            unanswered: None,
            seated: 0,
            timing,
        };
        let thread = std::thread::Builder::new()
            .name("ca-ngua-client".into())
            .spawn(move || runtime.block_on(worker.run()))
            .map_err(ClientError)?;
        Ok(Client {
            server,
            to_worker,
            updates,
            replica: None,
            welcome: None,
            state: ConnectionState::Connecting,
            thread: Some(thread),
        })
    }

    /// Sends a command, marked with the last event this side has polled
    /// (so a command made on an old view of the game is refused as
    /// `stale` rather than played). While disconnected, commands wait for
    /// the reconnection.
    pub fn send(&self, cmd: ClientCommand) {
        let seq = self.replica.as_ref().map_or(0, Replica::seq);
        let msg = match cmd {
            ClientCommand::Start(level) => ClientMessage::Start { level },
            ClientCommand::Roll => ClientMessage::Roll { seq },
            ClientCommand::Move(mv) => ClientMessage::Move { seq, mv },
            ClientCommand::Leave => ClientMessage::Leave,
        };
        let _ = self.to_worker.send(ToWorker::Send(msg));
    }

    /// Everything that happened since the last poll, oldest first; the
    /// replica, welcome and state below already include it.
    pub fn poll(&mut self) -> Vec<ClientUpdate> {
        let updates: Vec<ClientUpdate> = self.updates.try_iter().collect();
        for update in &updates {
            match update {
                ClientUpdate::Welcome { welcome, rebuilt } => {
                    if *rebuilt || self.replica.is_none() {
                        self.replica = Some(Replica::new(welcome.rules));
                    }
                    self.welcome = Some((**welcome).clone());
                }
                ClientUpdate::Event(ev) => {
                    if let Some(r) = &mut self.replica {
                        // The worker applied the same event to the same
                        // state before passing it on: it follows.
                        let _ = r.apply(ev);
                    }
                }
                ClientUpdate::State(state) => self.state = state.clone(),
                ClientUpdate::Refused(_) => {}
            }
        }
        updates
    }

    /// The game as the polled events built it.
    pub fn replica(&self) -> Option<&Replica> {
        self.replica.as_ref()
    }

    /// The latest welcome (room, seat, token, rules).
    pub fn welcome(&self) -> Option<&Welcome> {
        self.welcome.as_ref()
    }

    /// Our seat.
    pub fn seat(&self) -> Option<Seat> {
        self.welcome.as_ref().map(|w| w.seat)
    }

    /// True when we may start the game: before the start, the host is the
    /// first seat, in seat order, whose person has not left.
    pub fn is_host(&self) -> bool {
        match (&self.replica, self.seat()) {
            (Some(r), Some(seat)) => !r.is_started() && super::protocol::host_of(r) == Some(seat),
            _ => false,
        }
    }

    /// The connection's state.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    /// The invite link to this room.
    pub fn invite(&self) -> Option<super::Invite> {
        self.welcome.as_ref().map(|w| super::Invite {
            server: self.server.clone(),
            room: w.room.clone(),
        })
    }

    /// Closes the connection (the seat stays ours: its token resumes it).
    pub fn close(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        let _ = self.to_worker.send(ToWorker::Close);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The client's clock: pauses between tries, keep-alive, and how long a
/// silent server is trusted.
#[derive(Copy, Clone, Debug)]
struct Timing {
    first_retry: Duration,
    max_retry: Duration,
    /// Tries before giving up on a server never reached.
    first_tries: u32,
    connect_timeout: Duration,
    ping_every: Duration,
    silence: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            first_retry: Duration::from_millis(500),
            max_retry: Duration::from_secs(10),
            first_tries: 3,
            connect_timeout: Duration::from_secs(10),
            ping_every: Duration::from_secs(15),
            silence: Duration::from_secs(40),
        }
    }
}

impl Timing {
    /// The pause before try `attempt` (1, 2, …): doubling from the first,
    /// capped, with ±20% jitter so clients dropped together do not come
    /// back together.
    fn pause(&self, attempt: u32) -> Duration {
        let doubled = self
            .first_retry
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
        let base = doubled.min(self.max_retry);
        base.mul_f64(rand::rng().random_range(0.8..1.2))
    }
}

/// How a connection ended.
enum End {
    /// For good.
    Closed(CloseReason),
    /// Dropped: try again.
    Lost(String),
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Worker {
    url: String,
    request: Request,
    updates: std::sync::mpsc::Sender<ClientUpdate>,
    wake: Arc<dyn Fn() + Send + Sync>,
    commands: mpsc::UnboundedReceiver<ToWorker>,
    replica: Option<Replica>,
    seat: Option<Seat>,
    /// The room and token to resume.
    resume: Option<(String, String)>,
    /// Commands waiting for a connection.
    queue: VecDeque<ClientMessage>,
    /// The last roll or move sent, until an event or a refusal answers it.
    unanswered: Option<ClientMessage>,
    /// Connections that got a seat so far.
    seated: u64,
    timing: Timing,
}

/// What one connection is waiting for.
#[derive(Default)]
struct Session {
    /// The first welcome on this connection has arrived.
    welcomed: bool,
    /// A `resume` sent to fetch missing events: its `last_seq`.
    fetching: Option<u64>,
    /// The copy of the game was thrown away: the next welcome says so.
    rebuilt: bool,
    /// `leave` was sent.
    leaving: bool,
}

impl Worker {
    fn emit(&self, update: ClientUpdate) {
        if self.updates.send(update).is_ok() {
            (self.wake)();
        }
    }

    async fn run(mut self) {
        let mut attempt = 0u32;
        self.emit(ClientUpdate::State(ConnectionState::Connecting));
        loop {
            let url = self.url.clone();
            let connect = tokio::time::timeout(
                self.timing.connect_timeout,
                tokio_tungstenite::connect_async_with_config(url, None, true),
            );
            tokio::pin!(connect);
            // Commands made while connecting wait in the queue; only a
            // close stops the attempt.
            let connected = loop {
                tokio::select! {
                    r = &mut connect => break match r {
                        Ok(Ok((ws, _))) => Ok(ws),
                        Ok(Err(e)) => Err(e.to_string()),
                        Err(_) => Err("no answer".to_string()),
                    },
                    closed = self.wait_command() => if closed {
                        return self.emit(ClientUpdate::State(ConnectionState::Closed(CloseReason::ByUser)));
                    },
                }
            };
            let seated_before = self.seated;
            let end = match connected {
                Ok(ws) => {
                    self.emit(ClientUpdate::State(ConnectionState::Connected));
                    self.session(ws).await
                }
                Err(why) => End::Lost(why),
            };
            let why = match end {
                End::Closed(reason) => {
                    return self.emit(ClientUpdate::State(ConnectionState::Closed(reason)));
                }
                End::Lost(why) => why,
            };
            if self.seated > seated_before {
                // This connection got as far as a seat: count afresh.
                attempt = 0;
            }
            attempt += 1;
            if self.seated == 0 && attempt >= self.timing.first_tries {
                return self.emit(ClientUpdate::State(ConnectionState::Closed(
                    CloseReason::Unreachable(why),
                )));
            }
            let retry_in = self.timing.pause(attempt);
            self.emit(ClientUpdate::State(ConnectionState::Reconnecting {
                attempt,
                retry_in,
            }));
            let wait = tokio::time::sleep(retry_in);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    () = &mut wait => break,
                    closed = self.wait_command() => if closed {
                        return self.emit(ClientUpdate::State(ConnectionState::Closed(CloseReason::ByUser)));
                    },
                }
            }
        }
    }

    /// Waits for a command while disconnected: queues it; true for close.
    async fn wait_command(&mut self) -> bool {
        match self.commands.recv().await {
            Some(ToWorker::Send(msg)) => {
                self.queue.push_back(msg);
                false
            }
            Some(ToWorker::Close) | None => true,
        }
    }

    async fn session(&mut self, mut ws: Socket) -> End {
        let opening = match &self.resume {
            Some((room, token)) => ClientMessage::Resume {
                room: room.clone(),
                token: token.clone(),
                last_seq: self.replica.as_ref().map_or(0, Replica::seq),
            },
            None => self.request.message(),
        };
        let mut s = Session::default();
        if let ClientMessage::Resume { last_seq, .. } = &opening {
            s.fetching = Some(*last_seq);
        }
        if let Err(e) = send(&mut ws, &opening).await {
            return End::Lost(e);
        }
        let mut ping = tokio::time::interval(self.timing.ping_every);
        ping.tick().await;
        loop {
            tokio::select! {
                frame = tokio::time::timeout(self.timing.silence, ws.next()) => {
                    let msg = match frame {
                        Err(_) => return End::Lost("the server went silent".into()),
                        Ok(None) => return End::Lost("the connection closed".into()),
                        Ok(Some(Err(e))) => return End::Lost(e.to_string()),
                        Ok(Some(Ok(msg))) => msg,
                    };
                    let text = match msg {
                        Message::Text(text) => text,
                        Message::Close(frame) => return closed_by_server(frame),
                        _ => continue,
                    };
                    // A frame this client cannot read is skipped: a newer
                    // server may say more than it knows.
                    let Ok(msg) = ServerMessage::parse(text.as_str()) else {
                        continue;
                    };
                    if let Some(end) = self.on_message(&mut ws, &mut s, msg).await {
                        close(&mut ws).await;
                        return end;
                    }
                }
                cmd = self.commands.recv() => match cmd {
                    Some(ToWorker::Send(msg)) => {
                        if s.welcomed {
                            if let Some(end) = self.deliver(&mut ws, &mut s, msg).await {
                                close(&mut ws).await;
                                return end;
                            }
                        } else {
                            self.queue.push_back(msg);
                        }
                    }
                    Some(ToWorker::Close) | None => {
                        close(&mut ws).await;
                        return End::Closed(CloseReason::ByUser);
                    }
                },
                _ = ping.tick() => {
                    if let Err(e) = send(&mut ws, &ClientMessage::Ping).await {
                        return End::Lost(e);
                    }
                }
            }
        }
    }

    /// Handles one message; `Some` ends the connection.
    async fn on_message(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        msg: ServerMessage,
    ) -> Option<End> {
        match msg {
            ServerMessage::Welcome(welcome) => self.on_welcome(ws, s, welcome).await,
            ServerMessage::Event(ev) => self.on_event(ws, s, ev).await,
            ServerMessage::Error { code, message } => {
                let refusal = Refusal { code, message };
                let seat_gone = s.fetching.is_some()
                    && matches!(code, ErrorCode::RoomNotFound | ErrorCode::BadToken);
                if !s.welcomed || seat_gone {
                    // The seat itself was refused (or the room is gone).
                    return Some(End::Closed(CloseReason::Refused(refusal)));
                }
                self.unanswered = None;
                self.emit(ClientUpdate::Refused(refusal));
                None
            }
            ServerMessage::Pong => None,
        }
    }

    async fn on_welcome(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        welcome: Box<Welcome>,
    ) -> Option<End> {
        let same_room = self
            .resume
            .as_ref()
            .is_some_and(|(room, _)| *room == welcome.room);
        let fits = self
            .replica
            .as_ref()
            .is_some_and(|r| *r.rules() == welcome.rules && r.seq() <= welcome.seq);
        if !(same_room && fits) {
            self.replica = None;
        }
        let rebuilt = self.replica.is_none() || s.rebuilt;
        let replica = self
            .replica
            .get_or_insert_with(|| Replica::new(welcome.rules));
        let have = replica.seq();
        // Events follow a welcome only when it answers a resume from what
        // this side has; otherwise ask for them.
        let events_follow = s.fetching.take() == Some(have);
        let echo = s.welcomed && !s.rebuilt;
        s.rebuilt = false;
        self.resume = Some((welcome.room.clone(), welcome.token.clone()));
        self.seat = Some(welcome.seat);
        if have < welcome.seq && !events_follow {
            s.fetching = Some(have);
            let fetch = ClientMessage::Resume {
                room: welcome.room.clone(),
                token: welcome.token.clone(),
                last_seq: have,
            };
            if let Err(e) = send(ws, &fetch).await {
                return Some(End::Lost(e));
            }
        }
        let welcome_seq = welcome.seq;
        if !echo {
            self.emit(ClientUpdate::Welcome { welcome, rebuilt });
        }
        if !s.welcomed {
            s.welcomed = true;
            self.seated += 1;
            // A roll or move whose answer the drop may have swallowed, then
            // those made while disconnected: sent if the game is still
            // where the person saw it, dropped otherwise (they would be
            // refused as stale, and the person sees the new state anyway).
            let waiting: Vec<ClientMessage> = self
                .unanswered
                .take()
                .into_iter()
                .chain(self.queue.drain(..))
                .collect();
            for msg in waiting {
                if seen_at(&msg).is_some_and(|seq| seq != welcome_seq) {
                    continue;
                }
                if let Some(end) = self.deliver(ws, s, msg).await {
                    return Some(end);
                }
            }
        }
        None
    }

    /// Sends a command on a live connection; `Some` ends it (left, or lost).
    async fn deliver(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        msg: ClientMessage,
    ) -> Option<End> {
        let leaving = msg == ClientMessage::Leave;
        if let Err(e) = send(ws, &msg).await {
            if !leaving {
                self.queue.push_back(msg);
            }
            return Some(End::Lost(e));
        }
        if seen_at(&msg).is_some() {
            self.unanswered = Some(msg);
        }
        if leaving {
            s.leaving = true;
            return Some(End::Closed(CloseReason::Left));
        }
        None
    }

    async fn on_event(&mut self, ws: &mut Socket, s: &mut Session, ev: Event) -> Option<End> {
        if self
            .unanswered
            .as_ref()
            .and_then(seen_at)
            .is_some_and(|seq| ev.seq > seq)
        {
            // The game moved past the command: it was answered.
            self.unanswered = None;
        }
        let replica = self.replica.as_mut()?;
        let have = replica.seq();
        if ev.seq <= have {
            // Sent again by a resume that overlapped live events.
            return None;
        }
        if ev.seq > have + 1 {
            if s.fetching.is_none() {
                return self.fetch(ws, s, have).await;
            }
            return None;
        }
        match replica.apply(&ev) {
            Ok(_) => {
                let left = ev.event == EventKind::Left { seat: self.seat? };
                self.emit(ClientUpdate::Event(ev));
                if left {
                    return Some(End::Closed(CloseReason::Left));
                }
                None
            }
            Err(_) => {
                // Our copy went wrong: rebuild the game from event 1.
                let rules = *replica.rules();
                self.replica = Some(Replica::new(rules));
                s.rebuilt = true;
                self.fetch(ws, s, 0).await
            }
        }
    }

    async fn fetch(&mut self, ws: &mut Socket, s: &mut Session, from: u64) -> Option<End> {
        let (room, token) = self.resume.clone()?;
        s.fetching = Some(from);
        let msg = ClientMessage::Resume {
            room,
            token,
            last_seq: from,
        };
        send(ws, &msg).await.err().map(End::Lost)
    }
}

/// The event a roll or a move was made after.
fn seen_at(msg: &ClientMessage) -> Option<u64> {
    match msg {
        ClientMessage::Roll { seq } | ClientMessage::Move { seq, .. } => Some(*seq),
        _ => None,
    }
}

fn closed_by_server(frame: Option<CloseFrame>) -> End {
    match frame {
        Some(f) if u16::from(f.code) == CLOSE_TAKEN_OVER => End::Closed(CloseReason::TakenOver),
        Some(f) => End::Lost(format!(
            "closed by the server ({}: {})",
            u16::from(f.code),
            f.reason
        )),
        None => End::Lost("closed by the server".into()),
    }
}

/// Sends a message; a connection that cannot take it within the silence
/// time counts as lost.
async fn send(ws: &mut Socket, msg: &ClientMessage) -> Result<(), String> {
    match tokio::time::timeout(SEND_TIMEOUT, ws.send(Message::text(msg.to_json()))).await {
        Ok(sent) => sent.map_err(|e| e.to_string()),
        Err(_) => Err("the server does not read".into()),
    }
}

/// Closes politely, without waiting long for a server that does not read
/// (dropping a client must never hang its caller).
async fn close(ws: &mut Socket) {
    let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
}

const SEND_TIMEOUT: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn pauses_double_up_to_a_cap_with_jitter() {
        let t = Timing::default();
        for attempt in 1..=40 {
            let base = t
                .first_retry
                .saturating_mul(1 << (attempt - 1).min(16))
                .min(t.max_retry);
            let p = t.pause(attempt);
            assert!(
                p >= base.mul_f64(0.8) && p <= base.mul_f64(1.2),
                "{attempt}: {p:?}"
            );
        }
        assert!(t.pause(40) <= t.max_retry.mul_f64(1.2));
    }
}
