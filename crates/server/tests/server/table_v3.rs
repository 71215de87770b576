//! Protocol version 3, a table with friends (PROTOCOL.md), on a real
//! server on 127.0.0.1: a version 2 client plays a whole game beside
//! version 3 clients that seed, talk and watch; presence on every version
//! 3 client; every phrase, emoji and text rule; watchers and their cap;
//! another round; the turn clock with a hand-moved clock.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::v3::{P, play_to_the_end, verify_round};
use crate::common::net::{config, server};
use ca_ngua_protocol::talk::{EMOJI, PHRASES};
use ca_ngua_server::Clock;
use serde_json::{Value, json};
use std::time::Duration;

/// Moves the hand-moved clock on by `by` and waits for `p`'s next event.
/// On a loaded machine the room may arm its timer only after the move (its
/// deadline then lies `by` after it): with no event in a few seconds, the
/// clock moves on again, four times at most.
async fn advance_for_event(clock: &Clock, by: Duration, p: &mut P) -> Value {
    for _ in 0..4 {
        clock.advance(by);
        if let Ok(ev) = tokio::time::timeout(Duration::from_secs(3), p.event()).await {
            return ev;
        }
    }
    panic!("no event after moving the clock on by {by:?} four times");
}

fn kinds(p: &P) -> Vec<String> {
    p.events()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_2_client_plays_a_whole_game_beside_version_3_clients_who_seed_talk_and_watch() {
    let server = server(config());
    let addr = server.addr();
    // The host speaks version 2: it never names a protocol.
    let mut host = P::host(addr, 3, false, json!({})).await;
    assert_eq!(host.welcome["protocol"], 2);
    for v3_only in ["watching", "turn_secs", "chat", "dice_commit"] {
        assert!(host.welcome.get(v3_only).is_none(), "{v3_only} for v2");
    }
    assert!(host.welcome["state"].get("watchers").is_none());
    assert!(host.welcome["state"]["seats"][0].get("away_in").is_none());
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    assert_eq!(minh.welcome["protocol"], 3);
    let commit = minh.welcome["dice_commit"]
        .as_str()
        .expect("a version 3 welcome carries the commit")
        .to_string();
    assert_eq!(commit.len(), 64);
    assert_eq!(minh.welcome["state"]["watchers"], 0);
    assert_eq!(minh.welcome["state"]["seats"][0]["away_in"], Value::Null);
    minh.seed("minh-seed-42").await;
    let ba = P::watcher(addr, &room, "Bà").await;
    assert_eq!(ba.welcome["watching"], true);
    assert_eq!(ba.welcome["seat"], Value::Null);
    assert!(ba.welcome.get("token").is_none(), "a watcher has no token");
    host.ws.send(json!({"type":"start","level":"easy"})).await;
    let mut ps = vec![host, minh, ba];
    let rolls = play_to_the_end(&mut ps, Some(25)).await;
    assert!(rolls > 20, "{rolls} rolls");
    let [host, minh, ba] = &ps[..] else {
        unreachable!()
    };
    // Everyone heard the same numbered events; the watcher from its
    // welcome on.
    let seqs = |p: &P| -> Vec<u64> {
        p.events()
            .iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect()
    };
    let host_seqs = seqs(host);
    assert_eq!(
        host_seqs,
        (2..=*host_seqs.last().unwrap()).collect::<Vec<_>>()
    );
    assert!(seqs(minh).ends_with(&seqs(ba)));
    assert_eq!(kinds(host).last().map(String::as_str), Some("over"));
    // The v2 host saw the new kinds as events (it may skip them) but never
    // a presence or a saying.
    assert!(kinds(host).contains(&"seeded".to_string()));
    assert!(host.of_type("presence").is_empty());
    assert!(host.of_type("said").is_empty());
    // Minh said something every few turns: Minh and the watcher heard it.
    assert!(!minh.of_type("said").is_empty());
    assert_eq!(minh.of_type("said").len(), ba.of_type("said").len());
    assert_eq!(minh.of_type("said")[0]["phrase"], "nice_move");
    assert_eq!(minh.of_type("said")[0]["name"], "Minh");
    // The watcher was counted in presence.
    assert!(minh.of_type("presence").iter().any(|p| p["watchers"] == 1));
    // Every roll of the game recomputed from the revealed seed by this
    // test's own derivation.
    let events = minh.events();
    assert_eq!(verify_round(&events, 1, &commit), rolls);
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_client_hears_another_guest_drop_and_come_back() {
    let mut c = config();
    c.away = Duration::from_secs(60);
    let server = server(c);
    let addr = server.addr();
    let mut host = P::host(addr, 3, true, json!({})).await;
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    let old = P::guest(addr, &room, "Tú", false).await;
    let tu_token = old.token.clone();
    host.catch_up(3).await;
    minh.catch_up(3).await;
    // Tú's connection drops: the other guest hears it, with the seconds
    // before a computer takes the seat.
    old.ws.drop_now();
    let news = minh.news().await;
    assert_eq!(news["type"], "presence", "{news}");
    assert_eq!(news["seat"], "y");
    assert_eq!(news["connected"], false);
    let secs = news["away_in"].as_u64().expect("seconds");
    assert!((55..=60).contains(&secs), "{secs}");
    let host_news = host.news().await;
    assert_eq!(host_news, news);
    // A welcome now says so too.
    let mut probe = P::watcher(addr, &room, "Bà").await;
    let yellow = &probe.welcome["state"]["seats"][2];
    assert_eq!(yellow["connected"], false);
    assert!(yellow["away_in"].as_u64().is_some_and(|s| s <= 60));
    // Tú comes back (asking version 3 this time).
    let mut tu = P::open(
        addr,
        json!({"type":"resume","room":room,"token":tu_token,"last_seq":3,"protocol":3}),
    )
    .await;
    assert_eq!(tu.welcome["protocol"], 3);
    let back = minh.news().await;
    // The watcher's arrival came first for Minh.
    let back = if back["watchers"] == 1 {
        minh.news().await
    } else {
        back
    };
    assert_eq!(
        back,
        json!({"type":"presence","seat":"y","connected":true,"away_in":null})
    );
    let seen = probe.news().await;
    assert_eq!(seen, back);
    // Nothing else: presence is not an event.
    assert_eq!(minh.turn.seq, 3);
    tu.ws.expect_quiet().await;
    probe.ws.expect_quiet().await;
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_phrase_emoji_and_text_rule_and_the_rate() {
    let mut c = config();
    c.clock = Clock::manual();
    let clock = c.clock.clone();
    let server = server(c);
    let addr = server.addr();
    let mut host = P::host(addr, 2, true, json!({"chat":"text"})).await;
    assert_eq!(host.welcome["chat"], "text");
    let room = host.room();
    let mut bao = P::watcher(addr, &room, "Bảo").await;
    host.news().await; // a watcher came
    let says: Vec<Value> = PHRASES
        .iter()
        .map(|p| json!({"type":"say","phrase":p}))
        .chain(EMOJI.iter().map(|e| json!({"type":"say","emoji":e})))
        .chain([json!({"type":"say","text":"  chào cả nhà <b>!</b>  "})])
        .collect();
    for (i, say) in says.iter().enumerate() {
        if i % 5 == 0 && i > 0 {
            // Five in ten seconds: the clock moves on.
            clock.advance(Duration::from_secs(10));
        }
        host.ws.send(say.clone()).await;
        let said = host.news().await;
        assert_eq!(said["type"], "said", "{said}");
        assert_eq!(said["seat"], "r");
        assert_eq!(said["name"], "Lan");
        assert_eq!(bao.news().await, said, "the watcher hears it too");
        for key in ["phrase", "emoji"] {
            if let Some(v) = say.get(key) {
                assert_eq!(&said[key], v);
            }
        }
        if say.get("text").is_some() {
            assert_eq!(said["text"], "chào cả nhà <b>!</b>", "trimmed, as is");
        }
    }
    clock.advance(Duration::from_secs(10));
    // Bad ones: refused to the sender only, nothing said.
    for bad in [
        json!({"type":"say","phrase":"hi"}),
        json!({"type":"say","emoji":"🙂"}),
        json!({"type":"say","text":"   "}),
        json!({"type":"say","text":"x".repeat(121)}),
        json!({"type":"say","text":"a\u{7}b"}),
        json!({"type":"say","phrase":"ouch","emoji":"🎲"}),
    ] {
        host.ws.send(bad.clone()).await;
        host.ws.expect_error("bad_message").await;
    }
    // A watcher talks too (seat null); then the rate: 5 in 10 s.
    bao.ws.send(json!({"type":"say","emoji":"👏"})).await;
    let said = host.news().await;
    assert_eq!(said["seat"], Value::Null);
    assert_eq!(said["name"], "Bảo");
    bao.news().await;
    for _ in 0..4 {
        bao.ws.send(json!({"type":"say","emoji":"👏"})).await;
        bao.news().await;
    }
    bao.ws.send(json!({"type":"say","emoji":"👏"})).await;
    bao.ws.expect_error("too_fast").await;
    clock.advance(Duration::from_secs(10));
    bao.ws.send(json!({"type":"say","emoji":"👏"})).await;
    assert_eq!(bao.news().await["type"], "said");
    a_watcher_cannot_play(&mut bao).await;
    phrases_only_and_quiet_rooms(addr).await;
    server.shutdown();
}

/// A watcher's commands but talk are refused.
async fn a_watcher_cannot_play(bao: &mut P) {
    for cmd in [
        json!({"type":"roll","seq":1}),
        json!({"type":"start"}),
        json!({"type":"again"}),
        json!({"type":"seed","client_seed":"abc"}),
        json!({"type":"move","seq":1,"move":"Y-0"}),
    ] {
        bao.ws.send(cmd).await;
        bao.ws.expect_error("not_a_player").await;
    }
}

/// Rooms of phrases only, and without talk.
async fn phrases_only_and_quiet_rooms(addr: std::net::SocketAddr) {
    let mut phrases = P::host(addr, 2, true, json!({})).await;
    assert_eq!(phrases.welcome["chat"], "phrases");
    phrases.ws.send(json!({"type":"say","text":"hi"})).await;
    phrases.ws.expect_error("chat_off").await;
    phrases
        .ws
        .send(json!({"type":"say","phrase":"hello"}))
        .await;
    assert_eq!(phrases.news().await["phrase"], "hello");
    let mut quiet = P::host(addr, 2, true, json!({"chat":"off"})).await;
    quiet.ws.send(json!({"type":"say","emoji":"🎲"})).await;
    quiet.ws.expect_error("chat_off").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_watchers_and_the_twenty_first_refused() {
    let server = server(config());
    let addr = server.addr();
    let mut host = P::host(addr, 2, true, json!({})).await;
    let room = host.room();
    let mut watchers = Vec::new();
    for i in 0..20 {
        let w = P::watcher(addr, &room, &format!("W{i}")).await;
        assert_eq!(w.welcome["state"]["watchers"], i + 1, "counting itself");
        watchers.push(w);
    }
    for i in 1..=20 {
        assert_eq!(host.news().await, json!({"type":"presence","watchers":i}));
    }
    let mut ws = crate::common::net::Ws::connect(addr).await;
    ws.send(json!({"type":"watch","room":room,"name":"Late","protocol":3}))
        .await;
    ws.expect_error("room_full").await;
    // One leaves: counted down.
    watchers[0].ws.send(json!({"type":"leave"})).await;
    assert_eq!(host.news().await, json!({"type":"presence","watchers":19}));
    ws.send(json!({"type":"watch","room":room,"name":"Late","protocol":3}))
        .await;
    assert_eq!(ws.expect_welcome().await["watching"], true);
    assert_eq!(host.news().await, json!({"type":"presence","watchers":20}));
    // A started room can still be watched, not joined.
    let mut guest = P::guest(addr, &room, "Minh", true).await;
    host.catch_up(2).await;
    host.ws.send(json!({"type":"start"})).await;
    host.catch_up(3).await;
    let mut late = crate::common::net::Ws::connect(addr).await;
    late.send(json!({"type":"join","room":room,"name":"Late"}))
        .await;
    late.expect_error("already_started").await;
    guest.catch_up(3).await;
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn again_plays_two_more_rounds_with_a_seat_that_left() {
    let server = server(config());
    let addr = server.addr();
    let mut host = P::host(addr, 3, true, json!({})).await;
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    let mut tu = P::guest(addr, &room, "Tú", true).await;
    host.catch_up(3).await;
    minh.catch_up(3).await;
    // Before the start and before the end: not_over; a guest: not_host.
    host.ws.send(json!({"type":"again"})).await;
    host.ws.expect_error("not_over").await;
    host.ws.send(json!({"type":"start","level":"easy"})).await;
    // Tú leaves for good: a computer plays the seat.
    tu.ws.send(json!({"type":"leave"})).await;
    let mut ps = vec![host, minh];
    let first_of = |p: &P, round: u32| -> String {
        let started = p
            .events()
            .into_iter()
            .filter(|e| e["event"]["kind"] == "started")
            .nth(round as usize - 1)
            .cloned()
            .expect("a start");
        let position = started["event"]["position"].as_str().unwrap().to_string();
        position.split(' ').nth(1).unwrap().to_string()
    };
    play_to_the_end(&mut ps, None).await;
    ps[1].ws.send(json!({"type":"again"})).await;
    ps[1].ws.expect_error("not_host").await;
    for round in 2..=3u32 {
        ps[0].ws.send(json!({"type":"again"})).await;
        let again = ps[0].event().await;
        assert_eq!(again["event"]["kind"], "again", "{again}");
        assert_eq!(again["event"]["round"], round);
        let commit = again["event"]["dice_commit"].as_str().unwrap().to_string();
        let started = ps[0].event().await;
        assert_eq!(started["event"]["kind"], "started");
        assert_eq!(started["event"]["round"], round);
        let seats = &started["event"]["seats"];
        assert_eq!(seats[2]["kind"], "bot", "Tú's seat is a computer's");
        assert_eq!(seats[0]["name"], "Lan");
        let before = first_of(&ps[0], round - 1);
        let now = first_of(&ps[0], round);
        let order = ["r", "g", "y"];
        let at = order.iter().position(|s| *s == before).unwrap();
        assert_eq!(now, order[(at + 1) % 3], "the next seat begins");
        // Both seed the round; the game is played; its dice check.
        ps[0].seed(&format!("lan-{round}")).await;
        ps[1].seed(&format!("minh-{round}")).await;
        play_to_the_end(&mut ps, None).await;
        let events = ps[1].events();
        let from = events
            .iter()
            .rposition(|e| e["event"]["kind"] == "again")
            .unwrap();
        assert!(verify_round(&events[from..], round, &commit) > 0);
    }
    let rounds = ps[1]
        .events()
        .iter()
        .filter(|e| e["event"]["kind"] == "over")
        .count();
    assert_eq!(rounds, 3);
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_plays_for_a_slow_seat_and_three_make_it_away() {
    let mut c = config();
    c.clock = Clock::manual();
    c.away = Duration::from_secs(600);
    // Computers wait for the hand-moved clock too, so that the slow
    // person can be seen coming back before one plays.
    let bot_delay = Duration::from_secs(2);
    c.bot_delay = bot_delay;
    let clock = c.clock.clone();
    let server = server(c);
    let (host, minh, mut probe) = clocked_room(server.addr(), &clock).await;
    clock.advance(Duration::from_secs(20));
    let slow = minh.turn.seat.expect("a turn");
    let [mut p0, mut p1] = [host, minh];
    let slow_is_host = p0.seat == Some(slow);
    let mut timed = Timed {
        clock: &clock,
        bot_delay,
        slow,
        slow_is_host,
    };
    let timeouts = timed.play_until_away(&mut p0, &mut p1).await;
    assert_eq!(timeouts, 3, "three timed-out turns make the seat away");
    let latest = p0.turn.seq.max(p1.turn.seq);
    p0.catch_up(latest).await;
    p1.catch_up(latest).await;
    assert_eq!(p0.turn.seat, Some(slow));
    // The slow seat's person rolls: back first, then the roll, judged
    // against the events before the back.
    let slow_p = if slow_is_host { &mut p0 } else { &mut p1 };
    let seq = slow_p.turn.seq;
    slow_p.ws.send(json!({"type":"roll","seq":seq})).await;
    let back = slow_p.event().await;
    assert_eq!(back["event"]["kind"], "back", "{back}");
    let rolled = slow_p.event().await;
    assert_eq!(rolled["event"]["kind"], "rolled", "{rolled}");
    assert_eq!(rolled["event"]["seat"], slow.letter().to_string());
    probe.catch_up(rolled["seq"].as_u64().unwrap()).await;
    let timed_out = probe
        .events()
        .iter()
        .filter(|e| e["event"]["kind"] == "timed_out")
        .count();
    assert!(timed_out >= 2, "the watcher heard the timeouts");
    server.shutdown();
}

/// Two people seeded and started in a room of 30-second turns, and a
/// watcher who came 10 seconds into the first turn: host, guest, watcher.
async fn clocked_room(addr: std::net::SocketAddr, clock: &Clock) -> (P, P, P) {
    let mut host = P::host(addr, 2, true, json!({"turn_secs":30})).await;
    assert_eq!(host.welcome["turn_secs"], 30);
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    host.catch_up(2).await;
    host.seed("lan").await;
    minh.seed("minh").await;
    host.catch_up(4).await;
    minh.catch_up(4).await;
    host.ws.send(json!({"type":"start"})).await;
    let started = minh.event().await;
    assert_eq!(started["event"]["kind"], "started");
    assert_eq!(
        started["event"]["clock"], 30,
        "the event after which a person acts carries the clock"
    );
    host.catch_up(5).await;
    // A welcome says how much is left.
    clock.advance(Duration::from_secs(10));
    let probe = P::watcher(addr, &room, "Bà").await;
    assert_eq!(probe.welcome["state"]["clock"], 20);
    host.news().await; // the watcher came
    minh.news().await;
    (host, minh, probe)
}

/// The clock test's room while the slow seat lets its clock run out.
struct Timed<'a> {
    clock: &'a Clock,
    bot_delay: Duration,
    slow: game_ca_ngua::engine::Seat,
    slow_is_host: bool,
}

impl Timed<'_> {
    /// The slow seat lets its clock run out; a computer plays each such
    /// turn (waiting the computers' pause, moved by hand too); the other
    /// seat plays at once. Returns the timeouts seen (3: the seat is away).
    async fn play_until_away(&mut self, p0: &mut P, p1: &mut P) -> u32 {
        let slow = self.slow;
        let mut timeouts = 0;
        let mut computer = true; // the first timeout was let run above
        for _ in 0..2000 {
            let latest = p0.turn.seq.max(p1.turn.seq);
            p0.catch_up(latest).await;
            p1.catch_up(latest).await;
            let turn = p0.turn.seat;
            if turn == Some(slow) && computer && timeouts == 0 {
                // The timed-out event from the first 30 seconds.
                let ev = p0.event().await;
                assert_eq!(ev["event"]["kind"], "timed_out", "{ev}");
                timeouts = 1;
                continue;
            }
            match turn {
                None => {
                    p0.event().await;
                }
                Some(seat) if seat == slow && computer => {
                    computer = self.computer_plays(p0).await;
                }
                Some(seat) if seat == slow => {
                    let ev = advance_for_event(self.clock, Duration::from_secs(30), p0).await;
                    assert_eq!(ev["event"]["kind"], "timed_out", "{ev}");
                    timeouts += 1;
                    computer = true;
                    if timeouts == 3 {
                        let away = p0.event().await;
                        assert_eq!(away["event"]["kind"], "away", "{away}");
                        assert_eq!(away["event"]["seat"], slow.letter().to_string());
                        break;
                    }
                }
                Some(_) => {
                    let other = if self.slow_is_host {
                        &mut *p1
                    } else {
                        &mut *p0
                    };
                    other_plays(other).await;
                }
            }
        }
        timeouts
    }

    /// A computer's step for the slow seat, after the computers' pause;
    /// false once its turn is over (a move, a pass, a roll with no move).
    async fn computer_plays(&self, p0: &mut P) -> bool {
        let before = p0.turn.seq;
        let ev = advance_for_event(self.clock, self.bot_delay, p0).await;
        assert_eq!(ev["seq"].as_u64(), Some(before + 1));
        let kind = ev["event"]["kind"].as_str().unwrap_or_default();
        assert_eq!(ev["event"]["seat"], self.slow.letter().to_string(), "{ev}");
        let mut computer = true;
        if ["moved", "passed"].contains(&kind) {
            computer = false;
        }
        if kind == "rolled" && ev["event"]["moves"].as_array().is_some_and(Vec::is_empty) {
            computer = false;
        }
        computer
    }
}

/// The other seat rolls or plays its first move at once.
async fn other_plays(other: &mut P) {
    let ev_kind = |p: &P| {
        p.events()
            .last()
            .map(|e| e["event"]["kind"].as_str().unwrap_or_default().to_string())
    };
    let seq = other.turn.seq;
    let cmd = match &other.turn.moves {
        None => json!({"type":"roll","seq":seq}),
        Some(m) => json!({"type":"move","seq":seq,"move":m[0].to_string()}),
    };
    other.ws.send(cmd).await;
    let f = other.frame().await;
    assert_eq!(f["type"], "event", "{f} after {:?}", ev_kind(other));
}
