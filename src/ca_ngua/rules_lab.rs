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

use crate::ca_ngua::bots::{Bot, BotRng, Budget, Decision, Level};
use crate::ca_ngua::dice;
use crate::ca_ngua::engine::{Game, Rules, Seat};
use crate::game::selfplay::{mix_seed, wilson95};
use rand::SeedableRng;
use serde::Serialize;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;

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

/// What one game came to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct GameResult {
    rolls: u32,
    /// Time at the app's pace, in milliseconds (integers, so that totals do
    /// not depend on the order games finish in).
    millis: u64,
    winner: Option<Seat>,
    first: Seat,
    kicks: u32,
    capped: bool,
    /// Sum of the positive ledger balances at the end, with scoring on.
    points: Option<u32>,
}

/// Plays one game; `None` when `cancel` was raised (checked every roll:
/// a roll costs far less than a millisecond, even for Hard's trial budget
/// it is a few).
fn play_game(
    rules: &Rules,
    trial: &Trial,
    seed: u64,
    first: Seat,
    cancel: &AtomicBool,
) -> Option<GameResult> {
    let mut game = Game::new(*rules, &trial.seats, first).ok()?;
    let mut bots: Vec<Bot> = trial
        .players
        .iter()
        .enumerate()
        .map(|(k, p)| {
            Bot::with_budget(p.simulated_as(), mix_seed(seed, 1 + k as u64), TRIAL_BUDGET)
        })
        .collect();
    let mut slot_of = [0usize; 4];
    for (k, s) in trial.seats.iter().enumerate() {
        slot_of[s.index()] = k;
    }
    let mut rng = BotRng::seed_from_u64(seed);
    let mut seconds = 0.0f64;
    let mut kicks = 0u32;
    while let Some(seat) = game.turn() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let slot = slot_of[seat.index()];
        let person = trial.players.get(slot) == Some(&Player::Person);
        let (roll, bits) = dice::roll_with_bits(rules.dice, &mut rng);
        seconds += pace::DICE
            + if person {
                pace::PERSON_ROLL
            } else {
                pace::THINK
            };
        let moves = game.legal_moves(roll);
        let mv = if moves.is_empty() {
            seconds += pace::PASS;
            None
        } else {
            let i = match bots.get_mut(slot) {
                Some(bot) if moves.len() > 1 => bot.pick(
                    &Decision {
                        rules,
                        position: game.position(),
                        roll,
                        moves: &moves,
                    },
                    bits,
                ),
                _ => 0,
            };
            seconds += match (person, moves.len()) {
                (true, 1) => pace::PERSON_MOVE,
                (true, _) => pace::PERSON_CHOICE,
                (false, _) => pace::THINK,
            };
            moves.get(i)
        };
        let fx = game.play_unchecked(roll, mv);
        if let Some(m) = fx.mv {
            let squares = if m.is_exit() {
                1
            } else {
                m.to.saturating_sub(m.from)
            };
            seconds += pace::STEP * f64::from(squares);
        }
        let kicked = u32::from(fx.kick_count());
        if kicked > 0 {
            kicks += kicked;
            seconds += pace::KICK;
        }
    }
    let points = game.ledger().map(|l| {
        l.points
            .iter()
            .map(|&p| p.max(0).unsigned_abs())
            .fold(0u32, u32::saturating_add)
    });
    Some(GameResult {
        rolls: game.rolls(),
        millis: (seconds * 1000.0).round() as u64,
        winner: game.winner(),
        first,
        kicks,
        capped: game.is_capped(),
        points,
    })
}

/// The colour that rolls first in game `index`: the seats take turns, from
/// a place the seed picks (RULES.md 2.6 draws the first player at random in
/// real games; rotating gives every colour the same number of first rolls,
/// so the first player's advantage is measured without a colour's own
/// strength mixed in).
fn first_seat(trial: &Trial, seed: u64, index: u64) -> Seat {
    let n = trial.seats.len().max(1) as u64;
    let offset = mix_seed(seed, u64::MAX) % n;
    trial
        .seats
        .get(((index + offset) % n) as usize)
        .copied()
        .unwrap_or(Seat::Red)
}

