//! "Try these rules": play a few thousand games of a rule set, with the
//! players a family chose, and say what the rules do to a game: how long it
//! lasts (rolls, and minutes at the app's normal pace), who wins (each
//! colour, and the first player's advantage), how many kicks, how often the
//! safety cap ends a game and, with the scoring ledger, how many points
//! change hands. A baseline rule set (the standard rules unless the caller
//! picks another) is played alongside, game for game, so that a single
//! toggle's effect shows as a difference between two columns.
//!
//! Every figure carries its uncertainty: Wilson intervals for proportions,
//! order-statistic intervals for the median and the 90th percentile, and
//! standard errors for means. Game `i` is seeded from the run's seed and
//! `i` alone and every total is a sum of integers, so the same seed gives
//! the same final report whatever the thread count.
//!
//! Runs stream partial reports as games finish and stop within one roll of
//! a cancel: [`run`] blocks (the command line, tests), [`TrialRun`] plays on
//! a background thread and stops when cancelled or dropped (the app).

mod estimates;
mod play;
mod report;
mod run;

pub use estimates::{Estimate, HISTOGRAM_BINS, Histogram, Mean, Share};
pub use report::{
    BudgetReport, ColourWins, Figures, FirstPlayer, SeatReport, TeamWins, TrialReport,
};
pub use run::TrialRun;

use crate::bots::{Budget, Level};
use crate::engine::{Rules, Seat, check_players};
use play::{GameResult, play_pair};
use report::{Tally, Totals};
use serde::Serialize;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

/// Who plays a colour in the trial.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// A person at the device: simulated by [`PERSON_STAND_IN`], timed
    /// with a person's allowances.
    Person,
    /// The computer at a level.
    Bot(Level),
}

impl Player {
    /// The computer player that plays this seat's moves in the simulation.
    pub fn simulated_as(self) -> Level {
        match self {
            Player::Person => PERSON_STAND_IN,
            Player::Bot(level) => level,
        }
    }
}

/// The computer player that stands in for a person in the simulation: a
/// steady family player who sees kicks and dangers one move ahead.
pub const PERSON_STAND_IN: Level = Level::Medium;

/// The search budget of Hard players in a trial: one roll of look-ahead
/// and 600 leaves instead of play's 20,000 and three rolls. A traditional
/// trial with a Hard player runs about eight times faster than with 2,000
/// leaves and two rolls (benches/rules_try.rs), and Hard keeps its edge:
/// against Medium it won 63.8% (60.8–66.7) of 1,000 standard two-player
/// games and 53.2% (48.8–57.5) of 500 traditional ones, against 65.6% and
/// 54.2% at full budget (docs/BOTS.md).
pub const TRIAL_BUDGET: Budget = Budget {
    nodes: 600,
    max_depth: 1,
    beam: 0,
};

/// The time model behind "minutes at the normal pace of this app". The app
/// paces its animations with the same numbers (`Pace::NORMAL` in
/// `src/app/mod.rs`); a person's own time is an allowance, stated here.
pub mod pace {
    /// Seconds the dice roll on screen.
    pub const DICE: f64 = 0.5;
    /// Seconds a horse takes per square it walks (an exit walks one).
    pub const STEP: f64 = 0.12;
    /// Seconds a computer player waits before it rolls and before it moves.
    pub const THINK: f64 = 0.4;
    /// Seconds a passed roll stays on screen.
    pub const PASS: f64 = 0.9;
    /// Seconds the kicked horses take to go home.
    pub const KICK: f64 = 0.35;
    /// Allowance: seconds a person takes to press Roll.
    pub const PERSON_ROLL: f64 = 1.0;
    /// Allowance: seconds a person takes to make the only move.
    pub const PERSON_MOVE: f64 = 1.0;
    /// Allowance: seconds a person takes to choose among two or more moves.
    pub const PERSON_CHOICE: f64 = 3.0;
}

/// The time model as data, for reports.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct TimeModel {
    /// Seconds the dice roll on screen.
    pub dice_s: f64,
    /// Seconds per square walked.
    pub step_s: f64,
    /// A computer player's pause before rolling and before moving.
    pub think_s: f64,
    /// A passed roll.
    pub pass_s: f64,
    /// Kicked horses going home.
    pub kick_s: f64,
    /// A person pressing Roll.
    pub person_roll_s: f64,
    /// A person making the only move.
    pub person_move_s: f64,
    /// A person choosing among moves.
    pub person_choice_s: f64,
}

/// The model in [`pace`].
pub const TIME_MODEL: TimeModel = TimeModel {
    dice_s: pace::DICE,
    step_s: pace::STEP,
    think_s: pace::THINK,
    pass_s: pace::PASS,
    kick_s: pace::KICK,
    person_roll_s: pace::PERSON_ROLL,
    person_move_s: pace::PERSON_MOVE,
    person_choice_s: pace::PERSON_CHOICE,
};

