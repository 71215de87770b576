//! Cờ nhảy online in the app (egui_kittest, real WebSockets on
//! 127.0.0.1), as a family plays it: the host has Cờ nhảy in front and
//! opens a room for three; a friend whose app shows Cờ Cá Ngựa joins by
//! the invite page's address and is taken to Cờ nhảy, where the settings show the
//! room's, read-only; the host starts, the empty seat goes to the
//! computer, both play by keyboard and see the same events; the friend's
//! app restarts and comes back into its seat by itself, then leaves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::online_app::{
    TestApp, WINDOW, app_of, hosting_app, join_typed, leave_asked_first, open_online, open_room,
    play_while, restart_into_seat, start, wait,
};
use crate::ui_support::{focused_name, harness, name};
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_core::table::EventKind;
use ca_ngua_data::prefs::{GameKind, PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_protocol::Invite;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;
use game_co_nhay::engine::Rules;
use std::path::Path;

type Event = ca_ngua_core::table::Event<CoNhay>;

/// A player called `name` with `game` in front; Cờ nhảy set for three
/// people (the room's size comes from the host's settings).
fn prefs(name: &str, game: GameKind) -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        game,
        online_name: name.into(),
        games: ca_ngua_data::prefs::GamePrefs {
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 3,
                players: [PlayerKind::Human; 6],
                rules: Rules::standard(),
                fast_bots: true,
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

fn events(h: &TestApp) -> Vec<Event> {
    h.state().play::<CoNhay>().source().events().to_vec()
}

/// On this app's turn, plays by keyboard as a person would: the focus is
/// on a piece that can move; Enter chooses it, Enter again its first hole.
fn play(h: &mut TestApp) {
    if h.state().phase() != Phase::Choose {
        return;
    }
    let Some(focused) = focused_name(h) else {
        return;
    };
    if !focused.contains("piece") {
        return;
    }
    h.key_press(Key::Enter);
    h.run_steps(2);
    h.key_press(Key::Enter);
    h.run_steps(2);
}

/// Lan, Cờ nhảy in front, opens a room for three: Cờ Cá Ngựa's screen
/// stays on this device, and the link to give friends is the room's
/// invite page on an address they can reach, copied on request. Her app
/// and the invite.
fn lan_opens_a_nhay_room(dir: &Path) -> (TestApp, Invite) {
    let host_store = Store::at(dir.join("host"));
    host_store
        .save_prefs(&prefs("Lan", GameKind::CoNhay))
        .unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CoNhay>(&mut host);
    // The room is Cờ nhảy's: Cờ Cá Ngựa's screen stays on this device.
    assert!(host.state().play::<CaNgua>().remote().is_none());
    assert_eq!(host.state().phase(), Phase::Lobby);
    host.run_steps(2);
    host.check_accessibility();
    // The link to give friends is the room's invite page, on an address of
    // this device they can reach (never loopback when it has another).
    let shown = name(
        &host
            .query_all_by_label_contains("/join/")
            .next()
            .expect("the invite page's address")
            .accesskit_node(),
    );
    assert!(shown.contains(&format!("/join/{}", invite.room)), "{shown}");
    if !ca_ngua_server::lan_addresses().is_empty() {
        assert!(!shown.contains("127.0.0.1"), "{shown}");
    }
    host.get_by_role_and_label(Role::Button, "Copy the link")
        .click();
    host.run_steps(2);
    assert!(
        host.query_by_label("Copied!").is_some(),
        "the copy is confirmed"
    );
    (host, invite)
}

/// Without a name, the online section says why Host and Join wait.
fn without_a_name_host_and_join_wait() {
    let mut nameless = harness(
        App::with_table(
            prefs("", GameKind::CaNgua),
            common::local_table(&prefs("", GameKind::CaNgua), 1),
        )
        .with_inline_computers(),
        WINDOW,
    );
    open_online(&mut nameless);
    assert!(
        nameless
            .query_by_label("Type your name first: the others see it in the room.")
            .is_some()
    );
    assert!(
        nameless
            .get_by_role_and_label(Role::Button, "Open a room on this device")
            .accesskit_node()
            .is_disabled()
    );
    drop(nameless);
}

/// Minh, Cờ Cá Ngựa in front, joins by the invite page's address: his app
/// goes to Cờ nhảy, its settings the room's, read-only; the host starts
/// and the empty seat goes to the computer. His app.
fn minh_joins_from_the_other_game(
    host: &mut TestApp,
    guest_dir: &Path,
    invite: &Invite,
) -> TestApp {
    let guest_store = Store::at(guest_dir);
    guest_store
        .save_prefs(&prefs("Minh", GameKind::CaNgua))
        .unwrap();
    let mut guest = app_of(guest_store);
    // The invite page's address, as a chat shows it, joins too.
    let page = format!("http://{}/join/{}", invite.server, invite.room);
    join_typed::<CoNhay>(host, &mut guest, &page);
    // The friend's app went to Cờ nhảy, the room's game.
    assert_eq!(guest.state().front(), GameKind::CoNhay);
    assert!(guest.state().play::<CaNgua>().remote().is_none());
    guest.run_steps(2);
    // Its settings are the room's, read-only: three players (the host's
    // choice), and none of this device's seat controls.
    assert!(guest.query_by_label("The room's settings").is_some());
    assert!(guest.query_by_label("3 players").is_some());
    assert!(
        guest.query_all_by_label_contains("Minh").next().is_some(),
        "the guest sees itself in the room"
    );
    guest.check_accessibility();
    // Only the host may start; the third seat goes to the computer.
    assert!(
        guest
            .query_by_role_and_label(Role::Button, "Start the game")
            .is_none()
    );
    start::<CoNhay>(host, &mut guest);
    let remote = guest.state().play::<CoNhay>().remote().unwrap();
    let seats = remote.latest().seats();
    assert_eq!(seats.len(), 3, "three arms: {seats:?}");
    let computers = seats
        .iter()
        .filter(|s| remote.controller(s.seat).computer().is_some())
        .count();
    assert_eq!(computers, 1, "the empty seat is the computer's");
    guest
}

/// Both play through the UI until every arm has moved a few times: the
/// same events on both screens, numbered without gaps, each shown.
fn all_three_arms_play(host: &mut TestApp, guest: &mut TestApp) {
    play_while(
        host,
        guest,
        play,
        |host| format!("the game does not go on: {} events", events(host).len()),
        |host, _| {
            events(host)
                .iter()
                .filter(|e| matches!(e.event, EventKind::Moved { .. }))
                .count()
                < 12
        },
    );
    wait(
        &mut [&mut *host, &mut *guest],
        20,
        "the same events",
        |hs| {
            events(hs[0]) == events(hs[1])
                && hs.iter().all(|h| h.state().phase() != Phase::Animating)
        },
    );
    let seen = events(host);
    for (i, e) in seen.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "numbered without gaps");
    }
    let movers: std::collections::BTreeSet<_> = seen
        .iter()
        .filter_map(|e| match e.event {
            EventKind::Moved { seat, .. } => Some(seat),
            _ => None,
        })
        .collect();
    assert_eq!(movers.len(), 3, "all three arms moved: {movers:?}");
    // Each screen shows the game its events built.
    for h in [&*host, &*guest] {
        let latest = h.state().play::<CoNhay>().source().latest().clone();
        assert_eq!(h.state().play::<CoNhay>().shown(), &latest);
    }
}

