//! Touch on a phone (issue 54): a tap (a press and a release, with no
//! pointer resting anywhere before) on a horse that can move moves it, and
//! a tap near it, inside a thumb's reach but outside its square's, too;
//! in Cờ nhảy a tap picks a piece and a tap on its target moves it; the
//! sheets over the board open and close with one tap each; the results
//! open by themselves at the end of a game and close with one tap; a text
//! field that takes the keyboard is brought into view, above where a
//! phone's keyboard comes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::phone::{fits, prefs, t, window};
use crate::ui_support::{harness, step_until};
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua::app::shell::Sheet;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::GameKind;
use ca_ngua_i18n::Lang;
use egui::accesskit::Role;
use egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};
use game_co_nhay::CoNhay;

/// A finger's tap at `at`: it lands and lifts, no pointer before it.
pub(crate) fn tap(h: &mut Harness<'_, App>, at: Pos2) {
    let press = |pressed| Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::default(),
    };
    h.event(Event::PointerMoved(at));
    h.event(press(true));
    h.step();
    h.event(press(false));
    h.event(Event::PointerGone);
    h.step();
}

/// A tap on the middle of the button named `label`.
pub(crate) fn tap_button(h: &mut Harness<'_, App>, label: &str) {
    let at = h.get_by_role_and_label(Role::Button, label).rect().center();
    tap(h, at);
    h.run_steps(3);
}

fn events<V: ca_ngua::app::play::View>(a: &App) -> usize {
    a.play::<V>().source().events().len()
}

/// Red to move with a 2 and one horse that can move (3 → 5).
fn one_horse_app(lang: Lang) -> App {
    let people = [Controller::Here; 4];
    let table = common::table_at(
        Rules::standard(),
        "Y,Y,Y,3/-/Y,Y,Y,Y/- r 0",
        Some("2"),
        people,
    );
    App::with_table(prefs(lang, GameKind::CaNgua), table).with_inline_computers()
}

/// The horse's button (its name begins with the horse's words).
fn horse(h: &Harness<'_, App>, lang: Lang) -> egui::Rect {
    let prefix = if lang == Lang::Vi {
        "Ngựa đỏ"
    } else {
        "Red horse"
    };
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(prefix)))
        .rect()
}

fn red_horse_at(a: &App) -> u8 {
    let latest = a.play::<CaNgua>().source().latest();
    latest.position().unwrap().horses(Seat::Red)[3]
}

#[test]
fn a_tap_on_a_horse_that_can_move_moves_it_upright_and_sideways() {
    for size in [(390.0, 844.0), (844.0, 390.0), (360.0, 640.0)] {
        for lang in [Lang::Vi, Lang::En] {
            let mut h = harness(one_horse_app(lang), window(size));
            h.run_steps(4);
            assert_eq!(h.state().phase(), Phase::Choose);
            // Where it lands is shown without a hover: the only move.
            let now = h.ctx.input(|i| i.time);
            let i18n = ca_ngua_i18n::I18n::new(lang);
            let board = h
                .state()
                .play::<CaNgua>()
                .board_input(&i18n, Phase::Choose, now, false);
            assert_eq!(board.preview.len(), 1, "{size:?}: {:?}", board.preview);
            // The horse is a thumb's target, larger than its square.
            let r = horse(&h, lang);
            assert!(r.width() >= 43.5 && r.height() >= 43.5, "{size:?}: {r:?}");
            tap(&mut h, r.center());
            step_until(&mut h, 200, |a| {
                red_horse_at(a) == 5 && !a.play::<CaNgua>().is_animating()
            });
        }
    }
    // A tap beside the horse, outside its square but within a thumb's
    // reach, moves it too.
    let mut h = harness(one_horse_app(Lang::Vi), window((390.0, 844.0)));
    h.run_steps(4);
    let r = horse(&h, Lang::Vi);
    let square = 390.0 / 15.0;
    let beside = r.center() + Vec2::new(square * 0.7, 0.0);
    assert!(r.contains(beside));
    tap(&mut h, beside);
    step_until(&mut h, 200, |a| red_horse_at(a) == 5);
}

#[test]
fn in_cờ_nhảy_a_tap_picks_a_piece_and_a_tap_on_its_target_moves_it() {
    let mut h = harness(
        App::new(prefs(Lang::Vi, GameKind::CoNhay)).with_inline_computers(),
        window((390.0, 844.0)),
    );
    step_until(&mut h, 400, |a| a.phase() == Phase::Choose);
    let before = events::<CoNhay>(h.state());
    let piece = h
        .query_all_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.starts_with("Quân ") && !l.ends_with(" 0 ô"))
        })
        .next()
        .expect("a piece that can move")
        .rect();
    assert!(piece.width() >= 43.5, "{piece:?}");
    tap(&mut h, piece.center());
    h.run_steps(2);
    let target = h
        .query_all_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.starts_with("Đi đến ô") || l.starts_with("Nhảy đến ô"))
        })
        .next()
        .expect("a target of the piece picked")
        .rect();
    assert!(target.width() >= 43.5, "{target:?}");
    tap(&mut h, target.center());
    step_until(&mut h, 200, |a| events::<CoNhay>(a) > before);
}

