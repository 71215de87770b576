//! The app as an online client (egui_kittest, real WebSockets on
//! 127.0.0.1): one app hosts a room through its settings, a second joins by
//! the invite link, the host starts, both play their first turns through
//! the UI and see the same events; the joiner's app restarts and comes back
//! into its seat by itself.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::Deadline;
use crate::common::wait::wait_until;
use crate::ui_support::{Window, harness};
use ca_ngua::app::App;
use ca_ngua::app::play::View;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_data::prefs::{PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_protocol::Invite;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

/// The app's window here: 1280×2400 (so the online section and the
/// room's settings fit in the settings panel), and steps of 50 ms.
pub(crate) const WINDOW: Window = Window {
    size: egui::Vec2::new(1280.0, 2400.0),
    step_dt: 0.05,
    ..Window::DEFAULT
};
use game_ca_ngua::CaNgua;
type Event = ca_ngua_core::table::Event<CaNgua>;

pub(crate) fn prefs(name: &str) -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        online_name: name.into(),
        welcomed: true,
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                players: [PlayerKind::Human; 4],
                fast_bots: true,
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

/// An app on screen.
pub(crate) type TestApp = Harness<'static, App>;

/// Steps every harness until `done` holds, for at most `secs` seconds
/// (the server answers on other threads).
pub(crate) fn wait(
    hs: &mut [&mut TestApp],
    secs: u64,
    what: &str,
    done: impl Fn(&[&mut TestApp]) -> bool,
) {
    wait_until(what, Duration::from_secs(secs), || {
        if done(hs) {
            return Some(());
        }
        for h in hs.iter_mut() {
            h.step();
        }
        None
    });
}

fn events(h: &Harness<'_, App>) -> Vec<Event> {
    h.state().play::<CaNgua>().source().events().to_vec()
}

/// Plays a step through the UI if it is this app's turn: rolls, or takes
/// the first move.
fn play_turn(h: &mut TestApp) {
    match h.state().phase() {
        Phase::Roll => {
            if let Some(b) = h.query_by_role_and_label(Role::Button, "Roll") {
                b.click();
            }
        }
        Phase::Choose => h.key_press(egui::Key::Num1),
        _ => {}
    }
}

pub(crate) fn open_online(h: &mut TestApp) {
    h.get_by_label("Play online").click();
    h.run_steps(2);
}

/// The app of the preferences saved in `store`, hosting rooms on loopback.
pub(crate) fn hosting_app(store: Store) -> TestApp {
    harness(
        App::from_store(store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers()
            .with_test_hosting(),
        WINDOW,
    )
}

/// Opens a room of the game in front from the settings (its game `V`) and
/// returns its invite once the server has answered.
pub(crate) fn open_room<V: View>(h: &mut TestApp) -> Invite {
    open_online(h);
    h.get_by_role_and_label(Role::Button, "Open a room on this device")
        .click();
    wait(&mut [h], 20, "the room opens", |hs| {
        hs[0]
            .state()
            .play::<V>()
            .remote()
            .and_then(|r| r.invite())
            .is_some()
    });
    h.state().play::<V>().remote().unwrap().invite().unwrap()
}

#[test]
fn two_apps_play_online_and_a_restarted_app_comes_back_to_its_seat() {
    let dir = common::temp_dir("online-app");
    let host_store = Store::at(dir.path().join("host"));
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

    // A friend joins with the invite link.
    let guest_dir = dir.path().join("guest");
    let guest_store = Store::at(&guest_dir);
    guest_store.save_prefs(&prefs("Minh")).unwrap();
    let mut guest = harness(
        App::from_store(guest_store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers(),
        WINDOW,
    );
    open_online(&mut guest);
    let field = guest.get_by(|n| {
        n.role() == Role::TextInput && n.label().is_some_and(|l| l == "Link or address")
    });
    field.focus();
    field.type_text(&invite.to_string());
    guest.run_steps(2);
    guest
        .get_by_role_and_label(Role::Button, "Join the room")
        .click();
    wait(&mut [&mut host, &mut guest], 20, "both seated", |hs| {
        hs.iter().all(|h| {
            h.state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.latest().seats().len() == 2)
        })
    });
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
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host, &mut guest], 20, "started", |hs| {
        hs.iter().all(|h| {
            h.state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.latest().is_started())
        })
    });

    // Both play through the UI: whoever's turn it is rolls, or moves.
    let play = play_turn;
    let deadline = Deadline::after(Duration::from_secs(60));
    while events(&host).len() < 30 {
        assert!(!deadline.passed(), "the game does not go on");
        play(&mut host);
        play(&mut guest);
        host.step();
        guest.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    wait(&mut [&mut host, &mut guest], 20, "the same events", |hs| {
        events(hs[0]).len() == events(hs[1]).len()
    });
    let seen = events(&host);
    assert_eq!(seen, events(&guest), "every screen sees the same events");
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
    for h in [&host, &guest] {
        let record = h.state().play::<CaNgua>().record().expect("recorded");
        assert_eq!(record.steps.len(), turns);
        let names: Vec<&str> = record.seats.iter().map(|s| s.name.as_str()).collect();
        assert!(
            names.contains(&"Lan") && names.contains(&"Minh"),
            "{names:?}"
        );
    }
    // The board shows the game the events built.
    wait(&mut [&mut host, &mut guest], 20, "shown", |hs| {
        hs.iter().all(|h| h.state().phase() != Phase::Animating)
    });
    let latest = host.state().play::<CaNgua>().source().latest().clone();
    assert_eq!(host.state().play::<CaNgua>().shown(), &latest);

    // The host puts Cờ nhảy in front for a while: the room stays, the
    // guest plays on until the host's turn, and back in front the host's
    // screen catches up with every event and may play.
    let guest_seat = guest
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .seat()
        .expect("seated");
    // First on to the guest's turn (the dice decide whose turn it is now).
    let deadline = Deadline::after(Duration::from_secs(60));
    while host.state().play::<CaNgua>().source().latest().turn() != Some(guest_seat) {
        assert!(!deadline.passed(), "the guest's turn does not come");
        play(&mut host);
        play(&mut guest);
        host.step();
        guest.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    host.get_by_role_and_label(Role::Button, "Cờ nhảy (Chinese checkers)")
        .click();
    host.run_steps(2);
    assert!(
        host.state().play::<CaNgua>().remote().is_some(),
        "still in the room"
    );
    let before = events(&guest).len();
    let deadline = Deadline::after(Duration::from_secs(60));
    loop {
        let shown = guest.state().play::<CaNgua>().shown().clone();
        let guests_turn = shown.turn() == Some(guest_seat);
        if events(&guest).len() > before
            && !guests_turn
            && guest.state().phase() != Phase::Animating
        {
            break;
        }
        assert!(!deadline.passed(), "the guest's turn does not end");
        play(&mut guest);
        guest.step();
        host.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    host.get_by_role_and_label(Role::Button, "Cờ Cá Ngựa (Ludo)")
        .click();
    wait(
        &mut [&mut host, &mut guest],
        20,
        "the host caught up",
        |hs| {
            events(hs[0]) == events(hs[1])
                && matches!(hs[0].state().phase(), Phase::Roll | Phase::Choose)
        },
    );

    // The guest's app closes and opens again: back in the same seat, the
    // game caught up, without doing anything.
    let seat = guest.state().play::<CaNgua>().remote().unwrap().seat();
    guest.state().flush();
    drop(guest);
    let mut guest = harness(
        App::from_store(Store::at(&guest_dir), None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers(),
        WINDOW,
    );
    wait(&mut [&mut host, &mut guest], 20, "back in the seat", |hs| {
        hs[1].state().play::<CaNgua>().remote().is_some_and(|r| {
            r.seat() == seat
                && r.latest().seq() == hs[0].state().play::<CaNgua>().source().latest().seq()
        })
    });
    assert_eq!(events(&guest), events(&host));
    // The guest's record of the room's game goes on in the same file.
    guest.state_mut().finish_writing();
    let (past, _) = Store::at(&guest_dir).records().list();
    assert_eq!(past.len(), 1, "one record of the room's game: {past:?}");
    let kept = Store::at(&guest_dir).records().load(&past[0].id).unwrap();
    let kept = kept.get::<CaNgua>().unwrap();
    assert_eq!(
        Some(kept),
        guest.state().play::<CaNgua>().record(),
        "the record continued"
    );
    // Leaving: back to the game on this device, and the seat forgotten.
    open_online(&mut guest);
    guest
        .get_by_role_and_label(
            Role::Button,
            "Leave the room (the computer takes your seat)",
        )
        .click();
    guest.run_steps(3);
    // Asked first (issue 45).
    assert!(guest.state().is_asking_to_leave());
    assert!(guest.state().is_in_room(), "still in the room until yes");
    guest
        .get_by_role_and_label(Role::Button, "Leave the room")
        .click();
    guest.run_steps(3);
    assert!(guest.state().play::<CaNgua>().remote().is_none());
    guest.state().flush();
    assert!(!guest_dir.join("online.ron").exists());
}

/// The server setting: rooms opened on a server named in the settings
/// (here one on 127.0.0.1), after checking that it answers; a server that
/// is not there is said to be so.
#[test]
fn a_room_opens_on_the_server_named_in_the_settings() {
    let server = ca_ngua_server::spawn(
        "127.0.0.1:0".parse().unwrap(),
        ca_ngua_server::ServerConfig::default(),
    )
    .unwrap();
    let port = server.addr().port();
    let dir = common::temp_dir("online-server");
    let store = Store::at(dir.path());
    store
        .save_prefs(&Prefs {
            online_use_server: true,
            online_server: format!("127.0.0.1:{port}"),
            ..prefs("Lan")
        })
        .unwrap();
    let mut app = harness(
        App::from_store(store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers(),
        WINDOW,
    );
    open_online(&mut app);
    app.get_by_role_and_label(Role::Button, "Check the server")
        .click();
    let answers = "The server answers: rooms can be opened there.";
    wait(&mut [&mut app], 20, "the check", |hs| {
        hs[0].query_by_label(answers).is_some()
    });
    app.get_by_role_and_label(Role::Button, "Open a room on the server")
        .click();
    wait(&mut [&mut app], 20, "the room opens", |hs| {
        hs[0]
            .state()
            .play::<CaNgua>()
            .remote()
            .and_then(|r| r.invite())
            .is_some()
    });
    let remote = app.state().play::<CaNgua>().remote().unwrap();
    let invite = remote.invite().unwrap();
    assert_eq!(invite.server.port, port, "the room is on that server");
    assert_eq!(remote.hosted_port(), None, "not one this app runs");
    drop(app);
    server.shutdown();

    // Nothing there: said plainly.
    let dir = common::temp_dir("online-server-gone");
    let store = Store::at(dir.path());
    store
        .save_prefs(&Prefs {
            online_use_server: true,
            online_server: format!("127.0.0.1:{port}"),
            ..prefs("Lan")
        })
        .unwrap();
    let mut app = harness(
        App::from_store(store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers(),
        WINDOW,
    );
    open_online(&mut app);
    app.get_by_role_and_label(Role::Button, "Check the server")
        .click();
    wait(&mut [&mut app], 20, "the check", |hs| {
        hs[0]
            .query_by_label_contains("Nothing answers at that address and port")
            .is_some()
    });
}

/// `ca-ngua LINK` (a clicked invite): the app opens and joins that room by
/// itself, before any remembered seat.
#[test]
fn an_app_opened_with_a_link_joins_that_room() {
    let dir = common::temp_dir("online-link");
    let host_store = Store::at(dir.path().join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);
    let guest_store = Store::at(dir.path().join("guest"));
    guest_store.save_prefs(&prefs("Minh")).unwrap();
    let link = format!("http://{}/join/{}", invite.server, invite.room);
    let mut guest = harness(
        App::from_store(guest_store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers()
            .with_join_link(link),
        WINDOW,
    );
    crate::online_table::press_in_join_dialog(&mut guest, "Join");
    wait(
        &mut [&mut host, &mut guest],
        20,
        "the guest sits down",
        |hs| {
            hs[1]
                .state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.seat().is_some() && r.latest().seats().len() == 2)
        },
    );
    assert_eq!(
        guest
            .state()
            .play::<CaNgua>()
            .remote()
            .unwrap()
            .invite()
            .map(|i| i.room),
        Some(invite.room)
    );
}

/// The host's app closes (or crashes) in the middle of a game: opened again,
/// it hosts the room again on the same port from the state it kept in its
/// folder, goes back into its seat, and the friend's app reconnects by
/// itself; the game goes on with every event once, in order, on both.
#[test]
fn a_host_that_restarts_gets_its_room_back() {
    let dir = common::temp_dir("online-rehost");
    let host_dir = dir.path().join("host");
    let host_store = Store::at(&host_dir);
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);
    let guest_store = Store::at(dir.path().join("guest"));
    guest_store.save_prefs(&prefs("Minh")).unwrap();
    let mut guest = harness(
        App::from_store(guest_store, None, Lang::En, None)
            .with_inline_computers()
            .with_join_link(invite.page_url()),
        WINDOW,
    );
    crate::online_table::press_in_join_dialog(&mut guest, "Join");
    wait(&mut [&mut host, &mut guest], 20, "both seated", |hs| {
        hs.iter().all(|h| {
            h.state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.latest().seats().len() == 2)
        })
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    let play = play_turn;
    let until = |host: &mut TestApp, guest: &mut TestApp, n: usize| {
        let deadline = Deadline::after(Duration::from_secs(60));
        while events(host).len() < n || events(guest).len() < n {
            assert!(!deadline.passed(), "the game does not go on");
            play(host);
            play(guest);
            host.step();
            guest.step();
            std::thread::sleep(Duration::from_millis(2));
        }
    };
    until(&mut host, &mut guest, 20);
    let port = invite.server.port;
    assert!(
        host_dir
            .join("hosted-rooms/rooms")
            .join(format!("{}.room", invite.room))
            .exists()
    );

    // The host's app goes, and its server with it.
    host.state().flush();
    drop(host);
    let mut host = hosting_app(Store::at(&host_dir));
    wait(&mut [&mut host, &mut guest], 30, "the room is back", |hs| {
        hs.iter().all(|h| {
            h.state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.latest().is_started())
        }) && events(hs[0]) == events(hs[1])
    });
    let back = host
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .invite()
        .unwrap();
    assert_eq!(
        (back.room.as_str(), back.server.port),
        (invite.room.as_str(), port)
    );
    let n = events(&host).len();
    until(&mut host, &mut guest, n + 20);
    wait(&mut [&mut host, &mut guest], 20, "the same events", |hs| {
        events(hs[0]) == events(hs[1])
    });
    for (i, e) in events(&host).iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1);
    }
}

/// A page opened from `/play/#join=CODE&name=NAME` joins at once under
/// that name, which is then remembered; a page opened from `#join=CODE`
/// with no name remembered asks for one in the join dialog.
#[test]
fn a_page_link_joins_at_once_with_a_name_and_asks_without_one() {
    let dir = common::temp_dir("page-link");
    let host_store = Store::at(dir.path().join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);
    let link = format!("http://{}/join/{}", invite.server, invite.room);

    let mut asking = harness(
        App::from_store(Store::at(dir.path().join("new")), None, Lang::En, None)
            .with_inline_computers()
            .with_page_link(link.clone(), false, None),
        WINDOW,
    );
    for _ in 0..5 {
        asking.step();
    }
    assert!(asking.state().is_join_dialog_open(), "the name is asked");
    assert!(asking.state().play::<CaNgua>().remote().is_none());
    drop(asking);

    let guest_store = Store::at(dir.path().join("guest"));
    let mut guest = harness(
        App::from_store(guest_store.clone(), None, Lang::En, None)
            .with_inline_computers()
            .with_page_link(link, false, Some("Web".into())),
        WINDOW,
    );
    wait(
        &mut [&mut host, &mut guest],
        20,
        "the page sits down without a click",
        |hs| {
            hs[1]
                .state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.seat().is_some() && r.latest().seats().len() == 2)
        },
    );
    assert!(!guest.state().is_join_dialog_open());
    guest.state().flush();
    assert_eq!(guest_store.load_prefs().0.online_name, "Web", "remembered");
}