/// Plays game `index` of the trial's rules and, when given, of the
/// baseline's, from the same seed and with the same first player (common
/// dice make the comparison sharper).
fn play_pair(
    trial: &Trial,
    baseline: Option<&Rules>,
    seed: u64,
    index: u64,
    cancel: &AtomicBool,
) -> Option<(GameResult, Option<GameResult>)> {
    let game_seed = mix_seed(seed, index);
    let first = first_seat(trial, seed, index);
    let a = play_game(&trial.rules, trial, game_seed, first, cancel)?;
    let b = match baseline {
        Some(rules) => Some(play_game(rules, trial, game_seed, first, cancel)?),
        None => None,
    };
    Some((a, b))
}

/// Totals over the games of one rule set so far.
#[derive(Clone, Debug, Default)]
struct Tally {
    rolls: Vec<u32>,
    millis: Vec<u64>,
    wins: [u64; 4],
    first_wins: u64,
    no_winner: u64,
    kicks: u64,
    kicks_sq: u64,
    capped: u64,
    points: u64,
    points_sq: u64,
    scored: bool,
}

impl Tally {
    fn add(&mut self, g: &GameResult) {
        self.rolls.push(g.rolls);
        self.millis.push(g.millis);
        match g.winner {
            Some(w) => {
                self.wins[w.index()] += 1;
                if w == g.first {
                    self.first_wins += 1;
                }
            }
            None => self.no_winner += 1,
        }
        let k = u64::from(g.kicks);
        self.kicks += k;
        self.kicks_sq += k * k;
        self.capped += u64::from(g.capped);
        if let Some(p) = g.points {
            let p = u64::from(p);
            self.scored = true;
            self.points += p;
            self.points_sq += p * p;
        }
    }

    fn games(&self) -> u64 {
        self.rolls.len() as u64
    }
}

/// A figure and its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// 95% confidence interval, low and high.
    pub ci95: [f64; 2],
}

/// A mean with its standard error.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Mean {
    /// The sample mean.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// `mean ± 1.96 se`.
    pub ci95: [f64; 2],
}

/// The 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

impl Mean {
    /// The mean and standard error of `n` values with sum `sum` and sum of
    /// squares `sum_sq`.
    fn from_sums(n: u64, sum: f64, sum_sq: f64) -> Mean {
        if n == 0 {
            return Mean {
                mean: 0.0,
                se: 0.0,
                ci95: [0.0, 0.0],
            };
        }
        let nf = n as f64;
        let mean = sum / nf;
        let var = if n > 1 {
            ((sum_sq - nf * mean * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        let se = (var / nf).sqrt();
        Mean {
            mean,
            se,
            ci95: [mean - Z95 * se, mean + Z95 * se],
        }
    }
}

/// A count out of the games played, with its rate and Wilson interval.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    /// How many games.
    pub count: u64,
    /// `count` over the games played, with its 95% interval.
    pub rate: Estimate,
}

impl Share {
    fn of(count: u64, games: u64) -> Share {
        Share {
            count,
            rate: Estimate {
                value: if games > 0 {
                    count as f64 / games as f64
                } else {
                    0.0
                },
                ci95: wilson95(count, games),
            },
        }
    }
}

/// The `q`-quantile of `sorted` (nearest rank) with a distribution-free
/// 95% interval from order statistics: the ranks `nq ± 1.96 √(nq(1−q))`.
fn quantile(sorted: &[f64], q: f64) -> Estimate {
    let n = sorted.len();
    if n == 0 {
        return Estimate {
            value: 0.0,
            ci95: [0.0, 0.0],
        };
    }
    let at = |rank: f64| {
        let i = (rank.ceil().max(1.0) as usize).min(n) - 1;
        sorted.get(i).copied().unwrap_or(0.0)
    };
    let nf = n as f64;
    let half = Z95 * (nf * q * (1.0 - q)).sqrt();
    Estimate {
        value: at(nf * q),
        ci95: [at(nf * q - half), at(nf * q + half + 1.0)],
    }
}

/// Games per bin of length, for the chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Histogram {
    /// Rolls per bin: bin `k` holds games of `k·width ..< (k+1)·width`
    /// rolls; the last bin also holds every longer game.
    pub bin_rolls: u32,
    /// Games per bin.
    pub counts: Vec<u64>,
}

/// Bins in a length histogram.
pub const HISTOGRAM_BINS: usize = 24;

/// A round bin width so that `HISTOGRAM_BINS` bins reach `longest`.
fn bin_width(longest: f64) -> u32 {
    let raw = (longest / HISTOGRAM_BINS as f64).max(1.0);
    let mut unit = 1.0;
    while unit * 10.0 <= raw {
        unit *= 10.0;
    }
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * unit)
        .find(|w| *w >= raw)
        .unwrap_or(10.0 * unit);
    step.ceil() as u32
}

