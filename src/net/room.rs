//! One room: a task that owns a [`Table`], the seats' tokens and the
//! connections in the room. Connections send it messages; it answers with
//! frames in their outboxes. Everything a room does happens on its own
//! task, one message at a time, so its events have one order for everyone.

use super::protocol::{
    CLOSE_POLICY, CLOSE_TAKEN_OVER, PROTOCOL_VERSION, RoomState, ServerMessage, Welcome, host_of,
};
use super::server::{Registry, ServerConfig};
use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::{Move, Seat};
use crate::game::Level;
use crate::table::{Answer, Controller, ErrorCode, Job, Refusal, Runner, SeatKind};

type BotJob = crate::table::BotJob<CaNgua>;
type Command = crate::table::Command<CaNgua>;
type Event = crate::table::Event<CaNgua>;
type EventKind = crate::table::EventKind<CaNgua>;
type Step = crate::table::Step<CaNgua>;
type Table = crate::table::Table<CaNgua>;
use axum::extract::ws::Utf8Bytes;
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, oneshot, watch};
use tokio::time::Instant;
use tracing::{debug, info};

/// A connection's number, unique in the server's life.
pub(crate) type ConnId = u64;

/// Why a connection is closed: the close code and its reason.
pub(crate) type CloseWhy = Option<(u16, &'static str)>;

/// What a connection's writer sends.
#[derive(Debug)]
pub(crate) enum Outgoing {
    /// One text frame.
    Frame(Utf8Bytes),
    /// Several text frames in a row (a welcome and the events it missed:
    /// one slot of the outbox, however long the list).
    Frames(Vec<Utf8Bytes>),
}

/// A connection as a room sees it: where its frames go and how to close it.
#[derive(Clone, Debug)]
pub(crate) struct Peer {
    pub(crate) id: ConnId,
    pub(crate) out: mpsc::Sender<Outgoing>,
    pub(crate) close: watch::Sender<CloseWhy>,
}

impl Peer {
    /// Queues frames; false when the connection is gone or too far behind.
    fn send(&self, out: Outgoing) -> bool {
        self.out.try_send(out).is_ok()
    }

    fn send_error(&self, refusal: &Refusal) {
        let _ = self.send(frame(&ServerMessage::error(refusal)));
    }

    /// Closes the connection; the first reason given is the one sent.
    pub(crate) fn close(&self, why: (u16, &'static str)) {
        self.close.send_if_modified(|now| {
            let first = now.is_none();
            if first {
                *now = Some(why);
            }
            first
        });
    }
}

fn frame(msg: &ServerMessage) -> Outgoing {
    Outgoing::Frame(msg.to_json().into())
}

/// A seat given to a connection (by a join or a resume).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entered {
    /// The seat.
    pub(crate) seat: Seat,
    /// How many events were sent again (a resume's cost).
    pub(crate) resent: usize,
}

/// A seat's command, from the connection that holds the seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Act {
    Start(Level),
    Roll(u64),
    Move(u64, Move),
    Leave,
}

/// A message to a room.
#[derive(Debug)]
pub(crate) enum RoomMsg {
    /// A person joins before the start.
    Join {
        peer: Peer,
        name: String,
        reply: oneshot::Sender<Result<Entered, Refusal>>,
    },
    /// A person comes back to their seat.
    Resume {
        peer: Peer,
        token: String,
        last_seq: u64,
        reply: oneshot::Sender<Result<Entered, Refusal>>,
    },
    /// A seated connection's command.
    Act { conn: ConnId, seat: Seat, act: Act },
    /// The connection closed (or went to another room).
    Detach { conn: ConnId },
}

/// Thinks for the room's computer players on tokio's blocking threads (a
/// Hard decision takes up to tens of milliseconds: never on the async
/// workers) and wakes the room when done.
#[derive(Debug)]
struct PoolRunner {
    job: Option<(u64, oneshot::Receiver<Option<Move>>)>,
    done: Option<(u64, Option<Move>)>,
    wake: Arc<Notify>,
}

