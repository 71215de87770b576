//! Damaged files of every kind, made by mutating real ones thousands of
//! times (numbers changed, lines dropped, doubled or swapped, words
//! exchanged, text cut short): loading them, and playing on from whatever
//! loads, never panics. (Debug assertions and overflow checks are on in
//! tests, so an overflow counts as a panic too.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua::bots::Level;
use ca_ngua::engine::{Position, Rules};
use ca_ngua::prefs::Prefs;
use ca_ngua::rules_file::RuleSet;
use ca_ngua::session::{PlayerKind, Session};
use ca_ngua::stats::Stats;
use ca_ngua::store::{GAME_VERSION, GameFile, Store};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ca-ngua-damage-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `rolls` rolls of a session, the first legal move each time.
fn play_on(session: &mut Session, rolls: usize) {
    for _ in 0..rolls {
        if session.game().is_over() {
            break;
        }
        if session.pending_roll().is_none() && session.roll().is_err() {
            break;
        }
        let moves = session.legal_moves();
        if session.play(moves.first()).is_err() {
            break;
        }
    }
}

/// Real files to damage: a traditional game (two dice, the climb, the
/// ledger) well under way with a roll waiting, its preferences, statistics
/// that counted its rolls and moves, and a saved rule set.
fn originals() -> Vec<(&'static str, String)> {
    let dir = temp_dir("originals");
    let store = Store::at(&dir);
    let prefs = Prefs {
        player_count: 4,
        players: [
            PlayerKind::Human,
            PlayerKind::Bot(Level::Hard),
            PlayerKind::Bot(Level::Easy),
            PlayerKind::Bot(Level::Medium),
        ],
        rules: Rules::traditional(),
        ..Prefs::default()
    };
    let mut session = Session::seeded(prefs.game_config(), 11).unwrap();
    let mut stats = Stats::default();
    for _ in 0..400 {
        if session.game().is_over() {
            break;
        }
        let roll = session.roll().unwrap();
        stats.record_roll(roll);
        let moves = session.legal_moves();
        let fx = session.play(moves.first()).unwrap();
        stats.record_move(session.config(), &fx, session.last_move_was_thau_ma());
    }
    session.roll().unwrap();
    assert!(
        session
            .game()
            .ledger()
            .is_some_and(|l| !l.entries.is_empty())
    );
    store.save_prefs(&prefs).unwrap();
    store
        .save_game(&GameFile {
            version: GAME_VERSION,
            session: session.record(),
            result_recorded: false,
        })
        .unwrap();
    store.save_stats(&stats).unwrap();
    store
        .save_rule_set(&RuleSet::new("nhà bà", Rules::traditional()))
        .unwrap();
    let read = |p: &str| std::fs::read_to_string(dir.join(p)).unwrap();
    let files = vec![
        ("prefs.ron", read("prefs.ron")),
        ("game.ron", read("game.ron")),
        ("stats.ron", read("stats.ron")),
        ("rules/nhà bà.ron", read("rules/nhà bà.ron")),
    ];
    std::fs::remove_dir_all(&dir).unwrap();
    files
}

const NUMBERS: [&str; 14] = [
    "0",
    "1",
    "2",
    "7",
    "57",
    "58",
    "255",
    "256",
    "-1",
    "65536",
    "2147483647",
    "4294967296",
    "18446744073709551615",
    "170141183460469231731687303715884105727",
];

/// One random damage to `text`.
fn damage(text: &str, rng: &mut Xoshiro256PlusPlus) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let pick = |rng: &mut Xoshiro256PlusPlus, n: usize| rng.random_range(0..n.max(1));
    match rng.random_range(0..7) {
        // A number replaced by another (often an extreme one).
        0 | 1 => {
            let spans: Vec<(usize, usize)> = number_spans(text);
            if spans.is_empty() {
                return text.to_string();
            }
            let (a, b) = spans[pick(rng, spans.len())];
            let with = NUMBERS[pick(rng, NUMBERS.len())];
            format!("{}{}{}", &text[..a], with, &text[b..])
        }
        // A line dropped.
        2 => {
            let k = pick(rng, lines.len());
            let mut v = lines.clone();
            v.remove(k.min(v.len().saturating_sub(1)));
            v.join("\n")
        }
        // A line doubled.
        3 => {
            let k = pick(rng, lines.len());
            let mut v = lines.clone();
            if let Some(l) = lines.get(k) {
                v.insert(k, l);
            }
            v.join("\n")
        }
        // Two lines swapped.
        4 => {
            let mut v = lines.clone();
            let (i, j) = (pick(rng, v.len()), pick(rng, v.len()));
            if i < v.len() && j < v.len() {
                v.swap(i, j);
            }
            v.join("\n")
        }
        // A word replaced by another word of the file.
        5 => {
            let words: Vec<(usize, usize)> = word_spans(text);
            if words.len() < 2 {
                return text.to_string();
            }
            let (a, b) = words[pick(rng, words.len())];
            let (c, d) = words[pick(rng, words.len())];
            format!("{}{}{}", &text[..a], &text[c..d], &text[b..])
        }
        // Cut short.
        _ => {
            let mut cut = pick(rng, text.len());
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text[..cut].to_string()
        }
    }
}

fn spans(text: &str, in_span: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (in_span(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

fn number_spans(text: &str) -> Vec<(usize, usize)> {
    spans(text, |c| c.is_ascii_digit())
}

fn word_spans(text: &str) -> Vec<(usize, usize)> {
    spans(text, |c| c.is_alphabetic() || c == '_')
}

/// Loads whatever is in `dir` the way the app does at start, then plays on.
fn load_and_play(dir: &Path) {
    let store = Store::at(dir);
    let (prefs, _) = store.load_prefs();
    if let Ok(mut session) = Session::new(prefs.game_config()) {
        play_on(&mut session, 5);
    }
    let (mut stats, _) = store.load_stats();
    for roll in ["6", "1", "3+3"] {
        stats.record_roll(roll.parse().unwrap());
    }
    let _ = (stats.faces_rolled(), stats.chi_squared());
    let (sets, _) = store.rule_sets();
    for set in sets {
        assert_eq!(set.rules.validate(), Ok(()));
        let _ = Session::new(ca_ngua::session::GameConfig {
            rules: set.rules,
            ..prefs.game_config()
        });
    }
    let (game, _) = store.load_game();
    if let Some(file) = game
        && let Ok(mut session) = Session::restore(file.session)
    {
        // What was restored is a position the engine accepts.
        let rules = *session.rules();
        let text = session.game().position().to_string();
        assert_eq!(
            Position::parse(&text, &rules).map(|p| p.to_string()),
            Ok(text)
        );
        let _ = session.game().standings();
        play_on(&mut session, 30);
    }
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
        load_and_play(&dir);
        if *name == "game.ron" && Store::at(&dir).load_game().0.is_some() {
            loaded_games += 1;
        }
    }
    // Many damaged games still load (a changed number is often still a
    // valid game); the rest were refused and kept aside.
    assert!(loaded_games > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}
