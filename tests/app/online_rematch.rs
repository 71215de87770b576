//! After an online game, and "I'm back" (issue 45), in two apps on a real
//! server on 127.0.0.1 whose clock the test moves by hand: the results
//! offer everyone one more game in the same room (a guest's choice shows
//! on the host's cards and results; the host starts it), nothing on a
//! guest's results leaves the room without asking, a new round starts
//! with no one away, the room's talk goes with the room; while the
//! computer holds a seat its person has "I'm back", usable at once on
//! another's turn and said to screen readers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::Deadline;
use crate::online_app::{TestApp, open_online, prefs, wait};
use crate::online_table::{
    announced, app_with_link, clocked_server, has, hosting_app_on, press_in_join_dialog,
    run_out_the_clock, say_phrase, seated, started,
};
use crate::ui_support::at_time;
use ca_ngua::app::play::phase::Phase;
use ca_ngua::app::play::presence::Presence;
use ca_ngua_client::{Client, ClientCommand, ClientOptions, Request};
use ca_ngua_core::game::Level;
use ca_ngua_protocol::ChatMode;
use ca_ngua_protocol::ServerAddress;
use ca_ngua_server::{Clock, ServerHandle};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};
use std::time::{Duration, Instant};

/// A room of two on a hand-moved clock (10-second turns): the host Lan's
/// app and the guest Minh's app, started.
fn clocked_table(dir: &std::path::Path) -> (ServerHandle, Clock, TestApp, TestApp) {
    let (server, clock) = clocked_server();
    let address = ServerAddress::new("127.0.0.1", server.addr().port());
    let mut host = hosting_app_on(&dir.join("host"), &address);
    open_online(&mut host);
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
    let mut guest = app_with_link(&dir.join("guest"), Some(prefs("Minh")), &invite.page_url());
    press_in_join_dialog(&mut guest, "Join");
    wait(&mut [&mut host, &mut guest], 20, "seated", |hs| {
        seated(hs[0]) == 2 && seated(hs[1]) == 2
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host, &mut guest], 20, "started", |hs| {
        started(hs[0]) && started(hs[1])
    });
    (server, clock, host, guest)
}

fn button_enabled(h: &TestApp, label: &str) -> bool {
    h.query_all_by_role_and_label(Role::Button, label)
        .any(|b| !b.accesskit_node().is_disabled())
}

/// Round 1 over: the guest is offered one more game in the room, and
/// nothing that would start a game on this device instead.
fn offered_to_the_guest(host: &mut TestApp, guest: &mut TestApp) {
    host.run_steps(2);
    guest.run_steps(2);
    assert!(button_enabled(guest, "One more game"));
    assert!(
        guest
            .query_by_role_and_label(Role::Button, "Play again")
            .is_none()
    );
    assert!(button_enabled(guest, "Leave the room…"));
    assert!(has(guest, "Host: starts the next game"), "Lan's choice");
    assert!(has(host, "Deciding…"), "Minh has not chosen yet");
    for h in [&*host, &*guest] {
        let unnamed = crate::ui_support::unnamed(h);
        assert!(unnamed.is_empty(), "{unnamed:?}");
    }
}

/// Minh is in (his card and the host's results say so); leaving is asked
/// first, and staying changes nothing.
fn minh_is_in_and_stays(host: &mut TestApp, guest: &mut TestApp) {
    guest
        .get_all_by_role_and_label(Role::Button, "One more game")
        .next()
        .unwrap()
        .click();
    wait(
        &mut [&mut *host, &mut *guest],
        20,
        "the host sees it",
        |hs| has(hs[0], "Wants one more game"),
    );
    assert!(has(host, "Minh: Wants one more game"), "in the results");
    assert!(has(host, "1 of 1 want one more game"));
    guest.run_steps(2);
    assert!(!button_enabled(guest, "One more game"));
    assert!(
        guest
            .query_all_by_role_and_label(Role::Button, "Waiting for the host…")
            .next()
            .is_some()
    );

    // Leaving is asked first, and staying changes nothing.
    guest
        .get_by_role_and_label(Role::Button, "Leave the room…")
        .click();
    // (A window's first frame only measures it.)
    guest.run_steps(4);
    assert!(guest.state().is_asking_to_leave());
    assert!(has(guest, "Leave the room?"));
    let unnamed = crate::ui_support::unnamed(guest);
    assert!(unnamed.is_empty(), "{unnamed:?}");
    guest.get_by_role_and_label(Role::Button, "Stay").click();
    guest.run_steps(2);
    assert!(!guest.state().is_asking_to_leave());
    assert!(guest.state().play::<CaNgua>().remote().is_some());
}