impl Runner<BotJob> for PoolRunner {
    fn start(&mut self, job: BotJob) {
        let (tx, rx) = oneshot::channel();
        let wake = Arc::clone(&self.wake);
        let ticket = job.ticket();
        self.done = None;
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => {
                // The room may be gone when it finishes: the answer is
                // dropped with the channel, and nothing outlives the room
                // but this one short computation.
                rt.spawn_blocking(move || {
                    let _ = tx.send(job.decide());
                    wake.notify_one();
                });
            }
            Err(_) => {
                let _ = tx.send(job.decide());
            }
        }
        self.job = Some((ticket, rx));
    }

    fn answer(&mut self, ticket: u64) -> Answer<Move> {
        if let Some((t, mv)) = self.done
            && t == ticket
        {
            return mv.map_or(Answer::Failed, Answer::Ready);
        }
        let Some((t, rx)) = &mut self.job else {
            return Answer::NotAsked;
        };
        if *t != ticket {
            return Answer::NotAsked;
        }
        match rx.try_recv() {
            Ok(mv) => {
                self.done = Some((ticket, mv));
                self.job = None;
                mv.map_or(Answer::Failed, Answer::Ready)
            }
            Err(oneshot::error::TryRecvError::Empty) => Answer::Thinking,
            Err(oneshot::error::TryRecvError::Closed) => Answer::Failed,
        }
    }
}

/// Where the room's computer players are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bot {
    /// No computer to act, or not yet noticed.
    Idle,
    /// A computer acts at this time (paced so people can follow).
    Due(Instant),
    /// It acts once its runner answers.
    Thinking,
}

/// A room.
pub(crate) struct Room {
    code: String,
    table: Table,
    tokens: [Option<String>; 4],
    /// How many play.
    players: usize,
    /// The connection holding each seat.
    members: [Option<Peer>; 4],
    /// When each absent person's seat goes to a computer.
    away_due: [Option<Instant>; 4],
    bot: Bot,
    /// Since when nobody is connected.
    empty_since: Option<Instant>,
    /// The level of the computers that fill seats and stand in.
    level: Level,
    wake: Arc<Notify>,
    config: Arc<ServerConfig>,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("code", &self.code)
            .field("seq", &self.table.seq())
            .finish_non_exhaustive()
    }
}

/// The event's kind as the protocol names it, for the log.
fn kind_name(ev: &EventKind) -> &'static str {
    match ev {
        EventKind::Seated { .. } => "seated",
        EventKind::Started { .. } => "started",
        EventKind::Rolled { .. } => "rolled",
        EventKind::Moved { .. } => "moved",
        EventKind::Passed { .. } => "passed",
        EventKind::Away { .. } => "away",
        EventKind::Back { .. } => "back",
        EventKind::Left { .. } => "left",
        EventKind::Over { .. } => "over",
    }
}

