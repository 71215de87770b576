//! A steady table (issue 45), in the app at its default size (1180×780)
//! on real WebSockets on 127.0.0.1: the main button, the talk's buttons
//! and the cards keep their rectangles while a watcher comes, lines are
//! said, a friend's card gets a line of news and a friend leaves; a
//! watcher sees the results when the room has them, not minutes of replay
//! later.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::online_app::{TestApp, open_room, prefs, wait};
use crate::online_table::{
    app_with_link, clocked_server, friend, has, hosting_app_on, press_in_join_dialog,
    run_out_the_clock, started,
};
use crate::ui_support::{Window, harness};
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_client::{Client, ClientCommand, ClientOptions, Request};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_protocol::Saying;
use ca_ngua_protocol::{Invite, ServerAddress};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use std::time::Duration;

/// The app's default window.
const DEFAULT_WINDOW: Window = Window {
    size: egui::Vec2::new(1180.0, 780.0),
    step_dt: 0.05,
    ..Window::DEFAULT
};

/// Where the things a player clicks or reads are: the main button, the
/// talk's menu and first emoji, each card's first line.
fn places(h: &TestApp) -> Vec<(String, egui::Rect)> {
    let main = h
        .query_all_by_role(Role::Button)
        .find(|b| {
            b.accesskit_node()
                .label()
                .is_some_and(|l| l == "Roll" || l == "Please wait")
        })
        .expect("the main button");
    let mut out = vec![("main button".to_string(), main.rect())];
    for label in ["Phrases", "Send 😀"] {
        out.push((
            label.into(),
            h.get_by_role_and_label(Role::Button, label).rect(),
        ));
    }
    // (Minh and Bảo sit in the order they arrived.)
    for card in ["Red · Lan (you)", "Green · ", "Yellow · "] {
        out.push((card.into(), h.get_by_label_contains(card).rect()));
    }
    out
}

fn assert_same(before: &[(String, egui::Rect)], h: &TestApp, after: &str) {
    let now = places(h);
    for ((what, was), (_, is)) in before.iter().zip(&now) {
        assert!(
            (was.min - is.min).length() < 0.5 && (was.size() - is.size()).length() < 0.5,
            "{what} moved when {after}: {was:?} → {is:?}"
        );
    }
}

/// Steps `h` until `text` shows.
fn until_shown(h: &mut TestApp, text: &str) {
    wait(&mut [h], 30, text, |hs| has(hs[0], text));
    h.run_steps(2);
}

#[test]
fn the_main_button_the_talk_and_the_cards_keep_their_place_as_lines_come() {
    let dir = common::temp_dir("steady-table");
    let store = Store::at(dir.path().join("host"));
    store
        .save_prefs(&Prefs {
            games: ca_ngua_data::prefs::GamePrefs {
                ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                    player_count: 3,
                    ..prefs("Lan").games.ca_ngua
                },
                ..prefs("Lan").games
            },
            ..prefs("Lan")
        })
        .unwrap();
    let mut host = harness(
        App::from_store(store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers()
            .with_test_hosting()
            .with_away(Duration::from_secs(90)),
        crate::online_app::WINDOW,
    );
    let invite = open_room::<CaNgua>(&mut host);
    // The room opened (its button lies low in the settings), the window
    // as the app opens it.
    host.set_size(DEFAULT_WINDOW.size);
    let minh = friend(&invite, "Minh");
    let bao = friend(&invite, "Bảo");
    wait(&mut [&mut host], 20, "all seated", |hs| {
        crate::online_table::seated(hs[0]) == 3
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host], 20, "started", |hs| started(hs[0]));
    host.run_steps(4);
    let before = places(&host);

    // A watcher comes: "Watching: 1".
    let watcher = Client::<CaNgua>::connect_with(
        invite.server.clone(),
        Request::Watch {
            room: invite.room.clone(),
            name: "Bà".into(),
        },
        ClientOptions::table(),
        || {},
    )
    .unwrap();
    until_shown(&mut host, "Watching: 1");
    assert_same(&before, &host, "a watcher came");

    // Three lines are said, a phrase and emoji.
    minh.send(ClientCommand::Say(Saying::Phrase("nice_move".into())));
    until_shown(&mut host, "Minh says: Nice move!");
    minh.send(ClientCommand::Say(Saying::Emoji("👍".into())));
    until_shown(&mut host, "Minh says: 👍");
    bao.send(ClientCommand::Say(Saying::Phrase("hurry_up".into())));
    until_shown(&mut host, "Bảo says: Hurry up!");
    assert_same(&before, &host, "lines were said");

    // Bảo's connection drops: his card says so, with its seconds (a card
    // whose words wrapped onto a new row, before issue 45).
    bao.close();
    until_shown(&mut host, "Reconnecting: ");
    assert_same(&before, &host, "a card got a line of news");
    // Minh leaves the room: his card says so on its line of news, his name
    // does not grow by "(left; …)", and nothing below moves.
    minh.send(ClientCommand::Leave);
    until_shown(&mut host, "Left; the computer plays");
    assert!(!has(&host, " · Minh (left"), "on the card");
    assert_same(&before, &host, "a friend left");
    // Every node with a role has a name (the talk's lines and emoji too).
    let unnamed = crate::ui_support::unnamed(&host);
    assert!(unnamed.is_empty(), "{unnamed:?}");
    drop((minh, watcher));
}

/// An app watching the room of `invite` (opened with its link, Watch).
fn watching_app(dir: &std::path::Path, invite: &Invite) -> TestApp {
    let mut watcher = app_with_link(dir, Some(prefs("Bà")), &invite.page_url());
    press_in_join_dialog(&mut watcher, "Watch");
    wait(&mut [&mut watcher], 20, "watching", |hs| {
        hs[0]
            .state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.is_watching() && r.latest().is_started())
    });
    watcher
}

#[test]
fn a_watcher_sees_the_results_when_the_room_has_them() {
    let dir = common::temp_dir("watcher-in-step");
    let (server, clock) = clocked_server();
    let address = ServerAddress::new("127.0.0.1", server.addr().port());
    let mut host = hosting_app_on(&dir.path().join("host"), &address);
    crate::online_app::open_online(&mut host);
    host.get_by_role_and_label(Role::Button, "Open a room on the server")
        .click();
    wait(&mut [&mut host], 20, "the lobby", |hs| {
        hs[0]
            .query_by_role_and_label(Role::Button, "Start the game")
            .is_some()
    });
    let invite = host
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .invite()
        .unwrap();
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host], 20, "started", |hs| started(hs[0]));
    let mut watcher = watching_app(&dir.path().join("watcher"), &invite);
    // Nobody plays: the clock runs out, the computers play it all fast.
    run_out_the_clock(
        &clock,
        &mut host,
        &mut watcher,
        "the room's game over",
        |_, w| {
            w.state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.latest().is_over())
        },
    );
    // The room's results are in: the watcher shows them within a couple
    // of seconds of the app's own clock, as the players do, rather than
    // replaying the whole game at its pace first.
    for _ in 0..6 {
        if watcher.state().phase() == Phase::Over {
            break;
        }
        let t = crate::ui_support::clock(&watcher) + 0.5;
        crate::ui_support::at_time(&mut watcher, t);
    }
    assert_eq!(watcher.state().phase(), Phase::Over, "the watcher lags");
    server.shutdown();
}
