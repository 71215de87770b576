//! Rating by the game's own evaluation ([`SelfPlay::rate_moves`]) rather
//! than by rollouts: every step's options rated once, deterministically,
//! the steps shared out over threads. With dice, every option of every
//! roll is rated, and the chance before a roll is the average, over the
//! rolls, of what each roll's best option leaves (`docs/ANALYSIS.md`,
//! "Luck").
//!
//! A rating is the same whichever thread makes it and in whatever order,
//! so the analysis is the same whatever the thread count.

use super::plan::{StepPlan, options_of};
use super::rollout::Control;
use super::values::best_of;
use super::{AnalysisConfig, AnalysisError, Luck, MoveValue, Play, Step, even_shares};
use ca_ngua_core::game::Game;
use ca_ngua_core::game::selfplay::SelfPlay;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// One step rated.
#[derive(Clone, Debug)]
pub(super) struct Rated {
    /// Every option's win chances per seat, in the step's option order.
    pub(super) moves: Vec<Vec<f64>>,
    /// The roll's luck, in a game with dice.
    pub(super) luck: Option<Luck>,
    /// Every seat's win chance before the step's roll, with dice: the
    /// average over every roll of what its best option leaves each seat.
    pub(super) before: Option<Vec<f64>>,
}

/// What a worker rated: steps and their ratings.
type Part = Vec<(usize, Option<Rated>)>;

