//! What a new player tripped over (issue 34), each as a player meets it:
//! the top bar at 800×600 in English (the longer language), a card's whole
//! text, a puzzle that speaks of puzzles, a lesson's move list that does
//! not give its task away, a Cờ nhảy hop's path shown on hover, the status
//! line while the new-game question is open, the welcome said to a screen
//! reader, and a guest's Roll ready on the frame its turn arrives.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::Deadline;
use crate::online_app::{
    TestApp, app_of, hosting_app, join_typed, open_room, play_turn, prefs as online_prefs, start,
    wait,
};
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::EventKind;
use ca_ngua_data::learn::{Run, puzzles_of};
use ca_ngua_data::prefs::{GameKind, PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::{I18n, Lang};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Position, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::Duration;

/// The smallest window the app is made for.
const SMALL: Window = Window {
    size: egui::Vec2::new(800.0, 600.0),
    ..Window::DEFAULT
};

fn english(game: GameKind) -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        game,
        welcomed: true,
        ..Prefs::default()
    }
}

/// Every top-bar button lies wholly inside the window: on the bar, or
/// in its "More…" menu where the bar has no room for it (issue 54).
fn top_bar_reachable(h: &mut Harness<'_, App>, labels: &[&str]) {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, SMALL.size);
    let find = |h: &Harness<'_, App>, label: &str| {
        h.query_by(|n| {
            !matches!(
                n.role(),
                Role::Label | Role::TextRun | Role::GenericContainer | Role::Window | Role::Image
            ) && n.label().as_deref() == Some(label)
        })
        .map(|n| n.rect())
    };
    for label in labels {
        let r = match find(h, label) {
            Some(r) => r,
            None => {
                h.get_by_role_and_label(Role::Button, "More…").click();
                h.run_steps(2);
                let r = find(h, label).unwrap_or_else(|| panic!("no button {label}"));
                h.key_press(egui::Key::Escape);
                h.run_steps(2);
                r
            }
        };
        assert!(
            window.contains_rect(r),
            "{label} at {r:?} is not wholly in the window"
        );
    }
}

/// Clicks a top-bar button, through its "More…" menu where it is there.
fn click_top(h: &mut Harness<'_, App>, label: &str) {
    if h.query_by_label(label).is_none() {
        h.get_by_role_and_label(Role::Button, "More…").click();
        h.run_steps(2);
    }
    h.get_by_label(label).click();
}

#[test]
fn at_800_by_600_every_top_bar_button_is_reachable_in_english() {
    let app = App::new(english(GameKind::CaNgua)).with_inline_computers();
    let mut h = harness(app, SMALL);
    h.run_steps(2);
    let labels = [
        "Cờ Cá Ngựa (Ludo)",
        "Cờ nhảy (Chinese checkers)",
        "Settings",
        "Rules",
        "New game",
        "Statistics",
        "Learn",
    ];
    top_bar_reachable(&mut h, &labels);
    // With the settings open over the board, too.
    h.get_by_label("Settings").click();
    h.run_steps(2);
    let mut open = labels;
    open[2] = "Hide settings";
    top_bar_reachable(&mut h, &open);
    // Each can be clicked: the statistics and the lessons open.
    click_top(&mut h, "Statistics");
    h.run_steps(4);
    assert!(
        h.query_by(|n| n.role() == Role::Window && n.label().as_deref() == Some("Statistics"))
            .is_some()
            || shows(&h, "Games finished")
            || shows(&h, "No game has ended yet"),
        "the statistics did not open"
    );
    // (The statistics window stays below the bar.)
    click_top(&mut h, "Learn");
    h.run_steps(2);
    assert!(h.state().learn().is_some());
}

/// The single line a text would take, unwrapped, at `size` points.
fn line_width(h: &Harness<'_, App>, text: &str, size: f32) -> f32 {
    h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(
            text.to_owned(),
            egui::FontId::proportional(size),
            egui::Color32::WHITE,
        )
        .size()
        .x
    })
}

