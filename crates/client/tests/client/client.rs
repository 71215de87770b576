//! The client library against a real server on 127.0.0.1: games played
//! through `Client` handles polled as a UI loop would, reconnection through
//! a proxy that cuts connections, refusals, and the ways a client stops.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::net::{config, server};
use ca_ngua_client::{ClientCommand, CloseReason, ConnectionState, Request};
use ca_ngua_core::game::Level;
use ca_ngua_core::table::ErrorCode;
use ca_ngua_protocol::{Invite, ServerAddress};
use ca_ngua_testkit::net::players::*;
pub(crate) use ca_ngua_testkit::net::players::{
    Player, all_over, assert_whole, guest_joins, lan_creates, play, welcomed,
};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use tokio::sync::broadcast;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_and_two_computers_play_a_game_through_the_library() {
    let server = server(config());
    let addr = ServerAddress::from(server.addr());
    let mut host = Player::connect(addr.clone(), lan_creates(4, "casual"));
    host.wait_for("the welcome", welcomed).await;
    let invite = host.client.invite().expect("an invite").to_string();
    assert!(invite.starts_with("ca-ngua://127.0.0.1:"), "{invite}");
    // A friend pastes the link.
    let link: Invite = invite.parse().expect("the link reads");
    let mut guest = Player::connect(
        link.server,
        Request::Join {
            room: link.room.to_lowercase(),
            name: "Minh".into(),
        },
    );
    guest.wait_for("the welcome", welcomed).await;
    // The events up to the welcome's follow it.
    guest
        .wait_for(
            "the lobby",
            |u| matches!(u, ClientUpdate::Event(e) if e.seq == 2),
        )
        .await;
    host.wait_for(
        "the guest",
        |u| matches!(u, ClientUpdate::Event(e) if e.seq == 2),
    )
    .await;
    assert!(host.client.is_host());
    assert!(!guest.client.is_host());
    assert_eq!(guest.client.replica().map(|r| r.seats().len()), Some(2));
    guest.client.send(ClientCommand::Roll);
    let refused = guest
        .wait_for("a refusal", |u| matches!(u, ClientUpdate::Refused(_)))
        .await;
    assert!(matches!(refused, ClientUpdate::Refused(r) if r.code == ErrorCode::NotStarted));
    host.client.send(ClientCommand::Start(Level::Easy));
    play(&mut [&mut host, &mut guest], all_over).await;
    let (a, b) = (host.events(), guest.events());
    assert_whole(&a);
    assert_whole(&b);
    assert_eq!(a, b);
    assert_eq!(host.client.replica(), guest.client.replica());
    assert_eq!(host.client.state(), &ConnectionState::Connected);
    assert!(
        host.wakes.load(Ordering::Relaxed) > 0,
        "the caller was woken"
    );
    host.client.close();
    guest.client.close();
    server.shutdown();
}

/// A TCP proxy on 127.0.0.1 that can cut every connection through it.
struct Proxy {
    addr: SocketAddr,
    cut: broadcast::Sender<()>,
}

