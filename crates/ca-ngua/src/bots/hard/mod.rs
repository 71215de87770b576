//! Hard: expectimax over the dice with a race-and-danger evaluation.
//!
//! The search looks at every move for the roll in hand, then at every roll
//! that can come next (6 outcomes with one die, 21 with two, each with its
//! probability) and the best reply of whoever rolls it: the same colour
//! after a bonus roll, the next colour otherwise. Every colour maximises its
//! own share of a utility vector (max-n), so the search works the same for
//! two, three or four players and for every rule set: it only calls the
//! engine's `legal_moves` and `play_unchecked`.
//!
//! The leaves are scored by [`Model`]: each colour's expected number of
//! turns to bring its horses home (plain travel, plus the waiting for exit
//! and exact rolls that a small dynamic programme over the dice computes
//! for a lone horse, overlapped between horses), plus the expected loss
//! from kicks, turned into win chances by a softmax.
//!
//! The search deepens one roll at a time while the next depth fits a fixed
//! budget of leaf evaluations, never a clock: the same position, roll and
//! budget always give the same move.

mod model;

pub use model::{Model, Standing};

use super::Decision;
use crate::engine::{Move, Position, Roll, Rules};

/// How much work one decision may take, in leaf evaluations. A fixed
/// amount of work, never a time limit, so that a seed replays exactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most leaf evaluations per decision.
    pub nodes: u64,
    /// Deepest search, in rolls after the move being chosen.
    pub max_depth: u8,
    /// Below the root and above the last roll, only the `beam` moves the
    /// evaluation rates best for their player are searched on (0: all).
    pub beam: u8,
}

impl Budget {
    /// Play strength: two or three rolls ahead with one die, one or two
    /// with two dice. About 1 ms per decision in the median and 25 ms at
    /// worst on a slow 2.45 GHz core, far inside 50 ms / 200 ms even on a
    /// loaded machine (docs/BOTS.md has the measurements).
    pub const DEFAULT: Budget = Budget {
        nodes: 20_000,
        max_depth: 3,
        beam: 0,
    };

    /// The learned Hard's search as it ships: [`Budget::V1`]. Issue 57
    /// measured three rolls ahead with a beam of one at 30,000 leaves
    /// (`hard:30000:3:1` in the gauntlet): no stronger over 2,000 games
    /// against three of these or three experts, ten times the work, and a
    /// phone's browser (its CPU four times slower, the page's one thread)
    /// would wait up to half a second for it (`docs/BOTS.md`).
    pub const LEARNED: Budget = Budget::V1;

    /// Hard's learned search as shipped before issue 57: 3,000 leaves,
    /// two rolls ahead, every move searched (`hard-v1` in the gauntlet).
    pub const V1: Budget = Budget {
        nodes: 3_000,
        max_depth: 2,
        beam: 0,
    };

    /// No look-ahead: the move whose position the evaluation rates best
    /// (an analysis's rollouts, which play hundreds of games a move).
    pub const QUICK: Budget = Budget {
        nodes: 64,
        max_depth: 0,
        beam: 0,
    };

    /// A small budget for tests: one or two rolls of look-ahead.
    pub const TEST: Budget = Budget {
        nodes: 1_500,
        max_depth: 2,
        beam: 0,
    };
}

impl Default for Budget {
    fn default() -> Self {
        Budget::DEFAULT
    }
}

/// The evaluation's weights, in turns (one turn is one roll of a colour,
/// not counting bonus rolls). Public so that tuning runs can vary them.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Params {
    /// Share of each horse's waiting (for an exit roll, for the exact rolls
    /// of the door, the column or the centre) that counts besides the
    /// longest wait of its colour, which counts in full.
    pub lambda: f32,
    /// Chance of a kick on the rest of a horse's way round (beyond the next
    /// roll), for a horse that still has the whole track ahead of it.
    pub exposure: f32,
    /// Extra turns for each horse in the yard: the exit roll it will spend.
    pub yard_extra: f32,
    /// Weight of the expected loss from being kicked before rolling again.
    pub danger: f32,
    /// Weight of an opponent's threat when it rolls only after the
    /// threatened colour has rolled (that colour can still flee).
    pub late_weight: f32,
    /// Turns credited to the colour about to roll.
    pub tempo: f32,
    /// Softmax scale turning turn counts into win chances.
    pub temperature: f32,
}

impl Params {
    /// The tuned weights (docs/BOTS.md describes the tuning runs).
    pub const TUNED: Params = Params {
        lambda: 0.6,
        exposure: 0.4,
        yard_extra: 3.0,
        danger: 1.4,
        late_weight: 0.6,
        tempo: 0.5,
        temperature: 6.0,
    };
}

