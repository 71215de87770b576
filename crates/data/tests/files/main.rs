//! The player's files (`ca-ngua-data`), one binary: records (every format,
//! the dice of online rounds, Windows line ends, seats that changed hands),
//! the analysis and the learned evaluator it plays with, lessons, puzzles,
//! tips, the settings and the store, for both games. Fixtures:
//! `prefs-version-1/` beside this file, and the records of every format in
//! `crates/testkit/data/records/`.

use ca_ngua_testkit as common;

mod ca_ngua_analysis;
mod ca_ngua_lessons;
mod ca_ngua_puzzles;
mod ca_ngua_records;
mod ca_ngua_store;
mod ca_ngua_tips;
mod co_nhay_analysis;
mod co_nhay_lessons;
mod co_nhay_puzzles;
mod co_nhay_records;
mod co_nhay_store;
mod co_nhay_tips;
mod dice_records;
mod evaluator;
mod line_ends;
mod player_changes;
mod record_files;