#[test]
fn a_card_shows_the_whole_seat_name_and_player_at_800_by_600() {
    let mut prefs = english(GameKind::CaNgua);
    prefs.games.ca_ngua.player_count = 4;
    prefs.games.ca_ngua.players = [
        PlayerKind::Human,
        PlayerKind::Bot(Level::Medium),
        PlayerKind::Bot(Level::Medium),
        PlayerKind::Bot(Level::Medium),
    ];
    let table = common::local_table(&prefs, 3);
    let app = App::with_table(prefs, table).with_inline_computers();
    let mut h = harness(app, SMALL);
    h.run_steps(2);
    for name in ["Green · Computer – Medium", "Blue · Computer – Medium"] {
        let node = h.get_by_label(name);
        let r = node.rect();
        // Either the whole line fits, or it is wrapped onto more rows:
        // never cut on one row.
        let full = line_width(&h, name, 13.5);
        let row = 13.5 * 1.6;
        assert!(
            r.width() + 0.5 >= full || r.height() > row,
            "{name}: {r:?}, the whole line needs {full}"
        );
        assert!(r.max.x <= SMALL.size.x, "{name} past the window: {r:?}");
    }
}

#[test]
fn a_solved_puzzle_offers_the_next_puzzle() {
    let app = App::new(english(GameKind::CaNgua))
        .skip_welcome()
        .with_inline_computers();
    let mut h = harness(app, Window::DEFAULT);
    h.get_by_role_and_label(Role::Button, "Learn").click();
    h.run_steps(2);
    h.get_by_label("Puzzles").click();
    h.run_steps(3);
    h.get_by(|n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l.starts_with("Puzzle 1, not done yet"))
    })
    .click();
    h.run_steps(3);
    // One hint: the lesson's, not the game's as well.
    assert!(h.query_by_role_and_label(Role::Button, "Hint").is_none());
    assert!(
        h.query_by_role_and_label(Role::Button, "Lesson hint")
            .is_some()
    );
    let puzzle = puzzles_of::<CaNgua>().unwrap().remove(0);
    let mut run = Run::new(puzzle);
    run.roll_until_moves().unwrap();
    let best = run
        .moves()
        .iter()
        .position(|m| Some(*m) == run.hint())
        .unwrap();
    let prefix = format!("{}. ", best + 1);
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&prefix)))
        .click();
    h.run_steps(30);
    assert!(shows(&h, "Well done!"));
    assert!(
        h.query_by_role_and_label(Role::Button, "Next puzzle")
            .is_some()
    );
    assert!(
        h.query_by_role_and_label(Role::Button, "Next lesson")
            .is_none()
    );
}

#[test]
fn the_kicking_lesson_does_not_say_which_move_kicks() {
    let app = App::new(english(GameKind::CaNgua))
        .skip_welcome()
        .with_inline_computers();
    let mut h = harness(app, Window::DEFAULT);
    h.get_by_role_and_label(Role::Button, "Learn").click();
    h.run_steps(2);
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.contains(". Kicking (")))
        .click();
    h.run_steps(2);
    assert!(shows(&h, "send the yellow horse back to its yard"));
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(20);
    let moves: Vec<String> = h
        .query_all_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.starts_with("1. ") || l.starts_with("2. "))
        })
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert!(moves.len() >= 2, "the move list: {moves:?}");
    assert!(
        moves.iter().all(|m| !m.contains("kicks")),
        "the list gives the task away: {moves:?}"
    );
    // The game's settings are locked while the lesson is open.
    assert!(shows(&h, "A lesson is open"));
}

