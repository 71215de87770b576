//! A seat's totals over its steps (or over those one of its players
//! played): decisions, skill lost, luck, the costliest mistakes, the
//! series of win chances and the stretch of the game they add up over.

use super::{
    Analysis, ChoiceBand, ChoiceQuality, Confidence, MIN_DECISIONS, MISTAKES_LISTED, Mistake,
    PlayerTotals, Step,
};
use ca_ngua_core::game::Game;

impl<G: Game> Analysis<G> {
    /// A seat's totals over some of its steps only, `steps` (indices into
    /// [`Analysis::steps`]): those one player played when the seat changed
    /// hands during the game (a person, then a computer:
    /// [`Record::seat_players`](crate::record::Record::seat_players)), so
    /// that each player's decisions, luck and mistakes are their own. The
    /// series stays the seat's, every step.
    pub fn totals_over(&self, seat: G::Seat, steps: &[usize]) -> PlayerTotals<G> {
        let k = self.seats.iter().position(|&s| s == seat).unwrap_or(0);
        let mut mine = vec![false; self.steps.len()];
        for &i in steps {
            if let Some(m) = mine.get_mut(i) {
                *m = true;
            }
        }
        totals_where(seat, k, &self.steps, &|i| mine[i])
    }
}

/// A seat's totals over the steps (`k` its index in the seat order).
pub(super) fn totals<G: Game>(seat: G::Seat, k: usize, steps: &[Step<G>]) -> PlayerTotals<G> {
    totals_where(seat, k, steps, &|_| true)
}

/// A seat's totals over the steps `mine` takes (by index).
pub(super) fn totals_where<G: Game>(
    seat: G::Seat,
    k: usize,
    steps: &[Step<G>],
    mine: &dyn Fn(usize) -> bool,
) -> PlayerTotals<G> {
    let own = || {
        steps
            .iter()
            .enumerate()
            .filter(|(i, s)| s.seat == seat && mine(*i))
    };
    let mistakes = costliest_mistakes(own());
    // The stretch of the game the figures that add up cover: the whole
    // game for a seat's only player; for one of the players of a seat that
    // changed hands, from its first step (the game's start, if it played
    // the seat first) to its last (the game's end, if it played it last).
    let span = stretch(steps, seat, mine);
    let looks = span
        .clone()
        .skip(1)
        .map(|i| second_look(steps, i, k))
        .fold(0.0, |a, b| a + b);
    PlayerTotals {
        seat,
        decisions: own().filter(|(_, s)| s.is_decision()).count(),
        // Folded from +0.0: an empty `sum` of floats is -0.0, which JSON
        // would print.
        skill_lost: own().map(|(_, s)| s.cost).fold(0.0, |a, b| a + b),
        luck: own()
            .filter_map(|(_, s)| s.luck.map(|l| l.luck))
            .fold(0.0, |a, b| a + b),
        mistakes,
        series: steps
            .iter()
            .map(|s| s.win_after.get(k).copied().unwrap_or(0.0))
            .collect(),
        start: span
            .clone()
            .next()
            .and_then(|i| steps[i].win_before.get(k))
            .copied()
            .unwrap_or(0.0),
        result: span
            .clone()
            .next_back()
            .and_then(|i| steps[i].win_after.get(k))
            .copied()
            .unwrap_or(0.0),
        others: span
            .clone()
            .filter(|&i| !(steps[i].seat == seat && mine(i)))
            .map(|i| change(&steps[i], k))
            .fold(0.0, |a, b| a + b)
            + looks,
        second_look: looks,
        choices: choice_quality(own().map(|(_, s)| s)),
    }
}

/// The clear mistakes among a player's steps (by index), the costliest
/// first (the earlier of equal costs first), at most [`MISTAKES_LISTED`].
fn costliest_mistakes<'a, G: Game + 'a>(
    own: impl Iterator<Item = (usize, &'a Step<G>)>,
) -> Vec<Mistake<G>> {
    let mut mistakes: Vec<Mistake<G>> = own
        .filter(|(_, s)| s.is_clear_mistake())
        .map(|(i, s)| Mistake {
            step: i,
            setup: s.setup.clone(),
            roll: s.roll,
            played: s.played_move(),
            best: s.best_move(),
            cost: s.cost,
            cost_ci95: s.cost_ci95,
        })
        .collect();
    mistakes.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.step.cmp(&b.step)));
    mistakes.truncate(MISTAKES_LISTED);
    mistakes
}

