//! Cờ Cá Ngựa (Vietnamese Ludo): the rules engine, bots, self-play and, with
//! the `gui` feature, the desktop app.
#![forbid(unsafe_code)]

#[cfg(feature = "gui")]
pub mod app;
pub mod bots;
pub mod co_nhay;
pub mod crash;
pub mod dice;
pub mod engine;
pub mod i18n;
#[cfg(feature = "net")]
pub mod net;
pub mod platform;
pub mod prefs;
pub mod rules_code;
pub mod rules_file;
pub mod rules_text;
pub mod rules_try;
pub mod selfplay;
pub mod stats;
pub mod store;
pub mod table;
