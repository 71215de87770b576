//! Who is connected, as a room sees it, read through the handle of a
//! server run in-process (what the app hosting a room shows on its cards):
//! connected, reconnecting until the away time, played by the computer,
//! back. Nothing of it goes on the wire: the others hear only the
//! protocol's `away` and `back` events.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::{Game, Ws, config, server};
use crate::common::wait::Deadline;
use ca_ngua_server::{SeatPresence, ServerConfig, ServerHandle};
use serde_json::json;
use std::time::{Duration, Instant};

/// Waits (at most 10 seconds) until room `code`'s seats satisfy `done`.
async fn until(server: &ServerHandle, code: &str, done: impl Fn(&[SeatPresence]) -> bool) {
    let deadline = Deadline::after(Duration::from_secs(10));
    loop {
        if server.presence(code).is_some_and(|seats| done(&seats)) {
            return;
        }
        assert!(
            !deadline.passed(),
            "timed out; seats now {:?}",
            server.presence(code)
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn the_handle_sees_a_seat_reconnecting_and_back_with_nothing_new_on_the_wire() {
    let server = server(ServerConfig {
        away: Duration::from_secs(60),
        ..config()
    });
    assert_eq!(server.away(), Duration::from_secs(60));
    assert_eq!(server.presence("ABCDEF"), None, "no such room");
    let mut g = Game::start(server.addr()).await;
    let room = g.room.clone();
    let (host_i, guest_i) = (g.players[0].1.index(), g.players[1].1.index());
    until(&server, &room, |s| {
        s[host_i] == SeatPresence::Connected && s[guest_i] == SeatPresence::Connected
    })
    .await;
    let empty = server.presence(&room).unwrap();
    assert!(
        empty
            .iter()
            .enumerate()
            .all(|(i, p)| i == host_i || i == guest_i || *p == SeatPresence::Empty),
        "{empty:?}"
    );

    // The guest's connection drops: reconnecting until the away time.
    let dropped = Instant::now();
    let (ws, _, token) = g.players.remove(1);
    ws.drop_now();
    until(&server, &room, |s| {
        matches!(s[guest_i], SeatPresence::Reconnecting { .. })
    })
    .await;
    let Some(SeatPresence::Reconnecting { until: due }) =
        server.presence(&room).map(|s| s[guest_i])
    else {
        unreachable!()
    };
    assert!(due >= dropped + Duration::from_secs(60), "the away time");
    // The host hears nothing of it (no new message in version 2).
    g.players[0].0.expect_quiet().await;

    // Back in time: connected again, and still nothing on the wire.
    let mut back = Ws::connect(g.addr).await;
    back.send(json!({"type":"resume","room":room,"token":token,"last_seq":g.turn.seq}))
        .await;
    back.expect_welcome().await;
    until(&server, &room, |s| s[guest_i] == SeatPresence::Connected).await;
    g.players[0].0.expect_quiet().await;
}

#[tokio::test]
async fn the_handle_sees_the_computer_take_a_seat_after_the_away_time() {
    // Absent people are replaced after a second.
    let server = server(config());
    let mut g = Game::start(server.addr()).await;
    let room = g.room.clone();
    let guest = g.players[1].1;
    let (ws, _, _) = g.players.remove(1);
    ws.drop_now();
    until(&server, &room, |s| {
        s[guest.index()] == SeatPresence::Computer
    })
    .await;
    // The others heard the protocol's `away`, and only protocol events.
    let host = &mut g.players[0].0;
    loop {
        let ev = host.expect_event().await;
        if let ca_ngua_core::table::EventKind::Away { seat } = ev.event {
            assert_eq!(seat, guest);
            break;
        }
    }
    for frame in &host.seen {
        let v: serde_json::Value = serde_json::from_str(frame).unwrap();
        assert!(
            matches!(v["type"].as_str(), Some("welcome" | "event" | "pong")),
            "{v}"
        );
    }
    drop(g);
    server.shutdown();
}
