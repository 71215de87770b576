//! The wire protocol of online play (`PROTOCOL.md`, version 1): every
//! message a client sends and every message the server sends, as serde
//! types, and the parsing that turns any text a client sends into a
//! message or a typed refusal.
//!
//! Events are the table's [`EventKind`]s, which already read and write as
//! the protocol spells them.

use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::{Move, PRESET_NAMES, Roll, Rules, Seat, Setup};
use crate::game::Level;
use crate::game::{Ranking, wire};
use crate::table::{ErrorCode, Refusal, SeatKind};

type Event = crate::table::Event<CaNgua>;
type EventKind = crate::table::EventKind<CaNgua>;
type Replica = crate::table::Replica<CaNgua>;
type SeatInfo = crate::table::SeatInfo<Seat>;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame a client may send, in bytes (PROTOCOL.md: 4 KiB);
/// a larger one closes the connection with [`CLOSE_TOO_BIG`].
pub const MAX_FRAME_BYTES: usize = 4096;

/// The close code for a frame over [`MAX_FRAME_BYTES`] (RFC 6455: message
/// too big).
pub const CLOSE_TOO_BIG: u16 = 1009;

/// The close code for a connection that broke a limit (RFC 6455: policy
/// violation): too many messages, or too many connections.
pub const CLOSE_POLICY: u16 = 1008;

/// The close code when the server stops (RFC 6455: going away).
pub const CLOSE_GOING_AWAY: u16 = 1001;

/// The close code sent to a connection whose seat was resumed by another
/// connection (the same person on another device, or a reconnection that
/// overtook a dead one). A client must not reconnect by itself after it,
/// or two devices would take the seat from each other forever.
pub const CLOSE_TAKEN_OVER: u16 = 4001;

/// The longest name, in characters, once trimmed (PROTOCOL.md).
pub const MAX_NAME_CHARS: usize = 24;

/// The characters of a room code: no 0/O, 1/I/L (PROTOCOL.md).
pub const ROOM_CODE_ALPHABET: &str = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a room code.
pub const ROOM_CODE_LEN: usize = 6;

/// The length of a seat token: 128 bits in lowercase hex.
pub const TOKEN_LEN: usize = 32;

/// The rules a `create` asks for: a preset's name, or every field of a
/// rule-set file's `rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesChoice {
    /// `"standard"`, `"casual"` or `"traditional"`.
    Preset(String),
    /// A complete rule set.
    Custom(Rules),
}

impl RulesChoice {
    /// The rules named or given, checked (`bad_rules` otherwise).
    pub fn resolve(&self) -> Result<Rules, Refusal> {
        let rules = match self {
            RulesChoice::Preset(name) => Rules::preset(name).ok_or_else(|| {
                Refusal::new(
                    ErrorCode::BadRules,
                    format!(
                        "unknown rules '{name}' (expected {} or a rules object)",
                        PRESET_NAMES.join(", ")
                    ),
                )
            })?,
            RulesChoice::Custom(rules) => *rules,
        };
        rules
            .validate()
            .map_err(|e| Refusal::new(ErrorCode::BadRules, format!("rules.{e}")))?;
        Ok(rules)
    }
}

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Opens a room and takes its first seat as the host.
    Create {
        /// The host's name (1–24 characters, trimmed).
        name: String,
        /// How many play: 2, 3 or 4.
        players: usize,
        /// The rules.
        rules: RulesChoice,
    },
    /// Takes the next free seat of a room before its start.
    Join {
        /// The room's code.
        room: String,
        /// The person's name (1–24 characters, trimmed).
        name: String,
    },
    /// Comes back to a seat; the events after `last_seq` are sent again.
    Resume {
        /// The room's code.
        room: String,
        /// The seat's token.
        token: String,
        /// The last event the client has.
        last_seq: u64,
    },
    /// The host starts the game; empty seats become computer players.
    Start {
        /// The computer players' level (`medium` when left out).
        #[serde(default = "medium", with = "start_level")]
        level: Level,
    },
    /// The player to roll rolls.
    Roll {
        /// The last event the client has seen.
        seq: u64,
    },
    /// The player whose roll waits moves.
    Move {
        /// The last event the client has seen.
        seq: u64,
        /// The move, in notation.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// The player leaves for good; a computer takes the seat.
    Leave,
    /// Asks for a `pong`.
    Ping,
}

fn medium() -> Level {
    Level::Medium
}

/// The levels `start` accepts: easy, medium, hard (the random player is for
/// measurement, not for people).
mod start_level {
    use crate::game::Level;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(level.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(serde::de::Error::custom(format!(
                "unknown level '{text}' (expected easy, medium or hard)"
            ))),
        }
    }
}

