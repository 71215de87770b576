//! Game records in the app: a game played here is recorded as it goes and
//! listed in the statistics window once over; the replay window opens on
//! it from the list and from the results dialog, steps by keys and by
//! buttons, its board and its announcements following the record's
//! states; a broken record pasted in is refused with its line named.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua::app::ca_ngua::text::board_summary;
use ca_ngua::app::play::replay::AnyReplay;
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::{PlayerKind, Prefs};
use ca_ngua_data::record::{Record, Recorder};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::{I18n, Lang};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;

const WINDOW: Window = Window::DEFAULT;

/// Four computer players near the end of a game (seeded dice), in
/// English, keeping files in `dir`.
fn near_the_end(dir: &std::path::Path) -> App {
    let prefs = Prefs {
        lang: Some(Lang::En),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                fast_bots: true,
                players: [PlayerKind::Bot(Level::Random); 4],
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    };
    Store::at(dir).save_prefs(&prefs).unwrap();
    let table = common::table_at(
        Rules::standard(),
        "Y,40,50,57/-/30,40,48,57/- r 0",
        None,
        [Controller::Computer(Level::Random); 4],
    );
    App::from_store(Store::at(dir), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers()
        .with_game_table(table)
}

fn play_to_the_end(h: &mut Harness<'static, App>) {
    step_until(h, 5_000, |a| {
        a.play::<CaNgua>().shown().is_over() && !a.play::<CaNgua>().is_animating()
    });
    h.run_steps(3);
}

/// The labels of the boards shown (the game's and the replay's).
fn boards(h: &Harness<'_, App>) -> Vec<String> {
    h.query_all_by_role(Role::Image)
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

/// The board of step `k` of `record`, as a screen reader hears it.
fn board_at(record: &Record<CaNgua>, k: usize) -> String {
    let states = record.replay().unwrap();
    board_summary(
        &I18n::new(Lang::En),
        CaNgua::position(&states[k]),
        &record.rules,
    )
}

/// The replay shows step `k`: its counter, its state, its board and its
/// announcement.
fn assert_at(h: &Harness<'_, App>, k: usize) {
    let r = replay(h);
    assert_eq!(r.step(), k, "the step shown");
    let states = r.record().replay().unwrap();
    assert_eq!(r.shown().game(), Some(&states[k]), "the state of step {k}");
    let counter = format!("Step {k} of {}", r.steps());
    assert!(shows(h, &counter), "no '{counter}' shown");
    assert!(
        r.announcements()
            .iter()
            .any(|a| a.text.starts_with(&counter)),
        "step {k} not announced: {:?}",
        r.announcements()
    );
    let board = board_at(r.record(), k);
    assert!(
        boards(h).contains(&board),
        "the board of step {k} is not shown"
    );
}

#[test]
fn a_finished_game_is_listed_and_replayed_by_keys_and_buttons() {
    let dir = common::temp_dir("records-app");
    let mut h = harness(near_the_end(dir.path()), WINDOW);
    play_to_the_end(&mut h);
    let played = h.state().play::<CaNgua>().table().unwrap();
    let expected = Recorder::of_table(played, ca_ngua_data::record::UtcDate(0)).unwrap();
    assert!(expected.result.is_some());
    let steps = expected.steps.len();
    assert!(steps >= 3, "a game of a few steps at least");

    // The statistics window lists it, newest first, finished.
    h.get_by_label("Statistics").click_accesskit();
    h.run_steps(3);
    let past = h.state().past_games().unwrap().to_vec();
    assert_eq!(past.len(), 1, "{past:?}");
    assert_eq!(past[0].steps, steps);
    assert!(past[0].result.is_some());
    let kept = Store::at(dir.path()).records().load(&past[0].id).unwrap();
    let kept = kept.get::<CaNgua>().unwrap();
    assert_eq!(
        (&kept.steps, &kept.result),
        (&expected.steps, &expected.result)
    );
    let line = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.contains("Cờ Cá Ngựa") && l.contains("Won:"))
        .expect("the game in the list");
    h.get_by_label(&line).click_accesskit();
    h.run_steps(3);
    assert_eq!(replay(&h).steps(), steps);
    assert_at(&h, 0);
    assert_eq!(unnamed(&h), Vec::<String>::new(), "every node has a name");
    let start = board_at(replay(&h).record(), 0);
    let end = board_at(replay(&h).record(), steps);
    assert_ne!(start, end, "the game moved");

    // Keys: the window has the keyboard once open.
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    assert_at(&h, 1);
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    assert_at(&h, 3);
    h.key_press(Key::ArrowLeft);
    h.run_steps(2);
    assert_at(&h, 2);
    h.key_press(Key::End);
    h.run_steps(2);
    assert_at(&h, steps);
    assert!(!boards(&h).contains(&start), "the start is gone");
    h.key_press(Key::Home);
    h.run_steps(2);
    assert_at(&h, 0);
    assert!(boards(&h).contains(&start));

    // Buttons.
    h.get_by_label("Step forward").click_accesskit();
    h.run_steps(2);
    assert_at(&h, 1);
    h.get_by_label("To the end").click_accesskit();
    h.run_steps(2);
    assert_at(&h, steps);
    h.get_by_label("Step back").click_accesskit();
    h.run_steps(2);
    assert_at(&h, steps - 1);
    h.get_by_label("To the start").click_accesskit();
    h.run_steps(2);
    assert_at(&h, 0);
}

#[test]
fn the_results_dialog_opens_the_replay_of_the_game() {
    let dir = common::temp_dir("records-results");
    let mut h = harness(near_the_end(dir.path()), WINDOW);
    play_to_the_end(&mut h);
    assert!(h.state().replay().is_none());
    h.get_by_label("Replay the game").click_accesskit();
    h.run_steps(3);
    let played = h.state().play::<CaNgua>().table().unwrap();
    let expected = Recorder::of_table(played, ca_ngua_data::record::UtcDate(0)).unwrap();
    let r = replay(&h);
    assert_eq!(r.record().steps, expected.steps);
    assert_eq!(r.record().result, expected.result);
    assert_at(&h, 0);
}

#[test]
fn a_broken_pasted_record_names_its_line() {
    let t = common::records::played::<CaNgua>(Rules::standard(), 2, Level::Random, 5);
    let record = Recorder::of_table(&t, common::records::DATE).unwrap();
    let text = record.to_text();
    let wrong = record.step_line(3);
    let broken: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == wrong {
                format!("{} 6 Z-99", l.split(' ').next().unwrap())
            } else {
                l.to_string()
            }
        })
        .collect();
    let broken = broken.join("\n");
    let newer = text.replacen("Record: 1", "Record: 99", 1);

    let dir = common::temp_dir("records-paste");
    let mut h = harness(near_the_end(dir.path()), WINDOW);
    h.get_by_label("Statistics").click_accesskit();
    h.run_steps(3);
    for (bad, line) in [(broken, wrong), (newer, 1)] {
        if !h.state().is_asking_anything() {
            h.get_by_label("Paste a record…").click_accesskit();
            h.run_steps(3);
        }
        h.get_by_role_and_label(Role::MultilineTextInput, "Game record")
            .set_text_value_accesskit(&bad);
        h.run_steps(2);
        h.get_by_label("Open the record").click_accesskit();
        h.run_steps(3);
        let error = h.state().record_error().expect("refused").to_string();
        assert!(error.contains(&format!("line {line}")), "{error}");
        assert!(shows(&h, &format!("line {line}")), "the message is shown");
        assert!(h.state().replay().is_none());
    }
    // The good text opens.
    h.get_by_role_and_label(Role::MultilineTextInput, "Game record")
        .set_text_value_accesskit(&text);
    h.run_steps(2);
    h.get_by_label("Open the record").click_accesskit();
    h.run_steps(3);
    assert!(!h.state().is_asking_anything());
    assert_eq!(replay(&h).record(), &record);
}

