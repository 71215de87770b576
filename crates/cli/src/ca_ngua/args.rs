//! The options of Cờ Cá Ngựa's verbs (clap's derive); what the words mean
//! is read by the engine's own parsers.

use crate::args::{Explain, RuleSetArg, RunArgs, number};
use clap::{Args, Subcommand};

/// `selfplay`.
#[derive(Debug, Args)]
pub struct Selfplay {
    /// Number of games
    #[arg(long, value_name = "N", value_parser = number::<u64>, allow_hyphen_values = true)]
    pub games: Option<u64>,
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// The colours that play
    #[arg(
        long,
        value_name = "rgyb",
        default_value = "rgyb",
        allow_hyphen_values = true
    )]
    pub players: String,
    /// One bot per player, in seat order for the first game (they rotate);
    /// random for every player when absent
    #[arg(long, value_name = "B,B,..", allow_hyphen_values = true)]
    pub bots: Option<String>,
    /// Writes each game's record (docs/NOTATION.md, "Game records") to
    /// DIR/game-NNNN.txt (the folder is made if missing)
    #[arg(long, value_name = "DIR")]
    pub record: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `train`.
#[derive(Debug, Args)]
pub struct Train {
    /// Training games
    #[arg(long, value_name = "N", default_value = "800000", value_parser = number::<u64>)]
    pub games: u64,
    /// The seed of the starting weights, the rules, the seats and the dice
    #[arg(long, value_name = "S", default_value = "1", value_parser = number::<u64>)]
    pub seed: u64,
    /// TD(λ)'s λ
    #[arg(long, value_name = "L", default_value = "0.85")]
    pub lambda: f32,
    /// Learning rate at the start (it falls linearly to a quarter)
    #[arg(long, value_name = "R", default_value = "0.01")]
    pub rate: f32,
    /// Measures the weights against today's Hard every N games (0: never)
    #[arg(long, value_name = "N", default_value = "100000", value_parser = number::<u64>)]
    pub curve_every: u64,
    /// Games of each measurement (two players, standard rules)
    #[arg(long, value_name = "N", default_value = "300", value_parser = number::<u32>)]
    pub curve_games: u32,
    /// Threads for the measurements (training is one thread)
    #[arg(long, value_name = "T", default_value = "1", value_parser = number::<usize>)]
    pub threads: usize,
    /// Continues from this weights file rather than fresh weights
    #[arg(long, value_name = "FILE")]
    pub start: Option<std::path::PathBuf>,
    /// The share of seats (0 to 1) played by a population rather than by
    /// the network learning: the starting weights, Medium and the styles
    #[arg(long, value_name = "P", default_value = "0")]
    pub population: f32,
    /// The share of games (0 to 1) played with the standard rules and four
    /// players; the others' rules and seats drawn as by default
    #[arg(long, value_name = "F", default_value = "0")]
    pub focus: f32,
    /// The inputs: slots (as shipped) or threats (slots and the threats
    /// from behind and safe squares ahead); the starting weights' by
    /// default
    #[arg(long, value_name = "LAYOUT")]
    pub features: Option<String>,
    /// Where to write the weights
    #[arg(
        long,
        value_name = "FILE",
        default_value = "assets/evaluator/ca-ngua.weights"
    )]
    pub out: std::path::PathBuf,
    /// Writes the learning curve as CSV (games,wins,played)
    #[arg(long, value_name = "FILE")]
    pub curve: Option<std::path::PathBuf>,
}

/// `strength`.
#[derive(Debug, Args)]
pub struct Strength {
    /// Games
    #[arg(long, value_name = "N", default_value = "4000", value_parser = number::<u32>)]
    pub games: u32,
    /// 2: the learned Hard against one of today's (the seats swapped on the
    /// same dice); 4: against three (its seat going round)
    #[arg(long, value_name = "2|4", default_value = "2", value_parser = number::<usize>)]
    pub players: usize,
    /// A preset's name or the path of a rules file
    #[arg(long, value_name = "PRESET|FILE", default_value = "standard")]
    pub rules: String,
    /// The weights file (default: the shipped weights)
    #[arg(long, value_name = "FILE")]
    pub weights: Option<std::path::PathBuf>,
    /// The learned Hard's search: most leaf evaluations a decision
    /// (default: its own, 30000)
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    pub nodes: Option<u64>,
    /// The learned Hard's search: most rolls of look-ahead (default: 3)
    #[arg(long, value_name = "D", value_parser = number::<u8>)]
    pub depth: Option<u8>,
    /// The seed of the dice
    #[arg(long, value_name = "S", default_value = "1", value_parser = number::<u64>)]
    pub seed: u64,
    /// Worker threads (1 to 256)
    #[arg(long, value_name = "T", default_value = "1", value_parser = number::<usize>)]
    pub threads: usize,
}

/// `rules …`.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Prints a rule set as a rules file
    Show(RuleSetArg),
    /// Says in plain language what the rules are
    Explain(Explain),
    /// Plays the rules against a baseline and prints how long games last,
    /// who wins, kicks, the safety cap and ledger points
    #[command(
        after_help = "P is person (played by medium, timed as a person; the default) or a bot."
    )]
    Try(RulesTry),
    /// Prints the rule code of a rule set (CN1-XXXXX-XXXXX)
    Code(RuleSetArg),
    /// Prints a rule code as a rules file
    Decode {
        /// The rule code, CN1-XXXXX-XXXXX
        code: String,
    },
}

/// `rules try`.
#[derive(Debug, Args)]
pub struct RulesTry {
    /// The rules to try: a preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// The rules to compare with
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub baseline: String,
    /// The colours that play
    #[arg(
        long,
        value_name = "rgyb",
        default_value = "rgyb",
        allow_hyphen_values = true
    )]
    pub players: String,
    /// One player per colour: person or a bot
    #[arg(long, value_name = "P,P,..", allow_hyphen_values = true)]
    pub bots: Option<String>,
    /// Games of each rule set
    #[arg(long, value_name = "N", default_value_t = game_ca_ngua::rules_lab::DEFAULT_GAMES,
          value_parser = number::<u64>, allow_hyphen_values = true)]
    pub games: u64,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `gauntlet`.
#[derive(Debug, Args)]
pub struct Gauntlet {
    /// The player on trial: a level, hard-v1 (Hard before issue 57),
    /// hard-classic, or a style (aggressive, defensive, racing, blocking,
    /// expert)
    #[arg(long, value_name = "PLAYER", default_value = "hard")]
    pub bot: String,
    /// The player in every other seat
    #[arg(long, value_name = "PLAYER", default_value = "expert")]
    pub against: String,
    /// Weights for the player on trial's learned evaluator (its Hard, or
    /// hard:NODES:DEPTH), in place of the shipped ones
    #[arg(long, value_name = "FILE")]
    pub weights: Option<std::path::PathBuf>,
    /// Times each decision of the player on trial N times and keeps the
    /// quickest (on a busy machine: its computing without the waits)
    #[arg(long, value_name = "N", default_value = "1", value_parser = number::<u32>)]
    pub timings: u32,
    /// Players at the table (2 to 4): the player on trial and the copies
    #[arg(long, value_name = "N", default_value = "4", value_parser = number::<usize>)]
    pub players: usize,
    /// Number of games
    #[arg(long, value_name = "N", default_value = "400", value_parser = number::<u64>)]
    pub games: u64,
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    #[command(flatten)]
    pub run: RunArgs,
}
