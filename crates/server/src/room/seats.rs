//! A room's seats and the people in them: tokens, joining and resuming,
//! the welcome (the room's state as a newcomer reads it), leaving, and how
//! each seat's person stands.

use super::clock::whole_secs;
use super::dice::FairDice;
use super::{Room, all_seats};
use crate::codes::{new_token, same_token};
use crate::mailbox::{ConnId, Entered, Outgoing, Peer};
use crate::presence::SeatPresence;
use crate::state::token_hash;
use axum::extract::ws::Utf8Bytes;
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{Controller, ErrorCode, Event, Refusal, SeatKind};
use ca_ngua_games::{GameKind, Listed};
use ca_ngua_protocol::{
    CLOSE_POLICY, CLOSE_TAKEN_OVER, PROTOCOL_VERSION, PresenceNews, RoomState, ServerMessage,
    Welcome,
};
use tokio::time::Instant;
use tracing::debug;

/// Who holds each seat of a room, by the seat's number.
#[derive(Debug)]
pub(crate) struct Seats {
    /// Each seat's token, as its SHA-256 hash (all the room keeps).
    pub(crate) tokens: Vec<Option<String>>,
    /// The connection holding each seat.
    pub(crate) members: Vec<Option<Peer>>,
    /// The protocol version each seat's connection is served.
    pub(crate) versions: Vec<u32>,
    /// When each absent person's seat goes to a computer.
    pub(crate) away_due: Vec<Option<Instant>>,
    /// Since when nobody is connected.
    pub(crate) empty_since: Option<Instant>,
}

impl<G: Listed> Room<G> {
    /// Keeps a seat's token (as its hash), in the state folder first.
    pub(crate) fn set_token(&mut self, seat: G::Seat, token: Option<&str>) {
        if let Some(log) = &mut self.log {
            log.token(seat.index(), token);
        }
        self.seats.tokens[seat.index()] = token.map(token_hash);
    }

