//! Rollouts: a game played on from an option to its end by computer
//! players, many times, the jobs shared out over threads.
//!
//! Every rollout is seeded from the analysis seed, its step and its number
//! alone ([`rollout_seed`]), and a job's sums are integers, so the result
//! is the same whatever the thread count and whichever thread ran a job.
//! Rollout `k` of every option of a step has the same seed: the options
//! are compared on the same dice (common random numbers), which takes
//! some of the dice's noise out of their differences (a Cờ Cá Ngựa game
//! soon goes its own way after two different moves, so not all of it).

use super::plan::Job;
use super::{AnalysisConfig, AnalysisError};
use ca_ngua_core::game::selfplay::{SelfPlay, mix_seed};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// A whole win in a rollout's score: first place shared by `k` sides
/// scores each `SHARE / k`, exact for one to six sides.
pub(super) const SHARE: u64 = 60;

/// What a job's rollouts add up to, per seat (in the analysis' seat
/// order), in units of [`SHARE`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Tally {
    /// Over every rollout of the job.
    pub(super) all: Vec<u64>,
    /// Over its first `prefix` rollouts (what luck compares across rolls).
    pub(super) prefix: Vec<u64>,
    /// Every rollout's score of the job's kept seat, in rollout order
    /// (empty when it keeps none).
    pub(super) scores: Vec<u8>,
}

/// The seed of rollout `k` of step `step`.
pub(super) fn rollout_seed(seed: u64, step: usize, k: u32) -> u64 {
    mix_seed(mix_seed(seed, step as u64), u64::from(k))
}

/// Where progress is told and cancelling is heard.
pub(super) struct Control<'a> {
    pub(super) progress: &'a (dyn Fn(u64, u64) + Sync),
    pub(super) cancel: &'a AtomicBool,
}

/// Runs every job on `config.threads` threads; the tallies in job order.
pub(super) fn run_jobs<G: SelfPlay>(
    rules: &G::Rules,
    seats: &[G::Seat],
    jobs: &[Job<G>],
    prefix: u32,
    config: &AnalysisConfig,
    control: &Control<'_>,
) -> Result<Vec<Tally>, AnalysisError> {
    let total: u64 = jobs.iter().map(|j| u64::from(j.rollouts)).sum();
    let next = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    (control.progress)(0, total);
    let worker = || {
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(i) else {
                break;
            };
            let Some(tally) = run_job(rules, seats, job, prefix, config, control.cancel) else {
                break; // cancelled
            };
            out.push((i, tally));
            let d = done.fetch_add(u64::from(job.rollouts), Ordering::Relaxed);
            (control.progress)(d + u64::from(job.rollouts), total);
        }
        out
    };
    let threads = config.threads.max(1);
    let parts: Vec<Option<Vec<(usize, Tally)>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    if control.cancel.load(Ordering::Relaxed) {
        return Err(AnalysisError::Cancelled);
    }
    let mut tallies: Vec<Option<Tally>> = vec![None; jobs.len()];
    for part in parts {
        let part = part.ok_or(AnalysisError::Worker)?;
        for (i, tally) in part {
            if let Some(slot) = tallies.get_mut(i) {
                *slot = Some(tally);
            }
        }
    }
    tallies
        .into_iter()
        .map(|t| t.ok_or(AnalysisError::Worker))
        .collect()
}

/// A job's rollouts, `None` once `cancel` is set.
fn run_job<G: SelfPlay>(
    rules: &G::Rules,
    seats: &[G::Seat],
    job: &Job<G>,
    prefix: u32,
    config: &AnalysisConfig,
    cancel: &AtomicBool,
) -> Option<Tally> {
    let tuning = G::Tuning::default();
    let mut tally = Tally {
        all: vec![0; seats.len()],
        prefix: vec![0; seats.len()],
        scores: Vec::new(),
    };
    let mut score = vec![0; seats.len()];
    let mut bots = Vec::with_capacity(seats.len());
    for k in 0..job.rollouts {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let seed = rollout_seed(config.seed, job.step, k);
        let mut state = job.state.clone();
        bots.clear();
        bots.extend(
            (0..seats.len())
                .map(|slot| G::rollout_bot(config.level, mix_seed(seed, 1 + slot as u64), &tuning)),
        );
        G::play_on(&mut state, seats, &mut bots, seed, config.max_plies);
        score_game::<G>(rules, seats, &state, &mut score);
        if let Some(&kept) = job.keep.and_then(|k| score.get(k)) {
            // At most SHARE, which fits a byte.
            tally.scores.push(kept.min(SHARE) as u8);
        }
        for (s, (all, pre)) in score
            .iter()
            .zip(tally.all.iter_mut().zip(tally.prefix.iter_mut()))
        {
            *all += s;
            if k < prefix {
                *pre += s;
            }
        }
    }
    Some(tally)
}

/// Each seat's share of first place in `state`, ended or stopped by the
/// ply cap (then the places as they stand: the game's own heuristic), in
/// units of [`SHARE`]: first place shared by `k` sides (allies count as
/// one side, so a team that wins scores a whole win for each partner)
/// gives each of them `SHARE / k`.
pub(super) fn score_game<G: SelfPlay>(
    rules: &G::Rules,
    seats: &[G::Seat],
    state: &G::State,
    score: &mut [u64],
) {
    score.fill(0);
    let places = G::places(&G::outcome(state));
    let firsts: Vec<G::Seat> = places
        .iter()
        .filter(|&&(place, _)| place == 1)
        .map(|&(_, seat)| seat)
        .collect();
    let sides = firsts
        .iter()
        .enumerate()
        .filter(|&(i, &a)| !firsts[..i].iter().any(|&b| G::allies(rules, a, b)))
        .count() as u64;
    if sides == 0 {
        return;
    }
    for seat in firsts {
        if let Some(k) = seats.iter().position(|&s| s == seat) {
            score[k] = SHARE / sides;
        }
    }
}