impl Proxy {
    async fn start(target: SocketAddr) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (cut, _) = broadcast::channel(4);
        let cuts = cut.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let mut cut = cuts.subscribe();
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    // As fast as a direct connection (no Nagle delays).
                    let _ = inbound.set_nodelay(true);
                    let _ = outbound.set_nodelay(true);
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cut.recv() => {}
                    }
                });
            }
        });
        Proxy { addr, cut }
    }

    fn cut(&self) {
        let _ = self.cut.send(());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_reconnect_by_themselves_and_miss_nothing() {
    let server = server(config());
    let proxy = Proxy::start(server.addr()).await;
    let via = ServerAddress::from(proxy.addr);
    let mut host = Player::connect(via.clone(), lan_creates(2, "standard"));
    host.wait_for("the welcome", welcomed).await;
    let room = host.client.welcome().expect("welcome").room.clone();
    let mut guest = guest_joins(&mut host, via, room).await;
    host.client.send(ClientCommand::Start(Level::Medium));
    for cut in 1..=3u64 {
        play(&mut [&mut host, &mut guest], |p| {
            p.iter()
                .all(|p| p.client.replica().is_some_and(|r| r.seq() >= cut * 30))
        })
        .await;
        proxy.cut();
        for p in [&mut host, &mut guest] {
            p.wait_for("reconnecting", |u| {
                matches!(u, ClientUpdate::State(ConnectionState::Reconnecting { .. }))
            })
            .await;
            let w = p.wait_for("the welcome again", welcomed).await;
            assert!(
                matches!(w, ClientUpdate::Welcome { rebuilt: false, .. }),
                "the same game goes on"
            );
        }
    }
    play(&mut [&mut host, &mut guest], all_over).await;
    let (a, b) = (host.events(), guest.events());
    assert_whole(&a);
    assert_whole(&b);
    assert_eq!(a, b);
    assert_eq!(host.client.replica(), guest.client.replica());
    assert!(host.client.replica().expect("replica").is_over());
    server.shutdown();
}

#[tokio::test]
async fn a_refused_seat_or_an_unreachable_server_closes_the_client() {
    let server = server(config());
    let addr = ServerAddress::from(server.addr());
    let mut lost = Player::connect(
        addr.clone(),
        Request::Join {
            room: "ZZZZZZ".into(),
            name: "Minh".into(),
        },
    );
    let closed = lost
        .wait_for("the end", |u| {
            matches!(u, ClientUpdate::State(ConnectionState::Closed(_)))
        })
        .await;
    assert!(matches!(
        closed,
        ClientUpdate::State(ConnectionState::Closed(CloseReason::Refused(r)))
            if r.code == ErrorCode::RoomNotFound
    ));
    // A port where nobody listens.
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let nowhere = ServerAddress::from(free.local_addr().expect("addr"));
    drop(free);
    let mut lost = Player::connect(nowhere, lan_creates(2, "standard"));
    let closed = lost
        .wait_for("the end", |u| {
            matches!(u, ClientUpdate::State(ConnectionState::Closed(_)))
        })
        .await;
    assert!(
        matches!(
            closed,
            ClientUpdate::State(ConnectionState::Closed(CloseReason::Unreachable(_)))
        ),
        "{closed:?}"
    );
    assert!(
        lost.updates
            .iter()
            .any(|u| matches!(u, ClientUpdate::State(ConnectionState::Reconnecting { .. })))
    );
    server.shutdown();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_resumed_on_another_device_closes_the_first_and_leaving_ends_the_client() {
    let server = server(config());
    let addr = ServerAddress::from(server.addr());
    let mut first = Player::connect(addr.clone(), lan_creates(2, "standard"));
    first.wait_for("the welcome", welcomed).await;
    let w = first.client.welcome().expect("welcome").clone();
    let mut second = Player::connect(
        addr,
        Request::Resume {
            room: w.room.clone(),
            token: w.token.clone(),
        },
    );
    let again = second.wait_for("the welcome", welcomed).await;
    assert!(matches!(again, ClientUpdate::Welcome { rebuilt: true, .. }));
    first
        .wait_for("taken over", |u| {
            u == &ClientUpdate::State(ConnectionState::Closed(CloseReason::TakenOver))
        })
        .await;
    // The second device rebuilt the game from event 1.
    second
        .wait_for(
            "event 1",
            |u| matches!(u, ClientUpdate::Event(e) if e.seq == 1),
        )
        .await;
    assert_eq!(second.client.replica().map(|r| r.seq()), Some(1));
    second.client.send(ClientCommand::Leave);
    second
        .wait_for("left", |u| {
            u == &ClientUpdate::State(ConnectionState::Closed(CloseReason::Left))
        })
        .await;
    server.shutdown();
}
