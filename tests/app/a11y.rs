//! The app as a screen reader sees it (the AccessKit tree, egui_kittest):
//! every node with a role has a name, horse names stay the same through a
//! game, one roll is one announcement, the focus goes where the person acts
//! next, combo boxes say their value, the results are a dialog.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_i18n::Lang;
use egui::accesskit::{Live, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;

/// The app's window here.
const WINDOW: Window = Window::DEFAULT;

fn prefs(lang: Lang) -> Prefs {
    Prefs {
        lang: Some(lang),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

fn people(position: &str, roll: Option<&str>) -> App {
    let table = common::table_at(Rules::standard(), position, roll, [Controller::Here; 4]);
    App::with_table(prefs(Lang::En), table)
}

/// Names of the live-region nodes, with their ids.
fn live(h: &Harness<'_, App>) -> Vec<(String, String, Live)> {
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    nodes
        .iter()
        .filter(|n| n.data().live().is_some_and(|l| l != Live::Off))
        .map(|n| (format!("{:?}", n.id()), name(n), n.live()))
        .collect()
}

/// Every horse that can move is named, one node each.
fn every_movable_horse_named_once(h: &Harness<'_, App>) {
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    let horses: Vec<String> = nodes
        .iter()
        .filter(|n| n.role() == Role::Button && name(n).starts_with("Ngựa đỏ"))
        .map(name)
        .collect();
    assert!(!horses.is_empty());
    let mut unique = horses.clone();
    unique.dedup();
    assert_eq!(unique.len(), horses.len(), "{horses:?}");
}

#[test]
fn every_node_with_a_role_has_a_name_through_a_game() {
    let p = Prefs {
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                fast_bots: true,
                players: [
                    ca_ngua_data::prefs::PlayerKind::Human,
                    ca_ngua_data::prefs::PlayerKind::Bot(Level::Random),
                    ca_ngua_data::prefs::PlayerKind::Bot(Level::Random),
                    ca_ngua_data::prefs::PlayerKind::Bot(Level::Random),
                ],
                ..prefs(Lang::Vi).games.ca_ngua
            },
            ..prefs(Lang::Vi).games
        },
        ..prefs(Lang::Vi)
    };
    // Near the end of a game, so that it ends in a few dozen rolls.
    let table = common::table_at(
        Rules::standard(),
        "Y,40,50,57/-/30,40,48,57/- r 0",
        None,
        p.games.ca_ngua.controllers(),
    );
    let mut h = harness(App::with_table(p, table), WINDOW);
    let window = h.root().accesskit_node();
    assert_eq!(window.label().as_deref(), Some("Cờ Cá Ngựa"));
    let mut checked = 0;
    for step in 0..3_000 {
        if h.state().play::<CaNgua>().shown().is_over()
            && h.state()
                .play::<CaNgua>()
                .source()
                .latest()
                .pending()
                .is_none()
        {
            h.run_steps(5);
            assert!(unnamed(&h).is_empty(), "at the end: {:?}", unnamed(&h));
            break;
        }
        if step % 23 == 0 {
            let missing = unnamed(&h);
            assert!(missing.is_empty(), "step {step}: {missing:?}");
            checked += 1;
        }
        match h.state().phase() {
            Phase::Roll => {
                h.get_by_role_and_label(Role::Button, "Gieo").click();
            }
            Phase::Choose => {
                every_movable_horse_named_once(&h);
                h.key_press(egui::Key::Num1);
            }
            _ => {}
        }
        h.step();
    }
    assert!(checked > 5);
    assert!(
        h.state().play::<CaNgua>().shown().is_over(),
        "the game ended: {:?} {:?} focus {:?}",
        h.state().phase(),
        h.state()
            .play::<CaNgua>()
            .shown()
            .position()
            .map(|p| p.to_string()),
        focused_name(&h)
    );
    // The results: a dialog, named, holding the focus.
    h.run_steps(5);
    let dialog = h
        .query_by(|n| n.role() == Role::Dialog)
        .expect("the results are a dialog");
    assert_eq!(dialog.accesskit_node().label().as_deref(), Some("Kết quả"));
    assert_eq!(focused_name(&h).as_deref(), Some("Chơi ván mới"));
}

#[test]
fn horses_keep_their_numbers_whatever_their_rank() {
    // Red: horse 3 on progress 3 (square 4), horse 4 on progress 5 (square
    // 6); a 6 takes horse 3 past horse 4.
    let mut h = harness(people("Y,Y,3,5/-/Y,Y,Y,Y/- r 0", Some("6")), WINDOW);
    h.run_steps(10);
    assert!(h.query_by_label_contains("Red horse 3, square 4").is_some());
    assert!(h.query_by_label_contains("Red horse 4, square 6").is_some());
    // Exits name the yard horses 1 and 2, each its own node.
    assert!(
        h.query_by_label_contains("Red horse 1, in the yard")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Red horse 2, in the yard")
            .is_some()
    );
    h.get_by_label_contains("Red horse 3, square 4").click();
    common_step_until(&mut h, |a| a.phase() == Phase::Roll);
    // Yellow rolls until red's turn comes back with a roll to play.
    for _ in 0..400 {
        let app = h.state();
        let red = app.play::<CaNgua>().shown().turn() == Some(game_ca_ngua::engine::Seat::Red);
        match app.phase() {
            Phase::Choose if red => break,
            Phase::Roll => h.key_press(egui::Key::Space),
            Phase::Choose => h.key_press(egui::Key::Num1),
            _ => {}
        }
        h.step();
    }
    assert_eq!(h.state().phase(), Phase::Choose);
    // Horse 3 is now ahead of horse 4 and keeps its number.
    let moved = h.query_by_label_contains("Red horse 3, square 10");
    let stayed = h.query_by_label_contains("Red horse 4, square 6");
    assert!(moved.is_some() || stayed.is_some(), "no horse with a move?");
    assert!(h.query_by_label_contains("Red horse 3, square 6").is_none());
    assert!(
        h.query_by_label_contains("Red horse 4, square 10")
            .is_none()
    );
}

fn common_step_until(h: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    for _ in 0..200 {
        if done(h.state()) {
            return;
        }
        h.step();
    }
    assert!(done(h.state()), "never reached");
}

#[test]
fn a_roll_is_announced_once_and_the_focus_follows_the_turn() {
    let mut h = harness(people("Y,Y,3,10/-/Y,Y,Y,Y/- r 0", None), WINDOW);
    h.run_steps(3);
    // The turn is red's (a person here): focus on Roll.
    assert_eq!(focused_name(&h).as_deref(), Some("Roll"));
    let before: Vec<_> = live(&h).into_iter().map(|(id, _, _)| id).collect();
    h.key_press(egui::Key::Space);
    let mut heard = Vec::new();
    for _ in 0..30 {
        h.step();
        for (id, text, _) in live(&h) {
            if !before.contains(&id) && !heard.iter().any(|(i, _)| *i == id) {
                heard.push((id, text));
            }
        }
        if h.state().phase() != Phase::Animating {
            break;
        }
    }
    assert_eq!(heard.len(), 1, "one announcement for one roll: {heard:?}");
    assert!(heard[0].1.starts_with("Red rolled"), "{heard:?}");
    // A roll with moves: the focus is on the first movable horse, or on
    // the Move button whose name says where the horse goes.
    match h.state().phase() {
        Phase::Choose => {
            let focus = focused_name(&h).unwrap_or_default();
            assert!(
                focus.starts_with("Red horse") || focus.starts_with("Move: Red horse"),
                "{focus:?}"
            );
            assert!(focus.contains("moves to"), "{focus:?}");
            // Enter on the focused horse (or button) moves; the turn goes
            // to yellow, a person here too: focus on Roll again.
            h.key_press(egui::Key::Enter);
            h.run_steps(1);
            common_step_until(&mut h, |a| a.phase() == Phase::Roll);
            h.run_steps(1);
            assert_eq!(focused_name(&h).as_deref(), Some("Roll"));
        }
        Phase::Roll => {
            // No move: yellow's turn, focus on Roll.
            h.run_steps(1);
            assert_eq!(focused_name(&h).as_deref(), Some("Roll"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_kick_against_a_person_here_is_announced_assertively() {
    // Yellow (a computer) kicks red's horse on square 31 (red progress
    // 30, yellow progress 4) with any roll of 1..: set yellow on progress 3
    // and let it roll until it lands there.
    let table = common::table_at(
        Rules::standard(),
        "Y,Y,Y,30/-/3,57,57,57/- y 0",
        Some("1"),
        [
            Controller::Here,
            Controller::Computer(Level::Hard),
            Controller::Computer(Level::Hard),
            Controller::Computer(Level::Hard),
        ],
    );
    let mut h = harness(App::with_table(prefs(Lang::En), table), WINDOW);
    let mut heard = Vec::new();
    for _ in 0..60 {
        h.step();
        for (_, text, l) in live(&h) {
            if !heard.contains(&(text.clone(), l)) {
                heard.push((text, l));
            }
        }
    }
    let kick = heard
        .iter()
        .find(|(t, _)| t.contains("kicks") || t.contains("kicked"))
        .unwrap_or_else(|| panic!("no kick heard: {heard:?}"));
    assert_eq!(kick.1, Live::Assertive, "{heard:?}");
}

#[test]
fn combo_boxes_say_their_value() {
    let h = harness(people("Y,Y,3,10/-/Y,Y,Y,Y/- r 0", None), WINDOW);
    let combo =
        h.get_by(|n| n.role() == Role::ComboBox && n.label().is_some_and(|l| l.starts_with("Red")));
    assert_eq!(
        combo.accesskit_node().label().as_deref(),
        Some("Red: Person")
    );
    assert_eq!(combo.value().as_deref(), Some("Person"));
    let rules = h.get_by(|n| {
        n.role() == Role::ComboBox && n.label().is_some_and(|l| l.starts_with("Preset"))
    });
    assert_eq!(rules.value().as_deref(), Some("Standard"));
}