/// The stretch of the game the figures that add up cover: the whole game
/// for a seat's only player; for one of the players of a seat that changed
/// hands (its steps those `mine` takes), from its first step (the game's
/// start, if it played the seat first) to its last (the game's end, if it
/// played it last).
fn stretch<G: Game>(
    steps: &[Step<G>],
    seat: G::Seat,
    mine: &dyn Fn(usize) -> bool,
) -> std::ops::Range<usize> {
    let own = || {
        steps
            .iter()
            .enumerate()
            .filter(|(i, s)| s.seat == seat && mine(*i))
    };
    let theirs = |i: usize| steps.get(i).is_some_and(|s| s.seat == seat) && !mine(i);
    match (own().next(), own().last()) {
        (Some((a, _)), Some((b, _))) => {
            let lo = if (0..a).any(theirs) { a } else { 0 };
            let hi = if (b + 1..steps.len()).any(theirs) {
                b + 1
            } else {
                steps.len()
            };
            lo..hi
        }
        _ => 0..0,
    }
}

/// What step `step` did to seat `k`'s win chance: after it less before it.
fn change<G: Game>(step: &Step<G>, k: usize) -> f64 {
    step.win_after.get(k).unwrap_or(&0.0) - step.win_before.get(k).unwrap_or(&0.0)
}

/// Between step `i - 1` and step `i`, seat `k`'s chance as step `i`
/// rates it before its roll less the chance step `i - 1` left it: the
/// same position, looked at once more (with the evaluator, one roll
/// deeper: `docs/ANALYSIS.md`, "The others' turns"). Nothing with
/// rollouts, where each step's chance before is the last one's after.
pub(super) fn second_look<G: Game>(steps: &[Step<G>], i: usize, k: usize) -> f64 {
    match (i.checked_sub(1).and_then(|j| steps.get(j)), steps.get(i)) {
        (Some(last), Some(step)) => {
            step.win_before.get(k).unwrap_or(&0.0) - last.win_after.get(k).unwrap_or(&0.0)
        }
        _ => 0.0,
    }
}

/// How well the moves of `steps` (one player's) were chosen: the sum of
/// their costs over the sum of what a move picked at random would have
/// cost (the best move's win chance less the moves' average), over the
/// decisions where the moves differed; its 95% interval and what it says.
pub(super) fn choice_quality<'a, G: Game + 'a>(
    steps: impl Iterator<Item = &'a Step<G>>,
) -> ChoiceQuality {
    // (cost, what a random pick would have cost) of each decision with
    // something at stake.
    let picks: Vec<(f64, f64)> = steps
        .filter(|s| s.is_decision())
        .filter_map(|s| {
            let best = s.moves.get(s.best)?.win;
            let mean = s.moves.iter().map(|m| m.win).sum::<f64>() / s.moves.len() as f64;
            let stake = best - mean;
            (stake > 1e-9).then_some((s.cost, stake))
        })
        .collect();
    let n = picks.len();
    let cost: f64 = picks.iter().map(|p| p.0).sum();
    let stake: f64 = picks.iter().map(|p| p.1).sum();
    if n == 0 || stake <= 0.0 {
        return ChoiceQuality {
            decisions: n,
            share: 0.0,
            ci95: [0.0, 1.0],
            band: ChoiceBand::Best,
            confidence: Confidence::TooShort,
        };
    }
    let share = cost / stake;
    let nf = n as f64;
    // The ratio's standard error (the delta method).
    let spread = if n > 1 {
        picks
            .iter()
            .map(|&(c, s)| (c - share * s).powi(2))
            .sum::<f64>()
            / (nf - 1.0)
    } else {
        0.0
    };
    let half = 1.959_963_984_540_054 * (spread * nf).sqrt() / stake;
    // Three more choices at random, each at the average stake.
    let three = 3.0 * stake / nf;
    let low = (share - half).max(0.0);
    let high = (share + half).max((cost + three) / (stake + three));
    let band = ChoiceBand::of(share);
    let spanned = ChoiceBand::of(high) as usize - ChoiceBand::of(low) as usize;
    let confidence = match spanned {
        _ if n < MIN_DECISIONS => Confidence::TooShort,
        0 => Confidence::Sure,
        1 => Confidence::Likely,
        _ => Confidence::TooShort,
    };
    ChoiceQuality {
        decisions: n,
        share,
        ci95: [low, high],
        band,
        confidence,
    }
}
