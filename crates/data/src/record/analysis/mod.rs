//! Analysis of a game, written once for every game (issue 23): how much
//! win chance each move lost against the best, and how lucky each roll
//! was, per player, in the manner of GNU Backgammon's analysis, so that a
//! player sees skill and luck apart. `docs/ANALYSIS.md` defines the
//! figures.
//!
//! The game comes as the rules, the state it starts from and its plays,
//! each exactly what one call of [`Game::play`] takes ([`Play`]), so this
//! module knows nothing of how records are written. Win chances are
//! measured by rollouts: the game after an option is played on by
//! computer players of one level until first place is settled, many
//! times, over several threads (`rollout.rs`). [`analyse`] tells its progress and stops when asked, so
//! that a window can run it on a thread of its own.

mod evaluate;
mod json;
mod plan;
mod rollout;
mod sample;
mod totals;
mod values;

pub use sample::sample_game;

use ca_ngua_core::game::selfplay::SelfPlay;
use ca_ngua_core::game::{Game, Level};
use evaluate::steps_rated;
use rollout::Control;
use std::fmt;
use std::sync::atomic::AtomicBool;
use totals::totals;
use values::{best_of, move_value, paired_cost, share};

/// One play of a game: a roll (games with dice) and the move made with it
/// (`None`: a pass), as [`Game::play`] takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play<G: Game> {
    /// The roll, in a game with dice.
    pub roll: Option<G::Roll>,
    /// The move, `None` for a pass.
    pub mv: Option<G::Move>,
}

impl<G: Game> crate::record::Record<G> {
    /// The record's turns as the plays [`analyse`] takes.
    pub fn plays(&self) -> Vec<Play<G>> {
        self.steps
            .iter()
            .map(|s| Play {
                roll: s.roll,
                mv: s.mv,
            })
            .collect()
    }
}

/// The rollouts per move in a game with dice when nothing else is asked:
/// a four-player Cờ Cá Ngựa game of about 400 rolls then takes about a
/// minute and a half on two busy cores with Medium players, and a win
/// chance's 95% interval is about ±4 points (`benches/analysis.rs`).
pub const DEFAULT_ROLLOUTS: u32 = 500;

/// The rollouts per move of the app's deeper look ("Phân tích kỹ"):
/// played by Hard's evaluator without look-ahead: 161 s for a 541-step
/// four-player game on two threads (`benches/evaluator.rs`, `-- deep`).
pub const DEEP_ROLLOUTS: u32 = 200;

/// The rollouts per move in a game without dice when nothing else is
/// asked. Without dice the only chance in a rollout is the players' own
/// tie-breaks, so rollouts from one position mostly agree and more of
/// them add little; and a Cờ nhảy turn has fifty moves or so to rate, not
/// three.
pub const DEFAULT_ROLLOUTS_WITHOUT_DICE: u32 = 16;

/// The longest rollout when nothing else is asked, in rolls or moves: no
/// Cờ Cá Ngựa game comes near it, and a Cờ nhảy game that reaches it is
/// one that the anti-blocking rule has frozen.
pub const DEFAULT_MAX_PLIES: u32 = 1_000;

/// How to analyse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisConfig {
    /// Rollouts for each legal move of the roll played (at least 1).
    pub rollouts: u32,
    /// Rollouts for each legal move of every other roll, for luck; luck
    /// compares the roll played on its first `luck_rollouts` rollouts too,
    /// so that every roll is measured alike. Clamped to `1..=rollouts`.
    pub luck_rollouts: u32,
    /// The level of the computer players who play the rollouts out.
    pub level: Level,
    /// The seed: the same seed gives the same analysis, whatever
    /// `threads`.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// A rollout stops after this many rolls (moves, without dice) and is
    /// scored by the places as they stand (Cờ nhảy: distance left).
    pub max_plies: u32,
    /// Rate the moves by the game's own evaluation
    /// ([`SelfPlay::rate_moves`]: Cờ nhảy's Hard search), once and
    /// deterministically, where the game has one; `false`, or a game
    /// without one (Cờ Cá Ngựa): by rollouts. The game's defaults
    /// ([`AnalysisConfig::for_game`]) evaluate; asking for rollouts
    /// ([`AnalysisConfig::with_rollouts`], `--rollouts N`) does not.
    pub evaluate: bool,
}

