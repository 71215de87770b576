//! A room's events: written to the state folder before anyone is sent
//! them, sent to the seats and the watchers as frames (with version 3's
//! `n`, `round`, `clock` and `dice_seed`), logged, and kept to the
//! configured number.

use super::{Controllers, Room, all_seats};
use crate::mailbox::Outgoing;
use axum::extract::ws::Utf8Bytes;
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{Event, EventKind};
use ca_ngua_games::Listed;
use ca_ngua_protocol::ServerMessage;
use serde_json::Value;
use tracing::info;

/// Each event's round and, for a roll, its number in the round (0 for
/// other events), from the room's first event.
pub(crate) fn extras_of<G: Listed>(events: &[Event<G>]) -> Vec<(u32, u32)> {
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

impl<G: Listed> Room<G> {
    /// Writes events, and the controllers if they changed, to the state
    /// folder (before anyone is sent them).
    pub(super) fn persist(&mut self, events: &[Event<G>]) {
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

    /// Records events and sends them to everyone in the room (the last
    /// one with the turn clock it starts, if one does).
    pub(crate) fn broadcast(&mut self, events: &[Event<G>]) {
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
                let Some(peer) = &self.seats.members[seat.index()] else {
                    continue;
                };
                if !peer.send(Outgoing::Frame(frame.clone())) {
                    self.drop_slow(seat);
                }
            }
            self.send_watchers(&frame);
            if let EventKind::Back { seat } = ev.event
                && self.seats.members[seat.index()].is_none()
            {
                // Back while the stand-in finished its turn, but gone
                // again meanwhile: the away clock starts over.
                self.seats.away_due[seat.index()] = Some(self.now() + self.config.away);
            }
        }
        if !events.is_empty() {
            self.lease.count_events(events.len());
            self.cap_events();
        }
    }

    /// Logs an event (one line per event, no names, no tokens).
    pub(super) fn record(&self, ev: &Event<G>) {
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
    pub(super) fn cap_events(&mut self) {
        let replica = self.table.replica();
        if self.table.seq() >= self.config.limits.max_events_per_room
            && replica.is_started()
            && !replica.is_over()
        {
            let events = self.table.conclude();
            self.broadcast(&events);
        }
    }

    /// Notes an event's round and roll number (in order, once each).
    pub(crate) fn note_extras(&mut self, ev: &Event<G>) {
        let (mut round, mut rolls) = match self.dice.extras.last() {
            Some(&(round, _)) => (round, self.rolls_in_round()),
            None => (1, 0),
        };
        let extra = extra_after(&mut round, &mut rolls, ev);
        self.dice.extras.push(extra);
    }

    pub(super) fn rolls_in_round(&self) -> u32 {
        self.dice
            .extras
            .iter()
            .rev()
            .find(|(_, n)| *n > 0)
            .filter(|(r, _)| Some(r) == self.dice.extras.last().map(|(r, _)| r))
            .map_or(0, |(_, n)| *n)
    }

    /// An event's frame as version 3 writes it: `rolled` with its `n`,
    /// `started` of a later round with its `round`, `over` with the
    /// round's revealed `dice_seed`, and the `clock` it starts.
    pub(crate) fn event_frame(&self, ev: &Event<G>, clock: Option<u32>) -> Utf8Bytes {
        let msg = ServerMessage::Event(ev.clone());
        let Ok(mut value) = serde_json::to_value(&msg) else {
            return Utf8Bytes::from(msg.to_json());
        };
        let (round, n) = usize::try_from(ev.seq)
            .ok()
            .and_then(|seq| self.dice.extras.get(seq.wrapping_sub(1)))
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
                    if let Some(seed) = self.dice.fair.as_ref().and_then(|d| d.seed_of(round)) {
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
}
