//! What the test binaries share (the app's and each crate's in its own
//! `tests/`): each takes it in as `common` (`use ca_ngua_testkit as
//! common;`). Here: the rules table and random rules of Cờ Cá Ngựa's
//! tests, temporary folders, tables and files; `records` (generic over the
//! game, and the records of every format in `data/records/`), `fair` (a
//! room with dice anyone can check), `puzzles`, `wait` (the one poll-until
//! with a deadline) and `net` (a raw WebSocket client of the server, a
//! seat played over it, TLS). The real `ca-ngua-cli` is run by
//! `crates/cli/tests/cli/cli_support.rs`, and the app's harness is
//! `tests/app/ui_support.rs`. A development crate only; each binary uses
//! part of it.
// Test support: a failed unwrap is a failed test, and its handles need no
// Debug.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    missing_debug_implementations
)]

use ca_ngua_core::game::Level;
use ca_ngua_core::table::{Controller, InlineRunner};
use ca_ngua_data::ca_ngua::stats::Stats;
use ca_ngua_data::prefs::{PlayerKind, Prefs};
use ca_ngua_data::store::{GameFile, Store};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{
    Dice, Direction, ExitRolls, GameEnd, HomeColumn, Pairs, Rules, SafeSquares, Seat,
};
use game_ca_ngua::game::Played;
use game_ca_ngua::rules_file::RuleSet;

type Applied = ca_ngua_core::table::Applied<CaNgua>;
type Command = ca_ngua_core::table::Command<CaNgua>;
type Replica = ca_ngua_core::table::Replica<CaNgua>;
type Step = ca_ngua_core::table::Step<CaNgua>;
type Table = ca_ngua_core::table::Table<CaNgua>;
use rand::rngs::{StdRng, Xoshiro256PlusPlus};
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod fair;
pub mod net;
pub mod puzzles;
pub mod records;
pub mod wait;

/// A rule set from `preset+field=value+field=value`, with fields and
/// values spelled as in the RON rules file.
pub fn rules_from_spec(spec: &str) -> Rules {
    let mut parts = spec.split('+');
    let preset = parts.next().unwrap();
    let rules = Rules::preset(preset).unwrap_or_else(|| panic!("unknown preset in {spec}"));
    let mut text = RuleSet::new("test", rules).to_ron();
    for part in parts {
        let (field, value) = part
            .split_once('=')
            .unwrap_or_else(|| panic!("{spec}: expected field=value"));
        let start = text
            .find(&format!("        {field}: "))
            .unwrap_or_else(|| panic!("{spec}: no field {field}"));
        let end = start + text[start..].find(",\n").unwrap();
        text.replace_range(start..end, &format!("        {field}: {value}"));
    }
    RuleSet::from_ron(&text)
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
        .rules
}

/// One line of `crates/testkit/data/rules.txt`.
#[derive(Debug)]
pub struct Case {
    pub line: usize,
    pub rules_spec: String,
    pub rules: Rules,
    pub position: String,
    pub roll: String,
    /// `None` when the position or roll must be refused.
    pub moves: Option<String>,
    pub plays: Vec<(String, String)>,
}

pub fn rules_table() -> Vec<Case> {
    let text = include_str!("../data/rules.txt");
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        assert!(cols.len() >= 4, "line {}: {line}", i + 1);
        let moves = (cols[3] != "error").then(|| cols[3].to_string());
        let plays = cols[4..]
            .iter()
            .map(|c| {
                let (m, next) = c.split_once("=>").expect("MOVE => NEXT");
                (m.trim().to_string(), next.trim().to_string())
            })
            .collect();
        cases.push(Case {
            line: i + 1,
            rules_spec: cols[0].to_string(),
            rules: rules_from_spec(cols[0]),
            position: cols[1].to_string(),
            roll: cols[2].to_string(),
            moves,
            plays,
        });
    }
    cases
}

/// A random combination of every toggle (a valid one), for property tests.
pub fn random_rules(rng: &mut Xoshiro256PlusPlus, roll_cap: u32) -> Rules {
    let mut r = Rules::standard();
    r.dice = if rng.random() { Dice::Two } else { Dice::One };
    r.exit_rolls = if r.dice == Dice::One && rng.random() {
        ExitRolls::OneOrSix
    } else {
        ExitRolls::Six
    };
    r.bonus_after_kick = rng.random();
    r.bonus_after_finish = rng.random();
    r.three_in_a_row_forfeit = rng.random();
    r.safe_squares = [
        SafeSquares::StartsAndStars,
        SafeSquares::StartsOnly,
        SafeSquares::None,
    ][rng.random_range(0..3)];
    r.pairs = [Pairs::Ordinary, Pairs::SafePair, Pairs::Block][rng.random_range(0..3)];
    r.no_passing = rng.random();
    r.forced_kick = rng.random();
    r.forced_exit = rng.random();
    r.home_column = if rng.random() {
        HomeColumn::Climb
    } else {
        HomeColumn::Exact
    };
    r.game_end = [
        GameEnd::FirstWinnerByHorsesHome,
        GameEnd::FirstWinnerByDistance,
        GameEnd::PlayOn,
    ][rng.random_range(0..3)];
    r.direction = if rng.random() {
        Direction::Clockwise
    } else {
        Direction::CounterClockwise
    };
    r.scoring = rng.random();
    r.roll_cap = roll_cap;
    r
}

/// The seatings of 2, 3 and 4 players (2 sit opposite).
pub const SEATINGS: [&[Seat]; 3] = [
    &[Seat::Red, Seat::Yellow],
    &[Seat::Red, Seat::Green, Seat::Blue],
    &[Seat::Red, Seat::Green, Seat::Yellow, Seat::Blue],
];

