//! The server's pages over a real socket on 127.0.0.1: a room's invite
//! page in both languages (its game, its seats, the button that opens the
//! app), the page of an unknown room (404), and `/metrics` counting rooms,
//! connections and events.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::{config, create, join, server};
use serde_json::json;
use std::io::{Read, Write};
use std::time::Duration;

pub(crate) use ca_ngua_testkit::net::http::get;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invite_pages_in_both_languages_and_metrics() {
    let server = server(config());
    let addr = server.addr();

    // An unknown room, and a code that cannot be one: 404, said plainly.
    for (path, lang, says) in [
        ("/join/K7M2QX", Some("vi-VN,vi;q=0.9"), "Không có phòng này"),
        ("/join/K7M2QX", Some("en-GB"), "No such room"),
        ("/join/not-a-code", None, "No such room"),
    ] {
        let (status, body) = tokio::task::spawn_blocking(move || get(addr, path, lang))
            .await
            .unwrap();
        assert_eq!(status, 404, "{path}");
        assert!(body.contains(says), "{body}");
    }

    // A room for three with its host seated and a friend in it.
    let (_host, welcome) = create(addr, 3, json!("standard")).await;
    let room = welcome["room"].as_str().unwrap().to_string();
    let (_friend, _) = join(addr, &room, "Minh <3").await;
    let lower = room.to_lowercase();
    for (lang, join_word, seats) in [
        (Some("vi"), "Vào chơi", "Đã có 2 trên 3 người"),
        (Some("en-US,en;q=0.9"), "Join", "2 of 3 seats taken"),
    ] {
        let path = format!("/join/{lower}");
        let (status, body) = tokio::task::spawn_blocking(move || get(addr, &path, lang))
            .await
            .unwrap();
        assert_eq!(status, 200);
        assert!(body.contains(join_word), "{body}");
        assert!(body.contains(seats), "{body}");
        assert!(body.contains("Minh &lt;3"), "names are escaped: {body}");
        assert!(
            body.contains(&format!("href=\"ca-ngua://{addr}/{room}\"")),
            "the button opens the app on the room: {body}"
        );
        assert!(body.contains("Cờ Cá Ngựa"), "the game: {body}");
        assert!(!body.contains("<script"), "no script");
    }

    // The figures: one room, two connections, the events so far.
    let (status, text) = tokio::task::spawn_blocking(move || get(addr, "/metrics", None))
        .await
        .unwrap();
    assert_eq!(status, 200);
    let figure = |name: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} in\n{text}"))
    };
    assert_eq!(figure("ca_ngua_rooms_open"), 1);
    assert_eq!(figure("ca_ngua_connections"), 2);
    assert!(figure("ca_ngua_events_total") >= 1, "{text}");
    server.shutdown();
}

/// The app's "check the server": a Cờ Cá Ngựa server answers its health
/// check; a closed port, and a program that is not one, are told apart.
#[test]
fn the_health_check_tells_a_server_from_nothing_and_from_something_else() {
    use ca_ngua_client::{HealthError, check_health};
    use ca_ngua_protocol::ServerAddress;
    let wait = Duration::from_secs(5);
    let server = server(config());
    let addr = server.addr();
    let ours = ServerAddress::new("127.0.0.1", addr.port());
    assert_eq!(check_health(&ours, wait), Ok(()));
    server.shutdown();
    // A port nothing listens on (just freed).
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed = ServerAddress::new("127.0.0.1", free.local_addr().unwrap().port());
    drop(free);
    assert_eq!(check_health(&closed, wait), Err(HealthError::Refused));
    // Something else that answers HTTP.
    let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = other.local_addr().unwrap().port();
    let answering = std::thread::spawn(move || {
        if let Ok((mut tcp, _)) = other.accept() {
            let mut buf = [0u8; 512];
            let _ = tcp.read(&mut buf);
            let _ = tcp.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot here\n");
        }
    });
    assert_eq!(
        check_health(&ServerAddress::new("127.0.0.1", port), wait),
        Err(HealthError::NotOurs)
    );
    answering.join().unwrap();
}
