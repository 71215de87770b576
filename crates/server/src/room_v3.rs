//! What a room does for version 3 (PROTOCOL.md, "A table with friends"):
//! presence, watchers, talking, another round, the turn clock, the dice's
//! seeds, and the fields version 3 adds to event frames (`n`, `round`,
//! `clock`, `dice_seed`).

use super::mailbox::{ConnId, Entered, Outgoing, Peer};
use super::room::{Room, TurnClock, Watcher, all_seats};
use axum::extract::ws::Utf8Bytes;
use ca_ngua_core::game::{Next, SeatId};
use ca_ngua_core::table::{Command, Controller, ErrorCode, Event, EventKind, Refusal, SeatKind};
use ca_ngua_games::Listed;
use ca_ngua_protocol::talk::{MAX_SAYS, SAY_WINDOW_SECS};
use ca_ngua_protocol::{
    ChatMode, PROTOCOL_VERSION, PresenceNews, RematchNews, RoomCommand, SaidNews, Saying,
    ServerMessage,
};
use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

/// Each event's round and, for a roll, its number in the round (0 for
/// other events), from the room's first event.
pub(super) fn extras_of<G: Listed>(events: &[Event<G>]) -> Vec<(u32, u32)> {
    let mut round = 1;
    let mut rolls = 0;
    events
        .iter()
        .map(|ev| extra_after(&mut round, &mut rolls, ev))
        .collect()
}

fn extra_after<G: Listed>(round: &mut u32, rolls: &mut u32, ev: &Event<G>) -> (u32, u32) {
    match ev.event {
        EventKind::Again { round: next, .. } => {
            *round = next;
            *rolls = 0;
            (*round, 0)
        }
        EventKind::Rolled { .. } => {
            *rolls += 1;
            (*round, *rolls)
        }
        _ => (*round, 0),
    }
}

fn whole_secs(d: Duration) -> u32 {
    // Whole seconds, rounded up: 59.2 s left reads 60 rather than 59, so
    // a countdown never shows 0 before the end.
    let ms = d.as_millis();
    u32::try_from(ms.div_ceil(1000)).unwrap_or(u32::MAX)
}

fn refuse(code: ErrorCode, message: &str) -> Refusal {
    Refusal::new(code, message)
}

impl<G: Listed> Room<G> {
    /// Notes an event's round and roll number (in order, once each).
    pub(super) fn note_extras(&mut self, ev: &Event<G>) {
        let (mut round, mut rolls) = match self.extras.last() {
            Some(&(round, _)) => (round, self.rolls_in_round()),
            None => (1, 0),
        };
        let extra = extra_after(&mut round, &mut rolls, ev);
        self.extras.push(extra);
    }

    fn rolls_in_round(&self) -> u32 {
        self.extras
            .iter()
            .rev()
            .find(|(_, n)| *n > 0)
            .filter(|(r, _)| Some(r) == self.extras.last().map(|(r, _)| r))
            .map_or(0, |(_, n)| *n)
    }

    /// An event's frame as version 3 writes it: `rolled` with its `n`,
    /// `started` of a later round with its `round`, `over` with the
    /// round's revealed `dice_seed`, and the `clock` it starts.
    pub(super) fn event_frame(&self, ev: &Event<G>, clock: Option<u32>) -> Utf8Bytes {
        let msg = ServerMessage::Event(ev.clone());
        let Ok(mut value) = serde_json::to_value(&msg) else {
            return Utf8Bytes::from(msg.to_json());
        };
        let (round, n) = usize::try_from(ev.seq)
            .ok()
            .and_then(|seq| self.extras.get(seq.wrapping_sub(1)))
            .copied()
            .unwrap_or((1, 0));
        if let Some(Value::Object(event)) = value.get_mut("event") {
            match &ev.event {
                EventKind::Rolled { .. } if n > 0 => {
                    event.insert("n".into(), n.into());
                }
                EventKind::Started { .. } if round > 1 => {
                    event.insert("round".into(), round.into());
                }
                EventKind::Over { .. } => {
                    if let Some(seed) = self.dice.as_ref().and_then(|d| d.seed_of(round)) {
                        event.insert("dice_seed".into(), seed.to_hex().into());
                    }
                }
                _ => {}
            }
            if let Some(secs) = clock {
                event.insert("clock".into(), secs.into());
            }
        }
        Utf8Bytes::from(value.to_string())
    }

