//! Drops and returns over real WebSockets: a player who drops mid-turn
//! resumes and gets each missed event exactly once, in order; a player away
//! too long is replaced by a computer, announced to everyone, and gets the
//! seat back at their next turn; one who leaves is replaced for good.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::{Closed, Game, Turn, Ws, config, server};
use ca_ngua_server::ServerConfig;
use game_ca_ngua::engine::Seat;
use serde_json::{Value, json};
use std::time::Duration;

use game_ca_ngua::CaNgua;
type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

/// Sends what the seat to play does next (a roll, or the first legal move).
async fn act(ws: &mut Ws, turn: &Turn) {
    match &turn.moves {
        None => ws.send(json!({"type":"roll","seq":turn.seq})).await,
        Some(moves) => {
            ws.send(json!({"type":"move","seq":turn.seq,"move":moves[0].to_string()}))
                .await;
        }
    }
}

fn resume(room: &str, token: &str, last_seq: u64) -> Value {
    json!({"type":"resume","room":room,"token":token,"last_seq":last_seq})
}

fn slow_away() -> ServerConfig {
    ServerConfig {
        away: Duration::from_secs(60),
        ..config()
    }
}

#[tokio::test]
async fn a_player_dropped_mid_turn_resumes_and_gets_each_missed_event_once_in_order() {
    let server = server(slow_away());
    let mut g = Game::start(server.addr()).await;
    g.roll_until_a_move_waits().await;
    let (x, y) = g.players_at_turn();
    dropped_with_the_roll_waiting(&mut g, x).await;

    // Play on until the other seat is to play, then drop it there.
    let seat_y = g.players[y].1;
    play_until_the_turn_of(&mut g, seat_y).await;
    let dropped_at = g.turn.seq;
    let (ws, _, token_y) = g.players.remove(y);
    ws.drop_now();
    // X plays alone until it is Y's turn again: rolls, moves, passes and
    // whatever follows, all missed by Y.
    let mut xs = g.players.remove(0).0;
    let mut turn = g.turn.clone();
    let missed = x_plays_alone(&g, &token_y, &mut xs, &mut turn, seat_y).await;
    // Y comes back from where the first drop left it.
    let mut y_ws = Ws::connect(g.addr).await;
    y_ws.send(resume(&g.room, &token_y, dropped_at)).await;
    let w = y_ws.expect_welcome().await;
    assert_eq!(w["seq"], turn.seq);
    let mut got = Vec::new();
    for _ in dropped_at..turn.seq {
        got.push(y_ws.expect_event().await);
    }
    assert_eq!(got, missed, "exactly the missed events, in order");
    y_ws.expect_quiet().await; // and nothing twice
    // Live events go on, each once.
    act(&mut y_ws, &turn).await;
    let ev = y_ws.expect_event().await;
    assert_eq!(ev.seq, turn.seq + 1);
    assert_eq!(xs.expect_event().await, ev);
    server.shutdown();
}

/// Dropped with the roll waiting: nothing is lost, the roll still waits;
/// the move is then played with that roll, once.
async fn dropped_with_the_roll_waiting(g: &mut Game, x: usize) {
    let seq = g.turn.seq;
    let moves = g.turn.moves.clone().expect("a roll waits");
    let (ws, seat_x, token_x) = g.players.remove(x);
    ws.drop_now();
    let mut back = Ws::connect(g.addr).await;
    back.send(resume(&g.room, &token_x, seq)).await;
    let w = back.expect_welcome().await;
    assert_eq!(w["seq"], seq);
    assert_eq!(
        w["seat"].as_str(),
        Some(seat_x.letter().to_string().as_str())
    );
    assert!(w["state"]["roll"].is_string(), "the waiting roll: {w}");
    back.expect_quiet().await;
    g.players.insert(x, (back, seat_x, token_x.clone()));
    // The move is played with that roll, once.
    g.players[x]
        .0
        .send(json!({"type":"move","seq":seq,"move":moves[0].to_string()}))
        .await;
    g.next_event().await;
}

/// Plays on (the first legal move) until it is `seat`'s turn.
async fn play_until_the_turn_of(g: &mut Game, seat: Seat) {
    while g.turn.seat != Some(seat) {
        let (i, _) = g.players_at_turn();
        let turn = g.turn.clone();
        act(&mut g.players[i].0, &turn).await;
        g.next_event().await;
        while g.turn.seat.is_none() {
            g.next_event().await;
        }
    }
}

