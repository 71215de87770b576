//! The command-line client over TLS (PROTOCOL.md "Over the internet"):
//! it plays a seat to the end with the authority given by
//! `SSL_CERT_FILE`, and the invite page says `https`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::players::{Player, all_over, assert_whole, lan_creates, play, welcomed};
use crate::common::net::server;
use crate::common::net::tls::{TestCa, https_get};
use ca_ngua_client::tls::trust_pem;
use ca_ngua_client::{ClientCommand, ClientUpdate};
use ca_ngua_core::game::Level;
use ca_ngua_protocol::ServerAddress;
use std::process::{Command, Stdio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_plays_a_seat_over_wss_and_the_page_says_https() {
    let ca = TestCa::new("cli");
    trust_pem(ca.ca_pem.as_bytes()).expect("the authority reads");
    let server = server(ca.server_config());
    let port = server.addr().port();
    let address = ServerAddress::secure("localhost", port);
    let mut host = Player::connect(address.clone(), lan_creates(2, "standard"));
    host.wait_for("the welcome", welcomed).await;
    let room = host.client.invite().expect("an invite").room.clone();

    the_invite_page_opens_the_app_over_tls(&address, &room, port).await;

    // The command-line client finds the authority in SSL_CERT_FILE.
    let child = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args([
            "online",
            "join",
            &format!("https://localhost:{port}/join/{room}"),
            "--name",
            "Máy",
            "--level",
            "easy",
        ])
        .env("SSL_CERT_FILE", ca.dir.join("ca.pem"))
        .env_remove("SSL_CERT_DIR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    host.wait_for(
        "the CLI's seat",
        |u| matches!(u, ClientUpdate::Event(e) if e.seq == 2),
    )
    .await;
    host.client.send(ClientCommand::Start(Level::Easy));
    // The host's seat is played by the host's own loop; the CLI plays the
    // other with a computer.
    play(&mut [&mut host], all_over).await;
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
    let events = host.events();
    assert_whole(&events);
    let printed: Vec<ca_ngua_core::table::Event<game_ca_ngua::CaNgua>> = stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("an event a line"))
        .collect();
    assert_eq!(printed[..], events[..], "the CLI saw every event");
    assert!(
        stdout
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("ranking: ")),
        "{stdout}"
    );
    host.client.close();
    server.shutdown();
}

/// The invite page, in both languages, opens the app over TLS.
async fn the_invite_page_opens_the_app_over_tls(address: &ServerAddress, room: &str, port: u16) {
    let invite_page = |lang: &'static str| {
        let address = address.clone();
        let path = format!("/join/{room}");
        tokio::task::spawn_blocking(move || https_get(&address, &path, lang))
    };
    let (status, en) = invite_page("en").await.unwrap();
    assert!(status.contains("200"), "{status}");
    let app_link = format!("ca-ngua://localhost:{port}/{room}?tls");
    assert!(en.contains(&app_link), "{en}");
    assert!(en.contains("lang=\"en\""), "{en}");
    let (_, vi) = invite_page("vi").await.unwrap();
    assert!(vi.contains("lang=\"vi\"") && vi.contains(&app_link), "{vi}");
}
