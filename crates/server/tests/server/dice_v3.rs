//! Dice anyone can check (PROTOCOL.md version 3) on a real server on
//! 127.0.0.1: the first roll waits for the players' seeds (or 5 seconds),
//! seeds are fixed once the round rolls, a game without dice takes none,
//! and a restart with `--state-dir` in the middle of a round keeps the
//! seed, so every roll still checks against the commit made before it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::Folder;
use crate::common::net::v3::{P, play_to_the_end, verify_round};
use crate::common::net::{config, server};
use ca_ngua_server::{Clock, spawn};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_roll_waits_for_the_seeds_and_then_they_are_fixed() {
    let mut c = config();
    c.clock = Clock::manual();
    let clock = c.clock.clone();
    let server = server(c);
    let addr = server.addr();
    let mut host = P::host(addr, 2, true, json!({})).await;
    let room = host.room();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    host.catch_up(2).await;
    host.seed("lan-1").await;
    host.seed("lan-2").await; // a second replaces the first
    host.catch_up(4).await;
    host.ws.send(json!({"type":"start"})).await;
    // Minh (version 3, connected) has not seeded: the start waits a moment
    // for it (half a second of the room's clock), then goes ahead.
    host.ws.expect_quiet().await;
    clock.advance(Duration::from_millis(500));
    host.catch_up(5).await;
    minh.catch_up(5).await;
    // Still no seed from Minh: the first roll waits.
    let first = host.turn.seat.expect("a turn");
    let roller = if host.seat == Some(first) {
        &mut host
    } else {
        &mut minh
    };
    let seq = roller.turn.seq;
    roller.ws.send(json!({"type":"roll","seq":seq})).await;
    roller.ws.expect_quiet().await;
    // Five seconds after the commit, it goes ahead without Minh's seed.
    clock.advance(Duration::from_millis(4500));
    let rolled = roller.event().await;
    assert_eq!(rolled["event"]["kind"], "rolled", "{rolled}");
    assert_eq!(rolled["event"]["n"], 1);
    // Too late for seeds now.
    minh.catch_up(rolled["seq"].as_u64().unwrap()).await;
    minh.seed("minh").await;
    let refused = minh.news().await;
    assert_eq!(refused["code"], "too_late", "{refused}");
    // The dice used Lan's last seed alone: the whole game checks.
    let commit = host.welcome["dice_commit"].as_str().unwrap().to_string();
    let mut ps = vec![host, minh];
    play_to_the_end(&mut ps, None).await;
    let events = ps[1].events();
    let seeded: Vec<_> = events
        .iter()
        .filter(|e| e["event"]["kind"] == "seeded")
        .map(|e| e["event"]["client_seed"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(seeded, ["lan-1", "lan-2"]);
    assert!(verify_round(&events, 1, &commit) > 0);
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_co_nhay_room_has_no_dice_but_everything_else() {
    let server = server(config());
    let addr = server.addr();
    let mut host = P::open(
        addr,
        json!({"type":"create","game":"co-nhay","name":"Lan","players":2,"rules":"quick","protocol":3,"turn_secs":60}),
    )
    .await;
    assert_eq!(host.welcome["protocol"], 3);
    assert!(host.welcome.get("dice_commit").is_none());
    assert_eq!(host.welcome["turn_secs"], 60);
    host.seed("abc").await;
    host.ws.expect_error("no_dice").await;
    let room = host.room();
    let mut w = P::watcher(addr, &room, "Bà").await;
    assert_eq!(w.welcome["game"], "co-nhay");
    assert_eq!(host.news().await["watchers"], 1);
    w.ws.send(json!({"type":"say","emoji":"🐴"})).await;
    assert_eq!(host.news().await["emoji"], "🐴");
    server.shutdown();
}

/// Six steps of the two people's game: each a roll or the first legal
/// move, both clients caught up after it.
async fn six_steps(host: &mut P, minh: &mut P) {
    for _ in 0..6 {
        let mut ps = [&mut *host, &mut *minh];
        let i = ps
            .iter()
            .position(|p| p.seat == p.turn.seat)
            .expect("a person's turn");
        let p = &mut ps[i];
        let seq = p.turn.seq;
        let cmd = match &p.turn.moves {
            None => json!({"type":"roll","seq":seq}),
            Some(m) => json!({"type":"move","seq":seq,"move":m[0].to_string()}),
        };
        p.ws.send(cmd).await;
        let latest = p.event().await["seq"].as_u64().unwrap();
        host.catch_up(latest).await;
        minh.catch_up(latest).await;
        while host.turn.seat.is_none() {
            let latest = host.event().await["seq"].as_u64().unwrap();
            minh.catch_up(latest).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_keeps_the_seed_and_every_roll_checks() {
    let folder = Folder::new("dice");
    let dir = folder.0.clone();
    let mut c = config();
    c.state_dir = Some(dir.clone());
    let first = spawn("127.0.0.1:0".parse().unwrap(), c.clone()).unwrap();
    let addr = first.addr();
    let mut host = P::host(addr, 2, true, json!({})).await;
    let room = host.room();
    let commit = host.welcome["dice_commit"].as_str().unwrap().to_string();
    let mut minh = P::guest(addr, &room, "Minh", true).await;
    host.catch_up(2).await;
    host.seed("lan").await;
    minh.seed("minh").await;
    host.catch_up(4).await;
    minh.catch_up(4).await;
    host.ws.send(json!({"type":"start"})).await;
    host.catch_up(5).await;
    minh.catch_up(5).await;
    // A few rolls, then the server stops.
    six_steps(&mut host, &mut minh).await;
    let room_file = dir.join("rooms").join(format!("{room}.room"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&room_file).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o077,
            0,
            "the room's file is the server user's alone"
        );
    }
    let kept = std::fs::read_to_string(&room_file).unwrap();
    assert!(kept.contains("\"dice\""), "the seed is kept");
    first.shutdown();
    // A server started again on the folder: both come back.
    let second = spawn("127.0.0.1:0".parse().unwrap(), c).unwrap();
    let addr = second.addr();
    let mut back = Vec::new();
    for p in [host, minh] {
        let resumed = P::open(
            addr,
            json!({"type":"resume","room":room,"token":p.token,"last_seq":p.turn.seq,"protocol":3}),
        )
        .await;
        assert_eq!(
            resumed.welcome["dice_commit"], commit,
            "the same round, the same commit"
        );
        let mut p = p;
        p.ws = resumed.ws;
        p.frames.push(resumed.welcome);
        back.push(p);
    }
    play_to_the_end(&mut back, None).await;
    // Every roll of the round, before and after the restart, is the seed's.
    let events = back[1].events();
    assert!(verify_round(&events, 1, &commit) > 6);
    second.shutdown();
    drop(folder);
}
