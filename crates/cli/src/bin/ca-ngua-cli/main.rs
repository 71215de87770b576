//! `ca-ngua-cli`: the engines without the GUI, for tests, bug reports,
//! self-play and tuning house rules: Cờ Cá Ngựa (RULES.md section 5) and,
//! under `nhay`, Cờ nhảy (CO-NHAY.md §6). Each game's verbs live in its
//! folder of the library (`cli` there), listed once in `any_game`; the
//! verbs of either game (records, puzzles, online play) and what all verbs
//! share are the library's `cli`. This program only parses the command line
//! (`cli/args.rs`, `cli/parse.rs`) and hands the verb to its game.
//!
//! The output contract of both specs: answers on standard output, exactly;
//! a bad argument exits with status 2 and one line on standard error that
//! starts `error:`, with nothing on standard output (clap's own errors are
//! turned into such a line, `cli/parse.rs`); `--help` and `--version`
//! print on standard output and exit 0; a closed standard output ends the
//! program quietly. A check whose answer is "no" (`record verify` finding
//! a roll the seed does not give) prints its answer and exits with 1.

use ca_ngua_cli::Bad;
use ca_ngua_cli::record::{self, RecordCommand};
use clap::Parser;
use std::process::ExitCode;

mod args;
use ca_ngua_clap as clap_line;
mod parse;

use args::{Cli, Command};

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().collect();
    let result = match Cli::try_parse_from(parse::shield_words(&raw)) {
        Ok(Cli {
            command:
                Command::Record {
                    command: RecordCommand::Verify(a),
                },
        }) => record::verify(&a),
        Ok(cli) => run(cli.command).map(|()| ExitCode::SUCCESS),
        Err(e) => {
            parse::clap_error(&e, raw.get(1..).unwrap_or_default()).map(|()| ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(Bad(msg)) if msg.is_empty() => ExitCode::SUCCESS,
        Err(Bad(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Hands the command to its verbs. The verbs whose computer players or
/// analysis use a learned evaluator say first when its weights fail their
/// checks (the computer goes on as before).
fn run(command: Command) -> Result<(), Bad> {
    match command {
        Command::Top(verbs) => verbs.run(),
        Command::Game(verbs) => verbs.run(),
        Command::Record { command } => {
            warn_unready();
            record::run(command)
        }
        Command::Puzzles { command } => {
            warn_unready();
            ca_ngua_cli::puzzles::run(command)
        }
        Command::Online { command } => ca_ngua_cli::online::run(command),
        Command::Completions { shell } => parse::completions(shell),
    }
}

/// Every game's warning about its learned evaluator, before a verb of
/// either game.
fn warn_unready() {
    for w in ca_ngua_cli::verbs::unready_players() {
        ca_ngua_cli::warn(&w);
    }
}
