//! A room on the server, in the page: the test opens it over the wire
//! protocol, the page joins it from its address (`#join=CODE&name=Web`),
//! the host starts it with computers in the other seats and leaves its
//! own seat to a computer (PROTOCOL.md: `leave`), and the page plays its
//! seat by keys to the end. A watcher of the room's, spoken to over the
//! protocol too, sees every event the server sent.

use crate::common::net::{Ws, create};
use crate::figures;
use crate::page::{self, Browser, JOINED, WIDE};
use serde_json::{Value, json};
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// How long the game may take in the page.
const PLAY_TIME: Duration = Duration::from_secs(15 * 60);

/// The next event of the host's connection that is of `kind` (others
/// skipped).
async fn host_event(host: &mut Ws, kind: &str) -> Value {
    for _ in 0..100 {
        let msg = host.recv().await;
        if msg["type"] == "event" && msg["event"]["kind"] == kind {
            return msg;
        }
        assert_ne!(msg["type"], "error", "the host was refused: {msg}");
    }
    panic!("no `{kind}` event for the host");
}

/// The page opened at the room's address (`#join=ROOM&name=Web`): it
/// joins `room` at once and the host sees it seated as Web. The mark
/// before the page opened, its first frame and the page's seat.
async fn join_from_the_address(b: &mut Browser, host: &mut Ws, room: &str) -> (usize, f64, String) {
    let mark = b.dt.mark();
    let first_frame = b.open_game(&format!("#join={room}&name=Web")).await;
    let joined = b.dt.wait_line(JOINED, mark, Duration::from_secs(60)).await;
    assert_eq!(joined, room, "the page joined another room");
    let seated = host_event(host, "seated").await;
    assert_eq!(seated["event"]["name"], "Web", "{seated}");
    let seat = seated["event"]["seat"]
        .as_str()
        .expect("the page's seat")
        .to_string();
    assert_ne!(seat, "r");
    (mark, first_frame, seat)
}

/// Computers in the empty seats, then in the host's: the host starts the
/// game, leaves its seat and goes.
async fn computers_take_the_room(mut host: Ws) {
    host.send(json!({"type":"start","level":"hard"})).await;
    host_event(&mut host, "started").await;
    host.send(json!({"type":"leave"})).await;
    host.close().await;
}

/// What the server sent (to the `watcher`): the game is over, the page's
/// `seat` moved (its rolls and moves were its own: no computer held it).
/// The seat's moves and the room's events.
async fn the_page_played_its_seat(watcher: &Mutex<Vec<Value>>, seat: &str) -> (usize, usize) {
    page::event_seen(watcher, "over", Duration::from_secs(30)).await;
    let frames = watcher.lock().expect("the frames").clone();
    let events: Vec<&Value> = frames
        .iter()
        .filter(|f| f["type"] == "event")
        .map(|f| &f["event"])
        .collect();
    assert!(
        events.iter().any(|e| e["kind"] == "over"),
        "the server's game is not over"
    );
    let moves = events
        .iter()
        .filter(|e| e["kind"] == "moved" && e["seat"] == seat)
        .count();
    assert!(moves > 0, "the page's seat {seat} never moved");
    assert!(
        !events
            .iter()
            .any(|e| e["seat"] == seat && (e["kind"] == "away" || e["kind"] == "left")),
        "the page's seat was handed to a computer: {events:?}"
    );
    (moves, events.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn a_room_opened_over_the_protocol_is_played_in_the_page() {
    crate::within(
        PLAY_TIME + Duration::from_secs(5 * 60),
        "the online game",
        async {
            let server = page::serve();
            let addr = server.addr();
            let mut b = Browser::open(&server).await;
            // The page's files: English, the welcome answered (nothing in
            // front of the room).
            b.write_files(&[("prefs.ron", &page::prefs_text("Web"))])
                .await;

            // The host opens a room for four.
            let (mut host, welcome) = create(addr, 4, json!("standard")).await;
            let room = welcome["room"].as_str().expect("a room").to_string();
            assert_eq!(welcome["seat"], "r");

            // The page joins from its address, at once.
            let (mark, first_frame, seat) = join_from_the_address(&mut b, &mut host, &room).await;
            b.focus_canvas().await;
            b.shoot("online-lobby", WIDE).await;

            let watcher = page::watch_room(addr, &room);
            computers_take_the_room(host).await;

            let began = Instant::now();
            let deadline = began + PLAY_TIME;
            b.focus_canvas().await;
            while !b.keys_round(mark, deadline, "the online game ends").await {}
            let played = began.elapsed();
            tokio::time::sleep(Duration::from_secs(2)).await;
            b.shoot("online-end", WIDE).await;
            b.no_exceptions();

            let (moves, room_events) = the_page_played_its_seat(&watcher, &seat).await;
            figures::record(
                "online",
                &[
                    ("first_frame".to_string(), format!("{first_frame:.0} ms")),
                    (
                        "game_seconds".to_string(),
                        format!("{:.0} s", played.as_secs_f64()),
                    ),
                    ("page_seat_moves".to_string(), moves.to_string()),
                    ("room_events".to_string(), room_events.to_string()),
                ],
            );
            b.print_lines();
            server.shutdown();
        },
    )
    .await;
}
