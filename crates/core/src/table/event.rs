//! What happens at a table, as numbered events, and why a command is
//! refused: the event and error vocabulary of `PROTOCOL.md`, typed, for
//! any game.
//!
//! The same values travel in three places: to the app that shows a local
//! game, over the wire to every screen of an online game (JSON), and into
//! the saved game (RON). Seats are written by their code, rolls, moves and
//! positions as their notation strings.

use crate::game::{Game, Level, Ranking, SeatId, wire};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who plays a seat, as every screen sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person (at this device or another).
    Human,
    /// A computer player.
    Bot,
}

/// A seat as every screen sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SeatInfo<S: SeatId> {
    /// The colour or arm.
    #[serde(with = "wire::seat")]
    pub seat: S,
    /// The player's name (empty for a local game).
    pub name: String,
    /// A person or a computer player.
    pub kind: SeatKind,
    /// The person's screen is connected (always true for a computer or a
    /// person at this device).
    #[serde(default = "yes")]
    pub connected: bool,
}

fn yes() -> bool {
    true
}

impl<S: SeatId> SeatInfo<S> {
    /// The seats of a game at this device: every seat in play, no names,
    /// everyone connected, a person or a computer as `controllers` (by
    /// seat index) say.
    pub fn local_seats(seats: &[S], controllers: &[Controller]) -> Vec<SeatInfo<S>> {
        seats
            .iter()
            .map(|&seat| SeatInfo {
                seat,
                name: String::new(),
                kind: controllers
                    .get(seat.index())
                    .copied()
                    .unwrap_or(Controller::Here)
                    .kind(),
                connected: true,
            })
            .collect()
    }
}

/// One change at a table (`PROTOCOL.md`, "Server → client").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", bound = "")]
pub enum EventKind<G: Game> {
    /// Someone took a seat before the start.
    Seated {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
        /// Their name.
        name: String,
    },
    /// The game began (or continued) from this position with these seats.
    Started {
        /// The position, whoever was drawn first to play.
        #[serde(with = "wire::text")]
        position: G::Setup,
        /// Every playing seat.
        seats: Vec<SeatInfo<G::Seat>>,
    },
    /// The seat to roll rolled; `moves` are its legal moves (none: a
    /// `Passed` follows at once). Never in a game without dice.
    Rolled {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
        /// The roll.
        #[serde(with = "wire::text")]
        roll: G::Roll,
        /// The legal moves, sorted as the notation sorts them.
        #[serde(with = "wire::texts")]
        moves: Vec<G::Move>,
    },
    /// The seat moved (with its roll, in a game with dice).
    Moved {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
        /// The move.
        #[serde(rename = "move", with = "wire::text")]
        mv: G::Move,
        /// The position after it.
        #[serde(with = "wire::text")]
        position: G::Setup,
    },
    /// The seat had no legal move (or its roll was the forfeited third
    /// bonus roll).
    Passed {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
        /// The position after it.
        #[serde(with = "wire::text")]
        position: G::Setup,
    },
    /// The seat's person has been away too long: a computer plays it.
    Away {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
    },
    /// The seat's person is back.
    Back {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
    },
    /// The seat's person left for good; a computer plays it.
    Left {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
    },
    /// The game is over.
    Over {
        /// The places.
        #[serde(with = "wire::places")]
        ranking: Ranking<G::Seat>,
    },
    /// A seat's person gave the room their part of the dice's seed
    /// (PROTOCOL.md version 3, "Dice anyone can check"); it changes no
    /// position.
    Seeded {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
        /// Their seed: 1–64 printable ASCII characters, no spaces.
        client_seed: String,
    },
    /// After `over`, the same room plays a new round with the same seats
    /// (a `started` follows).
    Again {
        /// The new round's number (the first game is round 1).
        round: u32,
        /// SHA-256 of the new round's dice seed, in lowercase hex (games
        /// with dice on a server that commits to its dice).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice_commit: Option<String>,
    },
    /// The seat to act let its turn clock run out: a computer plays the
    /// turn for it (the roll and move events follow).
    TimedOut {
        /// The seat.
        #[serde(with = "wire::seat")]
        seat: G::Seat,
    },
}

impl<G: Game> EventKind<G> {
    /// The seat the event is about, if one.
    pub fn seat(&self) -> Option<G::Seat> {
        match self {
            EventKind::Seated { seat, .. }
            | EventKind::Rolled { seat, .. }
            | EventKind::Moved { seat, .. }
            | EventKind::Passed { seat, .. }
            | EventKind::Away { seat }
            | EventKind::Back { seat }
            | EventKind::Left { seat }
            | EventKind::Seeded { seat, .. }
            | EventKind::TimedOut { seat } => Some(*seat),
            EventKind::Started { .. } | EventKind::Over { .. } | EventKind::Again { .. } => None,
        }
    }

