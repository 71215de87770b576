//! Cờ Cá Ngựa (Vietnamese Ludo): the engine (pure rules), the computer
//! players, the dice, rule files, the rule code, the rules in plain
//! language, the rule lab ("Try these rules") and self-play.

// The rules engine and the bots are compiled in their own crate,
// `ca-ngua-engines` (crates/engines), so that the tests build this crate
// quickly and them optimised; their files are in this folder.
pub use ca_ngua_engines::ca_ngua::{bots, dice, engine};
pub mod cli;
pub mod files;
pub mod game;
pub mod prefs;
pub mod rules_code;
pub mod rules_file;
pub mod rules_lab;
pub mod rules_text;
pub mod selfplay;
pub mod stats;
pub mod teach;
pub use game::CaNgua;
