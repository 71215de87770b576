//! What the server sends (`PROTOCOL.md`, "Server → client"), typed by the
//! room's game, and how a client learns that game from a `welcome`.

use super::talk::{ChatMode, Saying};
use super::{default_game, game_name, to_json};
use ca_ngua_core::game::{Game, Ranking, wire};
use ca_ngua_core::table::{ErrorCode, Event, EventKind, Refusal, Replica, SeatInfo};
use ca_ngua_games::GameKind;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A seat in a room's state: what every screen sees of it, and (version
/// 3) how long its absent person has before a computer takes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SeatState<S: ca_ngua_core::game::SeatId> {
    /// The seat.
    #[serde(flatten)]
    pub info: SeatInfo<S>,
    /// Version 3: for a human seat that is not connected, the whole
    /// seconds left before a computer player takes it (`0` once it has);
    /// `Some(None)` (`null`) while connected or for a computer seat;
    /// `None` (left out) for a version 2 client.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wire::nullable"
    )]
    pub away_in: Option<Option<u32>>,
    /// Once the game is over, the seat's person said they want another
    /// round (issue 45, an addition to version 3; left out when not).
    #[serde(default, skip_serializing_if = "is_false")]
    pub rematch: bool,
    /// Once the game is over, the seat's person left the room (no event
    /// can follow `over`: the next round's `started` names the seat a
    /// computer's). Issue 45; left out when not.
    #[serde(default, skip_serializing_if = "is_false")]
    pub left: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl<S: ca_ngua_core::game::SeatId> std::ops::Deref for SeatState<S> {
    type Target = SeatInfo<S>;

    fn deref(&self) -> &SeatInfo<S> {
        &self.info
    }
}

impl<S: ca_ngua_core::game::SeatId> std::ops::DerefMut for SeatState<S> {
    fn deref_mut(&mut self) -> &mut SeatInfo<S> {
        &mut self.info
    }
}

/// A room's state as `welcome` carries it (`STATE` in PROTOCOL.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct RoomState<G: Game> {
    /// The seats taken, in seat order.
    pub seats: Vec<SeatState<G::Seat>>,
    /// True once the game has started.
    pub started: bool,
    /// The position, once started.
    #[serde(with = "opt_text")]
    pub position: Option<G::Setup>,
    /// The roll waiting for its move (always `null` in a game without
    /// dice).
    #[serde(with = "opt_text")]
    pub roll: Option<G::Roll>,
    /// The places, once over.
    #[serde(with = "wire::opt_places")]
    pub ranking: Option<Ranking<G::Seat>>,
    /// Version 3: how many are watching.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watchers: Option<u32>,
    /// Version 3: the seconds left for whoever has to act now (`null`
    /// without a clock or when nobody has to).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wire::nullable"
    )]
    pub clock: Option<Option<u32>>,
}

impl<G: Game> RoomState<G> {
    /// The state of a game as its events built it.
    pub fn of(replica: &Replica<G>) -> RoomState<G> {
        let mut seats: Vec<SeatState<G::Seat>> = replica
            .seats()
            .iter()
            .map(|info| SeatState {
                info: info.clone(),
                away_in: None,
                rematch: false,
                left: false,
            })
            .collect();
        seats.sort_by_key(|s| s.seat);
        RoomState {
            seats,
            started: replica.is_started(),
            position: replica.game().map(G::setup),
            roll: replica.pending().map(|p| p.roll),
            ranking: replica.ranking().cloned(),
            watchers: None,
            clock: None,
        }
    }
}

/// The answer to `create`, `join` and `resume`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Welcome<G: Game> {
    /// [`PROTOCOL_VERSION`](super::PROTOCOL_VERSION).
    pub protocol: u32,
    /// The room's game (a version 1 server leaves it out: Cờ Cá Ngựa).
    #[serde(default = "default_game", with = "game_name")]
    pub game: GameKind,
    /// The room's code.
    pub room: String,
    /// The seat of the person welcomed (`None`, `null`, for a watcher).
    #[serde(with = "wire::opt_seat")]
    pub seat: Option<G::Seat>,
    /// Their seat token (sent to them only; a watcher has none, and the
    /// field is left out).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub token: String,
    /// True when they are the host.
    pub host: bool,
    /// How many play.
    pub players: usize,
    /// The full rules, whatever `create` named.
    pub rules: G::Rules,
    /// The room's latest event number.
    pub seq: u64,
    /// The room's state after that event.
    pub state: RoomState<G>,
    /// Version 3: true for a watcher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watching: Option<bool>,
    /// Version 3: the room's seconds per turn (0: no clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_secs: Option<u32>,
    /// Version 3: what the room lets its people say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat: Option<ChatMode>,
    /// Version 3, a game with dice: SHA-256 of round 1's dice seed, in
    /// lowercase hex (the next rounds' come in their `again` event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_commit: Option<String>,
}

impl<G: Game> Welcome<G> {
    /// True for a watcher's welcome.
    pub fn is_watching(&self) -> bool {
        self.watching == Some(true)
    }

    /// The game as the room's state in this welcome describes it (what a
    /// watcher, sent no earlier events, starts from); none when the state
    /// does not agree with the engine ([`Replica::from_room_state`]).
    pub fn room_replica(&self) -> Option<Replica<G>> {
        Replica::from_room_state(
            self.rules,
            self.seq,
            self.state.seats.iter().map(|s| s.info.clone()).collect(),
            self.state.position.as_ref(),
            self.state.roll,
            self.state.ranking.clone(),
        )
    }
}

