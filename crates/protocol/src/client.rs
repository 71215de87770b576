//! What a client sends (`PROTOCOL.md`, "Client → server"), and the parsing
//! that turns any text into a message or the refusal to send back.

use super::rules_choice::RulesChoice;
use super::talk::{ChatMode, Saying, check_client_seed, check_turn_secs};
use super::{bad, check_name, counts_in_words, default_game, game_name, normalize_room, to_json};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::Refusal;
use ca_ngua_games::GameKind;
use ca_ngua_games::with_game;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Opens a room and takes its first seat as the host.
    Create {
        /// The game (Cờ Cá Ngựa when left out).
        #[serde(default = "default_game", with = "game_name")]
        game: GameKind,
        /// The host's name (1–24 characters, trimmed).
        name: String,
        /// How many play: one of the game's player counts.
        players: usize,
        /// The rules.
        rules: RulesChoice,
        /// The protocol version the client asks for (3: version 3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        protocol: Option<u32>,
        /// What the room lets its people say (version 3).
        #[serde(default, skip_serializing_if = "is_default")]
        chat: ChatMode,
        /// Seconds per turn, 0 for no clock (version 3).
        #[serde(default, skip_serializing_if = "is_default")]
        turn_secs: u32,
    },
    /// Takes the next free seat of a room before its start.
    Join {
        /// The room's code.
        room: String,
        /// The person's name (1–24 characters, trimmed).
        name: String,
        /// The protocol version the client asks for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        protocol: Option<u32>,
    },
    /// Comes back to a seat; the events after `last_seq` are sent again.
    Resume {
        /// The room's code.
        room: String,
        /// The seat's token.
        token: String,
        /// The last event the client has.
        last_seq: u64,
        /// The protocol version the client asks for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        protocol: Option<u32>,
    },
    /// Watches a room (version 3): every event, no seat.
    Watch {
        /// The room's code.
        room: String,
        /// The watcher's name (1–24 characters, trimmed).
        name: String,
        /// The protocol version the client asks for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        protocol: Option<u32>,
    },
    /// Asks for a `pong`.
    Ping,
    /// A command to the room the connection sits in, passed on to the
    /// room as it is (on the wire: its own `type`, beside the others).
    #[serde(untagged)]
    Room(RoomCommand),
}

/// What a seated player (or a watcher) asks of the room it is in: the
/// messages the server passes on to the room without reading them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RoomCommand {
    /// Says a phrase, an emoji or a line of text to the room (version 3).
    Say {
        /// What is said.
        #[serde(flatten)]
        what: Saying,
    },
    /// The host starts another round once the game is over (version 3).
    Again,
    /// A seated player says whether they want another round, once the
    /// game is over (issue 45, an addition to version 3: docs/ONLINE.md).
    Rematch {
        /// True (the default): one more game; false: not (or not yet).
        #[serde(default = "yes")]
        ready: bool,
    },
    /// A seated player whose seat a computer holds (away) takes it back
    /// now, whoever's turn it is (issue 45, an addition to version 3).
    Back,
    /// A seat's part of the round's dice seed (version 3).
    Seed {
        /// 1–64 printable ASCII characters, no spaces.
        client_seed: String,
    },
    /// The host starts the game; empty seats become computer players.
    Start {
        /// The computer players' level (`medium` when left out).
        #[serde(default = "medium", with = "start_level")]
        level: Level,
    },
    /// The player to roll rolls (games with dice).
    Roll {
        /// The last event the client has seen.
        seq: u64,
    },
    /// The player to move moves.
    Move {
        /// The last event the client has seen.
        seq: u64,
        /// The move, in the notation of the room's game (read by the room:
        /// [`read_move`]).
        #[serde(rename = "move")]
        mv: String,
    },
    /// The player leaves for good; a computer takes the seat.
    Leave,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

fn yes() -> bool {
    true
}

fn medium() -> Level {
    Level::Medium
}

