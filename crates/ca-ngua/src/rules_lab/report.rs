//! What a run tells: the totals of the games played so far, and the report
//! (figures of the trial and of its baseline) made from them.

use super::estimates::{Estimate, Histogram, Mean, Share, bin_width, histogram, quantile};
use super::play::GameResult;
use super::{PERSON_STAND_IN, Player, RunConfig, TIME_MODEL, TRIAL_BUDGET, TimeModel, Trial};
use crate::bots::Level;
use crate::engine::{Rules, Seat};
use serde::Serialize;

/// Totals over the games of one rule set so far.
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
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
    pub(super) fn add(&mut self, g: &GameResult) {
        self.rolls.push(g.rolls);
        self.millis.push(g.millis);
        match g.winner {
            Some(w) => {
                self.wins[w.index()] += 1;
                if let Some(p) = g.partner {
                    self.wins[p.index()] += 1;
                }
                if w == g.first || g.partner == Some(g.first) {
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

    pub(super) fn games(&self) -> u64 {
        self.rolls.len() as u64
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
    /// With teams, each team's wins: red with yellow, then green with blue.
    pub teams: Option<Vec<TeamWins>>,
}

/// One team's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamWins {
    /// The partners' letters, `ry` or `gb`.
    pub colours: String,
    /// Games the team won.
    pub wins: Share,
}

/// The figures of one rule set (`rules`: the trial's or the baseline's)
/// played by the trial's players.
fn figures(t: &Tally, trial: &Trial, rules: &Rules, bin: u32) -> Figures {
    let games = t.games();
    let mut rolls: Vec<f64> = t.rolls.iter().map(|&r| f64::from(r)).collect();
    rolls.sort_by(f64::total_cmp);
    let mut minutes: Vec<f64> = t.millis.iter().map(|&m| m as f64 / 60_000.0).collect();
    minutes.sort_by(f64::total_cmp);
    let sum_sq = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>();
    // With teams the first player's team is one of two.
    let n = if rules.teams {
        2.0
    } else {
        trial.seats.len().max(1) as f64
    };
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
        teams: rules.teams.then(|| {
            Seat::TEAMS
                .into_iter()
                .map(|first| TeamWins {
                    colours: format!("{}{}", first.letter(), first.partner().letter()),
                    wins: Share::of(t.wins[first.index()], games),
                })
                .collect()
        }),
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
pub(super) struct Totals<'a> {
    pub(super) trial: &'a Trial,
    pub(super) baseline: Option<Rules>,
    pub(super) cfg: RunConfig,
    pub(super) a: Tally,
    pub(super) b: Tally,
}

impl Totals<'_> {
    pub(super) fn add(&mut self, pair: &(GameResult, Option<GameResult>)) {
        self.a.add(&pair.0);
        if let Some(b) = &pair.1 {
            self.b.add(b);
        }
    }

    pub(super) fn report(&self) -> TrialReport {
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
            trial: figures(&self.a, self.trial, &self.trial.rules, bin),
            baseline: self
                .baseline
                .map(|rules| figures(&self.b, self.trial, &rules, bin)),
        }
    }
}
