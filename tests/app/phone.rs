//! Screens of every shape (issue 54): at a phone's sizes upright and on its
//! side, a tablet's and the desktop's 800×600, in both languages, the main
//! screens fit the window: no widget straddles the window's edge or lies
//! beside it (nothing cut off, nothing behind a sideways scroll), and on a
//! phone the main button is a thumb's size, at the bottom when upright.
//! The screens: a local game of each game, the first start's welcome, the
//! lessons (their list and a lesson), the replay, and a room joined from
//! its link, its talk open.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::{Window, all_nodes, harness, name};
use ca_ngua::app::App;
use ca_ngua::app::layout::{Layout, TOUCH_TARGET};
use ca_ngua_data::prefs::{GameKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::{I18n, Lang};
use egui::accesskit::Role;
use egui::{Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The sizes of issue 54, in points (CSS pixels), and the desktop's
/// smallest.
pub(crate) const SIZES: [(f32, f32); 6] = [
    (360.0, 640.0),
    (390.0, 844.0),
    (430.0, 932.0),
    (844.0, 390.0),
    (768.0, 1024.0),
    (800.0, 600.0),
];

/// Both languages.
pub(crate) const LANGS: [Lang; 2] = [Lang::Vi, Lang::En];

/// A window of `size`.
pub(crate) fn window(size: (f32, f32)) -> Window {
    Window {
        size: Vec2::new(size.0, size.1),
        step_dt: 0.1,
        max_steps: 4,
        check_accessibility: false,
    }
}

/// The settings of a player here, welcomed, in `lang`, playing `game`.
pub(crate) fn prefs(lang: Lang, game: GameKind) -> Prefs {
    Prefs {
        lang: Some(lang),
        game,
        welcomed: true,
        online_name: "Hùng".into(),
        ..Prefs::default()
    }
}

/// The text of `key` in `lang`.
pub(crate) fn t(lang: Lang, key: &str) -> String {
    I18n::new(lang).t(key)
}

/// Every widget the player can see is whole: none cut by the window's
/// edge, none cut at the side (nothing behind a sideways scroll). A
/// widget scrolled partly out of its scroll area's view (which lies within
/// the window) is whole where it scrolls; one scrolled away is not seen.
pub(crate) fn fits(h: &Harness<'_, App>, what: &str) {
    let size = h.ctx.content_rect().size();
    let screen = Rect::from_min_size(Pos2::ZERO, size);
    // Each widget's rectangle and the part of it its clip lets be seen.
    let widgets: std::collections::HashMap<u64, (Rect, Rect)> = h.ctx.viewport(|v| {
        v.prev_pass
            .widgets
            .layers()
            .flat_map(|(_, ws)| ws.iter().map(|w| (w.id.value(), (w.rect, w.interact_rect))))
            .collect()
    });
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    let mut checked = 0;
    for n in nodes {
        if matches!(
            n.role(),
            Role::Window | Role::TextRun | Role::GenericContainer
        ) {
            continue;
        }
        let Some((rect, seen)) = widgets.get(&n.locate().0.0).copied() else {
            continue;
        };
        checked += 1;
        if rect.width() <= 0.0 || rect.height() <= 0.0 || !seen.is_positive() {
            continue;
        }
        let cut_sideways = seen.width() + 1.0 < rect.width()
            || rect.left() < screen.left() - 1.0
            || rect.right() > screen.right() + 1.0;
        let cut_by_edge = (rect.top() < screen.top() - 1.0 && seen.top() <= screen.top() + 1.0)
            || (rect.bottom() > screen.bottom() + 1.0 && seen.bottom() >= screen.bottom() - 1.0)
            // A board (a large image) is never seen in part.
            || (n.role() == Role::Image
                && rect.width().min(rect.height()) >= 200.0
                && seen.height() + 1.0 < rect.height());
        assert!(
            !cut_sideways && !cut_by_edge,
            "{what}: {:?} {:?} at {rect:?} (seen {seen:?}) is cut in the window {size:?}",
            n.role(),
            name(&n)
        );
    }
    assert!(checked > 10, "{what}: only {checked} widgets found");
}

/// Where a widget is and the part of it that is seen (its clip's), by its
/// node.
pub(crate) fn seen(h: &Harness<'_, App>, node: egui::accesskit::NodeId) -> Option<(Rect, Rect)> {
    h.ctx.viewport(|v| {
        v.prev_pass.widgets.layers().find_map(|(_, ws)| {
            ws.iter()
                .find(|w| w.id.value() == node.0)
                .map(|w| (w.rect, w.interact_rect))
        })
    })
}

/// The button named `label`, wholly inside the window.
pub(crate) fn button(h: &Harness<'_, App>, label: &str, what: &str) -> Rect {
    let node = h
        .query_by_role_and_label(Role::Button, label)
        .unwrap_or_else(|| panic!("{what}: no button {label}"));
    let r = node.rect();
    let screen = Rect::from_min_size(Pos2::ZERO, h.ctx.content_rect().size()).expand(1.0);
    assert!(screen.contains_rect(r), "{what}: {label} at {r:?}");
    r
}

/// On a phone's layout the main button is a thumb's size, and upright at
/// the bottom, within the thumb's reach.
pub(crate) fn thumb_sized(h: &Harness<'_, App>, labels: &[String], what: &str) {
    let label = labels
        .iter()
        .find(|l| h.query_by_role_and_label(Role::Button, l).is_some())
        .unwrap_or_else(|| panic!("{what}: none of the buttons {labels:?}"));
    let r = button(h, label, what);
    let size = h.ctx.content_rect().size();
    match Layout::of(size) {
        Layout::Portrait => {
            assert!(
                r.width() >= TOUCH_TARGET && r.height() >= TOUCH_TARGET,
                "{what}: {r:?}"
            );
            assert!(
                r.top() >= size.y * 2.0 / 3.0,
                "{what}: {label} at {r:?}, not at the bottom"
            );
        }
        Layout::Landscape => {
            assert!(
                r.width() >= TOUCH_TARGET && r.height() >= TOUCH_TARGET,
                "{what}: {r:?}"
            );
        }
        Layout::Wide => {}
    }
}

/// Every target on a phone's layout is a thumb's size (the board's own
/// too): buttons, check boxes, radio buttons, combo boxes, fields,
/// sliders; but for the title bars' buttons of egui's windows.
pub(crate) fn targets_thumb_sized(h: &Harness<'_, App>, what: &str) {
    let size = h.ctx.content_rect().size();
    if !Layout::of(size).is_phone() {
        return;
    }
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    for n in nodes {
        let target = matches!(
            n.role(),
            Role::Button
                | Role::CheckBox
                | Role::RadioButton
                | Role::ComboBox
                | Role::TextInput
                | Role::MultilineTextInput
                | Role::Slider
                | Role::SpinButton
        );
        let label = n.label().unwrap_or_default();
        if !target || matches!(label.as_str(), "Hide" | "Close window") {
            continue;
        }
        let Some(b) = n.bounding_box() else {
            continue;
        };
        let (w, ht) = ((b.x1 - b.x0) as f32, (b.y1 - b.y0) as f32);
        assert!(
            ht >= TOUCH_TARGET - 0.5 && w >= TOUCH_TARGET - 0.5,
            "{what}: the {:?} {label:?} is {w}×{ht}, less than a thumb",
            n.role()
        );
    }
}

/// The app of `prefs`, nothing on disk, in a window of `size`, after a few
/// frames.
fn local(prefs: Prefs, size: (f32, f32)) -> Harness<'static, App> {
    let mut h = harness(App::new(prefs).with_inline_computers(), window(size));
    h.run_steps(4);
    h
}

#[test]
fn a_local_game_of_either_game_fits_every_shape_in_both_languages() {
    for size in SIZES {
        for lang in LANGS {
            let what = format!("Cờ Cá Ngựa {size:?} {lang:?}");
            let h = local(prefs(lang, GameKind::CaNgua), size);
            fits(&h, &what);
            let main = [t(lang, "button-roll"), t(lang, "button-waiting")];
            thumb_sized(&h, &main, &what);
            targets_thumb_sized(&h, &what);
            let what = format!("Cờ nhảy {size:?} {lang:?}");
            let h = local(prefs(lang, GameKind::CoNhay), size);
            fits(&h, &what);
            let main = [t(lang, "nhay-button-choose"), t(lang, "button-waiting")];
            thumb_sized(&h, &main, &what);
            targets_thumb_sized(&h, &what);
        }
    }
}

#[test]
fn the_welcome_of_a_first_start_fits_every_shape() {
    for size in SIZES {
        for lang in LANGS {
            let what = format!("welcome {size:?} {lang:?}");
            let dir = common::temp_dir("phone-welcome");
            let app = App::from_store(Store::at(dir.path()), None, lang, None);
            let mut h = harness(app, window(size));
            h.run_steps(3);
            assert!(h.state().is_welcoming());
            fits(&h, &what);
            targets_thumb_sized(&h, &what);
            button(&h, &t(lang, "welcome-learn"), &what);
            button(&h, &t(lang, "welcome-play"), &what);
        }
    }
}

/// Clicks a button of the top bar, through its "More…" menu where the
/// bar has no room for it.
pub(crate) fn click_top(h: &mut Harness<'_, App>, lang: Lang, label: &str) {
    if h.query_by_role_and_label(Role::Button, label).is_none() {
        h.get_by_role_and_label(Role::Button, &t(lang, "button-more"))
            .click();
        h.run_steps(2);
    }
    h.get_by_role_and_label(Role::Button, label).click();
    h.run_steps(3);
}

#[test]
fn the_lessons_fit_every_shape() {
    for size in SIZES {
        for lang in LANGS {
            for game in GameKind::ALL {
                let what = format!("lessons {game:?} {size:?} {lang:?}");
                let mut h = local(prefs(lang, game), size);
                click_top(&mut h, lang, &t(lang, "button-learn"));
                assert!(h.state().learn().is_some(), "{what}");
                fits(&h, &format!("{what}, the list"));
                targets_thumb_sized(&h, &format!("{what}, the list"));
                // The first lesson.
                h.get_by(|n| {
                    n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("1. "))
                })
                .click();
                h.run_steps(3);
                assert!(h.state().learn().unwrap().lesson().is_some(), "{what}");
                fits(&h, &format!("{what}, a lesson"));
                targets_thumb_sized(&h, &format!("{what}, a lesson"));
                // On a phone the settings open from the top bar while the
                // lessons hide the row of sheets.
                if Layout::of(h.ctx.content_rect().size()).is_phone() {
                    click_top(&mut h, lang, &t(lang, "button-show-settings"));
                    assert_eq!(
                        h.state().sheet(),
                        Some(ca_ngua::app::shell::Sheet::Settings),
                        "{what}"
                    );
                    fits(&h, &format!("{what}, the settings"));
                }
            }
        }
    }
}

