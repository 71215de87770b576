//! The random player: uniform among the legal moves. The yardstick the other
//! levels are measured against, and the player of the speed benchmark.

use super::{BotRng, Decision};
use crate::engine::{Move, MoveList};
use ca_ngua_core::game::rng::{below, scale};

/// A legal move chosen uniformly at random.
#[inline]
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let i = below(rng, d.moves.len() as u32) as usize;
    d.moves.get(i).unwrap_or(Move::EXIT)
}

/// The index in `moves` of the move to play: a uniform choice, made with
/// `bits` (32 random bits that came with the roll), among two or more
/// moves; 0 otherwise. No branch on the number of moves (unpredictable in
/// self-play): `bits` scaled to the number of moves give 0 for one move or
/// none. Only when `bits` fall in the few values that would bias the choice
/// does the bot draw a fresh number.
#[inline(always)]
pub fn pick(moves: &MoveList, bits: u32, rng: &mut BotRng) -> usize {
    let n = moves.len() as u32;
    let i = match scale(bits, n) {
        Some(i) => i,
        None => below(rng, n),
    };
    i as usize
}
