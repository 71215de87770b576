//! The desktop app through its accessibility tree (egui_kittest): a whole
//! game played by clicking, the one-move button, a settings change that
//! asks first, the language switch, the keyboard. kittest panics on any
//! glyph the fonts lack, so every test here also checks font coverage.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::*;
use ca_ngua::app::{App, setup_context};
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::{Look, PlayerKind, Prefs};
use ca_ngua_i18n::Lang;
use egui::{Key, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::engine::{Position, Roll, Rules, Seat};

use game_ca_ngua::CaNgua;
type Replica = ca_ngua_core::table::Replica<CaNgua>;
type Table = ca_ngua_core::table::Table<CaNgua>;

/// The buttons whose accessible name contains `text` (labels of plain text
/// also carry their text as a name, so filter by role).
fn buttons<'a>(
    h: &'a Harness<'_, App>,
    text: &'a str,
) -> impl Iterator<Item = egui_kittest::Node<'a>> + 'a {
    h.query_all_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.contains(text)))
}

/// The app's window here: the default one, its first frame's
/// accessibility checked.
pub(crate) const WINDOW: Window = Window {
    check_accessibility: true,
    ..Window::DEFAULT
};

fn prefs(lang: Lang) -> Prefs {
    Prefs {
        lang: Some(lang),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Bot(Level::Random),
                ],
                fast_bots: true,
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

/// A table of people only, continuing from a position, with a roll waiting
/// if given.
fn people_at(position: &str, roll: Option<&str>) -> Table {
    common::table_at(Rules::standard(), position, roll, [Controller::Here; 4])
}

/// The game as the table has it (ahead of the board while it animates).
pub(crate) fn latest(a: &App) -> &Replica {
    a.play::<CaNgua>().source().latest()
}

fn position(a: &App) -> Position {
    *latest(a).position().unwrap()
}

fn rolls(a: &App) -> u32 {
    latest(a).game().unwrap().rolls()
}

fn pending(a: &App) -> Option<Roll> {
    latest(a).pending().map(|p| p.roll)
}

/// True when a person at this device is to play.
fn person_to_play(a: &App) -> bool {
    latest(a)
        .turn()
        .is_some_and(|s| a.play::<CaNgua>().source().controller(s) == Controller::Here)
}

#[test]
fn a_whole_game_played_by_clicking() {
    let p = prefs(Lang::Vi);
    let table = common::local_table(&p, 42);
    let mut h = harness(App::with_table(p, table), WINDOW);
    let mut clicks = 0;
    for _ in 0..40_000 {
        if latest(h.state()).is_over() {
            break;
        }
        if person_to_play(h.state()) {
            if let Some(b) = buttons(&h, "Đi: ").next() {
                b.click();
                clicks += 1;
            } else if let Some(horse) = buttons(&h, "Ngựa đỏ").next() {
                horse.click();
                clicks += 1;
            } else if let Some(target) = buttons(&h, "Đi tới").next() {
                target.click();
                clicks += 1;
            } else if let Some(b) = h.query_by_role_and_label(Role::Button, "Gieo") {
                b.click();
            }
        }
        h.step();
    }
    let game = latest(h.state()).game().unwrap().clone();
    assert!(game.is_over(), "the game did not end: {}", game.position());
    assert!(clicks > 10, "{clicks} moves clicked");
    // The results dialog shows the places, first to last.
    for _ in 0..30 {
        h.step();
    }
    let winner = game.outcome().unwrap().winner.unwrap();
    let name = if winner == Seat::Red {
        "1. Đỏ"
    } else {
        "1. Vàng"
    };
    let shown = |text: &str| {
        h.query_all_by(|n| n.role() == Role::Label && n.value().is_some_and(|v| v.contains(text)))
            .next()
            .is_some()
    };
    assert!(shown(name), "no {name}");
    assert!(shown("2. "));
    h.check_accessibility();
}

#[test]
fn the_button_says_move_when_one_move_exists() {
    let table = people_at("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", Some("3"));
    let mut h = harness(App::with_table(prefs(Lang::Vi), table), WINDOW);
    assert!(h.query_by_label("Gieo").is_none());
    // The button's name says which horse goes where.
    h.get_by_label("Đi: Ngựa đỏ 4, ô 11, đi đến ô 14").click();
    step_until(&mut h, 100, |a| position(a).horses(Seat::Red)[3] == 13);
    assert_eq!(position(h.state()).to_string(), "Y,Y,Y,13/-/Y,Y,Y,Y/- y 0");
    // Yellow (a person too) now rolls, once the horse has walked.
    for _ in 0..20 {
        h.step();
    }
    assert!(shows(&h, "Lượt của Vàng"));
    assert!(h.query_by_role_and_label(Role::Button, "Gieo").is_some());
}

#[test]
fn a_horse_with_two_moves_shows_its_targets() {
    let mut rules_two = Prefs {
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                rules: Rules {
                    dice: game_ca_ngua::engine::Dice::Two,
                    ..Rules::standard()
                },
                ..prefs(Lang::En).games.ca_ngua
            },
            ..prefs(Lang::En).games
        },
        ..prefs(Lang::En)
    };
    rules_two.games.ca_ngua.player_count = 2;
    let table = common::table_at(
        rules_two.games.ca_ngua.rules,
        "Y,Y,Y,10/-/Y,Y,Y,Y/- r 0",
        Some("3+3"),
        [Controller::Here; 4],
    );
    let mut h = harness(App::with_table(rules_two, table), WINDOW);
    // Y-0, 10-13 and 10-16: the horse on square 11 has two moves.
    h.get_by_label("Red horse 4, square 11, moves to square 14 or square 17")
        .click();
    h.step();
    h.step();
    let targets: Vec<String> = buttons(&h, "Move to")
        .map(|n| n.accesskit_node().label().unwrap_or_default().to_string())
        .collect();
    assert_eq!(targets, ["Move to square 14", "Move to square 17"]);
    h.get_by_label("Move to square 17").click();
    step_until(&mut h, 100, |a| position(a).horses(Seat::Red)[3] == 16);
}