/// X plays alone until it is Y's turn again (Y resumes for its own turns
/// in between, and drops again); returns the events Y missed.
async fn x_plays_alone(
    g: &Game,
    token_y: &str,
    xs: &mut Ws,
    turn: &mut Turn,
    seat_y: Seat,
) -> Vec<Event> {
    let mut missed: Vec<Event> = Vec::new();
    let mut steps = 0;
    loop {
        if turn.seat == Some(seat_y) && !missed.is_empty() {
            break;
        }
        // Y's own turn comes first: nobody acts for Y (no computer yet),
        // so Y resumes to play it and drops again.
        if turn.seat == Some(seat_y) {
            let mut y_ws = Ws::connect(g.addr).await;
            y_ws.send(resume(&g.room, token_y, turn.seq)).await;
            y_ws.expect_welcome().await;
            act(&mut y_ws, turn).await;
            let ev = y_ws.expect_event().await;
            assert_eq!(xs.expect_event().await, ev);
            turn.follow(&ev);
            y_ws.drop_now();
            missed.push(ev);
            while turn.seat.is_none() {
                let ev = xs.expect_event().await;
                turn.follow(&ev);
                missed.push(ev);
            }
            continue;
        }
        act(xs, turn).await;
        let ev = xs.expect_event().await;
        turn.follow(&ev);
        missed.push(ev);
        while turn.seat.is_none() {
            let ev = xs.expect_event().await;
            turn.follow(&ev);
            missed.push(ev);
        }
        steps += 1;
        assert!(steps < 1000, "the turn never came back");
    }
    missed
}

/// Follows events at a connection until `stop` says so; returns them.
async fn follow_until(ws: &mut Ws, turn: &mut Turn, stop: impl Fn(&Event) -> bool) -> Vec<Event> {
    let mut events = Vec::new();
    loop {
        let ev = ws.expect_event().await;
        assert_eq!(ev.seq, turn.seq + 1, "numbered without gaps");
        turn.follow(&ev);
        let done = stop(&ev);
        events.push(ev);
        if done {
            return events;
        }
    }
}

/// Y plays its own turns until a computer rolls for X's seat; returns the
/// events Y saw.
async fn y_plays_until_a_computer_rolls_for_x(
    ys: &mut Ws,
    turn: &mut Turn,
    seat_x: Seat,
    seat_y: Seat,
) -> Vec<Event> {
    let mut seen = Vec::new();
    let mut computer_rolled = false;
    while !computer_rolled {
        if turn.seat == Some(seat_y) {
            act(ys, turn).await;
        }
        let ev = ys.expect_event().await;
        assert_eq!(ev.seq, turn.seq + 1);
        turn.follow(&ev);
        if let EventKind::Rolled { seat, .. } = ev.event {
            computer_rolled |= seat == seat_x;
        }
        seen.push(ev);
    }
    seen
}

/// X resumes from `start`: its connection, its view of the turn, and the
/// events it missed up to `upto`.
async fn x_resumes(
    addr: std::net::SocketAddr,
    room: &str,
    token_x: &str,
    start: &Turn,
    upto: u64,
) -> (Ws, Turn, Vec<Event>) {
    let mut xs = Ws::connect(addr).await;
    xs.send(resume(room, token_x, start.seq)).await;
    xs.expect_welcome().await;
    let mut x_turn = start.clone();
    let mut x_seen = Vec::new();
    for _ in start.seq..upto {
        let ev = xs.expect_event().await;
        x_turn.follow(&ev);
        x_seen.push(ev);
    }
    (xs, x_turn, x_seen)
}

