//! The player's files and what is read from them: game records, replay and
//! analysis, lessons, puzzles and tips, preferences, statistics, the file
//! store (saves, rule sets, records), and each game's adapters to them
//! (`ca_ngua::files`, `…::prefs`, `…::stats`, `…::teach`).
#![forbid(unsafe_code)]

mod file_format;
pub mod learn;
pub mod prefs;
pub mod record;
pub mod stats;
pub mod store;

/// Cờ Cá Ngựa's files, settings, statistics and lessons (its engine and
/// the rest of the game are `game_ca_ngua`'s).
pub mod ca_ngua {
    pub mod files;
    pub mod prefs;
    pub mod stats;
    pub mod teach;
}

/// Cờ nhảy's files, settings, statistics and lessons (its engine and the
/// rest of the game are `game_co_nhay`'s).
pub mod co_nhay {
    pub mod files;
    pub mod prefs;
    pub mod stats;
    pub mod teach;
}
