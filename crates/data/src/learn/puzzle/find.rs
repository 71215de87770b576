//! Looking through a game for puzzles: every turn where one move is
//! clearly better than every other, screened by a quick analysis and
//! confirmed by rollouts of their own ([`find_puzzles`]); the player's own
//! mistakes in a record ([`mine_record`]).

use super::{Difficulty, PuzzleDef, grade};
use crate::learn::{RulesDef, Teach};
use crate::record::analysis::{AnalysisConfig, AnalysisError, Play, Step, analyse};
use ca_ngua_core::game::Game;
use ca_ngua_core::game::selfplay::{SelfPlay, mix_seed};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// Why a game could not be looked through for puzzles ([`mine_record`],
/// [`make_puzzles`](super::make_puzzles)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MineError {
    /// The record does not replay.
    Record(crate::record::RecordError),
    /// The rules, the seats or the start do not make a game; the game's
    /// words.
    Game(String),
    /// The analysis did not finish.
    Analysis(AnalysisError),
}

impl fmt::Display for MineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MineError::Record(e) => write!(f, "{e}"),
            MineError::Game(e) => f.write_str(e),
            MineError::Analysis(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MineError {}

impl From<AnalysisError> for MineError {
    fn from(e: AnalysisError) -> MineError {
        MineError::Analysis(e)
    }
}

/// The least win chance the best move must keep over every other move,
/// surely (the lower end of the 95% interval of the second best's cost):
/// what "clearly better" means.
pub const CLEAR_MARGIN: f64 = 0.05;

/// How puzzles are looked for in a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MineConfig {
    /// The analysis that screens every turn (few rollouts).
    pub screen: AnalysisConfig,
    /// The rollouts that confirm a candidate (a fresh seed, many more).
    pub confirm_rollouts: u32,
    /// The win chance the best move must lead the second by on the
    /// screen, to be confirmed.
    pub screen_gap: f64,
    /// Only the turns where the player chose another move than the best
    /// ("puzzles from my mistakes").
    pub mistakes_only: bool,
    /// Only puzzles of this difficulty (`puzzles make --only`): a
    /// candidate is graded before its confirmation, which is skipped when
    /// the grade is another; what is kept is what the search without the
    /// filter keeps of that difficulty, sooner.
    pub only: Option<Difficulty>,
}

impl MineConfig {
    /// The defaults for `G`. With dice: a screen at a fifth of the
    /// analysis's rollouts, confirmation at twice them. Without dice
    /// (rollouts agree more, and a turn has dozens of moves): a screen at
    /// the analysis's rollouts, confirmation at six times them, and a
    /// wider lead asked of the screen.
    pub fn for_game<G: Game>() -> MineConfig {
        let base = AnalysisConfig::for_game::<G>();
        let (screen_rollouts, confirm_rollouts, screen_gap) = if G::HAS_DICE {
            ((base.rollouts / 5).max(8), base.rollouts * 2, 0.08)
        } else {
            (base.rollouts, base.rollouts * 6, 0.12)
        };
        let mut screen = AnalysisConfig::with_rollouts(screen_rollouts);
        // Luck is not needed here: the least work it allows.
        screen.luck_rollouts = 1;
        MineConfig {
            screen,
            confirm_rollouts,
            screen_gap,
            mistakes_only: false,
            only: None,
        }
    }
}

/// The game played from `start` under `rules` by `plays`, looked through
/// for puzzles: every turn of a seat in `seats` where the screen finds one
/// move ahead of every other by [`MineConfig::screen_gap`], confirmed by
/// rollouts of their own, which must find the same best move ahead of the
/// second by [`CLEAR_MARGIN`] surely, and some computer player must find
/// that move too ([`grade`], which gives the difficulty). Ids are
/// `id_prefix` and the turn's
/// number; `from` names the game (the turn is added).
#[allow(clippy::too_many_arguments)]
pub fn find_puzzles<G: SelfPlay + Teach>(
    rules: &G::Rules,
    start: &G::State,
    plays: &[Play<G>],
    seats: &[G::Seat],
    config: &MineConfig,
    id_prefix: &str,
    from: &str,
    cancel: &AtomicBool,
) -> Result<Vec<PuzzleDef>, AnalysisError> {
    let screened = analyse::<G>(rules, start, plays, &config.screen, &|_, _| {}, cancel)?;
    let rules_def = RulesDef::of::<G>(rules).map_err(|e| AnalysisError::Config(e.to_string()))?;
    let mut out = Vec::new();
    for (turn, step) in screened.steps.iter().enumerate() {
        if !step.is_decision() || !seats.contains(&step.seat) {
            continue;
        }
        if config.mistakes_only && step.played == step.best {
            continue;
        }
        let Some((best, runner_up)) = leading_pair(step, config.screen_gap) else {
            continue;
        };
        let Ok(state) = G::from_setup(rules, &step.setup) else {
            continue;
        };
        // Who finds the screen's best move: asked first when only one
        // difficulty is wanted, as it costs a few decisions where the
        // confirmation costs thousands of rollouts. (A puzzle is kept only
        // when the confirmation's best is this same move, so the grade is
        // the one the search would give it anyway.)
        let graded = |best| grade::<G>(&state, step.roll, best, turn as u64);
        let early = match config.only {
            Some(wanted) => match graded(best) {
                Some(d) if d == wanted => Some(d),
                _ => continue,
            },
            None => None,
        };
        let confirm = Confirm::<G> {
            rules,
            state: &state,
            config,
            turn,
            cancel,
        };
        let Some(moves) = confirm.clearly_best(step.roll, best, runner_up)? else {
            continue;
        };
        let Some(difficulty) = early.or_else(|| graded(best)) else {
            continue;
        };
        out.push(PuzzleDef {
            id: format!("{id_prefix}{turn}"),
            game: G::ID.to_string(),
            rules: rules_def.clone(),
            setup: step.setup.to_string(),
            roll: step.roll.map(|r| r.to_string()),
            moves,
            difficulty,
            from: format!("{from}, turn {}", turn + 1),
        });
    }
    Ok(out)
}

