//! Whole games over real WebSockets on 127.0.0.1: four people's clients
//! play to the end and all see the same numbered events, each position the
//! engine's; computers fill empty seats; the welcome carries the full rules
//! and state, and a token only ever reaches its owner.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::{Ws, config, create, join, play_seat, seat_of, server};
use ca_ngua_core::table::{SeatKind, ranking_of};
use ca_ngua_protocol::{is_room_code, is_token};
use game_ca_ngua::engine::{Game, Rules, Seat};
use serde_json::{Value, json};
use std::time::Duration;

use game_ca_ngua::CaNgua;
type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

/// Replays a whole game's events with the engine by hand: every roll's
/// moves are the engine's legal moves, every position after a move or a
/// pass is the engine's, and the ranking is the engine's.
fn check_with_engine(events: &[Event], rules: Rules) {
    let EventKind::Started { position, seats } = &events
        .iter()
        .find(|e| matches!(e.event, EventKind::Started { .. }))
        .expect("started")
        .event
    else {
        unreachable!()
    };
    let playing: Vec<Seat> = seats.iter().map(|s| s.seat).collect();
    let mut game = Game::new(rules, &playing, position.turn.expect("a turn")).expect("game");
    assert_eq!(game.position().to_setup(), *position);
    let mut roll = None;
    let mut moves_seen = 0;
    for e in events {
        match &e.event {
            EventKind::Rolled {
                seat,
                roll: r,
                moves,
            } => {
                assert_eq!(game.turn(), Some(*seat), "event {}", e.seq);
                assert_eq!(game.legal_moves(*r).to_vec(), *moves, "event {}", e.seq);
                roll = Some(*r);
            }
            EventKind::Moved { mv, position, .. } => {
                game.play(roll.take().expect("rolled"), Some(*mv))
                    .expect("a legal move");
                assert_eq!(game.position().to_setup(), *position, "event {}", e.seq);
                moves_seen += 1;
            }
            EventKind::Passed { position, .. } => {
                game.play(roll.take().expect("rolled"), None)
                    .expect("a pass");
                assert_eq!(game.position().to_setup(), *position, "event {}", e.seq);
            }
            EventKind::Over { ranking } => {
                assert_eq!(
                    *ranking,
                    ranking_of(
                        &game
                            .outcome()
                            .expect("the engine's game is over")
                            .standings()
                    )
                );
            }
            _ => {}
        }
    }
    assert!(moves_seen > 0);
    assert!(game.is_over());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_clients_play_a_whole_game_and_see_the_same_events() {
    let server = server(config());
    let addr = server.addr();
    let (mut host, welcome) = create(addr, 4, json!("standard")).await;
    let room = welcome["room"].as_str().expect("room").to_string();
    let mut players: Vec<(Ws, Seat, u64)> = Vec::new();
    let mut others = Vec::new();
    for name in ["Minh", "Hoa", "Tư"] {
        let (ws, w) = join(addr, &room, name).await;
        others.push((ws, seat_of(&w), w["seq"].as_u64().expect("seq")));
    }
    host.send(json!({"type":"start"})).await;
    players.push((host, Seat::Red, 1));
    players.extend(others);
    let seats: Vec<Seat> = players.iter().map(|p| p.1).collect();
    assert_eq!(seats, Seat::ALL.to_vec(), "seats taken in seat order");
    let tasks: Vec<_> = players
        .into_iter()
        .enumerate()
        .map(|(i, (ws, seat, from))| tokio::spawn(play_seat(ws, seat, from, i as u64)))
        .collect();
    let mut lists = Vec::new();
    let mut conns = Vec::new();
    for t in tasks {
        let (ws, events) = tokio::time::timeout(Duration::from_secs(120), t)
            .await
            .expect("the game ends in time")
            .expect("the client task");
        lists.push(events);
        conns.push(ws);
    }
    // The whole history, from a resume with nothing.
    let token = welcome["token"].as_str().expect("token");
    let host = &mut conns[0];
    host.send(json!({"type":"resume","room":room,"token":token,"last_seq":0}))
        .await;
    let again = host.expect_welcome().await;
    let last = again["seq"].as_u64().expect("seq");
    let mut history = Vec::new();
    for _ in 0..last {
        history.push(host.expect_event().await);
    }
    host.expect_quiet().await;
    for (i, e) in history.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1);
    }
    // Each client saw exactly the history after its welcome.
    for (i, list) in lists.iter().enumerate() {
        let from = usize::try_from(list[0].seq).expect("seq") - 1;
        assert_eq!(list[..], history[from..], "client {i}");
    }
    // Everyone saw the start and everything after it.
    assert!(lists.iter().all(|l| {
        l.iter()
            .any(|e| matches!(e.event, EventKind::Started { .. }))
    }));
    assert!(matches!(
        history.last().map(|e| &e.event),
        Some(EventKind::Over { .. })
    ));
    let EventKind::Started { seats, .. } = &history[4].event else {
        panic!("event 5 is the start: {:?}", history[4]);
    };
    assert!(seats.iter().all(|s| s.kind == SeatKind::Human));
    check_with_engine(&history, Rules::standard());
    assert_eq!(
        again["state"]["ranking"]
            .as_array()
            .map(Vec::len)
            .map(|n| n > 0),
        Some(true)
    );
    server.shutdown();
}

