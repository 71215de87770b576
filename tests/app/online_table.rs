//! Online, a table with friends (issue 31), in the app (egui_kittest, real
//! WebSockets on 127.0.0.1): every client sees another's connection
//! drop with its seconds; a reaction shows by the speaker's card and in
//! the log; a watcher sees the game and cannot roll; the results say the
//! dice were checked, and the host's "One more game" starts round 2 on a
//! guest's window, each round its own game in the records and statistics.
//! No test sleeps to time anything: each polls with a deadline, and the
//! turn clock is a server's hand-moved clock.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::Deadline;
use crate::online_app::{TestApp, WINDOW, hosting_app, open_online, open_room, prefs, wait};
use crate::ui_support::{at_time, harness};
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua::app::play::presence::Presence;
use ca_ngua_client::{Client, ClientOptions, Request};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_protocol::{Invite, ServerAddress};
use ca_ngua_server::{Clock, ServerConfig, ServerHandle, spawn};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// True when some node's label contains `text`.
pub(crate) fn has(h: &TestApp, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// An app from the files in `dir` (written by nothing yet when `prefs` is
/// `None`: a first start), opened with the invite `link`.
pub(crate) fn app_with_link(dir: &Path, prefs: Option<Prefs>, link: &str) -> TestApp {
    let store = Store::at(dir);
    if let Some(p) = &prefs {
        store.save_prefs(p).unwrap();
    }
    let app = App::from_store(store, None, Lang::En, None)
        .with_inline_computers()
        .with_join_link(link.to_string());
    harness(app, WINDOW)
}

/// Waits for the join dialog to know the room, then presses `button`
/// ("Join" or "Watch").
pub(crate) fn press_in_join_dialog(h: &mut TestApp, button: &str) {
    wait(&mut [&mut *h], 20, "the join dialog knows the room", |hs| {
        has(hs[0], " seats taken")
    });
    h.get_by_role_and_label(Role::Button, button).click();
}

/// Says a phrase as a player does: the phrases' menu, then the phrase.
pub(crate) fn say_phrase(h: &mut TestApp, phrase: &str) {
    h.get_by_role_and_label(Role::Button, "Phrases").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, phrase).click();
    h.run_steps(2);
}

/// A headless friend in a room (protocol 3, as the app).
pub(crate) fn friend(invite: &Invite, name: &str) -> Client<CaNgua> {
    Client::<CaNgua>::connect_with(
        invite.server.clone(),
        Request::Join {
            room: invite.room.clone(),
            name: name.into(),
        },
        ClientOptions::table(),
        || {},
    )
    .unwrap()
}

pub(crate) fn seated(h: &TestApp) -> usize {
    h.state()
        .play::<CaNgua>()
        .remote()
        .map_or(0, |r| r.latest().seats().len())
}

pub(crate) fn started(h: &TestApp) -> bool {
    h.state()
        .play::<CaNgua>()
        .remote()
        .is_some_and(|r| r.latest().is_started())
}

/// Lan hosts a room for three (90 seconds before a seat is away), Minh
/// joins it from the invite in his app and Bảo as a headless friend, and
/// the game starts: the host's and Minh's apps, and Bảo.
fn room_for_three(dir: &Path) -> (TestApp, TestApp, Client<CaNgua>) {
    let host_store = Store::at(dir.join("host"));
    host_store
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
        App::from_store(host_store, None, Lang::En, None)
            .skip_welcome()
            .with_inline_computers()
            .with_test_hosting()
            .with_away(Duration::from_secs(90)),
        WINDOW,
    );
    let invite = open_room::<CaNgua>(&mut host);
    let mut guest = app_with_link(&dir.join("guest"), Some(prefs("Minh")), &invite.page_url());
    press_in_join_dialog(&mut guest, "Join");
    wait(&mut [&mut host, &mut guest], 20, "Minh seated", |hs| {
        seated(hs[1]) == 2
    });
    let bao = friend(&invite, "Bảo");
    wait(&mut [&mut host, &mut guest], 20, "Bảo seated", |hs| {
        seated(hs[0]) == 3 && seated(hs[1]) == 3
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host, &mut guest], 20, "started", |hs| {
        started(hs[0]) && started(hs[1])
    });
    (host, guest, bao)
}