impl ClientMessage {
    /// The message as one JSON text frame.
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    // Plain data with string keys always serializes; never panic anyway.
    serde_json::to_string(value)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","code":"bad_message","message":"{e}"}}"#))
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadMessage, message)
}

/// Reads one frame from a client: a message with its fields checked, or
/// the refusal to send back (`bad_message` for text that is not a JSON
/// object, an unknown `type`, a missing or mistyped field, a bad name or
/// player count; `bad_rules` for rules that cannot be played).
pub fn parse_client(text: &str) -> Result<ClientMessage, Refusal> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| bad(format!("not valid JSON: {e}")))?;
    let Value::Object(mut fields) = value else {
        return Err(bad("a message is a JSON object"));
    };
    let kind = match fields.get("type") {
        Some(Value::String(kind)) => kind.clone(),
        Some(_) => return Err(bad("'type' is not a string")),
        None => return Err(bad("missing field 'type'")),
    };
    // The rules of `create` are read apart: rules that cannot be played are
    // `bad_rules`, not `bad_message`.
    let rules = if kind == "create" {
        let Some(rules) = fields.remove("rules") else {
            return Err(bad("missing field 'rules'"));
        };
        fields.insert("rules".into(), Value::String(String::new()));
        Some(rules)
    } else {
        None
    };
    let mut msg: ClientMessage = serde_json::from_value(Value::Object(fields)).map_err(|e| {
        let text = e.to_string();
        if text.starts_with("unknown variant") {
            bad(format!("unknown message type '{kind}'"))
        } else {
            bad(text)
        }
    })?;
    match &mut msg {
        ClientMessage::Create {
            name,
            players,
            rules: choice,
        } => {
            *name = check_name(name)?;
            if !(2..=4).contains(players) {
                return Err(bad(format!("players must be 2, 3 or 4, not {players}")));
            }
            let rules = rules.unwrap_or(Value::Null);
            *choice = match rules {
                Value::String(name) => RulesChoice::Preset(name),
                Value::Object(_) => RulesChoice::Custom(
                    serde_json::from_value::<Rules>(rules)
                        .map_err(|e| Refusal::new(ErrorCode::BadRules, format!("rules: {e}")))?,
                ),
                _ => {
                    return Err(Refusal::new(
                        ErrorCode::BadRules,
                        "rules is a preset's name or a rules object",
                    ));
                }
            };
            choice.resolve()?;
        }
        ClientMessage::Join { room, name } => {
            *name = check_name(name)?;
            *room = normalize_room(room);
        }
        ClientMessage::Resume { room, .. } => *room = normalize_room(room),
        _ => {}
    }
    Ok(msg)
}

/// A name trimmed, 1–24 characters, without control characters (they would
/// garble other players' screens and the server's log).
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(bad(format!(
            "a name is 1 to {MAX_NAME_CHARS} characters, not {chars}"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("a name cannot hold control characters"));
    }
    Ok(name.to_string())
}

/// A room code as typed by a person: spaces around it dropped, letters made
/// capitals (codes have no lowercase letters, so nothing is confused).
pub fn normalize_room(room: &str) -> String {
    room.trim().to_ascii_uppercase()
}

/// True when `code` is a well-formed room code.
pub fn is_room_code(code: &str) -> bool {
    code.len() == ROOM_CODE_LEN && code.chars().all(|c| ROOM_CODE_ALPHABET.contains(c))
}

/// True when `token` is a well-formed seat token.
pub fn is_token(token: &str) -> bool {
    token.len() == TOKEN_LEN
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The room's host: the first seat, in seat order, whose person has not
/// left (the creator, until they leave). Only the host starts the game.
pub fn host_of(replica: &Replica) -> Option<Seat> {
    replica
        .seats()
        .iter()
        .filter(|s| s.kind == SeatKind::Human)
        .map(|s| s.seat)
        .min()
}

/// A room's state as `welcome` carries it (`STATE` in PROTOCOL.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomState {
    /// The seats taken, in seat order.
    pub seats: Vec<SeatInfo>,
    /// True once the game has started.
    pub started: bool,
    /// The position, once started.
    pub position: Option<Setup>,
    /// The roll waiting for its move.
    pub roll: Option<Roll>,
    /// The places, once over.
    #[serde(with = "wire::opt_places")]
    pub ranking: Option<Ranking<Seat>>,
}

