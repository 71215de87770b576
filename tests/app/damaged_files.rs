//! Damaged files of every kind, made by mutating real ones thousands of
//! times (numbers changed, lines dropped, doubled or swapped, words
//! exchanged, text cut short): loading them, and playing on from whatever
//! loads, never panics. (Debug assertions and overflow checks are on in
//! tests, so an overflow counts as a panic too.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{damage, local_table, originals, play_on, temp_dir};
use ca_ngua_core::table::InlineRunner;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Position;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::path::Path;

/// Loads whatever is in `dir` the way the app does at start, then plays on.
/// True when a saved game loaded.
fn load_and_play(dir: &Path) -> bool {
    let store = Store::at(dir);
    let (prefs, _) = store.load_prefs();
    let mut table = local_table(&prefs, 1);
    play_on(&mut table, 5);
    let (mut stats, _) = store.load_stats::<CaNgua>();
    for roll in ["6", "1", "3+3"] {
        stats.record_roll(roll.parse().unwrap());
    }
    let _ = (stats.faces_rolled(), stats.chi_squared());
    let (sets, _) = store.rule_sets::<CaNgua>();
    for set in sets {
        assert_eq!(set.rules.validate(), Ok(()));
        let mut table = local_table(
            &Prefs {
                games: ca_ngua_data::prefs::GamePrefs {
                    ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                        rules: set.rules,
                        ..prefs.clone().games.ca_ngua
                    },
                    ..prefs.clone().games
                },
                ..prefs.clone()
            },
            2,
        );
        play_on(&mut table, 3);
    }
    let (game, _) = store.load_game::<CaNgua>(Box::new(InlineRunner::default()));
    let loaded = game.is_some();
    if let Some(mut saved) = game {
        // What was restored is a position the engine accepts.
        let rules = *saved.table.rules();
        let game = saved.table.replica().game().expect("started");
        let text = game.position().to_string();
        assert_eq!(
            Position::parse(&text, &rules).map(|p| p.to_string()),
            Ok(text)
        );
        let _ = game.standings();
        play_on(&mut saved.table, 30);
    }
    loaded
}

#[test]
fn damaged_files_of_every_kind_load_or_are_refused_without_a_panic() {
    let originals = originals();
    let dir = temp_dir("damaged");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut loaded_games = 0;
    for round in 0..2_400 {
        let (name, text) = &originals[round % originals.len()];
        let mut damaged = damage(text, &mut rng);
        if rng.random_range(0..3) == 0 {
            damaged = damage(&damaged, &mut rng);
        }
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("rules")).unwrap();
        std::fs::write(dir.join(name), &damaged).unwrap();
        if load_and_play(&dir) && *name == "game.ron" {
            loaded_games += 1;
        }
    }
    // Many damaged games still load (a changed number is often still a
    // valid game); the rest were refused and kept aside.
    assert!(loaded_games > 0);
}
