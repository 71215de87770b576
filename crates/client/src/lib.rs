//! A client for online play, made to be driven from a UI loop, for every
//! game: it runs on a thread of its own (with a small tokio runtime; in a
//! browser, on the page's loop: `platform`), and
//! the caller sends commands and polls for what happened, never blocking.
//! A callback wakes the caller when something arrives (the app passes a
//! repaint request).
//!
//! Two handles over one connection:
//!
//! - [`Connection`] knows no game: it connects, asks for a seat
//!   ([`Request`]), and learns the room's game from the server's welcome
//!   ([`Connection::poll`] answers it). This is how a person joins a room
//!   by its code or link without knowing what is played there; then
//!   [`Connection::into_client`] gives the [`AnyClient`] of that game
//!   (`with_any!(client, G, c => …)` takes it into code generic over the
//!   game).
//! - [`Client<G>`] is the typed view of a room of game `G`: commands
//!   ([`ClientCommand<G>`]) in, [`ClientUpdate<G>`]s out, and a
//!   [`Replica<G>`] of the game kept from the events. When the game is
//!   known beforehand (creating a room, coming back to a remembered one),
//!   [`Client::connect`] makes one at once; should the server's welcome
//!   name another game, it closes with [`CloseReason::OtherGame`].
//!
//! Either way the client sends each command with the number of the last
//! event the caller had seen, and when the connection drops it reconnects
//! by itself (with growing pauses) and resumes from the last event it has,
//! so no event is lost or seen twice. A seat resumed elsewhere closes it
//! for good (close code 4001).

mod connection;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod headless;
mod health;
mod messages;
mod platform;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod tls;
mod tls_error;
mod typed;
mod worker;

pub use ca_ngua_protocol::RoomInfo;
pub use connection::Connection;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use headless::{
    HeadlessEnd, HeadlessError, HostPlan, Line, host_room, news_line, play_seat, watch_room,
};
pub use health::{HealthError, check_health_then, room_info_then};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use health::{check_health, http_get, room_info};
pub use typed::{AnyClient, Client, Clients, SeatLink};

use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::{Event, Refusal};
use ca_ngua_games::{GameKind, Listed};
use ca_ngua_protocol::dice::DiceCheck;
use ca_ngua_protocol::{
    BASE_PROTOCOL, ChatMode, ClientMessage, PROTOCOL_VERSION, PresenceNews, RematchNews,
    RoomCommand, RulesChoice, SaidNews, Saying, Welcome,
};
use std::fmt;
use std::time::Duration;

/// What a client asks of the server beyond its seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClientOptions {
    /// The protocol version to ask for: 2 (served exactly as version 2,
    /// the library's default) or 3 (a table with friends: presence, talk,
    /// watchers, the clock, the dice's seeds).
    pub protocol: u32,
    /// Send this seat's part of each round's dice seed (version 3).
    pub seed_dice: bool,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            protocol: BASE_PROTOCOL,
            seed_dice: false,
        }
    }
}

impl ClientOptions {
    /// Version 3, seeding the dice: what the app and the command line ask.
    pub fn table() -> ClientOptions {
        ClientOptions {
            protocol: PROTOCOL_VERSION,
            seed_dice: true,
        }
    }

    /// The `protocol` field of a request: left out for version 2.
    pub(crate) fn asked(self) -> Option<u32> {
        (self.protocol >= PROTOCOL_VERSION).then_some(PROTOCOL_VERSION)
    }
}

/// How the client gets a seat when it connects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Open a room and host it.
    Create {
        /// The game.
        game: GameKind,
        /// The host's name.
        name: String,
        /// How many play: one of the game's player counts.
        players: usize,
        /// The rules.
        rules: RulesChoice,
    },
    /// Take a seat in a room before its start.
    Join {
        /// The room's code.
        room: String,
        /// The person's name.
        name: String,
    },
    /// Come back to a seat (after the app restarted): the whole game is
    /// sent again from its first event.
    Resume {
        /// The room's code.
        room: String,
        /// The seat's token.
        token: String,
    },
    /// Open a room and host it, with a say in what its people may say and
    /// a turn clock (version 3).
    Open {
        /// The game.
        game: GameKind,
        /// The host's name.
        name: String,
        /// How many play: one of the game's player counts.
        players: usize,
        /// The rules.
        rules: RulesChoice,
        /// What the room lets its people say.
        chat: ChatMode,
        /// Seconds per turn: 0 (no clock) or 10 to 120.
        turn_secs: u32,
    },
    /// Watch a room (version 3): every event, no seat.
    Watch {
        /// The room's code.
        room: String,
        /// The watcher's name.
        name: String,
    },
}