impl Default for Params {
    fn default() -> Self {
        Params::TUNED
    }
}

/// A leaf evaluation for the search: each seat's win chance, with the
/// colours in `root_done` finished before the search began.
pub trait Leaf {
    /// The rules the evaluation was built for.
    fn leaf_rules(&self) -> &Rules;
    /// The rolls that can come and their probabilities.
    fn leaf_rolls(&self) -> &[(Roll, f32)];
    /// Win chances per seat.
    fn leaf(&self, pos: &Position, root_done: u8) -> [f32; 4];
}

/// The search: expectimax over rolls, max-n over moves, leaves scored by
/// the model, counting leaf evaluations against a limit.
struct Search<'a, L: Leaf> {
    model: &'a L,
    beam: usize,
    root_done: u8,
    evals: u64,
    limit: u64,
}

/// The search ran out of its budget: the depth it was on is abandoned.
struct OutOfBudget;

impl<L: Leaf> Search<'_, L> {
    #[inline]
    fn leaf(&mut self, pos: &Position) -> Result<[f32; 4], OutOfBudget> {
        if self.evals >= self.limit {
            return Err(OutOfBudget);
        }
        self.evals += 1;
        Ok(self.model.leaf(pos, self.root_done))
    }

    /// The expected utilities before the next roll, `depth` rolls deep.
    fn chance(&mut self, pos: &Position, depth: u8) -> Result<[f32; 4], OutOfBudget> {
        if depth == 0 || pos.turn().is_none() {
            return self.leaf(pos);
        }
        let mut acc = [0.0f32; 4];
        for &(roll, prob) in self.model.leaf_rolls() {
            let v = self.decide(pos, roll, depth)?;
            for (a, x) in acc.iter_mut().zip(v) {
                *a += prob * x;
            }
        }
        Ok(acc)
    }

    /// The utilities after the colour to move plays `roll` as well as it
    /// can for itself.
    fn decide(&mut self, pos: &Position, roll: Roll, depth: u8) -> Result<[f32; 4], OutOfBudget> {
        let rules = self.model.leaf_rules();
        let Some(seat) = pos.turn() else {
            return self.leaf(pos);
        };
        let moves = pos.legal_moves(rules, roll);
        if moves.is_empty() {
            let mut next = *pos;
            next.play_unchecked(rules, roll, None);
            return self.chance(&next, depth - 1);
        }
        let mut best = [f32::NEG_INFINITY; 4];
        if self.beam > 0 && depth >= 2 && moves.len() > self.beam {
            return self.decide_beam(pos, roll, depth, &moves, seat.index());
        }
        for mv in moves.iter() {
            let mut next = *pos;
            next.play_unchecked(rules, roll, Some(mv));
            let v = self.chance(&next, depth - 1)?;
            if v[seat.index()] > best[seat.index()] {
                best = v;
            }
        }
        Ok(best)
    }

    /// `decide` searching on only the `beam` moves that the evaluation
    /// rates best for `seat` (ties in the engine's order).
    fn decide_beam(
        &mut self,
        pos: &Position,
        roll: Roll,
        depth: u8,
        moves: &crate::engine::MoveList,
        seat: usize,
    ) -> Result<[f32; 4], OutOfBudget> {
        let rules = self.model.leaf_rules();
        let mut rated = [(0.0f32, *pos); crate::engine::moves::MAX_MOVES];
        let n = moves.len().min(rated.len());
        for (slot, mv) in rated.iter_mut().zip(moves.iter()) {
            let mut next = *pos;
            next.play_unchecked(rules, roll, Some(mv));
            *slot = (self.leaf(&next)?[seat], next);
        }
        rated[..n].sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut best = [f32::NEG_INFINITY; 4];
        for (_, next) in &rated[..self.beam.min(n)] {
            let v = self.chance(next, depth - 1)?;
            if v[seat] > best[seat] {
                best = v;
            }
        }
        Ok(best)
    }
}

/// The chances before the next roll of `pos`, `depth` rolls deep, by the
/// search's expectimax over `leaf` with no budget (the analysis's one roll
/// of look-ahead).
pub fn expectimax<L: Leaf>(leaf: &L, pos: &Position, root_done: u8, depth: u8) -> [f32; 4] {
    let mut search = Search {
        model: leaf,
        beam: 0,
        root_done,
        evals: 0,
        limit: u64::MAX,
    };
    match search.chance(pos, depth) {
        Ok(v) => v,
        // No limit: never reached.
        Err(OutOfBudget) => leaf.leaf(pos, root_done),
    }
}