/// Y plays (the first legal move) until it is X's turn, X following.
async fn y_plays_until_the_turn_of_x(ys: &mut Ws, xs: &mut Ws, x_turn: &mut Turn, seat_x: Seat) {
    while x_turn.seat != Some(seat_x) {
        let turn = x_turn.clone();
        act(ys, &turn).await;
        follow_until(xs, x_turn, |_| true).await;
        while x_turn.seat.is_none() {
            follow_until(xs, x_turn, |_| true).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_is_replaced_by_a_computer_and_gets_the_seat_back() {
    let server = server(ServerConfig {
        away: Duration::from_millis(500),
        ..config()
    });
    let mut g = Game::start(server.addr()).await;
    let (x, y) = g.players_at_turn();
    let seat_x = g.players[x].1;
    let seat_y = g.players[y].1;
    let start = g.turn.clone();
    let (ws, _, token_x) = g.players.remove(x);
    ws.drop_now();
    let (mut ys, _, _) = g.players.remove(0);
    let room = g.room.clone();
    let addr = g.addr;

    // Y plays its own turns; X's seat goes to a computer after the
    // away time, announced to everyone, and the computer plays it.
    let mut turn = start.clone();
    let seen = y_plays_until_a_computer_rolls_for_x(&mut ys, &mut turn, seat_x, seat_y).await;
    let away = seen
        .iter()
        .position(|e| e.event == EventKind::Away { seat: seat_x })
        .expect("an away event");
    assert!(
        seen[..away].iter().all(|e| e.event.seat() != Some(seat_x)),
        "nobody played X's seat before the away event"
    );

    // X comes back: the missed events, then the seat is X's again (at once,
    // or once the computer's turn is over).
    let (mut xs, mut x_turn, x_seen) = x_resumes(addr, &room, &token_x, &start, turn.seq).await;
    assert_eq!(x_seen, seen);
    // From here Y plays its turns in a task; X watches for `back`.
    let y_task = tokio::spawn(async move {
        let mut turn = turn;
        loop {
            if turn.over {
                return ys;
            }
            if turn.seat == Some(seat_y) {
                act(&mut ys, &turn).await;
            }
            let ev = ys.expect_event().await;
            turn.follow(&ev);
            if ev.event == (EventKind::Back { seat: seat_x }) {
                // Stop before X's turn: X plays it below.
                return ys;
            }
        }
    });
    let until_back = follow_until(&mut xs, &mut x_turn, |e| {
        e.event == EventKind::Back { seat: seat_x } || matches!(e.event, EventKind::Over { .. })
    })
    .await;
    let ys = tokio::time::timeout(Duration::from_secs(10), y_task)
        .await
        .expect("in time")
        .expect("y");
    assert_eq!(
        until_back.last().map(|e| &e.event),
        Some(&EventKind::Back { seat: seat_x }),
        "the seat came back"
    );
    // The computer never plays X's seat after it is back: when X's turn
    // comes, nothing happens until X acts.
    let mut ys = ys;
    y_plays_until_the_turn_of_x(&mut ys, &mut xs, &mut x_turn, seat_x).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    xs.expect_quiet().await;
    act(&mut xs, &x_turn).await;
    let ev = xs.expect_event().await;
    assert!(
        matches!(ev.event, EventKind::Rolled { seat, .. } if seat == seat_x),
        "X rolls for itself: {ev:?}"
    );
    server.shutdown();
}

#[tokio::test]
async fn a_player_who_leaves_is_replaced_for_good_and_the_token_is_void() {
    let server = server(config());
    let mut g = Game::start(server.addr()).await;
    let (x, y) = g.players_at_turn();
    let seat_x: Seat = g.players[x].1;
    let token_x = g.players[x].2.clone();
    g.players[x].0.send(json!({"type":"leave"})).await;
    let left = g.players[y].0.expect_event().await;
    assert_eq!(left.event, EventKind::Left { seat: seat_x });
    assert_eq!(g.players[x].0.expect_event().await, left);
    // The computer now plays X's turn (it was X's turn).
    let ev = g.players[y].0.expect_event().await;
    assert!(
        matches!(ev.event, EventKind::Rolled { seat, .. } if seat == seat_x),
        "{ev:?}"
    );
    let mut again = Ws::connect(g.addr).await;
    again.send(resume(&g.room, &token_x, 0)).await;
    again.expect_error("bad_token").await;
    // The old connection holds no seat now.
    g.players[x].0.send(json!({"type":"roll","seq":0})).await;
    g.players[x].0.expect_error("bad_message").await;
    server.shutdown();
}

#[tokio::test]
async fn a_seat_resumed_elsewhere_closes_the_old_connection_with_4001() {
    let server = server(slow_away());
    let mut g = Game::start(server.addr()).await;
    let token = g.players[1].2.clone();
    let mut other = Ws::connect(g.addr).await;
    other.send(resume(&g.room, &token, g.turn.seq)).await;
    other.expect_welcome().await;
    assert_eq!(g.players[1].0.expect_closed().await, Closed::Code(4001));
    // The new connection has the seat: events reach it.
    let (i, _) = g.players_at_turn();
    let turn = g.turn.clone();
    if i == 1 {
        act(&mut other, &turn).await;
    } else {
        act(&mut g.players[0].0, &turn).await;
    }
    assert_eq!(other.expect_event().await.seq, turn.seq + 1);
    server.shutdown();
}
