//! Cờ Cá Ngựa (Vietnamese Ludo): the rules engine, bots, self-play and, with
//! the `gui` feature, the desktop app.
#![forbid(unsafe_code)]

pub mod any_game;
#[cfg(feature = "gui")]
pub mod app;
pub mod ca_ngua;
pub mod cli;
pub mod co_nhay;
pub mod crash;
pub mod game;
pub mod i18n;
#[cfg(feature = "gui")]
pub mod instance;
pub mod learn;
#[cfg(feature = "net")]
pub mod net;
pub mod platform;
pub mod prefs;
pub mod privacy;
pub mod record;
pub mod stats;
pub mod store;
pub mod table;
