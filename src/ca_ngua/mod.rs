//! Cờ Cá Ngựa (Vietnamese Ludo): the engine (pure rules), the computer
//! players, the dice, rule files, the rule code, the rules in plain
//! language, the rule lab ("Try these rules") and self-play.

pub mod bots;
pub mod cli;
pub mod dice;
pub mod engine;
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