    /// The seat that must roll or move now, if a person plays it.
    fn human_to_act(&self) -> Option<G::Seat> {
        let replica = self.table.replica();
        let seat = replica.turn()?;
        let acts = matches!(replica.next(), Some(Next::Roll(_) | Next::Choose(..)));
        (acts && self.table.controller(seat) == Controller::Elsewhere).then_some(seat)
    }

    /// Starts the turn clock of the seat that must act now, when a person
    /// plays it and its clock is not already running for this event;
    /// answers the seconds it gives (for the event's frame).
    pub(super) fn arm_clock(&mut self) -> Option<u32> {
        if self.turn_secs == 0 {
            return None;
        }
        let Some(seat) = self.human_to_act() else {
            self.clock = None;
            return None;
        };
        let seq = self.table.seq();
        if self.clock.is_some_and(|c| c.seat == seat && c.seq == seq) {
            return None;
        }
        self.clock = Some(TurnClock {
            seat,
            seq,
            due: self.now() + Duration::from_secs(u64::from(self.turn_secs)),
        });
        Some(self.turn_secs)
    }

    /// The seconds left on the clock of whoever has to act now.
    pub(super) fn clock_left(&self, now: Instant) -> Option<u32> {
        let clock = self.clock?;
        (self.human_to_act() == Some(clock.seat))
            .then(|| whole_secs(clock.due.saturating_duration_since(now)))
    }

    /// For a human seat that is not connected, the whole seconds left
    /// before a computer takes it (0 once one has); `None` while connected
    /// or for a computer's seat.
    pub(super) fn away_in(&self, seat: G::Seat, now: Instant) -> Option<u32> {
        let replica = self.table.replica();
        let human = replica
            .seat(seat)
            .is_some_and(|s| s.kind == SeatKind::Human);
        if !human || self.is_connected(seat) {
            return None;
        }
        match self.away_due.get(seat.index()).copied().flatten() {
            Some(due) => Some(whole_secs(due.saturating_duration_since(now))),
            None if replica.is_away(seat) => Some(0),
            None => None,
        }
    }

    fn is_connected(&self, seat: G::Seat) -> bool {
        self.members.get(seat.index()).is_some_and(Option::is_some)
    }

    /// Sends a frame to every version 3 connection in the room (seats and
    /// watchers) but `except`.
    fn tell(&mut self, except: Option<ConnId>, frame: &Utf8Bytes) {
        for seat in all_seats::<G>() {
            let i = seat.index();
            let Some(peer) = &self.members[i] else {
                continue;
            };
            if Some(peer.id) == except || self.versions[i] < PROTOCOL_VERSION {
                continue;
            }
            if !peer.send(Outgoing::Frame(frame.clone())) {
                self.drop_slow(seat);
            }
        }
        self.watchers
            .retain(|w| Some(w.peer.id) == except || w.peer.send(Outgoing::Frame(frame.clone())));
    }

    /// Tells everyone else (version 3) who is there.
    pub(super) fn tell_presence(&mut self, except: Option<ConnId>, news: PresenceNews<G::Seat>) {
        let frame = Utf8Bytes::from(ServerMessage::<G>::Presence(news).to_json());
        self.tell(except, &frame);
    }

    /// Sends an event's frame to the watchers (one too far behind is let
    /// go: it watches again).
    pub(super) fn send_watchers(&mut self, frame: &Utf8Bytes) {
        let before = self.watchers.len();
        self.watchers
            .retain(|w| w.peer.send(Outgoing::Frame(frame.clone())));
        if self.watchers.len() != before {
            self.watchers_changed(None);
        }
    }

