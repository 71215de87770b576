//! TLS over real sockets on 127.0.0.1 (PROTOCOL.md "Over the internet"): a
//! server that answers TLS itself from PEM files made by a throwaway
//! certificate authority, a whole game between two clients over `wss://`,
//! the invite page and health check over `https://`, and a certificate the
//! client does not trust refused with a reason (the command-line client
//! over TLS: `crates/cli/tests/cli/tls.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::client::{Player, all_over, assert_whole, guest_joins, lan_creates, play, welcomed};
use crate::common::net::server;
use crate::common::net::tls::TestCa;
use ca_ngua_client::ClientCommand;
use ca_ngua_client::tls::trust_pem;
use ca_ngua_client::{HealthError, check_health};
use ca_ngua_core::game::Level;
use ca_ngua_protocol::{Invite, ServerAddress};
use std::time::Duration;

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
