//! One room: a task that owns a [`Table`] of its game, the seats' tokens
//! and the connections in the room. Connections send it messages that name
//! no game ([`RoomMsg`]); it reads them in its game's terms and answers
//! with frames in their outboxes. Everything a room does happens on its
//! own task, one message at a time, so its events have one order for
//! everyone.

use super::codes::{new_token, same_token};
use super::config::ServerConfig;
use super::mailbox::{Act, ConnId, Entered, Outgoing, Peer, RoomMsg, RoomSummary};
use super::pool::PoolRunner;
use super::presence::SeatPresence;
use super::registry::{Lease, Registry};
use super::state::{RoomLog, SavedRoom, token_hash};
use crate::any_game::GameKind;
use crate::game::{Game, Level, SeatId};
use crate::net::protocol::{
    CLOSE_POLICY, CLOSE_TAKEN_OVER, PROTOCOL_VERSION, RoomState, ServerMessage, Welcome, host_of,
    read_move,
};
use crate::table::{Command, Controller, ErrorCode, Event, Refusal, SeatKind, Step, Table};
use axum::extract::ws::Utf8Bytes;
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
    lease: Lease,
    table: Table<G>,
    /// Each seat's token, as its SHA-256 hash (all the room keeps).
    tokens: Vec<Option<String>>,
    /// The room's file in the state folder (`--state-dir`), written before
    /// anyone is sent what it records.
    log: Option<RoomLog>,
    /// The controllers as last written to `log`.
    logged_controllers: Vec<Controller>,
    /// How many play.
    players: usize,
    /// The connection holding each seat.
    members: Vec<Option<Peer>>,
    /// When each absent person's seat goes to a computer.
    away_due: Vec<Option<Instant>>,
    bot: Bot,
    /// Since when nobody is connected.
    empty_since: Option<Instant>,
    /// The level of the computers that fill seats and stand in.
    level: Level,
    wake: Arc<Notify>,
    config: Arc<ServerConfig>,
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

