//! What happens at a table, as numbered events, and why a command is
//! refused: the event and error vocabulary of `PROTOCOL.md`, typed.
//!
//! The same values travel in three places: to the app that shows a local
//! game, over the wire to every screen of an online game (JSON), and into
//! the saved game (RON). Rolls, moves and positions are typed in memory and
//! written as their notation strings.

use crate::ca_ngua::engine::{Move, Position, Roll, Seat, Setup};
use crate::game::Level;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat's colour on the wire: `r`, `g`, `y` or `b`.
pub mod letter {
    use crate::ca_ngua::engine::Seat;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the letter.
    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(seat.letter().encode_utf8(&mut buf))
    }

    /// Reads the letter.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let text = String::deserialize(d)?;
        Seat::from_letter_text(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("bad seat '{text}' (expected r, g, y or b)"))
        })
    }
}

/// Lists of seats on the wire (places of a ranking), as letters.
mod letters {
    use crate::ca_ngua::engine::Seat;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(places: &[Vec<Seat>], s: S) -> Result<S::Ok, S::Error> {
        let v: Vec<Vec<String>> = places
            .iter()
            .map(|p| p.iter().map(|x| x.letter().to_string()).collect())
            .collect();
        v.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Seat>>, D::Error> {
        let v: Vec<Vec<String>> = Vec::deserialize(d)?;
        v.into_iter()
            .map(|p| {
                p.into_iter()
                    .map(|text| {
                        Seat::from_letter_text(&text).ok_or_else(|| {
                            serde::de::Error::custom(format!(
                                "bad seat '{text}' (expected r, g, y or b)"
                            ))
                        })
                    })
                    .collect()
            })
            .collect()
    }
}

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
pub struct SeatInfo {
    /// The colour.
    #[serde(with = "letter")]
    pub seat: Seat,
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

impl SeatInfo {
    /// The seats of a game at this device: every colour in play, no
    /// names, everyone connected, a person or a computer as `controllers`
    /// (by seat index) say.
    pub fn local_seats(position: &Position, controllers: &[Controller; 4]) -> Vec<SeatInfo> {
        position
            .playing_seats()
            .map(|seat| SeatInfo {
                seat,
                name: String::new(),
                kind: controllers[seat.index()].kind(),
                connected: true,
            })
            .collect()
    }
}

/// Places at the end of a game, best first; a shared place lists several
/// seats (`[["r"],["g","y"],["b"]]`).
pub type Ranking = Vec<Vec<Seat>>;

/// One change at a table (`PROTOCOL.md`, "Server → client").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// Someone took a seat before the start.
    Seated {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
        /// Their name.
        name: String,
    },
    /// The game began (or continued) from this position with these seats.
    Started {
        /// The position, red to roll or whoever was drawn first.
        position: Setup,
        /// Every playing seat.
        seats: Vec<SeatInfo>,
    },
    /// The seat to roll rolled; `moves` are its legal moves (none: a
    /// `Passed` follows at once).
    Rolled {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
        /// The roll.
        roll: Roll,
        /// The legal moves, sorted as the notation sorts them.
        moves: Vec<Move>,
    },
    /// The seat moved with its roll.
    Moved {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
        /// The position after it.
        position: Setup,
    },
    /// The roll had no legal move (or was the forfeited third bonus roll).
    Passed {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
        /// The position after it.
        position: Setup,
    },
    /// The seat's person has been away too long: a computer plays it.
    Away {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
    },
    /// The seat's person is back.
    Back {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
    },
    /// The seat's person left for good; a computer plays it.
    Left {
        /// The colour.
        #[serde(with = "letter")]
        seat: Seat,
    },
    /// The game is over.
    Over {
        /// The places.
        #[serde(with = "letters")]
        ranking: Ranking,
    },
}

impl EventKind {
    /// The seat the event is about, if one.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            EventKind::Seated { seat, .. }
            | EventKind::Rolled { seat, .. }
            | EventKind::Moved { seat, .. }
            | EventKind::Passed { seat, .. }
            | EventKind::Away { seat }
            | EventKind::Back { seat }
            | EventKind::Left { seat } => Some(*seat),
            EventKind::Started { .. } | EventKind::Over { .. } => None,
        }
    }
}

/// A numbered event: numbers start at 1 and have no gaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The event's number.
    pub seq: u64,
    /// What happened.
    pub event: EventKind,
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
pub enum Command {
    /// Roll the dice.
    Roll,
    /// Move with the waiting roll.
    Move(Move),
}

/// Who controls a seat (or a Cờ nhảy arm), as the table that owns the game
/// knows it.
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