#[test]
fn the_sheets_open_and_close_with_one_tap() {
    for (size, lang) in [((390.0, 844.0), Lang::Vi), ((844.0, 390.0), Lang::En)] {
        let mut h = harness(
            App::new(prefs(lang, GameKind::CaNgua)).with_inline_computers(),
            window(size),
        );
        h.run_steps(3);
        for (sheet, key) in [
            (Sheet::Log, "sheet-log"),
            (Sheet::Settings, "sheet-settings"),
        ] {
            let what = format!("{key} {size:?}");
            tap_button(&mut h, &t(lang, key));
            assert_eq!(h.state().sheet(), Some(sheet), "{what}");
            fits(&h, &what);
            crate::phone::targets_thumb_sized(&h, &what);
            // Its Close, one tap.
            tap_button(&mut h, &t(lang, "sheet-close"));
            assert_eq!(h.state().sheet(), None, "{what}");
            assert!(
                h.query_by_role_and_label(Role::Button, &t(lang, "sheet-close"))
                    .is_none()
            );
            // Its button again, one tap.
            tap_button(&mut h, &t(lang, key));
            assert_eq!(h.state().sheet(), Some(sheet), "{what}");
            tap_button(&mut h, &t(lang, key));
            assert_eq!(h.state().sheet(), None, "{what}");
        }
    }
}

#[test]
fn the_results_open_by_themselves_at_the_end_and_close_with_one_tap() {
    let people = [Controller::Here; 4];
    // Red's last horse goes home with a 1: the game is over.
    let table = common::table_at(
        Rules::standard(),
        "57,57,57,56/-/Y,Y,Y,40/- r 0",
        Some("1"),
        people,
    );
    let app = App::with_table(prefs(Lang::Vi, GameKind::CaNgua), table).with_inline_computers();
    let mut h = harness(app, window((390.0, 844.0)));
    h.run_steps(4);
    let r = horse(&h, Lang::Vi);
    tap(&mut h, r.center());
    step_until(&mut h, 300, |a| a.phase() == Phase::Over);
    h.run_steps(4);
    assert_eq!(h.state().sheet(), Some(Sheet::Results));
    fits(&h, "results");
    // The next game is one tap away, in the sheet and on the main button.
    assert_eq!(
        h.query_all_by_role_and_label(Role::Button, &t(Lang::Vi, "button-play-again"))
            .count(),
        2
    );
    tap_button(&mut h, &t(Lang::Vi, "sheet-close"));
    assert_eq!(h.state().sheet(), None);
    h.run_steps(4);
    assert_eq!(h.state().sheet(), None, "closed, they stay closed");
    // They come back from the row of sheets.
    tap_button(&mut h, &t(Lang::Vi, "sheet-results"));
    assert_eq!(h.state().sheet(), Some(Sheet::Results));
}

#[test]
fn a_field_that_takes_the_keyboard_is_scrolled_into_view() {
    let lang = Lang::Vi;
    let mut h = harness(
        App::new(prefs(lang, GameKind::CaNgua)).with_inline_computers(),
        window((390.0, 844.0)),
    );
    h.run_steps(3);
    tap_button(&mut h, &t(lang, "sheet-settings"));
    h.get_by_label(&t(lang, "online-heading")).click_accesskit();
    h.run_steps(3);
    let name = t(lang, "online-name");
    let field = |h: &Harness<'_, App>| {
        let node = h.get_by_role_and_label(Role::TextInput, &name);
        crate::phone::seen(h, node.accesskit_node().locate().0).expect("the name's field")
    };
    let (rect, seen) = field(&h);
    assert!(
        seen.height() + 1.0 < rect.height(),
        "out of view at first: {rect:?} {seen:?}"
    );
    // A phone's keyboard takes the bottom of the screen: the field that
    // takes it is brought into the middle of its sheet.
    h.get_by_role_and_label(Role::TextInput, &name).focus();
    h.run_steps(4);
    let (rect, seen) = field(&h);
    assert!(
        seen.height() + 1.0 >= rect.height(),
        "in view once focused: {rect:?} {seen:?}"
    );
    assert!(
        rect.bottom() < 844.0 * 0.6,
        "above a phone's keyboard: {rect:?}"
    );
}