/// Every seat of game `G`, in seat order.
fn all_seats<G: Game>() -> impl Iterator<Item = G::Seat> {
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
    let table = Table::<G>::lobby(
        rules,
        players,
        name,
        crate::game::secure_rng(),
        PoolRunner::<G>::boxed(&wake),
    )
    .map_err(|e| Refusal::new(ErrorCode::BadRules, e))?;
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
    let log = config.state_dir.as_deref().and_then(|dir| {
        let rules = serde_json::to_value(rules).unwrap_or_default();
        RoomLog::create(dir, GameKind::of::<G>(), &code, players, rules)
            .map_err(|e| {
                tracing::error!(room = %code, "cannot keep the room in the state folder: {e}");
            })
            .ok()
    });
    let room = Room {
        lease,
        table,
        tokens: vec![None; G::SEATS],
        log,
        logged_controllers: Vec::new(),
        players,
        members: vec![None; G::SEATS],
        away_due: vec![None; G::SEATS],
        bot: Bot::Idle,
        empty_since: None,
        level: Level::Medium,
        wake,
        config,
    }
    .welcome_host(host, token, peer);
    tokio::spawn(room.run(rx, registry.stop()));
    let entered = Entered {
        seat: host.index(),
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
    let table = Table::<G>::reopen(
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
    let log = RoomLog::reopen(&saved.path).map_err(|e| format!("cannot write: {e}"))?;
    let (inbox, rx) = mpsc::channel(256);
    let lease = registry.reclaim(&saved.code, inbox)?;
    let mut tokens = saved.tokens;
    tokens.resize(G::SEATS, None);
    let now = Instant::now();
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
    let room = Room {
        lease,
        logged_controllers: table.controllers().to_vec(),
        table,
        tokens,
        log: Some(log),
        players: saved.players,
        members: vec![None; G::SEATS],
        away_due,
        bot: Bot::Idle,
        empty_since: Some(now),
        level: saved.level,
        wake,
        config,
    };
    tokio::spawn(room.run(rx, registry.stop()));
    Ok(())
}

impl<G: Game> Room<G> {
    /// Seats the host (the first seat) and welcomes them.
    fn welcome_host(mut self, host: G::Seat, token: String, peer: Peer) -> Room<G> {
        let events = self.table.events().to_vec();
        self.persist(&events);
        for ev in &events {
            self.record(ev);
        }
        self.lease.count_events(events.len());
        self.set_token(host, Some(&token));
        self.members[host.index()] = Some(peer.clone());
        self.welcome(host, &peer, &token, None);
        self
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
            log.event(serde_json::to_value(ev).unwrap_or_default());
        }
        let controllers = self.table.controllers();
        if controllers != self.logged_controllers.as_slice() {
            log.controllers(
                serde_json::to_value(Controllers(controllers.to_vec())).unwrap_or_default(),
            );
            self.logged_controllers = controllers.to_vec();
        }
    }

    fn code(&self) -> &str {
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
            RoomMsg::Act { conn, seat, act } => {
                if let Some(seat) = G::Seat::from_index(seat) {
                    self.act(conn, seat, act);
                }
            }
            RoomMsg::Detach { conn } => self.detach(conn),
            RoomMsg::Describe { reply } => {
                let r = self.table.replica();
                let _ = reply.send(RoomSummary {
                    game: G::ID,
                    players: self.players,
                    seated: r.seats().iter().map(|s| s.name.clone()).collect(),
                    started: r.is_started(),
                });
            }
        }
    }

    fn join(&mut self, peer: Peer, name: &str) -> Result<Entered, Refusal> {
        let token = new_token().ok_or_else(|| {
            Refusal::new(ErrorCode::RateLimited, "the server cannot seat you now")
        })?;
        let (seat, events) = self.table.join(name)?;
        self.detach(peer.id);
        // Everyone already here hears of the new seat; the newcomer's
        // welcome already holds it.
        self.broadcast(&events);
        self.set_token(seat, Some(&token));
        self.attach(seat, peer, &token, None);
        Ok(Entered {
            seat: seat.index(),
            resent: 0,
        })
    }

    fn resume(&mut self, peer: Peer, token: &str, last_seq: u64) -> Result<Entered, Refusal> {
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
        match &self.members[seat.index()] {
            Some(old) if old.id == peer.id => {}
            Some(old) => {
                debug!(room = %self.code(), seat = %seat.code(), "seat taken over by a new connection");
                old.close((CLOSE_TAKEN_OVER, "the seat was resumed elsewhere"));
                self.members[seat.index()] = None;
            }
            None => {}
        }
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
        self.attach(seat, peer, token, Some(last_seq));
        let resent = self.table.events_since(last_seq).len();
        if self.table.replica().is_away(seat) {
            let events = self.table.back(seat);
            self.broadcast(&events);
        }
        Ok(Entered {
            seat: seat.index(),
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
        let replica = self.table.replica();
        let mut state = RoomState::of(replica);
        for info in &mut state.seats {
            if info.kind == SeatKind::Human {
                info.connected = self.members[info.seat.index()].is_some();
            }
        }
        let welcome = Welcome::<G> {
            protocol: PROTOCOL_VERSION,
            game: GameKind::of::<G>(),
            room: self.code().to_string(),
            seat,
            token: token.to_string(),
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
                } else {
                    self.level = level;
                    if let Some(log) = &mut self.log {
                        log.level(level);
                    }
                    self.table.start(level, |_| String::new())
                }
            }
            // PROTOCOL.md: a game without dice refuses `roll` (no_dice).
            Act::Roll(seq) => self.table.command(seat, seq, Command::Roll),
            // The move is read in this room's game's notation; a pass is
            // no move a player may choose (the table passes by itself).
            Act::Move(seq, text) => read_move::<G>(&text)
                .and_then(|mv| self.table.command(seat, seq, Command::Move(mv))),
            Act::Leave => {
                let events = self.table.leave(seat, self.level);
                self.broadcast(&events);
                self.set_token(seat, None);
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
    fn unseat(&mut self, seat: G::Seat) {
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
    fn drop_slow(&mut self, seat: G::Seat) {
        if let Some(peer) = &self.members[seat.index()] {
            debug!(room = %self.code(), seat = %seat.code(), "connection too far behind");
            peer.close((CLOSE_POLICY, "too far behind; resume"));
        }
        self.unseat(seat);
    }

    /// Records events and sends them to everyone in the room.
    fn broadcast(&mut self, events: &[Event<G>]) {
        self.persist(events);
        for ev in events {
            let frame = self.record(ev);
            for seat in all_seats::<G>() {
                let Some(peer) = &self.members[seat.index()] else {
                    continue;
                };
                if !peer.send(Outgoing::Frame(frame.clone())) {
                    self.drop_slow(seat);
                }
            }
            if let crate::table::EventKind::Back { seat } = ev.event
                && self.members[seat.index()].is_none()
            {
                // Back while the stand-in finished its turn, but gone
                // again meanwhile: the away clock starts over.
                self.away_due[seat.index()] = Some(Instant::now() + self.config.away);
            }
        }
        if !events.is_empty() {
            self.lease.count_events(events.len());
            self.cap_events();
        }
    }

    /// An event's frame, logged (one line per event, no names, no tokens).
    fn record(&self, ev: &Event<G>) -> Utf8Bytes {
        let frame = Utf8Bytes::from(ServerMessage::Event(ev.clone()).to_json());
        let kind = ev.event.name();
        match ev.event.seat() {
            Some(seat) => {
                info!(room = %self.code(), seq = ev.seq, kind = %kind, seat = %seat.code())
            }
            None => info!(room = %self.code(), seq = ev.seq, kind = %kind),
        }
        frame
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

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
