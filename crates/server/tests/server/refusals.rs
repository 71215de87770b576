//! Refusals and limits over real WebSockets: each bad command gets its
//! error code (or the close) and changes nothing; the server's limits hold.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net as support;
use crate::common::net::{Closed, Game, Ws, config, create, join, server};
use crate::common::wait::Deadline;
use ca_ngua_server::ServerConfig;
use game_ca_ngua::engine::{Move, Rules};
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test]
async fn commands_out_of_turn_stale_doubled_illegal_or_early_are_refused_and_change_nothing() {
    let server = server(config());
    let mut g = Game::start(server.addr()).await;
    let seq = g.turn.seq;
    let (me, other) = g.players_at_turn();

    g.players[other]
        .0
        .send(json!({"type":"roll","seq":seq}))
        .await;
    g.players[other].0.expect_error("not_your_turn").await;
    g.unchanged().await;

    for stale in [seq - 1, seq + 1, 0] {
        g.players[me]
            .0
            .send(json!({"type":"roll","seq":stale}))
            .await;
        g.players[me].0.expect_error("stale").await;
    }
    g.unchanged().await;

    g.players[me]
        .0
        .send(json!({"type":"move","seq":seq,"move":"Y-0"}))
        .await;
    g.players[me].0.expect_error("no_roll").await;
    g.unchanged().await;

    g.roll_until_a_move_waits().await;
    let seq = g.turn.seq;
    let (me, other) = g.players_at_turn();
    g.players[me].0.send(json!({"type":"roll","seq":seq})).await;
    g.players[me].0.expect_error("roll_pending").await;
    g.unchanged().await;

    let moves = g.turn.moves.clone().expect("moves");
    let illegal = Move { from: 3, to: 40 };
    assert!(!moves.contains(&illegal));
    g.players[me]
        .0
        .send(json!({"type":"move","seq":seq,"move":illegal.to_string()}))
        .await;
    g.players[me].0.expect_error("illegal_move").await;
    g.players[other]
        .0
        .send(json!({"type":"move","seq":seq,"move":moves[0].to_string()}))
        .await;
    g.players[other].0.expect_error("not_your_turn").await;
    g.unchanged().await;

    // The right move plays once; the same message again is stale.
    let (me, _) = g.players_at_turn();
    let mv = json!({"type":"move","seq":seq,"move":moves[0].to_string()});
    g.players[me].0.send(mv.clone()).await;
    g.next_event().await;
    g.players[me].0.send(mv).await;
    let err = g.players[me].0.recv().await;
    assert_eq!(err["type"], "error");
    assert!(
        ["stale", "not_your_turn"].contains(&err["code"].as_str().expect("code")),
        "{err}"
    );
    g.unchanged().await;
    server.shutdown();
}

#[tokio::test]
async fn the_lobby_refuses_a_guest_starting_a_full_room_a_started_room_and_unknown_rooms() {
    let server = server(config());
    let addr = server.addr();
    let (mut host, w) = create(addr, 2, json!("standard")).await;
    let room = w["room"].as_str().expect("room").to_string();
    let (mut guest, _) = join(addr, &room, "Minh").await;
    host.expect_event().await;

    guest.send(json!({"type":"start"})).await;
    guest.expect_error("not_host").await;
    host.send(json!({"type":"roll","seq":2})).await;
    host.expect_error("not_started").await;
    host.expect_quiet().await;

    let mut late = Ws::connect(addr).await;
    late.send(json!({"type":"join","room":room,"name":"Hoa"}))
        .await;
    late.expect_error("room_full").await;

    let mut three = create(addr, 3, json!("standard")).await;
    three.0.send(json!({"type":"start"})).await;
    assert!(matches!(
        three.0.expect_event().await.event,
        ca_ngua_core::table::EventKind::Started { .. }
    ));
    let room3 = three.1["room"].as_str().expect("room");
    late.send(json!({"type":"join","room":room3,"name":"Hoa"}))
        .await;
    late.expect_error("already_started").await;
    three.0.send(json!({"type":"start"})).await;
    // The computers in the empty seats play on meanwhile.
    loop {
        let msg = three.0.recv().await;
        if msg["type"] == "error" {
            assert_eq!(msg["code"], "already_started");
            break;
        }
        assert_eq!(msg["type"], "event", "{msg}");
    }

    for code in ["ZZZZZZ", "K7M2Q", "", "0OIL1X"] {
        late.send(json!({"type":"join","room":code,"name":"Hoa"}))
            .await;
        late.expect_error("room_not_found").await;
        late.send(json!({"type":"resume","room":code,"token":"0".repeat(32),"last_seq":0}))
            .await;
        late.expect_error("room_not_found").await;
    }
    // The lobby is as it was: a resume shows two seats, seq 2.
    host.expect_quiet().await;
    guest.expect_quiet().await;
    let token = w["token"].as_str().expect("token");
    late.send(json!({"type":"resume","room":room,"token":token,"last_seq":2}))
        .await;
    let again = late.expect_welcome().await;
    assert_eq!(again["seq"], 2);
    assert_eq!(again["state"]["started"], false);
    assert_eq!(again["state"]["seats"].as_array().map(Vec::len), Some(2));
    server.shutdown();
}