#[test]
fn changing_the_rules_mid_game_asks_first() {
    let p = Prefs {
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 4,
                ..prefs(Lang::Vi).games.ca_ngua
            },
            ..prefs(Lang::Vi).games
        },
        ..prefs(Lang::Vi)
    };
    let table = common::local_table(&p, 7);
    let mut h = harness(App::with_table(p, table), WINDOW);
    // Play until a roll has been made (the game is then in progress).
    step_until(&mut h, 400, |a| rolls(a) > 0 || pending(a).is_some());
    if rolls(h.state()) == 0 {
        step_until(&mut h, 400, |a| rolls(a) > 0);
    }
    h.get_by_label("3 người").click();
    h.run_steps(4);
    assert!(h.state().is_asking());
    assert!(shows(&h, "Bắt đầu ván mới?"), "no confirmation");
    let events = h.state().play::<CaNgua>().source().events().len();
    // The game waits while the question is open.
    for _ in 0..20 {
        h.step();
    }
    assert_eq!(h.state().play::<CaNgua>().source().events().len(), events);
    // Keep playing: nothing changes.
    h.get_by_label("Chơi tiếp").click();
    h.run_steps(4);
    assert!(!h.state().is_asking());
    assert!(!shows(&h, "Bắt đầu ván mới?"));
    assert_eq!(h.state().prefs().games.ca_ngua.player_count, 4);
    assert_eq!(position(h.state()).player_count(), 4);
    // Ask again and accept: a new three-player game.
    h.get_by_label("3 người").click();
    h.run_steps(4);
    h.get_by_role_and_label(Role::Button, "Bắt đầu ván mới")
        .click();
    h.run_steps(4);
    assert_eq!(h.state().prefs().games.ca_ngua.player_count, 3);
    assert_eq!(
        position(h.state()).playing_seats().collect::<Vec<_>>(),
        [Seat::Red, Seat::Green, Seat::Yellow]
    );
    // A fresh game (its computer players may have rolled once already).
    assert!(rolls(h.state()) <= 2, "{} rolls", rolls(h.state()));
}

#[test]
fn the_language_switches_at_runtime() {
    let table = people_at("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", None);
    let mut h = harness(App::with_table(prefs(Lang::Vi), table), WINDOW);
    assert!(shows(&h, "Gieo"));
    assert!(!shows(&h, "Roll"));
    // The combo box says its value in its name.
    h.get_by_label("Ngôn ngữ: Tiếng Việt").click();
    h.step();
    h.step();
    h.get_by_label("English").click();
    h.step();
    h.step();
    assert_eq!(h.state().lang(), Lang::En);
    assert!(h.query_by_role_and_label(Role::Button, "Roll").is_some());
    assert!(!shows(&h, "Gieo"));
    assert_eq!(h.state().prefs().lang, Some(Lang::En));
}

