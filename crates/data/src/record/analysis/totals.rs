//! A seat's totals over its steps (or over those one of its players
//! played): decisions, skill lost, luck, the costliest mistakes, the
//! series of win chances and the stretch of the game they add up over.

use super::{Analysis, MISTAKES_LISTED, Mistake, PlayerTotals, Step};
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
    let mut mistakes: Vec<Mistake<G>> = own()
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
    // Costliest first; the earlier of equal costs first.
    mistakes.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.step.cmp(&b.step)));
    mistakes.truncate(MISTAKES_LISTED);
    // The stretch of the game the figures that add up cover: the whole
    // game for a seat's only player; for one of the players of a seat that
    // changed hands, from its first step (the game's start, if it played
    // the seat first) to its last (the game's end, if it played it last).
    let theirs = |i: usize| steps.get(i).is_some_and(|s| s.seat == seat) && !mine(i);
    let span = match (own().next(), own().last()) {
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
    };
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
            .filter(|&i| !(steps[i].seat == seat && mine(i)))
            .map(|i| {
                let s = &steps[i];
                s.win_after.get(k).unwrap_or(&0.0) - s.win_before.get(k).unwrap_or(&0.0)
            })
            .fold(0.0, |a, b| a + b),
    }
}