/// The levels `start` accepts: easy, medium, hard (the random player is for
/// measurement, not for people).
mod start_level {
    use ca_ngua_core::game::Level;
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

/// A move's text read in game `G`'s notation (`bad_message` otherwise).
pub fn read_move<G: Game>(text: &str) -> Result<G::Move, Refusal> {
    text.parse::<G::Move>()
        .map_err(|e| bad(format!("'{text}' is not a move of {}: {e}", G::ID)))
}

/// Reads one frame from a client: a message with its fields checked, or
/// the refusal to send back (`bad_message` for text that is not a JSON
/// object, an unknown `type` or `game`, a missing or mistyped field, a bad
/// name or player count, a move that no game writes so; `bad_rules` for
/// rules that cannot be played).
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
    if kind == "say" {
        let said = ["phrase", "emoji", "text"]
            .iter()
            .filter(|k| fields.contains_key(**k))
            .count();
        if said != 1 {
            return Err(bad("a say carries one of phrase, emoji or text"));
        }
    }
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
    let mut msg = message_of(&kind, Value::Object(fields))?;
    match &mut msg {
        ClientMessage::Create {
            game,
            name,
            players,
            rules: choice,
            turn_secs,
            ..
        } => {
            *name = check_name(name)?;
            check_turn_secs(*turn_secs)?;
            let rules = rules.unwrap_or(Value::Null);
            *choice = match rules {
                Value::String(name) => RulesChoice::Preset(name),
                rules => RulesChoice::Custom(rules),
            };
            with_game!(*game, G => {
                if !G::PLAYER_COUNTS.contains(players) {
                    return Err(bad(format!(
                        "{} is played by {} players, not {players}",
                        G::ID,
                        counts_in_words::<G>()
                    )));
                }
                choice.resolve::<G>()?;
            });
        }
        ClientMessage::Join { room, name, .. } | ClientMessage::Watch { room, name, .. } => {
            *name = check_name(name)?;
            *room = normalize_room(room);
        }
        ClientMessage::Resume { room, .. } => *room = normalize_room(room),
        ClientMessage::Room(RoomCommand::Say { what }) => *what = what.clone().checked()?,
        ClientMessage::Room(RoomCommand::Seed { client_seed }) => check_client_seed(client_seed)?,
        // The room reads the move in its game's notation; text that is a
        // move in no game's is refused at once.
        ClientMessage::Room(RoomCommand::Move { mv, .. })
            if !GameKind::ALL
                .into_iter()
                .any(|k| with_game!(k, G => read_move::<G>(mv).is_ok())) =>
        {
            return Err(bad(format!("'{mv}' is not a move")));
        }
        _ => {}
    }
    Ok(msg)
}

