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
    let rolled =
        r#"{"type":"event","seq":2,"event":{"kind":"rolled","seat":"0","roll":"6","moves":[]}}"#;
    assert!(ServerMessage::<CoNhay>::parse(rolled).is_err());
    assert!(
        ServerMessage::<CaNgua>::parse(&rolled.replace(r#""seat":"0""#, r#""seat":"r""#)).is_ok()
    );
}
