//! Cờ nhảy (Chinese checkers, CO-NHAY.md): the engine (pure rules), the
//! computer players, rule files, the rules in plain language and
//! self-play. It knows `ca-ngua-core` and the words of `ca-ngua-i18n`, and
//! nothing above them.
#![forbid(unsafe_code)]

pub mod bots;
pub mod engine;
pub mod game;
pub mod rules_file;
pub mod rules_text;
pub mod selfplay;

pub use game::CoNhay;
