//! Online play that feels attended (issue 22): the app says who is
//! connected. Its own connection dropping shows a count before the
//! computer takes its seat (driven by the frame's clock, which a test
//! sets), then the computer playing for it, then "you are back"; a room
//! hosted in the app shows another seat reconnecting, then played by the
//! computer, from the in-process server's own view. Every change is said
//! to screen readers. Real WebSockets on 127.0.0.1 only.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::{Deadline, POLL};
use crate::online_app::{TestApp, WINDOW, app_of, open_online, open_room, prefs, wait};
use crate::ui_support::{at_time, clock, harness};
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua::app::play::presence::Presence;
use ca_ngua_client::{Client, Request};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_server::{ServerConfig, ServerHandle, spawn};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use std::time::Duration;

/// Everything said to screen readers so far, kept across frames.
fn heard(h: &TestApp, said: &mut Vec<String>) {
    for a in h.state().play::<CaNgua>().announcements() {
        if said.last() != Some(&a.text) {
            said.push(a.text.clone());
        }
    }
}

/// Steps `h` until `done`, keeping what was said (at most `secs` seconds
/// of waiting for the server; no duration is checked).
fn wait_hearing(
    h: &mut TestApp,
    said: &mut Vec<String>,
    secs: u64,
    what: &str,
    done: impl Fn(&TestApp) -> bool,
) {
    let deadline = Deadline::after(Duration::from_secs(secs));
    loop {
        h.step();
        heard(h, said);
        if done(h) {
            return;
        }
        assert!(!deadline.passed(), "timed out: {what}; said: {said:?}");
        std::thread::sleep(POLL);
    }
}

/// True when some node's label contains `text`.
fn has(h: &TestApp, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The number in "… N seconds …".
fn seconds_in(text: &str) -> u64 {
    text.split_whitespace()
        .find_map(|w| w.parse().ok())
        .expect("a number of seconds")
}

/// The reconnection's count, as the online panel says it.
fn count_said(app: &TestApp) -> String {
    app.get_by_label_contains("Reconnecting — about")
        .accesskit_node()
        .value()
        .unwrap()
}

/// Lan's room on a server of its own, opened and started in her app,
/// everything said to a screen reader on the way kept: the server, how to
/// start it again, the app, what was said and her seat.
fn own_room_started(
    dir: &std::path::Path,
) -> (ServerHandle, ServerConfig, TestApp, Vec<String>, Seat) {
    // A server of its own on 127.0.0.1 (the app's friend's, as it were:
    // the app does not know its away time), keeping its rooms so that,
    // started again, it has the room back.
    let config = ServerConfig {
        bot_delay: Duration::ZERO,
        state_dir: Some(dir.join("server")),
        ..ServerConfig::default()
    };
    let server = spawn("127.0.0.1:0".parse().unwrap(), config.clone()).unwrap();
    let store = Store::at(dir.join("app"));
    store
        .save_prefs(&Prefs {
            online_use_server: true,
            online_server: server.addr().to_string(),
            ..prefs("Lan")
        })
        .unwrap();
    let mut app = app_of(store);
    open_online(&mut app);
    app.get_by_role_and_label(Role::Button, "Open a room on the server")
        .click();
    let mut said = Vec::new();
    wait_hearing(&mut app, &mut said, 20, "the room opens", |h| {
        h.state().phase() == Phase::Lobby
            && h.query_by_role_and_label(Role::Button, "Start the game")
                .is_some()
    });
    app.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait_hearing(&mut app, &mut said, 20, "started", |h| {
        h.state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.latest().is_started())
    });
    let seat = app
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .seat()
        .unwrap();
    assert_eq!(
        app.state().play::<CaNgua>().presence(seat),
        Presence::Connected
    );

    (server, config, app, said, seat)
}

