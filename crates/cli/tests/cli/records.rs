//! Records from the command line: `record verify` (the dice of an online
//! round), a record with Windows line ends in a folder named in
//! Vietnamese, `record analyse` of a seat that changed hands; the records
//! `selfplay --record` keeps, `record check` and `record analyse`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::ca_ngua::assert_refused;
use crate::cli_support::{cli, stderr, stdout, temp_file};
use crate::common;
use crate::common::fair;
use crate::common::records::{DATE, played};
use ca_ngua_core::game::Level;
use ca_ngua_data::record::{Record, Recorder, SeatPlayer};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Roll, Rules, Seat};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The text with Windows line ends.
fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

/// `record verify` on the real binary.
#[test]
fn record_verify_passes_an_untouched_record_and_refuses_a_changed_roll() {
    let dir = common::temp_dir("verify");
    let (events, seeds) = fair::room(1);
    let record = fair::record_room(&events, &seeds).record().unwrap().clone();
    let good = dir.join("good.txt");
    std::fs::write(&good, record.to_text()).unwrap();
    let out = cli(&["record", "verify", good.to_str().unwrap()]);
    let n = record.steps.len();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("dice verified: {n}/{n} rolls match the revealed seed (round 1)\n")
    );

    // A roll changed where the game still replays (a pass whose roll
    // could have been another that also passes).
    let (i, changed) = record
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.mv.is_none())
        .find_map(|(i, s)| {
            (1..=6)
                .map(|d| d.to_string().parse::<Roll>().unwrap())
                .filter(|r| Some(*r) != s.roll)
                .map(|r| {
                    let mut c = record.clone();
                    c.steps[i].roll = Some(r);
                    c
                })
                .find(|c| c.replay().is_ok())
                .map(|c| (i, c))
        })
        .expect("a pass whose roll can change");
    let tampered = dir.join("tampered.txt");
    std::fs::write(&tampered, changed.to_text()).unwrap();
    assert!(
        cli(&["record", "check", tampered.to_str().unwrap()])
            .status
            .success()
    );
    let out = cli(&["record", "verify", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let was = changed.steps[i].roll.unwrap();
    let gives = record.steps[i].roll.unwrap();
    assert_eq!(
        stdout(&out),
        format!(
            "dice NOT verified: roll {} (line {}) was {was}, the seed gives {gives} ({}/{n} rolls match)\n",
            i + 1,
            record.step_line(i),
            n - 1
        )
    );

    // A revealed seed that is not the committed one.
    let mut other = record.clone();
    other.dice.as_mut().unwrap().revealed = Some("0".repeat(64));
    let other_file = dir.join("other-seed.txt");
    std::fs::write(&other_file, other.to_text()).unwrap();
    let out = cli(&["record", "verify", other_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("does not match round 1's commit"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn record_verify_says_when_there_is_nothing_to_check() {
    let dir = common::temp_dir("verify-none");
    let t = played::<CaNgua>(Rules::standard(), 2, Level::Easy, 9);
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, Recorder::of_table(&t, DATE).unwrap().to_text()).unwrap();
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "not a record\n").unwrap();
    let missing = dir.join("missing.txt");
    // An online game that is not over: its seed is not revealed yet.
    let (events, seeds) = fair::room(1);
    let mut r = Recorder::new(Rules::standard(), DATE);
    r.note_dice_commit(1, seeds[0].commit());
    for ev in &events[..events.len() / 2] {
        r.push(ev);
    }
    let unrevealed = dir.join("unrevealed.txt");
    std::fs::write(&unrevealed, r.record().unwrap().to_text()).unwrap();
    for (file, says) in [
        (&plain, "keeps no dice"),
        (&junk, "not a game record"),
        (&missing, "cannot read"),
        (&unrevealed, "never revealed"),
    ] {
        let out = cli(&["record", "verify", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", file.display());
        assert_eq!(stdout(&out), "");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(says), "{err}");
    }
}

#[test]
fn the_cli_reads_a_crlf_record_in_a_folder_named_in_vietnamese() {
    let dir = common::temp_dir("cli-line-ends");
    let folder = dir.path().join("Ván đấu của tôi");
    let folder_text = folder.to_str().unwrap();
    let out = cli(&[
        "selfplay",
        "--games",
        "1",
        "--seed",
        "11",
        "--bots",
        "easy,medium",
        "--players",
        "ry",
        "--record",
        folder_text,
    ]);
    assert!(out.status.success(), "{}", stdout(&out));
    let lf = folder.join("game-0001.txt");
    let text = std::fs::read_to_string(&lf).unwrap();
    assert!(!text.contains('\r'));
    let windows = folder.join("ván 1 (Windows).txt");
    std::fs::write(&windows, crlf(&text)).unwrap();
    for verb in ["check", "analyse"] {
        let a = cli(&["record", verb, lf.to_str().unwrap()]);
        let b = cli(&["record", verb, windows.to_str().unwrap()]);
        assert!(a.status.success() && b.status.success(), "{verb}");
        assert_eq!(stdout(&a), stdout(&b), "{verb}");
        assert!(!stdout(&a).is_empty());
    }
    assert!(stdout(&cli(&["record", "check", windows.to_str().unwrap()])).starts_with("ok: "));
}

#[test]
fn record_analyse_sums_up_each_player_of_a_seat_that_changed_hands() {
    let fixture = common::records::fixture("format-3.txt");
    let file = fixture.to_str().unwrap();
    let args = [
        "record",
        "analyse",
        file,
        "--rollouts",
        "2",
        "--threads",
        "1",
    ];
    let o = cli(&args);
    assert_eq!(o.status.code(), Some(0));
    let summary = stdout(&o);
    let record = Record::<CaNgua>::from_text(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    let players = record.seat_players();
    let span = |p: &SeatPlayer<Seat>| {
        let (a, b) = p.spans[0];
        if a == b {
            format!("{}", a + 1)
        } else {
            format!("{}-{}", a + 1, b + 1)
        }
    };
    let lines: Vec<&str> = summary.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        lines.len(),
        3,
        "a line for each player, Red's two included: {summary}"
    );
    assert!(
        lines[0].starts_with(&format!("r: person, steps {}: ", span(&players[0]))),
        "{summary}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "r: computer-medium, steps {}: ",
            span(&players[1])
        )),
        "{summary}"
    );
    assert!(lines[2].starts_with("y: computer-hard: "), "{summary}");
    // The JSON: the seats whole, and each player's own figures.
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let json: serde_json::Value = serde_json::from_str(stdout(&cli(&json_args)).trim()).unwrap();
    let by_player = json["by_player"].as_array().expect("by_player");
    assert_eq!(by_player.len(), 3);
    assert_eq!(by_player[1]["player"], "computer-medium");
    assert_eq!(
        by_player[1]["steps"],
        serde_json::json!([[players[1].spans[0].0, players[1].spans[0].1]])
    );
    let decisions = |v: &serde_json::Value| v["decisions"].as_u64().unwrap();
    assert_eq!(
        decisions(&by_player[0]) + decisions(&by_player[1]),
        decisions(&json["players"][0]),
        "Red's players together made Red's decisions"
    );
}

/// The files of a folder, by name.
fn files_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// `record check` replays one record (its steps, its result, a position
/// a step with `--positions`, the last one over); returns its winner.
fn a_record_checks(f: &std::path::Path) -> String {
    let text = std::fs::read_to_string(f).unwrap();
    let result = text
        .lines()
        .find_map(|l| l.strip_prefix("Result: "))
        .unwrap();
    let steps = text.lines().skip_while(|l| !l.is_empty()).skip(1).count();
    let o = cli(&["record", "check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("ok: {steps} steps, result {result}\n"));
    let o = cli(&["record", "check", "--positions", f.to_str().unwrap()]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        steps + 1,
        "a position a step, then the summary"
    );
    assert!(
        lines[steps - 1].ends_with(" - 0"),
        "the game is over: {}",
        lines[steps - 1]
    );
    result.split(' ').next().unwrap().to_string()
}

#[test]
fn selfplay_records_its_games_and_record_check_replays_them() {
    let dir = common::temp_dir("cli-records");
    let run = |sub: &str| {
        let out = dir.join(sub);
        let o = cli(&[
            "selfplay",
            "--games",
            "4",
            "--players",
            "ry",
            "--bots",
            "easy,random",
            "--seed",
            "9",
            "--record",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (out, stdout(&o))
    };
    let (a, report) = run("a");
    let files = files_in(&a);
    let names: Vec<_> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_owned())
        .collect();
    assert_eq!(
        names,
        [
            "game-0001.txt",
            "game-0002.txt",
            "game-0003.txt",
            "game-0004.txt"
        ]
    );
    // The records are the report's games: their winners are its wins.
    let mut wins = BTreeMap::new();
    for f in &files {
        let winner = a_record_checks(f);
        *wins.entry(winner).or_insert(0) += 1;
    }
    let by_colour: Vec<String> = wins.iter().map(|(c, n)| format!("{c} {n} (")).collect();
    for w in by_colour {
        assert!(report.contains(&w), "{report} lacks {w}");
    }
    // The same seed records the same games (but for the date).
    let (b, _) = run("b");
    for (fa, fb) in files.iter().zip(files_in(&b)) {
        let strip = |p: &std::path::Path| {
            let t = std::fs::read_to_string(p).unwrap();
            t.lines()
                .filter(|l| !l.starts_with("Date: "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(fa), strip(&fb));
    }
}

/// One self-played game of `players` (and `args`), recorded under `dir`:
/// its record's file.
fn one_recorded_game(dir: &std::path::Path, players: &str, args: &[&str]) -> PathBuf {
    let out = dir.join("games");
    let mut all = vec![
        "selfplay",
        "--games",
        "1",
        "--players",
        players,
        "--record",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let o = cli(&all);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    out.join("game-0001.txt")
}

#[test]
fn record_check_names_the_wrong_line() {
    let dir = common::temp_dir("cli-record-check");
    let text = std::fs::read_to_string(one_recorded_game(&dir, "ryg", &[])).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Line 12 is the third step; make it a move nobody can make.
    let step: Vec<&str> = lines[11].split(' ').collect();
    let mut bad = lines.clone();
    let wrong = format!("{} {} 40-46", step[0], step[1]);
    bad[11] = &wrong;
    let file = temp_file(&dir, "bad.txt", &bad.join("\n"));
    let o = cli(&["record", "check", file.to_str().unwrap()]);
    assert_refused(&o, "error: line 12: \"40-46\" is not a legal move for");
    let mut newer = lines.clone();
    let next = format!("Record: {}", ca_ngua_data::record::RECORD_FORMAT + 1);
    newer[0] = &next;
    let file = temp_file(&dir, "newer.txt", &newer.join("\n"));
    let o = cli(&["record", "check", "--positions", file.to_str().unwrap()]);
    assert_refused(&o, "error: line 1: written by a newer version of the game");
    let file = temp_file(&dir, "empty.txt", "");
    assert_refused(
        &cli(&["record", "check", file.to_str().unwrap()]),
        "error: line 1: not a game record",
    );
    assert_refused(
        &cli(&["record", "check", dir.join("missing.txt").to_str().unwrap()]),
        "cannot read",
    );
    assert_refused(&cli(&["record", "check"]), "error:");
}

/// The analysis by the evaluator (the default) of a four-player game
/// between Hard, Medium, Easy and Random: the same JSON, byte for byte, on
/// one thread and on two; every player's figures add up, and say how well
/// it chose and how sure the game is of it (issue 57).
#[test]
fn record_analyse_by_the_evaluator_gives_the_same_json_twice() {
    let dir = common::temp_dir("cli-record-analyse-twice");
    let file = one_recorded_game(
        &dir,
        "rgyb",
        &["--bots", "hard,medium,easy,random", "--seed", "7707"],
    );
    let run = |threads: &str| {
        let o = cli(&[
            "record",
            "analyse",
            file.to_str().unwrap(),
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let once = run("1");
    let twice = run("2");
    // The thread count asked for is in the config; all else the same.
    assert_eq!(
        once.replace("\"threads\":1", "\"threads\":2"),
        twice,
        "the same figures"
    );
    assert_eq!(run("2"), twice, "the same JSON twice");
    let json: serde_json::Value = serde_json::from_str(twice.trim()).unwrap();
    for p in json["players"].as_array().unwrap() {
        let f = |k: &str| p[k].as_f64().unwrap();
        let lhs = f("luck") - f("skill_lost") + f("others");
        assert!((lhs - (f("result") - f("start"))).abs() < 1e-9, "{p}");
        let c = &p["choices"];
        assert!(c["share"].as_f64().is_some(), "{p}");
        assert!(
            ["best", "good", "mixed", "random"].contains(&c["band"].as_str().unwrap()),
            "{c}"
        );
        assert!(
            ["sure", "likely", "too_short"].contains(&c["confidence"].as_str().unwrap()),
            "{c}"
        );
        assert!(p["second_look"].as_f64().is_some(), "{p}");
    }
    let summary = stdout(&cli(&["record", "analyse", file.to_str().unwrap()]));
    assert!(summary.contains("of a random pick's loss"), "{summary}");
}

#[test]
fn record_analyse_rates_every_decision_and_every_roll() {
    let dir = common::temp_dir("cli-record-analyse");
    let file = one_recorded_game(&dir, "ry", &["--seed", "7"]);
    let text = std::fs::read_to_string(&file).unwrap();
    let steps: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "record",
            "analyse",
            file.to_str().unwrap(),
            "--rollouts",
            "4",
        ];
        a.extend_from_slice(extra);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |a: Vec<String>| cli(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let o = run(args(&["--json", "--seed", "3"]));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON line");
    let analysed = json["steps"].as_array().expect("steps");
    assert_eq!(analysed.len(), steps.len(), "a step a line of the record");
    for (step, line) in analysed.iter().zip(&steps) {
        // The roll and the move of the record, in notation.
        let mut words = line.split(' ');
        let (_, roll, mv) = (words.next(), words.next().unwrap(), words.next().unwrap());
        assert_eq!(step["roll"].as_str(), Some(roll), "{step}");
        let moves = step["moves"].as_array().expect("moves");
        if mv != "pass" && moves.len() > 1 {
            assert_eq!(step["played"].as_str(), Some(mv));
            assert!(
                moves.iter().any(|m| m["move"].as_str() == Some(mv)),
                "{step}"
            );
            for m in moves {
                let w = m["win"].as_f64().unwrap();
                assert!((0.0..=1.0).contains(&w), "{m}");
            }
        }
        // Every roll has its luck in a game with dice.
        assert!(step["luck"].is_object(), "{step}");
    }
    assert_eq!(json["players"].as_array().map(Vec::len), Some(2));
    // The same seed, the same figures; the summary names both players.
    let again = run(args(&["--json", "--seed", "3"]));
    assert_eq!(stdout(&again), stdout(&o));
    let summary = stdout(&run(args(&[])));
    assert!(summary.lines().any(|l| l.starts_with("r: ")), "{summary}");
    assert!(summary.lines().any(|l| l.starts_with("y: ")), "{summary}");
    assert_refused(
        &cli(&[
            "record",
            "analyse",
            "--rollouts",
            "0",
            file.to_str().unwrap(),
        ]),
        "error:",
    );
}