/// A game with dice's defaults ([`AnalysisConfig::for_game`]).
impl Default for AnalysisConfig {
    fn default() -> AnalysisConfig {
        AnalysisConfig::with_rollouts(DEFAULT_ROLLOUTS)
    }
}

impl AnalysisConfig {
    /// The defaults for `G`: [`DEFAULT_ROLLOUTS`] with dice,
    /// [`DEFAULT_ROLLOUTS_WITHOUT_DICE`] without, a quarter of them for
    /// each move of the other rolls, Medium players, seed 1, a thread per
    /// core.
    pub fn for_game<G: Game>() -> AnalysisConfig {
        AnalysisConfig {
            evaluate: true,
            ..AnalysisConfig::with_rollouts(if G::HAS_DICE {
                DEFAULT_ROLLOUTS
            } else {
                DEFAULT_ROLLOUTS_WITHOUT_DICE
            })
        }
    }

    /// The rollouts luck compares rolls on: `luck_rollouts` within
    /// `1..=rollouts`.
    pub fn luck_rollouts(&self) -> u32 {
        self.luck_rollouts.min(self.rollouts).max(1)
    }

    /// Rollouts played by Hard (in Cờ Cá Ngựa the learned evaluator
    /// without look-ahead, [`SelfPlay::rollout_bot`]): the deeper look a
    /// player asks for ("Phân tích kỹ", `--rollouts N`) once the game
    /// rates its moves itself.
    pub fn deep(rollouts: u32) -> AnalysisConfig {
        AnalysisConfig {
            level: Level::Hard,
            ..AnalysisConfig::with_rollouts(rollouts)
        }
    }

    /// The defaults with `rollouts` per move (and a quarter of them for
    /// each move of the other rolls), rated by rollouts even in a game
    /// with an evaluation of its own, played by Medium.
    pub fn with_rollouts(rollouts: u32) -> AnalysisConfig {
        AnalysisConfig {
            rollouts,
            // Luck needs every roll's every move: the bulk of the work in a
            // game with dice, so fewer rollouts each.
            luck_rollouts: (rollouts / 4).max(1),
            level: Level::Medium,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_plies: DEFAULT_MAX_PLIES,
            evaluate: false,
        }
    }
}

/// Why there is no analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// Cancelled before the end.
    Cancelled,
    /// The configuration cannot be run.
    Config(String),
    /// Play `index` (from 0) cannot be played where it stands.
    Play {
        /// Which play.
        index: usize,
        /// Why.
        reason: String,
    },
    /// A worker thread failed (a crash report says why).
    Worker,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Cancelled => f.write_str("the analysis was cancelled"),
            AnalysisError::Config(e) => write!(f, "analysis settings: {e}"),
            AnalysisError::Play { index, reason } => write!(f, "play {}: {reason}", index + 1),
            AnalysisError::Worker => f.write_str("an analysis thread failed"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// A legal move (or the pass) and the win chance of the player to move
/// after it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<G: Game> {
    /// The move, `None` for the pass.
    pub mv: Option<G::Move>,
    /// The mover's win chance after it (`docs/ANALYSIS.md`).
    pub win: f64,
    /// Its 95% confidence interval (Wilson).
    pub ci95: [f64; 2],
    /// Rollouts behind it.
    pub rollouts: u32,
}

/// How lucky a roll was for its roller (`docs/ANALYSIS.md`): by the
/// game's own rating of every option of every roll, or by rollouts, every
/// figure then from the first `luck_rollouts` rollouts of each option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Luck {
    /// The win chance before the roll: the average over every roll that
    /// could have come, of the best move's win chance with it.
    pub before: f64,
    /// The best move's win chance with the roll that came.
    pub after: f64,
    /// `after - before`: positive for a good roll.
    pub luck: f64,
}

