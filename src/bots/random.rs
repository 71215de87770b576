//! The random player: uniform among the legal moves. The yardstick the other
//! levels are measured against, and the player of the speed benchmark.

use super::{BotRng, Decision};
use crate::dice::below;
use crate::engine::{Move, MoveList};

/// A legal move chosen uniformly at random.
#[inline]
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let i = below(rng, d.moves.len() as u32) as usize;
    d.moves.get(i).unwrap_or(Move::EXIT)
}

/// The move to play, `None` to pass: a uniform choice when there are two
/// or more moves (the only time a random number is drawn), the only one
/// otherwise.
#[inline(always)]
pub fn play(moves: &MoveList, rng: &mut BotRng) -> Option<Move> {
    let n = moves.len() as u32;
    let i = if n < 2 { 0 } else { below(rng, n) };
    moves.get(i as usize)
}