fn histogram(rolls: &[u32], width: u32) -> Histogram {
    let mut counts = vec![0u64; HISTOGRAM_BINS];
    let width = width.max(1);
    for &r in rolls {
        let k = ((r / width) as usize).min(HISTOGRAM_BINS - 1);
        if let Some(c) = counts.get_mut(k) {
            *c += 1;
        }
    }
    Histogram {
        bin_rolls: width,
        counts,
    }
}

/// One colour's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColourWins {
    /// The colour's letter (r, g, y, b).
    pub colour: char,
    /// Who played it.
    pub player: Player,
    /// Games it won, with its win chance.
    pub wins: Share,
}

/// How the colour that rolled first did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstPlayer {
    /// Games the first player won, with the win chance.
    pub wins: Share,
    /// A fair share: one game in `n`.
    pub fair: f64,
    /// The win chance minus the fair share, in percentage points.
    pub advantage_points: f64,
}

/// The figures of one rule set.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// Games played.
    pub games: u64,
    /// Rolls per game: mean.
    pub rolls_mean: Mean,
    /// Rolls per game: median.
    pub rolls_median: Estimate,
    /// Rolls per game: the 90th percentile (one game in ten is longer).
    pub rolls_p90: Estimate,
    /// Minutes per game at the app's normal pace: mean.
    pub minutes_mean: Mean,
    /// Minutes per game: median.
    pub minutes_median: Estimate,
    /// Minutes per game: the 90th percentile.
    pub minutes_p90: Estimate,
    /// Win chance per colour, in seat order.
    pub colours: Vec<ColourWins>,
    /// Games nobody won (the safety cap came first).
    pub no_winner: Share,
    /// The first player's results.
    pub first_player: FirstPlayer,
    /// Horses kicked per game.
    pub kicks_per_game: Mean,
    /// Games the safety cap ended.
    pub capped: Share,
    /// With the scoring ledger: points that change hands per game, that is
    /// the sum of the positive balances at the end of a game (what the
    /// losers, together, hand over to the winners).
    pub points_per_game: Option<Mean>,
    /// Game length in rolls, binned (the same bins for the trial and its
    /// baseline).
    pub length_histogram: Histogram,
}

fn figures(t: &Tally, trial: &Trial, bin: u32) -> Figures {
    let games = t.games();
    let mut rolls: Vec<f64> = t.rolls.iter().map(|&r| f64::from(r)).collect();
    rolls.sort_by(f64::total_cmp);
    let mut minutes: Vec<f64> = t.millis.iter().map(|&m| m as f64 / 60_000.0).collect();
    minutes.sort_by(f64::total_cmp);
    let sum_sq = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>();
    let n = trial.seats.len().max(1) as f64;
    let first = Share::of(t.first_wins, games);
    Figures {
        games,
        rolls_mean: Mean::from_sums(games, rolls.iter().sum(), sum_sq(&rolls)),
        rolls_median: quantile(&rolls, 0.5),
        rolls_p90: quantile(&rolls, 0.9),
        minutes_mean: Mean::from_sums(games, minutes.iter().sum(), sum_sq(&minutes)),
        minutes_median: quantile(&minutes, 0.5),
        minutes_p90: quantile(&minutes, 0.9),
        colours: trial
            .seats
            .iter()
            .zip(&trial.players)
            .map(|(s, p)| ColourWins {
                colour: s.letter(),
                player: *p,
                wins: Share::of(t.wins[s.index()], games),
            })
            .collect(),
        no_winner: Share::of(t.no_winner, games),
        first_player: FirstPlayer {
            advantage_points: 100.0 * (first.rate.value - 1.0 / n),
            wins: first,
            fair: 1.0 / n,
        },
        kicks_per_game: Mean::from_sums(games, t.kicks as f64, t.kicks_sq as f64),
        capped: Share::of(t.capped, games),
        points_per_game: t
            .scored
            .then(|| Mean::from_sums(games, t.points as f64, t.points_sq as f64)),
        length_histogram: histogram(&t.rolls, bin),
    }
}

