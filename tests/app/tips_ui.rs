//! The tips on screen (issue 24): each game's tips open at the first page
//! on the game's own board, Next and the arrow keys turn the pages, the
//! list jumps to a tip, and a screen reader hears each page.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::ui_support::*;
use ca_ngua::app::learn::TipsScreen;
use ca_ngua::app::setup_context;
use ca_ngua_data::prefs::{GameKind, Look, Prefs};
use ca_ngua_i18n::{I18n, Lang};
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

struct Tips {
    screen: TipsScreen,
    i18n: I18n,
    prefs: Prefs,
}

/// The tips of `game` in a window laid out as the lessons are: the words
/// on the right, the board in the middle.
fn tips(game: GameKind) -> Harness<'static, Tips> {
    let state = Tips {
        screen: TipsScreen::open(game).unwrap(),
        i18n: I18n::new(Lang::En),
        prefs: Prefs {
            lang: Some(Lang::En),
            game,
            ..Prefs::default()
        },
    };
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 800.0))
        .with_step_dt(0.1)
        .with_context_setup(|ctx| setup_context(ctx, Look::Light))
        .build_ui_state(
            |ui, s: &mut Tips| {
                let now = ui.input(|i| i.time);
                let ctx = ui.ctx().clone();
                s.screen.animate(&ctx, now, &s.prefs, &s.i18n);
                egui::Panel::right("tips")
                    .resizable(false)
                    .exact_size(320.0)
                    .show(ui, |ui| s.screen.panel_ui(ui, &s.i18n, now));
                egui::CentralPanel::default().show(ui, |ui| {
                    s.screen.board_ui(ui, &s.i18n, &s.prefs, now, false)
                });
            },
            state,
        );
    h.run_steps(2);
    h
}

/// True when a text reads exactly `text` (the list's buttons read
/// "2. Title", the page's title reads "Title").
fn shows_exactly(h: &Harness<'_, Tips>, text: &str) -> bool {
    h.query_all_by(|n| n.role() == Role::Label && n.value().is_some_and(|v| v == text))
        .next()
        .is_some()
}

fn title(h: &Harness<'_, Tips>, page: usize) -> String {
    let kind = h.state().screen.kind();
    let key = ca_ngua_games::with_game!(kind, G => ca_ngua_data::learn::tips::tips_of::<G>()
        .unwrap()
        .into_iter()
        .nth(page)
        .unwrap()
        .def
        .title);
    h.state().i18n.t(&key)
}

#[test]
fn each_game_pages_to_its_second_tip() {
    for game in GameKind::ALL {
        let mut h = tips(game);
        let count = h.state().screen.count();
        assert!(count >= 5, "{game:?}: {count} tips");
        let (first, second) = (title(&h, 0), title(&h, 1));
        assert!(shows_exactly(&h, &first), "{game:?}: {first}");
        assert!(!shows_exactly(&h, &second), "{game:?}: {second}");
        assert!(shows(&h, &format!("Tip 1 of {count}")));
        // The list names every tip.
        assert!(
            h.query_by_role_and_label(Role::Button, &format!("2. {second}"))
                .is_some()
        );
        h.get_by_role_and_label(Role::Button, "Next tip").click();
        h.run_steps(2);
        assert_eq!(h.state().screen.page(), 1);
        assert!(shows_exactly(&h, &second), "{game:?}: {second}");
        assert!(!shows_exactly(&h, &first), "{game:?}: {first}");
        assert!(shows(&h, &format!("Tip 2 of {count}")));
        // The page is said to a screen reader.
        assert!(shows(&h, &format!("Tip 2 of {count}. {second}.")));
    }
}

#[test]
fn the_arrow_keys_and_the_list_turn_the_pages() {
    let mut h = tips(GameKind::CaNgua);
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(h.state().screen.page(), 1);
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(h.state().screen.page(), 0);
    // Nothing before the first page.
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(h.state().screen.page(), 0);
    // The list jumps to the last tip; Next does nothing there.
    let count = h.state().screen.count();
    let last = title(&h, count - 1);
    h.get_by_role_and_label(Role::Button, &format!("{count}. {last}"))
        .click();
    h.run_steps(2);
    assert_eq!(h.state().screen.page(), count - 1);
    assert!(shows_exactly(&h, &last));
    h.state_mut().screen.next();
    assert_eq!(h.state().screen.page(), count - 1);
    h.state_mut().screen.previous();
    assert_eq!(h.state().screen.page(), count - 2);
}

#[test]
fn a_tip_of_cờ_cá_ngựa_shows_its_roll_and_its_marked_move() {
    let h = tips(GameKind::CaNgua);
    assert!(shows(&h, "Rolled: 6"));
    assert!(shows(
        &h,
        "On the board, the marked move is the one this tip suggests."
    ));
    // Everything on the screen has a name (the harness's own window
    // aside: the app names it).
    let unnamed: Vec<String> = unnamed(&h)
        .into_iter()
        .filter(|n| !n.starts_with("Window"))
        .collect();
    assert!(unnamed.is_empty(), "{unnamed:?}");
}
