//! The table's types for Cờ nhảy.

use crate::co_nhay::CoNhay;

pub use crate::co_nhay::game::Played;
pub use crate::table::Runner;

/// The table of a Cờ nhảy game.
pub type NhayTable = crate::table::Table<CoNhay>;
/// A Cờ nhảy game as its events built it.
pub type NhayReplica = crate::table::Replica<CoNhay>;
/// A numbered event of a Cờ nhảy table.
pub type NhayEvent = crate::table::Event<CoNhay>;
/// What happened at a Cờ nhảy table.
pub type NhayEventKind = crate::table::EventKind<CoNhay>;
/// What applying one event did.
pub type NhayApplied = crate::table::Applied<CoNhay>;
/// What a computer's step did.
pub type NhayStep = crate::table::Step<CoNhay>;
/// A computer player's decision.
pub type NhayJob = crate::table::BotJob<CoNhay>;

/// The legal moves of the position shown, as the engine lists them.
pub trait ShownMoves {
    /// The legal moves of the seat to move (empty when nobody moves).
    fn legal_moves(&self) -> crate::co_nhay::engine::MoveList;
}

impl ShownMoves for NhayReplica {
    fn legal_moves(&self) -> crate::co_nhay::engine::MoveList {
        match (self.game(), self.is_over()) {
            (Some(g), false) => g.legal_moves(),
            _ => crate::co_nhay::engine::MoveList::EMPTY,
        }
    }
}
