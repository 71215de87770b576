//! The first minutes of a new player (issue 24, part A): the welcome of a
//! first start, while which nothing moves; the die in the yard that rolls
//! when clicked; moves that kick say so.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::{PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use egui::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;

/// Rolls made in the game of Cờ Cá Ngựa so far.
fn rolls(a: &App) -> u32 {
    a.play::<CaNgua>()
        .source()
        .latest()
        .game()
        .map_or(0, |g| g.rolls())
}

/// Settings of a new player whose four colours the computer plays (so a
/// game that moved on its own would show at once).
fn computers_only() -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                players: [PlayerKind::Bot(Level::Random); 4],
                fast_bots: true,
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

#[test]
fn a_first_start_welcomes_the_player_and_nothing_moves_until_they_choose() {
    let dir = common::temp_dir("welcome-first");
    // An empty folder: the very first start.
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None);
    assert!(app.is_welcoming());
    let h = harness(app, Window::DEFAULT);
    assert!(shows(&h, "Welcome!"));
    assert!(
        h.query_by_role_and_label(Role::Button, "Play now")
            .is_some()
    );
    assert!(
        h.query_by_role_and_label(Role::Button, "Learn first")
            .is_some()
    );
}

#[test]
fn no_computer_rolls_while_the_welcome_is_shown_and_play_now_starts_the_game() {
    let dir = common::temp_dir("welcome-play");
    Store::at(dir.path()).save_prefs(&computers_only()).unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None).with_inline_computers();
    let mut h = harness(app, Window::DEFAULT);
    assert!(h.state().is_welcoming());
    h.run_steps(60);
    assert_eq!(rolls(h.state()), 0, "a computer rolled behind the welcome");
    assert!(h.state().is_welcoming());
    h.get_by_role_and_label(Role::Button, "Play now").click();
    h.step();
    assert!(!h.state().is_welcoming());
    assert!(h.state().learn().is_none());
    step_until(&mut h, 400, |a| rolls(a) > 0);
    assert!(h.state().prefs().welcomed);
    h.state().flush();
    drop(h);
    // The next start goes straight to the game.
    let again = App::from_store(Store::at(dir.path()), None, Lang::En, None);
    assert!(!again.is_welcoming());
    let h = harness(again, Window::DEFAULT);
    assert!(!shows(&h, "Welcome!"));
}

#[test]
fn learn_first_opens_the_lessons() {
    let dir = common::temp_dir("welcome-learn");
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None);
    let mut h = harness(app, Window::DEFAULT);
    h.get_by_role_and_label(Role::Button, "Learn first").click();
    h.step();
    assert!(!h.state().is_welcoming());
    assert!(h.state().learn().is_some());
}

#[test]
fn a_settings_file_from_before_the_welcome_is_a_player_who_knows_the_app() {
    let dir = common::temp_dir("welcome-old");
    std::fs::write(dir.path().join("prefs.ron"), "(version: 1, lang: Some(en))").unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None);
    assert!(!app.is_welcoming());
}

fn people_prefs() -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                players: [PlayerKind::Human; 4],
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

#[test]
fn clicking_the_blank_die_in_the_yard_rolls() {
    let table = common::table_at(
        Rules::standard(),
        "0,5,Y,Y/-/-/20,Y,Y,Y r 0",
        None,
        [Controller::Here; 4],
    );
    let mut h = harness(App::with_table(people_prefs(), table), Window::DEFAULT);
    let waiting = |a: &App| a.play::<CaNgua>().source().latest().pending().is_some();
    assert!(!waiting(h.state()));
    let die = h.get_by_role_and_label(Role::Button, "Click the die to roll");
    die.click();
    h.step();
    assert!(waiting(h.state()), "the die did not roll");
    // Once rolled, the die is a die again, not a button.
    h.run_steps(20);
    assert!(
        h.query_by_role_and_label(Role::Button, "Click the die to roll")
            .is_none()
    );
}

#[test]
fn the_roll_button_on_the_players_turn_is_not_the_grey_wait_button() {
    let table = common::table_at(
        Rules::standard(),
        "0,5,Y,Y/-/-/20,Y,Y,Y r 0",
        None,
        [Controller::Here; 4],
    );
    let h = harness(App::with_table(people_prefs(), table), Window::DEFAULT);
    let roll = h.get_by_role_and_label(Role::Button, "Roll");
    assert!(!roll.accesskit_node().is_disabled());
    // Larger than the grey button of 40 points.
    let bounds = roll.accesskit_node().raw_bounds().unwrap();
    assert!(bounds.y1 - bounds.y0 >= 50.0, "{bounds:?}");
}

#[test]
fn a_move_that_kicks_says_so_in_the_list_and_on_the_board() {
    // Red rolls 2: its horse on square 6 lands on square 8, where a blue
    // horse stands (progress 20 from blue's start, 39).
    let table = common::table_at(
        Rules::standard(),
        "0,5,Y,Y/-/-/20,Y,Y,Y r 0",
        Some("2"),
        [Controller::Here; 4],
    );
    let mut h = harness(App::with_table(people_prefs(), table), Window::DEFAULT);
    h.run_steps(5);
    let kicking: Vec<String> = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.contains("kicks blue"))
        })
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert!(
        kicking.iter().any(|l| l.contains("square 6 to square 8")),
        "{kicking:?}"
    );
    // The other move kicks nobody and does not say it does.
    let quiet = h
        .query_all_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.contains("square 1 to square 3"))
        })
        .next()
        .unwrap();
    assert!(
        !quiet
            .accesskit_node()
            .label()
            .unwrap_or_default()
            .contains("kicks")
    );
    // Hovering the kicking move marks its landing as a kick.
    let item = h
        .query_all_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.contains("square 6 to square 8") && l.contains("kicks"))
        })
        .next()
        .unwrap();
    item.hover();
    h.run_steps(3);
    let now = h.ctx.input(|i| i.time);
    let i18n = ca_ngua_i18n::I18n::new(Lang::En);
    let board = h
        .state()
        .play::<CaNgua>()
        .board_input(&i18n, h.state().phase(), now, false);
    assert_eq!(board.preview.len(), 1, "{:?}", board.preview);
    assert_eq!(board.preview[0].kicks.as_deref(), Some("kicks blue"));
}
