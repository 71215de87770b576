//! Cờ Cá Ngựa's engine and computer players, one binary: the engine's
//! outcomes and its rules table (`crates/testkit/data/rules.txt`), random
//! games, teams, the computer players and the rules lab ("Try these
//! rules"). The command line's verbs are tested in `crates/cli/tests/cli`.

use ca_ngua_testkit as common;

mod bots;
mod outcome;
mod random_games;
mod rules_lab;
mod rules_table;
mod teams;
