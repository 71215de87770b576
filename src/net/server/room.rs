//! One room: a task that owns a [`Table`] of its game, the seats' tokens
//! and the connections in the room. Connections send it messages that name
//! no game ([`RoomMsg`]); it reads them in its game's terms and answers
//! with frames in their outboxes. Everything a room does happens on its
//! own task, one message at a time, so its events have one order for
//! everyone.

use super::clock::Ticker;
use super::codes::{new_token, same_token};
use super::config::ServerConfig;
use super::fair::FairDice;
use super::mailbox::{Act, ConnId, Entered, Outgoing, Peer, RoomMsg, RoomOptions, RoomSummary};
use super::pool::PoolRunner;
use super::presence::SeatPresence;
use super::registry::{Lease, Registry};
use super::state::{RoomLog, SavedRoom, token_hash};
use crate::any_game::GameKind;
use crate::game::{Game, Level, SeatId};
use crate::net::dice::DiceSeed;
use crate::net::protocol::{
    BASE_PROTOCOL, CLOSE_POLICY, CLOSE_TAKEN_OVER, ChatMode, PROTOCOL_VERSION, PresenceNews,
    RoomState, ServerMessage, Welcome, host_of, read_move,
};
use crate::table::{Command, Controller, ErrorCode, Event, Refusal, SeatKind, Step, Table};
use axum::extract::ws::Utf8Bytes;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;
use tracing::{debug, info};

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
pub(super) struct Room<G: Game> {
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
    /// The turn clock of the seat to act.
    pub(super) clock: Option<TurnClock<G::Seat>>,
    /// Timed-out turns in a row, by seat.
    pub(super) timeouts: Vec<u32>,
    /// Each event's round and, for a roll, its number in the round.
    pub(super) extras: Vec<(u32, u32)>,
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

impl<G: Game> std::fmt::Debug for Room<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("code", &self.lease.code())
            .field("game", &G::ID)
            .field("seq", &self.table.seq())
            .finish_non_exhaustive()
    }
}

/// How long a start waits for the seeds of the people seated (they send
/// theirs as soon as they are welcomed; a client that sends none delays the
/// start no longer than this).
const START_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// Every seat of game `G`, in seat order.
pub(super) fn all_seats<G: Game>() -> impl Iterator<Item = G::Seat> {
    (0..G::SEATS).filter_map(G::Seat::from_index)
}