impl Request {
    /// Opens a room of game `G` under these rules.
    pub fn create<G: Listed>(name: impl Into<String>, players: usize, rules: &G::Rules) -> Request {
        Request::Create {
            game: GameKind::of::<G>(),
            name: name.into(),
            players,
            rules: RulesChoice::custom::<G>(rules),
        }
    }

    /// Opens a room of game `G` under these rules, with a say in what its
    /// people may say and a turn clock (version 3).
    pub fn open<G: Listed>(
        name: impl Into<String>,
        players: usize,
        rules: &G::Rules,
        chat: ChatMode,
        turn_secs: u32,
    ) -> Request {
        Request::Open {
            game: GameKind::of::<G>(),
            name: name.into(),
            players,
            rules: RulesChoice::custom::<G>(rules),
            chat,
            turn_secs,
        }
    }

    /// True when the request watches rather than takes a seat.
    pub fn is_watch(&self) -> bool {
        matches!(self, Request::Watch { .. })
    }

    fn message(&self, options: ClientOptions) -> ClientMessage {
        let protocol = options.asked();
        match self.clone() {
            Request::Create {
                game,
                name,
                players,
                rules,
            } => ClientMessage::Create {
                game,
                name,
                players,
                rules,
                protocol,
                chat: ChatMode::default(),
                turn_secs: 0,
            },
            Request::Open {
                game,
                name,
                players,
                rules,
                chat,
                turn_secs,
            } => ClientMessage::Create {
                game,
                name,
                players,
                rules,
                protocol,
                chat,
                turn_secs,
            },
            Request::Join { room, name } => ClientMessage::Join {
                room,
                name,
                protocol,
            },
            Request::Resume { room, token } => ClientMessage::Resume {
                room,
                token,
                last_seq: 0,
                protocol,
            },
            // Watching is version 3's.
            Request::Watch { room, name } => ClientMessage::Watch {
                room,
                name,
                protocol: Some(PROTOCOL_VERSION),
            },
        }
    }
}

/// What the person asks once seated, in a room of game `G`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientCommand<G: Game> {
    /// The host starts the game; empty seats get computers of this level.
    Start(Level),
    /// Roll (a game with dice).
    Roll,
    /// Move (with the waiting roll, in a game with dice).
    Move(G::Move),
    /// Leave for good (a computer takes the seat); the client then closes.
    /// A watcher stops watching.
    Leave,
    /// Say a phrase, an emoji or a line of text (version 3).
    Say(Saying),
    /// The host starts another round once the game is over (version 3).
    Again,
    /// Once the game is over, one more game (`true`) or not (issue 45).
    Rematch(bool),
    /// Take back the seat a computer holds for us (issue 45).
    Back,
}

impl<G: Game> ClientCommand<G> {
    /// The room's command, sent after event `seq`: the one place a roll's
    /// or a move's event number is set (what is said carries none).
    fn command(self, seq: u64) -> RoomCommand {
        match self {
            ClientCommand::Start(level) => RoomCommand::Start { level },
            ClientCommand::Roll => RoomCommand::Roll { seq },
            ClientCommand::Move(mv) => RoomCommand::Move {
                seq,
                mv: mv.to_string(),
            },
            ClientCommand::Leave => RoomCommand::Leave,
            ClientCommand::Say(what) => RoomCommand::Say { what },
            ClientCommand::Again => RoomCommand::Again,
            ClientCommand::Rematch(ready) => RoomCommand::Rematch { ready },
            ClientCommand::Back => RoomCommand::Back,
        }
    }
}

/// The connection, as the person should see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectionState {
    /// Reaching the server for the first time.
    Connecting,
    /// Connected.
    Connected,
    /// The connection dropped; the next try is in `retry_in` (the `attempt`th).
    Reconnecting {
        /// Tries so far.
        attempt: u32,
        /// Until the next one.
        retry_in: Duration,
    },
    /// Over, for this reason; the client does nothing more.
    Closed(CloseReason),
}

/// Why a client stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloseReason {
    /// [`Client::close`] or the client was dropped.
    ByUser,
    /// The person left the game.
    Left,
    /// The server refused to seat us (`create`, `join` or `resume`): the
    /// room is gone or full, the token is not good, and so on.
    Refused(Refusal),
    /// The same seat was resumed from another connection.
    TakenOver,
    /// The server could not be reached (before ever being seated): why the
    /// last try failed.
    Unreachable(LinkError),
    /// The room plays another game than the client was made for, or one
    /// this version does not know: its name, as the server wrote it.
    OtherGame(String),
}

