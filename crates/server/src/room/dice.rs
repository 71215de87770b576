//! A room's dice that anyone can check (PROTOCOL.md version 3): each
//! round's secret seed and commit, the players' seeds, the number of the
//! next roll, and the table's [`Dealer`] that reads rolls from them.

use super::{Room, all_seats, refuse};
use crate::mailbox::ConnId;
use ca_ngua_core::game::Level;
use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_core::table::{Dealer, ErrorCode, Event, EventKind, Refusal, SeatKind};
use ca_ngua_games::Listed;
use ca_ngua_protocol::dice::DiceSeed;
use ca_ngua_protocol::{PROTOCOL_VERSION, dice};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::time::Instant;

/// The dice of a room's rounds.
#[derive(Debug)]
pub(crate) struct RoundDice<G: Game> {
    /// Each round's seed, by round (1, 2, …); a round missing here (a room
    /// kept by a server before version 3) rolls with the generator.
    seeds: Vec<(u32, DiceSeed)>,
    /// The round being played.
    round: u32,
    /// Rolls made in this round.
    rolls: u32,
    /// The players' seeds of this round.
    client_seeds: Vec<(G::Seat, String)>,
}

impl<G: Game> RoundDice<G> {
    pub(super) fn guard(shared: &Arc<Mutex<RoundDice<G>>>) -> MutexGuard<'_, RoundDice<G>> {
        // A poisoned lock still holds plain data: go on with it.
        shared
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The dice shared by a room and its table's dealer.
#[derive(Debug)]
pub(crate) struct FairDice<G: Game>(Arc<Mutex<RoundDice<G>>>);

impl<G: Game> Clone for FairDice<G> {
    fn clone(&self) -> Self {
        FairDice(Arc::clone(&self.0))
    }
}

impl<G: Game> FairDice<G> {
    /// Dice for round 1 with a new seed (`None`: a game without dice, or
    /// no secure randomness).
    pub(crate) fn new() -> Option<FairDice<G>> {
        if !G::HAS_DICE {
            return None;
        }
        let seed = DiceSeed::draw()?;
        Some(FairDice(Arc::new(Mutex::new(RoundDice {
            seeds: vec![(1, seed)],
            round: 1,
            rolls: 0,
            client_seeds: Vec::new(),
        }))))
    }

