//! One room: a task that owns a [`Table`] of its game, the seats' tokens
//! and the connections in the room. Connections send it messages that name
//! no game ([`RoomMsg`]); it reads them in its game's terms and answers
//! with frames in their outboxes. Everything a room does happens on its
//! own task, one message at a time, so its events have one order for
//! everyone.

use super::clock::Ticker;
use super::config::ServerConfig;
use super::mailbox::{ConnId, Peer, RoomMsg, RoomSummary};
use super::registry::Lease;
use super::state::RoomLog;
use ca_ngua_core::game::{Level, SeatId};
use ca_ngua_core::table::{Command, Controller, ErrorCode, Event, Refusal, Table};
use ca_ngua_games::Listed;
use ca_ngua_protocol::{BASE_PROTOCOL, ChatMode, RoomCommand, read_move};
use clock::TurnClocks;
use dice::{FairDice, RoomDice};
use seats::Seats;
use std::collections::HashMap;
use std::sync::Arc;
use talk::Talk;
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;
use tracing::info;

mod clock;
pub(crate) mod dice;
pub(crate) mod events;
pub(crate) mod open;
mod rounds;
mod seats;
mod talk;
mod timers;

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
    /// The room's file in the state folder (`--state-dir`), written before
    /// anyone is sent what it records.
    pub(super) log: Option<RoomLog>,
    /// The controllers as last written to `log`.
    pub(super) logged_controllers: Vec<Controller>,
    /// How many play.
    pub(super) players: usize,
    /// Who holds each seat, and how (seats.rs).
    pub(super) seats: Seats,
    bot: Bot,
    /// The level of the computers that fill seats and stand in.
    pub(super) level: Level,
    pub(super) wake: Arc<Notify>,
    pub(super) config: Arc<ServerConfig>,
    /// The moves of a hand-moved clock (tests).
    pub(super) ticker: Ticker,
    /// Who watches and what is said (talk.rs, version 3).
    pub(super) talk: Talk,
    /// The turn clock (clock.rs, version 3).
    pub(super) clock: TurnClocks<G::Seat>,
    /// The dice anyone can check and what waits for them (dice.rs).
    pub(super) dice: RoomDice<G>,
    /// Once the game is over, the seats whose person wants another round.
    pub(super) rematch: Vec<bool>,
    /// Once the game is over, the seats whose person left the room (no
    /// `left` event can follow `over`).
    pub(super) left_over: Vec<bool>,
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

