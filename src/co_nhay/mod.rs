//! Cờ nhảy (Chinese checkers): the second game. The engine is pure
//! (`engine/`); bots, self-play, rule files and the rules in plain language
//! sit around it, as for Cờ Cá Ngựa.

// The rules engine and the bots are compiled in their own crate,
// `ca-ngua-engines` (crates/engines), so that the tests build this crate
// quickly and them optimised; their files are in this folder.
pub use ca_ngua_engines::co_nhay::{bots, engine};
pub mod cli;
pub mod files;
pub mod game;
pub mod prefs;
pub mod rules_file;
pub mod rules_text;
pub mod selfplay;
pub mod stats;
pub mod teach;

pub use game::CoNhay;
