//! The options both games' verbs take (clap's derive): a query, a run of
//! games, a rule set named on the command line, and number values. What
//! the words mean (positions, rolls, moves, rule sets, bots) is read by the
//! games' own parsers, whose messages the error lines keep.

use clap::Args;
use std::str::FromStr;

/// `moves`, `play`, `hint` of either game: a query in the arguments, or
/// one query a line from standard input.
#[derive(Debug, Args)]
pub struct Query {
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// Reads one query a line from standard input and answers each line at
    /// once (a bad line answers 'error: …' and the batch goes on)
    #[arg(long)]
    pub stdin: bool,
    /// The query: the position (its three fields as one argument or
    /// three), then what the command takes after it
    #[arg(value_name = "POSITION")]
    pub words: Vec<String>,
}

/// Seed, threads and output of a run of games.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The run's seed: the same seed plays the same games
    #[arg(long, value_name = "S", default_value = "1", value_parser = number::<u64>, allow_hyphen_values = true)]
    pub seed: u64,
    /// Worker threads (1 to 256)
    #[arg(long, value_name = "T", default_value = "1", value_parser = number::<usize>, allow_hyphen_values = true)]
    pub threads: usize,
    /// Prints the report as JSON
    #[arg(long)]
    pub json: bool,
}

/// A rule set named on the command line.
#[derive(Debug, Args)]
pub struct RuleSetArg {
    /// A preset's name or the path of a rules file
    #[arg(value_name = "PRESET|FILE")]
    pub name: String,
    /// Accepted and unused, as `--lang` of `rules explain` always was here
    #[arg(long, hide = true, allow_hyphen_values = true)]
    pub lang: Option<String>,
}

/// `rules explain`.
#[derive(Debug, Args)]
pub struct Explain {
    /// A preset's name or the path of a rules file
    #[arg(value_name = "PRESET|FILE")]
    pub name: String,
    /// The language of the explanation
    #[arg(
        long,
        value_name = "en|vi",
        default_value = "en",
        allow_hyphen_values = true
    )]
    pub lang: String,
}

/// A number option's value; the error line adds the option's name
/// (`--games: 'many' is not a valid number`).
pub fn number<T: FromStr>(v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("'{v}' is not a valid number"))
}
