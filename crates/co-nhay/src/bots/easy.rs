//! Easy: heads for its target, but without a plan. Most of the time it
//! plays some move forward, the longer ones more often than the short ones
//! but rarely the best; one move in five is any legal move at all, which
//! may go sideways or back. It does know one thing: a piece left at home
//! while the player across moves in can be walled in for good, so then it
//! mostly moves its home pieces out first.

use super::sense::{gain, home_filling};
use super::{BotRng, Decision};
use crate::engine::Move;
use rand::RngExt;

/// The share of moves played at random.
const BLUNDERS: f64 = 0.2;

/// How often, when its home is filling up, it moves a home piece out.
const ESCAPE: f64 = 0.75;

/// Picks a move (the list has at least two).
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let Some(arm) = d.position.turn() else {
        return Move::PASS;
    };
    if rng.random_bool(BLUNDERS) {
        return super::random::choose(d, rng);
    }
    let mut scored: Vec<(Move, i32)> = d
        .moves
        .iter()
        .filter_map(|m| m.ends().map(|(f, t)| (m, gain(arm, f, t))))
        .collect();
    // Leaving home while the player across moves in (CO-NHAY.md §4: its
    // pieces stay for good once it has finished).
    let home = arm.holes();
    if home_filling(d.position, arm) && rng.random_bool(ESCAPE) {
        let out: Vec<(Move, i32)> = scored
            .iter()
            .copied()
            .filter(|&(m, g)| {
                g > 0
                    && m.ends()
                        .is_some_and(|(f, t)| home >> f & 1 == 1 && home >> t & 1 == 0)
            })
            .collect();
        if !out.is_empty() {
            scored = out;
        }
    }
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