/// The host starts: round 2 on both screens, nobody away any more (both
/// seats were the computer's at the end of round 1), nothing of round 1
/// news of round 2.
fn round_two_starts_with_everyone_back(host: &mut TestApp, guest: &mut TestApp) {
    // The host starts: round 2 on both screens, nobody away any more (both
    // seats were the computer's at the end of round 1).
    host.get_all_by_role_and_label(Role::Button, "One more game")
        .next()
        .unwrap()
        .click();
    wait(
        &mut [&mut *host, &mut *guest],
        30,
        "round 2, seats back",
        |hs| {
            hs.iter().all(|h| {
                let play = h.state().play::<CaNgua>();
                let remote = play.remote().unwrap();
                remote.latest().round() == 2
                    && remote.latest().is_started()
                    && remote
                        .latest()
                        .seats()
                        .iter()
                        .all(|s| !remote.latest().is_away(s.seat))
            })
        },
    );
    // Each board shows events at its own pace, behind the room's: wait
    // until both show every event of the new round (the roll of round 1
    // is cleared when its start is shown), not for a guessed number of
    // frames.
    wait(&mut [&mut *host, &mut *guest], 20, "round 2 shown", |hs| {
        hs.iter().all(|h| {
            let play = h.state().play::<CaNgua>();
            play.shown() == play.source().latest() && h.state().phase() != Phase::Animating
        })
    });
    for h in [&mut *host, &mut *guest] {
        h.run_steps(4);
        let play = h.state().play::<CaNgua>();
        let seat = play.remote().unwrap().seat().unwrap();
        assert_eq!(play.presence(seat), Presence::Connected);
        assert!(!play.held_by_computer());
        assert!(!has(h, "The computer is playing for you"));
        // Nothing of round 1 is news of round 2: no last roll, no "you
        // are back" for a seat that only played on.
        assert!(has(h, "Not rolled yet"));
        assert!(!has(h, "You are back"));
        assert!(!has(h, " is back."), "the log of round 2");
        // The log says where the new game begins, above the last one's.
        assert!(has(h, "Game 2 in this room begins"));
        assert!(
            h.query_by_role_and_label(Role::Button, "I'm back")
                .is_none()
        );
    }
}

#[test]
fn one_more_game_is_offered_to_everyone_and_leaving_is_asked_first() {
    let dir = common::temp_dir("rematch-app");
    let (server, clock, mut host, mut guest) = clocked_table(dir.path());
    run_out_the_clock(&clock, &mut host, &mut guest, "round 1 over", |h, g| {
        h.state().phase() == Phase::Over && g.state().phase() == Phase::Over
    });
    offered_to_the_guest(&mut host, &mut guest);
    minh_is_in_and_stays(&mut host, &mut guest);
    round_two_starts_with_everyone_back(&mut host, &mut guest);

    // The room's talk leaves with the room.
    say_phrase(&mut guest, "Nice move!");
    wait(&mut [&mut host, &mut guest], 20, "said", |hs| {
        has(hs[1], "(Minh): Nice move!")
    });
    guest
        .get_by_role_and_label(Role::Button, "New game")
        .click();
    guest.run_steps(4);
    assert!(guest.state().is_asking_to_leave(), "New game asks too");
    assert!(has(&guest, "Then a new game starts on this device."));
    guest
        .get_by_role_and_label(Role::Button, "Leave the room")
        .click();
    guest.run_steps(4);
    assert!(guest.state().play::<CaNgua>().remote().is_none());
    assert!(!has(&guest, "Nice move!"), "no talk in the game here");
    assert!(guest.state().play::<CaNgua>().sayings().is_empty());
    server.shutdown();
}