/// Opens a room of game `G` whose host, named `name`, is `peer`: checks
/// the rules against the server's limits, takes a code, welcomes the host
/// and starts the room's task. Answers the room's code, inbox and the
/// host's seat.
pub(super) fn open<G: Game>(
    registry: &Arc<Registry>,
    ip: IpAddr,
    peer: Peer,
    name: &str,
    players: usize,
    rules: G::Rules,
    options: RoomOptions,
) -> Result<(String, mpsc::Sender<RoomMsg>, Entered), Refusal> {
    let config = Arc::clone(registry.config());
    let limits = &config.limits;
    if let Some(cap) = G::roll_cap(&rules)
        && cap > limits.max_roll_cap
    {
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
    let mut table = Table::<G>::lobby(
        rules,
        players,
        name,
        crate::game::secure_rng(),
        PoolRunner::<G>::boxed(&wake),
    )
    .map_err(|e| Refusal::new(ErrorCode::BadRules, e))?;
    let dice = if G::HAS_DICE {
        Some(FairDice::<G>::new().ok_or_else(busy)?)
    } else {
        None
    };
    if let Some(dice) = &dice {
        table.set_dealer(dice.dealer());
    }
    let host = table
        .replica()
        .seats()
        .first()
        .map(|s| s.seat)
        .ok_or_else(busy)?;
    let (inbox, rx) = mpsc::channel(256);
    let lease = registry.reserve(ip, inbox.clone())?;
    let code = lease.code().to_string();
    info!(room = %code, game = %G::ID, players, "room opened");
    let mut log = config.state_dir.as_deref().and_then(|dir| {
        let rules = serde_json::to_value(rules).unwrap_or_default();
        RoomLog::create(dir, GameKind::of::<G>(), &code, players, rules)
            .map_err(|e| {
                tracing::error!(room = %code, "cannot keep the room in the state folder: {e}");
            })
            .ok()
    });
    if let Some(log) = &mut log {
        if options.chat != ChatMode::default() || options.turn_secs != 0 {
            log.options(options.chat, options.turn_secs);
        }
        if let Some(seed) = dice.as_ref().and_then(|d| d.seed_of(1)) {
            log.dice(1, seed.to_hex());
        }
    }
    let now = config.clock.now();
    let room = Room {
        lease,
        table,
        tokens: vec![None; G::SEATS],
        log,
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
        chat: options.chat,
        turn_secs: options.turn_secs,
        says: HashMap::new(),
        dice,
        commit_at: now,
        waiting_roll: None,
        waiting_start: None,
        clock: None,
        timeouts: vec![0; G::SEATS],
        extras: Vec::new(),
    }
    .welcome_host(host, token, peer, options.protocol);
    tokio::spawn(room.run(rx, registry.stop()));
    let entered = Entered {
        seat: Some(host.index()),
        resent: 0,
    };
    Ok((code, inbox, entered))
}

/// The controllers line of a room file, as tables save them.
#[derive(serde::Serialize, serde::Deserialize)]
struct Controllers(#[serde(with = "crate::game::wire::per_seat")] Vec<Controller>);

/// Opens again a room of game `G` that a server before this one kept in
/// its state folder: its table is rebuilt from its events (each checked
/// with the engine), its seats wait for their people to resume (or go to
/// computers after the away time), and it goes on writing its file.
pub(super) fn reopen<G: Game>(registry: &Arc<Registry>, saved: SavedRoom) -> Result<(), String> {
    let config = Arc::clone(registry.config());
    let rules: G::Rules =
        serde_json::from_value(saved.rules).map_err(|e| format!("the rules: {e}"))?;
    let events: Vec<Event<G>> = saved
        .events
        .into_iter()
        .enumerate()
        .map(|(i, ev)| serde_json::from_value(ev).map_err(|e| format!("event {}: {e}", i + 1)))
        .collect::<Result<_, _>>()?;
    let controllers = match saved.controllers {
        Some(c) => {
            serde_json::from_value::<Controllers>(c)
                .map_err(|e| format!("the controllers: {e}"))?
                .0
        }
        None => vec![Controller::Elsewhere; G::SEATS],
    };
    let wake = Arc::new(Notify::new());
    let dice_seeds: Vec<(u32, DiceSeed)> = saved
        .dice
        .iter()
        .filter_map(|(round, hex)| DiceSeed::from_hex(hex).map(|s| (*round, s)))
        .collect();
    let dice = if dice_seeds.is_empty() {
        // Kept by a server before version 3: its rolls were not committed.
        None
    } else {
        FairDice::<G>::reopen(dice_seeds, &events)
    };
    let mut table = Table::<G>::reopen(
        crate::table::TableRecord {
            rules,
            controllers,
            origin: None,
            events,
        },
        saved.players,
        crate::game::secure_rng(),
        PoolRunner::<G>::boxed(&wake),
    )
    .map_err(|e| e.to_string())?;
    if let Some(dice) = &dice {
        table.set_dealer(dice.dealer());
    }
    let log = RoomLog::reopen(&saved.path).map_err(|e| format!("cannot write: {e}"))?;
    let (inbox, rx) = mpsc::channel(256);
    let lease = registry.reclaim(&saved.code, inbox)?;
    let mut tokens = saved.tokens;
    tokens.resize(G::SEATS, None);
    let now = config.clock.now();
    let over = table.replica().is_over();
    // Everyone left with the old server: each person has the away time to
    // come back before a computer plays for them.
    let away_due = all_seats::<G>()
        .map(|s| {
            (table.controller(s) == Controller::Elsewhere && !over && tokens[s.index()].is_some())
                .then(|| now + config.away)
        })
        .collect();
    info!(room = %saved.code, game = %G::ID, seq = table.seq(), "room reopened");
    let extras = super::room_v3::extras_of(table.events());
    let mut room = Room {
        lease,
        logged_controllers: table.controllers().to_vec(),
        table,
        tokens,
        log: Some(log),
        players: saved.players,
        members: vec![None; G::SEATS],
        versions: vec![BASE_PROTOCOL; G::SEATS],
        watchers: Vec::new(),
        away_due,
        bot: Bot::Idle,
        empty_since: Some(now),
        level: saved.level,
        wake,
        ticker: config.clock.ticker(),
        config,
        chat: saved.chat,
        turn_secs: saved.turn_secs,
        says: HashMap::new(),
        dice,
        commit_at: now,
        waiting_roll: None,
        waiting_start: None,
        clock: None,
        timeouts: vec![0; G::SEATS],
        extras,
    };
    room.arm_clock();
    tokio::spawn(room.run(rx, registry.stop()));
    Ok(())
}

impl<G: Game> Room<G> {
    /// Seats the host (the first seat) and welcomes them.
    fn welcome_host(mut self, host: G::Seat, token: String, peer: Peer, protocol: u32) -> Room<G> {
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

    /// Keeps a seat's token (as its hash), in the state folder first.
    fn set_token(&mut self, seat: G::Seat, token: Option<&str>) {
        if let Some(log) = &mut self.log {
            log.token(seat.index(), token);
        }
        self.tokens[seat.index()] = token.map(token_hash);
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
            log.controllers(
                serde_json::to_value(Controllers(controllers.to_vec())).unwrap_or_default(),
            );
            self.logged_controllers = controllers.to_vec();
        }
    }

    pub(super) fn code(&self) -> &str {
        self.lease.code()
    }

    /// Runs the room until it expires or the server stops; its code is
    /// given back when it ends.
    async fn run(
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

    /// How each seat's person stands, by seat number.
    fn presence(&self) -> Vec<SeatPresence> {
        let replica = self.table.replica();
        (0..G::SEATS)
            .map(|i| {
                let Some(info) = G::Seat::from_index(i).and_then(|s| replica.seat(s)) else {
                    return SeatPresence::Empty;
                };
                if self.members.get(i).is_some_and(Option::is_some) {
                    return SeatPresence::Connected;
                }
                if let Some(Some(until)) = self.away_due.get(i) {
                    return SeatPresence::Reconnecting {
                        until: until.into_std(),
                    };
                }
                if info.kind == SeatKind::Bot
                    || self.table.controller(info.seat).computer().is_some()
                {
                    SeatPresence::Computer
                } else {
                    SeatPresence::Offline
                }
            })
            .collect()
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
            RoomMsg::Act { conn, seat, act } => match seat {
                Some(seat) => {
                    if let Some(seat) = G::Seat::from_index(seat) {
                        self.act(conn, seat, act);
                    }
                }
                None => self.watcher_act(conn, act),
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

    fn join(&mut self, peer: Peer, name: &str, protocol: u32) -> Result<Entered, Refusal> {
        let token = new_token().ok_or_else(|| {
            Refusal::new(ErrorCode::RateLimited, "the server cannot seat you now")
        })?;
        let (seat, events) = self.table.join(name)?;
        self.detach(peer.id);
        // Everyone already here hears of the new seat; the newcomer's
        // welcome already holds it.
        self.broadcast(&events);
        self.set_token(seat, Some(&token));
        self.versions[seat.index()] = protocol;
        self.attach(seat, peer, &token, None);
        Ok(Entered {
            seat: Some(seat.index()),
            resent: 0,
        })
    }

    fn resume(
        &mut self,
        peer: Peer,
        token: &str,
        last_seq: u64,
        protocol: u32,
    ) -> Result<Entered, Refusal> {
        // Every token is compared, in time that does not depend on which
        // one matches or where they differ.
        let hash = token_hash(token);
        let seat = all_seats::<G>()
            .filter(|s| {
                self.tokens[s.index()]
                    .as_deref()
                    .is_some_and(|t| same_token(t, &hash))
            })
            .fold(None, |found, s| found.or(Some(s)))
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat here"))?;
        let was_connected = self.members[seat.index()].is_some();
        match &self.members[seat.index()] {
            Some(old) if old.id == peer.id => {}
            Some(old) => {
                debug!(room = %self.code(), seat = %seat.code(), "seat taken over by a new connection");
                old.close((CLOSE_TAKEN_OVER, "the seat was resumed elsewhere"));
                self.members[seat.index()] = None;
            }
            None => {}
        }
        self.unwatch(peer.id);
        // A connection holds one seat.
        for s in all_seats::<G>() {
            if s != seat
                && self.members[s.index()]
                    .as_ref()
                    .is_some_and(|p| p.id == peer.id)
            {
                self.unseat(s);
            }
        }
        self.versions[seat.index()] = protocol;
        let conn = peer.id;
        self.attach(seat, peer, token, Some(last_seq));
        if !was_connected {
            self.tell_presence(Some(conn), PresenceNews::seat(seat, true, None));
        }
        let resent = self.table.events_since(last_seq).len();
        if self.table.replica().is_away(seat) && self.timeouts[seat.index()] < 3 {
            let events = self.table.back(seat);
            self.broadcast(&events);
        }
        Ok(Entered {
            seat: Some(seat.index()),
            resent,
        })
    }

    /// Seats a connection and welcomes it (with the events after
    /// `last_seq`, for a resume).
    fn attach(&mut self, seat: G::Seat, peer: Peer, token: &str, last_seq: Option<u64>) {
        self.members[seat.index()] = Some(peer.clone());
        self.away_due[seat.index()] = None;
        self.empty_since = None;
        self.welcome(seat, &peer, token, last_seq);
    }

    /// Welcomes a seat's person, with their token (only they see it).
    fn welcome(&mut self, seat: G::Seat, peer: &Peer, token: &str, last_seq: Option<u64>) {
        let protocol = self.versions[seat.index()];
        let welcome = self.welcome_of(Some(seat), token, protocol);
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
                    .map(|ev| self.event_frame(ev, None)),
            );
        }
        if !peer.send(Outgoing::Frames(frames)) {
            self.drop_slow(seat);
        }
    }

    /// The welcome of a seat's person (or of a watcher, `seat` `None`),
    /// as version `protocol` writes it.
    pub(super) fn welcome_of(
        &self,
        seat: Option<G::Seat>,
        token: &str,
        protocol: u32,
    ) -> Welcome<G> {
        let replica = self.table.replica();
        let mut state = RoomState::of(replica);
        let now = self.now();
        let v3 = protocol >= PROTOCOL_VERSION;
        for info in &mut state.seats {
            if info.kind == SeatKind::Human {
                info.info.connected = self.members[info.seat.index()].is_some();
            }
            if v3 {
                info.away_in = Some(self.away_in(info.seat, now));
            }
        }
        if v3 {
            state.watchers = Some(u32::try_from(self.watchers.len()).unwrap_or(u32::MAX));
            state.clock = Some(self.clock_left(now));
        }
        Welcome::<G> {
            protocol,
            game: GameKind::of::<G>(),
            room: self.code().to_string(),
            seat,
            token: token.to_string(),
            host: seat.is_some() && host_of(replica) == seat,
            players: self.players,
            rules: *self.table.rules(),
            seq: self.table.seq(),
            state,
            watching: v3.then_some(seat.is_none()),
            turn_secs: v3.then_some(self.turn_secs),
            chat: v3.then_some(self.chat),
            dice_commit: if v3 {
                self.dice.as_ref().and_then(FairDice::commit)
            } else {
                None
            },
        }
    }

    fn act(&mut self, conn: ConnId, seat: G::Seat, act: Act) {
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
                } else if self.table.replica().is_started() {
                    Err(Refusal::new(
                        ErrorCode::AlreadyStarted,
                        "the game has already started",
                    ))
                } else if !self.seeds_in() {
                    // A moment for the seeds of those who just sat down,
                    // so that they come before the game rather than in it.
                    let due = self.now() + START_WAIT;
                    self.waiting_start = Some((conn, level, due));
                    return;
                } else {
                    self.start(level)
                }
            }
            Act::Roll(seq) => {
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
            Act::Move(seq, text) => match read_move::<G>(&text) {
                Ok(mv) => match self.bring_back(seat, seq) {
                    Some(seq) => self.command(seat, seq, Command::Move(mv)),
                    None => return,
                },
                Err(refusal) => Err(refusal),
            },
            Act::Leave => {
                let events = self.table.leave(seat, self.level);
                self.broadcast(&events);
                self.set_token(seat, None);
                self.members[seat.index()] = None;
                self.away_due[seat.index()] = None;
                let now = self.now();
                self.note_empty(now);
                return;
            }
            Act::Say(what) => {
                self.say(conn, Some(seat), what);
                return;
            }
            Act::Again => self.again(seat),
            Act::Seed(seed) => self.seed(seat, seed),
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

    /// A seat whose turns a computer plays since its clock ran out three
    /// times is its person's again as soon as they roll or move (PROTOCOL.md
    /// version 3); their command is judged against the events before the
    /// `back`. Answers the event number to judge the command by (`None`:
    /// nothing more to do).
    fn bring_back(&mut self, seat: G::Seat, seq: u64) -> Option<u64> {
        if self.timeouts[seat.index()] < 3 || !self.table.replica().is_away(seat) {
            return Some(seq);
        }
        let before = self.table.seq();
        let events = self.table.back_now(seat);
        self.timeouts[seat.index()] = 0;
        self.broadcast(&events);
        Some(if seq == before { self.table.seq() } else { seq })
    }

    fn detach(&mut self, conn: ConnId) {
        self.unwatch(conn);
        self.says.remove(&conn);
        for seat in all_seats::<G>() {
            if self.members[seat.index()]
                .as_ref()
                .is_some_and(|p| p.id == conn)
            {
                self.unseat(seat);
            }
        }
    }

    /// The seat's connection is gone: its person has `away` to come back.
    pub(super) fn unseat(&mut self, seat: G::Seat) {
        let conn = self.members[seat.index()].as_ref().map(|p| p.id);
        self.members[seat.index()] = None;
        let now = self.now();
        if self.table.controller(seat) == Controller::Elsewhere && !self.table.replica().is_over() {
            self.away_due[seat.index()] = Some(now + self.config.away);
        }
        if self.waiting_roll.is_some_and(|(c, _, _)| Some(c) == conn) {
            self.waiting_roll = None;
        }
        self.note_empty(now);
        let away_in = self.away_in(seat, now);
        self.tell_presence(conn, PresenceNews::seat(seat, false, away_in));
    }

    pub(super) fn note_empty(&mut self, now: Instant) {
        if self.members.iter().all(Option::is_none)
            && self.watchers.is_empty()
            && self.empty_since.is_none()
        {
            self.empty_since = Some(now);
        }
    }

    /// A connection whose outbox is full is too far behind: it is closed,
    /// and its client resumes from the last event it has.
    pub(super) fn drop_slow(&mut self, seat: G::Seat) {
        if let Some(peer) = &self.members[seat.index()] {
            debug!(room = %self.code(), seat = %seat.code(), "connection too far behind");
            peer.close((CLOSE_POLICY, "too far behind; resume"));
        }
        self.unseat(seat);
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
            if let crate::table::EventKind::Back { seat } = ev.event
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
            Some(crate::game::Next::Roll(_))
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