impl fmt::Display for CloseReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CloseReason::ByUser => f.write_str("closed"),
            CloseReason::Left => f.write_str("left the game"),
            CloseReason::Refused(r) => write!(f, "refused: {r}"),
            CloseReason::TakenOver => f.write_str("the seat was resumed on another device"),
            CloseReason::Unreachable(why) => write!(f, "cannot reach the server: {why}"),
            CloseReason::OtherGame(game) => write!(f, "the room plays another game ({game})"),
        }
    }
}

/// Something that happened in a room of game `G`, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientUpdate<G: Game> {
    /// The connection changed.
    State(ConnectionState),
    /// The server seated us (after every connection and reconnection).
    /// With `rebuilt`, the events that follow start again from event 1
    /// (another room, or the client found its copy of the game wrong):
    /// whatever was built from earlier events is to be thrown away.
    Welcome {
        /// The server's welcome.
        welcome: Box<Welcome<G>>,
        /// The game is rebuilt from event 1.
        rebuilt: bool,
    },
    /// The next event of the game (numbers without gaps).
    Event(Event<G>),
    /// A command was refused (and changed nothing).
    Refused(Refusal),
    /// A seat's connection dropped or came back, or the number of
    /// watchers changed (version 3).
    Presence(PresenceNews<G::Seat>),
    /// Someone said something (version 3).
    Said(SaidNews<G::Seat>),
    /// A player's choice about another round, once the game is over
    /// (issue 45).
    Rematch(RematchNews<G::Seat>),
    /// The turn clock of the seat to act after event `seq`: `secs`
    /// seconds from when it arrived (version 3).
    Clock {
        /// The event after which the clock runs.
        seq: u64,
        /// Its seconds.
        secs: u32,
    },
    /// The round's dice seed, revealed with `over` (version 3); the typed
    /// client turns it into [`ClientUpdate::DiceChecked`].
    Revealed {
        /// The round.
        round: u32,
        /// The seed, in hex.
        dice_seed: String,
    },
    /// Every roll of the round was checked against its revealed seed
    /// (version 3, games with dice).
    DiceChecked(DiceCheck),
}

/// Why a client could not be made.
#[derive(Debug)]
pub struct ClientError(std::io::Error);

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot start the connection: {}", self.0)
    }
}

impl std::error::Error for ClientError {}

/// Why a connection to the server failed or dropped (the client tries
/// again, and gives up with [`CloseReason::Unreachable`] if it was never
/// seated). Where the WebSocket library says why, its words are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// TLS cannot be set up on this computer (its roots).
    Tls(tls_error::TlsError),
    /// The connection was not made: refused, no such host, a handshake
    /// refused.
    Connect(String),
    /// The server did not answer the connection in time.
    NoAnswer,
    /// A message could not be sent.
    Send(String),
    /// The server did not take a message within the send time.
    NotReading,
    /// Nothing came from the server for the silence time.
    Silent,
    /// The connection ended without a word from the server.
    Ended,
    /// A frame could not be read.
    Receive(String),
    /// The server closed the connection, with its close code and reason.
    ClosedByServer {
        /// The WebSocket close code.
        code: u16,
        /// The reason the server gave.
        reason: String,
    },
    /// The server closed the connection without a close frame's code.
    Closed,
    /// An event did not follow the last one (a number was skipped).
    EventMissing,
    /// A watched game's event did not replay.
    WentWrong,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Tls(e) => e.fmt(f),
            LinkError::Connect(e) | LinkError::Send(e) | LinkError::Receive(e) => f.write_str(e),
            LinkError::NoAnswer => f.write_str("no answer"),
            LinkError::NotReading => f.write_str("the server does not read"),
            LinkError::Silent => f.write_str("the server went silent"),
            LinkError::Ended => f.write_str("the connection closed"),
            LinkError::ClosedByServer { code, reason } => {
                write!(f, "closed by the server ({code}: {reason})")
            }
            LinkError::Closed => f.write_str("closed by the server"),
            LinkError::EventMissing => f.write_str("an event went missing"),
            LinkError::WentWrong => f.write_str("the game went wrong"),
        }
    }
}

impl std::error::Error for LinkError {}