/// A refusal that changes nothing, for `code`.
fn refuse(code: ErrorCode, message: &str) -> Refusal {
    Refusal::new(code, message)
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
            log: None,
            logged_controllers: Vec::new(),
            players,
            seats: Seats {
                tokens: vec![None; G::SEATS],
                members: vec![None; G::SEATS],
                versions: vec![BASE_PROTOCOL; G::SEATS],
                away_due: vec![None; G::SEATS],
                empty_since: None,
            },
            bot: Bot::Idle,
            level: Level::Medium,
            wake,
            ticker: config.clock.ticker(),
            config,
            talk: Talk {
                chat: ChatMode::default(),
                says: HashMap::new(),
                watchers: Vec::new(),
            },
            clock: TurnClocks {
                secs: 0,
                running: None,
                timeouts: vec![0; G::SEATS],
            },
            dice: RoomDice {
                fair: dice,
                commit_at: now,
                waiting_roll: None,
                waiting_start: None,
                seated_at: now,
                extras: Vec::new(),
            },
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
        self.seats.members[host.index()] = Some(peer.clone());
        self.seats.versions[host.index()] = protocol;
        self.welcome(host, &peer, &token, None);
        self
    }

    /// Now, on the room's clock.
    pub(super) fn now(&self) -> Instant {
        self.config.clock.now()
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
                    watchers: self.talk.watchers.len(),
                    watch_open: self.talk.watchers.len() < self.config.limits.max_watchers,
                });
            }
        }
    }

    /// A seated player's command; what it changes is sent to everyone, a
    /// refusal to the player alone.
    fn act(&mut self, conn: ConnId, seat: G::Seat, command: RoomCommand) {
        let Some(peer) = self.seats.members[seat.index()].clone() else {
            return;
        };
        if peer.id != conn {
            // A connection that lost its seat to a newer one.
            return;
        }
        let result = match command {
            RoomCommand::Start { level } => self.start_asked(conn, seat, level),
            RoomCommand::Roll { seq } => self.roll_asked(conn, seat, seq),
            // The move is read in this room's game's notation; a pass is
            // no move a player may choose (the table passes by itself).
            RoomCommand::Move { seq, mv } => match read_move::<G>(&mv) {
                Ok(mv) => self
                    .bring_back(seat, seq)
                    .map(|seq| self.command(seat, seq, Command::Move(mv))),
                Err(refusal) => Some(Err(refusal)),
            },
            RoomCommand::Leave => {
                self.leave(seat);
                None
            }
            RoomCommand::Say { what } => {
                self.say(conn, Some(seat), what);
                None
            }
            RoomCommand::Again => Some(self.again(seat)),
            RoomCommand::Rematch { ready } => {
                if self.table.replica().is_over() {
                    self.rematch_choice(seat, ready, false);
                    None
                } else {
                    Some(Err(Refusal::new(
                        ErrorCode::NotOver,
                        "the game is not over",
                    )))
                }
            }
            RoomCommand::Back => Some(Ok(self.take_back(seat))),
            RoomCommand::Seed { client_seed } => Some(self.seed(seat, client_seed)),
        };
        match result {
            Some(Ok(events)) => self.broadcast(&events),
            Some(Err(refusal)) => peer.send_error(&refusal),
            None => {}
        }
    }

    /// The host's `start`: the game starts, or waits a moment for the
    /// seeds of those just seated (`None`).
    fn start_asked(
        &mut self,
        conn: ConnId,
        seat: G::Seat,
        level: Level,
    ) -> Option<Result<Vec<Event<G>>, Refusal>> {
        if self.host_seat() != Some(seat) {
            Some(Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host starts the game",
            )))
        } else if self.table.replica().is_started() {
            Some(Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game has already started",
            )))
        } else if !self.seeds_in() && self.now() < self.dice.seated_at + START_WAIT {
            // A moment for the seeds of those who just sat down, so that
            // they come before the game rather than in it.
            let due = self.dice.seated_at + START_WAIT;
            self.dice.waiting_start = Some((conn, level, due));
            None
        } else {
            Some(self.start(level))
        }
    }

    /// A seat's `roll`: rolled, or checked now and carried out once the
    /// seeds are in (`None`).
    fn roll_asked(
        &mut self,
        conn: ConnId,
        seat: G::Seat,
        seq: u64,
    ) -> Option<Result<Vec<Event<G>>, Refusal>> {
        let seq = self.bring_back(seat, seq)?;
        if !G::HAS_DICE || self.dice_ready(self.now()) {
            // PROTOCOL.md: a game without dice refuses `roll` (no_dice).
            return Some(self.command(seat, seq, Command::Roll));
        }
        match self.table.check_command(seat, seq, Command::Roll) {
            Ok(()) => {
                self.dice.waiting_roll = Some((conn, seat, seq));
                None
            }
            Err(refusal) => Some(Err(refusal)),
        }
    }

    /// A player leaves for good: a computer takes the seat (or, once the
    /// game is over, the seat is noted as left).
    fn leave(&mut self, seat: G::Seat) {
        if self.table.replica().is_over() {
            self.left_after_over(seat);
        } else {
            self.rematch_choice(seat, false, true);
        }
        let events = self.table.leave(seat, self.level);
        self.broadcast(&events);
        self.set_token(seat, None);
        self.seats.members[seat.index()] = None;
        self.seats.away_due[seat.index()] = None;
        let now = self.now();
        self.note_empty(now);
    }

    /// Starts the game: empty seats get computers of `level`.
    pub(super) fn start(&mut self, level: Level) -> Result<Vec<Event<G>>, Refusal> {
        self.dice.waiting_start = None;
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
        self.clock.timeouts[seat.index()] = 0;
        Ok(events)
    }
}
