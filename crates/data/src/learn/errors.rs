//! What goes wrong in a lesson's file, found when it is read: a goal its
//! game cannot reach, a script that cannot go on.

use super::Goal;
use std::fmt;

/// A lesson's goal its game cannot reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalError {
    /// A goal of another game (`goal Hole(3) is Cờ nhảy's`).
    OtherGame {
        /// The goal.
        goal: Goal,
        /// The game whose goal it is, by name.
        game: &'static str,
    },
    /// A goal's number out of its range (`goal Reach(60): progress is
    /// 0–57`).
    OutOfRange {
        /// The goal.
        goal: Goal,
        /// The range, in words.
        range: &'static str,
    },
}

impl fmt::Display for GoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoalError::OtherGame { goal, game } => write!(f, "goal {goal:?} is {game}'s"),
            GoalError::OutOfRange { goal, range } => write!(f, "goal {goal:?}: {range}"),
        }
    }
}

impl std::error::Error for GoalError {}

/// Why a lesson's script cannot go on: its scripted dice (a mistake in
/// the lesson's file, found when the lesson is read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptError {
    /// The scripted rolls ran out.
    DiceRanOut,
    /// A scripted roll the game refuses where it comes: the roll and why.
    Roll {
        /// The roll, as written.
        roll: String,
        /// Why the game refuses it.
        why: String,
    },
    /// The turn could not be given back to the learner: why.
    TurnBack(String),
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::DiceRanOut => f.write_str("dice: the scripted rolls ran out"),
            ScriptError::Roll { roll, why } => write!(f, "dice: {roll}: {why}"),
            ScriptError::TurnBack(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ScriptError {}
