//! What a player still tripped over at a friend's table (issue 55), in
//! apps on a real server on 127.0.0.1: the panel says the room plays on
//! while a question is open; a watcher's "New game" asks first, as a
//! player's does; a watcher who has just come counts as everyone counts;
//! the join dialog names a seat the computer holds as the invite page
//! does, and its buttons stay put while a name is typed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::online_app::{TestApp, hosting_app, open_room, prefs, wait};
use crate::online_table::{
    app_with_link, clocked_server, has, hosting_app_on, press_in_join_dialog, seated, started,
};
use ca_ngua::app::play::link::{Link, LinkUpdate};
use ca_ngua::app::play::remote::Remote;
use ca_ngua_client::{Client, ClientCommand, ClientOptions, Request};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_protocol::{Invite, ServerAddress};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use std::time::Duration;

/// A headless watcher of the room (protocol 3, as the app).
pub(crate) fn watcher_client(invite: &Invite, name: &str) -> Client<CaNgua> {
    Client::<CaNgua>::connect_with(
        invite.server.clone(),
        Request::Watch {
            room: invite.room.clone(),
            name: name.into(),
        },
        ClientOptions::table(),
        || {},
    )
    .unwrap()
}

/// Lan's app hosting a started room of `players` on this device, the
/// seats nobody took played by the computer; its invite.
pub(crate) fn started_room(dir: &std::path::Path, players: usize) -> (TestApp, Invite) {
    let store = Store::at(dir.join("host"));
    let mut p = prefs("Lan");
    p.games.ca_ngua.player_count = players;
    store.save_prefs(&p).unwrap();
    let mut host = hosting_app(store);
    let invite = open_room::<CaNgua>(&mut host);
    wait(&mut [&mut host], 20, "the lobby", |hs| {
        hs[0]
            .query_by_role_and_label(Role::Button, "Start the game")
            .is_some()
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host], 20, "started", |hs| started(hs[0]));
    (host, invite)
}

/// The rectangle of the button named `label`.
fn button_rect(h: &TestApp, label: &str) -> egui::Rect {
    h.get_by_role_and_label(Role::Button, label).rect()
}

#[test]
fn the_panel_says_the_room_plays_on_while_leaving_is_asked() {
    let dir = common::temp_dir("trips55-leave");
    let (server, _clock) = clocked_server();
    let address = ServerAddress::new("127.0.0.1", server.addr().port());
    let mut host = hosting_app_on(&dir.path().join("host"), &address);
    crate::online_app::open_online(&mut host);
    host.get_by_role_and_label(Role::Button, "Open a room on the server")
        .click();
    wait(&mut [&mut host], 20, "the room opens", |hs| {
        hs[0]
            .state()
            .play::<CaNgua>()
            .remote()
            .and_then(|r| r.invite())
            .is_some()
    });
    let invite = host
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .invite()
        .unwrap();
    let mut guest = app_with_link(
        &dir.path().join("guest"),
        Some(prefs("Minh")),
        &invite.page_url(),
    );
    press_in_join_dialog(&mut guest, "Join");
    wait(&mut [&mut host, &mut guest], 20, "seated", |hs| {
        seated(hs[0]) == 2 && seated(hs[1]) == 2
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host, &mut guest], 20, "started", |hs| {
        started(hs[0]) && started(hs[1])
    });
    // Leaving asks first; meanwhile the panel says what goes on (issue
    // 55: it said the game waits, while the turn clock ran on).
    crate::online_app::open_online(&mut guest);
    guest
        .get_by_role_and_label(
            Role::Button,
            "Leave the room (the computer takes your seat)",
        )
        .click();
    guest.run_steps(4);
    assert!(guest.state().is_asking_to_leave());
    assert!(has(
        &guest,
        "The room plays on while you answer: your turn clock keeps running."
    ));
    assert!(!has(&guest, "The game waits while you answer"));
    guest.get_by_role_and_label(Role::Button, "Stay").click();
    guest.run_steps(2);
    assert!(!has(&guest, "while you answer"));
    server.shutdown();
}

