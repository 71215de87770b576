//! Walking the game once before any rollout: every play checked, and for
//! each step the options to roll out (every legal move of the roll played,
//! and, in a game with dice, every legal move of every other roll), each
//! the game after that roll and move, so that the rollouts can be split
//! over threads in any order.

use super::{AnalysisConfig, AnalysisError, Play};
use ca_ngua_core::game::{Game, Next};

/// One option to roll out: the game after a roll and a move (or a pass),
/// `rollouts` times, seeded from its step.
#[derive(Debug)]
pub(super) struct Job<G: Game> {
    /// The game after the option.
    pub(super) state: G::State,
    /// The step it belongs to (its rollouts' seeds come from it).
    pub(super) step: usize,
    /// How many rollouts.
    pub(super) rollouts: u32,
    /// The seat (index in the analysis' seats) whose every rollout's
    /// score is kept: the mover, for the moves of the roll played, whose
    /// differences are measured rollout by rollout.
    pub(super) keep: Option<usize>,
}

/// The options of a roll: every legal move (`None`: the pass), with the
/// index of its job.
pub(super) type Options<G> = Vec<(Option<<G as Game>::Move>, usize)>;

/// A roll that could have come instead of the one played.
#[derive(Debug)]
pub(super) struct OtherRoll {
    /// Its probability.
    pub(super) probability: f64,
    /// The jobs of its options (a pass is one option).
    pub(super) jobs: Vec<usize>,
}

/// One step of the game (a roll and its move, or a move) and its options.
#[derive(Debug)]
pub(super) struct StepPlan<G: Game> {
    /// Who moved.
    pub(super) seat: G::Seat,
    /// The position before the step.
    pub(super) setup: G::Setup,
    /// The roll played.
    pub(super) roll: Option<G::Roll>,
    /// The options of the roll played: every legal move (`None`: the
    /// pass), with its job.
    pub(super) options: Options<G>,
    /// Which option was played.
    pub(super) played: usize,
    /// The probability of the roll played and the other rolls, when the
    /// game has dice and says what its dice can show.
    pub(super) dice: Option<(f64, Vec<OtherRoll>)>,
}

/// Every step and every job.
#[derive(Debug)]
pub(super) struct Plan<G: Game> {
    pub(super) steps: Vec<StepPlan<G>>,
    pub(super) jobs: Vec<Job<G>>,
}

/// Plays `plays` from `start`, checking each, and lists what to roll out.
pub(super) fn plan<G: Game>(
    rules: &G::Rules,
    seats: &[G::Seat],
    start: &G::State,
    plays: &[Play<G>],
    config: &AnalysisConfig,
) -> Result<Plan<G>, AnalysisError> {
    let all_rolls = G::all_rolls(rules);
    let luck_rollouts = config.luck_rollouts();
    let mut state = start.clone();
    let mut steps = Vec::with_capacity(plays.len());
    let mut jobs = Vec::new();
    for (index, play) in plays.iter().enumerate() {
        let bad = |reason: String| AnalysisError::Play { index, reason };
        let seat = G::turn(&state).ok_or_else(|| bad("the game is already over".into()))?;
        match (G::HAS_DICE, play.roll) {
            (true, None) => return Err(bad("a roll is missing".into())),
            (false, Some(_)) => return Err(bad(format!("{} is played without dice", G::NAME))),
            (_, Some(roll)) => G::check_roll(&state, roll).map_err(|e| bad(e.to_string()))?,
            (false, None) => {}
        }
        let moves = options_of::<G>(&state, play.roll).map_err(bad)?;
        let played = moves.iter().position(|m| *m == play.mv).ok_or_else(|| {
            let mv = play.mv.map_or("pass".to_string(), |m| m.to_string());
            let legal: Vec<String> = moves
                .iter()
                .map(|m| m.map_or("pass".to_string(), |m| m.to_string()))
                .collect();
            bad(format!(
                "{mv} is not legal here (legal: {})",
                legal.join(" ")
            ))
        })?;
        let mover = seats.iter().position(|&s| s == seat);
        let played_roll = (play.roll, config.rollouts, mover);
        let options = add_jobs::<G>(&mut jobs, &state, index, played_roll, moves)
            .map_err(|e| bad(e.to_string()))?;
        let dice = match play.roll {
            Some(actual) => {
                let mut others = Vec::new();
                let mut actual_probability = None;
                for &(roll, probability) in &all_rolls {
                    if roll == actual {
                        actual_probability = Some(probability);
                    } else if G::check_roll(&state, roll).is_ok() {
                        let moves = options_of::<G>(&state, Some(roll)).map_err(bad)?;
                        let other = (Some(roll), luck_rollouts, None);
                        let options = add_jobs::<G>(&mut jobs, &state, index, other, moves)
                            .map_err(|e| bad(e.to_string()))?;
                        others.push(OtherRoll {
                            probability,
                            jobs: options.into_iter().map(|(_, j)| j).collect(),
                        });
                    }
                }
                // A game that does not list its rolls, or a roll it does
                // not list, gets no luck (and no alternative rollouts).
                match actual_probability {
                    Some(p) => Some((p, others)),
                    None => {
                        jobs.truncate(options.last().map_or(jobs.len(), |&(_, j)| j + 1));
                        None
                    }
                }
            }
            None => None,
        };
        steps.push(StepPlan {
            seat,
            setup: G::setup(&state),
            roll: play.roll,
            options,
            played,
            dice,
        });
        G::play(&mut state, play.roll, play.mv).map_err(|e| bad(e.to_string()))?;
    }
    Ok(Plan { steps, jobs })
}

/// The options of a roll (or of the turn, without dice): every legal
/// move, or the pass when there is none.
pub(super) fn options_of<G: Game>(
    state: &G::State,
    roll: Option<G::Roll>,
) -> Result<Vec<Option<G::Move>>, String> {
    match G::next(state, roll) {
        Next::Choose(_, moves) => Ok(moves.into_iter().map(Some).collect()),
        Next::Pass(_) => Ok(vec![None]),
        Next::Roll(_) => Err("a roll is missing".into()),
        Next::Over(_) => Err("the game is already over".into()),
    }
}

/// A job for each option of `roll` (the game after it, rolled out
/// `rollouts` times, every score of seat `keep` kept); the options with
/// their job's index.
fn add_jobs<G: Game>(
    jobs: &mut Vec<Job<G>>,
    state: &G::State,
    step: usize,
    (roll, rollouts, keep): (Option<G::Roll>, u32, Option<usize>),
    moves: Vec<Option<G::Move>>,
) -> Result<Options<G>, G::Error> {
    let mut options = Vec::with_capacity(moves.len());
    for mv in moves {
        let mut after = state.clone();
        G::play(&mut after, roll, mv)?;
        options.push((mv, jobs.len()));
        jobs.push(Job {
            state: after,
            step,
            rollouts,
            keep,
        });
    }
    Ok(options)
}
