//! One window: a clicked invite while the app is open. The real `ca-ngua`
//! binary, started with a link, hands it to the app already running for
//! the same config folder (a socket in the runtime folder) and exits
//! without a window; the running app, in the middle of a local game, asks
//! before leaving it (no "another room" when none is open), keeps playing
//! when told to, and joins the room when told to.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::online_app::{TestApp, WINDOW, hosting_app, open_room, prefs, wait};
use crate::ui_support::harness;
use ca_ngua::app::App;
use ca_ngua::instance::{Claim, Request, claim};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use game_ca_ngua::CaNgua;
use std::path::Path;
use std::process::Command;

/// `ca-ngua LINK` as the desktop starts it for a clicked link, for the
/// player whose config folder is `config`.
fn click_link(link: &str, config: &Path, runtime: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_ca-ngua"))
        .arg(link)
        .env("CA_NGUA_CONFIG_DIR", config)
        .env("XDG_RUNTIME_DIR", runtime)
        // No display: a start that did not hand off could not open a window.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "handed off and exited: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Waits until the host and the friend both see the room's two seats
/// taken, checking every frame of the friend's on the way with `each`;
/// the friend's room is then `room`.
fn both_seated(host: &mut TestApp, friend: &mut TestApp, room: &str, each: impl Fn(&TestApp)) {
    wait(&mut [host, friend], 20, "seated in the room", |hs| {
        each(hs[1]);
        hs.iter().all(|h| {
            h.state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.latest().seats().len() == 2)
        })
    });
    let joined = friend.state().play::<CaNgua>().remote().unwrap().invite();
    assert_eq!(joined.map(|i| i.room).as_deref(), Some(room));
}

/// The question, as asked with no room open: leaving the game here, not
/// "another room" (issue 45).
fn asked(h: &TestApp) -> bool {
    let asked = h
        .query_all_by_label_contains("Leave this game for room ")
        .next()
        .is_some();
    assert!(h.query_by_label("Join another room?").is_none());
    asked
}

#[test]
fn a_link_clicked_while_the_app_is_open_goes_to_its_window() {
    let dir = common::temp_dir("handoff");
    let host_store = Store::at(dir.path().join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);

    // The friend's app is open, in the middle of a local game.
    let config = dir.path().join("friend");
    let runtime = dir.path().join("run");
    std::fs::create_dir_all(&runtime).unwrap();
    let store = Store::at(&config);
    store.save_prefs(&prefs("Minh")).unwrap();
    let Claim::First(listening) = claim(&config, Some(&runtime), &Request::Show, || {}) else {
        panic!("the open app listens");
    };
    let mut friend = harness(
        App::from_store(store, None, Lang::En, None)
            .with_inline_computers()
            .with_instance(listening),
        WINDOW,
    );
    friend.get_by_role_and_label(Role::Button, "Roll").click();
    wait(&mut [&mut friend], 20, "a game in progress", |hs| {
        hs[0].state().play::<CaNgua>().in_progress()
    });

    // A link clicked now: the app asks, and "keep playing" changes nothing.
    let link = invite.page_url();
    click_link(&link, &config, &runtime);
    wait(&mut [&mut friend], 20, "the question", |hs| asked(hs[0]));
    friend
        .get_by_role_and_label(Role::Button, "Keep playing")
        .click();
    friend.run_steps(3);
    assert!(!asked(&friend));
    assert!(friend.state().play::<CaNgua>().remote().is_none());
    assert!(friend.state().play::<CaNgua>().in_progress());

    // Clicked again, and this time the friend goes.
    click_link(&link, &config, &runtime);
    wait(&mut [&mut friend], 20, "the question", |hs| asked(hs[0]));
    friend
        .get_by_role_and_label(Role::Button, "Join the room")
        .click();
    // The question was the one step: no other dialog (the name is known).
    both_seated(&mut host, &mut friend, &invite.room, |_| {});
}

/// macOS hands the link that started the app to it as an event, which
/// waits in the same queue until the window's first frame: there it joins
/// as a link on the command line does, without asking to leave the game
/// kept from before (a later click, above, asks).
#[test]
fn a_link_handed_over_before_the_first_frame_joins_as_the_command_line_does() {
    let dir = common::temp_dir("handoff-first");
    let host_store = Store::at(dir.path().join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);

    // The friend played a local game here before, which is kept.
    let config = dir.path().join("friend");
    Store::at(&config).save_prefs(&prefs("Minh")).unwrap();
    {
        let mut before = harness(
            App::from_store(Store::at(&config), None, Lang::En, None).with_inline_computers(),
            WINDOW,
        );
        before.get_by_role_and_label(Role::Button, "Roll").click();
        wait(&mut [&mut before], 20, "a game in progress", |hs| {
            hs[0].state().play::<CaNgua>().in_progress()
        });
    }

    // The click starts the app: the link is handed over (as an NSURL's
    // string, its room code partly percent-encoded) before any frame.
    let listening = ca_ngua::instance::Listening::alone();
    let handover = listening.handover(|| {});
    let url = invite.page_url().replace(
        &invite.room[..1],
        &format!("%{:02X}", invite.room.as_bytes()[0]),
    );
    assert!(ca_ngua::platform::open_url(&url, &handover), "{url}");
    let mut friend = harness(
        App::from_store(Store::at(&config), None, Lang::En, None)
            .with_inline_computers()
            .with_instance(listening),
        WINDOW,
    );
    assert!(
        friend.state().play::<CaNgua>().in_progress(),
        "the game from before is back"
    );
    // The join dialog, as for a link on the command line: no question.
    assert!(!asked(&friend), "no question at the first frame");
    crate::online_table::press_in_join_dialog(&mut friend, "Join");
    both_seated(&mut host, &mut friend, &invite.room, |friend| {
        assert!(!asked(friend), "no question at the first frame");
    });
}