#[test]
fn a_small_window_keeps_the_board_large_and_opens_settings_as_a_drawer() {
    let table = people_at("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", None);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(800.0, 600.0))
        .with_step_dt(0.1)
        .with_context_setup(|ctx| setup_context(ctx, Look::Light))
        .build_ui_state(
            |ui, app: &mut App| app.frame_ui(ui),
            App::with_table(prefs(Lang::En), table),
        );
    h.run_steps(10);
    // The settings start closed: the board has the room.
    assert!(h.query_by_label("2 players").is_none());
    assert!(h.query_by_role_and_label(Role::Button, "Roll").is_some());
    h.get_by_role_and_label(Role::Button, "Settings").click();
    h.run_steps(10);
    assert!(h.query_by_label("2 players").is_some());
    h.get_by_role_and_label(Role::Button, "Hide settings")
        .click();
    h.run_steps(10);
    assert!(h.query_by_label("2 players").is_none());
    // Open over the board again, and they work there.
    h.get_by_role_and_label(Role::Button, "Settings").click();
    h.run_steps(10);
    h.get_by_label("4 players").click();
    h.run_steps(10);
    // Nothing was rolled yet: the new game starts without a question.
    assert_eq!(position(h.state()).playing_seats().count(), 4);
}

#[test]
fn the_keyboard_alone_plays() {
    // Roll until a roll with a move waits (a roll without one passes).
    let table = people_at("Y,Y,3,10/-/Y,Y,Y,Y/- r 0", None);
    let mut h = harness(App::with_table(prefs(Lang::En), table), WINDOW);
    h.key_press(Key::Space);
    step_until(&mut h, 50, |a| pending(a).is_some());
    let moves = latest(h.state()).pending().unwrap().moves.clone();
    if moves.len() > 1 {
        // The numbered list: key 2 picks the second move.
        let second = moves.get(1).unwrap();
        // Let the dice finish rolling first.
        h.run_steps(10);
        h.key_press(Key::Num2);
        step_until(&mut h, 100, |a| pending(a).is_none());
        let red = position(h.state()).horses(Seat::Red);
        assert!(red.contains(&second.to), "{red:?} after {second}");
    } else {
        h.run_steps(10);
        h.key_press(Key::Enter);
        step_until(&mut h, 100, |a| pending(a).is_none());
    }
    assert_eq!(rolls(h.state()), 1);
}

/// Every character of both language files, and the few the app draws
/// itself, is in the bundled Noto Sans alone (no fallback font needed).
#[test]
fn the_bundled_font_covers_every_character_we_show() {
    use egui::epaint::text::{Fonts, TextOptions};
    use egui::{FontData, FontDefinitions, FontFamily, FontId};
    let mut defs = FontDefinitions::empty();
    defs.font_data.insert(
        "noto".into(),
        std::sync::Arc::new(FontData::from_static(ca_ngua::app::theme::NOTO_SANS)),
    );
    defs.families
        .insert(FontFamily::Proportional, vec!["noto".into()]);
    let mut fonts = Fonts::new(TextOptions::default(), defs);
    let font = FontId::proportional(14.0);
    let mut text: String = ca_ngua_i18n::FILES.iter().map(|(_, _, s)| *s).collect();
    // Drawn by the app outside the language files: bullets, digits, dashes.
    text.push_str("•0123456789.–— ");
    let missing: Vec<char> = text
        .chars()
        .filter(|c| !c.is_control())
        .filter(|c| !fonts.has_glyph(&font, *c))
        .collect();
    assert!(missing.is_empty(), "Noto Sans lacks {missing:?}");
    // And it really has the Vietnamese letters egui's own fonts lack.
    assert!(fonts.has_glyph(&font, 'ự') && fonts.has_glyph(&font, 'Ỷ'));
}