#[test]
fn the_replay_fits_every_shape() {
    use ca_ngua_core::game::Level;
    use ca_ngua_data::record::Recorder;
    use game_ca_ngua::CaNgua;
    let t_ = common::records::played::<CaNgua>(
        game_ca_ngua::engine::Rules::standard(),
        2,
        Level::Medium,
        6,
    );
    let record = Recorder::of_table(&t_, common::records::DATE).unwrap();
    for size in SIZES {
        for lang in LANGS {
            let what = format!("replay {size:?} {lang:?}");
            let mut h = local(prefs(lang, GameKind::CaNgua), size);
            click_top(&mut h, lang, &t(lang, "button-stats"));
            // (Scrolled out of the statistics' view in a short window: a
            // screen reader's click.)
            h.get_by_label(&t(lang, "records-paste")).click_accesskit();
            h.run_steps(3);
            h.get_by_role_and_label(Role::MultilineTextInput, &t(lang, "records-paste-label"))
                .set_text_value_accesskit(&record.to_text());
            h.run_steps(2);
            h.get_by_label(&t(lang, "records-paste-open"))
                .click_accesskit();
            h.run_steps(4);
            assert!(h.state().replay().is_some(), "{what}");
            fits(&h, &what);
            targets_thumb_sized(&h, &what);
            for key in ["replay-forward", "replay-last", "replay-play"] {
                button(&h, &t(lang, key), &what);
            }
            // The board as large as the window lets it be: upright, the
            // window's width; else its height.
            // (The game's board lies under the window: the replay's is
            // drawn last.)
            let board = h
                .query_all_by_label_contains(&t(lang, "board-label"))
                .last()
                .unwrap()
                .rect();
            let area = h.ctx.content_rect().size();
            assert!(
                board.width() >= area.x.min(area.y) * 0.5,
                "{what}: the board is {board:?}"
            );
        }
    }
}