/// The screen's best move at a step and its runner-up, when the best
/// leads by at least `gap`.
fn leading_pair<G: Game>(step: &Step<G>, gap: f64) -> Option<(G::Move, G::Move)> {
    let mut ranked: Vec<_> = step.moves.iter().collect();
    ranked.sort_by(|a, b| b.win.total_cmp(&a.win));
    let (first, second) = (ranked.first()?, ranked.get(1)?);
    if first.win - second.win < gap {
        return None;
    }
    Some((first.mv?, second.mv?))
}

/// A turn's confirmation by rollouts of its own.
struct Confirm<'a, G: Game> {
    rules: &'a G::Rules,
    state: &'a G::State,
    config: &'a MineConfig,
    turn: usize,
    cancel: &'a AtomicBool,
}

impl<G: SelfPlay> Confirm<'_, G> {
    /// The moves with their win chances, best first, when fresh rollouts
    /// (the runner-up played, so that the step's cost is the runner-up's,
    /// paired with the best's dice) find `best` ahead of every other move
    /// by [`CLEAR_MARGIN`] surely; `None` when they do not.
    fn clearly_best(
        &self,
        roll: Option<G::Roll>,
        best: G::Move,
        runner_up: G::Move,
    ) -> Result<Option<Vec<(String, f64)>>, AnalysisError> {
        let mut confirm = self.config.screen;
        confirm.rollouts = self.config.confirm_rollouts.max(1);
        confirm.luck_rollouts = 1;
        confirm.seed = mix_seed(self.config.screen.seed ^ 0x9e37_79b9, self.turn as u64);
        let play = Play {
            roll,
            mv: Some(runner_up),
        };
        let checked = analyse::<G>(
            self.rules,
            self.state,
            &[play],
            &confirm,
            &|_, _| {},
            self.cancel,
        )?;
        let Some(c) = checked.steps.first() else {
            return Ok(None);
        };
        let clear = c.best_move() == Some(best)
            && c.cost_ci95[0] >= CLEAR_MARGIN
            // Every other move is behind the runner-up or as far behind.
            && c.moves.iter().filter(|m| m.mv != Some(best)).all(|m| {
                c.moves.get(c.best).is_some_and(|b| b.win - m.win >= CLEAR_MARGIN)
            });
        if !clear {
            return Ok(None);
        }
        let mut moves: Vec<(String, f64)> = c
            .moves
            .iter()
            .filter_map(|m| m.mv.map(|mv| (mv.to_string(), round3(m.win))))
            .collect();
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        Ok(Some(moves))
    }
}

/// A win chance to three decimals (what a file needs).
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The turns of `seats` in a game record where the player chose another
/// move than the one clearly best: puzzles from the player's own
/// mistakes. `name` names the record (ids are `my-NAME-TURN`).
pub fn mine_record<G: SelfPlay + Teach>(
    record: &crate::record::Record<G>,
    name: &str,
    seats: &[G::Seat],
    config: &MineConfig,
    cancel: &AtomicBool,
) -> Result<Vec<PuzzleDef>, MineError> {
    record.replay().map_err(MineError::Record)?;
    let start =
        G::from_setup(&record.rules, &record.setup).map_err(|e| MineError::Game(e.to_string()))?;
    let plays = record.plays();
    let mut config = *config;
    config.mistakes_only = true;
    find_puzzles::<G>(
        &record.rules,
        &start,
        &plays,
        seats,
        &config,
        &format!("my-{name}-"),
        name,
        cancel,
    )
    .map_err(MineError::Analysis)
}