    /// The event's kind as the protocol names it.
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::Seated { .. } => "seated",
            EventKind::Started { .. } => "started",
            EventKind::Rolled { .. } => "rolled",
            EventKind::Moved { .. } => "moved",
            EventKind::Passed { .. } => "passed",
            EventKind::Away { .. } => "away",
            EventKind::Back { .. } => "back",
            EventKind::Left { .. } => "left",
            EventKind::Over { .. } => "over",
            EventKind::Seeded { .. } => "seeded",
            EventKind::Again { .. } => "again",
            EventKind::TimedOut { .. } => "timed_out",
        }
    }
}

/// A numbered event: numbers start at 1 and have no gaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Event<G: Game> {
    /// The event's number.
    pub seq: u64,
    /// What happened.
    pub event: EventKind<G>,
}

/// Why a command was refused (`PROTOCOL.md` error codes).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not valid JSON, an unknown `type`, a missing or bad field.
    BadMessage,
    /// The rules named or given cannot be played.
    BadRules,
    /// No room has that code.
    RoomNotFound,
    /// Every seat is taken.
    RoomFull,
    /// The game has started.
    AlreadyStarted,
    /// The seat token is not this room's.
    BadToken,
    /// Only the host may do that.
    NotHost,
    /// Another seat is to play.
    NotYourTurn,
    /// The game has not started.
    NotStarted,
    /// A roll is waiting for its move.
    RollPending,
    /// The command answers an older event than the latest.
    Stale,
    /// There is no roll to move with.
    NoRoll,
    /// The move is not legal for the roll.
    IllegalMove,
    /// Too many messages, rooms or connections.
    RateLimited,
    /// The game has no dice (a `roll` in a Cờ nhảy room).
    NoDice,
    /// The room allows no talk, or no free text (version 3).
    ChatOff,
    /// More than 5 `say` in 10 seconds (version 3).
    TooFast,
    /// `again` before the game is over (version 3).
    NotOver,
    /// A watcher asked for what only players do (version 3).
    NotAPlayer,
    /// A `seed` after the round's first roll (version 3).
    TooLate,
}

impl ErrorCode {
    /// The code as written on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::BadRules => "bad_rules",
            ErrorCode::RoomNotFound => "room_not_found",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NotHost => "not_host",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::RollPending => "roll_pending",
            ErrorCode::Stale => "stale",
            ErrorCode::NoRoll => "no_roll",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NoDice => "no_dice",
            ErrorCode::ChatOff => "chat_off",
            ErrorCode::TooFast => "too_fast",
            ErrorCode::NotOver => "not_over",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::TooLate => "too_late",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refused command: the code, and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code.
    pub code: ErrorCode,
    /// What was wrong.
    pub message: String,
}

impl Refusal {
    /// A refusal with a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Refusal {}

/// What a seat's player asks of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command<G: Game> {
    /// Roll the dice.
    Roll,
    /// Move (with the waiting roll, in a game with dice).
    Move(G::Move),
}

/// Who controls a seat, as the table that owns the game knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Controller {
    /// A person at this device.
    Here,
    /// A computer player.
    Computer(Level),
    /// A person on another screen.
    Elsewhere,
    /// A computer standing in for a person who is away (or left).
    StandIn(Level),
}

impl Controller {
    /// The computer's level when a computer plays the seat now.
    pub fn computer(self) -> Option<Level> {
        match self {
            Controller::Computer(l) | Controller::StandIn(l) => Some(l),
            Controller::Here | Controller::Elsewhere => None,
        }
    }

    /// A person or a computer, as other screens see it.
    pub fn kind(self) -> SeatKind {
        match self {
            Controller::Here | Controller::Elsewhere => SeatKind::Human,
            Controller::Computer(_) | Controller::StandIn(_) => SeatKind::Bot,
        }
    }
}

/// Why a lobby cannot be opened ([`Table::lobby`](super::Table::lobby)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError {
    /// The rules or the number of players do not make a game; the game's
    /// words.
    Game(String),
    /// The rules seat nobody, not even the host.
    NoSeat,
}

impl fmt::Display for LobbyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LobbyError::Game(e) => f.write_str(e),
            LobbyError::NoSeat => f.write_str("no seat for the host"),
        }
    }
}

impl std::error::Error for LobbyError {}
