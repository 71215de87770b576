//! Two apps online (egui_kittest, real WebSockets on 127.0.0.1): one
//! hosts a room through its settings, a second joins by the invite link,
//! the host starts, both play through the UI and see the same events; the
//! host puts the other game in front for a while and catches up; the
//! joiner's app restarts and comes back into its seat by itself, then
//! leaves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::Deadline;
use crate::online_app::{
    TestApp, app_of, events, hosting_app, join_typed, leave_asked_first, open_room, play_turn,
    play_while, prefs, restart_into_seat, start, wait,
};
use ca_ngua::app::play::phase::Phase;
use ca_ngua_data::store::Store;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use game_ca_ngua::CaNgua;
use std::path::Path;
use std::time::Duration;

/// Lan's app, its files in `dir`, opens a room from the settings and
/// waits in its lobby: her app and the invite.
fn lan_opens_a_room(dir: &Path) -> (TestApp, ca_ngua_protocol::Invite) {
    let host_store = Store::at(dir.join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    // The host opens a room from the settings.
    let invite = open_room::<CaNgua>(&mut host);
    assert_eq!(invite.server.host, "127.0.0.1");
    // (The host's dice seed, an event, may still be on its way.)
    wait(&mut [&mut host], 20, "the lobby", |hs| {
        hs[0].state().phase() == Phase::Lobby
    });
    host.run_steps(2);
    assert!(host.query_by_label_contains("Room ").is_some());
    // Every control of the online section and the lobby has a name.
    host.check_accessibility();
    (host, invite)
}

/// Minh's app, its files in `guest_dir`, joins with the invite typed in
/// the online panel; the host sees him, only the host may start, and
/// starts.
fn minh_joins_and_lan_starts(
    host: &mut TestApp,
    guest_dir: &Path,
    invite: &ca_ngua_protocol::Invite,
) -> TestApp {
    let guest_store = Store::at(guest_dir);
    guest_store.save_prefs(&prefs("Minh")).unwrap();
    let mut guest = app_of(guest_store);
    join_typed::<CaNgua>(host, &mut guest, &invite.to_string());
    host.run_steps(2);
    // The guest's name shows in the lobby (and in the room's settings).
    assert!(
        host.query_all_by_label_contains("Minh").next().is_some(),
        "the host sees the guest"
    );
    // Only the host may start.
    assert!(
        guest
            .query_by_role_and_label(Role::Button, "Start the game")
            .is_none()
    );
    start::<CaNgua>(host, &mut guest);
    guest
}

/// Both play through the UI: whoever's turn it is rolls, or moves; every
/// screen sees the same events, records them with the players' names,
/// and shows the game they built.
fn both_play_and_see_the_same_game(host: &mut TestApp, guest: &mut TestApp) {
    play_while(
        host,
        guest,
        play_turn,
        |_| "the game does not go on".into(),
        |host, _| events(host).len() < 30,
    );
    wait(
        &mut [&mut *host, &mut *guest],
        20,
        "the same events",
        |hs| events(hs[0]).len() == events(hs[1]).len(),
    );
    let seen = events(host);
    assert_eq!(seen, events(guest), "every screen sees the same events");
    for (i, e) in seen.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1);
    }
    // Both apps record the room's game from the events they were sent,
    // with the players' names.
    let turns = seen
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                ca_ngua_core::table::EventKind::Moved { .. }
                    | ca_ngua_core::table::EventKind::Passed { .. }
            )
        })
        .count();
    for h in [&*host, &*guest] {
        let record = h.state().play::<CaNgua>().record().expect("recorded");
        assert_eq!(record.steps.len(), turns);
        let names: Vec<&str> = record.seats.iter().map(|s| s.name.as_str()).collect();
        assert!(
            names.contains(&"Lan") && names.contains(&"Minh"),
            "{names:?}"
        );
    }
    // The board shows the game the events built.
    wait(&mut [&mut *host, &mut *guest], 20, "shown", |hs| {
        hs.iter().all(|h| h.state().phase() != Phase::Animating)
    });
    let latest = host.state().play::<CaNgua>().source().latest().clone();
    assert_eq!(host.state().play::<CaNgua>().shown(), &latest);
}

/// The host puts Cờ nhảy in front for a while: the room stays, the guest
/// plays on until the host's turn, and back in front the host's screen
/// catches up with every event and may play.
fn the_host_away_in_the_other_game_catches_up(host: &mut TestApp, guest: &mut TestApp) {
    let guest_seat = guest
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .seat()
        .expect("seated");
    // First on to the guest's turn (the dice decide whose turn it is now).
    play_while(
        host,
        guest,
        play_turn,
        |_| "the guest's turn does not come".into(),
        |host, _| host.state().play::<CaNgua>().source().latest().turn() != Some(guest_seat),
    );
    host.get_by_role_and_label(Role::Button, "Cờ nhảy (Chinese checkers)")
        .click();
    host.run_steps(2);
    assert!(
        host.state().play::<CaNgua>().remote().is_some(),
        "still in the room"
    );
    let before = events(guest).len();
    let deadline = Deadline::after(Duration::from_secs(60));
    loop {
        let shown = guest.state().play::<CaNgua>().shown().clone();
        let guests_turn = shown.turn() == Some(guest_seat);
        if events(guest).len() > before && !guests_turn && guest.state().phase() != Phase::Animating
        {
            break;
        }
        assert!(!deadline.passed(), "the guest's turn does not end");
        play_turn(guest);
        guest.step();
        host.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    host.get_by_role_and_label(Role::Button, "Cờ Cá Ngựa (Ludo)")
        .click();
    wait(
        &mut [&mut *host, &mut *guest],
        20,
        "the host caught up",
        |hs| {
            events(hs[0]) == events(hs[1])
                && matches!(hs[0].state().phase(), Phase::Roll | Phase::Choose)
        },
    );
}

/// The guest's app closes and opens again: back in the same seat, the game
/// caught up, without doing anything; its record of the room's game goes
/// on in the same file. The new app.
fn the_guest_restarts_into_its_seat(
    host: &mut TestApp,
    guest: TestApp,
    guest_dir: &Path,
) -> TestApp {
    let mut guest = restart_into_seat::<CaNgua>(host, guest, guest_dir);
    assert_eq!(events(&guest), events(host));
    // The guest's record of the room's game goes on in the same file.
    guest.state_mut().finish_writing();
    let (past, _) = Store::at(guest_dir).records().list();
    assert_eq!(past.len(), 1, "one record of the room's game: {past:?}");
    let kept = Store::at(guest_dir).records().load(&past[0].id).unwrap();
    let kept = kept.get::<CaNgua>().unwrap();
    assert_eq!(
        Some(kept),
        guest.state().play::<CaNgua>().record(),
        "the record continued"
    );
    guest
}

#[test]
fn two_apps_play_online_and_a_restarted_app_comes_back_to_its_seat() {
    let dir = common::temp_dir("online-app");
    let (mut host, invite) = lan_opens_a_room(dir.path());
    let guest_dir = dir.path().join("guest");
    let mut guest = minh_joins_and_lan_starts(&mut host, &guest_dir, &invite);
    both_play_and_see_the_same_game(&mut host, &mut guest);
    the_host_away_in_the_other_game_catches_up(&mut host, &mut guest);
    let mut guest = the_guest_restarts_into_its_seat(&mut host, guest, &guest_dir);

    // Leaving, asked first: back to the game on this device, and the seat
    // forgotten.
    leave_asked_first::<CaNgua>(&mut guest, &guest_dir);
}
