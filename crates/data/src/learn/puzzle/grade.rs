//! How hard a puzzle is: which computer player finds its move.

use super::{Difficulty, PuzzleDef};
use crate::learn::{LessonError, Teach};
use ca_ngua_core::game::selfplay::mix_seed;
use ca_ngua_core::game::{Decision, Game, Level};

/// Who finds `best`: the Easy computer player (easy), the Medium one
/// (medium), only the Hard one (hard); `None` when none of them does (a
/// move only the rollouts prefer is not offered as a puzzle: the
/// rollouts' players may have a blind spot, and a puzzle's answer should
/// be one a strong player would agree with). The Easy and Medium players
/// decide with three seeds each and must find it with every one.
pub fn grade<G: Game>(
    state: &G::State,
    roll: Option<G::Roll>,
    best: G::Move,
    seed: u64,
) -> Option<Difficulty> {
    let finds = |level: Level, seeds: u64| {
        (0..seeds).all(|k| {
            let d = Decision {
                level,
                seed: mix_seed(seed, k),
                budget: G::Budget::default(),
                state: state.clone(),
                roll,
                memory: G::Memory::default(),
            };
            G::decide(&d) == Some(best)
        })
    };
    if finds(Level::Easy, 3) {
        Some(Difficulty::Easy)
    } else if finds(Level::Medium, 3) {
        Some(Difficulty::Medium)
    } else if finds(Level::Hard, 1) {
        Some(Difficulty::Hard)
    } else {
        None
    }
}

impl PuzzleDef {
    /// The puzzle graded again ([`grade`]) with the computer players of
    /// this build; its difficulty then.
    pub fn regrade<G: Teach>(&mut self) -> Result<Difficulty, LessonError> {
        let lesson = self.lesson::<G>()?;
        let best = lesson.solution.first().copied();
        let roll = lesson.dice.first().copied();
        if let Some(best) = best {
            let seed = self.id.bytes().fold(0u64, |h, b| mix_seed(h, u64::from(b)));
            // A move no computer player finds any more stays hard.
            self.difficulty =
                grade::<G>(&lesson.start, roll, best, seed).unwrap_or(Difficulty::Hard);
        }
        Ok(self.difficulty)
    }
}
