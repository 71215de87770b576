//! Cờ nhảy's tests, one binary: game analysis, the engine and its perft counts, the
//! computer players, the command line, the table and the files.

use ca_ngua_testkit as common;
#[path = "../support/cli.rs"]
mod cli_support;

mod analysis;
mod bots;
mod cli;
mod engine;
mod lessons;
mod perft;
mod puzzles;
mod records;
mod store;
mod table;
mod tips;
