//! The command line (RULES.md section 5), through the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_support::{cli, cli_stdin, stderr, stdout, temp_file};
use crate::common;
use game_ca_ngua::rules_file::RuleSet;
use std::collections::BTreeMap;
use std::process::Output;

const START: &str = "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0";

/// A bad argument: exit status 2 and exactly one line on standard error.
pub(crate) fn assert_refused(o: &Output, needle: &str) {
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
