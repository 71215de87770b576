//! Medium: a greedy racer. It plays the move that gains the most ground
//! towards its target (so the longest useful jump chain), and minds the
//! pieces it leaves behind: the rearmost pieces get a bonus for moving, as
//! do pieces still at home once the player across moves in (its finished
//! pieces could wall them in), and a piece already in the target loses one
//! for leaving (unless the target is full of others' pieces too, when
//! stepping out may free a piece walled in there). It does not look ahead,
//! and
//! it avoids undoing its last move or returning to an arrangement it has
//! already had, so that it does not shuffle while its way is blocked.

use super::sense::{Memory, dist, gain, home_filling};
use super::{BotRng, Decision};
use crate::engine::{Holes, Move};
use rand::RngExt;

/// Picks a move (the list has at least two).
pub fn choose(d: &Decision<'_>, memory: &Memory, rng: &mut BotRng) -> Move {
    let Some(arm) = d.position.turn() else {
        return Move::PASS;
    };
    let mine = d.position.pieces(arm);
    let target = arm.target().holes();
    // The two rearmost pieces are the stragglers.
    let mut far: Vec<i32> = Holes(mine).map(|h| dist(arm, h)).collect();
    far.sort_unstable_by(|a, b| b.cmp(a));
    let straggler = far.get(1).copied().unwrap_or(0);
    let home = arm.holes();
    let escape = home_filling(d.position, arm);
    // A full target that is not a win holds someone else's piece, often
    // walled in by this player's own: then stepping out of the target to
    // let it go is no loss.
    let blocked = d.position.occupied() & target == target && !d.position.has_won(arm, d.rules);
    let mut best = (i32::MIN, Move::PASS);
    for m in d.moves.iter() {
        let Some((from, to)) = m.ends() else { continue };
        let g = gain(arm, from, to);
        let mut score = 100 * g;
        if g > 0 && dist(arm, from) >= straggler {
            score += 150;
        }
        if !blocked && target & (1u128 << from) != 0 && target & (1u128 << to) == 0 {
            score -= 300;
        }
        // Out of a home that the player across is filling, before its
        // pieces wall this one in.
        if escape && g > 0 && home >> from & 1 == 1 && home >> to & 1 == 0 {
            score += 250;
        }
        let after = mine ^ (1u128 << from) ^ (1u128 << to);
        score -= 60 * i32::from(memory.times_seen(arm, after));
        if memory.undoes_last(arm, m) {
            score -= 80;
        }
        // Ties go to a seeded coin.
        score = score * 16 + rng.random_range(0..16);
        if score > best.0 {
            best = (score, m);
        }
    }
    best.1
}