impl RoomState {
    /// The state of a game as its events built it.
    pub fn of(replica: &Replica) -> RoomState {
        let mut seats = replica.seats().to_vec();
        seats.sort_by_key(|s| s.seat);
        RoomState {
            seats,
            started: replica.is_started(),
            position: replica.position().map(|p| p.to_setup()),
            roll: replica.pending().map(|p| p.roll),
            ranking: replica.ranking().cloned(),
        }
    }
}

/// The answer to `create`, `join` and `resume`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// [`PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The room's code.
    pub room: String,
    /// The seat of the person welcomed.
    #[serde(with = "wire::seat")]
    pub seat: Seat,
    /// Their seat token (sent to them only).
    pub token: String,
    /// True when they are the host.
    pub host: bool,
    /// How many play.
    pub players: usize,
    /// The full rules, whatever `create` named.
    pub rules: Rules,
    /// The room's latest event number.
    pub seq: u64,
    /// The room's state after that event.
    pub state: RoomState,
}

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// Answers `create`, `join` and `resume`.
    Welcome(Box<Welcome>),
    /// A numbered event of the room.
    Event(Event),
    /// A refusal, to the sender only.
    Error {
        /// The code.
        code: ErrorCode,
        /// What was wrong, in English.
        message: String,
    },
    /// Answers `ping`.
    Pong,
}

impl ServerMessage {
    /// The message as one JSON text frame.
    pub fn to_json(&self) -> String {
        to_json(self)
    }

    /// An event frame.
    pub fn event(seq: u64, event: EventKind) -> ServerMessage {
        ServerMessage::Event(Event { seq, event })
    }

    /// An error frame for a refusal.
    pub fn error(refusal: &Refusal) -> ServerMessage {
        ServerMessage::Error {
            code: refusal.code,
            message: refusal.message.clone(),
        }
    }

    /// Reads a frame from the server.
    pub fn parse(text: &str) -> Result<ServerMessage, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn code(text: &str) -> ErrorCode {
        parse_client(text).expect_err(text).code
    }

