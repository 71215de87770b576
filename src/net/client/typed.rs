//! The typed view of a room of game `G`: commands in, updates out, and the
//! game as the polled events built it.

use super::connection::Connection;
use super::messages::Report;
use super::worker::Timing;
use super::{ClientCommand, ClientError, ClientUpdate, ConnectionState, Request};
use crate::any_game::{AnyGame, GameKind, PerGame};
use crate::game::Game;
use crate::net::protocol::{Welcome, host_of};
use crate::net::{Invite, ServerAddress};
use crate::table::Replica;
use crate::with_game;
use std::fmt;

/// A client in a room of game `G`, polled by its owner.
pub struct Client<G: Game> {
    link: Connection,
    replica: Option<Replica<G>>,
    welcome: Option<Welcome<G>>,
}

/// The clients of each game (the family [`AnyGame`] holds one of).
#[derive(Debug)]
pub struct Clients;

impl PerGame for Clients {
    type Of<G: Game> = Client<G>;
}

/// A client in a room of whichever game the server's welcome named.
pub type AnyClient = AnyGame<Clients>;

impl<G: Game> fmt::Debug for Client<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("game", &G::ID)
            .field("link", &self.link)
            .field("seq", &self.replica.as_ref().map(Replica::seq))
            .finish_non_exhaustive()
    }
}

impl<G: Game> Client<G> {
    /// Connects to `server` and asks for a seat in a room of game `G`;
    /// `wake` is called (on the client's thread) whenever
    /// [`poll`](Client::poll) has something new. A welcome into a room of
    /// another game closes the client ([`CloseReason::OtherGame`](super::CloseReason::OtherGame)).
    pub fn connect(
        server: ServerAddress,
        request: Request,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<Client<G>, ClientError> {
        let link = Connection::start(
            server,
            request,
            Some(GameKind::of::<G>()),
            wake,
            Timing::default(),
        )?;
        Ok(Client::on(link))
    }

    /// The typed view of a connection to a room of game `G`.
    pub(super) fn on(link: Connection) -> Client<G> {
        Client {
            link,
            replica: None,
            welcome: None,
        }
    }

    /// Sends a command, marked with the last event this side has polled
    /// (so a command made on an old view of the game is refused as
    /// `stale` rather than played). While disconnected, commands wait for
    /// the reconnection.
    pub fn send(&self, cmd: ClientCommand<G>) {
        let seq = self.replica.as_ref().map_or(0, Replica::seq);
        self.link.send(cmd.message(seq));
    }

    /// Everything that happened since the last poll, oldest first; the
    /// replica, welcome and state below already include it.
    pub fn poll(&mut self) -> Vec<ClientUpdate<G>> {
        let updates: Vec<ClientUpdate<G>> = self
            .link
            .take()
            .into_iter()
            .filter_map(|report| match report {
                Report::State(state) => Some(ClientUpdate::State(state)),
                Report::Refused(refusal) => Some(ClientUpdate::Refused(refusal)),
                // The worker keeps to one game: another's cannot come.
                Report::Game(update) => update.into_game::<G>(),
            })
            .collect();
        for update in &updates {
            match update {
                ClientUpdate::Welcome { welcome, rebuilt } => {
                    if *rebuilt || self.replica.is_none() {
                        self.replica = Some(Replica::new(welcome.rules));
                    }
                    self.welcome = Some((**welcome).clone());
                }
                ClientUpdate::Event(ev) => {
                    if let Some(r) = &mut self.replica {
                        // The worker applied the same event to the same
                        // state before passing it on: it follows.
                        let _ = r.apply(ev);
                    }
                }
                ClientUpdate::State(_) | ClientUpdate::Refused(_) => {}
            }
        }
        updates
    }

    /// The game as the polled events built it.
    pub fn replica(&self) -> Option<&Replica<G>> {
        self.replica.as_ref()
    }

    /// The latest welcome (room, seat, token, rules).
    pub fn welcome(&self) -> Option<&Welcome<G>> {
        self.welcome.as_ref()
    }

    /// Our seat.
    pub fn seat(&self) -> Option<G::Seat> {
        self.welcome.as_ref().map(|w| w.seat)
    }

    /// True when we may start the game: before the start, the host is the
    /// first seat, in seat order, whose person has not left.
    pub fn is_host(&self) -> bool {
        match (&self.replica, self.seat()) {
            (Some(r), Some(seat)) => !r.is_started() && host_of(r) == Some(seat),
            _ => false,
        }
    }

    /// The connection's state.
    pub fn state(&self) -> &ConnectionState {
        self.link.state()
    }

    /// The invite link to this room.
    pub fn invite(&self) -> Option<Invite> {
        self.welcome.as_ref().map(|w| Invite {
            server: self.link.server().clone(),
            room: w.room.clone(),
        })
    }

    /// Closes the connection (the seat stays ours: its token resumes it).
    pub fn close(self) {
        self.link.close();
    }
}

impl Connection {
    /// The typed client of the room's game, once the game is known; the
    /// connection back otherwise. Nothing polled is lost: the client's
    /// first poll reports it.
    pub fn into_client(self) -> Result<AnyClient, Box<Connection>> {
        match self.game() {
            Some(kind) => Ok(with_game!(kind, G, Wrap => Wrap(Client::<G>::on(self)))),
            None => Err(Box::new(self)),
        }
    }
}