#[tokio::test]
async fn forged_and_other_rooms_tokens_are_refused() {
    let server = server(config());
    let addr = server.addr();
    let (_host, w) = create(addr, 2, json!("standard")).await;
    let room = w["room"].as_str().expect("room");
    let (_other, ow) = create(addr, 2, json!("standard")).await;
    let other_token = ow["token"].as_str().expect("token");
    let mut ws = Ws::connect(addr).await;
    let token = w["token"].as_str().expect("token");
    let mut flipped = token.to_string();
    let last = if flipped.ends_with('0') { "1" } else { "0" };
    flipped.replace_range(31.., last);
    for forged in [
        other_token.to_string(),
        flipped,
        token.to_uppercase(),
        String::new(),
        "x".repeat(32),
        format!("{token}0"),
    ] {
        ws.send(json!({"type":"resume","room":room,"token":forged,"last_seq":0}))
            .await;
        ws.expect_error("bad_token").await;
    }
    // A refused connection holds no seat.
    ws.send(json!({"type":"roll","seq":1})).await;
    ws.expect_error("bad_message").await;
    server.shutdown();
}

#[tokio::test]
async fn malformed_messages_are_bad_messages_and_an_oversized_frame_closes_with_1009() {
    let server = server(config());
    let mut g = Game::start(server.addr()).await;
    let (me, _) = g.players_at_turn();
    let seq = g.turn.seq;
    let bad: Vec<String> = vec![
        "not json".into(),
        "{\"type\":\"roll\",\"seq\":".into(),
        "[1,2]".into(),
        json!({"type":"fly","seq":seq}).to_string(),
        json!({"type":"roll"}).to_string(),
        json!({"seq":seq}).to_string(),
        json!({"type":"roll","seq":"4"}).to_string(),
        json!({"type":"move","seq":seq}).to_string(),
        json!({"type":"move","seq":seq,"move":"nowhere"}).to_string(),
        json!({"type":"join","room":"ABCDEF"}).to_string(),
        json!({"type":"create","name":"x","players":9,"rules":"standard"}).to_string(),
        json!({"type":"create","name":"x".repeat(25),"players":2,"rules":"standard"}).to_string(),
    ];
    for text in &bad {
        g.players[me].0.send_text(text.clone()).await;
        g.players[me].0.expect_error("bad_message").await;
    }
    g.players[me]
        .0
        .send_binary(b"{\"type\":\"ping\"}".to_vec())
        .await;
    g.players[me].0.expect_error("bad_message").await;
    g.unchanged().await;
    let (me, _) = g.players_at_turn();

    // Rules that cannot be played, or too long a game for this server.
    let mut rules = serde_json::to_value(Rules::standard()).expect("json");
    rules["roll_cap"] = 1_000_000.into();
    for bad_rules in [json!("chess"), json!({"dice":"one"}), rules] {
        g.players[me]
            .0
            .send(json!({"type":"create","name":"Lan","players":2,"rules":bad_rules}))
            .await;
        g.players[me].0.expect_error("bad_rules").await;
    }
    g.unchanged().await;
    let (me, _) = g.players_at_turn();

    // A frame of exactly 4 KiB is read; one byte more closes.
    let ping = r#"{"type":"ping"}"#;
    let exact = format!("{ping}{}", " ".repeat(4096 - ping.len()));
    g.players[me].0.send_text(exact.clone()).await;
    assert_eq!(g.players[me].0.recv().await, json!({"type":"pong"}));
    g.players[me].0.send_text(format!("{exact} ")).await;
    assert_eq!(g.players[me].0.expect_closed().await, Closed::Code(1009));
    // The other player saw nothing; the room is as it was.
    let (_, other) = g.players_at_turn();
    g.players[other].0.expect_quiet().await;
    let token = g.players[me].2.clone();
    let mut back = Ws::connect(g.addr).await;
    back.send(json!({"type":"resume","room":g.room,"token":token,"last_seq":g.turn.seq}))
        .await;
    assert_eq!(back.expect_welcome().await["seq"], g.turn.seq);
    back.expect_quiet().await;
    server.shutdown();
}

