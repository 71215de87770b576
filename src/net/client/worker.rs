//! The connection's worker, on the client's own thread: it connects, asks
//! for a seat, reads the server's frames in the terms of the room's game
//! (learnt from the welcome), keeps a replica to check every event and
//! find gaps, reconnects with growing pauses and resumes from the last
//! event it has. It reports to the [`Connection`](super::Connection) in
//! order.

use super::messages::{Report, ToWorker, Updates};
use super::{ClientOptions, ClientUpdate, CloseReason, ConnectionState, Request};
use crate::any_game::{AnyGame, GameKind, PerGame};
use crate::game::{Game, SeatId};
use crate::net::protocol::{CLOSE_TAKEN_OVER, ClientMessage, ServerMessage, Welcome, welcome_game};
use crate::table::{ErrorCode, Event, EventKind, Refusal, Replica};
use crate::with_game;
use futures_util::{SinkExt, StreamExt};
use rand::RngExt;
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// The replicas of each game (the family [`AnyGame`] holds one of).
struct Replicas;

impl PerGame for Replicas {
    type Of<G: Game> = Replica<G>;
}

/// The client's clock: pauses between tries, keep-alive, and how long a
/// silent server is trusted.
#[derive(Copy, Clone, Debug)]
pub(super) struct Timing {
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

pub(super) struct Worker {
    url: String,
    request: Request,
    /// The room's game: as expected, or as the first welcome named it.
    game: Option<GameKind>,
    reports: std::sync::mpsc::Sender<Report>,
    wake: Arc<dyn Fn() + Send + Sync>,
    commands: mpsc::UnboundedReceiver<ToWorker>,
    replica: Option<AnyGame<Replicas>>,
    /// Our seat's number.
    seat: Option<usize>,
    /// The room and token to resume.
    resume: Option<(String, String)>,
    /// Commands waiting for a connection.
    queue: VecDeque<ClientMessage>,
    /// The last roll or move sent, until an event or a refusal answers it.
    unanswered: Option<ClientMessage>,
    /// Connections that got a seat so far.
    seated: u64,
    timing: Timing,
    /// The dice commit our seed was last sent for (version 3).
    seeded_for: Option<String>,
    /// We watch rather than play.
    watching: bool,
    /// The version asked for, and whether to seed the dice.
    options: ClientOptions,
}

/// What version 3 adds to an event's frame, read before the typed event.
#[derive(Default)]
struct FrameExtras {
    clock: Option<u32>,
    dice_seed: Option<String>,
}

impl FrameExtras {
    fn of(frame: &Value) -> FrameExtras {
        let event = frame.get("event");
        let field = |name: &str| event.and_then(|e| e.get(name));
        FrameExtras {
            clock: field("clock")
                .and_then(Value::as_u64)
                .and_then(|c| u32::try_from(c).ok()),
            dice_seed: field("dice_seed")
                .and_then(Value::as_str)
                .map(str::to_string),
        }
    }
}

/// A new client seed: 32 random hex characters.
fn client_seed() -> String {
    let mut rng = rand::rng();
    (0..16)
        .map(|_| format!("{:02x}", rng.random_range(0..=255u8)))
        .collect()
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
    pub(super) fn new(
        url: String,
        (request, options): (Request, ClientOptions),
        expect: Option<GameKind>,
        reports: std::sync::mpsc::Sender<Report>,
        wake: Arc<dyn Fn() + Send + Sync>,
        commands: mpsc::UnboundedReceiver<ToWorker>,
        timing: Timing,
    ) -> Worker {
        Worker {
            url,
            request,
            game: expect,
            reports,
            wake,
            commands,
            replica: None,
            seat: None,
            resume: None,
            queue: VecDeque::new(),
            unanswered: None,
            seated: 0,
            timing,
            seeded_for: None,
            watching: false,
            options,
        }
    }

    fn report(&self, report: Report) {
        if self.reports.send(report).is_ok() {
            (self.wake)();
        }
    }

    fn emit(&self, state: ConnectionState) {
        self.report(Report::State(state));
    }

    fn emit_game<G: Game>(&self, update: ClientUpdate<G>) {
        self.report(Report::Game(AnyGame::<Updates>::of::<G>(update)));
    }

    /// Our copy of the game, if it is of game `G`.
    fn replica<G: Game>(&mut self) -> Option<&mut Replica<G>> {
        self.replica.as_mut().and_then(AnyGame::get_mut::<G>)
    }

    /// The number of the last event we have.
    fn have(&self) -> u64 {
        self.replica
            .as_ref()
            .map_or(0, |r| crate::with_any!(r, _G, r => r.seq()))
    }

    pub(super) async fn run(mut self) {
        let mut attempt = 0u32;
        self.emit(ConnectionState::Connecting);
        loop {
            let url = self.url.clone();
            let connect = tokio::time::timeout(self.timing.connect_timeout, open_socket(url));
            tokio::pin!(connect);
            // Commands made while connecting wait in the queue; only a
            // close stops the attempt.
            let connected = loop {
                tokio::select! {
                    r = &mut connect => break match r {
                        Ok(Ok(ws)) => Ok(ws),
                        Ok(Err(e)) => Err(e),
                        Err(_) => Err("no answer".to_string()),
                    },
                    closed = self.wait_command() => if closed {
                        return self.emit(ConnectionState::Closed(CloseReason::ByUser));
                    },
                }
            };
            let seated_before = self.seated;
            let end = match connected {
                Ok(ws) => {
                    self.emit(ConnectionState::Connected);
                    self.session(ws).await
                }
                Err(why) => End::Lost(why),
            };
            let why = match end {
                End::Closed(reason) => {
                    return self.emit(ConnectionState::Closed(reason));
                }
                End::Lost(why) => why,
            };
            if self.seated > seated_before {
                // This connection got as far as a seat: count afresh.
                attempt = 0;
            }
            attempt += 1;
            if self.seated == 0 && attempt >= self.timing.first_tries {
                return self.emit(ConnectionState::Closed(CloseReason::Unreachable(why)));
            }
            let retry_in = self.timing.pause(attempt);
            self.emit(ConnectionState::Reconnecting { attempt, retry_in });
            let wait = tokio::time::sleep(retry_in);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    () = &mut wait => break,
                    closed = self.wait_command() => if closed {
                        return self.emit(ConnectionState::Closed(CloseReason::ByUser));
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
                last_seq: self.have(),
                protocol: self.options.asked(),
            },
            None => self.request.message(self.options),
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
                    let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                        continue;
                    };
                    if let Some(end) = self.on_frame(&mut ws, &mut s, frame).await {
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

    /// Reads one frame in the terms of the room's game (a welcome names
    /// it); `Some` ends the connection.
    async fn on_frame(&mut self, ws: &mut Socket, s: &mut Session, frame: Value) -> Option<End> {
        let game = match welcome_game(&frame) {
            Some(Ok(game)) => game,
            Some(Err(_)) => {
                let name = match frame.get("game") {
                    Some(Value::String(name)) => name.clone(),
                    other => other.map(Value::to_string).unwrap_or_default(),
                };
                return Some(End::Closed(CloseReason::OtherGame(name)));
            }
            // Before a welcome nothing but a refusal or a pong comes, and
            // they name no game.
            None => self.game.unwrap_or_default(),
        };
        if self.game.is_some_and(|g| g != game) {
            return Some(End::Closed(CloseReason::OtherGame(game.id().to_string())));
        }
        let extras = FrameExtras::of(&frame);
        with_game!(game, G => match ServerMessage::<G>::from_value(frame) {
            Ok(msg) => self.on_message::<G>(ws, s, msg, extras).await,
            // Skipped, as a frame not understood.
            Err(_) => None,
        })
    }

    /// Handles one message; `Some` ends the connection.
    async fn on_message<G: Game>(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        msg: ServerMessage<G>,
        extras: FrameExtras,
    ) -> Option<End> {
        match msg {
            ServerMessage::Welcome(welcome) => self.on_welcome(ws, s, welcome).await,
            ServerMessage::Event(ev) => {
                let seq = ev.seq;
                let again = match &ev.event {
                    EventKind::Again {
                        dice_commit: Some(commit),
                        ..
                    } => Some(commit.clone()),
                    _ => None,
                };
                let round = match &ev.event {
                    EventKind::Over { .. } => self.replica::<G>().map(|r| r.round()),
                    _ => None,
                };
                let before = self.have();
                if let Some(end) = self.on_event(ws, s, ev).await {
                    return Some(end);
                }
                if self.have() == seq && before < seq {
                    // The event was taken: what its frame adds goes with it.
                    if let Some(secs) = extras.clock {
                        self.emit_game::<G>(ClientUpdate::Clock { seq, secs });
                    }
                    if let (Some(round), Some(dice_seed)) = (round, extras.dice_seed) {
                        self.emit_game::<G>(ClientUpdate::Revealed { round, dice_seed });
                    }
                    if let Some(commit) = again {
                        return self.send_seed(ws, commit).await;
                    }
                }
                None
            }
            ServerMessage::Presence(news) => {
                self.emit_game(ClientUpdate::<G>::Presence(news));
                None
            }
            ServerMessage::Said(news) => {
                self.emit_game(ClientUpdate::<G>::Said(news));
                None
            }
            ServerMessage::Error {
                code: ErrorCode::TooLate,
                ..
            } if s.welcomed => {
                // Our seed came after the round's first roll (we came back
                // in the middle of it): nothing the person asked for.
                None
            }
            ServerMessage::Error { code, message } => {
                let refusal = Refusal { code, message };
                let seat_gone = s.fetching.is_some()
                    && matches!(code, ErrorCode::RoomNotFound | ErrorCode::BadToken);
                if !s.welcomed || seat_gone {
                    // The seat itself was refused (or the room is gone).
                    return Some(End::Closed(CloseReason::Refused(refusal)));
                }
                self.unanswered = None;
                self.report(Report::Refused(refusal));
                None
            }
            ServerMessage::Pong => None,
        }
    }

    /// Sends our part of the round's dice seed, once per commit.
    async fn send_seed(&mut self, ws: &mut Socket, commit: String) -> Option<End> {
        if self.watching || !self.options.seed_dice || self.seeded_for.as_ref() == Some(&commit) {
            return None;
        }
        self.seeded_for = Some(commit);
        let msg = ClientMessage::Seed {
            client_seed: client_seed(),
        };
        send(ws, &msg).await.err().map(End::Lost)
    }

    async fn on_welcome<G: Game>(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        welcome: Box<Welcome<G>>,
    ) -> Option<End> {
        if welcome.is_watching() {
            return self.on_watch_welcome(s, welcome);
        }
        let same_room = self
            .resume
            .as_ref()
            .is_some_and(|(room, _)| *room == welcome.room);
        let fits = self
            .replica::<G>()
            .is_some_and(|r| *r.rules() == welcome.rules && r.seq() <= welcome.seq);
        if !(same_room && fits) {
            self.replica = None;
        }
        let rebuilt = self.replica.is_none() || s.rebuilt;
        if self.replica.is_none() {
            self.replica = Some(AnyGame::of::<G>(Replica::<G>::new(welcome.rules)));
        }
        self.game = Some(welcome.game);
        let have = self.have();
        // Events follow a welcome only when it answers a resume from what
        // this side has; otherwise ask for them.
        let events_follow = s.fetching.take() == Some(have);
        let echo = s.welcomed && !s.rebuilt;
        s.rebuilt = false;
        self.resume = Some((welcome.room.clone(), welcome.token.clone()));
        self.seat = welcome.seat.map(SeatId::index);
        let commit = welcome.dice_commit.clone();
        if have < welcome.seq && !events_follow {
            s.fetching = Some(have);
            let fetch = ClientMessage::Resume {
                room: welcome.room.clone(),
                token: welcome.token.clone(),
                last_seq: have,
                protocol: self.options.asked(),
            };
            if let Err(e) = send(ws, &fetch).await {
                return Some(End::Lost(e));
            }
        }
        let welcome_seq = welcome.seq;
        if !echo {
            self.emit_game(ClientUpdate::Welcome { welcome, rebuilt });
        }
        if let Some(commit) = commit
            && let Some(end) = self.send_seed(ws, commit).await
        {
            return Some(end);
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

    async fn on_event<G: Game>(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        ev: Event<G>,
    ) -> Option<End> {
        if self
            .unanswered
            .as_ref()
            .and_then(seen_at)
            .is_some_and(|seq| ev.seq > seq)
        {
            // The game moved past the command: it was answered.
            self.unanswered = None;
        }
        let seat = self.seat.and_then(G::Seat::from_index);
        let watching = self.watching;
        let replica = self.replica::<G>()?;
        let have = replica.seq();
        if ev.seq <= have {
            // Sent again by a resume that overlapped live events.
            return None;
        }
        if ev.seq > have + 1 && watching {
            // A watcher has no token to fetch with: it watches again.
            return Some(End::Lost("an event went missing".into()));
        }
        if ev.seq > have + 1 {
            if s.fetching.is_none() {
                return self.fetch(ws, s, have).await;
            }
            return None;
        }
        match replica.apply(&ev) {
            Ok(_) => {
                let left = seat.is_some_and(|seat| ev.event == EventKind::Left { seat });
                self.emit_game(ClientUpdate::Event(ev));
                if left {
                    return Some(End::Closed(CloseReason::Left));
                }
                None
            }
            Err(_) if watching => Some(End::Lost("the game went wrong".into())),
            Err(_) => {
                // Our copy went wrong: rebuild the game from event 1.
                let rules = *replica.rules();
                self.replica = Some(AnyGame::of::<G>(Replica::<G>::new(rules)));
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
            protocol: self.options.asked(),
        };
        send(ws, &msg).await.err().map(End::Lost)
    }

    /// A watcher's welcome: the game as its state says (a watcher is sent
    /// no earlier events), then every event as it comes.
    fn on_watch_welcome<G: Game>(
        &mut self,
        s: &mut Session,
        welcome: Box<Welcome<G>>,
    ) -> Option<End> {
        self.watching = true;
        self.seat = None;
        self.game = Some(welcome.game);
        let Some(replica) = Replica::<G>::from_room_state(
            welcome.rules,
            welcome.seq,
            welcome.state.seats.iter().map(|s| s.info.clone()).collect(),
            welcome.state.position.as_ref(),
            welcome.state.roll,
            welcome.state.ranking.clone(),
        ) else {
            return Some(End::Closed(CloseReason::Refused(Refusal::new(
                ErrorCode::BadMessage,
                "the room's state does not read",
            ))));
        };
        self.replica = Some(AnyGame::of::<G>(replica));
        if !s.welcomed {
            s.welcomed = true;
            self.seated += 1;
        }
        self.queue.clear();
        self.emit_game(ClientUpdate::Welcome {
            welcome,
            rebuilt: true,
        });
        None
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

/// Opens the WebSocket at `url`, over TLS for `wss://` (the roots of
/// [`tls::client_config`](crate::net::tls::client_config)).
async fn open_socket(url: String) -> Result<Socket, String> {
    let connector = if url.starts_with("wss://") {
        let config = crate::net::tls::client_config().map_err(|e| e.to_string())?;
        Some(tokio_tungstenite::Connector::Rustls(config))
    } else {
        None
    };
    tokio_tungstenite::connect_async_tls_with_config(url, None, true, connector)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
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
