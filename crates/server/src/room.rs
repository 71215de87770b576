//! One room: a task that owns a [`Table`] of its game, the seats' tokens
//! and the connections in the room. Connections send it messages that name
//! no game ([`RoomMsg`]); it reads them in its game's terms and answers
//! with frames in their outboxes. Everything a room does happens on its
//! own task, one message at a time, so its events have one order for
//! everyone.

use super::clock::Ticker;
use super::config::ServerConfig;
use super::fair::FairDice;
use super::mailbox::{ConnId, Outgoing, Peer, RoomMsg, RoomSummary};
use super::registry::Lease;
use super::state::RoomLog;
use ca_ngua_core::game::{Level, SeatId};
use ca_ngua_core::table::{Command, Controller, ErrorCode, Event, Refusal, Step, Table};
use ca_ngua_games::Listed;
use ca_ngua_protocol::{BASE_PROTOCOL, ChatMode, RoomCommand, read_move};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;
use tracing::info;

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

/// A room of game `G`. Seats are kept by their number
/// ([`SeatId::index`]), `G::SEATS` of each.
pub(super) struct Room<G: Listed> {
    /// The room's code, held until the room ends.
    pub(super) lease: Lease,
    pub(super) table: Table<G>,
    /// Each seat's token, as its SHA-256 hash (all the room keeps).
    pub(super) tokens: Vec<Option<String>>,
    /// The room's file in the state folder (`--state-dir`), written before
    /// anyone is sent what it records.
    pub(super) log: Option<RoomLog>,
    /// The controllers as last written to `log`.
    pub(super) logged_controllers: Vec<Controller>,
    /// How many play.
    pub(super) players: usize,
    /// The connection holding each seat.
    pub(super) members: Vec<Option<Peer>>,
    /// The protocol version each seat's connection is served.
    pub(super) versions: Vec<u32>,
    /// Those watching (version 3).
    pub(super) watchers: Vec<Watcher>,
    /// When each absent person's seat goes to a computer.
    pub(super) away_due: Vec<Option<Instant>>,
    bot: Bot,
    /// Since when nobody is connected.
    pub(super) empty_since: Option<Instant>,
    /// The level of the computers that fill seats and stand in.
    pub(super) level: Level,
    pub(super) wake: Arc<Notify>,
    pub(super) config: Arc<ServerConfig>,
    /// The moves of a hand-moved clock (tests).
    pub(super) ticker: Ticker,
    /// What the room lets its people say (version 3).
    pub(super) chat: ChatMode,
    /// Seconds per turn, 0 for no clock (version 3).
    pub(super) turn_secs: u32,
    /// When each connection last said something, for the rate limit.
    pub(super) says: HashMap<ConnId, VecDeque<Instant>>,
    /// The dice anyone can check (games with dice).
    pub(super) dice: Option<FairDice<G>>,
    /// When the round being played's commit was published.
    pub(super) commit_at: Instant,
    /// A roll that waits for the players' dice seeds: the connection that
    /// sent it, its seat and the event it was sent after.
    pub(super) waiting_roll: Option<(ConnId, G::Seat, u64)>,
    /// A start that waits a moment for the seeds of those just seated:
    /// the host's connection, the level, until when.
    pub(super) waiting_start: Option<(ConnId, Level, Instant)>,
    /// When a seat's person was last welcomed (their seed follows).
    pub(super) seated_at: Instant,
    /// The turn clock of the seat to act.
    pub(super) clock: Option<TurnClock<G::Seat>>,
    /// Timed-out turns in a row, by seat.
    pub(super) timeouts: Vec<u32>,
    /// Each event's round and, for a roll, its number in the round.
    pub(super) extras: Vec<(u32, u32)>,
    /// Once the game is over, the seats whose person wants another round.
    pub(super) rematch: Vec<bool>,
    /// Once the game is over, the seats whose person left the room (no
    /// `left` event can follow `over`).
    pub(super) left_over: Vec<bool>,
}

/// Someone watching a room.
#[derive(Debug)]
pub(super) struct Watcher {
    pub(super) peer: Peer,
    pub(super) name: String,
}

/// A human seat's turn clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct TurnClock<S> {
    pub(super) seat: S,
    /// The event after which it started.
    pub(super) seq: u64,
    pub(super) due: Instant,
}

