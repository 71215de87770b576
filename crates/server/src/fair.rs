//! A room's dice that anyone can check (PROTOCOL.md version 3): each
//! round's secret seed and commit, the players' seeds, the number of the
//! next roll, and the table's [`Dealer`] that reads rolls from them.

use ca_ngua_core::game::Game;
use ca_ngua_core::table::{Dealer, Event, EventKind};
use ca_ngua_protocol::dice::{self, DiceSeed};
use std::sync::{Arc, Mutex, MutexGuard};

/// The dice of a room's rounds.
#[derive(Debug)]
pub(super) struct RoundDice<G: Game> {
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
    fn guard(shared: &Arc<Mutex<RoundDice<G>>>) -> MutexGuard<'_, RoundDice<G>> {
        // A poisoned lock still holds plain data: go on with it.
        shared
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The dice shared by a room and its table's dealer.
#[derive(Debug)]
pub(super) struct FairDice<G: Game>(Arc<Mutex<RoundDice<G>>>);

impl<G: Game> Clone for FairDice<G> {
    fn clone(&self) -> Self {
        FairDice(Arc::clone(&self.0))
    }
}

impl<G: Game> FairDice<G> {
    /// Dice for round 1 with a new seed (`None`: a game without dice, or
    /// no secure randomness).
    pub(super) fn new() -> Option<FairDice<G>> {
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
    pub(super) fn reopen(seeds: Vec<(u32, DiceSeed)>, events: &[Event<G>]) -> Option<FairDice<G>> {
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

    fn lock(&self) -> MutexGuard<'_, RoundDice<G>> {
        RoundDice::guard(&self.0)
    }

    /// The table's dealer over these dice.
    pub(super) fn dealer(&self) -> Box<dyn Dealer<G>> {
        Box::new(self.clone())
    }

    /// A round's seed, if it has one.
    pub(super) fn seed_of(&self, round: u32) -> Option<DiceSeed> {
        self.lock()
            .seeds
            .iter()
            .find(|(r, _)| *r == round)
            .map(|(_, s)| *s)
    }

    /// The round being played's commit.
    pub(super) fn commit(&self) -> Option<String> {
        let round = self.lock().round;
        self.seed_of(round).map(|s| s.commit())
    }

    /// True once the round being played has rolled (its seeds are fixed).
    pub(super) fn rolled(&self) -> bool {
        self.lock().rolls > 0
    }

    /// The seats that seeded this round.
    pub(super) fn seeded(&self) -> Vec<G::Seat> {
        self.lock().client_seeds.iter().map(|(s, _)| *s).collect()
    }

    /// Notes a seat's seed for this round (a second replaces the first).
    pub(super) fn add_seed(&self, seat: G::Seat, seed: String) {
        let mut d = self.lock();
        d.client_seeds.retain(|(s, _)| *s != seat);
        d.client_seeds.push((seat, seed));
    }

    /// Starts round `round` with a new seed; its commit.
    pub(super) fn next_round(&self, round: u32) -> Option<(DiceSeed, String)> {
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