/// Who is there (version 3, not a numbered event): a seat's connection
/// dropped or came back, or the number of watchers changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct PresenceNews<S: ca_ngua_core::game::SeatId> {
    /// The seat whose connection changed.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wire::opt_seat"
    )]
    pub seat: Option<S>,
    /// Its person is connected now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connected: Option<bool>,
    /// Whole seconds before a computer takes the seat (`null` once
    /// connected).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wire::nullable"
    )]
    pub away_in: Option<Option<u32>>,
    /// How many are watching now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watchers: Option<u32>,
}

impl<S: ca_ngua_core::game::SeatId> PresenceNews<S> {
    /// A seat's connection changed.
    pub fn seat(seat: S, connected: bool, away_in: Option<u32>) -> PresenceNews<S> {
        PresenceNews {
            seat: Some(seat),
            connected: Some(connected),
            away_in: Some(away_in),
            watchers: None,
        }
    }

    /// The number of watchers changed.
    pub fn watchers(watchers: u32) -> PresenceNews<S> {
        PresenceNews {
            seat: None,
            connected: None,
            away_in: None,
            watchers: Some(watchers),
        }
    }
}

/// Someone said something (version 3, not a numbered event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SaidNews<S: ca_ngua_core::game::SeatId> {
    /// The speaker's seat (`null` for a watcher).
    #[serde(with = "wire::opt_seat")]
    pub seat: Option<S>,
    /// The speaker's name.
    pub name: String,
    /// What was said.
    #[serde(flatten)]
    pub what: Saying,
}

/// A seated player's choice about another round, once the game is over
/// (issue 45, an addition to version 3: not a numbered event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct RematchNews<S: ca_ngua_core::game::SeatId> {
    /// The seat whose person chose.
    #[serde(with = "wire::seat")]
    pub seat: S,
    /// True: one more game; false: not (or not yet).
    pub ready: bool,
    /// The seat's person left the room after the game (left out when
    /// not).
    #[serde(default, skip_serializing_if = "is_false")]
    pub left: bool,
}

/// A message from the server to a client in a room of game `G`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", bound = "")]
pub enum ServerMessage<G: Game> {
    /// Answers `create`, `join` and `resume`.
    Welcome(Box<Welcome<G>>),
    /// A numbered event of the room.
    Event(Event<G>),
    /// A refusal, to the sender only.
    Error {
        /// The code.
        code: ErrorCode,
        /// What was wrong, in English.
        message: String,
    },
    /// Answers `ping`.
    Pong,
    /// Who is there (version 3).
    Presence(PresenceNews<G::Seat>),
    /// What someone said (version 3).
    Said(SaidNews<G::Seat>),
    /// A player's choice about another round (issue 45).
    Rematch(RematchNews<G::Seat>),
}

impl<G: Game> ServerMessage<G> {
    /// The message as one JSON text frame.
    pub fn to_json(&self) -> String {
        to_json(self)
    }

    /// An event frame.
    pub fn event(seq: u64, event: EventKind<G>) -> ServerMessage<G> {
        ServerMessage::Event(Event { seq, event })
    }

    /// An error frame for a refusal.
    pub fn error(refusal: &Refusal) -> ServerMessage<G> {
        ServerMessage::Error {
            code: refusal.code,
            message: refusal.message.clone(),
        }
    }

    /// Reads a frame from the server.
    pub fn parse(text: &str) -> Result<ServerMessage<G>, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Reads a frame already read as JSON (after [`welcome_game`]).
    pub fn from_value(value: Value) -> Result<ServerMessage<G>, serde_json::Error> {
        serde_json::from_value(value)
    }
}

/// The frames that name no game, written where no room is known (the
/// connection that reads a client's messages).
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Plain<'a> {
    Error { code: ErrorCode, message: &'a str },
    Pong,
}

/// An `error` frame, as [`ServerMessage::error`] writes it.
pub fn error_frame(refusal: &Refusal) -> String {
    to_json(&Plain::Error {
        code: refusal.code,
        message: &refusal.message,
    })
}

/// The `pong` frame.
pub fn pong_frame() -> String {
    to_json(&Plain::Pong)
}

/// The game of a room, from a frame of its server read as JSON: `None`
/// for a frame that is not a `welcome`; a welcome without `game` is
/// Cờ Cá Ngựa's (a version 1 server); a game this build does not know is
/// an error.
pub fn welcome_game(frame: &Value) -> Option<Result<GameKind, UnknownGame>> {
    if frame.get("type").and_then(Value::as_str) != Some("welcome") {
        return None;
    }
    Some(match frame.get("game") {
        None => Ok(default_game()),
        Some(Value::String(name)) => name.parse().map_err(|_| UnknownGame(name.clone())),
        Some(other) => Err(UnknownGame(other.to_string())),
    })
}

/// A welcome's game that this version does not know: its name as the
/// server wrote it (JSON text when it is not a string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        write!(
            f,
            "unknown game '{}' (expected {})",
            self.0,
            names.join(" or ")
        )
    }
}

impl std::error::Error for UnknownGame {}

/// An optional value in its notation, `null` when absent.
mod opt_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.collect_str(v),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Option::<String>::deserialize(d)?
            .map(|text| {
                text.parse()
                    .map_err(|e| serde::de::Error::custom(format!("'{text}': {e}")))
            })
            .transpose()
    }
}

#[cfg(test)]
mod tests;
