//! A table's seats after the start and its rounds: another round, the
//! dice's seeds, a turn its clock lost, seats away, back and left.

use super::event::{Controller, ErrorCode, Event, EventKind, Refusal, SeatInfo};
use super::table::{Dealer, Table, refuse};
use crate::game::{Game, Level, SeatId};

impl<G: Game> Table<G> {
    /// Rolls come from `dealer` from now on (an online room's dice that
    /// anyone can check).
    pub fn set_dealer(&mut self, dealer: Box<dyn Dealer<G>>) {
        self.dealer = Some(dealer);
    }

    /// After the game is over, the same seats play another round: a
    /// computer of `level` plays each seat whose person left (they already
    /// do), the seat after the one that began the round before begins.
    /// `dice_commit` goes into the `again` event.
    pub fn again(&mut self, dice_commit: Option<String>) -> Result<Vec<Event<G>>, Refusal> {
        if !self.replica.is_over() {
            return refuse(ErrorCode::NotOver, "the game is not over");
        }
        let Some(game) = self.replica.game() else {
            return refuse(ErrorCode::NotStarted, "the game has not started");
        };
        let seats = G::seats(game);
        let first = self.first_of_round().and_then(|first| {
            let at = seats.iter().position(|s| *s == first)?;
            seats.get((at + 1) % seats.len()).copied()
        });
        let rules = *self.rules();
        let state = match first {
            Some(first) => G::start_first(&rules, &seats, first),
            None => G::start(&rules, &seats, &mut self.rng),
        };
        let state = match state {
            Ok(s) => s,
            Err(e) => return refuse(ErrorCode::BadRules, e.to_string()),
        };
        // A person who left once the game was over (no `left` event can
        // follow `over`) plays no more: a computer has the seat, named.
        let infos: Vec<SeatInfo<G::Seat>> = seats
            .iter()
            .filter_map(|s| self.replica.seat(*s).cloned())
            .map(|mut info| {
                let computer = self.controller(info.seat).computer().is_some();
                if computer && !self.replica.is_away(info.seat) {
                    info.kind = super::event::SeatKind::Bot;
                    info.connected = true;
                }
                info
            })
            .collect();
        let from = self.events.len();
        let round = self.replica.round() + 1;
        self.emit(EventKind::Again { round, dice_commit });
        self.memories = vec![G::Memory::default(); G::SEATS];
        self.turn_only = vec![false; G::SEATS];
        self.asked = None;
        self.emit(EventKind::Started {
            position: G::setup(&state),
            seats: infos,
        });
        // A person who came back while the game was over (no event can
        // follow `over` but `again`) has the seat in the new round: said
        // now, so that every screen stops showing them away.
        for seat in seats {
            if self.replica.is_away(seat) && self.controller(seat).computer().is_none() {
                self.back_due[seat.index()] = false;
                self.emit(EventKind::Back { seat });
            }
        }
        self.settle();
        Ok(self.events[from..].to_vec())
    }

    /// The seat that played first in the round being played (the last
    /// `started`'s turn).
    pub fn first_of_round(&self) -> Option<G::Seat> {
        self.events.iter().rev().find_map(|ev| match &ev.event {
            EventKind::Started { position, .. } => G::from_setup(self.rules(), position)
                .ok()
                .and_then(|s| G::turn(&s)),
            _ => None,
        })
    }

    /// Notes a seat's part of the dice seed (an online room's `seed`).
    pub fn seeded(&mut self, seat: G::Seat, client_seed: String) -> Vec<Event<G>> {
        let from = self.events.len();
        self.emit(EventKind::Seeded { seat, client_seed });
        self.events[from..].to_vec()
    }

    /// The seat to act let its turn clock run out: a computer of `level`
    /// plays this turn for it (or, with `away`, every turn until its
    /// person acts again: the `away` event follows).
    pub fn time_out(&mut self, seat: G::Seat, level: Level, away: bool) -> Vec<Event<G>> {
        let from = self.events.len();
        if self.replica.turn() != Some(seat) || self.controller(seat) != Controller::Elsewhere {
            return Vec::new();
        }
        self.emit(EventKind::TimedOut { seat });
        self.controllers[seat.index()] = Controller::StandIn(level);
        self.asked = None;
        if away {
            self.back_due[seat.index()] = false;
            self.emit(EventKind::Away { seat });
        } else {
            self.turn_only[seat.index()] = true;
        }
        self.events[from..].to_vec()
    }

    /// The seat's person is back and acts: the seat is theirs at once,
    /// even in the middle of the turn a computer plays for them.
    pub fn back_now(&mut self, seat: G::Seat) -> Vec<Event<G>> {
        let from = self.events.len();
        if matches!(self.controller(seat), Controller::StandIn(_)) && self.replica.is_away(seat) {
            self.back_due[seat.index()] = false;
            self.turn_only[seat.index()] = false;
            self.controllers[seat.index()] = Controller::Elsewhere;
            self.asked = None;
            self.emit(EventKind::Back { seat });
        }
        self.events[from..].to_vec()
    }

    /// The seat's person has been away too long: a computer of `level`
    /// plays it from now.
    pub fn away(&mut self, seat: G::Seat, level: Level) -> Vec<Event<G>> {
        let from = self.events.len();
        let timed_out = self.turn_only[seat.index()];
        if (self.controller(seat) == Controller::Elsewhere || timed_out) && !self.replica.is_over()
        {
            self.controllers[seat.index()] = Controller::StandIn(level);
            self.back_due[seat.index()] = false;
            self.turn_only[seat.index()] = false;
            self.emit(EventKind::Away { seat });
        }
        self.events[from..].to_vec()
    }

    /// The seat's person is back: the seat is theirs at once, or, when the
    /// computer standing in is in the middle of its turn, once the turn
    /// moves on.
    pub fn back(&mut self, seat: G::Seat) -> Vec<Event<G>> {
        let from = self.events.len();
        if matches!(self.controller(seat), Controller::StandIn(_)) && self.replica.is_away(seat) {
            self.back_due[seat.index()] = true;
            self.after_change();
        }
        self.events[from..].to_vec()
    }

    /// The seat's person left for good; a computer of `level` plays it.
    pub fn leave(&mut self, seat: G::Seat, level: Level) -> Vec<Event<G>> {
        let from = self.events.len();
        let seated = self.replica.seat(seat).is_some();
        if (seated && self.controller(seat).computer().is_none()) || self.replica.is_away(seat) {
            self.controllers[seat.index()] = Controller::StandIn(level);
            self.back_due[seat.index()] = false;
            self.emit(EventKind::Left { seat });
        }
        self.events[from..].to_vec()
    }
}
