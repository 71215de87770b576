//! Cờ Cá Ngựa's tests, one binary: game analysis, the engine's outcomes and rules table,
//! random games, the computer players, the command line (and its parser
//! for both games), the table, the
//! rules lab ("Try these rules") and the files.

use ca_ngua_testkit as common;
#[path = "../support/cli.rs"]
mod cli_support;

mod analysis;
mod bots;
mod cli;
mod cli_clap;
mod dice_records;
mod evaluator;
mod lessons;
mod line_ends;
mod outcome;
mod player_changes;
mod puzzles;
mod random_games;
mod record_files;
mod records;
mod rules_lab;
mod rules_table;
mod store;
mod table;
mod teams;
mod tips;