    fn watchers_changed(&mut self, except: Option<ConnId>) {
        let count = u32::try_from(self.watchers.len()).unwrap_or(u32::MAX);
        self.tell_presence(except, PresenceNews::watchers(count));
        let now = self.now();
        self.note_empty(now);
    }

    /// A person watches the room: a welcome without a seat, then every
    /// event, presence and saying.
    pub(super) fn watch(&mut self, peer: Peer, name: String) -> Result<Entered, Refusal> {
        if self.watchers.len() >= self.config.limits.max_watchers {
            return Err(refuse(
                ErrorCode::RoomFull,
                "this room has as many watchers as it takes",
            ));
        }
        self.detach_for_watch(peer.id);
        let mut welcome = self.welcome_of(None, "", PROTOCOL_VERSION);
        // The watcher counts itself, as everyone else is told (issue 55:
        // one who had just come saw one watcher fewer).
        if let Some(w) = welcome.state.watchers.as_mut() {
            *w = w.saturating_add(1);
        }
        let frame = Utf8Bytes::from(ServerMessage::Welcome(Box::new(welcome)).to_json());
        if !peer.send(Outgoing::Frame(frame)) {
            return Err(refuse(ErrorCode::RateLimited, "the connection is too slow"));
        }
        let conn = peer.id;
        self.watchers.push(Watcher { peer, name });
        self.empty_since = None;
        self.watchers_changed(Some(conn));
        Ok(Entered {
            seat: None,
            resent: 0,
        })
    }

    fn detach_for_watch(&mut self, conn: ConnId) {
        self.unwatch(conn);
        let held: Vec<G::Seat> = all_seats::<G>()
            .filter(|s| {
                self.members[s.index()]
                    .as_ref()
                    .is_some_and(|p| p.id == conn)
            })
            .collect();
        for seat in held {
            self.unseat(seat);
        }
    }

    /// A connection stops watching (it left, closed or sat down).
    pub(super) fn unwatch(&mut self, conn: ConnId) {
        let before = self.watchers.len();
        self.watchers.retain(|w| w.peer.id != conn);
        self.says.remove(&conn);
        if self.watchers.len() != before {
            self.watchers_changed(None);
        }
    }

    /// A watcher's message: talk and leave; anything else is a player's.
    pub(super) fn watcher_act(&mut self, conn: ConnId, command: RoomCommand) {
        let Some(peer) = self
            .watchers
            .iter()
            .find(|w| w.peer.id == conn)
            .map(|w| w.peer.clone())
        else {
            return;
        };
        match command {
            RoomCommand::Say { what } => self.say(conn, None, what),
            RoomCommand::Leave => self.unwatch(conn),
            _ => peer.send_error(&refuse(
                ErrorCode::NotAPlayer,
                "a watcher may talk, but not play",
            )),
        }
    }

