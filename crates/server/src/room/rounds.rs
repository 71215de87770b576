//! Another round (version 3, issue 45): the host's `again`, each player's
//! choice, and those who left once the game was over.

use super::{Room, all_seats, refuse};
use axum::extract::ws::Utf8Bytes;
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{ErrorCode, Event, Refusal};
use ca_ngua_games::Listed;
use ca_ngua_protocol::{RematchNews, ServerMessage};

impl<G: Listed> Room<G> {
    /// The host asks for another round once the game is over.
    pub(crate) fn again(&mut self, seat: G::Seat) -> Result<Vec<Event<G>>, Refusal> {
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
        let commit = match &self.dice.fair {
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
        self.dice.commit_at = self.now();
        self.dice.waiting_roll = None;
        self.clock.timeouts = vec![0; G::SEATS];
        self.clock.running = None;
        self.rematch = vec![false; G::SEATS];
        self.left_over = vec![false; G::SEATS];
        let mut events = self.table.again(commit)?;
        // A new round starts clean (issue 45): a seat the computer held
        // because its clock ran out is its person's again when they are
        // here; a seat whose person is not connected stays away.
        for seat in all_seats::<G>() {
            if self.seats.members[seat.index()].is_some() && self.table.replica().is_away(seat) {
                events.extend(self.table.back_now(seat));
            }
        }
        Ok(events)
    }

    /// A seated player's choice about another round, told to everyone of
    /// version 3 (and kept for the welcomes) until the next round; with
    /// `changed_only`, told only when it changes (a seat that leaves).
    pub(crate) fn rematch_choice(&mut self, seat: G::Seat, ready: bool, changed_only: bool) {
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
    pub(crate) fn left_after_over(&mut self, seat: G::Seat) {
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
        let from = self.seats.members[i].as_ref().map(|p| p.id);
        self.tell(from, &frame);
    }
}
