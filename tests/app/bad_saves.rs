//! Files the app cannot read at its start, in the app: each kept aside
//! whole and reported, the app running with what could be read and
//! defaults for the rest, then playing on and saving.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui::{WINDOW, latest};
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua_core::table::{InlineRunner, TableRecord};
use ca_ngua_data::ca_ngua::stats::Stats;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use egui::Role;
use egui_kittest::kittest::Queryable;
use game_ca_ngua::CaNgua;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::path::Path;

#[test]
fn bad_files_at_start_are_kept_and_reported_and_the_app_runs() {
    let dir = common::temp_dir("bad-start");
    std::fs::write(dir.join("prefs.ron"), "(version: 1, player_count: ").unwrap();
    std::fs::write(dir.join("game.ron"), "\u{0}\u{1}garbage").unwrap();
    std::fs::write(dir.join("stats.ron"), "(version: 42)").unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    assert_eq!(app.notices().len(), 3, "{:?}", app.notices());
    let mut h = harness(app, WINDOW);
    assert!(shows(&h, "could not be read"));
    h.get_by_role_and_label(Role::Button, "OK").click();
    h.run_steps(3);
    assert!(!shows(&h, "could not be read"));
    // The game is playable from defaults, and the bad files are kept.
    assert!(
        h.query_by_role_and_label(Role::Button, "Roll").is_some()
            || latest(h.state()).turn().is_some()
    );
    h.state().flush();
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

/// The files of `dir` whose names start with `name.bad-`, and their text.
fn kept_aside(dir: &Path, name: &str) -> Vec<(String, String)> {
    let prefix = format!("{name}.bad-");
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// What the store makes of one round's files, each read on its own in
/// another folder: a damaged text may still read (a number changed into
/// another valid one), and then it must load in the app as it did there.
struct Alone {
    prefs: Prefs,
    game: Option<TableRecord<CaNgua>>,
    stats: Stats,
    unreadable: Vec<&'static str>,
}

/// Writes round `round`'s files into `dir`: every third round all three
/// damaged, the game in every round.
fn write_round(
    dir: &Path,
    originals: &[(&'static str, String)],
    round: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<(&'static str, String)> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let mut written = Vec::new();
    for (name, text) in originals.iter().take(3) {
        let text = if round.is_multiple_of(3) || *name == "game.ron" {
            common::damage(text, rng)
        } else {
            text.clone()
        };
        std::fs::write(dir.join(name), &text).unwrap();
        written.push((*name, text));
    }
    written
}

/// Each written file read on its own in `alone` (see [`Alone`]).
fn read_alone(written: &[(&'static str, String)], alone: &Path) -> Alone {
    let mut prefs = None;
    let mut game: Option<TableRecord<CaNgua>> = None;
    let mut stats = Stats::default();
    let mut unreadable = Vec::new();
    for (name, text) in written {
        let _ = std::fs::remove_dir_all(alone);
        std::fs::create_dir_all(alone).unwrap();
        std::fs::write(alone.join(name), text).unwrap();
        let store = Store::at(alone);
        let notice = match *name {
            "prefs.ron" => {
                let (p, n) = store.load_prefs();
                prefs = Some(p);
                n
            }
            "game.ron" => {
                let (g, n) = store.load_game::<CaNgua>(Box::new(InlineRunner::default()));
                game = g.map(|g| g.table.record());
                n
            }
            "stats.ron" => {
                let (s, n) = store.load_stats::<CaNgua>();
                stats = s;
                n
            }
            _ => unreachable!("{name}"),
        };
        if notice.is_some() {
            unreadable.push(*name);
        }
    }
    let mut prefs = prefs.unwrap();
    prefs.lang = prefs.lang.or(Some(Lang::Vi));
    // The welcome is answered (`skip_welcome`).
    prefs.welcomed = true;
    Alone {
        prefs,
        game,
        stats,
        unreadable,
    }
}

/// The app opened on round `round`'s files in `dir`: a notice for each
/// file that could not be read and only for them, each set aside whole,
/// and what could be read is what it runs with.
fn check_opened(app: &App, round: usize, dir: &Path, written: &[(&str, String)], alone: &Alone) {
    let unreadable = &alone.unreadable;
    // A notice for each file that could not be read, and only for them.
    assert_eq!(
        app.notices().len(),
        unreadable.len(),
        "round {round}: {unreadable:?} unreadable, notices {:?}",
        app.notices()
    );
    for (name, text) in written {
        let kept = kept_aside(dir, name);
        if unreadable.contains(name) {
            // Set aside, never destroyed: the damaged text, whole,
            // beside the file, and the notice says where.
            assert_eq!(kept.len(), 1, "round {round}: {name}: {kept:?}");
            let (kept_name, kept_text) = &kept[0];
            assert_eq!(kept_text, text, "round {round}: {kept_name}");
            assert!(
                app.notices().iter().any(|n| n.contains(kept_name.as_str())),
                "round {round}: no notice names {kept_name}: {:?}",
                app.notices()
            );
        } else {
            assert!(kept.is_empty(), "round {round}: {name} read: {kept:?}");
        }
    }
    // What could be read is what the app runs with; the rest are
    // defaults.
    assert_eq!(app.prefs(), &alone.prefs, "round {round}");
    assert_eq!(app.play::<CaNgua>().stats(), &alone.stats, "round {round}");
    if let Some(record) = &alone.game {
        assert_eq!(
            &app.play::<CaNgua>().table().unwrap().record(),
            record,
            "round {round}"
        );
    }
}

#[test]
fn damaged_saves_never_stop_the_app() {
    let originals = common::originals();
    let dir = common::temp_dir("damaged");
    let alone = common::temp_dir("damaged-alone");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    // Damaged games (and their preferences and statistics) open in the
    // app, which draws them, shows the log and the statistics window, and
    // plays on for a few seconds of bots and pacing.
    for round in 0..16 {
        let written = write_round(&dir, &originals, round, &mut rng);
        let read = read_alone(&written, alone.path());
        let app = App::from_store(Store::at(dir.path()), None, Lang::Vi, None)
            .skip_welcome()
            .with_inline_computers();
        check_opened(&app, round, &dir, &written, &read);

        let mut h = harness(app, WINDOW);
        h.run_steps(10);
        assert!(shows(&h, "Bàn cờ"), "round {round}: no board");
        h.get_by_role_and_label(Role::Button, "Thống kê").click();
        h.run_steps(10);
        assert!(
            shows(&h, "đã chơi xong"),
            "round {round}: no statistics window"
        );
        // Playing on and saving never touched what was set aside; each
        // unreadable file has a good one in its place.
        h.state().flush();
        for (name, text) in &written {
            if read.unreadable.contains(name) {
                let kept = kept_aside(&dir, name);
                assert_eq!(kept.len(), 1, "round {round}: {name}: {kept:?}");
                assert_eq!(&kept[0].1, text, "round {round}: {name}");
                assert!(dir.join(name).is_file(), "round {round}: {name}");
            }
        }
    }
}