    /// How each seat's person stands, by seat number.
    pub(crate) fn presence(&self) -> Vec<SeatPresence> {
        let replica = self.table.replica();
        (0..G::SEATS)
            .map(|i| {
                let Some(info) = G::Seat::from_index(i).and_then(|s| replica.seat(s)) else {
                    return SeatPresence::Empty;
                };
                if self.seats.members.get(i).is_some_and(Option::is_some) {
                    return SeatPresence::Connected;
                }
                if let Some(Some(until)) = self.seats.away_due.get(i) {
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

    pub(crate) fn join(
        &mut self,
        peer: Peer,
        name: &str,
        protocol: u32,
    ) -> Result<Entered, Refusal> {
        let token = new_token().ok_or_else(|| {
            Refusal::new(ErrorCode::RateLimited, "the server cannot seat you now")
        })?;
        let (seat, events) = self.table.join(name)?;
        self.detach(peer.id);
        // Everyone already here hears of the new seat; the newcomer's
        // welcome already holds it.
        self.broadcast(&events);
        self.set_token(seat, Some(&token));
        self.seats.versions[seat.index()] = protocol;
        self.attach(seat, peer, &token, None);
        Ok(Entered {
            seat: Some(seat.index()),
            resent: 0,
        })
    }

    pub(crate) fn resume(
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
                self.seats.tokens[s.index()]
                    .as_deref()
                    .is_some_and(|t| same_token(t, &hash))
            })
            .fold(None, |found, s| found.or(Some(s)))
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat here"))?;
        let was_connected = self.seats.members[seat.index()].is_some();
        match &self.seats.members[seat.index()] {
            Some(old) if old.id == peer.id => {}
            Some(old) => {
                debug!(room = %self.code(), seat = %seat.code(), "seat taken over by a new connection");
                old.close((CLOSE_TAKEN_OVER, "the seat was resumed elsewhere"));
                self.seats.members[seat.index()] = None;
            }
            None => {}
        }
        self.unwatch(peer.id);
        // A connection holds one seat.
        for s in all_seats::<G>() {
            if s != seat
                && self.seats.members[s.index()]
                    .as_ref()
                    .is_some_and(|p| p.id == peer.id)
            {
                self.unseat(s);
            }
        }
        self.seats.versions[seat.index()] = protocol;
        let conn = peer.id;
        self.attach(seat, peer, token, Some(last_seq));
        if !was_connected {
            self.tell_presence(Some(conn), PresenceNews::seat(seat, true, None));
        }
        let resent = self.table.events_since(last_seq).len();
        if self.table.replica().is_away(seat) && self.clock.timeouts[seat.index()] < 3 {
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
    pub(crate) fn attach(&mut self, seat: G::Seat, peer: Peer, token: &str, last_seq: Option<u64>) {
        self.seats.members[seat.index()] = Some(peer.clone());
        self.seats.away_due[seat.index()] = None;
        self.seats.empty_since = None;
        self.dice.seated_at = self.now();
        self.welcome(seat, &peer, token, last_seq);
    }

    /// Welcomes a seat's person, with their token (only they see it).
    pub(crate) fn welcome(
        &mut self,
        seat: G::Seat,
        peer: &Peer,
        token: &str,
        last_seq: Option<u64>,
    ) {
        let protocol = self.seats.versions[seat.index()];
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
    pub(crate) fn welcome_of(
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
                info.info.connected = self.seats.members[info.seat.index()].is_some();
            }
            if v3 {
                info.away_in = Some(self.away_in(info.seat, now));
                info.rematch = replica.is_over()
                    && self
                        .rematch
                        .get(info.seat.index())
                        .copied()
                        .unwrap_or(false);
                info.left = replica.is_over()
                    && self
                        .left_over
                        .get(info.seat.index())
                        .copied()
                        .unwrap_or(false);
            }
        }
        if v3 {
            state.watchers = Some(u32::try_from(self.talk.watchers.len()).unwrap_or(u32::MAX));
            state.clock = Some(self.clock_left(now));
        }
        Welcome::<G> {
            protocol,
            game: GameKind::of::<G>(),
            room: self.code().to_string(),
            seat,
            token: token.to_string(),
            host: seat.is_some() && self.host_seat() == seat,
            players: self.players,
            rules: *self.table.rules(),
            seq: self.table.seq(),
            state,
            watching: v3.then_some(seat.is_none()),
            turn_secs: v3.then_some(self.clock.secs),
            chat: v3.then_some(self.talk.chat),
            dice_commit: if v3 {
                self.dice.fair.as_ref().and_then(FairDice::commit)
            } else {
                None
            },
        }
    }

    /// A seat whose turns a computer plays since its clock ran out three
    /// times is its person's again as soon as they roll or move (PROTOCOL.md
    /// version 3); their command is judged against the events before the
    /// `back`. Answers the event number to judge the command by (`None`:
    /// nothing more to do).
    pub(crate) fn bring_back(&mut self, seat: G::Seat, seq: u64) -> Option<u64> {
        if self.clock.timeouts[seat.index()] < 3 || !self.table.replica().is_away(seat) {
            return Some(seq);
        }
        let before = self.table.seq();
        let events = self.table.back_now(seat);
        self.clock.timeouts[seat.index()] = 0;
        self.broadcast(&events);
        Some(if seq == before { self.table.seq() } else { seq })
    }

    pub(crate) fn detach(&mut self, conn: ConnId) {
        self.unwatch(conn);
        self.talk.says.remove(&conn);
        for seat in all_seats::<G>() {
            if self.seats.members[seat.index()]
                .as_ref()
                .is_some_and(|p| p.id == conn)
            {
                self.unseat(seat);
            }
        }
    }

    /// The seat's connection is gone: its person has `away` to come back.
    pub(crate) fn unseat(&mut self, seat: G::Seat) {
        let conn = self.seats.members[seat.index()].as_ref().map(|p| p.id);
        self.seats.members[seat.index()] = None;
        let now = self.now();
        if self.table.controller(seat) == Controller::Elsewhere && !self.table.replica().is_over() {
            self.seats.away_due[seat.index()] = Some(now + self.config.away);
        }
        if self
            .dice
            .waiting_roll
            .is_some_and(|(c, _, _)| Some(c) == conn)
        {
            self.dice.waiting_roll = None;
        }
        self.note_empty(now);
        let away_in = self.away_in(seat, now);
        self.tell_presence(conn, PresenceNews::seat(seat, false, away_in));
    }

    pub(crate) fn note_empty(&mut self, now: Instant) {
        if self.seats.members.iter().all(Option::is_none)
            && self.talk.watchers.is_empty()
            && self.seats.empty_since.is_none()
        {
            self.seats.empty_since = Some(now);
        }
    }

    /// A connection whose outbox is full is too far behind: it is closed,
    /// and its client resumes from the last event it has.
    pub(crate) fn drop_slow(&mut self, seat: G::Seat) {
        if let Some(peer) = &self.seats.members[seat.index()] {
            debug!(room = %self.code(), seat = %seat.code(), "connection too far behind");
            peer.close((CLOSE_POLICY, "too far behind; resume"));
        }
        self.unseat(seat);
    }
}

impl<G: Listed> Room<G> {
    /// For a human seat that is not connected, the whole seconds left
    /// before a computer takes it (0 once one has); `None` while connected
    /// or for a computer's seat.
    pub(crate) fn away_in(&self, seat: G::Seat, now: Instant) -> Option<u32> {
        let replica = self.table.replica();
        let human = replica
            .seat(seat)
            .is_some_and(|s| s.kind == SeatKind::Human);
        if !human || self.is_connected(seat) {
            return None;
        }
        match self.seats.away_due.get(seat.index()).copied().flatten() {
            Some(due) => Some(whole_secs(due.saturating_duration_since(now))),
            None if replica.is_away(seat) => Some(0),
            None => None,
        }
    }

    pub(super) fn is_connected(&self, seat: G::Seat) -> bool {
        self.seats
            .members
            .get(seat.index())
            .is_some_and(Option::is_some)
    }

    /// Sends a frame to every version 3 connection in the room (seats and
    /// watchers) but `except`.
    pub(super) fn tell(&mut self, except: Option<ConnId>, frame: &Utf8Bytes) {
        for seat in all_seats::<G>() {
            let i = seat.index();
            let Some(peer) = &self.seats.members[i] else {
                continue;
            };
            if Some(peer.id) == except || self.seats.versions[i] < PROTOCOL_VERSION {
                continue;
            }
            if !peer.send(Outgoing::Frame(frame.clone())) {
                self.drop_slow(seat);
            }
        }
        self.talk
            .watchers
            .retain(|w| Some(w.peer.id) == except || w.peer.send(Outgoing::Frame(frame.clone())));
    }

    /// Tells everyone else (version 3) who is there.
    pub(crate) fn tell_presence(&mut self, except: Option<ConnId>, news: PresenceNews<G::Seat>) {
        let frame = Utf8Bytes::from(ServerMessage::<G>::Presence(news).to_json());
        self.tell(except, &frame);
    }

    /// The room's host: the first seat, in seat order, whose person has not
    /// left (during the game or after it).
    pub(crate) fn host_seat(&self) -> Option<G::Seat> {
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
    pub(crate) fn take_back(&mut self, seat: G::Seat) -> Vec<Event<G>> {
        if self.table.replica().is_over() || !self.table.replica().is_away(seat) {
            return Vec::new();
        }
        self.clock.timeouts[seat.index()] = 0;
        self.seats.away_due[seat.index()] = None;
        self.table.back_now(seat)
    }
}