/// Hard's choice among `d.moves` with `model` and `budget`.
pub fn choose_with<L: Leaf>(d: &Decision<'_>, model: &L, budget: Budget) -> Move {
    let moves = d.moves;
    let fallback = moves.first().unwrap_or(Move::EXIT);
    let Some(seat) = d.position.turn() else {
        return fallback;
    };
    if moves.len() <= 1 {
        return fallback;
    }
    let mut root_done = 0u8;
    for s in d.position.playing_seats() {
        if d.position.is_finished(s, d.rules) {
            root_done |= 1 << s.index();
        }
    }
    let children: Vec<(Move, Position)> = moves
        .iter()
        .map(|mv| {
            let mut next = *d.position;
            next.play_unchecked(d.rules, d.roll, Some(mv));
            (mv, next)
        })
        .collect();
    let mut best = fallback;
    let mut used = 0u64;
    let mut last_cost = 0u64;
    let mut prev_cost = 0u64;
    let n_rolls = model.leaf_rolls().len() as u64;
    for depth in 0..=budget.max_depth {
        // Each extra roll multiplies the work by the number of rolls times
        // the moves per roll: guess it from the last two depths (or three
        // moves a roll), and stop before a depth that would not fit what is
        // left rather than start it and throw it away.
        if depth > 0 {
            let growth = last_cost
                .checked_div(prev_cost)
                .map_or(n_rolls * 3, |g| g.max(n_rolls));
            if used + last_cost.max(1) * growth > budget.nodes {
                break;
            }
        }
        let mut search = Search {
            model,
            beam: usize::from(budget.beam),
            root_done,
            evals: 0,
            limit: budget.nodes - used,
        };
        let mut chosen = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut complete = true;
        for (mv, child) in &children {
            match search.chance(child, depth) {
                Ok(v) => {
                    if v[seat.index()] > best_value {
                        best_value = v[seat.index()];
                        chosen = Some(*mv);
                    }
                }
                Err(OutOfBudget) => {
                    complete = false;
                    break;
                }
            }
        }
        used += search.evals;
        if !complete {
            break; // keep the last depth that finished
        }
        prev_cost = last_cost;
        last_cost = search.evals;
        if let Some(mv) = chosen {
            best = mv;
        }
    }
    best
}

/// Hard's choice with the tuned evaluation and `budget`.
pub fn choose(d: &Decision<'_>, budget: Budget) -> Move {
    let model = Model::new(d.rules, Params::TUNED);
    choose_with(d, &model, budget)
}

#[cfg(test)]
mod tests {
    use super::model::{YARD_INDEX, lone_horse_turns, roll_outcomes};
    use super::*;
    use crate::engine::{CENTRE, DOOR, Seat, TOP_CELL};

    #[test]
    fn lone_horse_tables_are_sane() {
        let rules = Rules::standard();
        let (rolls, n) = roll_outcomes(&rules);
        let e = lone_horse_turns(&rules, &rolls[..n], CENTRE);
        assert_eq!(e[CENTRE as usize], 0.0);
        // One step from the centre: wait for a 1; a 6 rolls again at no
        // cost of a turn, so 5 turns on average.
        assert!((e[56] - 5.0).abs() < 1e-3, "{}", e[56]);
        // Further is more, and the yard is worst.
        for p in 0..56 {
            assert!(e[p] > e[p + 1] - 1.5, "{p}: {} {}", e[p], e[p + 1]);
        }
        assert!(e[YARD_INDEX] > e[0]);
        let rules = Rules::traditional();
        let (rolls, n) = roll_outcomes(&rules);
        let total: f32 = rolls[..n].iter().map(|r| r.1).sum();
        assert!((total - 1.0).abs() < 1e-5);
        for target in DOOR + 3..=TOP_CELL {
            let e = lone_horse_turns(&rules, &rolls[..n], target);
            assert!(
                e[YARD_INDEX] < 500.0 && e[0] < e[YARD_INDEX],
                "{target}: {e:?}"
            );
        }
    }

    #[test]
    fn evaluation_sums_to_one() {
        for rules in [Rules::standard(), Rules::traditional()] {
            let model = Model::new(&rules, Params::TUNED);
            let pos = Position::start(&Seat::ALL, Seat::Red).expect("start");
            let u = model.evaluate(&pos, 0);
            let sum: f32 = u.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{u:?}");
        }
    }
}