/// The message of `type` `kind` in `value`: a room's command, or else one
/// of the others (`bad_message` for an unknown type or a field missing or
/// mistyped, in serde's words).
fn message_of(kind: &str, value: Value) -> Result<ClientMessage, Refusal> {
    let unknown = |e: &serde_json::Error| {
        let text = e.to_string();
        text.starts_with("unknown variant") || text.starts_with("data did not match any variant")
    };
    match serde_json::from_value::<RoomCommand>(value.clone()) {
        Ok(command) => return Ok(ClientMessage::Room(command)),
        Err(e) if !unknown(&e) => return Err(bad(e.to_string())),
        Err(_) => {}
    }
    serde_json::from_value(value).map_err(|e| {
        if unknown(&e) {
            bad(format!("unknown message type '{kind}'"))
        } else {
            bad(e.to_string())
        }
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use ca_ngua_core::table::ErrorCode;
    use game_ca_ngua::CaNgua;
    use game_ca_ngua::engine::{Move, Rules};
    use game_co_nhay::CoNhay;
    use game_co_nhay::engine::Rules as NhayRules;

    fn code(text: &str) -> ErrorCode {
        parse_client(text).expect_err(text).code
    }

    /// The data table of the client's messages: each text and what it
    /// reads as.
    fn spelled_cases() -> Vec<(&'static str, ClientMessage)> {
        vec![
            (
                r#"{"type":"create","name":"  Lan ","players":4,"rules":"standard"}"#,
                ClientMessage::Create {
                    game: GameKind::CaNgua,
                    name: "Lan".into(),
                    players: 4,
                    rules: RulesChoice::Preset("standard".into()),
                    protocol: None,
                    chat: ChatMode::Phrases,
                    turn_secs: 0,
                },
            ),
            (
                r#"{"type":"create","game":"co-nhay","name":"Lan","players":6,"rules":"quick"}"#,
                ClientMessage::Create {
                    game: GameKind::CoNhay,
                    name: "Lan".into(),
                    players: 6,
                    rules: RulesChoice::Preset("quick".into()),
                    protocol: None,
                    chat: ChatMode::Phrases,
                    turn_secs: 0,
                },
            ),
            (
                r#"{"type":"create","name":"Lan","players":2,"rules":"standard","protocol":3,"chat":"text","turn_secs":30}"#,
                ClientMessage::Create {
                    game: GameKind::CaNgua,
                    name: "Lan".into(),
                    players: 2,
                    rules: RulesChoice::Preset("standard".into()),
                    protocol: Some(3),
                    chat: ChatMode::Text,
                    turn_secs: 30,
                },
            ),
            (
                r#"{"type":"watch","room":"k7m2qx","name":"Bà","protocol":3}"#,
                ClientMessage::Watch {
                    room: "K7M2QX".into(),
                    name: "Bà".into(),
                    protocol: Some(3),
                },
            ),
            (
                r#"{"type":"say","phrase":"nice_move"}"#,
                ClientMessage::Room(RoomCommand::Say {
                    what: Saying::Phrase("nice_move".into()),
                }),
            ),
            (
                r#"{"type":"say","emoji":"🎲"}"#,
                ClientMessage::Room(RoomCommand::Say {
                    what: Saying::Emoji("🎲".into()),
                }),
            ),
            (
                r#"{"type":"say","text":" hi "}"#,
                ClientMessage::Room(RoomCommand::Say {
                    what: Saying::Text("hi".into()),
                }),
            ),
            (
                r#"{"type":"again"}"#,
                ClientMessage::Room(RoomCommand::Again),
            ),
            (
                r#"{"type":"rematch"}"#,
                ClientMessage::Room(RoomCommand::Rematch { ready: true }),
            ),
            (
                r#"{"type":"rematch","ready":false}"#,
                ClientMessage::Room(RoomCommand::Rematch { ready: false }),
            ),
            (r#"{"type":"back"}"#, ClientMessage::Room(RoomCommand::Back)),
            (
                r#"{"type":"seed","client_seed":"abc123"}"#,
                ClientMessage::Room(RoomCommand::Seed {
                    client_seed: "abc123".into(),
                }),
            ),
            (
                r#"{"type":"join","room":"k7m2qx","name":"Minh"}"#,
                ClientMessage::Join {
                    room: "K7M2QX".into(),
                    name: "Minh".into(),
                    protocol: None,
                },
            ),
            (
                r#"{"type":"resume","room":"K7M2QX","token":"ab","last_seq":17}"#,
                ClientMessage::Resume {
                    room: "K7M2QX".into(),
                    token: "ab".into(),
                    last_seq: 17,
                    protocol: None,
                },
            ),
            (
                r#"{"type":"start","level":"hard"}"#,
                ClientMessage::Room(RoomCommand::Start { level: Level::Hard }),
            ),
            (
                r#"{"type":"start"}"#,
                ClientMessage::Room(RoomCommand::Start {
                    level: Level::Medium,
                }),
            ),
            (
                r#"{"type":"roll","seq":41}"#,
                ClientMessage::Room(RoomCommand::Roll { seq: 41 }),
            ),
            (
                r#"{"type":"move","seq":42,"move":"Y-0"}"#,
                ClientMessage::Room(RoomCommand::Move {
                    seq: 42,
                    mv: Move::EXIT.to_string(),
                }),
            ),
            (
                r#"{"type":"move","seq":42,"move":"3-14"}"#,
                ClientMessage::Room(RoomCommand::Move {
                    seq: 42,
                    mv: "3-14".into(),
                }),
            ),
            (
                r#"{"type":"leave"}"#,
                ClientMessage::Room(RoomCommand::Leave),
            ),
            (r#"{"type":"ping"}"#, ClientMessage::Ping),
        ]
    }

    #[test]
    fn every_client_message_reads_as_the_protocol_spells_it() {
        for (text, msg) in spelled_cases() {
            assert_eq!(parse_client(text).expect(text), msg, "{text}");
            // What this side writes, the parser reads back.
            assert_eq!(parse_client(&msg.to_json()).expect(text), msg);
        }
        assert_eq!(
            ClientMessage::Room(RoomCommand::Move {
                seq: 42,
                mv: Move::EXIT.to_string()
            })
            .to_json(),
            r#"{"type":"move","seq":42,"move":"Y-0"}"#
        );
        // The room reads a move in its own game's notation.
        assert_eq!(read_move::<CaNgua>("Y-0"), Ok(Move::EXIT));
        assert_eq!(
            read_move::<CoNhay>("Y-0").expect_err("").code,
            ErrorCode::BadMessage
        );
        for nhay_only in ["pass", "120-119"] {
            assert_eq!(
                read_move::<CaNgua>(nhay_only).expect_err(nhay_only).code,
                ErrorCode::BadMessage
            );
            assert!(read_move::<CoNhay>(nhay_only).is_ok(), "{nhay_only}");
        }
    }

    #[test]
    fn a_co_nhay_room_takes_its_own_presets_and_rule_sets() {
        let create = |players: Value, rules: Value| {
            serde_json::json!({"type":"create","game":"co-nhay","name":"Lan","players":players,"rules":rules})
                .to_string()
        };
        for (name, rules) in [
            ("standard", NhayRules::standard()),
            ("quick", NhayRules::quick()),
            ("strict", NhayRules::strict()),
        ] {
            let ClientMessage::Create { rules: choice, .. } =
                parse_client(&create(2.into(), name.into())).expect(name)
            else {
                panic!("not a create");
            };
            assert_eq!(choice.resolve::<CoNhay>(), Ok(rules));
        }
        let object =
            serde_json::json!({"anti_blocking":true,"other_arms":"allowed","game_end":"play_on"});
        let ClientMessage::Create { rules, .. } =
            parse_client(&create(3.into(), object.clone())).expect("object")
        else {
            panic!("not a create");
        };
        assert_eq!(rules.resolve::<CoNhay>(), Ok(NhayRules::standard()));
        for players in [2, 3, 4, 6] {
            assert!(parse_client(&create(players.into(), "standard".into())).is_ok());
        }
        // Player counts of the game only.
        for players in [0, 1, 5, 7] {
            let text = create(players.into(), "standard".into());
            assert_eq!(code(&text), ErrorCode::BadMessage, "{text}");
        }
        // Cờ Cá Ngựa's presets and rule sets are not Cờ nhảy's.
        let mut missing = object.clone();
        missing.as_object_mut().expect("object").remove("game_end");
        let mut unknown = object.clone();
        unknown["dice"] = "one".into();
        let mut bad_value = object;
        bad_value["other_arms"] = "sometimes".into();
        for rules in [
            "casual".into(),
            "traditional".into(),
            serde_json::to_value(Rules::standard()).expect("json"),
            missing,
            unknown,
            bad_value,
            7.into(),
            Value::Null,
        ] {
            let text = create(2.into(), rules);
            assert_eq!(code(&text), ErrorCode::BadRules, "{text}");
        }
        // Unknown games, or a game that is not a name.
        for game in [
            serde_json::json!("chess"),
            serde_json::json!("co_nhay"),
            serde_json::json!(""),
            serde_json::json!(2),
            Value::Null,
        ] {
            let text = serde_json::json!({"type":"create","game":game,"name":"Lan","players":2,"rules":"standard"}).to_string();
            assert_eq!(code(&text), ErrorCode::BadMessage, "{text}");
        }
        // A pass is a Cờ nhảy move's text (refused by a room as illegal).
        assert!(parse_client(r#"{"type":"move","seq":3,"move":"pass"}"#).is_ok());
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
            r#"{"type":"move","seq":3,"move":"9-999"}"#,
            r#"{"type":"move","seq":3,"move":7}"#,
            r#"{"type":"join","room":"K7M2QX"}"#,
            r#"{"type":"resume","room":"K7M2QX","token":"x"}"#,
            r#"{"type":"create","name":"Lan","players":4}"#,
            r#"{"type":"create","players":4,"rules":"standard"}"#,
            r#"{"type":"create","name":"Lan","players":5,"rules":"standard"}"#,
            r#"{"type":"create","name":"Lan","players":1,"rules":"standard"}"#,
            r#"{"type":"create","name":"Lan","players":6,"rules":"standard"}"#,
            r#"{"type":"create","name":"   ","players":2,"rules":"standard"}"#,
            r#"{"type":"create","name":"a\nb","players":2,"rules":"standard"}"#,
            r#"{"type":"start","level":"random"}"#,
            r#"{"type":"create","name":"Lan","players":2,"rules":"standard","turn_secs":5}"#,
            r#"{"type":"create","name":"Lan","players":2,"rules":"standard","chat":"loud"}"#,
            r#"{"type":"say"}"#,
            r#"{"type":"say","phrase":"hi"}"#,
            r#"{"type":"say","phrase":"ouch","emoji":"🎲"}"#,
            r#"{"type":"say","emoji":"🙂"}"#,
            r#"{"type":"say","text":""}"#,
            r#"{"type":"say","text":7}"#,
            r#"{"type":"seed","client_seed":"has space"}"#,
            r#"{"type":"seed"}"#,
            r#"{"type":"watch","room":"K7M2QX"}"#,
        ] {
            assert_eq!(code(text), ErrorCode::BadMessage, "{text}");
        }
        let unknown = parse_client(r#"{"type":"fly"}"#).expect_err("unknown");
        assert!(unknown.message.contains("fly"), "{}", unknown.message);
    }
}
