//! The random player: uniform among the legal moves. The yardstick the other
//! levels are measured against, and the player of the speed benchmark.

use super::{BotRng, Decision};
use crate::dice::below;
use crate::engine::Move;

/// A legal move chosen uniformly at random.
#[inline]
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let i = below(rng, d.moves.len() as u32) as usize;
    d.moves.get(i).unwrap_or(Move::EXIT)
}