#[test]
fn a_dropped_connection_counts_down_then_the_computer_plays_then_you_are_back() {
    let dir = common::temp_dir("presence-own");
    let (server, config, mut app, mut said, seat) = own_room_started(dir.path());
    let bind = server.addr();
    // The server goes: the app reconnects by itself and counts down
    // (about: a friend's server does not say its away time).
    server.shutdown();
    wait_hearing(&mut app, &mut said, 20, "the count shows", |h| {
        has(h, "Reconnecting — about")
    });
    let first = count_said(&app);
    assert!(
        first.ends_with("seconds before the computer takes over your seat."),
        "{first}"
    );
    assert_eq!(seconds_in(&first), 60, "the whole away time to begin with");
    // Lan's card says it too, on its line of news (the counts stay on
    // theirs: issue 45).
    assert!(has(&app, "Reconnecting: ~60 s"));
    assert!(has(&app, "Home 0 · Board"));
    // And the room's seats, in the settings.
    assert!(has(&app, "Lan (you) · reconnecting, about 60 s"));
    assert!(
        said.iter()
            .any(|s| s.starts_with("Connection lost; reconnecting.")),
        "{said:?}"
    );

    // Half a minute later (the frame's clock), half the count.
    let dropped = clock(&app);
    at_time(&mut app, dropped + 30.0);
    let later = count_said(&app);
    assert_eq!(seconds_in(&later), 30, "{later}");
    // Past the away time: the computer plays for us until we are back.
    at_time(&mut app, dropped + 61.0);
    heard(&app, &mut said);
    assert!(
        app.query_by_label(
            "Still reconnecting — the computer is playing for you until you are back."
        )
        .is_some()
    );
    assert!(has(&app, "Computer plays for you"));
    assert!(has(&app, "Lan (you) · the computer plays for you"));
    assert_eq!(
        app.state().play::<CaNgua>().presence(seat),
        Presence::Computer
    );
    assert!(
        said.iter()
            .any(|s| s == "The computer is playing for you until you are back."),
        "{said:?}"
    );

    // The server comes back on its port with the room: the app resumes
    // its seat and says so.
    app.input_mut().time = None;
    let server = spawn(bind, config).unwrap();
    wait_hearing(&mut app, &mut said, 30, "back in the seat", |h| {
        h.query_by_label("You are back: your seat is yours again.")
            .is_some()
    });
    assert_eq!(
        app.state().play::<CaNgua>().presence(seat),
        Presence::Connected
    );
    assert!(
        said.iter()
            .any(|s| s == "You are back; your seat is yours again."),
        "{said:?}"
    );
    drop(app);
    server.shutdown();
}

/// Lan hosts a room with an away time of 4 seconds (so that the computer
/// comes within the test), Minh joins as a client of the library (no
/// window needed), the game starts: the host's app, Minh's client, what
/// was said to a screen reader and Minh's seat.
fn hosted_with_minh(dir: &std::path::Path) -> (TestApp, Client<CaNgua>, Vec<String>, Seat) {
    let store = Store::at(dir.join("host"));
    store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = harness(
        App::from_store(store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers()
            .with_test_hosting()
            .with_away(Duration::from_secs(4)),
        WINDOW,
    );
    let invite = open_room::<CaNgua>(&mut host);
    let guest = Client::<CaNgua>::connect(
        invite.server.clone(),
        Request::Join {
            room: invite.room.clone(),
            name: "Minh".into(),
        },
        || {},
    )
    .unwrap();
    wait(&mut [&mut host], 20, "the guest is seated", |hs| {
        hs[0]
            .state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.latest().seats().len() == 2)
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    let mut said = Vec::new();
    wait_hearing(&mut host, &mut said, 20, "started", |h| {
        h.state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.latest().is_started())
    });
    let minh = host
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .latest()
        .seats()
        .iter()
        .find(|s| s.name == "Minh")
        .unwrap()
        .seat;
    assert_eq!(
        host.state().play::<CaNgua>().presence(minh),
        Presence::Connected
    );

    (host, guest, said, minh)
}

#[test]
fn the_host_sees_another_seat_reconnecting_then_the_computer_playing_it() {
    let dir = common::temp_dir("presence-host");
    let (mut host, guest, mut said, minh) = hosted_with_minh(dir.path());
    // The friend's connection goes: the host's card for them counts down,
    // as the room itself sees it (no message on the wire for it).
    drop(guest);
    wait_hearing(&mut host, &mut said, 20, "reconnecting shows", |h| {
        has(h, "Minh (reconnecting; the computer takes over in")
    });
    // On Minh's card too (and in the room's seats, above).
    assert!(has(&host, "Reconnecting: "));
    assert!(matches!(
        host.state().play::<CaNgua>().presence(minh),
        Presence::Reconnecting {
            estimate: false,
            ..
        }
    ));
    assert!(
        said.iter()
            .any(|s| s.contains("(Minh) lost the connection")),
        "{said:?}"
    );

    // The away time passes: the computer plays the seat, and it says so.
    wait_hearing(&mut host, &mut said, 30, "the computer plays", |h| {
        has(h, "Minh (away, the computer plays)")
    });
    assert!(has(&host, "The computer plays"));
    assert_eq!(
        host.state().play::<CaNgua>().presence(minh),
        Presence::Computer
    );
    // Said when the board shows the room's `away` event (it may still be
    // showing the moves before it).
    let away_said = |said: &[String]| {
        said.iter()
            .any(|s| s.contains("is away; the computer plays for them"))
    };
    let deadline = Deadline::after(Duration::from_secs(30));
    while !away_said(&said) {
        assert!(!deadline.passed(), "the away event is said: {said:?}");
        host.step();
        heard(&host, &mut said);
        std::thread::sleep(Duration::from_millis(5));
    }
}