/// A room for four opened with `rules`: the host (red) and one guest play
/// their seats (seeded by `seeds`), easy computers the other two, to the
/// end. Returns the host's welcome and the events after the guest joined,
/// which both saw alike.
async fn two_people_and_two_computers(
    addr: std::net::SocketAddr,
    rules: Value,
    seeds: [u64; 2],
) -> (Value, Vec<Event>) {
    let (mut host, welcome) = create(addr, 4, rules).await;
    let room = welcome["room"].as_str().expect("room").to_string();
    let (guest, w) = join(addr, &room, "Minh").await;
    assert_eq!(
        host.expect_event().await.seq,
        2,
        "the host hears of the guest"
    );
    host.send(json!({"type":"start","level":"easy"})).await;
    let a = tokio::spawn(play_seat(host, Seat::Red, 2, seeds[0]));
    let b = tokio::spawn(play_seat(guest, seat_of(&w), 2, seeds[1]));
    let (_, events) = tokio::time::timeout(Duration::from_secs(120), a)
        .await
        .expect("in time")
        .expect("host");
    let (_, guest_events) = tokio::time::timeout(Duration::from_secs(120), b)
        .await
        .expect("in time")
        .expect("guest");
    assert_eq!(events, guest_events);
    (welcome, events)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_fill_the_empty_seats_and_play_to_the_end() {
    let server = server(config());
    let addr = server.addr();
    let (_, events) = two_people_and_two_computers(addr, json!("casual"), [1, 2]).await;
    let EventKind::Started { seats, .. } = &events[0].event else {
        panic!("first event after the join is the start");
    };
    let kinds: Vec<_> = seats.iter().map(|s| (s.seat, s.kind)).collect();
    assert_eq!(
        kinds,
        vec![
            (Seat::Red, SeatKind::Human),
            (Seat::Green, SeatKind::Human),
            (Seat::Yellow, SeatKind::Bot),
            (Seat::Blue, SeatKind::Bot),
        ]
    );
    // The computers played: they rolled and moved.
    for bot in [Seat::Yellow, Seat::Blue] {
        assert!(
            events
                .iter()
                .any(|e| matches!(e.event, EventKind::Moved { seat, .. } if seat == bot)),
            "{bot:?} moved"
        );
    }
    // Replaying needs the events before the start too: none change the
    // game, so the engine check starts at `started`.
    check_with_engine(&events, Rules::casual());
    server.shutdown();
}

/// A room with teams (RULES.md 3): two people and two computers play to
/// the end, every position the engine's under teams, partners ranked
/// together; teams with fewer than four players are bad rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_room_plays_to_the_end_and_ranks_partners_together() {
    let server = server(config());
    let addr = server.addr();
    for (players, rules) in [
        (2, json!("teams")),
        (3, json!("teams")),
        (3, serde_json::to_value(Rules::teams()).expect("rules")),
    ] {
        let mut ws = Ws::connect(addr).await;
        ws.send(json!({"type":"create","name":"Lan","players":players,"rules":rules}))
            .await;
        let refusal = ws.expect_error("bad_rules").await;
        assert!(
            refusal.to_string().contains("teams"),
            "the refusal says why: {refusal}"
        );
    }
    let (welcome, events) = two_people_and_two_computers(addr, json!("teams"), [3, 4]).await;
    assert_eq!(welcome["rules"]["teams"], json!(true));
    check_with_engine(&events, Rules::teams());
    let Some(EventKind::Over { ranking }) = events.last().map(|e| &e.event) else {
        panic!("the game ends: {:?}", events.last());
    };
    assert_eq!(ranking.len(), 2, "two places: {ranking:?}");
    for place in ranking {
        assert_eq!(place.len(), 2, "{ranking:?}");
        assert_eq!(place[0].partner(), place[1], "{ranking:?}");
    }
    server.shutdown();
}

