//! What a connection and its worker say to each other: commands one way,
//! reports the other (the connection's state and refusals name no game; a
//! welcome and the events are of the room's game).

use super::{ClientUpdate, ConnectionState};
use ca_ngua_core::game::Game;
use ca_ngua_core::table::Refusal;
use ca_ngua_games::{AnyGame, PerGame};
use ca_ngua_protocol::ClientMessage;

/// What the caller asks of the worker.
#[derive(Debug)]
pub(super) enum ToWorker {
    Send(ClientMessage),
    Close,
}

/// The updates of a room of each game (the family [`AnyGame`] holds one
/// of).
#[derive(Debug)]
pub(super) struct Updates;

impl PerGame for Updates {
    type Of<G: Game> = ClientUpdate<G>;
}

/// What the worker reports, in order: the connection's state and refusals
/// name no game; a welcome and the events are of the room's game.
#[derive(Debug)]
pub(super) enum Report {
    State(ConnectionState),
    Refused(Refusal),
    /// A `Welcome` or an `Event`.
    Game(AnyGame<Updates>),
}
