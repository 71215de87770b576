//! The rules engines and computer players of both games, with the little
//! they share (levels, random numbers, a win rate's interval): the code
//! the tests, the bots and the analysis run hottest.
//!
//! The files are the app's, in each game's own folder (`src/ca_ngua/engine`,
//! `src/ca_ngua/bots`, …), brought in here by `#[path]`: a game still owns
//! all of its code in one folder, and the app re-exports these modules at
//! the same paths (`ca_ngua::ca_ngua::engine`, `ca_ngua::game::Level`).
//! They are a crate apart only for the build: the tests compile the app
//! unoptimised and this crate optimised (see the workspace's Cargo.toml).
//! Nothing here may name the app: the dependency points one way.

#![forbid(unsafe_code)]

/// What every game's engine and bots share (the app's `game` module
/// re-exports these).
#[path = "../../../src/game"]
pub mod game {
    pub mod level;
    pub mod math;
    pub mod rng;
    pub mod wilson;

    pub use level::Level;
}

/// Cờ Cá Ngựa's rules engine, computer players and dice.
#[path = "../../../src/ca_ngua"]
pub mod ca_ngua {
    pub mod bots;
    pub mod dice;
    pub mod engine;
}

/// Cờ nhảy's rules engine and computer players.
#[path = "../../../src/co_nhay"]
pub mod co_nhay {
    pub mod bots;
    pub mod engine;
}
