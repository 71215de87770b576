//! The headless client, `ca-ngua-cli online join LINK --name NAME`, over a
//! real socket on 127.0.0.1: it joins by the invite page's address, plays
//! its seat with a computer player to the end while a person's client
//! plays the other, prints every event as a line of JSON and the places
//! last.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::play_seat as play;
use crate::common::net::{config, create, server};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use serde_json::json;
use std::process::{Command, Stdio};
use std::time::Duration;

type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

/// Bad arguments: one error line, status 2.
fn bad_arguments_give_one_error_line() {
    let bad = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(["online", "join", "ftp://nowhere", "--name", "Máy"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}

/// The last event is the end, and the last line its places.
fn the_places_come_last(events: &[Event], stdout: &str) {
    let Some(line) = crate::cli_support::ranking_line(events) else {
        panic!("the game is over: {stdout}");
    };
    assert_eq!(stdout.lines().last(), Some(line.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_plays_a_seat_to_the_end_and_prints_the_places() {
    let server = server(config());
    let addr = server.addr();
    let (mut host, welcome) = create(addr, 2, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();

    bad_arguments_give_one_error_line();

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
    the_places_come_last(&events, &stdout);
    // The CLI played: its seat moved.
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event, EventKind::Moved { seat, .. } if seat == Seat::Yellow)),
        "{stdout}"
    );
    server.shutdown();
}

/// Runs `ca-ngua-cli` with `args` in the background, its output piped.
fn spawn_cli(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_hosts_a_room_that_another_cli_joins_and_both_play_it_to_the_end() {
    // The server's default pace of messages, with computers that do not
    // wait: the seats are quicker than the server allows, are refused as
    // rate_limited now and then, and must try again rather than stall.
    let mut c = config();
    c.limits = ca_ngua_server::Limits::default();
    let server = server(c);
    let addr = server.addr().to_string();

    a_plan_the_game_cannot_play_is_refused(&addr);
    let mut host = spawn_cli(&[
        "online",
        "host",
        &addr,
        "--name",
        "Lan",
        "--players",
        "3",
        "--wait-for",
        "1",
        "--level",
        "easy",
    ]);
    // The invite link is told before anyone joins.
    let (link, host_head, mut host_out) = the_invite(&mut host).await;
    assert!(link.starts_with(&format!("ca-ngua://{addr}/")), "{link}");
    let guest = spawn_cli(&["online", "join", &link, "--name", "Minh"]);
    let guest = tokio::task::spawn_blocking(move || guest.wait_with_output());
    let rest = tokio::task::spawn_blocking(move || {
        use std::io::Read;
        let mut rest = String::new();
        host_out.read_to_string(&mut rest).unwrap();
        (host_head + &rest, host.wait().unwrap())
    });
    let (guest, (host_rest, host_status)) = tokio::time::timeout(Duration::from_secs(180), async {
        (guest.await.unwrap().unwrap(), rest.await.unwrap())
    })
    .await
    .expect("the game ends in time");
    let guest_out = String::from_utf8(guest.stdout).unwrap();
    assert!(guest.status.success(), "{guest_out}");
    assert!(host_status.success(), "{host_rest}");
    // Both saw the same game to its end: the same events from the guest's
    // seat on, the same places, the dice checked.
    let events = |text: &str| -> Vec<Event> {
        text.lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).expect("an event a line"))
            .collect()
    };
    let (seen_by_host, seen_by_guest) = (events(&host_rest), events(&guest_out));
    assert!(host_rest.contains("# starting"), "{host_rest}");
    let first = seen_by_guest.first().expect("events").seq;
    let from = seen_by_host.iter().position(|e| e.seq == first).unwrap();
    assert_eq!(seen_by_host[from..], seen_by_guest[..]);
    assert!(matches!(
        seen_by_guest.last().map(|e| &e.event),
        Some(EventKind::Over { .. })
    ));
    let last = |text: &str| text.lines().last().unwrap_or_default().to_string();
    assert!(last(&guest_out).starts_with("ranking: "), "{guest_out}");
    assert_eq!(last(&guest_out), last(&host_rest));
    for out in [&guest_out, &host_rest] {
        assert!(out.contains("# dice checked: "), "{out}");
        assert!(!out.contains("FAILED"), "{out}");
    }
    both_seats_moved(&host_rest, &guest_out, &seen_by_guest);
    server.shutdown();
}

/// The host's seat and the guest's both moved.
fn both_seats_moved(host_rest: &str, guest_out: &str, seen_by_guest: &[Event]) {
    let seat_of = |text: &str| -> String {
        let line = text
            .lines()
            .find(|l| l.starts_with("# seated in room "))
            .unwrap_or_default();
        line.rsplit(" as ").next().unwrap_or_default().to_string()
    };
    let host_seat = seat_of(host_rest);
    let guest_seat = seat_of(guest_out);
    assert_ne!(host_seat, guest_seat);
    for seat in [host_seat, guest_seat] {
        assert!(
            seen_by_guest.iter().any(
                |e| matches!(e.event, EventKind::Moved { seat: s, .. } if s.to_string() == seat)
            ),
            "{seat}: {guest_out}"
        );
    }
}

/// Reads the hosting CLI's output up to its invite line: the link, the
/// lines read, and the rest of the output to read on.
async fn the_invite(
    host: &mut std::process::Child,
) -> (
    String,
    String,
    std::io::BufReader<std::process::ChildStdout>,
) {
    let mut host_out = std::io::BufReader::new(host.stdout.take().unwrap());
    let link = tokio::task::spawn_blocking(move || {
        use std::io::BufRead;
        let mut head = String::new();
        loop {
            let mut line = String::new();
            assert!(host_out.read_line(&mut line).unwrap() > 0, "no invite line");
            head.push_str(&line);
            if let Some(link) = line.trim().strip_prefix("# invite: ") {
                return (link.to_string(), head, host_out);
            }
        }
    });
    tokio::time::timeout(Duration::from_secs(30), link)
        .await
        .expect("the invite comes in time")
        .unwrap()
}

/// A plan the game cannot play: one error line, status 2, no room.
fn a_plan_the_game_cannot_play_is_refused(addr: &str) {
    for bad in [
        vec!["--rules", "nosuch"],
        vec!["--players", "5"],
        vec!["--game", "chess"],
    ] {
        let mut args = vec!["online", "host", addr, "--name", "Lan"];
        args.extend(bad.iter().copied());
        let out = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