/// Cờ nhảy in front, red (a person) against an Easy computer, at
/// `position`.
fn nhay_app(position: &str) -> App {
    let mut players = [PlayerKind::Bot(Level::Easy); 6];
    players[0] = PlayerKind::Human;
    let prefs = Prefs {
        lang: Some(Lang::En),
        game: GameKind::CoNhay,
        welcomed: true,
        games: ca_ngua_data::prefs::GamePrefs {
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 2,
                players,
                rules: Rules::standard(),
                fast_bots: false,
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    };
    let rules = prefs.games.co_nhay.rules;
    let start = Position::parse(position, &rules).unwrap();
    let table = ca_ngua_core::table::Table::<CoNhay>::starting_at(
        rules,
        &start.to_setup(),
        &prefs.games.co_nhay.controllers(),
        StdRng::seed_from_u64(5),
        Box::new(ca_ngua_core::table::InlineRunner::default()),
    )
    .unwrap();
    let ludo = common::local_table(&prefs, 1);
    App::with_table(prefs, ludo)
        .with_inline_computers()
        .with_game_table(table)
}

#[test]
fn hovering_a_cờ_nhảy_target_shows_its_hops_and_the_log_names_no_unnumbered_hole() {
    // Red on 7 can jump over 15 to 27, then over 38 to 48.
    let p = "0,1,2,3,4,5,6,7,8,9/-/-/15,38,111,112,113,114,115,116,117,118/-/- 0 -";
    let mut h = harness(nhay_app(p), Window::DEFAULT);
    h.run_steps(2);
    h.get_by(|n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l.starts_with("Red piece on hole 7,"))
    })
    .click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "Jump to hole 48, 2 jumps")
        .hover();
    h.run_steps(2);
    let i18n = I18n::new(Lang::En);
    let now = h.ctx.input(|i| i.time);
    let board = h
        .state()
        .play::<CoNhay>()
        .board_input(&i18n, h.state().phase(), now, false);
    let [(_, path)] = board.preview.as_slice() else {
        panic!("the hops under the pointer: {:?}", board.preview);
    };
    assert_eq!(path, &vec![7, 27, 48]);
    // The path is said with the target as it is hovered.
    let target = h.get_by_role_and_label(Role::Button, "Jump to hole 48, 2 jumps");
    assert_eq!(
        target.accesskit_node().description().as_deref(),
        Some("By hole 27")
    );
    // The board numbers no hole: neither does the log.
    h.get_by_role_and_label(Role::Button, "Jump to hole 48, 2 jumps")
        .click();
    h.run_steps(40);
    assert!(shows(&h, "Red jumps 2 times"));
    assert!(
        h.query_all_by(|n| n.value().is_some_and(|v| v.contains("from hole 7")))
            .next()
            .is_none(),
        "the log names holes the board does not number"
    );
}

#[test]
fn the_status_line_waits_with_the_new_game_question() {
    let mut prefs = english(GameKind::CaNgua);
    prefs.games.ca_ngua.player_count = 2;
    prefs.games.ca_ngua.players = [
        PlayerKind::Human,
        PlayerKind::Bot(Level::Easy),
        PlayerKind::Human,
        PlayerKind::Human,
    ];
    let table = common::local_table(&prefs, 7);
    let app = App::with_table(prefs, table).with_inline_computers();
    let mut h = harness(app, Window::DEFAULT);
    h.run_steps(2);
    // Red rolls: the game has begun.
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(20);
    // Another number of players needs a new game: the question opens.
    h.get_by_label("4 players").click();
    h.run_steps(4);
    assert!(shows(&h, "Start a new game?"), "the question is open");
    assert!(shows(&h, "The game waits while you answer the question."));
    assert!(
        // "Blue rolled 4": the line of the last roll (the log's lines
        // say more after the roll).
        h.query_all_by(|n| n
            .value()
            .is_some_and(|v| v.split_once(" rolled ").is_some_and(|(_, r)| r.len() == 1)))
            .next()
            .is_none(),
        "a stale roll under the turn"
    );
    h.get_by_role_and_label(Role::Button, "Keep playing")
        .click();
    h.run_steps(2);
    assert!(!shows(&h, "The game waits while you answer the question."));
}