#[test]
fn a_watcher_just_come_counts_as_everyone_does_and_is_asked_before_a_new_game() {
    let dir = common::temp_dir("trips55-watch");
    let (mut host, invite) = started_room(dir.path(), 2);
    // Bà watches first, from a headless client.
    let _ba = watcher_client(&invite, "Bà");
    wait(&mut [&mut host], 20, "the host sees one watcher", |hs| {
        has(hs[0], "Watching: 1")
    });
    // Then Hùng, from the invite link.
    let mut watcher = app_with_link(
        &dir.path().join("watcher"),
        Some(prefs("Hùng")),
        &invite.page_url(),
    );
    press_in_join_dialog(&mut watcher, "Watch");
    wait(&mut [&mut host, &mut watcher], 20, "two watch", |hs| {
        has(hs[0], "Watching: 2")
            && hs[1]
                .state()
                .play::<CaNgua>()
                .remote()
                .is_some_and(|r| r.is_watching())
    });
    // Hùng counts as everyone does (issue 55: "Watching: 1" on his
    // screen, still after 10 s).
    assert_eq!(
        watcher
            .state()
            .play::<CaNgua>()
            .remote()
            .unwrap()
            .watchers(),
        2
    );
    watcher.run_steps(3);
    assert!(has(&watcher, "Watching: 2"), "the watcher's own count");

    // "New game" asks a watcher too, in a watcher's words.
    watcher
        .get_by_role_and_label(Role::Button, "New game")
        .click();
    watcher.run_steps(4);
    assert!(watcher.state().is_asking_to_leave());
    assert!(has(&watcher, "Stop watching this room?"));
    assert!(has(&watcher, "Then a new game starts on this device."));
    assert!(has(&watcher, "The room plays on while you answer."));
    assert!(watcher.state().play::<CaNgua>().remote().is_some());
    let unnamed = crate::ui_support::unnamed(&watcher);
    assert!(unnamed.is_empty(), "{unnamed:?}");
    watcher
        .get_by_role_and_label(Role::Button, "Keep watching")
        .click();
    watcher.run_steps(2);
    assert!(!watcher.state().is_asking_to_leave());
    assert!(
        watcher
            .state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.is_watching())
    );
    // Said yes to, it leaves the room and starts a game here.
    watcher
        .get_by_role_and_label(Role::Button, "New game")
        .click();
    watcher.run_steps(4);
    watcher
        .query_all_by_role_and_label(Role::Button, "Stop watching")
        .last()
        .unwrap()
        .click();
    watcher.run_steps(4);
    assert!(watcher.state().play::<CaNgua>().remote().is_none());
    assert!(!watcher.state().is_asking_to_leave());
}

/// The dialog of a fresh app in `lang` opened with `invite`'s link, once
/// the room is described.
fn fresh_dialog(dir: &std::path::Path, lang: Lang, invite: &Invite) -> TestApp {
    let prefs = Prefs {
        lang: Some(lang),
        ..Prefs::default()
    };
    let mut app = app_with_link(dir, Some(prefs), &invite.page_url());
    let taken = if lang == Lang::En {
        " seats taken"
    } else {
        "Đã có "
    };
    wait(&mut [&mut app], 20, "the room described", |hs| {
        has(hs[0], taken)
    });
    app.run_steps(2);
    app
}

#[test]
fn the_join_dialog_names_the_computers_seat_and_keeps_its_buttons_still() {
    let dir = common::temp_dir("trips55-join");
    let (mut host, invite) = started_room(dir.path(), 3);
    host.run_steps(2);
    for (lang, words) in [
        (Lang::En, "3 of 3 seats taken: Lan, Computer, Computer"),
        (Lang::Vi, "Đã có 3 trên 3 người: Lan, Máy, Máy"),
    ] {
        let en = lang == Lang::En;
        let mut app = fresh_dialog(&dir.path().join(lang.code()), lang, &invite);
        assert!(has(&app, words), "no '{words}'");
        assert!(!has(&app, ", ,") && !has(&app, "Lan, \n"));
        // The invite page says the same seats the same way.
        let page_lang = if en { "en" } else { "vi" };
        let html = invite_page(&invite, page_lang);
        assert!(html.contains(words), "{html}");

        // Typing a name moves nothing under the pointer.
        let (watch, cancel) = if en {
            ("Watch", "Cancel")
        } else {
            ("Xem ván", "Thôi")
        };
        let before = (button_rect(&app, watch), button_rect(&app, cancel));
        assert!(
            app.get_by_role_and_label(Role::Button, watch)
                .accesskit_node()
                .is_disabled(),
            "a name first"
        );
        let field = app.get_by(|n| n.role() == Role::TextInput);
        field.focus();
        for typed in ["N", "guyễn", " Thị Minh", " Khai"] {
            app.get_by(|n| n.role() == Role::TextInput).type_text(typed);
            app.run_steps(2);
            let now = (button_rect(&app, watch), button_rect(&app, cancel));
            assert_eq!(now, before, "after '{typed}'");
        }
        assert!(
            !app.get_by_role_and_label(Role::Button, watch)
                .accesskit_node()
                .is_disabled()
        );
    }
}