/// Every step rated by the game, or `None` when the game has no rating of
/// its own (then the analysis rolls out).
pub(super) fn rate_steps<G: SelfPlay>(
    rules: &G::Rules,
    seats: &[G::Seat],
    start: &G::State,
    plays: &[Play<G>],
    steps: &[StepPlan<G>],
    config: &AnalysisConfig,
    control: &Control<'_>,
) -> Result<Option<Vec<Rated>>, AnalysisError> {
    // The state before each step (the plan has checked every play).
    let mut states = Vec::with_capacity(plays.len());
    let mut state = start.clone();
    for play in plays {
        states.push(state.clone());
        if G::play(&mut state, play.roll, play.mv).is_err() {
            return Err(AnalysisError::Worker);
        }
    }
    let all_rolls = G::all_rolls(rules);
    let rate = |i: usize| -> Option<Rated> {
        rate_step::<G>(rules, seats, states.get(i)?, steps.get(i)?, &all_rolls)
    };
    let total = steps.len() as u64;
    (control.progress)(0, total);
    // The first step says whether the game rates at all.
    let Some(first) = (if steps.is_empty() { None } else { rate(0) }) else {
        return Ok(if steps.is_empty() {
            Some(Vec::new())
        } else {
            None
        });
    };
    (control.progress)(1, total);
    let next = AtomicUsize::new(1);
    let done = AtomicU64::new(1);
    let worker = || {
        let mut out = Vec::new();
        loop {
            if control.cancel.load(Ordering::Relaxed) {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= steps.len() {
                break;
            }
            out.push((i, rate(i)));
            let d = done.fetch_add(1, Ordering::Relaxed);
            (control.progress)(d + 1, total);
        }
        out
    };
    let threads = config.threads.max(1);
    let parts: Vec<Option<Part>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    if control.cancel.load(Ordering::Relaxed) {
        return Err(AnalysisError::Cancelled);
    }
    let mut rated: Vec<Option<Rated>> = vec![None; steps.len()];
    rated[0] = Some(first);
    for part in parts {
        for (i, r) in part.ok_or(AnalysisError::Worker)? {
            if let Some(slot) = rated.get_mut(i) {
                *slot = r;
            }
        }
    }
    rated
        .into_iter()
        .map(|r| r.ok_or(AnalysisError::Worker))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// One step: its options rated, and, with dice, every option of every
/// other roll, for the roll's luck. The chance before the roll is the
/// average over every roll that could have come (weighted by its
/// probability) of what the roll's best option leaves every seat, by the
/// same rating as the options: so a roll's luck, the best option's rating
/// less that average, averages zero over the rolls for the player who
/// rolls (GNU Backgammon's luck).
fn rate_step<G: SelfPlay>(
    rules: &G::Rules,
    seats: &[G::Seat],
    state: &G::State,
    step: &StepPlan<G>,
    all_rolls: &[(G::Roll, f64)],
) -> Option<Rated> {
    let options: Vec<Option<G::Move>> = step.options.iter().map(|&(m, _)| m).collect();
    let moves = G::rate_moves(rules, state, step.roll, &options, seats)?;
    let fits = |rated: &[Vec<f64>], n: usize| {
        rated.len() == n && rated.iter().all(|m| m.len() == seats.len())
    };
    if !fits(&moves, options.len()) {
        return None;
    }
    let mover = seats.iter().position(|&s| s == step.seat)?;
    // The option the mover rates best (the first of equals, as `best_of`).
    let best = |rated: &[Vec<f64>]| -> Option<Vec<f64>> {
        let i = best_of(rated.iter().map(|m| m.get(mover).copied().unwrap_or(0.0)));
        rated.get(i).cloned()
    };
    let (luck, before) = match (step.roll, &step.dice) {
        (Some(actual), Some(_)) => {
            let after = best(&moves)?;
            let mut weight = 0.0;
            let mut sum = vec![0.0; seats.len()];
            for &(roll, probability) in all_rolls {
                let value = if roll == actual {
                    after.clone()
                } else if G::check_roll(state, roll).is_ok() {
                    let others = options_of::<G>(state, Some(roll)).ok()?;
                    let rated = G::rate_moves(rules, state, Some(roll), &others, seats)?;
                    if !fits(&rated, others.len()) {
                        return None;
                    }
                    best(&rated)?
                } else {
                    continue;
                };
                weight += probability;
                for (s, v) in sum.iter_mut().zip(&value) {
                    *s += probability * v;
                }
            }
            let before: Vec<f64> = if weight > 0.0 {
                sum.iter().map(|s| s / weight).collect()
            } else {
                after.clone()
            };
            let at = |v: &[f64]| v.get(mover).copied().unwrap_or(0.0);
            let (a, b) = (at(&after), at(&before));
            let luck = Luck {
                before: b,
                after: a,
                luck: a - b,
            };
            (Some(luck), Some(before))
        }
        _ => (None, None),
    };
    Some(Rated {
        moves,
        luck,
        before,
    })
}

/// The steps from the game's own ratings: a move's win chance is its
/// rating, exact (an interval of nothing, no rollouts), and so is its
/// cost; every cost above nothing is a clear mistake.
pub(super) fn steps_rated<G: Game>(
    plan: Vec<StepPlan<G>>,
    rated: Vec<Rated>,
    seats: &[G::Seat],
) -> Vec<Step<G>> {
    let mut last_after = even_shares(seats.len());
    plan.into_iter()
        .zip(rated)
        .map(|(step, rated)| {
            let mover = seats.iter().position(|&s| s == step.seat).unwrap_or(0);
            let moves: Vec<MoveValue<G>> = step
                .options
                .iter()
                .zip(&rated.moves)
                .map(|(&(mv, _), r)| {
                    let win = r.get(mover).copied().unwrap_or(0.0);
                    MoveValue {
                        mv,
                        win,
                        ci95: [win, win],
                        rollouts: 0,
                    }
                })
                .collect();
            let best = best_of(moves.iter().map(|m| m.win));
            let win = |i: usize| moves.get(i).map_or(0.0, |m| m.win);
            let cost = (win(best) - win(step.played)).max(0.0);
            let win_after = rated
                .moves
                .get(step.played)
                .cloned()
                .unwrap_or_else(|| vec![0.0; seats.len()]);
            let win_before = rated.before.clone().unwrap_or_else(|| last_after.clone());
            last_after = win_after.clone();
            Step {
                seat: step.seat,
                setup: step.setup,
                roll: step.roll,
                moves,
                played: step.played,
                best,
                cost,
                cost_ci95: [cost, cost],
                luck: rated.luck,
                win_after,
                win_before,
            }
        })
        .collect()
}
