//! The command line's verbs, a set per game: the one place of the command
//! line that lists the games (as `ca-ngua-games` is for the rest).

use crate::{Bad, Verbs};

/// The verbs at `ca-ngua-cli`'s top level: the first game's (Cờ Cá Ngựa's
/// `moves`, `play`, …), where they were before a second game came.
#[derive(Debug, clap::Subcommand)]
pub enum TopVerbs {
    /// Cờ Cá Ngựa's verbs.
    #[command(flatten)]
    CaNgua(crate::ca_ngua::Command),
}

/// The verbs of `ca-ngua-cli`'s other games, each under its game's word
/// (`nhay …`); a third game's verbs are a variant here.
#[derive(Debug, clap::Subcommand)]
pub enum GameVerbs {
    /// Cờ nhảy's verbs.
    #[command(flatten)]
    CoNhay(crate::co_nhay::Command),
}

impl TopVerbs {
    /// Runs the verb (after its game's warning, when it has one).
    pub fn run(self) -> Result<(), Bad> {
        match self {
            TopVerbs::CaNgua(v) => v.warn_and_run(),
        }
    }
}

impl GameVerbs {
    /// Runs the verb (after its game's warning, when it has one).
    pub fn run(self) -> Result<(), Bad> {
        match self {
            GameVerbs::CoNhay(v) => v.warn_and_run(),
        }
    }
}

/// Why each game's computer players cannot use their learned evaluator,
/// said before the verbs of either game that may use them (`record`,
/// `puzzles`).
pub fn unready_players() -> Vec<String> {
    [
        <crate::ca_ngua::Command as Verbs>::unready(),
        <crate::co_nhay::Command as Verbs>::unready(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
