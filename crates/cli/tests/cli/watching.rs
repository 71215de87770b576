//! Watching a room from the command line, over a real socket on 127.0.0.1
//! (`ca-ngua-cli online watch LINK`): the watcher hears every event from
//! the moment it arrives to the `over`, as lines of JSON, the dice seed's
//! reveal and the places last; `online join` ends its game with the dice
//! check's line. The invite page of a started room offers to watch it, and
//! sends people without the app to the server's `--download-url`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::play_seat as play;
use crate::common::net::{config, create, server};
use crate::common::wait::Deadline;
use ca_ngua_client::room_info;
use ca_ngua_protocol::{Invite, ServerAddress};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use serde_json::json;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

const DOWNLOAD: &str = "https://example.org/ca-ngua/download";

fn cli(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits (at most 10 seconds) until the room has `watchers` watchers.
async fn until_watchers(addr: SocketAddr, room: &str, watchers: usize) {
    let invite = Invite::new(ServerAddress::from(addr), room);
    let deadline = Deadline::after(Duration::from_secs(10));
    loop {
        let info = {
            let invite = invite.clone();
            tokio::task::spawn_blocking(move || room_info(&invite, Duration::from_secs(5)))
                .await
                .unwrap()
        };
        if info
            .as_ref()
            .ok()
            .and_then(Option::as_ref)
            .is_some_and(|i| i.watchers == watchers)
        {
            return;
        }
        assert!(!deadline.passed(), "{info:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A plain HTTP/1.1 GET of an invite page in English: its status and body.
fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        tcp,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: en\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    tcp.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

/// The events among a CLI's lines (the lines that are JSON).
fn events_of(stdout: &str) -> Vec<Event> {
    stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("an event a line"))
        .collect()
}

/// A CLI's lines after the last event (the `over`): news such as the
/// dice's, then the places.
fn after_over(stdout: &str) -> Vec<&str> {
    let lines: Vec<&str> = stdout.lines().collect();
    let last = lines.iter().rposition(|l| l.starts_with('{')).unwrap_or(0);
    lines[last + 1..].to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_hears_the_game_to_its_end_and_a_player_ends_with_the_dice_check() {
    let mut c = config();
    c.download_url = DOWNLOAD.to_string();
    let server = server(c);
    let addr = server.addr();
    let (mut host, welcome) = create(addr, 2, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();

    bad_arguments_are_one_error_line();

    the_page_before_the_start_offers_to_join(addr, &room).await;

    // A computer takes the second seat from the command line; another
    // command line watches, by the invite page's address.
    let player = cli(&[
        "online",
        "join",
        &format!("http://{addr}/join/{room}"),
        "--name",
        "Máy",
        "--level",
        "easy",
    ]);
    let seated = host.expect_event().await;
    assert!(matches!(seated.event, EventKind::Seated { ref name, .. } if name == "Máy"));
    let watcher = cli(&[
        "online",
        "watch",
        &format!("ca-ngua://{addr}/{room}"),
        "--name",
        "Bà <3",
    ]);
    until_watchers(addr, &room, 1).await;

    host.send(json!({"type":"start"})).await;
    // The host plays its seat; the page of the started room offers to
    // watch it, not to join.
    let started = the_page_once_started(addr, &room).await;
    let (_, host_events) = tokio::time::timeout(
        Duration::from_secs(120),
        play(host, Seat::Red, seated.seq, 7),
    )
    .await
    .expect("the game ends in time");
    check_the_started_page(&started, addr, &room);

    let watched = tokio::task::spawn_blocking(move || watcher.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let played = tokio::task::spawn_blocking(move || player.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let ranking = ranking_line(&host_events);

    check_the_watcher(&watched, &host_events, &room, &ranking);
    check_the_player(&played, &host_events, &ranking);
    server.shutdown();
}

/// Bad arguments: one error line, status 2, nothing on standard output.
fn bad_arguments_are_one_error_line() {
    let bad = cli(&["online", "watch", "ftp://nowhere"])
        .wait_with_output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    let err = String::from_utf8_lossy(&bad.stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
}

/// Before the start: the page offers to join, and where to get the app.
async fn the_page_before_the_start_offers_to_join(addr: SocketAddr, room: &str) {
    let (status, page) = {
        let path = format!("/join/{room}");
        tokio::task::spawn_blocking(move || get(addr, &path))
            .await
            .unwrap()
    };
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!("href=\"ca-ngua://{addr}/{room}\"")),
        "{page}"
    );
    assert!(!page.contains("?watch"), "{page}");
    assert!(
        page.contains(&format!("class=\"download\" href=\"{DOWNLOAD}\"")),
        "{page}"
    );
}

/// The page of the started room, once it offers to watch (or after ten
/// seconds).
async fn the_page_once_started(addr: SocketAddr, room: &str) -> String {
    let path = format!("/join/{room}");
    let deadline = Deadline::after(Duration::from_secs(10));
    loop {
        let path = path.clone();
        let (_, page) = tokio::task::spawn_blocking(move || get(addr, &path))
            .await
            .unwrap();
        if page.contains("Watch the game") || deadline.passed() {
            break page;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The started room's page offers to watch it, not to join.
fn check_the_started_page(started: &str, addr: SocketAddr, room: &str) {
    assert!(
        started.contains(&format!(
            "class=\"join watch\" href=\"ca-ngua://{addr}/{room}?watch\">Watch the game</a>"
        )),
        "{started}"
    );
    assert!(!started.contains("class=\"join\""), "{started}");
    assert!(
        !started.contains(&format!("href=\"ca-ngua://{addr}/{room}\"")),
        "{started}"
    );
    assert!(started.contains("friends can still watch"), "{started}");
    assert!(started.contains("Máy"), "{started}");
    assert!(
        started.contains(&format!("href=\"{DOWNLOAD}\"")),
        "{started}"
    );
}

/// The places, as the command line prints them last.
fn ranking_line(host_events: &[Event]) -> String {
    crate::cli_support::ranking_line(host_events).unwrap_or_else(|| {
        panic!(
            "the game ends with over: {:?}",
            host_events.last().map(|e| &e.event)
        )
    })
}

/// The watcher: seated as a watcher, every event from the start to the
/// over in order, the seed's reveal, the places last.
fn check_the_watcher(watched: &Output, host_events: &[Event], room: &str, ranking: &str) {
    let out = String::from_utf8(watched.stdout.clone()).unwrap();
    assert!(
        watched.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&watched.stderr)
    );
    assert!(
        out.lines()
            .any(|l| l == format!("# seated in room {room} as a watcher")),
        "{out}"
    );
    let seen = events_of(&out);
    let start = host_events
        .iter()
        .position(|e| Some(e) == seen.first())
        .expect("the watcher's events are the room's");
    assert_eq!(seen[..], host_events[start..], "{out}");
    assert!(
        seen.iter()
            .any(|e| matches!(e.event, EventKind::Started { .. })),
        "the watcher came before the start: {out}"
    );
    let after = after_over(&out);
    assert_eq!(after.last(), Some(&ranking), "{out}");
    assert!(after.contains(&"# round 1: dice seed revealed"), "{out}");
}

/// The player: the dice checked at the end, every roll of the round.
fn check_the_player(played: &Output, host_events: &[Event], ranking: &str) {
    let out = String::from_utf8(played.stdout.clone()).unwrap();
    assert!(played.status.success(), "{out}");
    let rolls = host_events
        .iter()
        .filter(|e| matches!(e.event, EventKind::Rolled { .. }))
        .count();
    let after = after_over(&out);
    assert_eq!(after.last(), Some(&ranking), "{out}");
    let checked =
        format!("# dice checked: {rolls}/{rolls} rolls of round 1 match the revealed seed");
    let at = after.iter().position(|l| *l == checked);
    assert!(at.is_some(), "{out}");
    assert!(
        after[..at.unwrap()].contains(&"# round 1: dice seed revealed"),
        "{out}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_a_room_that_is_not_there_ends_with_an_error() {
    let server = server(config());
    let addr = server.addr();
    let out = tokio::task::spawn_blocking(move || {
        cli(&["online", "watch", &format!("ca-ngua://{addr}/K7M2QX")])
            .wait_with_output()
            .unwrap()
    })
    .await
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: the room ended the watch"), "{err}");
    server.shutdown();
}