    #[test]
    fn every_client_message_reads_as_the_protocol_spells_it() {
        let cases = [
            (
                r#"{"type":"create","name":"  Lan ","players":4,"rules":"standard"}"#,
                ClientMessage::Create {
                    name: "Lan".into(),
                    players: 4,
                    rules: RulesChoice::Preset("standard".into()),
                },
            ),
            (
                r#"{"type":"join","room":"k7m2qx","name":"Minh"}"#,
                ClientMessage::Join {
                    room: "K7M2QX".into(),
                    name: "Minh".into(),
                },
            ),
            (
                r#"{"type":"resume","room":"K7M2QX","token":"ab","last_seq":17}"#,
                ClientMessage::Resume {
                    room: "K7M2QX".into(),
                    token: "ab".into(),
                    last_seq: 17,
                },
            ),
            (
                r#"{"type":"start","level":"hard"}"#,
                ClientMessage::Start { level: Level::Hard },
            ),
            (
                r#"{"type":"start"}"#,
                ClientMessage::Start {
                    level: Level::Medium,
                },
            ),
            (
                r#"{"type":"roll","seq":41}"#,
                ClientMessage::Roll { seq: 41 },
            ),
            (
                r#"{"type":"move","seq":42,"move":"Y-0"}"#,
                ClientMessage::Move {
                    seq: 42,
                    mv: Move::EXIT,
                },
            ),
            (r#"{"type":"leave"}"#, ClientMessage::Leave),
            (r#"{"type":"ping"}"#, ClientMessage::Ping),
        ];
        for (text, msg) in cases {
            assert_eq!(parse_client(text).expect(text), msg, "{text}");
            // What this side writes, the parser reads back.
            assert_eq!(parse_client(&msg.to_json()).expect(text), msg);
        }
        assert_eq!(
            ClientMessage::Move {
                seq: 42,
                mv: Move::EXIT
            }
            .to_json(),
            r#"{"type":"move","seq":42,"move":"Y-0"}"#
        );
    }

    #[test]
    fn a_rules_object_is_every_field_of_a_rule_sets_rules() {
        let traditional = serde_json::to_value(Rules::traditional()).expect("json");
        let text =
            serde_json::json!({"type":"create","name":"Lan","players":2,"rules":traditional})
                .to_string();
        let ClientMessage::Create { rules, .. } = parse_client(&text).expect("create") else {
            panic!("not a create");
        };
        assert_eq!(rules.resolve(), Ok(Rules::traditional()));
        // A field missing, an unknown field, a bad value, settings that
        // contradict each other, an unknown preset, a number: bad_rules.
        let mut missing = traditional.clone();
        missing.as_object_mut().expect("object").remove("dice");
        let mut unknown = traditional.clone();
        unknown["extra"] = true.into();
        let mut bad_value = traditional.clone();
        bad_value["dice"] = "three".into();
        let mut contradiction = serde_json::to_value(Rules::standard()).expect("json");
        contradiction["dice"] = "two".into();
        contradiction["exit_rolls"] = "one_or_six".into();
        let mut no_cap = traditional.clone();
        no_cap["roll_cap"] = 0.into();
        for rules in [
            missing,
            unknown,
            bad_value,
            contradiction,
            no_cap,
            "chess".into(),
            7.into(),
            Value::Null,
        ] {
            let text = serde_json::json!({"type":"create","name":"Lan","players":2,"rules":rules})
                .to_string();
            assert_eq!(code(&text), ErrorCode::BadRules, "{text}");
        }
    }

    #[test]
    fn bad_json_unknown_types_and_missing_fields_are_bad_messages() {
        for text in [
            "",
            "{",
            "not json",
            "[]",
            "42",
            r#""roll""#,
            r#"{"seq":3}"#,
            r#"{"type":7}"#,
            r#"{"type":"fly"}"#,
            r#"{"type":"roll"}"#,
            r#"{"type":"roll","seq":-1}"#,
            r#"{"type":"roll","seq":"3"}"#,
            r#"{"type":"move","seq":3}"#,
            r#"{"type":"move","seq":3,"move":"Y-99"}"#,
            r#"{"type":"join","room":"K7M2QX"}"#,
            r#"{"type":"resume","room":"K7M2QX","token":"x"}"#,
            r#"{"type":"create","name":"Lan","players":4}"#,
            r#"{"type":"create","players":4,"rules":"standard"}"#,
            r#"{"type":"create","name":"Lan","players":5,"rules":"standard"}"#,
            r#"{"type":"create","name":"Lan","players":1,"rules":"standard"}"#,
            r#"{"type":"create","name":"   ","players":2,"rules":"standard"}"#,
            r#"{"type":"create","name":"a\nb","players":2,"rules":"standard"}"#,
            r#"{"type":"start","level":"random"}"#,
        ] {
            assert_eq!(code(text), ErrorCode::BadMessage, "{text}");
        }
        let unknown = parse_client(r#"{"type":"fly"}"#).expect_err("unknown");
        assert!(unknown.message.contains("fly"), "{}", unknown.message);
    }

    #[test]
    fn names_are_one_to_twenty_four_characters_once_trimmed() {
        let name = "Nguyễn Thị Hồng Nhung ơi"; // 24 characters, more bytes
        assert_eq!(name.chars().count(), 24);
        assert_eq!(check_name(&format!("  {name}\t")), Ok(name.to_string()));
        assert!(check_name(&format!("{name}!")).is_err());
        assert!(check_name("").is_err());
        assert_eq!(check_name(" A "), Ok("A".to_string()));
    }

    #[test]
    fn room_codes_and_tokens_are_recognized() {
        assert!(is_room_code("K7M2QX"));
        for bad in ["K7M2Q", "K7M2QXX", "K7M2Q0", "K7M2QI", "k7m2qx", "K7M2QL"] {
            assert!(!is_room_code(bad), "{bad}");
        }
        assert!(is_token("0123456789abcdef0123456789abcdef"));
        assert!(!is_token("0123456789ABCDEF0123456789abcdef"));
        assert!(!is_token("0123456789abcdef0123456789abcde"));
    }

    #[test]
    fn server_messages_write_as_the_protocol_spells_them() {
        let replica = Replica::new(Rules::standard());
        let welcome = Welcome {
            protocol: PROTOCOL_VERSION,
            room: "K7M2QX".into(),
            seat: Seat::Green,
            token: "0123456789abcdef0123456789abcdef".into(),
            host: false,
            players: 4,
            rules: Rules::standard(),
            seq: 17,
            state: RoomState::of(&replica),
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
        let err = ServerMessage::error(&Refusal::new(ErrorCode::Stale, "late"));
        assert_eq!(
            err.to_json(),
            r#"{"type":"error","code":"stale","message":"late"}"#
        );
        assert_eq!(ServerMessage::Pong.to_json(), r#"{"type":"pong"}"#);
        let ev = ServerMessage::event(3, EventKind::Away { seat: Seat::Blue });
        assert_eq!(
            ev.to_json(),
            r#"{"type":"event","seq":3,"event":{"kind":"away","seat":"b"}}"#
        );
    }
}
