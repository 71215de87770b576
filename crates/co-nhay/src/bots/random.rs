//! Random: any legal move, uniformly. A yardstick for the others.

use super::{BotRng, Decision};
use crate::engine::Move;
use rand::RngExt;

/// A uniformly random legal move (the list is not empty).
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let n = d.moves.len();
    d.moves
        .get(rng.random_range(0..n.max(1)))
        .unwrap_or(Move::PASS)
}
