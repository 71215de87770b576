//! A seeded game played by computer players through the [`Game`] trait
//! and kept as plays: something to analyse for benchmarks, tests and
//! demonstrations, before records exist.

use super::Play;
use ca_ngua_core::game::selfplay::mix_seed;
use ca_ngua_core::game::{Decision, Game, Level, Next, SeatId};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// A sampled game: the state it started from and its plays.
pub type Sample<G> = (<G as Game>::State, Vec<Play<G>>);

/// A game of `levels.len()` players (`levels[k]` plays the `k`-th seat in
/// turn order) under `rules`, seeded `seed`, played to its end or to
/// `max_plays` plays: the state it started from and its plays.
pub fn sample_game<G: Game>(
    rules: &G::Rules,
    levels: &[Level],
    seed: u64,
    max_plays: usize,
) -> Result<Sample<G>, G::Error> {
    let seats = G::seats_for(rules, levels.len())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = G::start(rules, &seats, &mut rng)?;
    let mut state = start.clone();
    let mut memories: Vec<G::Memory> = vec![G::Memory::default(); G::SEATS];
    let mut plays = Vec::new();
    while plays.len() < max_plays {
        let roll = match G::next(&state, None) {
            Next::Over(_) => break,
            Next::Roll(_) => G::roll(rules, &mut rng),
            Next::Choose(..) | Next::Pass(_) => None,
        };
        let mv = match G::next(&state, roll) {
            Next::Choose(seat, moves) => {
                let slot = seats.iter().position(|&s| s == seat).unwrap_or(0);
                let decision = Decision {
                    level: levels.get(slot).copied().unwrap_or(Level::Random),
                    seed: mix_seed(seed, plays.len() as u64),
                    budget: G::Budget::default(),
                    state: state.clone(),
                    roll,
                    memory: memories.get(seat.index()).cloned().unwrap_or_default(),
                };
                // A bot answers with one of the moves; the first otherwise.
                G::decide(&decision)
                    .filter(|m| moves.contains(m))
                    .or(moves.first().copied())
            }
            Next::Pass(_) => None,
            Next::Roll(_) | Next::Over(_) => break,
        };
        let before = *G::position(&state);
        let played = G::play(&mut state, roll, mv)?;
        if let Some(memory) = memories.get_mut(G::mover(&played).index()) {
            G::remember(memory, &before, &played);
        }
        plays.push(Play { roll, mv });
    }
    Ok((start, plays))
}