#[test]
fn the_first_start_welcome_is_said_as_it_opens() {
    let dir = common::temp_dir("trips-welcome");
    let store = Store::at(dir.path());
    let app = App::from_store(store, None, Lang::En, None).with_inline_computers();
    let mut h = harness(app, Window::DEFAULT);
    h.run_steps(2);
    let live = h
        .query_all_by(|n| {
            n.live() != egui::accesskit::Live::Off
                && n.value().is_some_and(|l| l.contains("Welcome"))
        })
        .count();
    assert_eq!(live, 1, "the welcome is a live region as it opens");
}

/// Lan's room, Minh's app joined by the invite typed in the online panel,
/// the game started: both apps and the guest's seat.
fn a_room_with_a_guest(dir: &std::path::Path) -> (TestApp, TestApp, Seat) {
    let host_store = Store::at(dir.join("host"));
    host_store.save_prefs(&online_prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);
    let guest_store = Store::at(dir.join("guest"));
    guest_store.save_prefs(&online_prefs("Minh")).unwrap();
    let mut guest = app_of(guest_store);
    join_typed::<CaNgua>(&mut host, &mut guest, &invite.to_string());
    host.run_steps(2);
    start::<CaNgua>(&mut host, &mut guest);
    let guest_seat = |g: &TestApp| g.state().play::<CaNgua>().remote().unwrap().seat();
    wait(&mut [&mut host, &mut guest], 20, "seated", |hs| {
        guest_seat(hs[1]).is_some()
    });
    let me = guest_seat(&guest).unwrap();
    (host, guest, me)
}

#[test]
fn a_guest_may_roll_on_the_frame_its_turn_arrives() {
    let dir = common::temp_dir("trips-guest");
    let (mut host, mut guest, me) = a_room_with_a_guest(dir.path());
    // The host plays its turns; the guest rolls and takes its first move.
    // Each time the host's move (or pass) gives the guest its turn, the
    // guest's Roll is enabled on that very frame, the move still shown.
    let mut checked = 0;
    let deadline = Deadline::after(Duration::from_secs(90));
    while checked < 3 {
        assert!(
            !deadline.passed(),
            "the guest's turn did not come often enough"
        );
        play_turn(&mut host);
        host.step();
        let before = guest.state().play::<CaNgua>().source().latest().seq();
        guest.step();
        let play = guest.state().play::<CaNgua>();
        let latest = play.source().latest();
        let arrived = latest.seq() > before;
        let last_by_host = play
            .source()
            .events()
            .last()
            .is_some_and(|e| matches!(e.event, EventKind::Moved { seat, .. } | EventKind::Passed { seat, .. } if seat != me));
        if arrived && last_by_host && latest.turn() == Some(me) && latest.pending().is_none() {
            let latest_seq = latest.seq();
            // The event may come at the end of a frame (the app reads the
            // room after applying what was clicked): the next frame is the
            // first to show it. The host's move is still being shown then
            // at its normal pace, which used to grey the Roll.
            guest.step();
            let seen = guest.state().play::<CaNgua>().source().latest().seq();
            if seen != latest_seq {
                // More came in that frame (a roll already on its way from
                // an earlier frame, on a busy machine): not this check's
                // moment; the next turn will do.
                continue;
            }
            assert_eq!(guest.state().phase(), Phase::Roll, "the guest waits");
            let roll = guest.get_by_role_and_label(Role::Button, "Roll");
            assert!(!roll.accesskit_node().is_disabled(), "Roll greyed");
            // The panel says whose turn it is as the button does: the
            // guest's, not the colour whose move is still shown (issue 45).
            let header = format!("{me:?} to play");
            assert!(
                guest.query_by_label(&header).is_some(),
                "the header is not {header}"
            );
            checked += 1;
            roll.click();
            guest.step();
        }
        play_turn(&mut guest);
        std::thread::sleep(Duration::from_millis(2));
    }
}