/// One step of the game: a roll and its move (or pass), or a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Step<G: Game> {
    /// Who moved.
    pub seat: G::Seat,
    /// The position before it.
    pub setup: G::Setup,
    /// The roll, in a game with dice.
    pub roll: Option<G::Roll>,
    /// Every legal move of the roll (one `None` for a pass), in the
    /// game's order, with its win chance.
    pub moves: Vec<MoveValue<G>>,
    /// Which of `moves` was played.
    pub played: usize,
    /// Which of `moves` has the highest win chance (the first of equals).
    pub best: usize,
    /// The win chance the move played lost against the best (0 when it
    /// was the best, or the only move).
    pub cost: f64,
    /// The cost's 95% confidence interval, from the differences between
    /// the two moves' rollouts, rollout by rollout (they share their dice,
    /// which narrows it: measured, ±4.2 points where two independent
    /// figures of ±3.7 would give ±5.2).
    pub cost_ci95: [f64; 2],
    /// The roll's luck, in a game with dice.
    pub luck: Option<Luck>,
    /// Every seat's win chance after the step (the move played's
    /// rollouts), in [`Analysis::seats`] order.
    pub win_after: Vec<f64>,
    /// Every seat's win chance before the step, in [`Analysis::seats`]
    /// order: where the game rates its moves and has dice, the average
    /// over every roll of what the roll's best option leaves each seat
    /// (the roller's is [`Luck::before`]; it differs from the last step's
    /// `win_after` by a second look, [`PlayerTotals::second_look`]); else
    /// the last step's `win_after` (an even share before the first).
    pub win_before: Vec<f64>,
}

impl<G: Game> Step<G> {
    /// True when the player had a choice (two or more legal moves).
    pub fn is_decision(&self) -> bool {
        self.moves.len() >= 2
    }

    /// The move played (`None`: a pass).
    pub fn played_move(&self) -> Option<G::Move> {
        self.moves.get(self.played).and_then(|m| m.mv)
    }

    /// The best move (`None`: the pass).
    pub fn best_move(&self) -> Option<G::Move> {
        self.moves.get(self.best).and_then(|m| m.mv)
    }

    /// True when the rollouts are sure the move played was worse than the
    /// best: its cost's interval lies above zero. A smaller cost may be
    /// the rollouts' noise.
    pub fn is_clear_mistake(&self) -> bool {
        self.cost_ci95[0] > 0.0
    }
}

/// A costly move: where, what was played, what was best, what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake<G: Game> {
    /// The step (index in [`Analysis::steps`]).
    pub step: usize,
    /// The position before it.
    pub setup: G::Setup,
    /// The roll.
    pub roll: Option<G::Roll>,
    /// The move played.
    pub played: Option<G::Move>,
    /// The best move.
    pub best: Option<G::Move>,
    /// The win chance lost.
    pub cost: f64,
    /// Its 95% confidence interval ([`Step::cost_ci95`]).
    pub cost_ci95: [f64; 2],
}

/// A player's totals.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerTotals<G: Game> {
    /// The seat.
    pub seat: G::Seat,
    /// Its decisions (steps with two or more legal moves).
    pub decisions: usize,
    /// Win chance lost by its moves, summed ([`Step::cost`]).
    pub skill_lost: f64,
    /// Its rolls' luck, summed ([`Luck::luck`]).
    pub luck: f64,
    /// Its three costliest clear mistakes ([`Step::is_clear_mistake`]),
    /// costliest first (fewer when it made fewer).
    pub mistakes: Vec<Mistake<G>>,
    /// Its win chance after each step of the game, one point per step.
    pub series: Vec<f64>,
    /// Its win chance before the first step (for one of the players of a
    /// seat that changed hands, before its first step, unless it played
    /// the seat first).
    pub start: f64,
    /// Its win chance after the last step (1 or 0, or a share, once the
    /// game is over; for one of several players of a seat, after its last
    /// step, unless it played the seat last).
    pub result: f64,
    /// What the other steps did to its win chance, summed (the other
    /// seats', and for one of several players of a seat, the other
    /// player's between its first step and its last), with
    /// [`PlayerTotals::second_look`]: with `luck - skill_lost`, the whole
    /// change from `start` to `result` (`docs/ANALYSIS.md`, "The figures
    /// add up": exact when the game rates its moves, as Cờ Cá Ngựa's
    /// evaluator does; rollouts' noise leaves a remainder).
    pub others: f64,
    /// The part of [`PlayerTotals::others`] that is no one's turn: between
    /// one step and the next, the chance the next step rates before its
    /// roll less the chance the last step left, summed over its stretch
    /// of the game (the same position looked at one roll deeper; nothing
    /// with rollouts). About zero on average.
    pub second_look: f64,
    /// How well its choices were made, whatever its standing: a share of
    /// what moves picked at random would have lost, with how sure one
    /// game is of it.
    pub choices: ChoiceQuality,
}