#[test]
fn a_restarted_app_resumes_the_game_exactly() {
    use ca_ngua_data::store::Store;
    let dir = common::temp_dir("resume");
    Store::at(dir.path()).save_prefs(&prefs(Lang::Vi)).unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    let mut h = harness(app, WINDOW);
    // Play until a few rolls are in, then roll once more and stop with the
    // roll waiting for its move.
    let ready = |a: &App| rolls(a) >= 6 && person_to_play(a) && pending(a).is_none();
    for _ in 0..20_000 {
        if ready(h.state()) {
            break;
        }
        if person_to_play(h.state()) {
            if let Some(b) = buttons(&h, "Đi: ").next() {
                b.click();
            } else if let Some(horse) = buttons(&h, "Ngựa đỏ").next() {
                horse.click();
            } else if let Some(b) = h.query_by_role_and_label(Role::Button, "Gieo") {
                b.click();
            }
        }
        h.step();
    }
    assert!(ready(h.state()), "red never got to roll again");
    // The button may still be greyed while a horse walks: let it settle.
    h.run_steps(15);
    // Roll until a roll waits for its move (a roll without one passes).
    for _ in 0..5_000 {
        if pending(h.state()).is_some() && person_to_play(h.state()) {
            break;
        }
        if let Some(b) = h.query_by_role_and_label(Role::Button, "Gieo") {
            b.click();
        }
        h.step();
    }
    h.run_steps(10);
    let before = h.state().play::<CaNgua>().table().unwrap().record();
    let stats_before = h.state().play::<CaNgua>().stats().clone();
    assert!(pending(h.state()).is_some());
    assert!(stats_before.faces_rolled() >= 7);
    // Closing the window right after: nothing is lost.
    drop(h);

    // The next start: same position, players, rules, events, turn and the
    // same waiting roll (no re-roll by restarting), in the saved language.
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    assert!(app.notices().is_empty(), "{:?}", app.notices());
    assert_eq!(app.play::<CaNgua>().table().unwrap().record(), before);
    assert_eq!(app.play::<CaNgua>().stats(), &stats_before);
    assert_eq!(app.lang(), Lang::Vi);
    let roll = pending(&app).unwrap();
    let h = harness(app, WINDOW);
    assert!(h.query_by_role_and_label(Role::Button, "Gieo").is_none());
    assert!(shows(&h, &format!("Gieo được: {roll}")));
}

#[test]
fn the_hint_shows_the_hard_players_move() {
    let table = people_at("Y,Y,3,10/-/Y,Y,Y,Y/- r 0", Some("6"));
    let expected = game_ca_ngua::bots::hint(
        table.rules(),
        table.replica().position().unwrap(),
        table.replica().pending().unwrap().roll,
    )
    .unwrap();
    let mut h = harness(App::with_table(prefs(Lang::En), table), WINDOW);
    assert!(!shows(&h, "Hint:"));
    h.get_by_role_and_label(Role::Button, "Hint").click();
    let words = if expected.is_exit() {
        "Hint: leave the yard".to_string()
    } else {
        format!("to square {}", u32::from(expected.to) + 1)
    };
    // The hint is searched on a thread of its own: wait for it (up to a
    // few seconds on a busy machine).
    common::wait::wait_until(
        &format!("no {words}"),
        std::time::Duration::from_secs(30),
        || {
            if shows(&h, &words) {
                return Some(());
            }
            h.step();
            None
        },
    );
    assert!(shows(&h, &words), "no {words}");
    // Moving clears it.
    h.get_by_label("1. leave the yard").click();
    h.run_steps(10);
    assert!(!shows(&h, "Hint:"));
}

/// While the new-game question is open nothing plays: not the person's
/// keys, not a click on a horse behind it, not the computer players.
#[test]
fn nothing_plays_while_a_question_is_open() {
    let table = common::table_at(
        Rules::standard(),
        "Y,Y,3,10/-/Y,Y,Y,Y/- r 0",
        Some("6"),
        [
            Controller::Here,
            Controller::Computer(Level::Random),
            Controller::Computer(Level::Random),
            Controller::Computer(Level::Random),
        ],
    );
    let mut h = harness(App::with_table(prefs(Lang::En), table), WINDOW);
    h.run_steps(5);
    assert_eq!(h.state().phase(), ca_ngua::app::play::phase::Phase::Choose);
    // A rules change mid-game asks first.
    h.get_by_label("4 players").click();
    h.run_steps(4);
    assert!(h.state().is_asking());
    assert_eq!(h.state().phase(), ca_ngua::app::play::phase::Phase::Dialog);
    let events = h.state().play::<CaNgua>().source().events().len();
    h.key_press(Key::Num1);
    if let Some(horse) = buttons(&h, "Red horse").next() {
        horse.click();
    }
    h.run_steps(20);
    assert_eq!(h.state().play::<CaNgua>().source().events().len(), events);
    // Answered, the game goes on: the person's move works again.
    h.get_by_label("Keep playing").click();
    h.run_steps(4);
    assert_eq!(h.state().phase(), ca_ngua::app::play::phase::Phase::Choose);
    h.key_press(Key::Num1);
    step_until(&mut h, 50, |a| pending(a).is_none());
    assert!(h.state().play::<CaNgua>().source().events().len() > events);
}
