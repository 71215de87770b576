//! Statistics kept across games, read and written the same way for every
//! game: each game's own counts live in its folder (`ca_ngua::stats`,
//! `co_nhay::stats`) and are a [`StatsFile`]; this module holds what they
//! share (the key of a kind of player, a count that never overflows).

use ca_ngua_core::table::Controller;
use serde::Serialize;

/// A statistics file: its version.
pub trait StatsFile:
    Serialize
    + serde::de::DeserializeOwned
    + Default
    + Clone
    + PartialEq
    + std::fmt::Debug
    + Send
    + 'static
{
    /// The version this build writes.
    const VERSION: u32;
    /// The version a file says it is.
    fn version(&self) -> u32;
}

/// The key of whoever plays a seat in `by_kind`: `human` for a person,
/// the level's name for a computer (one standing in for an absent person
/// too: it made the moves).
pub fn kind_key(controller: Controller) -> String {
    match controller.computer() {
        None => "human".into(),
        Some(level) => level.name().into(),
    }
}

/// Each kind of player of one game, once, and whether one of its seats
/// won (`seats`: each seat's player and whether it won). A kind counts a
/// game it played in, not its seats (issue 55: "Played 3" after one game
/// against three computers of one level).
pub fn kinds_of_game(seats: impl IntoIterator<Item = (Controller, bool)>) -> Vec<(String, bool)> {
    let mut kinds: Vec<(String, bool)> = Vec::new();
    for (controller, won) in seats {
        let key = kind_key(controller);
        match kinds.iter_mut().find(|(k, _)| *k == key) {
            Some((_, w)) => *w |= won,
            None => kinds.push((key, won)),
        }
    }
    kinds
}

/// Adds to a count; a count from a hand-edited file may be anywhere.
pub fn bump(count: &mut u64, n: u64) {
    *count = count.saturating_add(n);
}
