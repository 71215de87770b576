//! Puzzles and tips in the Learn window (issue 24): a puzzle refuses a
//! weaker move with its figures and takes the best for its stars; the
//! player's own games looked through for puzzles on a thread, the file
//! kept; the tips tab shows the first tip.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::{DATE, played};
use crate::common::wait::wait_until;
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua_core::game::{Game, Level};
use ca_ngua_data::learn::{Run, puzzles_of};
use ca_ngua_data::prefs::{GameKind, Prefs};
use ca_ngua_data::record::{Player, Recorder};
use ca_ngua_data::store::{MY_PUZZLES_FILE, Store};
use ca_ngua_games::AnyGame;
use ca_ngua_i18n::Lang;
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use game_ca_ngua::CaNgua;

/// The Learn window of `app`, open at `tab`.
fn learn_tab(app: App, tab: &str) -> Harness<'static, App> {
    let mut h = harness(
        app,
        Window {
            check_accessibility: true,
            ..Window::DEFAULT
        },
    );
    h.get_by_role_and_label(Role::Button, "Learn").click();
    h.run_steps(2);
    h.get_by_label(tab).click();
    h.run_steps(3);
    h
}

fn click_starting(h: &mut Harness<'static, App>, prefix: &str) {
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(prefix)))
        .click();
    h.run_steps(3);
}

#[test]
fn a_puzzle_refuses_a_weaker_move_shows_the_best_and_takes_it_for_one_star() {
    let app = App::new(Prefs {
        lang: Some(Lang::En),
        game: GameKind::CaNgua,
        ..Prefs::default()
    })
    .skip_welcome()
    .with_inline_computers();
    let mut h = learn_tab(app, "Puzzles");
    assert!(shows(&h, "Puzzles: Cờ Cá Ngựa"));
    click_starting(&mut h, "Puzzle 1, not done yet");
    assert!(shows(&h, "Your task: find the best move."));
    // The first puzzle as the engine sees it: its moves in the panel's
    // order, the answer among them.
    let puzzle = puzzles_of::<CaNgua>().unwrap().remove(0);
    let mut run = Run::new(puzzle.clone());
    run.roll_until_moves().unwrap();
    let moves = run.moves();
    let best = moves.iter().position(|m| Some(*m) == run.hint()).unwrap();
    let weaker = (0..moves.len()).find(|k| *k != best).unwrap();
    click_starting(&mut h, &format!("{}. ", weaker + 1));
    h.run_steps(20);
    // Refused with its figures, and the best move shown (issue 45).
    assert!(
        shows(&h, "it is marked in gold on the board. Play it to finish"),
        "the weaker move was not refused with the answer"
    );
    assert!(!h.state().prefs().lesson_stars.contains_key(&puzzle.def.id));
    // The move was put back: the same moves are offered.
    click_starting(&mut h, &format!("{}. ", best + 1));
    h.run_steps(30);
    assert!(shows(&h, "Well done!"), "the best move did not solve it");
    assert!(shows(&h, "Every move and its chance to win:"));
    assert_eq!(
        h.state().prefs().lesson_stars.get(&puzzle.def.id),
        Some(&1),
        "one star once the answer was shown"
    );
}

#[test]
fn past_games_are_looked_through_for_the_players_own_puzzles() {
    let dir = crate::common::temp_dir("my-puzzles");
    let store = Store::at(dir.path());
    // A finished game whose red seat a person played carelessly (at
    // random, here).
    let table = played::<CaNgua>(CaNgua::preset("standard").unwrap(), 2, Level::Random, 11);
    let mut record = Recorder::of_table(&table, DATE).unwrap();
    record.seats[0].player = Player::Person;
    record.seats[0].name = "Lan".into();
    let id = store.records().save(&AnyGame::CaNgua(record)).unwrap();
    let app = App::from_store(store.clone(), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    let mut h = learn_tab(app, "Puzzles");
    click_starting(&mut h, "Find puzzles in my recent games");
    // The look goes on a thread: wait for its word, a bounded while.
    let done = wait_until(
        "the look never ended",
        std::time::Duration::from_secs(180),
        || {
            h.run_steps(2);
            shows(&h, "Looked at one game").then_some(true)
        },
    );
    assert!(done, "the look never ended");
    let file = store.load_my_puzzles().0;
    assert_eq!(file.mined, vec![id.as_str().to_string()]);
    // Looking again finds no game left to look at.
    click_starting(&mut h, "Find puzzles in my recent games");
    let again = wait_until(
        "nothing left to look at",
        std::time::Duration::from_secs(30),
        || {
            h.run_steps(2);
            shows(&h, "No finished game is left to look at").then_some(true)
        },
    );
    assert!(again);
    // The puzzles found are listed under the player's own, and kept.
    assert!(dir.path().join(MY_PUZZLES_FILE).exists());
    assert!(shows(
        &h,
        &format!("From your games: 0 of {} solved", file.puzzles.len())
    ));
}

#[test]
fn the_tips_tab_shows_the_first_tip_of_the_game_in_front() {
    let app = App::new(Prefs {
        lang: Some(Lang::En),
        game: GameKind::CoNhay,
        ..Prefs::default()
    })
    .skip_welcome()
    .with_inline_computers();
    let mut h = learn_tab(app, "Tips");
    h.run_steps(3);
    assert!(shows(&h, "Chains of hops beat steps"));
}

#[test]
fn a_co_nhay_puzzle_is_seen_from_its_own_colour_with_every_hole_numbered() {
    use ca_ngua::app::learn::{Course, LessonScreen, LessonView};
    use ca_ngua::app::play::phase::Phase;
    use ca_ngua_i18n::I18n;
    use game_co_nhay::CoNhay;
    let list = puzzles_of::<CoNhay>().unwrap();
    let en = I18n::new(Lang::En);
    let ctx = egui::Context::default();
    // A puzzle of the top arm and one of the bottom arm: each is drawn
    // with its own arm at the bottom, as its player sees the table.
    for arm in [3, 0] {
        let k = list
            .iter()
            .position(|p| p.learner.index() == arm)
            .unwrap_or_else(|| panic!("a puzzle of arm {arm}"));
        let mut view = LessonView::<CoNhay>::open_in(Course::Puzzles, list.clone(), k).unwrap();
        view.animate(&ctx, 0.0, &Prefs::default(), &en);
        let input = view.play().board_input(&en, Phase::Choose, 0.0, false);
        assert_eq!(input.bottom.index(), arm);
        // The hints and the log name holes: the board numbers every one,
        // pieces' holes too.
        assert!(input.numbers);
    }
}
