//! TLS over real sockets on 127.0.0.1 (PROTOCOL.md "Over the internet"): a
//! server that answers TLS itself from PEM files made by a throwaway
//! certificate authority, a whole game between two clients over `wss://`,
//! the invite page and health check over `https://`, a certificate the
//! client does not trust refused with a reason, and the command-line client
//! playing a seat to the end with the authority given by `SSL_CERT_FILE`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::client::{Player, all_over, assert_whole, guest_joins, lan_creates, play, welcomed};
use crate::common::net::{config, server};
use ca_ngua::game::Level;
use ca_ngua::net::client::{ClientCommand, ClientUpdate};
use ca_ngua::net::server::ServerConfig;
use ca_ngua::net::tls::{ServerTls, trust_pem};
use ca_ngua::net::{HealthError, Invite, ServerAddress, check_health};
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A certificate authority made for one test, and a certificate it signed
/// for `localhost` and 127.0.0.1, as PEM files in a folder of their own.
struct TestCa {
    dir: PathBuf,
    ca_pem: String,
}

impl TestCa {
    fn new(name: &str) -> TestCa {
        let mut params = CertificateParams::new(Vec::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, format!("ca-ngua test CA {name}"));
        let ca_key = KeyPair::generate().unwrap();
        let ca_cert = params.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(params, ca_key);
        let leaf = CertificateParams::new(vec!["localhost".into(), "127.0.0.1".into()]).unwrap();
        let leaf_key = KeyPair::generate().unwrap();
        let leaf_cert = leaf.signed_by(&leaf_key, &issuer).unwrap();
        let dir = std::env::temp_dir().join(format!("ca-ngua-tls-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("cert.pem"), leaf_cert.pem()).unwrap();
        std::fs::write(dir.join("key.pem"), leaf_key.serialize_pem()).unwrap();
        std::fs::write(dir.join("ca.pem"), ca_cert.pem()).unwrap();
        TestCa {
            dir,
            ca_pem: ca_cert.pem(),
        }
    }

    fn server_config(&self) -> ServerConfig {
        let tls = ServerTls::from_pem_files(&self.dir.join("cert.pem"), &self.dir.join("key.pem"))
            .expect("the PEM files read");
        ServerConfig {
            tls: Some(tls),
            ..config()
        }
    }
}

impl Drop for TestCa {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_over_wss_with_a_private_authority() {
    let ca = TestCa::new("game");
    let server = server(ca.server_config());
    let port = server.addr().port();
    let address = ServerAddress::secure("localhost", port);

    // Not trusted yet: the health check says it is the certificate.
    let untrusted = TestCa::new("other");
    let other = crate::common::net::server(untrusted.server_config());
    let other_address = ServerAddress::secure("localhost", other.addr().port());
    assert!(
        matches!(
            check_health(&other_address, Duration::from_secs(5)),
            Err(HealthError::Tls(_))
        ),
        "an unknown authority is refused"
    );
    // A plain client to a TLS server gets no game.
    assert!(
        check_health(
            &ServerAddress::new("127.0.0.1", port),
            Duration::from_secs(5)
        )
        .is_err()
    );

    trust_pem(ca.ca_pem.as_bytes()).expect("the authority reads");
    check_health(&address, Duration::from_secs(5)).expect("healthy over https");
    // The other server's authority is still unknown.
    assert!(matches!(
        check_health(&other_address, Duration::from_secs(5)),
        Err(HealthError::Tls(_))
    ));

    let mut host = Player::connect(address.clone(), lan_creates(2, "standard"));
    host.wait_for("the welcome", welcomed).await;
    let invite = host.client.invite().expect("an invite");
    assert!(invite.server.secure);
    // The link a friend is given is the https page; it names wss again.
    let page = invite.page_url();
    assert_eq!(
        page,
        format!("https://localhost:{port}/join/{}", invite.room)
    );
    let link: Invite = page.parse().expect("the page address reads");
    assert_eq!(link.server.url(), format!("wss://localhost:{port}/ws"));
    let mut guest = guest_joins(&mut host, link.server, link.room).await;
    host.client.send(ClientCommand::Start(Level::Easy));
    play(&mut [&mut host, &mut guest], all_over).await;
    let (a, b) = (host.events(), guest.events());
    assert_whole(&a);
    assert_eq!(a, b);
    host.client.close();
    guest.client.close();
    server.shutdown();
    other.shutdown();
}

/// An HTTP GET over TLS with the client's trust, answering the status
/// line and the body.
fn https_get(address: &ServerAddress, path: &str, lang: &str) -> (String, String) {
    use std::io::{Read, Write};
    let config = ca_ngua::net::tls::client_config().unwrap();
    let name = rustls::pki_types::ServerName::try_from(address.host.clone()).unwrap();
    let conn = rustls::ClientConnection::new(config, name).unwrap();
    let tcp = std::net::TcpStream::connect(("127.0.0.1", address.port)).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut tls = rustls::StreamOwned::new(conn, tcp);
    write!(
        tls,
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept-Language: {lang}\r\nConnection: close\r\n\r\n",
        address.authority()
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = tls.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}

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

    // The invite page, in both languages, opens the app over TLS.
    let (status, en) = tokio::task::spawn_blocking({
        let address = address.clone();
        let room = room.clone();
        move || https_get(&address, &format!("/join/{room}"), "en")
    })
    .await
    .unwrap();
    assert!(status.contains("200"), "{status}");
    let app_link = format!("ca-ngua://localhost:{port}/{room}?tls");
    assert!(en.contains(&app_link), "{en}");
    assert!(en.contains("lang=\"en\""), "{en}");
    let (_, vi) = tokio::task::spawn_blocking({
        let address = address.clone();
        let room = room.clone();
        move || https_get(&address, &format!("/join/{room}"), "vi")
    })
    .await
    .unwrap();
    assert!(vi.contains("lang=\"vi\"") && vi.contains(&app_link), "{vi}");

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
    let printed: Vec<ca_ngua::table::Event<ca_ngua::ca_ngua::CaNgua>> = stdout
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
