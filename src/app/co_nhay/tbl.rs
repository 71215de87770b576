//! The table's types for Cờ nhảy.

use game_co_nhay::CoNhay;

pub use ca_ngua_core::table::Runner;
pub use game_co_nhay::game::Played;

/// The table of a Cờ nhảy game.
pub type NhayTable = ca_ngua_core::table::Table<CoNhay>;
/// A Cờ nhảy game as its events built it.
pub type NhayReplica = ca_ngua_core::table::Replica<CoNhay>;
/// A numbered event of a Cờ nhảy table.
pub type NhayEvent = ca_ngua_core::table::Event<CoNhay>;
/// What happened at a Cờ nhảy table.
pub type NhayEventKind = ca_ngua_core::table::EventKind<CoNhay>;
/// What applying one event did.
pub type NhayApplied = ca_ngua_core::table::Applied<CoNhay>;
/// What a computer's step did.
pub type NhayStep = ca_ngua_core::table::Step<CoNhay>;
/// A computer player's decision.
pub type NhayJob = ca_ngua_core::table::BotJob<CoNhay>;

/// The legal moves of the position shown, as the engine lists them.
pub trait ShownMoves {
    /// The legal moves of the seat to move (empty when nobody moves).
    fn legal_moves(&self) -> game_co_nhay::engine::MoveList;
}

impl ShownMoves for NhayReplica {
    fn legal_moves(&self) -> game_co_nhay::engine::MoveList {
        match (self.game(), self.is_over()) {
            (Some(g), false) => g.legal_moves(),
            _ => game_co_nhay::engine::MoveList::EMPTY,
        }
    }
}
