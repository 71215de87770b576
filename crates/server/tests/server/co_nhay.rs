//! Cờ nhảy rooms (PROTOCOL.md, version 2) over real WebSockets on
//! 127.0.0.1: whole games of 2, 3 and 6 players (people seated by join,
//! computers in the empty seats) where every client's replica follows the
//! engine and every client sees the same numbered events; every refusal
//! of a Cờ nhảy room; a dropped player resuming; a player away replaced by
//! a computer and back; the client library joining a room by code without
//! knowing its game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::co_nhay::{Event, EventKind, Player, check_with_engine, seat};
use crate::common::net::{Closed, Ws, config, server};
use crate::common::wait::Deadline;
use ca_ngua_client::{
    Client, ClientCommand, ClientUpdate, CloseReason, Connection, ConnectionState, Request,
};
use ca_ngua_core::game::{Decision, Game, Level, SeatId};
use ca_ngua_core::table::{Replica, SeatKind};
use ca_ngua_games::{AnyGame, GameKind, Listed};
use ca_ngua_protocol::ServerAddress;
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;
use game_co_nhay::engine::Rules;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

/// How long a whole game may take.
const GAME: Duration = Duration::from_secs(120);

/// Plays a whole game of `players`, `humans` of them people, and checks
/// what every client saw.
async fn whole_game(players: usize, humans: usize, preset: &str, rules: Rules, arms: &[u8]) {
    let server = server(config());
    let addr = server.addr();
    let mut people = seat(addr, players, humans, json!(preset)).await;
    let seats: Vec<u8> = people.iter().map(|p| p.seat.number()).collect();
    assert_eq!(seats, arms[..humans], "join takes the next free arm");
    people[0]
        .ws
        .send(json!({"type":"start","level":"easy"}))
        .await;
    let tasks: Vec<_> = people.into_iter().map(|p| tokio::spawn(p.play())).collect();
    let mut people = Vec::new();
    for t in tasks {
        people.push(
            tokio::time::timeout(GAME, t)
                .await
                .expect("the game ends in time")
                .expect("the client task"),
        );
    }
    // The whole history, from a resume with nothing.
    let (room, token) = (people[0].room.clone(), people[0].token.clone());
    let host = &mut people[0].ws;
    host.send(json!({"type":"resume","room":room,"token":token,"last_seq":0}))
        .await;
    let again = host.expect_welcome().await;
    assert_eq!(again["state"]["roll"], Value::Null);
    assert!(again["state"]["ranking"].is_array());
    let mut history = Vec::new();
    for _ in 0..again["seq"].as_u64().expect("seq") {
        let msg = host.recv().await;
        history.push(serde_json::from_value::<Event>(msg).expect("event"));
    }
    host.expect_quiet().await;
    for p in &people {
        assert_eq!(
            p.events, history,
            "{:?}: every event, once, in order",
            p.seat
        );
        assert_eq!(p.replica, people[0].replica);
        assert!(p.replica.is_over());
    }
    check_with_engine(&history, rules, players);
    let EventKind::Started { seats, .. } = &history[humans].event else {
        panic!("the start follows the seats: {:?}", history[humans]);
    };
    let kinds: Vec<(u8, SeatKind)> = seats.iter().map(|s| (s.seat.number(), s.kind)).collect();
    let expected: Vec<(u8, SeatKind)> = arms
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            (
                a,
                if i < humans {
                    SeatKind::Human
                } else {
                    SeatKind::Bot
                },
            )
        })
        .collect();
    assert_eq!(kinds, expected);
    // Everyone moved, people and computers.
    for &a in arms {
        assert!(
            history
                .iter()
                .any(|e| matches!(e.event, EventKind::Moved { seat, .. } if seat.number() == a)),
            "arm {a} moved"
        );
    }
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_a_whole_game() {
    whole_game(2, 2, "standard", Rules::standard(), &[0, 3]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_computer_play_a_whole_game() {
    whole_game(3, 2, "strict", Rules::strict(), &[0, 2, 4]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_people_and_three_computers_play_a_whole_game() {
    whole_game(6, 3, "quick", Rules::quick(), &[0, 1, 2, 3, 4, 5]).await;
}

/// Nothing waits at any connection, and the room's latest event is still
/// `seq` (a probe resumes the first player's seat and stays in it).
async fn unchanged(addr: SocketAddr, people: &mut [Player]) {
    for p in people.iter_mut() {
        p.ws.expect_quiet().await;
    }
    let seq = people[0].replica.seq();
    let mut probe = Ws::connect(addr).await;
    probe
        .send(json!({"type":"resume","room":people[0].room,"token":people[0].token,"last_seq":seq}))
        .await;
    assert_eq!(
        probe.expect_welcome().await["seq"],
        seq,
        "no event was added"
    );
    probe.expect_quiet().await;
    assert_eq!(people[0].ws.expect_closed().await, Closed::Code(4001));
    people[0].ws = probe;
}

#[tokio::test]
async fn every_refusal_of_a_co_nhay_room_changes_nothing() {
    let server = server(config());
    let addr = server.addr();
    let mut people = seat(addr, 2, 2, json!("standard")).await;
    let room = people[0].room.clone();
    let mut late = refused_before_the_start(addr, &mut people, &room).await;
    unchanged(addr, &mut people).await;
    let seq = started_and_refused_in_play(&mut people).await;
    unchanged(addr, &mut people).await;
    the_right_move_plays_once(&mut people, seq).await;
    refused_late(&mut late, &room, &people[0].token).await;
    rooms_that_cannot_be_opened(&mut late).await;
    late.expect_quiet().await;
    unchanged(addr, &mut people).await;
    server.shutdown();
}

/// Refused before the start: a guest's start, a move, a roll, a fifth
/// joiner. Returns the joiner's connection.
async fn refused_before_the_start(addr: SocketAddr, people: &mut [Player], room: &str) -> Ws {
    people[1].ws.send(json!({"type":"start"})).await;
    people[1].ws.expect_error("not_host").await;
    people[0].send_move("3-14").await;
    people[0].ws.expect_error("not_started").await;
    people[0].ws.send(json!({"type":"roll","seq":2})).await;
    people[0].ws.expect_error("no_dice").await;
    let mut late = Ws::connect(addr).await;
    late.send(json!({"type":"join","room":room,"name":"Hoa"}))
        .await;
    late.expect_error("room_full").await;
    late
}

/// The host starts; then refused: a move out of turn, a roll in Cờ nhảy,
/// stale numbers, illegal moves and text that is no move. Returns the
/// event number the first move answers.
async fn started_and_refused_in_play(people: &mut [Player]) -> u64 {
    people[0].ws.send(json!({"type":"start"})).await;
    for p in people.iter_mut() {
        assert!(matches!(
            p.next_event().await.event,
            EventKind::Started { .. }
        ));
    }
    assert_eq!(
        people[0].replica.turn(),
        Some(people[0].seat),
        "arm 0 first"
    );
    let seq = people[0].replica.seq();
    // Arm 3 out of turn, with a move that is legal for arm 0.
    people[1].send_move("3-14").await;
    people[1].ws.expect_error("not_your_turn").await;
    people[0].ws.send(json!({"type":"roll","seq":seq})).await;
    people[0].ws.expect_error("no_dice").await;
    for stale in [seq - 1, seq + 1, 0] {
        people[0]
            .ws
            .send(json!({"type":"move","seq":stale,"move":"3-14"}))
            .await;
        people[0].ws.expect_error("stale").await;
    }
    // A pass is never a choice: a player without a move passes by itself.
    for illegal in ["pass", "0-1", "3-60", "111-100"] {
        people[0].send_move(illegal).await;
        people[0].ws.expect_error("illegal_move").await;
    }
    // Not a move of Cờ nhảy: Cờ Cá Ngựa's notation, or no notation.
    for text in ["Y-0", "banana", "3-3", "999-1"] {
        people[0].send_move(text).await;
        people[0].ws.expect_error("bad_message").await;
    }
    seq
}

/// The right move plays once; the same message again is refused.
async fn the_right_move_plays_once(people: &mut [Player], seq: u64) {
    people[0].send_move("3-14").await;
    for p in people.iter_mut() {
        assert!(matches!(
            p.next_event().await.event,
            EventKind::Moved { .. }
        ));
    }
    people[0]
        .ws
        .send(json!({"type":"move","seq":seq,"move":"3-14"}))
        .await;
    let err = people[0].ws.recv().await;
    assert!(
        ["stale", "not_your_turn"].contains(&err["code"].as_str().expect("code")),
        "{err}"
    );
}

/// A join after the start, a forged token, a room that does not exist.
async fn refused_late(late: &mut Ws, room: &str, token: &str) {
    late.send(json!({"type":"join","room":room,"name":"Hoa"}))
        .await;
    late.expect_error("already_started").await;
    let forged = "0123456789abcdef0123456789abcdef";
    late.send(json!({"type":"resume","room":room,"token":forged,"last_seq":0}))
        .await;
    late.expect_error("bad_token").await;
    for msg in [
        json!({"type":"join","room":"ZZZZZZ","name":"Hoa"}),
        json!({"type":"resume","room":"ZZZZZZ","token":token,"last_seq":0}),
    ] {
        late.send(msg).await;
        late.expect_error("room_not_found").await;
    }
}

/// Rooms that cannot be opened: no such game, a bad count of players,
/// rules that are not Cờ nhảy's.
async fn rooms_that_cannot_be_opened(late: &mut Ws) {
    let create = |game: Value, players: Value, rules: Value| json!({"type":"create","game":game,"name":"Hoa","players":players,"rules":rules});
    for msg in [
        create(json!("chess"), json!(2), json!("standard")),
        create(json!("co_nhay"), json!(2), json!("standard")),
        create(json!(null), json!(2), json!("standard")),
        create(json!("co-nhay"), json!(5), json!("standard")),
        create(json!("co-nhay"), json!(1), json!("standard")),
        create(json!("co-nhay"), json!(7), json!("standard")),
    ] {
        late.send(msg).await;
        late.expect_error("bad_message").await;
    }
    let ca_ngua_rules =
        serde_json::to_value(game_ca_ngua::engine::Rules::standard()).expect("json");
    for rules in [
        json!("casual"),
        json!({"anti_blocking":true,"other_arms":"allowed"}),
        json!({"anti_blocking":true,"other_arms":"allowed","game_end":"play_on","dice":"one"}),
        json!({"anti_blocking":"yes","other_arms":"allowed","game_end":"play_on"}),
        ca_ngua_rules,
        json!(3),
    ] {
        late.send(create(json!("co-nhay"), json!(2), rules)).await;
        late.expect_error("bad_rules").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_resumes_and_gets_each_missed_event_once_in_order() {
    // No computer takes a seat while this test runs.
    let mut c = config();
    c.away = Duration::from_secs(60);
    let server = server(c);
    let addr = server.addr();
    // Arms 0 and 2 are people, arm 4 a computer: turns go 0, 2, 4.
    let mut people = seat(addr, 3, 2, json!("standard")).await;
    people[0].ws.send(json!({"type":"start"})).await;
    for p in &mut people {
        p.next_event().await;
    }
    for _round in 0..3 {
        // Arm 0 moves; both hear it.
        let mv = people[0].choice().expect("arm 0 to move").to_string();
        people[0].send_move(&mv).await;
        for p in &mut people {
            p.next_event().await;
        }
        // Arm 2 moves and its connection drops at once.
        let mv = people[1].choice().expect("arm 2 to move").to_string();
        people[1].send_move(&mv).await;
        people[1].next_event().await;
        people[0].next_event().await;
        let seen = people[1].replica.seq();
        let Player { ws, .. } = &mut people[1];
        std::mem::replace(ws, Ws::connect(addr).await).drop_now();
        // The computer (arm 4) and arm 0 play meanwhile.
        people[0].next_event().await;
        let mv = people[0].choice().expect("arm 0 to move").to_string();
        people[0].send_move(&mv).await;
        people[0].next_event().await;
        let missed = people[0].replica.seq() - seen;
        assert_eq!(missed, 2, "the computer's move and arm 0's");
        // Back with the last event it has: exactly the missed ones.
        let (room, token) = (people[1].room.clone(), people[1].token.clone());
        people[1]
            .ws
            .send(json!({"type":"resume","room":room,"token":token,"last_seq":seen}))
            .await;
        let w = people[1].ws.expect_welcome().await;
        assert_eq!(w["seq"], seen + missed);
        assert_eq!(w["state"]["seats"][1]["connected"], true);
        for _ in 0..missed {
            people[1].next_event().await;
        }
        people[1].ws.expect_quiet().await;
        assert_eq!(
            people[1].events, people[0].events,
            "nothing missed, nothing twice"
        );
        assert_eq!(people[1].replica, people[0].replica);
        // Arm 2 plays on, its turn again; the computer answers, and the
        // next round starts with arm 0.
        assert_eq!(people[1].replica.turn(), Some(people[1].seat));
        let mv = people[1].choice().expect("arm 2 to move").to_string();
        people[1].send_move(&mv).await;
        for p in &mut people {
            p.next_event().await;
            p.next_event().await;
        }
    }
    assert!(
        people[0]
            .events
            .iter()
            .all(|e| !matches!(e.event, EventKind::Away { .. })),
        "nobody was away long enough"
    );
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_is_replaced_by_a_computer_and_gets_the_seat_back() {
    let mut c = config();
    c.away = Duration::from_millis(300);
    let server = server(c);
    let addr = server.addr();
    let mut people = seat(addr, 2, 2, json!("standard")).await;
    people[0]
        .ws
        .send(json!({"type":"start","level":"easy"}))
        .await;
    for p in &mut people {
        p.next_event().await;
    }
    // Arm 0 moves; arm 3's connection drops on its turn.
    let mv = people[0].choice().expect("arm 0 to move").to_string();
    people[0].send_move(&mv).await;
    for p in &mut people {
        p.next_event().await;
    }
    let seen = people[1].replica.seq();
    let Player { ws, .. } = &mut people[1];
    std::mem::replace(ws, Ws::connect(addr).await).drop_now();
    // After the away time a computer stands in and plays arm 3's turn.
    let away = people[0].next_event().await;
    assert_eq!(
        away.event,
        EventKind::Away {
            seat: people[1].seat
        }
    );
    assert!(people[0].replica.is_away(people[1].seat));
    let played = people[0].next_event().await;
    assert!(
        matches!(played.event, EventKind::Moved { seat, .. } if seat == people[1].seat),
        "{played:?}"
    );
    assert_eq!(people[0].replica.turn(), Some(people[0].seat));
    // Arm 3 comes back: the missed events, then its seat back at once
    // (the turn has moved on from it).
    let (room, token) = (people[1].room.clone(), people[1].token.clone());
    people[1]
        .ws
        .send(json!({"type":"resume","room":room,"token":token,"last_seq":seen}))
        .await;
    let w = people[1].ws.expect_welcome().await;
    assert_eq!(w["seq"], seen + 2);
    for _ in 0..2 {
        people[1].next_event().await;
    }
    let seat = people[1].seat;
    for p in &mut people {
        assert_eq!(p.next_event().await.event, EventKind::Back { seat });
        assert!(!p.replica.is_away(seat));
    }
    // Arm 0 moves, and arm 3 plays its own turn again.
    let mv = people[0].choice().expect("arm 0 to move").to_string();
    people[0].send_move(&mv).await;
    for p in &mut people {
        p.next_event().await;
    }
    let mv = people[1].choice().expect("arm 3 to move").to_string();
    people[1].send_move(&mv).await;
    for p in &mut people {
        let ev = p.next_event().await;
        assert!(matches!(ev.event, EventKind::Moved { seat: s, .. } if s == seat));
    }
    assert_eq!(people[0].events, people[1].events);
    server.shutdown();
}

/// Polls a client until `done` says so.
async fn poll_until<G: Listed>(
    client: &mut Client<G>,
    seen: &mut Vec<ClientUpdate<G>>,
    done: impl Fn(&Client<G>, &[ClientUpdate<G>]) -> bool,
) {
    let deadline = Deadline::after(GAME);
    while !done(client, seen) {
        seen.extend(client.poll());
        assert!(!deadline.passed(), "{seen:?}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// Plays a client's turn, once per event (an easy computer's choice).
fn step(client: &Client<CoNhay>, acted_at: &mut Option<u64>) {
    let Some(r) = client.replica() else {
        return;
    };
    if r.turn() != client.seat() || *acted_at == Some(r.seq()) {
        return;
    }
    let Some(state) = r.game().cloned() else {
        return;
    };
    *acted_at = Some(r.seq());
    let decision = Decision {
        level: Level::Easy,
        seed: r.seq(),
        budget: Default::default(),
        state,
        roll: None,
        memory: Default::default(),
    };
    if let Some(mv) = CoNhay::decide(&decision) {
        client.send(ClientCommand::Move(mv));
    }
}

fn events(seen: &[ClientUpdate<CoNhay>]) -> Vec<Event> {
    seen.iter()
        .filter_map(|u| match u {
            ClientUpdate::Event(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

/// A host's client for a new room of quick Cờ nhảy for two, welcomed.
async fn hosting(addr: &ServerAddress) -> (Client<CoNhay>, Vec<ClientUpdate<CoNhay>>) {
    let mut host = Client::<CoNhay>::connect(
        addr.clone(),
        Request::create::<CoNhay>("Lan", 2, &Rules::quick()),
        || {},
    )
    .expect("client");
    let mut host_seen = Vec::new();
    poll_until(&mut host, &mut host_seen, |c, _| c.welcome().is_some()).await;
    (host, host_seen)
}

/// A client made for Cờ Cá Ngựa is told the room plays another game.
async fn a_ca_ngua_client_is_told_the_game(addr: &ServerAddress, room: &str) {
    let mut wrong = Client::<CaNgua>::connect(
        addr.clone(),
        Request::Join {
            room: room.to_string(),
            name: "Sai".into(),
        },
        || {},
    )
    .expect("client");
    let mut wrong_seen = Vec::new();
    poll_until(&mut wrong, &mut wrong_seen, |c, _| {
        matches!(c.state(), ConnectionState::Closed(_))
    })
    .await;
    assert_eq!(
        wrong.state(),
        &ConnectionState::Closed(CloseReason::OtherGame("co-nhay".into()))
    );
}

/// A friend joins by the code alone: the welcome tells the game.
async fn joined_by_code(
    addr: ServerAddress,
    room: String,
) -> (Client<CoNhay>, Vec<ClientUpdate<CoNhay>>) {
    let mut joining = Connection::connect(
        addr,
        Request::Join {
            room,
            name: "Minh".into(),
        },
        || {},
    )
    .expect("connection");
    let deadline = Deadline::after(GAME);
    while joining.poll().is_none() {
        assert!(!deadline.passed(), "{joining:?}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    assert_eq!(joining.game(), Some(GameKind::CoNhay));
    let AnyGame::CoNhay(mut guest) = joining.into_client().expect("the game is known") else {
        panic!("a Cờ nhảy client");
    };
    let mut guest_seen = Vec::new();
    poll_until(&mut guest, &mut guest_seen, |c, _| {
        c.replica().is_some_and(|r| r.seq() == 2)
    })
    .await;
    assert!(matches!(
        guest_seen.first(),
        Some(ClientUpdate::State(
            ConnectionState::Connecting | ConnectionState::Connected
        ))
    ));
    assert_eq!(guest.seat().map(|s| s.code()), Some("3".into()));
    (guest, guest_seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_learns_the_rooms_game_from_the_welcome_and_plays_it() {
    let server = server(config());
    let addr = ServerAddress::from(server.addr());
    let (host, _) = hosting(&addr).await;
    let room = host.welcome().expect("welcome").room.clone();
    assert_eq!(host.welcome().map(|w| w.game), Some(GameKind::CoNhay));
    assert_eq!(host.welcome().map(|w| w.rules), Some(Rules::quick()));
    a_ca_ngua_client_is_told_the_game(&addr, &room).await;
    // The wrong client took the second seat: a new room for the guest.
    let (mut host, mut host_seen) = hosting(&addr).await;
    let room = host.welcome().expect("welcome").room.clone();
    let (mut guest, mut guest_seen) = joined_by_code(addr, room).await;
    poll_until(&mut host, &mut host_seen, |c, _| {
        c.replica().is_some_and(|r| r.seq() == 2)
    })
    .await;
    assert!(host.is_host() && !guest.is_host());
    host.send(ClientCommand::Start(Level::Easy));
    let (mut a, mut b) = (None, None);
    let deadline = Deadline::after(GAME);
    let over = |c: &Client<CoNhay>| c.replica().is_some_and(Replica::is_over);
    while !(over(&host) && over(&guest)) {
        host_seen.extend(host.poll());
        guest_seen.extend(guest.poll());
        step(&host, &mut a);
        step(&guest, &mut b);
        deadline.check("the game ends in time");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let (h, g) = (events(&host_seen), events(&guest_seen));
    for (i, e) in h.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1);
    }
    assert_eq!(h, g);
    assert_eq!(host.replica(), guest.replica());
    assert!(
        host_seen
            .iter()
            .chain(&guest_seen)
            .all(|u| !matches!(u, ClientUpdate::Refused(_))),
        "every move was legal and in turn"
    );
    check_with_engine(&h, Rules::quick(), 2);
    host.close();
    guest.close();
    server.shutdown();
}