fn limited(f: impl FnOnce(&mut ServerConfig)) -> ServerConfig {
    let mut c = config();
    f(&mut c);
    c
}

#[tokio::test]
async fn a_flood_of_messages_is_rate_limited_then_closed() {
    let server = server(limited(|c| {
        // Practically no refill: the count below does not depend on how
        // fast the machine is.
        c.limits.messages_per_sec = 0.01;
        c.limits.message_burst = 5.0;
        c.limits.max_strikes = 20;
    }));
    let mut ws = Ws::connect(server.addr()).await;
    for _ in 0..40 {
        ws.send(json!({"type":"ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    let closed = loop {
        match ws.next().await {
            Ok(msg) if msg["type"] == "pong" => pongs += 1,
            Ok(msg) => {
                assert_eq!(msg["code"], "rate_limited", "{msg}");
                limited += 1;
            }
            Err(closed) => break closed,
        }
    };
    // The burst is served, the rest refused, and past 20 refusals in a
    // row the connection closes.
    assert_eq!(pongs, 5);
    assert_eq!(limited, 20);
    assert_eq!(closed, Closed::Code(1008));
    server.shutdown();
}

#[tokio::test]
async fn connections_and_rooms_are_capped_per_address_and_in_all() {
    let server = server(limited(|c| {
        c.limits.max_connections_per_ip = 3;
        c.limits.max_rooms_per_ip = 2;
        c.limits.max_rooms = 100;
    }));
    let addr = server.addr();
    let mut conns = Vec::new();
    for _ in 0..3 {
        let mut ws = Ws::connect(addr).await;
        ws.expect_quiet().await;
        conns.push(ws);
    }
    let mut fourth = Ws::connect(addr).await;
    fourth.expect_error("rate_limited").await;
    assert_eq!(fourth.expect_closed().await, Closed::Code(1008));
    // Rooms from one address.
    for ws in conns.iter_mut().take(2) {
        ws.send(json!({"type":"create","name":"Lan","players":2,"rules":"standard"}))
            .await;
        ws.expect_welcome().await;
    }
    conns[2]
        .send(json!({"type":"create","name":"Lan","players":2,"rules":"standard"}))
        .await;
    conns[2].expect_error("rate_limited").await;
    // A closed connection frees its place.
    conns.pop().expect("a connection").close().await;
    let mut again = None;
    let deadline = Deadline::after(Duration::from_secs(20));
    while !deadline.passed() {
        let mut ws = Ws::connect(addr).await;
        ws.send(json!({"type":"ping"})).await;
        if ws.recv().await == json!({"type":"pong"}) {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a place came free");
    server.shutdown();

    let server = support::server(limited(|c| c.limits.max_rooms = 1));
    let (_a, _) = create(server.addr(), 2, json!("standard")).await;
    let mut b = Ws::connect(server.addr()).await;
    b.send(json!({"type":"create","name":"Lan","players":2,"rules":"standard"}))
        .await;
    b.expect_error("rate_limited").await;
    server.shutdown();
}

#[tokio::test]
async fn a_room_closes_some_time_after_its_last_person_left() {
    let server = server(limited(|c| {
        c.limits.room_idle = Duration::from_millis(300);
    }));
    let addr = server.addr();
    let (host, w) = create(addr, 2, json!("standard")).await;
    let room = w["room"].as_str().expect("room").to_string();
    let (guest, _) = join(addr, &room, "Minh").await;
    host.drop_now();
    guest.close().await;
    // A join to the full room looks without taking a seat (a resume would
    // bring someone back and restart the clock).
    let probe = json!({"type":"join","room":room,"name":"Hoa"});
    let mut ws = Ws::connect(addr).await;
    ws.send(probe.clone()).await;
    ws.expect_error("room_full").await;
    let mut gone = false;
    let deadline = Deadline::after(Duration::from_secs(20));
    while !deadline.passed() {
        tokio::time::sleep(Duration::from_millis(50)).await;
        ws.send(probe.clone()).await;
        let msg: Value = ws.recv().await;
        if msg["code"] == "room_not_found" {
            gone = true;
            break;
        }
        assert_eq!(msg["code"], "room_full", "{msg}");
    }
    assert!(gone, "the room closed");
    server.shutdown();
}

#[tokio::test]
async fn a_command_before_any_room_is_refused() {
    let server = server(config());
    let mut ws = Ws::connect(server.addr()).await;
    for msg in [
        json!({"type":"roll","seq":0}),
        json!({"type":"move","seq":0,"move":"Y-0"}),
        json!({"type":"start"}),
    ] {
        ws.send(msg).await;
        ws.expect_error("bad_message").await;
    }
    ws.send(json!({"type":"leave"})).await;
    ws.expect_quiet().await;
    server.shutdown();
}

/// A two-player room of the host and a computer, started, whose host has
/// dropped: the host's seat goes to a computer after `away`, and the two
/// computers play on. Returns the room and the host's token.
async fn computers_alone(addr: std::net::SocketAddr) -> (String, String) {
    let (mut host, w) = create(addr, 2, json!("standard")).await;
    host.send(json!({"type":"start"})).await;
    host.expect_event().await;
    host.drop_now();
    let room = w["room"].as_str().expect("room").to_string();
    let token = w["token"].as_str().expect("token").to_string();
    (room, token)
}

#[tokio::test]
async fn a_game_past_the_event_cap_ends_with_its_places_settled() {
    let server = server(limited(|c| c.limits.max_events_per_room = 30));
    let (mut host, _) = create(server.addr(), 2, json!("standard")).await;
    host.send(json!({"type":"start"})).await;
    // The host plays its turns (first legal move); a computer plays the
    // other seat.
    let mut replica = ca_ngua_core::table::Replica::new(Rules::standard());
    replica
        .apply(&ca_ngua_core::table::Event {
            seq: 1,
            event: ca_ngua_core::table::EventKind::Seated {
                seat: game_ca_ngua::engine::Seat::Red,
                name: "Lan".into(),
            },
        })
        .expect("seated");
    let mut turn = support::Turn {
        seq: 1,
        ..Default::default()
    };
    let mut acted = None;
    while !turn.over {
        if turn.seat == Some(game_ca_ngua::engine::Seat::Red) && acted != Some(turn.seq) {
            acted = Some(turn.seq);
            match &turn.moves {
                None => host.send(json!({"type":"roll","seq":turn.seq})).await,
                Some(m) => {
                    host.send(json!({"type":"move","seq":turn.seq,"move":m[0].to_string()}))
                        .await;
                }
            }
        }
        let ev = host.expect_event().await;
        replica.apply(&ev).expect("each event follows");
        turn.follow(&ev);
    }
    // The cap is checked after each step (a roll and its pass, or a move),
    // then the end is the next event.
    assert!((31..=33).contains(&turn.seq), "ended at event {}", turn.seq);
    // Both seats are placed (a shared place when they are level).
    assert!(replica.ranking().is_some_and(|r| r.concat().len() == 2));
    server.shutdown();
}

#[tokio::test]
async fn resuming_a_long_history_costs_like_many_messages() {
    let server = server(limited(|c| {
        c.away = Duration::from_millis(100);
        c.limits.messages_per_sec = 0.01;
        c.limits.message_burst = 3.0;
        c.limits.events_per_message = 1.0;
    }));
    let (room, token) = computers_alone(server.addr()).await;
    let mut ws = Ws::connect(server.addr()).await;
    ws.send(json!({"type":"resume","room":room,"token":token,"last_seq":0}))
        .await;
    let w = ws.expect_welcome().await;
    let seq = w["seq"].as_u64().expect("seq");
    assert!(seq >= 2, "seated and started at least ({seq} events)");
    for _ in 0..seq {
        ws.expect_event().await;
    }
    // The resume (1) and its events (one each) cost more than the burst
    // of 3: the next message waits. The room's computers keep playing, so
    // live events may come before the answer: they are counted past, and
    // the answer is still the refusal, never a pong.
    ws.send(json!({"type":"ping"})).await;
    ws.expect_error_past_events("rate_limited").await;
    server.shutdown();
}

#[tokio::test]
async fn a_stopped_server_closes_its_connections_with_1001_and_listens_no_more() {
    let server = server(config());
    let addr = server.addr();
    let (mut host, _) = create(addr, 2, json!("standard")).await;
    server.shutdown();
    assert_eq!(host.expect_closed().await, Closed::Code(1001));
    let url = format!("ws://{addr}/ws");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
}
