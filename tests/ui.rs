//! The desktop app through its accessibility tree (egui_kittest): a whole
//! game played by clicking, the one-move button, a settings change that
//! asks first, the language switch, the keyboard. kittest panics on any
//! glyph the fonts lack, so every test here also checks font coverage.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use ca_ngua::app::{CaNguaApp, setup_context};
use ca_ngua::bots::Level;
use ca_ngua::engine::{Game, Position, Rules, Seat};
use ca_ngua::i18n::Lang;
use ca_ngua::prefs::{Look, Prefs};
use ca_ngua::session::{GameConfig, PlayerKind, Session, SessionRecord};
use egui::{Key, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The buttons whose accessible name contains `text` (labels of plain text
/// also carry their text as a name, so filter by role).
fn buttons<'a>(
    h: &'a Harness<'_, CaNguaApp>,
    text: &'a str,
) -> impl Iterator<Item = egui_kittest::Node<'a>> + 'a {
    h.query_all_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.contains(text)))
}

/// True when some node shows `text` (as its name or its value).
fn shows(h: &Harness<'_, CaNguaApp>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

fn harness(app: CaNguaApp) -> Harness<'static, CaNguaApp> {
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 800.0))
        .with_step_dt(0.1)
        .with_context_setup(|ctx| setup_context(ctx, Look::Light))
        .build_ui_state(|ui, app: &mut CaNguaApp| app.frame_ui(ui), app);
    h.step();
    h.check_accessibility();
    h
}

fn prefs(lang: Lang) -> Prefs {
    Prefs {
        lang: Some(lang),
        player_count: 2,
        players: [
            PlayerKind::Human,
            PlayerKind::Bot(Level::Random),
            PlayerKind::Bot(Level::Random),
            PlayerKind::Bot(Level::Random),
        ],
        fast_bots: true,
        ..Prefs::default()
    }
}

/// A session continuing from a position, with a roll waiting if given.
fn session_at(position: &str, roll: Option<&str>, players: [PlayerKind; 4]) -> Session {
    let rules = Rules::standard();
    let pos = Position::parse(position, &rules).unwrap();
    let game = Game::from_position(rules, pos).unwrap();
    Session::restore(SessionRecord {
        config: GameConfig {
            seats: pos.playing_seats().collect(),
            players,
            rules,
        },
        game: (&game).into(),
        pending_roll: roll.map(str::to_string),
        log: Vec::new(),
    })
    .unwrap()
}

