//! A game being played, for any game and any screen: the table owns the
//! game, its dice and its numbered events, and knows who controls each
//! seat (a person here, a computer player, a person elsewhere, a computer
//! standing in for an absent person). The app shows a local table; the
//! server holds one per room and every client replays its events
//! (`PROTOCOL.md`).
//!
//! The table knows the [`Game`](crate::game::Game) trait only; it knows no
//! screen, file or socket. Computer players think through a [`Runner`] the
//! table is given.

mod computers;
mod event;
mod replica;
mod rounds;
mod runner;
mod saved;
#[allow(clippy::module_inception)]
mod table;

pub use crate::game::{Ranking, ranking_of};
pub use event::{
    Command, Controller, ErrorCode, Event, EventKind, LobbyError, Refusal, SeatInfo, SeatKind,
};
pub use replica::{Applied, Pending, ReplayError, Replica, SeatNews};
pub use runner::{Answer, BotJob, InlineRunner, Job, Runner, ThreadRunner};
pub use saved::{RestoreError, TableRecord};
pub use table::{Dealer, Step, Table};
