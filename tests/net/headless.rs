//! The headless client, `ca-ngua-cli online join LINK --name NAME`, over a
//! real socket on 127.0.0.1: it joins by the invite page's address, plays
//! its seat with a computer player to the end while a person's client
//! plays the other, prints every event as a line of JSON and the places
//! last.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::{config, create, server};
use crate::game::play;
use ca_ngua::ca_ngua::CaNgua;
use ca_ngua::ca_ngua::engine::Seat;
use serde_json::json;
use std::process::{Command, Stdio};
use std::time::Duration;

type Event = ca_ngua::table::Event<CaNgua>;
type EventKind = ca_ngua::table::EventKind<CaNgua>;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_plays_a_seat_to_the_end_and_prints_the_places() {
    let server = server(config());
    let addr = server.addr();
    let (mut host, welcome) = create(addr, 2, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();

    // Bad arguments: one error line, status 2.
    let bad = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(["online", "join", "ftp://nowhere", "--name", "Máy"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);

    let child = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args([
            "online",
            "join",
            &format!("http://{addr}/join/{room}"),
            "--name",
            "Máy",
            "--level",
            "easy",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The host hears the CLI sit down, starts, and plays its own seat.
    let seated = host.expect_event().await;
    assert!(matches!(seated.event, EventKind::Seated { ref name, .. } if name == "Máy"));
    host.send(json!({"type":"start"})).await;
    let (_, host_events) = tokio::time::timeout(
        Duration::from_secs(120),
        play(host, Seat::Red, seated.seq, 5),
    )
    .await
    .expect("the game ends in time");
    let output = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Every event, as the host saw it, in order; the places last.
    let events: Vec<Event> = stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("an event a line"))
        .collect();
    // The CLI heard the room from its first event, without gaps.
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "{stdout}");
    }
    assert_eq!(events[seated.seq as usize..], host_events[..]);
    let Some(EventKind::Over { ranking }) = events.last().map(|e| &e.event) else {
        panic!("the game is over: {stdout}");
    };
    let places: Vec<String> = ranking
        .iter()
        .map(|p| {
            p.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        stdout.lines().last(),
        Some(format!("ranking: {}", places.join(" | ")).as_str())
    );
    // The CLI played: its seat moved.
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event, EventKind::Moved { seat, .. } if seat == Seat::Yellow)),
        "{stdout}"
    );
    server.shutdown();
}
