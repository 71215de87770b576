//! The random player: uniform among the legal moves. The yardstick the other
//! levels are measured against, and the player of the speed benchmark.

use super::{BotRng, Decision};
use crate::engine::Move;
use rand::RngExt;

/// A legal move chosen uniformly at random.
#[inline]
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    d.moves[rng.random_range(0..d.moves.len())]
}
