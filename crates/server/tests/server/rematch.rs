//! The table after a game (issue 45), on a real server on 127.0.0.1:
//! every player's "one more game" choice (`rematch`) told to everyone of
//! version 3 and kept in the room's state until the next round; a seat the
//! computer holds taken back at once with `back`, on any turn; a new round
//! gives back the seats of the people still there. Turn clocks run on a
//! hand-moved clock: nothing here waits on the wall's time.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::v3::{P, play_to_the_end};
use crate::common::net::{config, server};
use ca_ngua_server::Clock;
use game_ca_ngua::engine::Seat;
use serde_json::{Value, json};
use std::time::Duration;

/// The next rematch news `p` was sent (events, presence and talk
/// skipped).
async fn rematch_news(p: &mut P) -> Value {
    loop {
        let f = p.frame().await;
        if f["type"] == "rematch" {
            return f;
        }
        assert!(
            ["event", "presence", "said", "pong"].contains(&f["type"].as_str().unwrap_or("")),
            "unexpected {f}"
        );
    }
}

/// The next refusal `p` was sent, which must have this code (events,
/// presence and talk before it skipped).
async fn refusal(p: &mut P, code: &str) {
    loop {
        let f = p.frame().await;
        if f["type"] == "error" {
            assert_eq!(f["code"], code, "{f}");
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_players_rematch_choice_is_told_to_everyone_and_kept_until_the_next_round() {
    let server = server(config());
    let addr = server.addr();
    let mut host = P::host(addr, 3, true, json!({})).await;
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    // A version 2 guest is told nothing it does not know.
    let tu = P::guest(addr, &room, "Tú", false).await;
    let mut watcher = P::watcher(addr, &room, "Bà").await;
    host.catch_up(3).await;
    minh.catch_up(3).await;
    // Before the end there is nothing to choose.
    minh.ws.send(json!({"type":"rematch"})).await;
    refusal(&mut minh, "not_over").await;
    host.ws.send(json!({"type":"start","level":"easy"})).await;
    let mut ps = vec![host, minh, tu];
    play_to_the_end(&mut ps, None).await;
    let over = ps[0].turn.seq;
    watcher.catch_up(over).await;
    let [mut host, mut minh, mut tu] = <[P; 3]>::try_from(ps).ok().unwrap();

    // Minh wants one more game: everyone of version 3 hears it, he too.
    minh.ws.send(json!({"type":"rematch"})).await;
    for p in [&mut host, &mut minh, &mut watcher] {
        let news = rematch_news(p).await;
        assert_eq!(news, json!({"type":"rematch","seat":"g","ready":true}));
    }
    // A watcher has no seat to play again in.
    watcher.ws.send(json!({"type":"rematch"})).await;
    refusal(&mut watcher, "not_a_player").await;
    // The room's state keeps it: a newcomer sees Minh's choice.
    let probe = P::watcher(addr, &room, "Hoa").await;
    let seats = probe.welcome["state"]["seats"].as_array().unwrap().clone();
    let of = |seats: &[Value], s: &str| seats.iter().find(|x| x["seat"] == s).cloned().unwrap();
    assert_eq!(of(&seats, "g")["rematch"], true, "{seats:?}");
    assert!(of(&seats, "r").get("rematch").is_none(), "{seats:?}");
    // He changes his mind, then back.
    minh.ws.send(json!({"type":"rematch","ready":false})).await;
    let news = rematch_news(&mut host).await;
    assert_eq!(news, json!({"type":"rematch","seat":"g","ready":false}));
    minh.ws.send(json!({"type":"rematch","ready":true})).await;
    rematch_news(&mut host).await;
    // The version 2 guest heard none of it (a ping's pong is next).
    tu.ws.expect_quiet().await;

    // The host starts: the choices belong to the round that ended.
    host.ws.send(json!({"type":"again"})).await;
    let again = host.event().await;
    assert_eq!(again["event"]["kind"], "again");
    host.event().await;
    let probe = P::watcher(addr, &room, "Hải").await;
    let seats = probe.welcome["state"]["seats"].as_array().unwrap();
    assert!(
        seats.iter().all(|s| s.get("rematch").is_none()),
        "{seats:?}"
    );
    // And in a game under way there is nothing to choose.
    minh.ws.send(json!({"type":"rematch"})).await;
    refusal(&mut minh, "not_over").await;
    server.shutdown();
}

/// Moves the hand-moved clock on by `by` (four times at most) until `p`
/// has a new event.
async fn advance_for_event(clock: &Clock, by: Duration, p: &mut P) -> Value {
    for _ in 0..4 {
        clock.advance(by);
        if let Ok(ev) = tokio::time::timeout(Duration::from_secs(3), p.event()).await {
            return ev;
        }
    }
    panic!("no event after moving the clock on by {by:?} four times");
}

/// A room of two (the host Lan and Minh) on a hand-moved clock with
/// 10-second turns, started; computers act at once.
async fn clocked_room() -> (ca_ngua_server::ServerHandle, Clock, P, P) {
    let mut c = config();
    c.clock = Clock::manual();
    c.away = Duration::from_secs(600);
    let clock = c.clock.clone();
    let server = server(c);
    let addr = server.addr();
    let mut host = P::host(addr, 2, true, json!({"turn_secs":10})).await;
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    host.catch_up(2).await;
    host.seed("lan").await;
    minh.seed("minh").await;
    host.catch_up(4).await;
    minh.catch_up(4).await;
    host.ws.send(json!({"type":"start"})).await;
    host.event().await;
    minh.catch_up(host.turn.seq).await;
    (server, clock, host, minh)
}

/// The other seat plays its turns at once; `slow`'s person never acts and
/// its clock runs out until the computer holds the seat (its `away`).
async fn run_slow_seat_out(clock: &Clock, slow: &mut P, other: &mut P) {
    let seat = slow.seat.unwrap();
    for _ in 0..4000 {
        let latest = slow.turn.seq.max(other.turn.seq);
        slow.catch_up(latest).await;
        other.catch_up(latest).await;
        let last = other.events().last().map(|e| e["event"].clone());
        if last
            .as_ref()
            .is_some_and(|e| e["kind"] == "away" && e["seat"] == seat.letter().to_string())
        {
            return;
        }
        assert!(!other.turn.over, "the game ended before the seat was away");
        if other.turn.seat == other.seat {
            let seq = other.turn.seq;
            let cmd = match &other.turn.moves {
                None => json!({"type":"roll","seq":seq}),
                Some(m) => json!({"type":"move","seq":seq,"move":m[0].to_string()}),
            };
            other.ws.send(cmd).await;
            other.event().await;
        } else if other.turn.seat == Some(seat)
            && last.as_ref().is_some_and(|e| e.get("clock").is_some())
        {
            // The slow person's turn, on the clock: let it run out.
            advance_for_event(clock, Duration::from_secs(11), other).await;
        } else {
            // A computer plays the turn its clock lost (or a pass).
            other.event().await;
        }
    }
    panic!("the slow seat never went away");
}

/// True when `p`'s last event frame for a person to act carries a clock
/// (the room waits for a person, not a computer).
fn person_on_the_clock(p: &P) -> bool {
    p.frames
        .iter()
        .rev()
        .find(|f| f["type"] == "event")
        .is_some_and(|f| f["event"].get("clock").is_some())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn back_takes_the_seat_from_the_computer_at_once_on_another_players_turn() {
    let (server, clock, mut host, mut minh) = clocked_room().await;
    run_slow_seat_out(&clock, &mut minh, &mut host).await;
    // Wait for the host's own turn, the computer playing Minh's meanwhile.
    while host.turn.seat != host.seat || host.turn.over {
        assert!(!host.turn.over, "over before the host's turn");
        host.event().await;
    }
    minh.catch_up(host.turn.seq).await;
    let before = host.turn.seq;
    // Minh is back while the host is to act: the seat is his at once.
    minh.ws.send(json!({"type":"back"})).await;
    let back = host.event().await;
    assert_eq!(back["seq"].as_u64(), Some(before + 1));
    assert_eq!(back["event"]["kind"], "back", "{back}");
    assert_eq!(back["event"]["seat"], "y", "{back}");
    // The seat is a person's again: their clock runs once it is their turn.
    // Back twice is nothing more (and no error).
    minh.catch_up(before + 1).await;
    minh.ws.send(json!({"type":"back"})).await;
    minh.ws.expect_quiet().await;
    // From now on the room waits for Minh on his turns, on the clock.
    loop {
        assert!(!host.turn.over, "over before Minh's turn");
        if host.turn.seat == Some(Seat::Yellow) {
            minh.catch_up(host.turn.seq).await;
            assert!(person_on_the_clock(&minh), "a computer plays Minh's turn");
            break;
        }
        if host.turn.seat == host.seat {
            let seq = host.turn.seq;
            let cmd = match &host.turn.moves {
                None => json!({"type":"roll","seq":seq}),
                Some(m) => json!({"type":"move","seq":seq,"move":m[0].to_string()}),
            };
            host.ws.send(cmd).await;
        }
        host.event().await;
    }
    // A watcher may not take a seat back.
    let mut bà = P::watcher(server.addr(), &host.room(), "Bà").await;
    bà.ws.send(json!({"type":"back"})).await;
    refusal(&mut bà, "not_a_player").await;
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_round_gives_their_seats_back_to_the_people_still_there() {
    let (server, clock, mut host, mut minh) = clocked_room().await;
    run_slow_seat_out(&clock, &mut minh, &mut host).await;
    // The host plays on; the computer plays Minh's seat to the end (Minh
    // reads along, connected).
    while !host.turn.over {
        if host.turn.seat == host.seat {
            let seq = host.turn.seq;
            let cmd = match &host.turn.moves {
                None => json!({"type":"roll","seq":seq}),
                Some(m) => json!({"type":"move","seq":seq,"move":m[0].to_string()}),
            };
            host.ws.send(cmd).await;
        }
        host.event().await;
        minh.catch_up(host.turn.seq).await;
    }
    host.ws.send(json!({"type":"again"})).await;
    let again = host.event().await;
    assert_eq!(again["event"]["kind"], "again", "{again}");
    let started = host.event().await;
    assert_eq!(started["event"]["kind"], "started", "{started}");
    // Minh is still connected: the new round is his to play.
    let back = host.event().await;
    assert_eq!(back["event"]["kind"], "back", "{back}");
    assert_eq!(back["event"]["seat"], "y", "{back}");
    minh.catch_up(back["seq"].as_u64().unwrap()).await;
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_leaving_after_the_game_hands_the_next_round_to_the_next_person() {
    let server = server(config());
    let addr = server.addr();
    let mut host = P::host(addr, 3, true, json!({})).await;
    let room = host.room();
    let minh = P::guest(addr, &room, "Minh", true).await;
    let tu = P::guest(addr, &room, "Tú", true).await;
    host.catch_up(3).await;
    host.ws.send(json!({"type":"start","level":"easy"})).await;
    let mut ps = vec![host, minh, tu];
    play_to_the_end(&mut ps, None).await;
    let [mut host, mut minh, mut tu] = <[P; 3]>::try_from(ps).ok().unwrap();
    // Minh cannot start another round while Lan, the host, is there.
    minh.ws.send(json!({"type":"again"})).await;
    refusal(&mut minh, "not_host").await;
    // Lan leaves the table after the game (no event can follow `over`):
    // everyone of version 3 is told, and her choice is no.
    host.ws.send(json!({"type":"leave"})).await;
    let news = rematch_news(&mut tu).await;
    assert_eq!(
        news,
        json!({"type":"rematch","seat":"r","ready":false,"left":true})
    );
    // A newcomer's state says so too.
    let probe = P::watcher(addr, &room, "Hoa").await;
    let seats = probe.welcome["state"]["seats"].as_array().unwrap().clone();
    let lan = seats.iter().find(|s| s["seat"] == "r").unwrap();
    assert_eq!(lan["left"], true, "{seats:?}");
    // Minh is the host now: he starts the next round, Lan's seat a
    // computer's.
    rematch_news(&mut minh).await;
    minh.ws.send(json!({"type":"again"})).await;
    let again = minh.event().await;
    assert_eq!(again["event"]["kind"], "again", "{again}");
    let started = minh.event().await;
    assert_eq!(started["event"]["kind"], "started", "{started}");
    let seats = started["event"]["seats"].as_array().unwrap();
    assert_eq!(seats[0]["seat"], "r");
    assert_eq!(seats[0]["kind"], "bot", "{seats:?}");
    assert_eq!(seats[0]["name"], "Lan", "still named: {seats:?}");
    server.shutdown();
}
