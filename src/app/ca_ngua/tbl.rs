//! The table's types for Cờ Cá Ngựa.

use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::Seat;
use crate::game::Game;

pub use crate::ca_ngua::game::Played;
pub use crate::table::Runner;

/// The table of a Cờ Cá Ngựa game.
pub type Table = crate::table::Table<CaNgua>;
/// A Cờ Cá Ngựa game as its events built it.
pub type Replica = crate::table::Replica<CaNgua>;
/// A numbered event of a Cờ Cá Ngựa table.
pub type Event = crate::table::Event<CaNgua>;
/// What happened at a Cờ Cá Ngựa table.
pub type EventKind = crate::table::EventKind<CaNgua>;
/// What applying one event did.
pub type Applied = crate::table::Applied<CaNgua>;
/// A seat's command.
pub type Command = crate::table::Command<CaNgua>;
/// What a computer's step did.
pub type Step = crate::table::Step<CaNgua>;
/// A computer player's decision.
pub type BotJob = crate::table::BotJob<CaNgua>;
/// The roll waiting for its move.
pub type Pending = crate::table::Pending<CaNgua>;

/// The seats of a game of `count` players (two at opposite corners, three
/// leave blue's corner empty).
pub fn seats_for(count: usize) -> Vec<Seat> {
    CaNgua::seats_for(&CaNgua::standard_rules(), count.clamp(2, 4)).unwrap_or_default()
}