/// What to try: the rules, the colours that play and who plays each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trial {
    /// The rules under trial.
    pub rules: Rules,
    /// The colours that play, in seat order.
    pub seats: Vec<Seat>,
    /// Who plays each colour, in `seats` order.
    pub players: Vec<Player>,
}

/// Why a trial cannot be run, in words a player can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialError(pub String);

impl fmt::Display for TrialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TrialError {}

impl Trial {
    /// Checks that the trial can be played: valid rules, two to four
    /// colours without repeats, one player per colour.
    pub fn check(&self) -> Result<(), TrialError> {
        self.rules
            .validate()
            .map_err(|e| TrialError(format!("rules: {e}")))?;
        let mut seen = [false; 4];
        for s in &self.seats {
            if std::mem::replace(&mut seen[s.index()], true) {
                return Err(TrialError(format!("players: {} is listed twice", s.name())));
            }
        }
        if !(2..=4).contains(&self.seats.len()) {
            return Err(TrialError(format!(
                "players: two to four colours play, not {}",
                self.seats.len()
            )));
        }
        check_players(&self.rules, self.seats.len())
            .map_err(|e| TrialError(format!("players: {e}")))?;
        if self.players.len() != self.seats.len() {
            return Err(TrialError(format!(
                "bots: one player per colour: {} colours but {} players",
                self.seats.len(),
                self.players.len()
            )));
        }
        Ok(())
    }
}

/// How a run plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// Games of each rule set.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads that play (at least 1; the app uses 1).
    pub threads: usize,
    /// A partial report after every this many games (at least 1).
    pub report_every: u64,
}

impl Default for RunConfig {
    fn default() -> RunConfig {
        RunConfig {
            games: DEFAULT_GAMES,
            seed: 1,
            threads: 1,
            report_every: 50,
        }
    }
}

/// Games of each rule set a trial plays unless told otherwise: enough for
/// win chances within about ±2 points.
pub const DEFAULT_GAMES: u64 = 2_000;

/// Plays the trial and its baseline (skipped when its rules are the
/// trial's) for `cfg.games` games each, calling `on_report` with a partial
/// report every `cfg.report_every` games and with the last one. Returns the
/// last report, or `None` when `cancel` was raised first (the games in
/// hand are dropped within a roll). An unplayable trial is an error.
pub fn run_with(
    trial: &Trial,
    baseline: &Rules,
    cfg: &RunConfig,
    cancel: &AtomicBool,
    mut on_report: impl FnMut(&TrialReport),
) -> Result<Option<TrialReport>, TrialError> {
    trial.check()?;
    baseline
        .validate()
        .map_err(|e| TrialError(format!("baseline rules: {e}")))?;
    check_players(baseline, trial.seats.len())
        .map_err(|e| TrialError(format!("baseline rules: {e}")))?;
    let base = (*baseline != trial.rules).then_some(*baseline);
    let mut totals = Totals {
        trial,
        baseline: base,
        cfg: *cfg,
        a: Tally::default(),
        b: Tally::default(),
    };
    let every = cfg.report_every.max(1);
    let mut after_game = |totals: &mut Totals<'_>, pair: (GameResult, Option<GameResult>)| {
        totals.add(&pair);
        let done = totals.a.games();
        if done.is_multiple_of(every) && done < cfg.games {
            on_report(&totals.report());
        }
    };
    let threads = cfg.threads.max(1);
    if threads == 1 {
        for index in 0..cfg.games {
            match play_pair(trial, base.as_ref(), cfg.seed, index, cancel) {
                Some(pair) => after_game(&mut totals, pair),
                None => return Ok(None),
            }
        }
    } else {
        // Workers take the next game index from a shared counter and send
        // their results here; totals are sums of integers and sorted
        // samples, so the arrival order does not change the final report.
        let next = AtomicU64::new(0);
        let (tx, rx) = mpsc::channel();
        let finished = std::thread::scope(|scope| {
            for _ in 0..threads {
                let tx = tx.clone();
                let next = &next;
                scope.spawn(move || {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= cfg.games {
                            break;
                        }
                        let Some(pair) = play_pair(trial, base.as_ref(), cfg.seed, index, cancel)
                        else {
                            break;
                        };
                        if tx.send(pair).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for pair in rx {
                after_game(&mut totals, pair);
            }
            totals.a.games() >= cfg.games
        });
        if !finished || cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
    }
    if cancel.load(Ordering::Relaxed) {
        return Ok(None);
    }
    let last = totals.report();
    on_report(&last);
    Ok(Some(last))
}

/// [`run_with`] without partial reports or a cancel: the command line's
/// and the tests' way.
pub fn run(trial: &Trial, baseline: &Rules, cfg: &RunConfig) -> Result<TrialReport, TrialError> {
    let never = AtomicBool::new(false);
    run_with(trial, baseline, cfg, &never, |_| {})?
        .ok_or_else(|| TrialError("the run was cancelled".into()))
}