impl<G: Listed> std::fmt::Debug for Room<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("code", &self.lease.code())
            .field("game", &G::ID)
            .field("seq", &self.table.seq())
            .finish_non_exhaustive()
    }
}

/// How long after a person was seated a start waits for the seeds (they
/// send theirs as soon as they are welcomed; a client that sends none
/// delays the start no longer than this).
const START_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// Every seat of game `G`, in seat order.
pub(super) fn all_seats<G: Listed>() -> impl Iterator<Item = G::Seat> {
    (0..G::SEATS).filter_map(G::Seat::from_index)
}

/// The controllers line of a room file, as tables save them.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct Controllers(
    #[serde(with = "ca_ngua_core::game::wire::per_seat")] pub(super) Vec<Controller>,
);

impl<G: Listed> Room<G> {
    /// A room around `table` with nobody connected yet, as of `now`: no
    /// token, no file, nobody away, computers of medium level, the chat
    /// and the clock as by default. Opening and reopening set the rest.
    pub(super) fn new(
        lease: Lease,
        table: Table<G>,
        players: usize,
        dice: Option<FairDice<G>>,
        wake: Arc<Notify>,
        config: Arc<ServerConfig>,
        now: Instant,
    ) -> Room<G> {
        Room {
            lease,
            table,
            tokens: vec![None; G::SEATS],
            log: None,
            logged_controllers: Vec::new(),
            players,
            members: vec![None; G::SEATS],
            versions: vec![BASE_PROTOCOL; G::SEATS],
            watchers: Vec::new(),
            away_due: vec![None; G::SEATS],
            bot: Bot::Idle,
            empty_since: None,
            level: Level::Medium,
            wake,
            ticker: config.clock.ticker(),
            config,
            chat: ChatMode::default(),
            turn_secs: 0,
            says: HashMap::new(),
            dice,
            commit_at: now,
            waiting_roll: None,
            waiting_start: None,
            seated_at: now,
            clock: None,
            timeouts: vec![0; G::SEATS],
            extras: Vec::new(),
            rematch: vec![false; G::SEATS],
            left_over: vec![false; G::SEATS],
        }
    }

    /// Seats the host (the first seat) and welcomes them.
    pub(super) fn welcome_host(
        mut self,
        host: G::Seat,
        token: String,
        peer: Peer,
        protocol: u32,
    ) -> Room<G> {
        let events = self.table.events().to_vec();
        self.persist(&events);
        for ev in &events {
            self.note_extras(ev);
            self.record(ev);
        }
        self.lease.count_events(events.len());
        self.set_token(host, Some(&token));
        self.members[host.index()] = Some(peer.clone());
        self.versions[host.index()] = protocol;
        self.welcome(host, &peer, &token, None);
        self
    }

    /// Now, on the room's clock.
    pub(super) fn now(&self) -> Instant {
        self.config.clock.now()
    }

    /// Writes events, and the controllers if they changed, to the state
    /// folder (before anyone is sent them).
    fn persist(&mut self, events: &[Event<G>]) {
        let Some(log) = &mut self.log else {
            return;
        };
        for ev in events {
            match serde_json::to_value(ev) {
                Ok(value) => log.event(value),
                Err(e) => {
                    tracing::error!(room = %self.lease.code(), "an event does not write: {e}")
                }
            }
        }
        let controllers = self.table.controllers();
        if controllers != self.logged_controllers.as_slice() {
            match serde_json::to_value(Controllers(controllers.to_vec())) {
                Ok(value) => log.controllers(value),
                Err(e) => {
                    tracing::error!(room = %self.lease.code(), "the controllers do not write: {e}")
                }
            }
            self.logged_controllers = controllers.to_vec();
        }
    }

    pub(super) fn code(&self) -> &str {
        self.lease.code()
    }

