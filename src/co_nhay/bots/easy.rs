//! Easy: heads for its target, but without a plan. Most of the time it
//! plays some move forward, the longer ones more often than the short ones
//! but rarely the best; one move in five is any legal move at all, which
//! may go sideways or back.

use super::sense::gain;
use super::{BotRng, Decision};
use crate::co_nhay::engine::Move;
use rand::RngExt;

/// The share of moves played at random.
const BLUNDERS: f64 = 0.2;

/// Picks a move (the list has at least two).
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let Some(arm) = d.position.turn() else {
        return Move::PASS;
    };
    if rng.random_bool(BLUNDERS) {
        return super::random::choose(d, rng);
    }
    let scored: Vec<(Move, i32)> = d
        .moves
        .iter()
        .filter_map(|m| m.ends().map(|(f, t)| (m, gain(arm, f, t))))
        .collect();
    let total: i32 = scored.iter().map(|&(_, g)| g.max(0)).sum();
    if total == 0 {
        // Nothing goes forward: the least backward move, any of them.
        let best = scored.iter().map(|&(_, g)| g).max().unwrap_or(0);
        let ties: Vec<Move> = scored
            .iter()
            .filter(|&&(_, g)| g == best)
            .map(|&(m, _)| m)
            .collect();
        let i = rng.random_range(0..ties.len().max(1));
        return ties.get(i).copied().unwrap_or(Move::PASS);
    }
    // A forward move, each as likely as the steps it gains.
    let mut pick = rng.random_range(0..total);
    for &(m, g) in &scored {
        let g = g.max(0);
        if pick < g {
            return m;
        }
        pick -= g;
    }
    scored.first().map_or(Move::PASS, |&(m, _)| m)
}