/// How well a player chose, from the decisions of one game, with how sure
/// the game is of it (`docs/ANALYSIS.md`, "How well they chose").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceQuality {
    /// Its decisions where something was at stake (the moves' win chances
    /// differed).
    pub decisions: usize,
    /// What its choices lost, as a share of what moves picked at random
    /// would have lost on the same decisions: the sum of its costs over
    /// the sum, over those decisions, of the best move's win chance less
    /// the moves' average. 0: always the best move; about 1: as if at
    /// random.
    pub share: f64,
    /// Its 95% interval: over the decisions (the ratio's standard error),
    /// its top at least the share had three more choices been made at
    /// random (the rule of three: a few perfect choices prove little).
    pub ci95: [f64; 2],
    /// What the share says in words.
    pub band: ChoiceBand,
    /// How sure the game is of `band`.
    pub confidence: Confidence,
}

/// How well a player chose, in words ([`ChoiceQuality::band`]): the share
/// of a random pick's loss below 0.1, 0.4, 0.75, or above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChoiceBand {
    /// Nearly always the best move (below 0.1).
    Best,
    /// Mostly good moves (0.1 to 0.4).
    Good,
    /// Some good moves, some poor ones (0.4 to 0.75).
    Mixed,
    /// Close to moves picked at random (0.75 and above).
    Random,
}

/// How sure one game is of a player's [`ChoiceBand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// The share's 95% interval lies within the band.
    Sure,
    /// It reaches into one band next to it.
    Likely,
    /// Fewer than [`MIN_DECISIONS`] decisions, or an interval over three
    /// bands or more: the game is too short to tell.
    TooShort,
}

/// The fewest decisions with something at stake that say anything of how
/// well a player chooses.
pub const MIN_DECISIONS: usize = 10;

impl ChoiceBand {
    /// The band of a share of a random pick's loss.
    pub fn of(share: f64) -> ChoiceBand {
        if share < 0.1 {
            ChoiceBand::Best
        } else if share < 0.4 {
            ChoiceBand::Good
        } else if share < 0.75 {
            ChoiceBand::Mixed
        } else {
            ChoiceBand::Random
        }
    }

    /// Its name in the JSON: `best`, `good`, `mixed`, `random`.
    pub fn name(self) -> &'static str {
        match self {
            ChoiceBand::Best => "best",
            ChoiceBand::Good => "good",
            ChoiceBand::Mixed => "mixed",
            ChoiceBand::Random => "random",
        }
    }
}

impl Confidence {
    /// Its name in the JSON: `sure`, `likely`, `too_short`.
    pub fn name(self) -> &'static str {
        match self {
            Confidence::Sure => "sure",
            Confidence::Likely => "likely",
            Confidence::TooShort => "too_short",
        }
    }
}

/// The analysis of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<G: Game> {
    /// How it was made.
    pub config: AnalysisConfig,
    /// The seats in play, in turn order.
    pub seats: Vec<G::Seat>,
    /// Every step, in order.
    pub steps: Vec<Step<G>>,
    /// Every seat's totals, in `seats` order.
    pub players: Vec<PlayerTotals<G>>,
}

/// How many mistakes a player's totals list.
pub const MISTAKES_LISTED: usize = 3;

