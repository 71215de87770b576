//! The command line (RULES.md section 5), through the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_support::{cli, cli_stdin, stderr, stdout, temp_file};
use crate::common;
use game_ca_ngua::rules_file::RuleSet;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Output;

const START: &str = "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0";

/// A bad argument: exit status 2 and exactly one line on standard error.
fn assert_refused(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stdout {:?}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    assert!(stdout(o).is_empty());
}

#[test]
fn moves_and_play() {
    let o = cli(&["moves", START, "6"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "Y-0\n");
    let o = cli(&["moves", START, "4"]);
    assert_eq!(stdout(&o), "pass\n");
    let o = cli(&["play", START, "6", "Y-0"]);
    assert_eq!(stdout(&o), "Y,Y,Y,0/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 1\n");
    let o = cli(&["play", START, "2", "pass"]);
    assert_eq!(stdout(&o), "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y g 0\n");
    // The position's fields may also come as separate arguments.
    let o = cli(&[
        "moves",
        "Y,Y,3,10/-/Y,Y,Y,Y/-",
        "r",
        "0",
        "--rules",
        "casual",
        "6",
    ]);
    assert_eq!(stdout(&o), "Y-0 3-9 10-16\n");
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    assert_refused(&cli(&["moves", "Y,Y,Y/Y,Y,Y,Y/-/- r 0", "6"]), "red");
    assert_refused(&cli(&["moves", START, "7"]), "bad roll '7'");
    assert_refused(&cli(&["moves", START, "3+4"]), "one die");
    assert_refused(
        &cli(&["moves", "--rules", "nosuch", START, "6"]),
        "unknown rules 'nosuch'",
    );
    assert_refused(&cli(&["play", START, "6", "0-6"]), "illegal move 0-6");
    assert_refused(&cli(&["play", START, "6", "pass"]), "pass is not legal");
    assert_refused(&cli(&["play", START, "6", "Y0"]), "bad move 'Y0'");
    assert_refused(&cli(&["play", START, "6"]), "POSITION ROLL MOVE");
    assert_refused(&cli(&["moves", START]), "POSITION ROLL");
    assert_refused(
        &cli(&["moves", "--frobnicate", START, "6"]),
        "unknown option",
    );
    assert_refused(&cli(&["jump"]), "unknown command 'jump'");
    assert_refused(
        &cli(&["moves", "57,57,57,57/Y,Y,Y,Y/-/- - 0", "6"]),
        "game is over",
    );
    assert_refused(
        &cli(&["moves", "14,Y,Y,Y/1,Y,Y,Y/-/- r 0", "6"]),
        "red and green share track square 14",
    );
}

#[test]
fn stdin_batches_answer_every_line_and_go_on_after_errors() {
    let input = format!("{START} 6\n{START} 9\nY,Y,Y,10/-/Y,Y,Y,Y/- y 0 6\n\n{START} 3\n");
    let o = cli_stdin(&["moves", "--stdin"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "Y-0");
    assert!(lines[1].starts_with("error: bad roll '9'"), "{}", lines[1]);
    assert_eq!(lines[2], "Y-0");
    assert!(lines[3].starts_with("error: "), "{}", lines[3]);
    assert_eq!(lines[4], "pass");

    let o = cli_stdin(
        &["play", "--stdin"],
        &format!("{START} 6 Y-0\n{START} 6 0-6\n"),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Y,Y,Y,0/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 1");
    assert!(
        lines[1].starts_with("error: illegal move 0-6"),
        "{}",
        lines[1]
    );
}

/// The whole rules table through `--stdin`, one batch per rule set, each
/// rule set loaded from a RON file with `--rules FILE`.
#[test]
fn the_rules_table_through_the_command_line() {
    let dir = common::temp_dir("cli-table");
    let mut by_rules: BTreeMap<String, Vec<common::Case>> = BTreeMap::new();
    for case in common::rules_table() {
        by_rules
            .entry(case.rules_spec.clone())
            .or_default()
            .push(case);
    }
    for (i, (spec, cases)) in by_rules.iter().enumerate() {
        let file = temp_file(
            &dir,
            &format!("rules-{i}.ron"),
            &RuleSet::new("table", cases[0].rules).to_ron(),
        );
        let file = file.to_str().unwrap();
        let queries: String = cases
            .iter()
            .map(|c| format!("{} {}\n", c.position, c.roll))
            .collect();
        let o = cli_stdin(&["moves", "--rules", file, "--stdin"], &queries);
        let out = stdout(&o);
        for (c, answer) in cases.iter().zip(out.lines()) {
            match &c.moves {
                Some(m) => assert_eq!(answer, m, "line {} ({spec})", c.line),
                None => assert!(answer.starts_with("error: "), "line {}: {answer}", c.line),
            }
        }
        assert_eq!(out.lines().count(), cases.len(), "{spec}");
        let plays: Vec<(&common::Case, &(String, String))> = cases
            .iter()
            .flat_map(|c| c.plays.iter().map(move |p| (c, p)))
            .collect();
        let queries: String = plays
            .iter()
            .map(|(c, (m, _))| format!("{} {} {m}\n", c.position, c.roll))
            .collect();
        let o = cli_stdin(&["play", "--rules", file, "--stdin"], &queries);
        for ((c, (m, next)), answer) in plays.iter().zip(stdout(&o).lines()) {
            assert_eq!(answer, next, "line {} ({spec}) {m}", c.line);
        }
    }
}

#[test]
fn rules_files_are_loaded_and_bad_ones_refused() {
    let dir = common::temp_dir("cli-rules");
    let mut rules = game_ca_ngua::engine::Rules::standard();
    rules.no_passing = true;
    let good = RuleSet::new("no passing", rules).to_ron();
    let path = temp_file(&dir, "no-passing.ron", &good);
    let pos = "10,Y,Y,Y/-/38,Y,Y,Y/- r 0";
    // Yellow on square 12 blocks red 10 from moving 3.
    assert_eq!(stdout(&cli(&["moves", pos, "3"])), "10-13\n");
    assert_eq!(
        stdout(&cli(&[
            "moves",
            "--rules",
            path.to_str().unwrap(),
            pos,
            "3"
        ])),
        "pass\n"
    );

    let bad = temp_file(&dir, "bad.ron", &good.replace("no_passing", "no_pasing"));
    assert_refused(
        &cli(&["moves", "--rules", bad.to_str().unwrap(), pos, "3"]),
        "no_pasing",
    );
    let contradictory = temp_file(
        &dir,
        "contradictory.ron",
        &good
            .replace("dice: one", "dice: two")
            .replace("exit_rolls: six", "exit_rolls: one_or_six"),
    );
    assert_refused(
        &cli(&[
            "moves",
            "--rules",
            contradictory.to_str().unwrap(),
            pos,
            "3+4",
        ]),
        "exit_rolls",
    );
    let newer = temp_file(&dir, "newer.ron", &good.replace("version: 1", "version: 9"));
    assert_refused(
        &cli(&["moves", "--rules", newer.to_str().unwrap(), pos, "3"]),
        "version",
    );
    let missing = std::env::temp_dir().join("ca-ngua-no-such-dir/rules.ron");
    assert_refused(
        &cli(&["moves", "--rules", missing.to_str().unwrap(), pos, "3"]),
        "unknown rules",
    );
}

#[test]
fn rules_show_prints_a_loadable_file() {
    for preset in ["standard", "casual", "traditional"] {
        let o = cli(&["rules", "show", preset]);
        assert!(o.status.success());
        let text = stdout(&o);
        let set = RuleSet::from_ron(&text).unwrap();
        assert_eq!(Some(set.rules), game_ca_ngua::engine::Rules::preset(preset));
        assert_eq!(set.name, preset);
    }
    assert_refused(&cli(&["rules", "show", "nosuch"]), "unknown rules");
}

#[test]
fn rules_explain_says_what_differs_in_either_language() {
    let o = cli(&["rules", "explain", "standard"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("These are the standard rules."));
    let o = cli(&["rules", "explain", "casual"]);
    let text = stdout(&o);
    let differences = text.split("\n\n").next().unwrap();
    assert!(
        differences.contains("Kicking a horse gives another roll."),
        "{text}"
    );
    assert!(
        differences.contains("until every place is decided"),
        "{text}"
    );
    let o = cli(&["rules", "explain", "traditional", "--lang", "vi"]);
    let text = stdout(&o);
    assert!(text.starts_with("Khác với luật chuẩn:"), "{text}");
    assert!(
        text.contains("Thầu mạ") && text.contains("Hai viên xúc xắc"),
        "{text}"
    );
    assert_refused(
        &cli(&["rules", "explain", "casual", "--lang", "fr"]),
        "unknown language",
    );
}

#[test]
fn rule_codes_go_round_through_the_command_line() {
    for preset in ["standard", "casual", "traditional"] {
        let o = cli(&["rules", "code", preset]);
        assert!(o.status.success(), "{}", stderr(&o));
        let code = stdout(&o).trim().to_string();
        assert!(code.starts_with("CN1-"), "{code}");
        let back = cli(&["rules", "decode", &code]);
        assert!(back.status.success(), "{}", stderr(&back));
        // The decoded file is the preset's own.
        assert_eq!(
            stdout(&back),
            stdout(&cli(&["rules", "show", preset])),
            "{preset}"
        );
    }
    assert_refused(&cli(&["rules", "decode", "CN1-00000-00001"]), "mistyped");
    assert_refused(&cli(&["rules", "decode", "hello"]), "CN1-");
}

#[test]
fn selfplay_is_reproducible_whatever_the_thread_count() {
    let run = |threads: &str| {
        let o = cli(&[
            "selfplay",
            "--games",
            "400",
            "--seed",
            "5",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let one = run("1");
    let two = run("2");
    for key in ["games", "mean_rolls", "capped", "wins"] {
        assert_eq!(one[key], two[key], "{key}");
    }
    for key in ["threads", "seconds", "games_per_second"] {
        assert!(one.get(key).is_some(), "{key}");
    }
    assert_eq!(one["games"], 400);
    let wins = one["wins"].as_object().unwrap();
    let mut colours: Vec<&String> = wins.keys().collect();
    colours.sort();
    assert_eq!(colours, ["b", "g", "r", "y"]);
    let total: u64 = wins.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total + one["capped"].as_u64().unwrap(), 400);
    // A different seed plays different games.
    let o = cli(&["selfplay", "--games", "400", "--seed", "6", "--json"]);
    let other: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_ne!(other["mean_rolls"], one["mean_rolls"]);
}

#[test]
fn selfplay_options() {
    let o = cli(&[
        "selfplay",
        "--games",
        "50",
        "--players",
        "ry",
        "--rules",
        "casual",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("50 games"), "{out}");
    assert!(
        out.contains("r ") && out.contains("y ") && !out.contains("g "),
        "{out}"
    );
    assert_refused(
        &cli(&["selfplay", "--games", "5", "--players", "rx"]),
        "'x'",
    );
    assert_refused(
        &cli(&["selfplay", "--games", "5", "--players", "r"]),
        "two to four",
    );
    assert_refused(&cli(&["selfplay"]), "--games");
    assert_refused(&cli(&["selfplay", "--games", "many"]), "--games");
    assert_refused(
        &cli(&["selfplay", "--games", "5", "--bots", "random,random"]),
        "one bot per player",
    );
}

/// `rules try --json`: every figure the app's "Try these rules" panel shows,
/// for the rules and for the baseline, with its uncertainty.
#[test]
fn rules_try_json_has_every_figure_of_the_panel() {
    let o = cli(&[
        "rules",
        "try",
        "--rules",
        "traditional",
        "--players",
        "ry",
        "--bots",
        "person,easy",
        "--games",
        "60",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games_done"], 60);
    assert_eq!(v["complete"], true);
    assert_eq!(v["rules_name"], "traditional");
    assert_eq!(v["baseline_name"], "standard");
    assert_eq!(v["person_stand_in"], "medium");
    assert_eq!(v["seats"][0]["player"], "person");
    assert_eq!(v["seats"][0]["simulated_as"], "medium");
    assert_eq!(v["seats"][1]["player"]["bot"], "easy");
    assert!(v["hard_budget"]["nodes"].as_u64().unwrap() > 0);
    for key in [
        "dice_s",
        "step_s",
        "think_s",
        "pass_s",
        "kick_s",
        "person_roll_s",
        "person_move_s",
        "person_choice_s",
    ] {
        assert!(v["time_model"][key].as_f64().unwrap() > 0.0, "{key}");
    }
    let number = |x: &serde_json::Value, what: &str| {
        x.as_f64()
            .unwrap_or_else(|| panic!("{what} is not a number: {x}"))
    };
    let interval = |x: &serde_json::Value, what: &str| {
        let value = number(&x["value"], what);
        let (lo, hi) = (number(&x["ci95"][0], what), number(&x["ci95"][1], what));
        assert!(lo <= value && value <= hi, "{what}: {x}");
    };
    for side in ["trial", "baseline"] {
        let f = &v[side];
        assert_eq!(f["games"], 60, "{side}");
        for key in ["rolls_median", "rolls_p90", "minutes_median", "minutes_p90"] {
            interval(&f[key], &format!("{side}.{key}"));
        }
        for key in ["rolls_mean", "minutes_mean", "kicks_per_game"] {
            number(&f[key]["mean"], key);
            number(&f[key]["se"], key);
        }
        for key in ["capped", "no_winner"] {
            number(&f[key]["count"], key);
            interval(&f[key]["rate"], key);
        }
        let colours = f["colours"].as_array().unwrap();
        assert_eq!(colours.len(), 2);
        assert_eq!(colours[1]["colour"], "y");
        for c in colours {
            interval(&c["wins"]["rate"], "colour wins");
        }
        interval(&f["first_player"]["wins"]["rate"], "first player");
        assert_eq!(number(&f["first_player"]["fair"], "fair"), 0.5);
        number(&f["first_player"]["advantage_points"], "advantage");
        let hist = f["length_histogram"]["counts"].as_array().unwrap();
        let total: u64 = hist.iter().map(|c| c.as_u64().unwrap()).sum();
        assert_eq!(total, 60);
        assert!(f["length_histogram"]["bin_rolls"].as_u64().unwrap() > 0);
    }
    // The ledger's points only where the ledger is kept.
    number(&v["trial"]["points_per_game"]["mean"], "points");
    assert!(v["baseline"]["points_per_game"].is_null());
}

#[test]
fn rules_try_text_and_refusals() {
    let o = cli(&[
        "rules",
        "try",
        "--rules",
        "casual",
        "--games",
        "40",
        "--bots",
        "random,random,random,random",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for needle in [
        "40 games of each rule set",
        "casual",
        "standard",
        "rolls, median",
        "minutes, longest 10% over",
        "first player wins",
        "kicks per game",
        "safety cap",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    // The same seed, the same figures.
    let again = cli(&[
        "rules",
        "try",
        "--rules",
        "casual",
        "--games",
        "40",
        "--bots",
        "random,random,random,random",
    ]);
    assert_eq!(stdout(&again), text);
    assert_refused(&cli(&["rules", "try", "--games", "0"]), "--games");
    assert_refused(&cli(&["rules", "try", "--games", "lots"]), "--games");
    assert_refused(&cli(&["rules", "try", "--rules", "nonsense"]), "nonsense");
    assert_refused(
        &cli(&["rules", "try", "--baseline", "nonsense"]),
        "--baseline",
    );
    assert_refused(
        &cli(&["rules", "try", "--bots", "medium"]),
        "one player per colour",
    );
    assert_refused(&cli(&["rules", "try", "--bots", "genius,a,b,c"]), "--bots");
    assert_refused(&cli(&["rules", "try", "--players", "rq"]), "--players");
    assert_refused(&cli(&["rules", "try", "extra"]), "extra");
    assert_refused(&cli(&["rules", "try", "--threads", "0"]), "--threads");
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
        let text = std::fs::read_to_string(f).unwrap();
        let result = text
            .lines()
            .find_map(|l| l.strip_prefix("Result: "))
            .unwrap();
        *wins
            .entry(result.split(' ').next().unwrap().to_string())
            .or_insert(0) += 1;
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