/// One seat of the trial as the report tells it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatReport {
    /// The colour's letter.
    pub colour: char,
    /// Who plays it at the table.
    pub player: Player,
    /// The computer player that played its moves in the simulation.
    pub simulated_as: Level,
}

/// Hard's search budget in the simulation.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct BudgetReport {
    /// Leaf evaluations per decision.
    pub nodes: u64,
    /// Rolls of look-ahead.
    pub max_depth: u8,
}

/// A run's results so far (or final).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrialReport {
    /// Games of each rule set played so far.
    pub games_done: u64,
    /// Games of each rule set the run plays.
    pub games_planned: u64,
    /// Every planned game has been played.
    pub complete: bool,
    /// The run's seed.
    pub seed: u64,
    /// The rules under trial.
    pub rules: Rules,
    /// The baseline's rules, when they differ from the trial's.
    pub baseline_rules: Option<Rules>,
    /// Who played, colour by colour.
    pub seats: Vec<SeatReport>,
    /// The computer player that stands in for a person.
    pub person_stand_in: Level,
    /// Hard's search budget in the simulation.
    pub hard_budget: BudgetReport,
    /// The time model behind the minutes.
    pub time_model: TimeModel,
    /// The trial's figures.
    pub trial: Figures,
    /// The baseline's figures, game for game beside the trial's.
    pub baseline: Option<Figures>,
}

/// Totals of a run, turned into reports.
#[derive(Debug)]
struct Totals<'a> {
    trial: &'a Trial,
    baseline: Option<Rules>,
    cfg: RunConfig,
    a: Tally,
    b: Tally,
}

impl Totals<'_> {
    fn add(&mut self, pair: &(GameResult, Option<GameResult>)) {
        self.a.add(&pair.0);
        if let Some(b) = &pair.1 {
            self.b.add(b);
        }
    }

    fn report(&self) -> TrialReport {
        // Common bins: the longest of the two p99s decides the width, so
        // the two histograms can be drawn on one axis.
        let p99 = |t: &Tally| {
            let mut v: Vec<f64> = t.rolls.iter().map(|&r| f64::from(r)).collect();
            v.sort_by(f64::total_cmp);
            quantile(&v, 0.99).value
        };
        let bin = bin_width(p99(&self.a).max(p99(&self.b)));
        let done = self.a.games();
        TrialReport {
            games_done: done,
            games_planned: self.cfg.games,
            complete: done >= self.cfg.games,
            seed: self.cfg.seed,
            rules: self.trial.rules,
            baseline_rules: self.baseline,
            seats: self
                .trial
                .seats
                .iter()
                .zip(&self.trial.players)
                .map(|(s, p)| SeatReport {
                    colour: s.letter(),
                    player: *p,
                    simulated_as: p.simulated_as(),
                })
                .collect(),
            person_stand_in: PERSON_STAND_IN,
            hard_budget: BudgetReport {
                nodes: TRIAL_BUDGET.nodes,
                max_depth: TRIAL_BUDGET.max_depth,
            },
            time_model: TIME_MODEL,
            trial: figures(&self.a, self.trial, bin),
            baseline: self.baseline.map(|_| figures(&self.b, self.trial, bin)),
        }
    }
}

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