/// Analyses the game played from `start` under `rules` by `plays`, telling
/// `progress(done, total)` (rollouts) from the worker threads as it goes,
/// and stopping with [`AnalysisError::Cancelled`] soon after `cancel` is
/// set.
pub fn analyse<G: SelfPlay>(
    rules: &G::Rules,
    start: &G::State,
    plays: &[Play<G>],
    config: &AnalysisConfig,
    progress: &(dyn Fn(u64, u64) + Sync),
    cancel: &AtomicBool,
) -> Result<Analysis<G>, AnalysisError> {
    if config.rollouts == 0 {
        return Err(AnalysisError::Config(
            "rollouts: at least one rollout per move".into(),
        ));
    }
    let seats = G::seats(start);
    let plan = plan::plan(rules, &seats, start, plays, config)?;
    let control = Control { progress, cancel };
    if config.evaluate
        && let Some(rated) =
            evaluate::rate_steps(rules, &seats, start, plays, &plan.steps, config, &control)?
    {
        let steps = steps_rated(plan.steps, rated, &seats);
        return Ok(Analysis::of_steps(*config, seats, steps));
    }
    let config = &AnalysisConfig {
        evaluate: false,
        ..*config
    };
    let prefix = config.luck_rollouts();
    let tallies = rollout::run_jobs(rules, &seats, &plan.jobs, prefix, config, &control)?;

    let mut steps = Vec::with_capacity(plan.steps.len());
    for step in plan.steps {
        let mover = seats.iter().position(|&s| s == step.seat).unwrap_or(0);
        let tally = |job: usize| tallies.get(job);
        let moves: Vec<MoveValue<G>> = step
            .options
            .iter()
            .map(|&(mv, job)| {
                let n = plan.jobs.get(job).map_or(0, |j| j.rollouts);
                let sum = tally(job).and_then(|t| t.all.get(mover)).copied();
                move_value(mv, sum.unwrap_or(0), n)
            })
            .collect();
        let best = best_of(moves.iter().map(|m| m.win));
        let scores = |i: usize| {
            step.options
                .get(i)
                .and_then(|&(_, job)| tally(job))
                .map_or(&[][..], |t| &t.scores[..])
        };
        let (cost, cost_ci95) = paired_cost(scores(best), scores(step.played));
        let win_after = match step
            .options
            .get(step.played)
            .and_then(|&(_, job)| tally(job))
        {
            Some(t) => t.all.iter().map(|&s| share(s, config.rollouts)).collect(),
            None => vec![0.0; seats.len()],
        };
        let luck = roll_luck(&step, &tallies, mover, prefix);
        let win_before = steps.last().map_or_else(
            || even_shares(seats.len()),
            |s: &Step<G>| s.win_after.clone(),
        );
        steps.push(Step {
            seat: step.seat,
            setup: step.setup,
            roll: step.roll,
            moves,
            played: step.played,
            best,
            cost,
            cost_ci95,
            luck,
            win_after,
            win_before,
        });
    }
    Ok(Analysis::of_steps(*config, seats, steps))
}

/// The luck of a step's roll, on the first `prefix` rollouts: the value
/// of the best option of the roll played, against the average over every
/// roll that could have come (`None` for a game without dice).
fn roll_luck<G: Game>(
    step: &plan::StepPlan<G>,
    tallies: &[rollout::Tally],
    mover: usize,
    prefix: u32,
) -> Option<Luck> {
    let (p, others) = step.dice.as_ref()?;
    // The best option of a roll.
    let value = |jobs: &mut dyn Iterator<Item = usize>| {
        jobs.filter_map(|j| tallies.get(j).and_then(|t| t.prefix.get(mover)))
            .map(|&s| share(s, prefix))
            .fold(0.0, f64::max)
    };
    let after = value(&mut step.options.iter().map(|&(_, j)| j));
    let mut weight = *p;
    let mut sum = p * after;
    for other in others {
        weight += other.probability;
        sum += other.probability * value(&mut other.jobs.iter().copied());
    }
    let before = if weight > 0.0 { sum / weight } else { after };
    Some(Luck {
        before,
        after,
        luck: after - before,
    })
}

impl<G: Game> Analysis<G> {
    /// The analysis of `steps`, every seat's totals added up.
    fn of_steps(config: AnalysisConfig, seats: Vec<G::Seat>, steps: Vec<Step<G>>) -> Analysis<G> {
        let players = seats
            .iter()
            .enumerate()
            .map(|(k, &seat)| totals(seat, k, &steps))
            .collect();
        Analysis {
            config,
            seats,
            steps,
            players,
        }
    }
}

/// An even share of first place for each of `n` seats: the chance before
/// the first step where nothing rates the start.
pub(super) fn even_shares(n: usize) -> Vec<f64> {
    vec![1.0 / n.max(1) as f64; n]
}