#[test]
fn a_game_restored_after_a_restart_continues_its_record() {
    let dir = common::temp_dir("records-restart");
    let mut h = harness(near_the_end(dir.path()), WINDOW);
    step_until(&mut h, 2_000, |a| {
        a.play::<CaNgua>()
            .record()
            .is_some_and(|r| r.steps.len() >= 5)
    });
    let before = h.state().play::<CaNgua>().record().unwrap().clone();
    assert!(before.result.is_none());
    drop(h);
    let (past, _) = Store::at(dir.path()).records().list();
    assert_eq!(past.len(), 1);
    let id = past[0].id.clone();

    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    let mut h = harness(app, WINDOW);
    play_to_the_end(&mut h);
    h.state_mut().finish_writing();
    let (past, _) = Store::at(dir.path()).records().list();
    assert_eq!(past.len(), 1, "the same record: {past:?}");
    assert_eq!(past[0].id, id);
    let kept = Store::at(dir.path()).records().load(&id).unwrap();
    let kept = kept.get::<CaNgua>().unwrap();
    assert!(kept.result.is_some());
    assert_eq!(kept.date, before.date);
    assert_eq!(kept.steps[..before.steps.len()], before.steps[..]);
    let played = h.state().play::<CaNgua>().table().unwrap();
    let all = Recorder::of_table(played, kept.date).unwrap();
    assert_eq!(kept.steps, all.steps);
}