/// A fresh, empty folder for one test, unique to this test process;
/// removed when dropped.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty folder for one test (removed when the guard drops). A
/// binary runs the tests of many files at once, some with the same name
/// for their folder: a count makes each folder its own.
pub fn temp_dir(name: &str) -> TempDir {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("ca-ngua-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// A table at this device with seeded dice and computer players deciding
/// inline.
pub fn local_table(prefs: &Prefs, seed: u64) -> Table {
    let prefs = &prefs.games.ca_ngua;
    Table::local(
        prefs.rules,
        &prefs.seats(),
        &prefs.controllers(),
        StdRng::seed_from_u64(seed),
        Box::new(InlineRunner::default()),
    )
    .unwrap()
}

/// A table continuing from a position, with a roll waiting if given (a
/// roll without a move must not be given).
pub fn table_at(
    rules: Rules,
    position: &str,
    roll: Option<&str>,
    controllers: [Controller; 4],
) -> Table {
    use ca_ngua_core::table::{Event, EventKind, SeatInfo, TableRecord};
    use game_ca_ngua::engine::{Position, Roll};
    let pos = Position::parse(position, &rules).unwrap();
    let seats: Vec<Seat> = pos.playing_seats().collect();
    let mut events = vec![Event {
        seq: 1,
        event: EventKind::Started {
            position: pos.to_setup(),
            seats: SeatInfo::local_seats(&seats, &controllers),
        },
    }];
    if let Some(roll) = roll {
        let roll: Roll = roll.parse().unwrap();
        let moves = pos.legal_moves(&rules, roll).to_vec();
        assert!(!moves.is_empty(), "{roll} has no move in {position}");
        events.push(Event {
            seq: 2,
            event: EventKind::Rolled {
                seat: pos.turn().unwrap(),
                roll,
                moves,
            },
        });
    }
    Table::restore(
        TableRecord {
            rules,
            controllers: controllers.to_vec(),
            origin: None,
            events,
        },
        StdRng::seed_from_u64(1),
        Box::new(InlineRunner::default()),
    )
    .unwrap()
}

/// Plays `rolls` rolls of a table: computer players decide, people here
/// take the first legal move.
pub fn play_on(t: &mut Table, rolls: usize) {
    let mut played = 0;
    while played < rolls {
        let Some(seat) = t.replica().turn() else {
            break;
        };
        if t.computer_to_act().is_some() {
            if t.replica().pending().is_none() {
                played += 1;
            }
            if t.computer_step() == Step::Idle {
                break;
            }
            continue;
        }
        let cmd = match t.replica().pending() {
            None => {
                played += 1;
                Command::Roll
            }
            Some(p) => match p.moves.first() {
                Some(m) => Command::Move(*m),
                None => break,
            },
        };
        if t.command(seat, t.seq(), cmd).is_err() {
            break;
        }
    }
}

/// The statistics the app keeps for these events.
pub fn count_stats(t: &Table) -> Stats {
    let mut stats = Stats::default();
    let mut r = Replica::new(*t.rules());
    let controllers: Vec<Controller> = t.controllers().to_vec();
    for e in t.events() {
        match r.apply(e).unwrap() {
            Applied::Rolled(p) => stats.record_roll(p.roll),
            Applied::Played {
                played: Played { effects, thau_ma },
                ..
            } => stats.record_move(&controllers, &effects, thau_ma),
            _ => {}
        }
    }
    stats
}

// Damaged files (tests/app/damaged_files.rs, tests/app/ui.rs).

/// Real files to damage: a traditional game (two dice, the climb, the
/// ledger) well under way with a roll waiting, its preferences, statistics
/// that counted its rolls and moves, and a saved rule set.
pub fn originals() -> Vec<(&'static str, String)> {
    let dir = temp_dir("originals");
    let store = Store::at(dir.path());
    let prefs = Prefs {
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 4,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Hard),
                    PlayerKind::Bot(Level::Easy),
                    PlayerKind::Bot(Level::Medium),
                ],
                rules: Rules::traditional(),
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    };
    let mut table = local_table(&prefs, 11);
    play_on(&mut table, 400);
    // A person's roll waiting for its move.
    while table.replica().pending().is_none() || table.computer_to_act().is_some() {
        play_on(&mut table, 1);
        if let Some(seat) = table.replica().turn()
            && table.computer_to_act().is_none()
            && table.replica().pending().is_none()
        {
            let _ = table.command(seat, table.seq(), Command::Roll);
        }
    }
    assert!(
        table
            .replica()
            .game()
            .and_then(|g| g.ledger())
            .is_some_and(|l| !l.entries.is_empty())
    );
    let stats = count_stats(&table);
    store.save_prefs(&prefs).unwrap();
    store
        .save_game::<CaNgua>(&GameFile::of(&table, false))
        .unwrap();
    store.save_stats::<CaNgua>(&stats).unwrap();
    store
        .save_rule_set::<CaNgua>(&RuleSet::new("nhà bà", Rules::traditional()))
        .unwrap();
    let read = |p: &str| std::fs::read_to_string(dir.join(p)).unwrap();
    vec![
        ("prefs.ron", read("prefs.ron")),
        ("game.ron", read("game.ron")),
        ("stats.ron", read("stats.ron")),
        ("rules/nhà bà.ron", read("rules/nhà bà.ron")),
    ]
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
pub fn damage(text: &str, rng: &mut Xoshiro256PlusPlus) -> String {
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

/// The copies of `file` the store kept aside in `dir` (`FILE.bad-…`), after
/// it could not read them.
pub fn kept_aside(dir: &Path, file: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{file}.bad-")))
        })
        .collect()
}