/// The invite page of `invite`'s room, in `lang` (its `Accept-Language`).
fn invite_page(invite: &Invite, lang: &str) -> String {
    use std::io::{Read, Write};
    let addr = format!("127.0.0.1:{}", invite.server.port);
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let request = format!(
        "GET /join/{} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: {lang}\r\nConnection: close\r\n\r\n",
        invite.room
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut page = String::new();
    stream.read_to_string(&mut page).unwrap();
    page
}

/// A room heard through a hand-fed link: what the test pushes is what the
/// app polls next.
#[derive(Debug)]
pub(crate) struct FedLink {
    pub(crate) queue: std::sync::Arc<std::sync::Mutex<Vec<LinkUpdate<CaNgua>>>>,
}

impl Link<CaNgua> for FedLink {
    fn poll(&mut self) -> Vec<LinkUpdate<CaNgua>> {
        std::mem::take(&mut *self.queue.lock().unwrap())
    }
    fn send_after(&mut self, _cmd: ClientCommand<CaNgua>, _seq: u64) {}
    fn is_host(&self) -> bool {
        false
    }
    fn players(&self) -> Option<usize> {
        Some(4)
    }
    fn invite(&self) -> Option<Invite> {
        None
    }
}

/// A room's game of four, Minh (Red) a person, played until a seat before
/// Red passes and Red is to roll: its events, and where the passing
/// seat's roll begins.
pub(crate) fn game_to_a_pass_before_red() -> (Vec<ca_ngua_core::table::Event<CaNgua>>, usize) {
    use ca_ngua_core::table::{EventKind, InlineRunner, Table};
    use game_ca_ngua::engine::Seat;
    use rand::SeedableRng;
    let mut t = Table::<CaNgua>::lobby(
        game_ca_ngua::engine::Rules::standard(),
        4,
        "Minh",
        rand::rngs::StdRng::seed_from_u64(7),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    t.start(ca_ngua_core::game::Level::Easy, |_| String::new())
        .unwrap();
    for _ in 0..2_000 {
        let events = t.events();
        let passed = matches!(events.last().map(|e| &e.event),
            Some(EventKind::Passed { seat, .. }) if *seat != Seat::Red);
        if passed && t.replica().turn() == Some(Seat::Red) && t.replica().pending().is_none() {
            let roll = events
                .iter()
                .rposition(|e| matches!(e.event, EventKind::Rolled { .. }))
                .unwrap();
            return (events.to_vec(), roll);
        }
        assert!(common::records::play_one(&mut t), "the game goes on");
    }
    panic!("no pass before Red's turn");
}

#[test]
fn a_frame_shows_one_state_when_our_roll_comes_during_a_pass() {
    // Issue 55: "Green to play" and an active Roll while the board still
    // showed Blue's "cannot move". Here Red is ours: the seat before it
    // rolls and passes, and our roll is due at once in the room.
    use ca_ngua::app::play::phase::Phase;
    use game_ca_ngua::engine::Seat;
    let (events, roll) = game_to_a_pass_before_red();
    let dir = common::temp_dir("trips55-one-state");
    let store = Store::at(dir.path());
    store.save_prefs(&prefs("Minh")).unwrap();
    let app = ca_ngua::app::App::from_store(store, None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    let mut h = crate::ui_support::harness(app, crate::online_app::WINDOW);
    let queue = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let link = FedLink {
        queue: queue.clone(),
    };
    let server = ServerAddress::new("127.0.0.1", 1);
    h.state_mut()
        .play_mut::<CaNgua>()
        .go_online(Remote::new(Box::new(link), server, None));
    // The game so far, as a welcome sends it.
    {
        let mut q = queue.lock().unwrap();
        q.push(LinkUpdate::Welcome {
            seat: Some(Seat::Red),
            rules: game_ca_ngua::engine::Rules::standard(),
            room: "K7M2QX".into(),
            token: "t".into(),
            seq: events[roll - 1].seq,
            rebuilt: true,
            watching: false,
            start: None,
        });
        q.extend(events[..roll].iter().cloned().map(LinkUpdate::Event));
    }
    h.run_steps(4);
    assert!(!h.state().play::<CaNgua>().is_animating());
    // The seat before ours rolls and passes; our roll is due at once.
    queue
        .lock()
        .unwrap()
        .extend(events[roll..].iter().cloned().map(LinkUpdate::Event));
    let passer = match &events.last().unwrap().event {
        ca_ngua_core::table::EventKind::Passed { seat, .. } => *seat,
        _ => unreachable!(),
    };
    let i18n = ca_ngua_i18n::I18n::new(Lang::En);
    let colour = |s: Seat| {
        i18n.t(match s {
            Seat::Red => "colour-red",
            Seat::Green => "colour-green",
            Seat::Yellow => "colour-yellow",
            Seat::Blue => "colour-blue",
        })
    };
    let notice = format!("{} cannot move", colour(passer));
    let mut rolled_at = None;
    for frame in 0..80 {
        h.step();
        let play = h.state().play::<CaNgua>();
        let roll_open = h
            .query_all_by_role_and_label(Role::Button, "Roll")
            .any(|b| !b.accesskit_node().is_disabled());
        let our_turn_said = has(&h, "Red to play");
        let passing = play.presenter().notice().is_some() || has(&h, &notice);
        // One state a frame: our turn and our Roll, or the pass still
        // showing, never both.
        assert!(
            !((roll_open || our_turn_said || h.state().phase() == Phase::Roll) && passing),
            "frame {frame}: Roll open {roll_open}, 'Red to play' {our_turn_said}, and '{notice}'"
        );
        if roll_open && rolled_at.is_none() {
            rolled_at = Some(frame);
        }
    }
    assert!(rolled_at.is_some(), "our Roll came");
}
