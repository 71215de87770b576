//! The errors every game shares at the [`crate::game::Game`] trait. Each
//! game has its own error type (`Game::Error`, in its folder) for what its
//! engine refuses; what the trait itself reads, whatever the game, is
//! here.

use std::fmt;

/// Why a rule set written on one line (a record's rules,
/// [`crate::game::Game::rules_to_text`]) does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesTextError {
    /// Text that starts as JSON but is not a rule set; the parser's words.
    Json(String),
    /// Neither a preset's name nor JSON.
    Unknown {
        /// The text read.
        text: String,
        /// The game's presets, which the message lists.
        presets: &'static [&'static str],
    },
}

impl fmt::Display for RulesTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesTextError::Json(e) => write!(f, "the rules do not read: {e}"),
            RulesTextError::Unknown { text, presets } => write!(
                f,
                "'{text}' is neither a preset ({}) nor rules in JSON",
                presets.join(", ")
            ),
        }
    }
}

impl std::error::Error for RulesTextError {}
