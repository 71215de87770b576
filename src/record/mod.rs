//! Game records, replay and analysis, for every game.
pub mod analysis;
