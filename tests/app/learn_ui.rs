//! The lessons in the app (issue 24, part B): the first lesson of each
//! game played to its stars by clicking, as a new player would; a refused
//! move put back with its explanation; a question answered.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua_data::prefs::{GameKind, Prefs};
use ca_ngua_i18n::Lang;
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn prefs(game: GameKind) -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        game,
        ..Prefs::default()
    }
}

/// The app with the lessons of `game` open at the list.
fn lessons(game: GameKind) -> Harness<'static, App> {
    let app = App::new(prefs(game)).with_inline_computers();
    let mut h = harness(
        app,
        Window {
            check_accessibility: true,
            ..Window::DEFAULT
        },
    );
    h.get_by_role_and_label(Role::Button, "Learn").click();
    h.run_steps(2);
    assert!(h.state().learn().is_some());
    h
}

/// Clicks the button whose name starts with `prefix`.
fn click_starting(h: &mut Harness<'static, App>, prefix: &str) {
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(prefix)))
        .click();
    h.run_steps(2);
}

/// Clicks the (first) button whose name starts with `prefix` and contains
/// `part` (horses in the yard share their words).
fn click_horse(h: &mut Harness<'static, App>, prefix: &str, part: &str) {
    h.query_all_by(|n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l.starts_with(prefix) && l.contains(part))
    })
    .next()
    .expect("no such horse")
    .click();
    h.run_steps(2);
}

fn stars(h: &Harness<'_, App>, id: &str) -> Option<u8> {
    h.state().prefs().lesson_stars.get(id).copied()
}

#[test]
fn the_first_lesson_of_cờ_cá_ngựa_is_played_to_three_stars() {
    let mut h = lessons(GameKind::CaNgua);
    assert!(shows(&h, "Learn to play Cờ Cá Ngựa"));
    click_starting(&mut h, "1. The board and your horses (not done yet)");
    assert!(shows(
        &h,
        "Your task: roll the die and move your horse forward."
    ));
    assert!(shows(&h, "Rolls to come: 4"));
    // The roll is the lesson's: a 4.
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(20);
    // The horse on the start square goes four squares on.
    click_horse(&mut h, "Red horse", "square 1, moves to square 5");
    h.run_steps(30);
    assert!(shows(&h, "Well done!"), "not solved");
    assert_eq!(stars(&h, "cn-board"), Some(3));
    assert!(shows(&h, "You earned 3 stars of 3 (1 try, 1 needed)."));
    // On to the next lesson, and back to the list, which shows the stars.
    h.get_by_role_and_label(Role::Button, "Next lesson").click();
    h.run_steps(2);
    assert!(shows(&h, "Leaving the yard"));
    h.get_by_role_and_label(Role::Button, "Back to the lessons")
        .click();
    h.run_steps(2);
    assert!(
        h.query_by_role_and_label(Role::Button, "1. The board and your horses (3 stars of 3)")
            .is_some()
    );
    // Closing the lessons gives the game back.
    h.get_by_role_and_label(Role::Button, "Back to the game")
        .click();
    h.step();
    assert!(h.state().learn().is_none());
}

#[test]
fn a_roll_without_a_move_passes_and_the_turn_comes_back() {
    let mut h = lessons(GameKind::CaNgua);
    click_starting(&mut h, "2. Leaving the yard");
    assert!(shows(&h, "Rolls to come: 3, 6"));
    // A 3: no horse can leave the yard; the roll is passed, and after
    // the pass is shown the roll is red's again.
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(60);
    assert!(
        h.state()
            .learn()
            .unwrap()
            .lesson()
            .unwrap()
            .stars()
            .is_none()
    );
    assert!(shows(&h, "Rolls to come: 6"));
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(20);
    click_horse(&mut h, "Red horse", "in the yard");
    h.run_steps(30);
    assert!(shows(&h, "Well done!"));
    assert_eq!(stars(&h, "cn-exit"), Some(3));
}

#[test]
fn a_refused_move_is_put_back_with_its_explanation() {
    let mut h = lessons(GameKind::CaNgua);
    click_starting(&mut h, "3. Counting the squares");
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(20);
    // The horse on square 21 goes five squares too, but not to the star.
    click_horse(&mut h, "Red horse", "square 21, moves to square 26");
    h.run_steps(5);
    assert!(shows(&h, "it lands on square 26, not on the star"));
    // Put back: both horses can still move with the same 5.
    assert!(
        h.query_by(|n| n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l.contains("square 21, moves to square 26")))
            .is_some()
    );
    click_horse(&mut h, "Red horse", "square 4, moves to square 9");
    h.run_steps(30);
    assert!(shows(&h, "Well done!"));
    assert_eq!(stars(&h, "cn-count"), Some(2));
}

#[test]
fn the_first_lesson_of_cờ_nhảy_is_played_to_three_stars() {
    let mut h = lessons(GameKind::CoNhay);
    assert!(shows(&h, "Learn to play Cờ nhảy"));
    click_starting(&mut h, "1. The board and your arm");
    assert!(shows(&h, "move a piece out of your arm onto hole 15"));
    // The hint marks the intended move and says where to look.
    h.get_by_role_and_label(Role::Button, "Lesson hint").click();
    h.run_steps(2);
    assert!(shows(&h, "right next to hole 15"));
    click_starting(&mut h, "Red piece on hole 7,");
    click_starting(&mut h, "Move to hole 15");
    h.run_steps(30);
    assert!(shows(&h, "Well done!"), "not solved");
    assert_eq!(stars(&h, "nhay-board"), Some(3));
}

#[test]
fn a_question_is_answered_and_the_board_shows_why() {
    let mut h = lessons(GameKind::CoNhay);
    click_starting(&mut h, "8. Question: two in a row");
    h.get_by_role_and_label(Role::Button, "Yes").click();
    h.run_steps(2);
    assert!(shows(&h, "Not quite."));
    assert_eq!(stars(&h, "nhay-quiz-two"), None);
    h.get_by_role_and_label(Role::Button, "No").click();
    h.run_steps(2);
    assert!(shows(&h, "Right!"));
    assert!(shows(&h, "the move from hole 60 to hole 93 is not allowed"));
    assert_eq!(stars(&h, "nhay-quiz-two"), Some(2));
}
