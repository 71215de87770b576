//! The turn clock (version 3): a person to roll or move has the room's
//! seconds per turn; the frames say how many are left.

use super::Room;
use ca_ngua_core::game::Next;
use ca_ngua_core::table::Controller;
use ca_ngua_games::Listed;
use std::time::Duration;
use tokio::time::Instant;

/// A human seat's turn clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TurnClock<S> {
    pub(crate) seat: S,
    /// The event after which it started.
    pub(crate) seq: u64,
    pub(crate) due: Instant,
}

pub(super) fn whole_secs(d: Duration) -> u32 {
    // Whole seconds, rounded up: 59.2 s left reads 60 rather than 59, so
    // a countdown never shows 0 before the end.
    let ms = d.as_millis();
    u32::try_from(ms.div_ceil(1000)).unwrap_or(u32::MAX)
}

/// A room's turn clock.
#[derive(Debug)]
pub(crate) struct TurnClocks<S> {
    /// Seconds per turn, 0 for no clock.
    pub(crate) secs: u32,
    /// The turn clock of the seat to act.
    pub(crate) running: Option<TurnClock<S>>,
    /// Timed-out turns in a row, by seat.
    pub(crate) timeouts: Vec<u32>,
}

impl<G: Listed> Room<G> {
    /// The seat that must roll or move now, if a person plays it.
    pub(super) fn human_to_act(&self) -> Option<G::Seat> {
        let replica = self.table.replica();
        let seat = replica.turn()?;
        let acts = matches!(replica.next(), Some(Next::Roll(_) | Next::Choose(..)));
        (acts && self.table.controller(seat) == Controller::Elsewhere).then_some(seat)
    }

    /// Starts the turn clock of the seat that must act now, when a person
    /// plays it and its clock is not already running for this event;
    /// answers the seconds it gives (for the event's frame).
    pub(crate) fn arm_clock(&mut self) -> Option<u32> {
        if self.clock.secs == 0 {
            return None;
        }
        let Some(seat) = self.human_to_act() else {
            self.clock.running = None;
            return None;
        };
        let seq = self.table.seq();
        if self
            .clock
            .running
            .is_some_and(|c| c.seat == seat && c.seq == seq)
        {
            return None;
        }
        self.clock.running = Some(TurnClock {
            seat,
            seq,
            due: self.now() + Duration::from_secs(u64::from(self.clock.secs)),
        });
        Some(self.clock.secs)
    }

    /// The seconds left on the clock of whoever has to act now.
    pub(crate) fn clock_left(&self, now: Instant) -> Option<u32> {
        let clock = self.clock.running?;
        (self.human_to_act() == Some(clock.seat))
            .then(|| whole_secs(clock.due.saturating_duration_since(now)))
    }
}