    /// Runs the room until it expires or the server stops; its code is
    /// given back when it ends.
    pub(super) async fn run(
        mut self,
        mut inbox: mpsc::Receiver<RoomMsg>,
        mut shutdown: watch::Receiver<bool>,
    ) {
        let wake = Arc::clone(&self.wake);
        loop {
            // Whatever the last message or timer changed, the app hosting
            // this server sees.
            self.lease.publish_presence(|| self.presence());
            let now = self.now();
            self.schedule_bot(now);
            let next = self.next_deadline();
            let msg = if next.is_some_and(|t| t <= self.now()) {
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
                () = self.ticker.sleep_until(next) => None,
                () = wake.notified() => None,
                _ = shutdown.changed() => break,
                }
            };
            if let Some(msg) = msg {
                self.handle(msg);
            }
            let now = self.now();
            let acted = self.fire_timers(now);
            if self.expired(now) {
                // Over for good: nothing to bring back after a restart.
                if let Some(log) = self.log.take() {
                    log.remove();
                }
                break;
            }
            if acted && self.config.bot_delay.is_zero() {
                // Computers acting back to back: let other tasks run.
                tokio::task::yield_now().await;
            }
        }
        info!(room = %self.code(), seq = self.table.seq(), "room closed");
    }

    fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Join {
                peer,
                name,
                protocol,
                reply,
            } => {
                let result = self.join(peer, &name, protocol);
                let _ = reply.send(result);
            }
            RoomMsg::Resume {
                peer,
                token,
                last_seq,
                protocol,
                reply,
            } => {
                let result = self.resume(peer, &token, last_seq, protocol);
                let _ = reply.send(result);
            }
            RoomMsg::Watch { peer, name, reply } => {
                let result = self.watch(peer, name);
                let _ = reply.send(result);
            }
            RoomMsg::Act {
                conn,
                seat,
                command,
            } => match seat {
                Some(seat) => {
                    if let Some(seat) = G::Seat::from_index(seat) {
                        self.act(conn, seat, command);
                    }
                }
                None => self.watcher_act(conn, command),
            },
            RoomMsg::Detach { conn } => self.detach(conn),
            RoomMsg::Describe { reply } => {
                let r = self.table.replica();
                let _ = reply.send(RoomSummary {
                    game: G::ID,
                    players: self.players,
                    seated: r.seats().iter().map(|s| s.name.clone()).collect(),
                    started: r.is_started(),
                    watchers: self.watchers.len(),
                    watch_open: self.watchers.len() < self.config.limits.max_watchers,
                });
            }
        }
    }

    fn act(&mut self, conn: ConnId, seat: G::Seat, command: RoomCommand) {
        let Some(peer) = self.members[seat.index()].clone() else {
            return;
        };
        if peer.id != conn {
            // A connection that lost its seat to a newer one.
            return;
        }
        let result = match command {
            RoomCommand::Start { level } => {
                if self.host_seat() != Some(seat) {
                    Err(Refusal::new(
                        ErrorCode::NotHost,
                        "only the host starts the game",
                    ))
                } else if self.table.replica().is_started() {
                    Err(Refusal::new(
                        ErrorCode::AlreadyStarted,
                        "the game has already started",
                    ))
                } else if !self.seeds_in() && self.now() < self.seated_at + START_WAIT {
                    // A moment for the seeds of those who just sat down,
                    // so that they come before the game rather than in it.
                    let due = self.seated_at + START_WAIT;
                    self.waiting_start = Some((conn, level, due));
                    return;
                } else {
                    self.start(level)
                }
            }
            RoomCommand::Roll { seq } => {
                let Some(seq) = self.bring_back(seat, seq) else {
                    return;
                };
                if !G::HAS_DICE || self.dice_ready(self.now()) {
                    // PROTOCOL.md: a game without dice refuses `roll` (no_dice).
                    self.command(seat, seq, Command::Roll)
                } else {
                    // Checked now, carried out once the seeds are in.
                    match self.table.check_command(seat, seq, Command::Roll) {
                        Ok(()) => {
                            self.waiting_roll = Some((conn, seat, seq));
                            return;
                        }
                        Err(refusal) => Err(refusal),
                    }
                }
            }
            // The move is read in this room's game's notation; a pass is
            // no move a player may choose (the table passes by itself).
            RoomCommand::Move { seq, mv } => match read_move::<G>(&mv) {
                Ok(mv) => match self.bring_back(seat, seq) {
                    Some(seq) => self.command(seat, seq, Command::Move(mv)),
                    None => return,
                },
                Err(refusal) => Err(refusal),
            },
            RoomCommand::Leave => {
                if self.table.replica().is_over() {
                    self.left_after_over(seat);
                } else {
                    self.rematch_choice(seat, false, true);
                }
                let events = self.table.leave(seat, self.level);
                self.broadcast(&events);
                self.set_token(seat, None);
                self.members[seat.index()] = None;
                self.away_due[seat.index()] = None;
                let now = self.now();
                self.note_empty(now);
                return;
            }
            RoomCommand::Say { what } => {
                self.say(conn, Some(seat), what);
                return;
            }
            RoomCommand::Again => self.again(seat),
            RoomCommand::Rematch { ready } => {
                if !self.table.replica().is_over() {
                    Err(Refusal::new(ErrorCode::NotOver, "the game is not over"))
                } else {
                    self.rematch_choice(seat, ready, false);
                    return;
                }
            }
            RoomCommand::Back => Ok(self.take_back(seat)),
            RoomCommand::Seed { client_seed } => self.seed(seat, client_seed),
        };
        match result {
            Ok(events) => self.broadcast(&events),
            Err(refusal) => peer.send_error(&refusal),
        }
    }

    /// Starts the game: empty seats get computers of `level`.
    pub(super) fn start(&mut self, level: Level) -> Result<Vec<Event<G>>, Refusal> {
        self.waiting_start = None;
        self.level = level;
        if let Some(log) = &mut self.log {
            log.level(level);
        }
        self.table.start(level, |_| String::new())
    }

    /// A seat's own roll or move: its run of timed-out turns ends.
    fn command(
        &mut self,
        seat: G::Seat,
        seq: u64,
        cmd: Command<G>,
    ) -> Result<Vec<Event<G>>, Refusal> {
        let events = self.table.command(seat, seq, cmd)?;
        self.timeouts[seat.index()] = 0;
        Ok(events)
    }

    /// Records events and sends them to everyone in the room (the last
    /// one with the turn clock it starts, if one does).
    pub(super) fn broadcast(&mut self, events: &[Event<G>]) {
        self.persist(events);
        for ev in events {
            self.note_extras(ev);
        }
        let started = if events.is_empty() {
            None
        } else {
            self.arm_clock()
        };
        for (i, ev) in events.iter().enumerate() {
            self.record(ev);
            let clock = if i + 1 == events.len() { started } else { None };
            let frame = self.event_frame(ev, clock);
            for seat in all_seats::<G>() {
                let Some(peer) = &self.members[seat.index()] else {
                    continue;
                };
                if !peer.send(Outgoing::Frame(frame.clone())) {
                    self.drop_slow(seat);
                }
            }
            self.send_watchers(&frame);
            if let ca_ngua_core::table::EventKind::Back { seat } = ev.event
                && self.members[seat.index()].is_none()
            {
                // Back while the stand-in finished its turn, but gone
                // again meanwhile: the away clock starts over.
                self.away_due[seat.index()] = Some(self.now() + self.config.away);
            }
        }
        if !events.is_empty() {
            self.lease.count_events(events.len());
            self.cap_events();
        }
    }

    /// Logs an event (one line per event, no names, no tokens).
    fn record(&self, ev: &Event<G>) {
        let kind = ev.event.name();
        match ev.event.seat() {
            Some(seat) => {
                info!(room = %self.code(), seq = ev.seq, kind = %kind, seat = %seat.code())
            }
            None => info!(room = %self.code(), seq = ev.seq, kind = %kind),
        }
    }

    /// A game past the room's event cap ends now, the places still open
    /// settled as the rules settle them (only rules with a huge roll cap
    /// and many away/back changes get there).
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
        let to_roll = matches!(
            self.table.replica().next(),
            Some(ca_ngua_core::game::Next::Roll(_))
        );
        if self.table.computer_to_act().is_none() || (to_roll && !self.dice_ready(now)) {
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
        let clock = self.clock.map(|c| c.due);
        let seeds = self.seeds_deadline();
        let start = self.waiting_start.map(|(_, _, due)| due);
        self.away_due
            .iter()
            .flatten()
            .copied()
            .chain(bot)
            .chain(expiry)
            .chain(clock)
            .chain(seeds)
            .chain(start)
            .min()
    }

    /// Hands absent people's seats to computers and lets a computer act
    /// when its time has come; true when a computer acted.
    fn fire_timers(&mut self, now: Instant) -> bool {
        self.fire_v3_timers(now);
        for seat in all_seats::<G>() {
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
