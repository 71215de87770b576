//! How strong a computer player is: the same four levels in every game.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How strong a computer player is, in either game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Uniformly random among the legal moves (for measurement).
    Random,
    /// A casual beginner. Cờ Cá Ngựa: kicks when it sees a kick, otherwise
    /// mostly random with a liking for exits and its leading horse. Cờ
    /// nhảy: moves forward, often not the best way, and now and then
    /// blunders.
    Easy,
    /// A sound rule-based player. Cờ Cá Ngựa: kick, flee, stay safe, exit,
    /// advance. Cờ nhảy: greedy for ground (the longest jump chains),
    /// minding the pieces left behind.
    Medium,
    /// Searches ahead with a tuned evaluation: expectimax over the dice
    /// (Cờ Cá Ngựa), best-reply search (Cờ nhảy).
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                format!("unknown bot '{s}' (expected one of: {})", names.join(", "))
            })
    }
}
