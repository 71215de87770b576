//! Online play in the app: a game held by a server (in this app when it
//! hosts, or on a friend's), watched through a `net::Client` and shown like
//! a local one. The server rolls and checks every move; this side only
//! asks. What the app remembers to rejoin after a restart is an
//! [`OnlineSeat`].

use super::tbl::{Command, Event, Replica};
use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::{Rules, Seat};
use crate::game::Level;
use crate::net::client::{Client, ClientCommand, ClientUpdate, ConnectionState, Request};
use crate::net::server::ServerHandle;
use crate::net::{Invite, ServerAddress};
use crate::table::{Controller, ErrorCode, Refusal, SeatKind};
use std::fmt;

pub use crate::store::{ONLINE_VERSION, OnlineSeat};

/// What happened to the connection since the last look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteNote {
    /// The game is sent again from its first event: forget what was shown.
    Rebuilt,
    /// Seated (again): the seat to remember.
    Seated(OnlineSeat),
    /// The connection changed.
    Connection(ConnectionState),
    /// The server refused a command (nothing changed).
    Refused(Refusal),
}

/// A game on a server.
pub struct Remote {
    client: Client<CaNgua>,
    server: ServerAddress,
    events: Vec<Event>,
    replica: Replica,
    seat: Option<Seat>,
    state: ConnectionState,
    /// The room's latest event when we were last seated: the events up to
    /// it are history (shown at once, not counted as seen live).
    caught_up: u64,
    /// The server this app runs for the room, when it hosts.
    host: Option<ServerHandle>,
}

impl fmt::Debug for Remote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Remote")
            .field("server", &self.server)
            .field("seat", &self.seat)
            .field("seq", &self.replica.seq())
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

impl Remote {
    /// Connects to `server` with `request`; `wake` is called when something
    /// arrives. `host` is the server this app runs, when it hosts.
    pub fn connect(
        server: ServerAddress,
        request: Request,
        wake: impl Fn() + Send + Sync + 'static,
        host: Option<ServerHandle>,
    ) -> Result<Remote, String> {
        let client = Client::connect(server.clone(), request, wake).map_err(|e| e.to_string())?;
        Ok(Remote {
            client,
            server,
            events: Vec::new(),
            replica: Replica::new(Rules::standard()),
            seat: None,
            state: ConnectionState::Connecting,
            caught_up: 0,
            host,
        })
    }

    /// Reads what arrived: events join the game, the rest is told.
    pub fn poll(&mut self) -> Vec<RemoteNote> {
        let mut notes = Vec::new();
        for update in self.client.poll() {
            match update {
                ClientUpdate::Welcome { welcome, rebuilt } => {
                    if rebuilt || self.seat.is_none() || *self.replica.rules() != welcome.rules {
                        self.events.clear();
                        self.replica = Replica::new(welcome.rules);
                        notes.push(RemoteNote::Rebuilt);
                    }
                    self.seat = Some(welcome.seat);
                    self.caught_up = self.caught_up.max(welcome.seq);
                    notes.push(RemoteNote::Seated(OnlineSeat {
                        version: ONLINE_VERSION,
                        server: self.server.to_string(),
                        room: welcome.room.clone(),
                        token: welcome.token.clone(),
                        hosted: self.host.is_some(),
                    }));
                }
                ClientUpdate::Event(ev) => {
                    // The client checked it already; a copy that does not
                    // follow is left out rather than shown wrong.
                    if self.replica.apply(&ev).is_ok() {
                        self.events.push(ev);
                    }
                }
                ClientUpdate::State(state) => {
                    self.state = state.clone();
                    notes.push(RemoteNote::Connection(state));
                }
                ClientUpdate::Refused(r) => notes.push(RemoteNote::Refused(r)),
            }
        }
        notes
    }

    /// The rules of the room.
    pub fn rules(&self) -> &Rules {
        self.replica.rules()
    }

    /// The game as its events built it.
    pub fn latest(&self) -> &Replica {
        &self.replica
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The events up to this number were history when we were seated.
    pub fn caught_up(&self) -> u64 {
        self.caught_up
    }

    /// Our seat, once seated.
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// The connection's state.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    /// How many play in the room.
    pub fn players(&self) -> Option<usize> {
        self.client.welcome().map(|w| w.players)
    }

    /// True when we may start the game.
    pub fn is_host(&self) -> bool {
        self.client.is_host()
    }

    /// The link friends use to join.
    pub fn invite(&self) -> Option<Invite> {
        self.client.invite()
    }

    /// The port of the server this app runs, when it hosts.
    pub fn hosted_port(&self) -> Option<u16> {
        self.host.as_ref().map(|h| h.addr().port())
    }

    /// Who plays a seat, as this screen sees it: us, a person elsewhere
    /// (a computer while they are away), or a computer.
    pub fn controller(&self, seat: Seat) -> Controller {
        if Some(seat) == self.seat {
            return Controller::Here;
        }
        match self.replica.seat(seat).map(|s| s.kind) {
            Some(SeatKind::Bot) => Controller::Computer(Level::Medium),
            _ if self.replica.is_away(seat) => Controller::StandIn(Level::Medium),
            _ => Controller::Elsewhere,
        }
    }

    /// Asks the server to carry out our command.
    pub fn command(&mut self, seat: Seat, cmd: Command) -> Result<(), Refusal> {
        if Some(seat) != self.seat {
            return Err(Refusal::new(ErrorCode::NotYourTurn, "not our seat"));
        }
        self.client.send(match cmd {
            Command::Roll => ClientCommand::Roll,
            Command::Move(mv) => ClientCommand::Move(mv),
        });
        Ok(())
    }

    /// Starts the game (the host); empty seats get computers of `level`.
    pub fn start(&mut self, level: Level) {
        self.client.send(ClientCommand::Start(level));
    }

    /// Leaves the room for good (a computer takes the seat).
    pub fn leave(&mut self) {
        self.client.send(ClientCommand::Leave);
    }
}

/// What the player typed to join: a link, or an address and a code.
pub fn join_target(link_or_address: &str, code: &str) -> Result<Invite, crate::net::InviteError> {
    let text = link_or_address.trim();
    if text
        .get(..crate::net::INVITE_SCHEME.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(crate::net::INVITE_SCHEME))
    {
        return text.parse();
    }
    format!("{}{text}/{}", crate::net::INVITE_SCHEME, code.trim()).parse()
}
