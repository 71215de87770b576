//! Cờ nhảy's engine and computer players, one binary: the engine, its
//! perft counts (`nhay_perft.txt` beside this file) and the computer
//! players. The command line's verbs are tested in `crates/cli/tests/cli`.

mod bots;
mod engine;
mod notation;
mod perft;