/// Minh's app closes and opens again: back in the same seat on Cờ nhảy's
/// screen, caught up, without doing anything. The new app.
fn minh_restarts_into_his_seat(host: &mut TestApp, guest: TestApp, guest_dir: &Path) -> TestApp {
    let seat = guest.state().play::<CoNhay>().remote().unwrap().seat();
    assert!(seat.is_some());
    let guest = restart_into_seat::<CoNhay>(host, guest, guest_dir);
    assert_eq!(guest.state().front(), GameKind::CoNhay);
    assert_eq!(events(&guest), events(host));
    guest
}

#[test]
fn a_cờ_nhảy_room_for_three_hosted_joined_played_and_resumed_in_the_app() {
    let dir = common::temp_dir("online-nhay");
    let (mut host, invite) = lan_opens_a_nhay_room(dir.path());
    without_a_name_host_and_join_wait();
    let guest_dir = dir.path().join("guest");
    let mut guest = minh_joins_from_the_other_game(&mut host, &guest_dir, &invite);
    all_three_arms_play(&mut host, &mut guest);
    let mut guest = minh_restarts_into_his_seat(&mut host, guest, &guest_dir);
    // Leaving, asked first: the seat is forgotten, Cờ nhảy on this device
    // is back.
    leave_asked_first::<CoNhay>(&mut guest, &guest_dir);
}