/// What the app told a screen reader this frame.
pub(crate) fn announced(h: &TestApp) -> Vec<String> {
    h.state()
        .play::<CaNgua>()
        .announcements()
        .iter()
        .map(|a| a.text.clone())
        .collect()
}

#[test]
fn a_guests_card_shows_another_guest_reconnecting_with_its_seconds() {
    let dir = common::temp_dir("table-presence");
    let (mut host, mut guest, bao) = room_for_three(dir.path());
    let seat = Seat::Yellow;
    assert_eq!(
        guest.state().play::<CaNgua>().presence(seat),
        Presence::Connected
    );

    // Bảo's connection drops: Minh (a guest, not the host) sees it on
    // Bảo's card, counted down in the server's own seconds.
    bao.close();
    let mut said = Vec::new();
    let deadline = Deadline::after(Duration::from_secs(20));
    while !has(&guest, "Reconnecting: ") {
        assert!(!deadline.passed(), "no count on Bảo's card");
        guest.step();
        host.step();
        said.extend(announced(&guest));
        std::thread::sleep(Duration::from_millis(5));
    }
    let node = guest.get_by_label_contains("Reconnecting: ");
    let node = node.accesskit_node();
    let text = node.value().or(node.label()).unwrap();
    let secs: u64 = text
        .trim_start_matches("Reconnecting: ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("seconds in {text:?}"));
    assert!((80..=90).contains(&secs), "{text}");
    assert!(
        !text.contains('~'),
        "the server's time, not a guess: {text}"
    );
    match guest.state().play::<CaNgua>().presence(seat) {
        Presence::Reconnecting { estimate, .. } => assert!(!estimate),
        other => panic!("{other:?}"),
    }
    // The board says it too, and a screen reader heard it.
    let i18n = ca_ngua_i18n::I18n::new(Lang::En);
    let board = guest.state().play::<CaNgua>().board_name(&i18n, seat);
    assert!(board.starts_with("Bảo · reconnecting,"), "{board}");
    guest.step();
    said.extend(announced(&guest));
    assert!(
        said.iter().any(|s| s.contains("Bảo") && s.contains("lost")),
        "{said:?}"
    );
}

#[test]
fn a_reaction_shows_in_the_talk_area_and_in_the_log() {
    let dir = common::temp_dir("table-talk");
    let host_store = Store::at(dir.path().join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);
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
    // Minh reacts (a phrase from the phrases' menu): the host sees it in
    // the talk's own area, and in the log.
    say_phrase(&mut guest, "Nice move!");
    wait(&mut [&mut host, &mut guest], 20, "the line", |hs| {
        hs[0].query_by_label("Minh says: Nice move!").is_some()
    });
    assert!(has(&host, "(Minh): Nice move!"), "in the log");
    assert!(has(&guest, "(you) says: Nice move!"), "his own line");
    guest.get_by_role_and_label(Role::Button, "Send 👍").click();
    wait(&mut [&mut host, &mut guest], 20, "the emoji", |hs| {
        hs[0].query_by_label("Minh says: 👍").is_some()
    });
    // The host mutes Minh: nothing more of theirs shows.
    host.get_by_role_and_label(Role::CheckBox, "Minh").click();
    host.run_steps(2);
    assert!(host.query_by_label("Minh says: 👍").is_none());
    say_phrase(&mut guest, "Ouch!");
    wait(
        &mut [&mut host, &mut guest],
        20,
        "Minh hears himself",
        |hs| has(hs[1], "(you) says: Ouch!"),
    );
    host.run_steps(5);
    assert!(host.query_by_label("Minh says: Ouch!").is_none(), "muted");
    assert!(!has(&host, "(Minh): Ouch!"), "muted in the log too");
}

/// The room's latest event, as an app online has it.
fn room_seq(h: &TestApp) -> u64 {
    h.state().play::<CaNgua>().remote().unwrap().latest().seq()
}

/// Lan's room for two, opened and started at once (a computer in the
/// other seat): her app and the room's invite.
fn started_room(dir: &Path) -> (TestApp, Invite) {
    let host_store = Store::at(dir.join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
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

#[test]
fn a_watcher_sees_the_game_and_cannot_roll() {
    let dir = common::temp_dir("table-watch");
    let (mut host, invite) = started_room(dir.path());
    let mut watcher = app_with_link(
        &dir.path().join("watcher"),
        Some(prefs("Bà")),
        &invite.page_url(),
    );
    wait(&mut [&mut watcher], 20, "the room described", |hs| {
        has(hs[0], " seats taken")
    });
    assert!(has(
        &watcher,
        "The game has already started — you can watch it."
    ));
    // No greyed Join to puzzle over: Watch is the button (issue 45).
    assert!(
        watcher
            .query_by_role_and_label(Role::Button, "Join")
            .is_none()
    );
    watcher.get_by_role_and_label(Role::Button, "Watch").click();
    wait(&mut [&mut host, &mut watcher], 20, "watching", |hs| {
        hs[1]
            .state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.is_watching() && r.latest().is_started())
    });
    watcher.run_steps(3);
    assert!(
        watcher
            .query_by_label("You are watching this game.")
            .is_some()
    );
    wait(
        &mut [&mut host, &mut watcher],
        20,
        "the host sees a watcher",
        |hs| has(hs[0], "Watching: 1"),
    );
    // The host plays on; the watcher sees it all and never may roll.
    let seen = room_seq(&watcher);
    let deadline = Deadline::after(Duration::from_secs(30));
    while room_seq(&watcher) < seen + 6 {
        assert!(!deadline.passed(), "the watcher sees no events");
        if host.state().phase() == Phase::Roll {
            // The phase can change before the frame that draws its button.
            if let Some(roll) = host.query_by_role_and_label(Role::Button, "Roll") {
                roll.click();
            }
        } else if host.state().phase() == Phase::Choose {
            host.key_press(egui::Key::Num1);
        }
        host.step();
        watcher.key_press(egui::Key::Space);
        watcher.step();
        let phase = watcher.state().phase();
        assert!(!matches!(phase, Phase::Roll | Phase::Choose), "{phase:?}");
        if let Some(roll) = watcher.query_by_role_and_label(Role::Button, "Roll") {
            assert!(roll.accesskit_node().is_disabled());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // A watcher may react.
    assert!(
        watcher
            .query_by_role_and_label(Role::Button, "Phrases")
            .is_some()
    );
    assert!(
        watcher
            .query_by_role_and_label(Role::Button, "Send 🎉")
            .is_some()
    );
}

/// Lan's app, in `dir`, opening rooms on the server at `address` with
/// 10-second turns.
pub(crate) fn hosting_app_on(dir: &Path, address: &ServerAddress) -> TestApp {
    let store = Store::at(dir);
    store
        .save_prefs(&Prefs {
            online_use_server: true,
            online_server: address.to_string(),
            online_turn_secs: 10,
            ..prefs("Lan")
        })
        .unwrap();
    hosting_app(store)
}

/// A server on 127.0.0.1 whose rooms' clock a test moves by hand.
pub(crate) fn clocked_server() -> (ServerHandle, Clock) {
    let clock = Clock::manual();
    let config = ServerConfig {
        bot_delay: Duration::ZERO,
        clock: clock.clone(),
        ..ServerConfig::default()
    };
    (
        spawn("127.0.0.1:0".parse().unwrap(), config).unwrap(),
        clock,
    )
}

/// Steps both apps, the turn clock run out again and again (each human
/// seat times out, then is away and played by the computer), until
/// `done`.
pub(crate) fn run_out_the_clock(
    clock: &Clock,
    host: &mut TestApp,
    guest: &mut TestApp,
    what: &str,
    done: impl Fn(&TestApp, &TestApp) -> bool,
) {
    let deadline = Deadline::after(Duration::from_secs(120));
    let mut last = Instant::now();
    while !done(host, guest) {
        deadline.check(what);
        if last.elapsed() > Duration::from_millis(20) {
            clock.advance(Duration::from_secs(11));
            last = Instant::now();
        }
        // Half a second of the app's clock a frame, not the window's
        // 50 ms: the app shows a game's events at its own pace, in its own
        // time, and two whole games shown at 50 ms a frame took 100 s of
        // frames with nothing more to check.
        for app in [&mut *host, &mut *guest] {
            at_time(app, crate::ui_support::clock(app) + 0.5);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Lan's room for two on the server at `address`, 10 seconds a turn,
/// Minh joined from the invite in his app (in `dir`'s `guest`), the game
/// started and its clock counting: both apps, and the guest's folder.
fn clocked_room(dir: &Path, address: &ServerAddress) -> (TestApp, TestApp, PathBuf) {
    let host_store = Store::at(dir.join("host"));
    host_store
        .save_prefs(&Prefs {
            online_use_server: true,
            online_server: address.to_string(),
            online_turn_secs: 10,
            ..prefs("Lan")
        })
        .unwrap();
    let mut host = hosting_app(host_store);
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
    let guest_dir = dir.join("guest");
    let mut guest = app_with_link(&guest_dir, Some(prefs("Minh")), &invite.page_url());
    press_in_join_dialog(&mut guest, "Join");
    wait(&mut [&mut host, &mut guest], 20, "seated", |hs| {
        seated(hs[0]) == 2 && seated(hs[1]) == 2
    });
    host.get_by_role_and_label(Role::Button, "Start the game")
        .click();
    wait(&mut [&mut host, &mut guest], 20, "started", |hs| {
        started(hs[0]) && started(hs[1])
    });
    host.run_steps(2);
    // The room's clock: the seconds on the card of the seat to act.
    assert!(has(&host, "Turn clock: 10 seconds a turn"));
    wait(&mut [&mut host, &mut guest], 20, "a count", |hs| {
        has(hs[0], " s left")
    });

    (host, guest, guest_dir)
}

/// The results say every roll of the round was checked against the dice's
/// revealed seed, on the host's window and the guest's.
fn dice_verified_on_both(host: &mut TestApp, guest: &mut TestApp) {
    host.run_steps(2);
    let node = host.get_by_label_contains("Dice verified: ");
    let node = node.accesskit_node();
    let line = node.value().or(node.label()).unwrap();
    let counts = line.trim_start_matches("Dice verified: ");
    let (matching, rest) = counts.split_once('/').unwrap();
    let rolls = rest.trim_end_matches(" rolls");
    assert_eq!(matching, rolls, "{line}");
    assert!(matching.parse::<u32>().unwrap() > 10, "{line}");
    guest.run_steps(2);
    assert!(
        has(guest, "Dice verified: "),
        "on the guest's too: {:?}",
        guest
            .state()
            .play::<CaNgua>()
            .remote()
            .map(|r| r.dice_check())
    );
}

/// The guest's records: one a round, each finished, each keeping its
/// dice, which check (what `record verify` does with the file).
fn each_round_recorded_with_its_dice(guest_dir: &Path) {
    let files = Store::at(guest_dir);
    let (records, _) = files.records().list();
    assert_eq!(records.len(), 2, "one record a round");
    assert!(records.iter().all(|r| r.result.is_some()));
    // Each round's record keeps its dice, and they check (what `record
    // verify` does with the file).
    let mut rounds: Vec<u32> = records
        .iter()
        .map(|summary| {
            let any = files.records().load(&summary.id).expect("the record reads");
            let record = any.get::<CaNgua>().expect("a Cờ Cá Ngựa record");
            let check = record.check_dice().expect("the record keeps its dice");
            assert!(check.ok(), "{check:?}");
            assert!(check.rolls > 0);
            check.round
        })
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2]);
}

#[test]
fn the_results_say_the_dice_were_checked_and_the_hosts_one_more_game_starts_round_two() {
    let dir = common::temp_dir("table-again");
    let (server, clock) = clocked_server();
    let address = ServerAddress::new("127.0.0.1", server.addr().port());
    let (mut host, mut guest, guest_dir) = clocked_room(dir.path(), &address);

    // Nobody plays: the clock runs out, the computer plays the turn, and
    // the log says so.
    run_out_the_clock(&clock, &mut host, &mut guest, "a turn timed out", |h, _| {
        has(h, "ran out of time")
    });
    run_out_the_clock(&clock, &mut host, &mut guest, "round 1 over", |h, g| {
        h.state().phase() == Phase::Over && g.state().phase() == Phase::Over
    });
    dice_verified_on_both(&mut host, &mut guest);
    assert_eq!(guest.state().play::<CaNgua>().stats().games, 1);

    let round_one = guest.state().play::<CaNgua>().record().cloned();
    assert!(round_one.as_ref().is_some_and(|r| r.result.is_some()));
    // In the results (and on the main button as well).
    host.get_all_by_role_and_label(Role::Button, "One more game")
        .next()
        .unwrap()
        .click();
    wait(&mut [&mut host, &mut guest], 20, "round 2", |hs| {
        hs[1].state().play::<CaNgua>().shown().round() == 2 && started(hs[1])
    });
    guest.run_steps(3);
    let play = guest.state().play::<CaNgua>();
    assert!(play.remote().is_some(), "the same window, the same room");
    // (Both seats are away by now: the computers may play round 2 through
    // at once.) Its record is not round 1's.
    assert_ne!(play.record(), round_one.as_ref(), "a new record");

    // Round 2 to its end: a second game in the statistics and records.
    run_out_the_clock(&clock, &mut host, &mut guest, "round 2 over", |h, g| {
        h.state().phase() == Phase::Over
            && g.state().phase() == Phase::Over
            && g.state().play::<CaNgua>().shown().round() == 2
    });
    assert_eq!(guest.state().play::<CaNgua>().stats().games, 2);
    guest.state_mut().finish_writing();
    each_round_recorded_with_its_dice(&guest_dir);
    server.shutdown();
}

/// The emoji of the reactions bar have glyphs in the app's fonts (egui's
/// Noto Emoji after Noto Sans): kittest would panic on one missing. So do
/// the phrases and the talk's own words, in both languages (issue 45:
/// "Nhanh lên nào!" is read at a glance, not as boxes).
#[test]
fn every_emoji_of_the_reactions_bar_has_a_glyph() {
    use ca_ngua::app::play::talk::phrase_key;
    use ca_ngua_i18n::I18n;
    use egui::epaint::text::{Fonts, TextOptions};
    let mut fonts = Fonts::new(TextOptions::default(), ca_ngua::app::theme::fonts());
    let font = egui::FontId::proportional(18.0);
    for e in ca_ngua_protocol::talk::EMOJI {
        for c in e.chars() {
            assert!(fonts.has_glyph(&font, c), "{e}");
        }
    }
    for lang in Lang::ALL {
        let i18n = I18n::new(lang);
        let words = ca_ngua_protocol::talk::PHRASES
            .iter()
            .map(|id| phrase_key(id))
            .chain(
                [
                    "talk-heading",
                    "talk-heading-short",
                    "talk-phrases",
                    "talk-emoji",
                    "talk-nothing-yet",
                ]
                .map(String::from),
            );
        for key in words {
            let text = i18n.t(&key);
            assert!(!text.starts_with('['), "{lang}: {key} missing");
            for c in text.chars().filter(|c| !c.is_whitespace()) {
                assert!(fonts.has_glyph(&font, c), "{lang}: {c:?} of {text}");
            }
        }
    }
}
