//! `ca-ngua-cli`, the real program, one binary: its verbs for both games
//! and its parser, `hint` and `selfplay`, records from the command line,
//! and online play (a seat played by the program, watching, TLS) against a
//! real server on 127.0.0.1. The layers it drives are tested in their own
//! crates' `tests/`.

use ca_ngua_testkit as common;

mod bots;
mod ca_ngua;
mod clap;
mod cli_support;
mod co_nhay;
mod evaluator;
mod headless;
mod records;
mod teams;
mod tls;
mod watching;
