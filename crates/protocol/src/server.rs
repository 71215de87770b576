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
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::BASE_PROTOCOL;
    use ca_ngua_core::game::{Level, SeatId};
    use ca_ngua_core::table::{InlineRunner, Table};
    use game_ca_ngua::CaNgua;
    use game_ca_ngua::engine::{Rules, Seat};
    use game_co_nhay::CoNhay;
    use game_co_nhay::engine::{Arm, Move as NhayMove, Rules as NhayRules, Setup as NhaySetup};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn server_messages_write_as_the_protocol_spells_them() {
        let replica = Replica::<CaNgua>::new(Rules::standard());
        let welcome = Welcome::<CaNgua> {
            protocol: BASE_PROTOCOL,
            game: GameKind::CaNgua,
            room: "K7M2QX".into(),
            seat: Some(Seat::Green),
            token: "0123456789abcdef0123456789abcdef".into(),
            host: false,
            players: 4,
            rules: Rules::standard(),
            seq: 17,
            state: RoomState::of(&replica),
            watching: None,
            turn_secs: None,
            chat: None,
            dice_commit: None,
        };
        let msg = ServerMessage::Welcome(Box::new(welcome));
        let value: Value = serde_json::from_str(&msg.to_json()).expect("json");
        assert_eq!(value["type"], "welcome");
        assert_eq!(value["seat"], "g");
        assert_eq!(value["rules"]["dice"], "one");
        assert_eq!(
            value["state"],
            serde_json::json!({"seats":[],"started":false,"position":null,"roll":null,"ranking":null})
        );
        assert_eq!(ServerMessage::parse(&msg.to_json()).expect("reads"), msg);
        let err = ServerMessage::<CaNgua>::error(&Refusal::new(ErrorCode::Stale, "late"));
        assert_eq!(
            err.to_json(),
            r#"{"type":"error","code":"stale","message":"late"}"#
        );
        assert_eq!(
            error_frame(&Refusal::new(ErrorCode::Stale, "late")),
            err.to_json()
        );
        assert_eq!(
            ServerMessage::<CaNgua>::Pong.to_json(),
            r#"{"type":"pong"}"#
        );
        assert_eq!(pong_frame(), r#"{"type":"pong"}"#);
        let ev = ServerMessage::<CaNgua>::event(3, EventKind::Away { seat: Seat::Blue });
        assert_eq!(
            ev.to_json(),
            r#"{"type":"event","seq":3,"event":{"kind":"away","seat":"b"}}"#
        );
    }

    #[test]
    fn a_welcome_says_version_2_and_names_its_game() {
        let replica = Replica::<CaNgua>::new(Rules::standard());
        let welcome = Welcome::<CaNgua> {
            protocol: BASE_PROTOCOL,
            game: GameKind::CaNgua,
            room: "K7M2QX".into(),
            seat: Some(Seat::Red),
            token: "0123456789abcdef0123456789abcdef".into(),
            host: true,
            players: 2,
            rules: Rules::standard(),
            seq: 1,
            state: RoomState::of(&replica),
            watching: None,
            turn_secs: None,
            chat: None,
            dice_commit: None,
        };
        let text = ServerMessage::Welcome(Box::new(welcome)).to_json();
        let value: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(value["protocol"], 2);
        assert_eq!(value["game"], "ca-ngua");
        assert_eq!(welcome_game(&value), Some(Ok(GameKind::CaNgua)));
        // A version 1 server's welcome has no game: Cờ Cá Ngựa.
        let mut v1 = value.clone();
        v1.as_object_mut().expect("object").remove("game");
        v1["protocol"] = 1.into();
        assert_eq!(welcome_game(&v1), Some(Ok(GameKind::CaNgua)));
        let ServerMessage::Welcome(read) = ServerMessage::<CaNgua>::from_value(v1).expect("reads")
        else {
            panic!("a welcome");
        };
        assert_eq!(read.game, GameKind::CaNgua);
        // Other frames name no game; an unknown game is an error.
        assert_eq!(welcome_game(&serde_json::json!({"type":"pong"})), None);
        let mut chess = value;
        chess["game"] = "chess".into();
        assert!(matches!(welcome_game(&chess), Some(Err(_))));
        chess["game"] = 3.into();
        assert!(matches!(welcome_game(&chess), Some(Err(_))));
    }

    fn arm(n: usize) -> Arm {
        Arm::from_index(n).expect("arm")
    }

    #[test]
    fn a_co_nhay_room_writes_arms_as_strings_and_never_a_roll() {
        let runner = Box::new(InlineRunner::default());
        let mut table = Table::<CoNhay>::lobby(
            NhayRules::quick(),
            3,
            "Lan",
            StdRng::seed_from_u64(1),
            runner,
        )
        .expect("lobby");
        table.join("Minh").expect("seat");
        table.start(Level::Easy, |_| String::new()).expect("start");
        let welcome = Welcome::<CoNhay> {
            protocol: BASE_PROTOCOL,
            game: GameKind::CoNhay,
            room: "K7M2QX".into(),
            seat: Some(arm(2)),
            token: "0123456789abcdef0123456789abcdef".into(),
            host: false,
            players: 3,
            rules: *table.rules(),
            seq: table.seq(),
            state: RoomState::of(table.replica()),
            watching: None,
            turn_secs: None,
            chat: None,
            dice_commit: None,
        };
        let msg = ServerMessage::Welcome(Box::new(welcome));
        let value: Value = serde_json::from_str(&msg.to_json()).expect("json");
        assert_eq!(value["protocol"], 2);
        assert_eq!(value["game"], "co-nhay");
        assert_eq!(value["seat"], "2");
        assert_eq!(
            value["rules"],
            serde_json::json!({"anti_blocking":true,"other_arms":"allowed","game_end":"first_winner"})
        );
        let state = &value["state"];
        assert_eq!(state["started"], true);
        assert_eq!(state["roll"], Value::Null);
        assert_eq!(state["ranking"], Value::Null);
        let seats: Vec<&str> = state["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["seat"].as_str().expect("a string"))
            .collect();
        assert_eq!(seats, ["0", "2", "4"], "three players: every other arm");
        assert_eq!(state["seats"][0]["name"], "Lan");
        assert_eq!(state["seats"][1]["kind"], "human");
        assert_eq!(state["seats"][2]["kind"], "bot");
        let position = state["position"].as_str().expect("position");
        assert!(position.parse::<NhaySetup>().is_ok(), "{position}");
        assert!(position.ends_with(" 0 -"), "arm 0 moves first: {position}");
        assert_eq!(welcome_game(&value), Some(Ok(GameKind::CoNhay)));
        assert_eq!(
            ServerMessage::<CoNhay>::parse(&msg.to_json()).expect("reads"),
            msg
        );
        // Arms are strings in the lobby's events too.
        let seated = ServerMessage::Event(table.events()[1].clone()).to_json();
        assert_eq!(
            seated,
            r#"{"type":"event","seq":2,"event":{"kind":"seated","seat":"2","name":"Minh"}}"#
        );
    }

    #[test]
    fn co_nhay_events_write_as_the_protocol_spells_them() {
        let start: NhaySetup =
            "0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -"
                .parse()
                .expect("start");
        let mv: NhayMove = "3-14".parse().expect("move");
        let moved = ServerMessage::<CoNhay>::event(
            4,
            EventKind::Moved {
                seat: arm(0),
                mv,
                position: start.clone(),
            },
        );
        let text = format!(
            r#"{{"type":"event","seq":4,"event":{{"kind":"moved","seat":"0","move":"3-14","position":"{start}"}}}}"#
        );
        assert_eq!(moved.to_json(), text);
        let passed = ServerMessage::<CoNhay>::event(
            5,
            EventKind::Passed {
                seat: arm(3),
                position: start.clone(),
            },
        );
        assert_eq!(
            passed.to_json(),
            format!(
                r#"{{"type":"event","seq":5,"event":{{"kind":"passed","seat":"3","position":"{start}"}}}}"#
            )
        );
        let over = ServerMessage::<CoNhay>::event(
            6,
            EventKind::Over {
                ranking: vec![vec![arm(3)], vec![arm(0)]],
            },
        );
        assert_eq!(
            over.to_json(),
            r#"{"type":"event","seq":6,"event":{"kind":"over","ranking":[["3"],["0"]]}}"#
        );
        for msg in [moved, passed, over] {
            assert_eq!(ServerMessage::parse(&msg.to_json()).expect("reads"), msg);
        }
        // No roll in a game without dice: a `rolled` event cannot be read.
        let rolled = r#"{"type":"event","seq":2,"event":{"kind":"rolled","seat":"0","roll":"6","moves":[]}}"#;
        assert!(ServerMessage::<CoNhay>::parse(rolled).is_err());
        assert!(
            ServerMessage::<CaNgua>::parse(&rolled.replace(r#""seat":"0""#, r#""seat":"r""#))
                .is_ok()
        );
    }
}
