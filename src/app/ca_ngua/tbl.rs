//! The table's types for Cờ Cá Ngựa.

use ca_ngua_core::game::Game;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;

pub use ca_ngua_core::table::Runner;
pub use game_ca_ngua::game::Played;

/// The table of a Cờ Cá Ngựa game.
pub type Table = ca_ngua_core::table::Table<CaNgua>;
/// A Cờ Cá Ngựa game as its events built it.
pub type Replica = ca_ngua_core::table::Replica<CaNgua>;
/// A numbered event of a Cờ Cá Ngựa table.
pub type Event = ca_ngua_core::table::Event<CaNgua>;
/// What happened at a Cờ Cá Ngựa table.
pub type EventKind = ca_ngua_core::table::EventKind<CaNgua>;
/// What applying one event did.
pub type Applied = ca_ngua_core::table::Applied<CaNgua>;
/// A seat's command.
pub type Command = ca_ngua_core::table::Command<CaNgua>;
/// What a computer's step did.
pub type Step = ca_ngua_core::table::Step<CaNgua>;
/// A computer player's decision.
pub type BotJob = ca_ngua_core::table::BotJob<CaNgua>;
/// The roll waiting for its move.
pub type Pending = ca_ngua_core::table::Pending<CaNgua>;

/// The seats of a game of `count` players (two at opposite corners, three
/// leave blue's corner empty).
pub fn seats_for(count: usize) -> Vec<Seat> {
    CaNgua::seats_for(&CaNgua::standard_rules(), count.clamp(2, 4)).unwrap_or_default()
}