    /// The dice of a room read back from its file: each round's seed, and
    /// where the round being played stands after `events`.
    pub(crate) fn reopen(seeds: Vec<(u32, DiceSeed)>, events: &[Event<G>]) -> Option<FairDice<G>> {
        if !G::HAS_DICE {
            return None;
        }
        let (round, current) = dice::rounds(events).pop().unwrap_or((1, &[]));
        let rolls = current
            .iter()
            .filter(|e| matches!(e.event, EventKind::Rolled { .. }))
            .count();
        Some(FairDice(Arc::new(Mutex::new(RoundDice {
            seeds,
            round,
            rolls: u32::try_from(rolls).unwrap_or(u32::MAX),
            client_seeds: dice::round_seeds(current),
        }))))
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, RoundDice<G>> {
        RoundDice::guard(&self.0)
    }

    /// The table's dealer over these dice.
    pub(crate) fn dealer(&self) -> Box<dyn Dealer<G>> {
        Box::new(self.clone())
    }

    /// A round's seed, if it has one.
    pub(crate) fn seed_of(&self, round: u32) -> Option<DiceSeed> {
        self.lock()
            .seeds
            .iter()
            .find(|(r, _)| *r == round)
            .map(|(_, s)| *s)
    }

    /// The round being played's commit.
    pub(crate) fn commit(&self) -> Option<String> {
        let round = self.lock().round;
        self.seed_of(round).map(|s| s.commit())
    }

    /// True once the round being played has rolled (its seeds are fixed).
    pub(crate) fn rolled(&self) -> bool {
        self.lock().rolls > 0
    }

    /// The seats that seeded this round.
    pub(crate) fn seeded(&self) -> Vec<G::Seat> {
        self.lock().client_seeds.iter().map(|(s, _)| *s).collect()
    }

    /// Notes a seat's seed for this round (a second replaces the first).
    pub(crate) fn add_seed(&self, seat: G::Seat, seed: String) {
        let mut d = self.lock();
        d.client_seeds.retain(|(s, _)| *s != seat);
        d.client_seeds.push((seat, seed));
    }

    /// Starts round `round` with a new seed; its commit.
    pub(crate) fn next_round(&self, round: u32) -> Option<(DiceSeed, String)> {
        let seed = DiceSeed::draw()?;
        let mut d = self.lock();
        d.seeds.push((round, seed));
        d.round = round;
        d.rolls = 0;
        d.client_seeds.clear();
        Some((seed, seed.commit()))
    }
}

impl<G: Game> Dealer<G> for FairDice<G> {
    fn roll(&mut self, rules: &G::Rules) -> Option<G::Roll> {
        let mut d = self.lock();
        let round = d.round;
        let seed = d.seeds.iter().find(|(r, _)| *r == round).map(|(_, s)| *s)?;
        d.rolls += 1;
        let seeds = dice::seeds_text(&d.client_seeds);
        dice::roll::<G>(rules, &seed, round, d.rolls, &seeds)
    }
}

// The room's side of the dice: each seat's seed, and when the dice are
// ready to roll.

/// A room's dice and what waits for the players' seeds.
pub(crate) struct RoomDice<G: Listed> {
    /// The dice anyone can check (games with dice).
    pub(crate) fair: Option<FairDice<G>>,
    /// When the round being played's commit was published.
    pub(crate) commit_at: Instant,
    /// A roll that waits for the players' dice seeds: the connection that
    /// sent it, its seat and the event it was sent after.
    pub(crate) waiting_roll: Option<(ConnId, G::Seat, u64)>,
    /// A start that waits a moment for the seeds of those just seated:
    /// the host's connection, the level, until when.
    pub(crate) waiting_start: Option<(ConnId, Level, Instant)>,
    /// When a seat's person was last welcomed (their seed follows).
    pub(crate) seated_at: Instant,
    /// Each event's round and, for a roll, its number in the round.
    pub(crate) extras: Vec<(u32, u32)>,
}

impl<G: Listed> Room<G> {
    /// A seat's dice seed for the round.
    pub(crate) fn seed(&mut self, seat: G::Seat, seed: String) -> Result<Vec<Event<G>>, Refusal> {
        if !G::HAS_DICE {
            return Err(refuse(ErrorCode::NoDice, "this game has no dice"));
        }
        let Some(dice) = self.dice.fair.clone() else {
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
    pub(crate) fn dice_ready(&self, now: Instant) -> bool {
        let Some(dice) = &self.dice.fair else {
            return true;
        };
        dice.rolled() || now >= self.dice.commit_at + self.config.seed_wait || self.seeds_in()
    }

    /// True when every connected version 3 person has sent this round's
    /// seed (always, in a game without dice).
    pub(crate) fn seeds_in(&self) -> bool {
        let Some(dice) = &self.dice.fair else {
            return true;
        };
        let seeded = dice.seeded();
        let replica = self.table.replica();
        all_seats::<G>().all(|seat| {
            let i = seat.index();
            let asks = self.seats.members[i].is_some()
                && self.seats.versions[i] >= PROTOCOL_VERSION
                && replica
                    .seat(seat)
                    .is_some_and(|s| s.kind == SeatKind::Human);
            !asks || seeded.contains(&seat)
        })
    }

    /// When the round's first roll stops waiting for seeds, while it does.
    pub(crate) fn seeds_deadline(&self) -> Option<Instant> {
        let waiting = self.dice.waiting_roll.is_some() || self.table.computer_to_act().is_some();
        (waiting && !self.dice_ready(self.now()))
            .then_some(self.dice.commit_at + self.config.seed_wait)
    }
}