/// What a background run has to say.
#[derive(Clone, Debug, Default)]
struct Shared {
    latest: Option<TrialReport>,
    error: Option<TrialError>,
    done: bool,
}

/// A trial playing on a background thread. The latest report is there to
/// read at any time; the run stops when cancelled or dropped, and the
/// thread is joined then: nothing is left running.
#[derive(Debug)]
pub struct TrialRun {
    trial: Trial,
    baseline: Rules,
    cancel: Arc<AtomicBool>,
    shared: Arc<Mutex<Shared>>,
    thread: Option<JoinHandle<()>>,
}

impl TrialRun {
    /// Starts playing `trial` against `baseline` with `cfg`; `on_report`
    /// is called from the run's thread after each partial report (the app
    /// asks for a repaint there).
    pub fn start(
        trial: Trial,
        baseline: Rules,
        cfg: RunConfig,
        on_report: impl Fn() + Send + 'static,
    ) -> TrialRun {
        let cancel = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Mutex::new(Shared::default()));
        let thread = {
            let (trial, cancel, shared) = (trial.clone(), cancel.clone(), shared.clone());
            std::thread::Builder::new()
                .name("rules-try".into())
                .spawn(move || {
                    let publish = |report: &TrialReport| {
                        if let Ok(mut s) = shared.lock() {
                            s.latest = Some(report.clone());
                        }
                        on_report();
                    };
                    let result = run_with(&trial, &baseline, &cfg, &cancel, publish);
                    if let Ok(mut s) = shared.lock() {
                        s.done = true;
                        if let Err(e) = result {
                            s.error = Some(e);
                        }
                    }
                    on_report();
                })
                .ok()
        };
        let run = TrialRun {
            trial,
            baseline,
            cancel,
            shared,
            thread,
        };
        if run.thread.is_none()
            && let Ok(mut s) = run.shared.lock()
        {
            s.done = true;
            s.error = Some(TrialError("could not start a thread for the trial".into()));
        }
        run
    }

    /// The trial being played.
    pub fn trial(&self) -> &Trial {
        &self.trial
    }

    /// The baseline rules.
    pub fn baseline(&self) -> &Rules {
        &self.baseline
    }

    /// The latest report, partial or final.
    pub fn latest(&self) -> Option<TrialReport> {
        self.shared.lock().ok().and_then(|s| s.latest.clone())
    }

    /// Why the run could not play, if it could not.
    pub fn error(&self) -> Option<TrialError> {
        self.shared.lock().ok().and_then(|s| s.error.clone())
    }

    /// True once the run has stopped: every game played, cancelled or
    /// failed.
    pub fn is_done(&self) -> bool {
        self.shared.lock().map(|s| s.done).unwrap_or(true)
    }

    /// Stops the run and waits for its thread (within a roll's time).
    pub fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// True while the run's thread is alive.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for TrialRun {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_and_their_intervals_by_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        let med = quantile(&v, 0.5);
        assert_eq!(med.value, 50.0);
        // Ranks 50 ± 1.96·5: about 40 and 61.
        assert_eq!(med.ci95, [41.0, 61.0]);
        assert_eq!(quantile(&v, 0.9).value, 90.0);
        assert_eq!(quantile(&[], 0.5).value, 0.0);
        let one = quantile(&[7.0], 0.9);
        assert_eq!((one.value, one.ci95), (7.0, [7.0, 7.0]));
    }

    #[test]
    fn means_and_bins() {
        // 1, 2, 3: mean 2, sd 1, se 1/√3.
        let m = Mean::from_sums(3, 6.0, 14.0);
        assert_eq!(m.mean, 2.0);
        assert!((m.se - 1.0 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(bin_width(480.0), 20);
        assert_eq!(bin_width(4_000.0), 200);
        assert_eq!(bin_width(5.0), 1);
        let h = histogram(&[0, 19, 20, 10_000], 20);
        assert_eq!(h.counts.len(), HISTOGRAM_BINS);
        assert_eq!(&h.counts[..2], &[2, 1]);
        assert_eq!(
            h.counts[HISTOGRAM_BINS - 1],
            1,
            "long games in the last bin"
        );
    }
}