/// The host's welcome: every field of version 2, the rules as sent, the
/// room before anyone joins. Returns the room's code and the host's token.
fn the_hosts_welcome(welcome: &Value, rules: &Value) -> (String, String) {
    let fields: Vec<&str> = welcome
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    // PROTOCOL.md, version 2: a v1 client sees the v1 welcome, with
    // `"protocol":2` and the room's `game` added.
    let mut expected = vec![
        "game", "host", "players", "protocol", "room", "rules", "seat", "seq", "state", "token",
        "type",
    ];
    expected.sort_unstable();
    let mut fields = fields;
    fields.sort_unstable();
    assert_eq!(fields, expected);
    assert_eq!(welcome["protocol"], 2);
    assert_eq!(welcome["game"], "ca-ngua", "a create without a game");
    assert_eq!(&welcome["rules"], rules, "every field, as sent");
    assert_eq!(welcome["players"], 2);
    assert_eq!(welcome["seat"], "r");
    assert_eq!(welcome["host"], true);
    assert_eq!(welcome["seq"], 1);
    assert_eq!(
        welcome["state"],
        json!({
            "seats": [{"seat":"r","name":"Lan","kind":"human","connected":true}],
            "started": false, "position": null, "roll": null, "ranking": null
        })
    );
    let room = welcome["room"].as_str().expect("room").to_string();
    assert!(is_room_code(&room), "{room}");
    let host_token = welcome["token"].as_str().expect("token").to_string();
    assert!(is_token(&host_token), "{host_token}");
    (room, host_token)
}

#[tokio::test]
async fn the_welcome_carries_every_rule_and_the_state_and_tokens_reach_only_their_owner() {
    let server = server(config());
    let addr = server.addr();
    let mut rules = serde_json::to_value(Rules::traditional()).expect("json");
    rules["bonus_after_kick"] = true.into();
    let (mut host, welcome) = create(addr, 2, rules.clone()).await;
    let (room, host_token) = the_hosts_welcome(&welcome, &rules);

    // A preset's name is answered with the preset's every field.
    let (_other, w) = create(addr, 2, json!("casual")).await;
    assert_eq!(
        w["rules"],
        serde_json::to_value(Rules::casual()).expect("json")
    );
    assert_ne!(w["room"], welcome["room"]);

    let (mut guest, gw) = join(addr, &room, "  Minh  ").await;
    assert_eq!(gw["seat"], "y", "two players sit at opposite corners");
    assert_eq!(gw["host"], false);
    assert_eq!(gw["seq"], 2);
    assert_eq!(gw["state"]["seats"][1]["name"], "Minh", "trimmed");
    let guest_token = gw["token"].as_str().expect("token").to_string();
    assert!(is_token(&guest_token));
    assert_ne!(guest_token, host_token);
    let seated = host.recv().await;
    assert_eq!(
        seated,
        json!({"type":"event","seq":2,"event":{"kind":"seated","seat":"y","name":"Minh"}})
    );
    host.send(json!({"type":"start","level":"hard"})).await;
    let started = host.expect_event().await;
    assert_eq!(guest.expect_event().await, started);
    let EventKind::Started { seats, position } = &started.event else {
        panic!("{started:?}");
    };
    assert_eq!(seats.len(), 2);
    assert!(seats.iter().all(|s| s.kind == SeatKind::Human));
    // The state after the start, from a resume.
    guest
        .send(json!({"type":"resume","room":room,"token":guest_token,"last_seq":3}))
        .await;
    let again = guest.expect_welcome().await;
    assert_eq!(again["seq"], 3);
    assert_eq!(again["state"]["started"], true);
    assert_eq!(again["state"]["position"], position.to_string());
    assert_eq!(again["state"]["roll"], Value::Null);
    assert_eq!(again["state"]["seats"][1]["kind"], "human");
    assert_eq!(again["state"]["seats"][1]["connected"], true);
    assert_eq!(again["token"], guest_token.as_str());
    // Nobody saw a token but their own.
    host.expect_quiet().await;
    guest.expect_quiet().await;
    assert!(host.seen.iter().all(|f| !f.contains(&guest_token)));
    assert!(guest.seen.iter().all(|f| !f.contains(&host_token)));
    server.shutdown();
}