#[test]
fn at_800_by_600_the_settings_and_their_online_part_fit_and_a_window_opened_there_comes_in_front() {
    for size in [(800.0, 600.0), (1280.0, 800.0)] {
        for lang in LANGS {
            let what = format!("settings {size:?} {lang:?}");
            let mut h = local(prefs(lang, GameKind::CaNgua), size);
            if h.query_by_role_and_label(Role::Button, &t(lang, "button-hide-settings"))
                .is_none()
            {
                click_top(&mut h, lang, &t(lang, "button-show-settings"));
            }
            h.get_by_label(&t(lang, "online-heading")).click_accesskit();
            h.run_steps(3);
            fits(&h, &what);
            // "Try these rules" opens its window in front: a drawer over
            // the board closes (a panel beside it stays).
            h.get_by_role_and_label(Role::Button, &t(lang, "try-open"))
                .click_accesskit();
            h.run_steps(3);
            let title = t(lang, "try-title");
            let title = title.split('{').next().unwrap().trim().to_string();
            assert!(
                h.query_all_by_role(Role::Window).any(|n| n
                    .accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with(&title))),
                "{what}: no window {title}"
            );
            let drawer = size.0 < 1000.0;
            assert_eq!(
                h.query_by_role_and_label(Role::Button, &t(lang, "button-hide-settings"))
                    .is_none(),
                drawer,
                "{what}: the drawer closes, the panel stays"
            );
        }
    }
}