impl Room {
    /// A room around a lobby table whose host (seat `host`, token
    /// `token`) is `peer`; the host is welcomed at once.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn open(
        code: String,
        table: Table,
        players: usize,
        host: Seat,
        token: String,
        peer: Peer,
        config: Arc<ServerConfig>,
        wake: Arc<Notify>,
    ) -> Room {
        let mut room = Room {
            code,
            table,
            tokens: [None, None, None, None],
            players,
            members: [None, None, None, None],
            away_due: [None; 4],
            bot: Bot::Idle,
            empty_since: None,
            level: Level::Medium,
            wake,
            config,
        };
        for ev in room.table.events() {
            room.record(ev);
        }
        room.tokens[host.index()] = Some(token);
        room.members[host.index()] = Some(peer.clone());
        room.welcome(host, &peer, None);
        room
    }

    /// A runner for a room's table, waking the room through `wake`.
    pub(crate) fn runner(wake: &Arc<Notify>) -> Box<dyn Runner<BotJob>> {
        Box::new(PoolRunner {
            job: None,
            done: None,
            wake: Arc::clone(wake),
        })
    }

    /// Runs the room until it expires or the server stops.
    pub(crate) async fn run(
        mut self,
        mut inbox: mpsc::Receiver<RoomMsg>,
        mut shutdown: watch::Receiver<bool>,
        registry: Arc<Registry>,
    ) {
        let wake = Arc::clone(&self.wake);
        loop {
            self.schedule_bot(Instant::now());
            let next = self.next_deadline();
            let msg = if next.is_some_and(|t| t <= Instant::now()) {
                // Due now (a computer without a pause): no timer, whose
                // next tick may be a millisecond away; only what waits.
                if *shutdown.borrow() {
                    break;
                }
                match inbox.try_recv() {
                    Ok(msg) => Some(msg),
                    Err(mpsc::error::TryRecvError::Empty) => None,
                    Err(mpsc::error::TryRecvError::Disconnected) => break,
                }
            } else {
                tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(msg) => Some(msg),
                    None => break,
                },
                () = sleep_until(next) => None,
                () = wake.notified() => None,
                _ = shutdown.changed() => break,
                }
            };
            if let Some(msg) = msg {
                self.handle(msg);
            }
            let now = Instant::now();
            let acted = self.fire_timers(now);
            if self.expired(now) {
                break;
            }
            if acted && self.config.bot_delay.is_zero() {
                // Computers acting back to back: let other tasks run.
                tokio::task::yield_now().await;
            }
        }
        registry.close_room(&self.code);
        info!(room = %self.code, seq = self.table.seq(), "room closed");
    }

    fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Join { peer, name, reply } => {
                let result = self.join(peer, &name);
                let _ = reply.send(result);
            }
            RoomMsg::Resume {
                peer,
                token,
                last_seq,
                reply,
            } => {
                let result = self.resume(peer, &token, last_seq);
                let _ = reply.send(result);
            }
            RoomMsg::Act { conn, seat, act } => self.act(conn, seat, act),
            RoomMsg::Detach { conn } => self.detach(conn),
        }
    }

    fn join(&mut self, peer: Peer, name: &str) -> Result<Entered, Refusal> {
        let token = super::server::new_token().ok_or_else(|| {
            Refusal::new(ErrorCode::RateLimited, "the server cannot seat you now")
        })?;
        let (seat, events) = self.table.join(name)?;
        self.detach(peer.id);
        // Everyone already here hears of the new seat; the newcomer's
        // welcome already holds it.
        self.broadcast(&events);
        self.tokens[seat.index()] = Some(token);
        self.attach(seat, peer, None);
        Ok(Entered { seat, resent: 0 })
    }

    fn resume(&mut self, peer: Peer, token: &str, last_seq: u64) -> Result<Entered, Refusal> {
        let seat = Seat::ALL
            .into_iter()
            .find(|s| {
                self.tokens[s.index()]
                    .as_deref()
                    .is_some_and(|t| same_token(t, token))
            })
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat here"))?;
        match &self.members[seat.index()] {
            Some(old) if old.id == peer.id => {}
            Some(old) => {
                debug!(room = %self.code, seat = %seat.letter(), "seat taken over by a new connection");
                old.close((CLOSE_TAKEN_OVER, "the seat was resumed elsewhere"));
                self.members[seat.index()] = None;
            }
            None => {}
        }
        // A connection holds one seat.
        for s in Seat::ALL {
            if s != seat
                && self.members[s.index()]
                    .as_ref()
                    .is_some_and(|p| p.id == peer.id)
            {
                self.unseat(s);
            }
        }
        self.attach(seat, peer, Some(last_seq));
        let resent = self.table.events_since(last_seq).len();
        if self.table.replica().is_away(seat) {
            let events = self.table.back(seat);
            self.broadcast(&events);
        }
        Ok(Entered { seat, resent })
    }

    /// Seats a connection and welcomes it (with the events after
    /// `last_seq`, for a resume).
    fn attach(&mut self, seat: Seat, peer: Peer, last_seq: Option<u64>) {
        self.members[seat.index()] = Some(peer.clone());
        self.away_due[seat.index()] = None;
        self.empty_since = None;
        self.welcome(seat, &peer, last_seq);
    }

    fn welcome(&mut self, seat: Seat, peer: &Peer, last_seq: Option<u64>) {
        let replica = self.table.replica();
        let mut state = RoomState::of(replica);
        for info in &mut state.seats {
            if info.kind == SeatKind::Human {
                info.connected = self.members[info.seat.index()].is_some();
            }
        }
        let welcome = Welcome {
            protocol: PROTOCOL_VERSION,
            room: self.code.clone(),
            seat,
            token: self.tokens[seat.index()].clone().unwrap_or_default(),
            host: host_of(replica) == Some(seat),
            players: self.players,
            rules: *self.table.rules(),
            seq: self.table.seq(),
            state,
        };
        let mut frames = vec![Utf8Bytes::from(
            ServerMessage::Welcome(Box::new(welcome)).to_json(),
        )];
        if let Some(last) = last_seq {
            // Written again rather than kept: resuming is rare, and the
            // events alone take a third of the memory of events and frames.
            frames.extend(
                self.table
                    .events_since(last)
                    .iter()
                    .map(|ev| Utf8Bytes::from(ServerMessage::Event(ev.clone()).to_json())),
            );
        }
        if !peer.send(Outgoing::Frames(frames)) {
            self.drop_slow(seat);
        }
    }

    fn act(&mut self, conn: ConnId, seat: Seat, act: Act) {
        let Some(peer) = self.members[seat.index()].clone() else {
            return;
        };
        if peer.id != conn {
            // A connection that lost its seat to a newer one.
            return;
        }
        let result = match act {
            Act::Start(level) => {
                if host_of(self.table.replica()) != Some(seat) {
                    Err(Refusal::new(
                        ErrorCode::NotHost,
                        "only the host starts the game",
                    ))
                } else {
                    self.level = level;
                    self.table.start(level, |_| String::new())
                }
            }
            Act::Roll(seq) => self.table.command(seat, seq, Command::Roll),
            Act::Move(seq, mv) => self.table.command(seat, seq, Command::Move(mv)),
            Act::Leave => {
                let events = self.table.leave(seat, self.level);
                self.broadcast(&events);
                self.tokens[seat.index()] = None;
                self.members[seat.index()] = None;
                self.away_due[seat.index()] = None;
                self.note_empty(Instant::now());
                return;
            }
        };
        match result {
            Ok(events) => self.broadcast(&events),
            Err(refusal) => peer.send_error(&refusal),
        }
    }

    fn detach(&mut self, conn: ConnId) {
        for seat in Seat::ALL {
            if self.members[seat.index()]
                .as_ref()
                .is_some_and(|p| p.id == conn)
            {
                self.unseat(seat);
            }
        }
    }

    /// The seat's connection is gone: its person has `away` to come back.
    fn unseat(&mut self, seat: Seat) {
        self.members[seat.index()] = None;
        let now = Instant::now();
        if self.table.controller(seat) == Controller::Elsewhere && !self.table.replica().is_over() {
            self.away_due[seat.index()] = Some(now + self.config.away);
        }
        self.note_empty(now);
    }

    fn note_empty(&mut self, now: Instant) {
        if self.members.iter().all(Option::is_none) && self.empty_since.is_none() {
            self.empty_since = Some(now);
        }
    }

    /// A connection whose outbox is full is too far behind: it is closed,
    /// and its client resumes from the last event it has.
    fn drop_slow(&mut self, seat: Seat) {
        if let Some(peer) = &self.members[seat.index()] {
            debug!(room = %self.code, seat = %seat.letter(), "connection too far behind");
            peer.close((CLOSE_POLICY, "too far behind; resume"));
        }
        self.unseat(seat);
    }

    /// Records events and sends them to everyone in the room.
    fn broadcast(&mut self, events: &[Event]) {
        for ev in events {
            let frame = self.record(ev);
            for seat in Seat::ALL {
                let Some(peer) = &self.members[seat.index()] else {
                    continue;
                };
                if !peer.send(Outgoing::Frame(frame.clone())) {
                    self.drop_slow(seat);
                }
            }
            if let EventKind::Back { seat } = ev.event
                && self.members[seat.index()].is_none()
            {
                // Back while the stand-in finished its turn, but gone
                // again meanwhile: the away clock starts over.
                self.away_due[seat.index()] = Some(Instant::now() + self.config.away);
            }
        }
        if !events.is_empty() {
            self.cap_events();
        }
    }

    /// An event's frame, logged (one line per event, no tokens).
    fn record(&self, ev: &Event) -> Utf8Bytes {
        let frame = Utf8Bytes::from(ServerMessage::Event(ev.clone()).to_json());
        match ev.event.seat() {
            Some(seat) => info!(
                room = %self.code,
                seq = ev.seq,
                kind = %kind_name(&ev.event),
                seat = %seat.letter()
            ),
            None => info!(room = %self.code, seq = ev.seq, kind = %kind_name(&ev.event)),
        }
        frame
    }

    /// A game past the room's event cap ends now, the places still open
    /// settled as at the roll cap (only rules with a huge roll cap and
    /// many away/back changes get there).
    fn cap_events(&mut self) {
        let replica = self.table.replica();
        if self.table.seq() >= self.config.limits.max_events_per_room
            && replica.is_started()
            && !replica.is_over()
        {
            let events = self.table.conclude();
            self.broadcast(&events);
        }
    }

    fn schedule_bot(&mut self, now: Instant) {
        if self.table.computer_to_act().is_none() {
            self.bot = Bot::Idle;
        } else if self.bot == Bot::Idle {
            self.bot = Bot::Due(now + self.config.bot_delay);
            // Think during the pause.
            self.table.prepare_computer();
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        let bot = match self.bot {
            Bot::Due(t) => Some(t),
            Bot::Idle | Bot::Thinking => None,
        };
        let expiry = self.empty_since.map(|t| t + self.idle());
        self.away_due
            .iter()
            .flatten()
            .copied()
            .chain(bot)
            .chain(expiry)
            .min()
    }

    /// Hands absent people's seats to computers and lets a computer act
    /// when its time has come; true when a computer acted.
    fn fire_timers(&mut self, now: Instant) -> bool {
        for seat in Seat::ALL {
            if self.away_due[seat.index()].is_some_and(|t| t <= now) {
                self.away_due[seat.index()] = None;
                if self.members[seat.index()].is_none() {
                    let events = self.table.away(seat, self.level);
                    self.broadcast(&events);
                }
            }
        }
        let ready = match self.bot {
            Bot::Due(t) => t <= now,
            Bot::Thinking => true,
            Bot::Idle => false,
        };
        if !ready {
            return false;
        }
        match self.table.computer_step() {
            Step::Acted(events) => {
                self.bot = Bot::Idle;
                self.broadcast(&events);
                true
            }
            Step::Thinking => {
                self.bot = Bot::Thinking;
                false
            }
            Step::Idle => {
                self.bot = Bot::Idle;
                false
            }
        }
    }

    fn expired(&self, now: Instant) -> bool {
        self.empty_since.is_some_and(|t| now >= t + self.idle())
    }

    /// How long the room stays open with nobody connected: less once the
    /// game is over (nobody needs to come back to it for long).
    fn idle(&self) -> std::time::Duration {
        let limits = &self.config.limits;
        if self.table.replica().is_over() {
            limits.finished_room_idle.min(limits.room_idle)
        } else {
            limits.room_idle
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// Compares tokens in time that does not depend on where they differ.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
