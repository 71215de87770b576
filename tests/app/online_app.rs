//! The app as an online client (egui_kittest, real WebSockets on
//! 127.0.0.1), and what the online tests share: a room opened on a server
//! named in the settings, an app opened with a link joins that room, a
//! host that restarts gets its room back, a page's link joins at once.
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
use std::path::Path;
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

/// The events the app's source has, all of them.
pub(crate) fn events(h: &Harness<'_, App>) -> Vec<Event> {
    h.state().play::<CaNgua>().source().events().to_vec()
}

/// Plays a step through the UI if it is this app's turn: rolls, or takes
/// the first move.
pub(crate) fn play_turn(h: &mut TestApp) {
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

/// The app of the preferences saved in `store`, the welcome skipped.
pub(crate) fn app_of(store: Store) -> TestApp {
    harness(
        App::from_store(store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers(),
        WINDOW,
    )
}

/// Waits until both apps see two seats taken in the room of game `V`.
pub(crate) fn wait_both_seated<V: View>(host: &mut TestApp, guest: &mut TestApp) {
    wait(&mut [host, guest], 20, "both seated", |hs| {
        hs.iter().all(|h| {
            h.state()
                .play::<V>()
                .remote()
                .is_some_and(|r| r.latest().seats().len() == 2)
        })
    });
}

/// The guest joins the host's room of game `V` with `link` typed in the
/// online panel's "Link or address", then both see it seated.
pub(crate) fn join_typed<V: View>(host: &mut TestApp, guest: &mut TestApp, link: &str) {
    open_online(guest);
    let field = guest.get_by(|n| {
        n.role() == Role::TextInput && n.label().is_some_and(|l| l == "Link or address")
    });
    field.focus();
    field.type_text(link);
    guest.run_steps(2);
    guest
        .get_by_role_and_label(Role::Button, "Join the room")
        .click();
    wait_both_seated::<V>(host, guest);
}

/// The host starts the game `V`, and both apps see it started.
pub(crate) fn start<V: View>(host: &mut TestApp, guest: &mut TestApp) {
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [host, guest], 20, "started", |hs| {
        hs.iter().all(|h| {
            h.state()
                .play::<V>()
                .remote()
                .is_some_and(|r| r.latest().is_started())
        })
    });
}

/// Both apps play with `play` (when it is their turn) while `go_on`
/// holds, for at most 60 seconds (`stuck` says what then).
pub(crate) fn play_while(
    host: &mut TestApp,
    guest: &mut TestApp,
    play: fn(&mut TestApp),
    stuck: impl Fn(&TestApp) -> String,
    go_on: impl Fn(&TestApp, &TestApp) -> bool,
) {
    let deadline = Deadline::after(Duration::from_secs(60));
    while go_on(host, guest) {
        assert!(!deadline.passed(), "{}", stuck(host));
        play(host);
        play(guest);
        host.step();
        guest.step();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The guest's app, seated in the room of game `V`, closes and opens
/// again from its files in `guest_dir`: back in the same seat, caught up
/// with the host, without doing anything. The new app.
pub(crate) fn restart_into_seat<V: View>(
    host: &mut TestApp,
    guest: TestApp,
    guest_dir: &Path,
) -> TestApp {
    let seat = guest.state().play::<V>().remote().unwrap().seat();
    guest.state().flush();
    drop(guest);
    let mut guest = app_of(Store::at(guest_dir));
    wait(
        &mut [&mut *host, &mut guest],
        20,
        "back in the seat",
        |hs| {
            hs[1].state().play::<V>().remote().is_some_and(|r| {
                r.seat() == seat
                    && r.latest().seq() == hs[0].state().play::<V>().source().latest().seq()
            })
        },
    );
    guest
}

/// The guest leaves the room of game `V` from the online panel: asked
/// first (issue 45), then out, and the seat forgotten in `guest_dir`.
pub(crate) fn leave_asked_first<V: View>(guest: &mut TestApp, guest_dir: &Path) {
    open_online(guest);
    guest
        .get_by_role_and_label(
            Role::Button,
            "Leave the room (the computer takes your seat)",
        )
        .click();
    guest.run_steps(3);
    assert!(guest.state().is_asking_to_leave());
    assert!(guest.state().is_in_room(), "still in the room until yes");
    guest
        .get_by_role_and_label(Role::Button, "Leave the room")
        .click();
    guest.run_steps(3);
    assert!(guest.state().play::<V>().remote().is_none());
    guest.state().flush();
    assert!(!guest_dir.join("online.ron").exists());
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
    let mut app = app_of(store);
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
    let mut app = app_of(store);
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
    wait_both_seated::<CaNgua>(&mut host, &mut guest);
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    let until = |host: &mut TestApp, guest: &mut TestApp, n: usize| {
        play_while(
            host,
            guest,
            play_turn,
            |_| "the game does not go on".into(),
            |host, guest| events(host).len() < n || events(guest).len() < n,
        );
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
