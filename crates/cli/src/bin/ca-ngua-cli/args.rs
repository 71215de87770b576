//! The command line's shape (clap's derive): the games' verbs, each game's
//! from its folder through `any_game`'s lists, and the verbs of either game
//! (records, puzzles, online play) from the library's `cli`.

use ca_ngua_cli::online::OnlineCommand;
use ca_ngua_cli::puzzles::PuzzlesCommand;
use ca_ngua_cli::record::RecordCommand;
use ca_ngua_cli::verbs::{GameVerbs, TopVerbs};
use clap::{Parser, Subcommand};
use clap_complete::Shell;

const NOTES: &str = "\
POSITION is the notation described in docs/NOTATION.md, e.g.
  'Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0'
ROLL is a die (6) or two dice (3+4); MOVE is FROM-TO (Y-0, 12-18) or pass.
Presets: standard, casual, traditional. Bots: random, easy, medium, hard.
Cờ nhảy (Chinese checkers): 'ca-ngua-cli nhay help'.";

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "ca-ngua-cli",
    about = "The engines of Cờ Cá Ngựa and Cờ nhảy without the GUI: for tests, bug reports, \
             self-play and tuning house rules",
    version,
    propagate_version = true,
    args_override_self = true,
    arg_required_else_help = false,
    after_help = NOTES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The commands, in the order the help lists them.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The first game's verbs, at the top level.
    #[command(flatten)]
    Top(TopVerbs),
    /// Game records of either game: check, analyse, verify
    #[command(arg_required_else_help = false)]
    Record {
        #[command(subcommand)]
        command: RecordCommand,
    },
    /// Puzzles ("find the best move") of either game: make, mine, check
    #[command(arg_required_else_help = false)]
    Puzzles {
        #[command(subcommand)]
        command: PuzzlesCommand,
    },
    /// The other games' verbs, each under its game's word.
    #[command(flatten)]
    Game(GameVerbs),
    /// Online: plays a seat in a friend's room with a computer player, or
    /// watches a room
    Online {
        #[command(subcommand)]
        command: OnlineCommand,
    },
    /// Prints a completion script for a shell
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },
}
