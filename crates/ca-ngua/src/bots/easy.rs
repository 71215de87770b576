//! Easy: a casual beginner. Takes a kick when one is on offer (most of the
//! time), sometimes brings a horse out or pushes its leading horse, and
//! otherwise moves any horse at all.

use super::{BotRng, Decision};
use crate::engine::Move;
use ca_ngua_core::game::rng::below;

/// Out of 100: how often a beginner notices a kick on offer.
const SEES_KICK: u32 = 85;
/// Out of 100: how often it prefers bringing a horse out.
const LIKES_EXIT: u32 = 30;
/// Out of 100: how often it pushes its leading horse.
const LIKES_LEADER: u32 = 25;

/// A beginner's choice among `d.moves`.
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let moves = d.moves;
    let fallback = moves.first().unwrap_or(Move::EXIT);
    let pick = |rng: &mut BotRng, n: usize| below(rng, n.max(1) as u32) as usize;

    let mut kicks = [Move::EXIT; 8];
    let mut n_kicks = 0;
    for m in moves.iter() {
        if d.position.move_kicks(d.rules, m) && n_kicks < kicks.len() {
            kicks[n_kicks] = m;
            n_kicks += 1;
        }
    }
    if n_kicks > 0 && below(rng, 100) < SEES_KICK {
        return kicks[pick(rng, n_kicks)];
    }
    let whim = below(rng, 100);
    if whim < LIKES_EXIT
        && let Some(exit) = moves.iter().find(|m| m.is_exit())
    {
        return exit;
    }
    if whim < LIKES_EXIT + LIKES_LEADER
        && let Some(lead) = moves
            .iter()
            .filter(|m| !m.is_exit())
            .max_by_key(|m| (m.from, m.to))
    {
        return lead;
    }
    moves.get(pick(rng, moves.len())).unwrap_or(fallback)
}
