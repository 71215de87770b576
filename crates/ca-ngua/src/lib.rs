//! Cờ Cá Ngựa (Vietnamese Ludo, RULES.md): the engine (pure rules), the
//! computer players (the learned evaluator among them), the dice, rule
//! files, the rule code, the rules in plain language, the rule lab ("Try
//! these rules") and self-play. It knows `ca-ngua-core` and the words of
//! `ca-ngua-i18n`, and nothing above them.
#![forbid(unsafe_code)]

pub mod bots;
pub mod dice;
pub mod engine;
pub mod game;
pub mod gauntlet;
pub mod rules_code;
pub mod rules_file;
pub mod rules_lab;
pub mod rules_text;
pub mod selfplay;

pub use game::CaNgua;