    /// Someone says something: checked against the room's mode and the
    /// rate limit, then sent to everyone in the room (the speaker too).
    pub(super) fn say(&mut self, conn: ConnId, seat: Option<G::Seat>, what: Saying) {
        let (peer, name) = match seat {
            Some(seat) => (
                self.members[seat.index()].clone(),
                self.table
                    .replica()
                    .seat(seat)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
            ),
            None => match self.watchers.iter().find(|w| w.peer.id == conn) {
                Some(w) => (Some(w.peer.clone()), w.name.clone()),
                None => (None, String::new()),
            },
        };
        let Some(peer) = peer else {
            return;
        };
        if !what.allowed_in(self.chat) {
            let why = match self.chat {
                ChatMode::Off => "this room has no talk",
                _ => "this room allows phrases and emoji, not text",
            };
            return peer.send_error(&refuse(ErrorCode::ChatOff, why));
        }
        let now = self.now();
        let window = Duration::from_secs(SAY_WINDOW_SECS);
        let times = self.says.entry(conn).or_default();
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= window)
        {
            times.pop_front();
        }
        if times.len() >= MAX_SAYS {
            return peer.send_error(&refuse(
                ErrorCode::TooFast,
                "more than 5 messages in 10 seconds; wait a little",
            ));
        }
        times.push_back(now);
        let said = SaidNews { seat, name, what };
        let frame = Utf8Bytes::from(ServerMessage::<G>::Said(said).to_json());
        self.tell(None, &frame);
    }

    /// The host asks for another round once the game is over.
    pub(super) fn again(&mut self, seat: G::Seat) -> Result<Vec<Event<G>>, Refusal> {
        let replica = self.table.replica();
        if self.host_seat() != Some(seat) {
            return Err(refuse(
                ErrorCode::NotHost,
                "only the host starts another round",
            ));
        }
        if !replica.is_over() {
            return Err(refuse(ErrorCode::NotOver, "the game is not over"));
        }
        let round = replica.round() + 1;
        let commit = match &self.dice {
            Some(dice) => {
                let (seed, commit) = dice.next_round(round).ok_or_else(|| {
                    refuse(ErrorCode::RateLimited, "the server cannot roll dice now")
                })?;
                if let Some(log) = &mut self.log {
                    log.dice(round, seed.to_hex());
                }
                Some(commit)
            }
            None => None,
        };
        self.commit_at = self.now();
        self.waiting_roll = None;
        self.timeouts = vec![0; G::SEATS];
        self.clock = None;
        self.rematch = vec![false; G::SEATS];
        self.left_over = vec![false; G::SEATS];
        let mut events = self.table.again(commit)?;
        // A new round starts clean (issue 45): a seat the computer held
        // because its clock ran out is its person's again when they are
        // here; a seat whose person is not connected stays away.
        for seat in all_seats::<G>() {
            if self.members[seat.index()].is_some() && self.table.replica().is_away(seat) {
                events.extend(self.table.back_now(seat));
            }
        }
        Ok(events)
    }

    /// A seated player's choice about another round, told to everyone of
    /// version 3 (and kept for the welcomes) until the next round; with
    /// `changed_only`, told only when it changes (a seat that leaves).
    pub(super) fn rematch_choice(&mut self, seat: G::Seat, ready: bool, changed_only: bool) {
        let Some(slot) = self.rematch.get_mut(seat.index()) else {
            return;
        };
        if changed_only && *slot == ready {
            return;
        }
        *slot = ready;
        let news = RematchNews {
            seat,
            ready,
            left: false,
        };
        let frame = Utf8Bytes::from(ServerMessage::<G>::Rematch(news).to_json());
        self.tell(None, &frame);
    }

    /// A seat's person left the room once the game was over: no event may
    /// follow `over`, so everyone of version 3 is told with a rematch news
    /// (no, and left); the next round's `started` names the seat a
    /// computer's, and the host is the next person still here.
    pub(super) fn left_after_over(&mut self, seat: G::Seat) {
        let i = seat.index();
        if let Some(slot) = self.left_over.get_mut(i) {
            *slot = true;
        }
        if let Some(slot) = self.rematch.get_mut(i) {
            *slot = false;
        }
        let news = RematchNews {
            seat,
            ready: false,
            left: true,
        };
        let frame = Utf8Bytes::from(ServerMessage::<G>::Rematch(news).to_json());
        let from = self.members[i].as_ref().map(|p| p.id);
        self.tell(from, &frame);
    }

    /// The room's host: the first seat, in seat order, whose person has not
    /// left (during the game or after it).
    pub(super) fn host_seat(&self) -> Option<G::Seat> {
        self.table
            .replica()
            .seats()
            .iter()
            .filter(|s| s.kind == SeatKind::Human)
            .map(|s| s.seat)
            .filter(|s| !self.left_over.get(s.index()).copied().unwrap_or(false))
            .min()
    }

    /// A seat's person takes back the seat a computer holds for them (away
    /// after a dropped connection or turns that timed out), now, whoever's
    /// turn it is; nothing when the computer does not hold it.
    pub(super) fn take_back(&mut self, seat: G::Seat) -> Vec<Event<G>> {
        if self.table.replica().is_over() || !self.table.replica().is_away(seat) {
            return Vec::new();
        }
        self.timeouts[seat.index()] = 0;
        self.away_due[seat.index()] = None;
        self.table.back_now(seat)
    }

    /// A seat's dice seed for the round.
    pub(super) fn seed(&mut self, seat: G::Seat, seed: String) -> Result<Vec<Event<G>>, Refusal> {
        if !G::HAS_DICE {
            return Err(refuse(ErrorCode::NoDice, "this game has no dice"));
        }
        let Some(dice) = self.dice.clone() else {
            return Err(refuse(
                ErrorCode::TooLate,
                "this round's dice were not committed to",
            ));
        };
        if dice.rolled() || self.table.replica().is_over() {
            return Err(refuse(
                ErrorCode::TooLate,
                "the round has rolled: its seeds are fixed",
            ));
        }
        dice.add_seed(seat, seed.clone());
        Ok(self.table.seeded(seat, seed))
    }

    /// True when the round's first roll may be made: it has been, or every
    /// connected version 3 person has sent a seed since the commit, or the
    /// wait is over.
    pub(super) fn dice_ready(&self, now: Instant) -> bool {
        let Some(dice) = &self.dice else {
            return true;
        };
        dice.rolled() || now >= self.commit_at + self.config.seed_wait || self.seeds_in()
    }

    /// True when every connected version 3 person has sent this round's
    /// seed (always, in a game without dice).
    pub(super) fn seeds_in(&self) -> bool {
        let Some(dice) = &self.dice else {
            return true;
        };
        let seeded = dice.seeded();
        let replica = self.table.replica();
        all_seats::<G>().all(|seat| {
            let i = seat.index();
            let asks = self.members[i].is_some()
                && self.versions[i] >= PROTOCOL_VERSION
                && replica
                    .seat(seat)
                    .is_some_and(|s| s.kind == SeatKind::Human);
            !asks || seeded.contains(&seat)
        })
    }

    /// When the round's first roll stops waiting for seeds, while it does.
    pub(super) fn seeds_deadline(&self) -> Option<Instant> {
        let waiting = self.waiting_roll.is_some() || self.table.computer_to_act().is_some();
        (waiting && !self.dice_ready(self.now())).then_some(self.commit_at + self.config.seed_wait)
    }

    /// The timers version 3 adds: a roll that waited for the seeds, and
    /// the turn clock.
    pub(super) fn fire_v3_timers(&mut self, now: Instant) {
        if let Some((conn, level, due)) = self.waiting_start
            && (self.seeds_in() || now >= due)
        {
            self.waiting_start = None;
            let host = self
                .members
                .iter()
                .flatten()
                .find(|p| p.id == conn)
                .cloned();
            if let Some(peer) = host {
                match self.start(level) {
                    Ok(events) => self.broadcast(&events),
                    Err(refusal) => peer.send_error(&refusal),
                }
            }
        }
        if let Some((conn, seat, seq)) = self.waiting_roll
            && self.dice_ready(now)
        {
            self.waiting_roll = None;
            let peer = self.members[seat.index()].clone();
            if let Some(peer) = peer.filter(|p| p.id == conn) {
                match self.table.command(seat, seq, Command::Roll) {
                    Ok(events) => {
                        self.timeouts[seat.index()] = 0;
                        self.broadcast(&events);
                    }
                    Err(refusal) => peer.send_error(&refusal),
                }
            }
        }
        let Some(clock) = self.clock else {
            return;
        };
        if clock.due > now {
            return;
        }
        self.clock = None;
        if self.human_to_act() != Some(clock.seat) || self.table.seq() != clock.seq {
            return;
        }
        if self.waiting_roll.is_some_and(|(_, s, _)| s == clock.seat) {
            // The person did roll; the dice wait for the seeds.
            return;
        }
        let i = clock.seat.index();
        self.timeouts[i] += 1;
        let away = self.timeouts[i] >= 3;
        let events = self.table.time_out(clock.seat, self.level, away);
        self.broadcast(&events);
    }
}