#[test]
fn a_cờ_nhảy_record_opens_and_steps() {
    use game_co_nhay::CoNhay;
    let t = common::records::played::<CoNhay>(CoNhay::standard_rules(), 2, Level::Random, 2);
    let record = Recorder::of_table(&t, common::records::DATE).unwrap();
    let dir = common::temp_dir("records-nhay");
    let mut h = harness(near_the_end(dir.path()), WINDOW);
    open_pasted_record(&mut h, &record.to_text());
    let states = record.replay().unwrap();
    let replay = |h: &Harness<'_, App>| {
        let AnyReplay::CoNhay(r) = h.state().replay().unwrap() else {
            panic!("a game of Cờ nhảy");
        };
        r.shown().game().cloned()
    };
    // The replay's board: the boards shown but the game's own.
    let star = |h: &Harness<'_, App>| {
        let play = h.state().play::<CaNgua>();
        let main = board_summary(
            &I18n::new(Lang::En),
            play.shown().position().unwrap(),
            play.rules(),
        );
        let mut b = boards(h);
        b.retain(|l| *l != main && l.starts_with("Chinese checkers star board"));
        b
    };
    assert_eq!(replay(&h), Some(states[0].clone()));
    let board0 = star(&h);
    assert_eq!(board0.len(), 1, "{board0:?}");
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    let AnyReplay::CoNhay(r) = h.state().replay().unwrap() else {
        panic!("a game of Cờ nhảy");
    };
    assert_eq!(r.step(), 1);
    assert_eq!(replay(&h), Some(states[1].clone()));
    assert_ne!(star(&h), board0, "the board's words follow the step");
    h.key_press(Key::End);
    h.run_steps(2);
    assert_eq!(replay(&h), states.last().cloned());
}

/// A file dropped on the window.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_record_is_saved_as_a_file_and_opened_from_one_or_dropped() {
    use ca_ngua::app::shell::files::FixedPicker;
    let t = common::records::played::<CaNgua>(Rules::standard(), 3, Level::Easy, 9);
    let record = Recorder::of_table(&t, common::records::DATE).unwrap();
    let dir = common::temp_dir("records-files");
    let file = dir.join("shared.txt");
    let app = near_the_end(dir.path()).with_file_picker(Box::new(FixedPicker {
        path: Some(file.clone()),
    }));
    let mut h = harness(app, WINDOW);
    open_pasted_record(&mut h, &record.to_text());
    // Saved where the dialog says.
    h.get_by_label("Save as file…").click_accesskit();
    h.run_steps(4);
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(Record::<CaNgua>::from_text(&written).unwrap(), record);
    // Copied as text.
    h.get_by_label("Copy as text").click_accesskit();
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, egui::OutputCommand::CopyText(t) if *t == written));
    assert!(copied, "the record was not copied");
    h.get_by_label("To the end").click_accesskit();
    h.run_steps(2);
    assert_eq!(replay(&h).step(), record.steps.len());

    // Opened from the file: a new window at the start.
    h.get_by_label("Open a record file…").click_accesskit();
    h.run_steps(4);
    assert_eq!(replay(&h).step(), 0);
    assert_eq!(replay(&h).record(), &record);

    // A broken file dropped on the window: refused, its line named.
    let wrong = record.step_line(0);
    let broken: Vec<String> = written
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == wrong {
                "x 9 nonsense".into()
            } else {
                l.to_string()
            }
        })
        .collect();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, broken.join("\n")).unwrap();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(bad)));
    h.run_steps(3);
    let error = h.state().record_error().expect("refused").to_string();
    assert!(error.contains(&format!("line {wrong}")), "{error}");
    // A good one dropped opens.
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file)));
    h.run_steps(3);
    assert!(h.state().record_error().is_none());
    assert_eq!(replay(&h).record(), &record);
}