/// Steps until `done` holds (or panics after `max` steps). Bots think on a
/// thread, so a step may need to wait for them a little.
fn step_until(h: &mut Harness<'_, CaNguaApp>, max: usize, done: impl Fn(&CaNguaApp) -> bool) {
    for _ in 0..max {
        if done(h.state()) {
            return;
        }
        h.step();
        if h.state()
            .session()
            .game()
            .turn()
            .is_some_and(|s| s != Seat::Red)
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    assert!(done(h.state()), "not reached in {max} steps");
}

#[test]
fn a_whole_game_played_by_clicking() {
    let p = prefs(Lang::Vi);
    let session = Session::seeded(p.game_config(), 42).unwrap();
    let mut h = harness(CaNguaApp::new(p, session));
    let mut clicks = 0;
    for _ in 0..40_000 {
        if h.state().session().game().is_over() {
            break;
        }
        if h.state().session().is_human_turn() {
            if let Some(b) = h.query_by_role_and_label(Role::Button, "Đi") {
                b.click();
                clicks += 1;
            } else if let Some(horse) = buttons(&h, "đi được").next() {
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
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    let game = h.state().session().game().clone();
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
    assert!(h.query_by_label_contains(name).is_some(), "no {name}");
    assert!(h.query_by_label_contains("2. ").is_some());
    h.check_accessibility();
}

#[test]
fn the_button_says_move_when_one_move_exists() {
    let players = [PlayerKind::Human; 4];
    let session = session_at("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", Some("3"), players);
    let mut h = harness(CaNguaApp::new(prefs(Lang::Vi), session));
    assert!(h.query_by_label("Gieo").is_none());
    h.get_by_label("Đi").click();
    step_until(&mut h, 100, |a| {
        a.session().game().position().horses(Seat::Red)[3] == 13
    });
    assert_eq!(
        h.state().session().game().position().to_string(),
        "Y,Y,Y,13/-/Y,Y,Y,Y/- y 0"
    );
    // Yellow (a person too) now rolls, once the horse has walked.
    for _ in 0..20 {
        h.step();
    }
    assert!(shows(&h, "Lượt của Vàng"));
    assert!(h.query_by_role_and_label(Role::Button, "Gieo").is_some());
}

#[test]
fn a_horse_with_two_moves_shows_its_targets() {
    let players = [PlayerKind::Human; 4];
    let mut rules_two = Prefs {
        rules: Rules {
            dice: ca_ngua::engine::Dice::Two,
            ..Rules::standard()
        },
        ..prefs(Lang::En)
    };
    rules_two.player_count = 2;
    let rules = rules_two.rules;
    let pos = Position::parse("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", &rules).unwrap();
    let game = Game::from_position(rules, pos).unwrap();
    let session = Session::restore(SessionRecord {
        config: GameConfig {
            seats: vec![Seat::Red, Seat::Yellow],
            players,
            rules,
        },
        game: (&game).into(),
        pending_roll: Some("3+3".into()),
        log: Vec::new(),
    })
    .unwrap();
    let mut h = harness(CaNguaApp::new(rules_two, session));
    // Y-0, 10-13 and 10-16: the horse on square 11 has two moves.
    h.get_by_label("Red horse 4, square 11, can move").click();
    h.step();
    h.step();
    let targets: Vec<String> = buttons(&h, "Move to")
        .map(|n| n.accesskit_node().label().unwrap_or_default().to_string())
        .collect();
    assert_eq!(targets, ["Move to square 14", "Move to square 17"]);
    h.get_by_label("Move to square 17").click();
    step_until(&mut h, 100, |a| {
        a.session().game().position().horses(Seat::Red)[3] == 16
    });
}

#[test]
fn changing_the_rules_mid_game_asks_first() {
    let p = Prefs {
        player_count: 4,
        ..prefs(Lang::Vi)
    };
    let session = Session::seeded(p.game_config(), 7).unwrap();
    let mut h = harness(CaNguaApp::new(p, session));
    // Play until a roll has been made (the game is then in progress).
    step_until(&mut h, 400, |a| {
        a.session().game().rolls() > 0 || a.session().pending_roll().is_some()
    });
    if h.state().session().game().rolls() == 0 {
        step_until(&mut h, 400, |a| a.session().game().rolls() > 0);
    }
    let before = h.state().session().game().position().to_string();
    h.get_by_label("3 người").click();
    h.run_steps(4);
    assert!(h.state().is_asking());
    assert!(shows(&h, "Bắt đầu ván mới?"), "no confirmation");
    let rolls = h.state().session().game().rolls();
    // The game waits while the question is open.
    for _ in 0..20 {
        h.step();
    }
    assert_eq!(h.state().session().game().rolls(), rolls);
    // Keep playing: nothing changes.
    h.get_by_label("Chơi tiếp").click();
    h.run_steps(4);
    assert!(!h.state().is_asking());
    assert!(!shows(&h, "Bắt đầu ván mới?"));
    assert_eq!(h.state().prefs().player_count, 4);
    assert_eq!(h.state().session().config().seats.len(), 4);
    let _ = before;
    // Ask again and accept: a new three-player game.
    h.get_by_label("3 người").click();
    h.run_steps(4);
    h.get_by_role_and_label(Role::Button, "Bắt đầu ván mới")
        .click();
    h.run_steps(4);
    assert_eq!(h.state().prefs().player_count, 3);
    assert_eq!(
        h.state().session().config().seats,
        [Seat::Red, Seat::Green, Seat::Yellow]
    );
    assert_eq!(h.state().session().game().rolls(), 0);
}

#[test]
fn the_language_switches_at_runtime() {
    let players = [PlayerKind::Human; 4];
    let session = session_at("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", None, players);
    let mut h = harness(CaNguaApp::new(prefs(Lang::Vi), session));
    assert!(shows(&h, "Gieo"));
    assert!(!shows(&h, "Roll"));
    h.get_by_label("Ngôn ngữ").click();
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
    let players = [PlayerKind::Human; 4];
    let session = session_at("Y,Y,Y,10/-/Y,Y,Y,Y/- r 0", None, players);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(800.0, 600.0))
        .with_step_dt(0.1)
        .with_context_setup(|ctx| setup_context(ctx, Look::Light))
        .build_ui_state(
            |ui, app: &mut CaNguaApp| app.frame_ui(ui),
            CaNguaApp::new(prefs(Lang::En), session),
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
    let position = *h.state().session().game().position();
    assert_eq!(position.playing_seats().count(), 4);
}

#[test]
fn the_keyboard_alone_plays() {
    let players = [PlayerKind::Human; 4];
    let session = session_at("Y,Y,3,10/-/Y,Y,Y,Y/- r 0", None, players);
    let mut h = harness(CaNguaApp::new(prefs(Lang::En), session));
    h.key_press(Key::Space);
    step_until(&mut h, 50, |a| a.session().pending_roll().is_some());
    let moves = h.state().session().legal_moves();
    if moves.len() > 1 {
        // The numbered list: key 2 picks the second move.
        let second = moves.get(1).unwrap();
        // Let the dice finish rolling first.
        h.run_steps(10);
        h.key_press(Key::Num2);
        step_until(&mut h, 100, |a| a.session().pending_roll().is_none());
        let red = h.state().session().game().position().horses(Seat::Red);
        assert!(red.contains(&second.to), "{red:?} after {second}");
    } else {
        h.key_press(Key::Enter);
        step_until(&mut h, 100, |a| a.session().pending_roll().is_none());
    }
    assert_eq!(h.state().session().game().rolls(), 1);
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
    let mut text: String = ca_ngua::i18n::SOURCES.iter().map(|(_, s)| *s).collect();
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
    use ca_ngua::store::Store;
    let dir = common::temp_dir("resume");
    Store::at(&dir).save_prefs(&prefs(Lang::Vi)).unwrap();
    let app = CaNguaApp::from_store(Store::at(&dir), None, Lang::En);
    let mut h = harness(app);
    // Play until a few rolls are in, then roll once more and stop with the
    // roll waiting for its move.
    let ready = |a: &CaNguaApp| {
        let s = a.session();
        s.game().rolls() >= 6 && s.is_human_turn() && s.pending_roll().is_none()
    };
    for _ in 0..20_000 {
        if ready(h.state()) {
            break;
        }
        let s = h.state().session();
        if s.is_human_turn() {
            if let Some(b) = h.query_by_role_and_label(Role::Button, "Đi") {
                b.click();
            } else if let Some(horse) = buttons(&h, "đi được").next() {
                horse.click();
            } else if let Some(b) = h.query_by_role_and_label(Role::Button, "Gieo") {
                b.click();
            }
        }
        h.step();
        // Let the computer player's thread answer.
        std::thread::sleep(std::time::Duration::from_micros(300));
    }
    assert!(ready(h.state()), "red never got to roll again");
    // The button may still be greyed while a horse walks: let it settle.
    h.run_steps(15);
    h.get_by_role_and_label(Role::Button, "Gieo").click();
    step_until(&mut h, 20, |a| a.session().pending_roll().is_some());
    let before = h.state().session().record();
    let stats_before = h.state().stats().clone();
    assert!(before.pending_roll.is_some());
    assert!(stats_before.faces_rolled() >= 7);
    drop(h);

    // The next start: same position, players, rules, log, turn and the
    // same waiting roll (no re-roll by restarting), in the saved language.
    let app = CaNguaApp::from_store(Store::at(&dir), None, Lang::En);
    assert!(app.notices().is_empty(), "{:?}", app.notices());
    assert_eq!(app.session().record(), before);
    assert_eq!(app.stats(), &stats_before);
    assert_eq!(app.lang(), Lang::Vi);
    let h = harness(app);
    assert!(h.query_by_role_and_label(Role::Button, "Gieo").is_none());
    assert!(shows(
        &h,
        &format!("Gieo được: {}", before.pending_roll.unwrap())
    ));
}

#[test]
fn bad_files_at_start_are_kept_and_reported_and_the_app_runs() {
    use ca_ngua::store::Store;
    let dir = common::temp_dir("bad-start");
    std::fs::write(dir.join("prefs.ron"), "(version: 1, player_count: ").unwrap();
    std::fs::write(dir.join("game.ron"), "\u{0}\u{1}garbage").unwrap();
    std::fs::write(dir.join("stats.ron"), "(version: 42)").unwrap();
    let app = CaNguaApp::from_store(Store::at(&dir), None, Lang::En);
    assert_eq!(app.notices().len(), 3, "{:?}", app.notices());
    let mut h = harness(app);
    assert!(shows(&h, "could not be read"));
    h.get_by_role_and_label(Role::Button, "OK").click();
    h.run_steps(3);
    assert!(!shows(&h, "could not be read"));
    // The game is playable from defaults, and the bad files are kept.
    assert!(
        h.query_by_role_and_label(Role::Button, "Roll").is_some()
            || h.state().session().game().turn().is_some()
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    for file in ["prefs.ron", "game.ron", "stats.ron"] {
        assert!(
            names.iter().any(|n| n.starts_with(&format!("{file}.bad-"))),
            "{file} not kept: {names:?}"
        );
        // And a fresh, good file was written in its place.
        assert!(
            names.iter().any(|n| n == file),
            "{file} not rewritten: {names:?}"
        );
    }
}

#[test]
fn damaged_saves_never_stop_the_app() {
    use ca_ngua::store::Store;
    use rand::SeedableRng;
    let originals = common::originals();
    let dir = common::temp_dir("damaged");
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(5);
    // Damaged games (and their preferences and statistics) open in the
    // app, which draws them, shows the log and the statistics window, and
    // plays on for a few seconds of bots and pacing.
    for round in 0..16 {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in originals.iter().take(3) {
            let text = if round % 3 == 0 || *name == "game.ron" {
                common::damage(text, &mut rng)
            } else {
                text.clone()
            };
            std::fs::write(dir.join(name), text).unwrap();
        }
        let app = CaNguaApp::from_store(Store::at(&dir), None, Lang::Vi);
        let mut h = harness(app);
        h.run_steps(10);
        h.get_by_role_and_label(Role::Button, "Thống kê").click();
        h.run_steps(10);
    }
}

#[test]
fn the_hint_shows_the_hard_players_move() {
    let players = [PlayerKind::Human; 4];
    let session = session_at("Y,Y,3,10/-/Y,Y,Y,Y/- r 0", Some("6"), players);
    let expected = ca_ngua::bots::hint(
        session.rules(),
        session.game().position(),
        session.pending_roll().unwrap(),
    )
    .unwrap();
    let mut h = harness(CaNguaApp::new(prefs(Lang::En), session));
    assert!(!shows(&h, "Hint:"));
    h.get_by_role_and_label(Role::Button, "Hint").click();
    h.run_steps(3);
    let words = if expected.is_exit() {
        "Hint: leave the yard".to_string()
    } else {
        format!("to square {}", u32::from(expected.to) + 1)
    };
    assert!(shows(&h, &words), "no {words}");
    // Moving clears it.
    h.get_by_label("1. leave the yard").click();
    h.run_steps(10);
    assert!(!shows(&h, "Hint:"));
}