/// Lan opens a room for two from a client (10 seconds a turn), Minh
/// joins it from the invite in his app, Lan starts: her client, his app
/// and his seat.
fn lan_and_minh(dir: &std::path::Path, address: &ServerAddress) -> (Client<CaNgua>, TestApp, Seat) {
    let mut lan = Client::<CaNgua>::connect_with(
        address.clone(),
        Request::open::<CaNgua>("Lan", 2, &Rules::standard(), ChatMode::Phrases, 10),
        ClientOptions::table(),
        || {},
    )
    .unwrap();
    let deadline = Deadline::after(Duration::from_secs(20));
    while lan.welcome().is_none() {
        deadline.check("the room opens");
        lan.poll();
        std::thread::sleep(Duration::from_millis(5));
    }
    let invite = lan.invite().unwrap();
    let mut guest = app_with_link(dir, Some(prefs("Minh")), &invite.page_url());
    press_in_join_dialog(&mut guest, "Join");
    wait(&mut [&mut guest], 20, "seated", |hs| seated(hs[0]) == 2);
    lan.send(ClientCommand::Start(Level::Medium));
    wait(&mut [&mut guest], 20, "started", |hs| started(hs[0]));
    let me = guest
        .state()
        .play::<CaNgua>()
        .remote()
        .unwrap()
        .seat()
        .unwrap();
    (lan, guest, me)
}

/// "I'm back", usable at once, gives the seat back: the computer no
/// longer plays it, and the panel says so.
fn take_the_seat_back(guest: &mut TestApp, me: Seat) {
    let back = guest.get_by_role_and_label(
        Role::Button,
        "I'm back: take my seat back from the computer",
    );
    assert!(!back.accesskit_node().is_disabled());
    back.click();
    wait(&mut [&mut *guest], 20, "the seat back", |hs| {
        let play = hs[0].state().play::<CaNgua>();
        !play.remote().unwrap().latest().is_away(me)
    });
    guest.run_steps(3);
    let play = guest.state().play::<CaNgua>();
    assert!(!play.held_by_computer());
    assert_eq!(play.presence(me), Presence::Connected);
    assert!(
        guest
            .query_by_role_and_label(
                Role::Button,
                "I'm back: take my seat back from the computer"
            )
            .is_none()
    );
    assert!(has(guest, "You are back: your seat is yours again."));
}

#[test]
fn im_back_gives_the_seat_back_at_once_whoever_is_to_play() {
    let dir = common::temp_dir("im-back-app");
    let (server, clock) = clocked_server();
    let address = ServerAddress::new("127.0.0.1", server.addr().port());
    // Lan hosts from a client, plays her turns at once until the computer
    // holds Minh's seat, and then no more: the room waits on her turn (the
    // clock is moved on only on Minh's).
    let (mut lan, mut guest, me) = lan_and_minh(dir.path(), &address);
    // Minh lets his clock run out three turns in a row: the computer holds
    // his seat, and the room then waits on Lan's turn.
    let deadline = Deadline::after(Duration::from_secs(60));
    let mut said: Vec<String> = Vec::new();
    let mut last = Instant::now();
    let mut played_at = None;
    loop {
        deadline.check("Minh's seat held, on Lan's turn");
        lan.poll();
        let play = guest.state().play::<CaNgua>();
        let latest = play.remote().unwrap().latest();
        if play.held_by_computer() && latest.turn().is_some_and(|t| t != me) {
            break;
        }
        let room = lan.replica().unwrap();
        let lan_seat = lan.seat().unwrap();
        if !room.is_away(me) && room.turn() == Some(lan_seat) && played_at != Some(room.seq()) {
            played_at = Some(room.seq());
            match room.choices().first() {
                Some(mv) => lan.send(ClientCommand::Move(*mv)),
                None => lan.send(ClientCommand::Roll),
            }
        }
        if latest.turn() == Some(me)
            && !latest.is_away(me)
            && last.elapsed() > Duration::from_millis(20)
        {
            clock.advance(Duration::from_secs(11));
            last = Instant::now();
        }
        let t = crate::ui_support::clock(&guest) + 0.5;
        at_time(&mut guest, t);
        said.extend(announced(&guest));
        std::thread::sleep(Duration::from_millis(1));
    }
    // (The room's news may come at a frame's end: said at the next.)
    for _ in 0..3 {
        guest.step();
        said.extend(announced(&guest));
    }
    // "I'm back" is there on Lan's turn, usable at once, and was said to
    // screen readers as it came.
    assert!(
        said.iter().any(|s| s.contains("“I'm back”")),
        "announced: {said:?}"
    );
    assert!(has(&guest, "The computer is playing for you"));
    take_the_seat_back(&mut guest, me);
    lan.close();
    server.shutdown();
}
