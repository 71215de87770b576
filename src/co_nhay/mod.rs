//! Cờ nhảy (Chinese checkers): the second game. The engine is pure
//! (`engine/`); bots, self-play, rule files and the rules in plain language
//! sit around it, as for Cờ Cá Ngựa.

pub mod bots;
pub mod cli;
pub mod engine;
pub mod files;
pub mod game;
pub mod prefs;
pub mod rules_file;
pub mod rules_text;
pub mod selfplay;
pub mod stats;
pub mod teach;

pub use game::CoNhay;
