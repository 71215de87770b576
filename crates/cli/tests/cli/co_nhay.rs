//! `ca-ngua-cli nhay` (CO-NHAY.md §6) through the real binary, and the
//! `--stdin` batches of both games answering line by line.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_support::{cli, cli_stdin, stderr, stdout, temp_file};
use crate::common;
use game_co_nhay::engine::{Position, Rules};
use game_co_nhay::rules_file::RuleSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const START_2: &str = "0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -";
const START_MOVES: &str = "3-14 3-16 4-15 4-17 5-16 5-18 6-14 6-15 7-15 7-16 8-16 8-17 9-17 9-18";

/// Bad input: exit status 2, exactly one line on standard error starting
/// `error:`, nothing on standard output.
fn assert_refused(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stdout {:?}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    assert!(stdout(o).is_empty(), "{:?}", stdout(o));
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    assert!(stderr(o).is_empty(), "{}", stderr(o));
    stdout(o)
}

#[test]
fn start_moves_play() {
    assert_eq!(ok(&cli(&["nhay", "start", "2"])), format!("{START_2}\n"));
    for n in ["3", "4", "6"] {
        let text = ok(&cli(&["nhay", "start", n]));
        let p = Position::parse(text.trim(), &Rules::standard()).unwrap();
        assert_eq!(p.players().count().to_string(), n);
    }
    assert_eq!(
        ok(&cli(&["nhay", "moves", START_2])),
        format!("{START_MOVES}\n")
    );
    // The position's fields may also come as separate arguments.
    let fields: Vec<&str> = START_2.split(' ').collect();
    let mut args = vec!["nhay", "moves", "--rules", "strict"];
    args.extend(&fields);
    assert_eq!(ok(&cli(&args)), format!("{START_MOVES}\n"));
    let next = ok(&cli(&["nhay", "play", START_2, "3-14"]));
    assert_eq!(
        next,
        "0,1,2,4,5,6,7,8,9,14/-/-/111,112,113,114,115,116,117,118,119,120/-/- 3 -\n"
    );
    // Moves come sorted by FROM, then TO, numerically (10 after 9).
    let moves = ok(&cli(&["nhay", "moves", next.trim()]));
    let pairs: Vec<(u8, u8)> = moves
        .split_whitespace()
        .map(|m| {
            let (a, b) = m.split_once('-').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    let mut sorted = pairs.clone();
    sorted.sort();
    assert_eq!(pairs, sorted);
    assert!(pairs.len() > 10);
}

#[test]
fn a_player_without_moves_passes() {
    // Three players. Arm 0 sits at home, walled in: arm 2's pieces fill row
    // 4 in front of it (holes 14-18) and the row behind (26-30), arm 4's
    // one more (31), so that no step and no jump is left.
    let p = "0,1,2,3,4,5,6,7,8,9/-/14,15,16,17,18,26,27,28,29,30/-/31,74,84,85,95,96,97,107,108,109/- 0 -";
    assert_eq!(ok(&cli(&["nhay", "moves", p])), "pass\n");
    assert_eq!(ok(&cli(&["nhay", "hint", p])), "pass\n");
    let next = ok(&cli(&["nhay", "play", p, "pass"]));
    assert_eq!(next, p.replace(" 0 -", " 2 -") + "\n");
    assert_refused(&cli(&["nhay", "play", p, "9-18"]), "hole 18 is taken");
    // With a move on offer, pass is refused.
    assert_refused(
        &cli(&["nhay", "play", START_2, "pass"]),
        "pass is not legal",
    );
    // Perft counts the pass as a move.
    assert_eq!(ok(&cli(&["nhay", "perft", p, "1"])), "1\n");
}

/// The data table of bad input: the arguments, and words the one error
/// line must hold.
fn bad_inputs() -> Vec<(Vec<String>, &'static str)> {
    let v = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    vec![
        (
            v(&["nhay", "moves", "0,1/-/-/-/-/- 0 -"]),
            "exactly 10 pieces",
        ),
        (
            v(&["nhay", "moves", "0,1,2,3,4,5,6,7,8,9/-/-/-/-/- 0 -"]),
            "not a seating",
        ),
        (
            v(&["nhay", "moves", &START_2.replace(" 0 -", " 1 -")]),
            "arm 1 does not play",
        ),
        (
            v(&["nhay", "moves", &START_2.replace("9/", "121/")]),
            "hole 121 does not exist",
        ),
        (
            v(&["nhay", "moves", &START_2.replace("9/", "8/")]),
            "two pieces on hole 8",
        ),
        (
            v(&["nhay", "moves", &START_2.replace(" 0 -", " - -")]),
            "not over",
        ),
        (
            v(&["nhay", "moves", &START_2.replace(" 0 -", " 0 0")]),
            "listed as finished",
        ),
        (v(&["nhay", "moves", "0,1,2/-/-"]), "3 fields"),
        (
            v(&["nhay", "moves", START_2, "3-14"]),
            "expected POSITION (3 words",
        ),
        (v(&["nhay", "play", START_2]), "POSITION MOVE"),
        (v(&["nhay", "play", START_2, "3-15"]), "illegal move 3-15"),
        (v(&["nhay", "play", START_2, "111-100"]), "arm 3's"),
        (
            v(&["nhay", "play", START_2, "60-61"]),
            "no piece on hole 60",
        ),
        (v(&["nhay", "play", START_2, "3-4"]), "hole 4 is taken"),
        (v(&["nhay", "play", START_2, "3-"]), "bad move '3-'"),
        (
            v(&["nhay", "play", START_2, "3-200"]),
            "holes are numbered 0 to 120",
        ),
        (
            v(&["nhay", "play", START_2, "3-3"]),
            "never ends where it began",
        ),
        (
            v(&["nhay", "moves", "--rules", "nosuch", START_2]),
            "unknown rules 'nosuch'",
        ),
        (
            v(&["nhay", "moves", "--frobnicate", START_2]),
            "unknown option",
        ),
        (v(&["nhay", "start", "5"]), "2, 3, 4 or 6"),
        (v(&["nhay", "start"]), "usage"),
        (v(&["nhay", "perft", START_2, "x"]), "bad depth 'x'"),
        (v(&["nhay", "perft", START_2, "99"]), "bad depth '99'"),
        (v(&["nhay", "jump"]), "unknown command 'jump'"),
        (v(&["nhay"]), "no command"),
        (v(&[]), "no command"),
        (v(&["nhay", "selfplay"]), "--games"),
        (
            v(&["nhay", "selfplay", "--games", "2", "--players", "5"]),
            "2, 3, 4 or 6",
        ),
        (
            v(&["nhay", "selfplay", "--games", "2", "--bots", "hard"]),
            "one bot per player",
        ),
        (
            v(&["nhay", "selfplay", "--games", "2", "--bots", "genius,easy"]),
            "unknown bot 'genius'",
        ),
        (v(&["nhay", "rules", "show", "nosuch"]), "unknown rules"),
        (
            v(&["nhay", "rules", "explain", "quick", "--lang", "fr"]),
            "unknown language",
        ),
    ]
}

#[test]
fn bad_input_exits_2_with_one_error_line() {
    for (args, needle) in bad_inputs() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_refused(&cli(&args), needle);
    }
    // A position whose game is over: nobody moves.
    let won = "111,112,113,114,115,116,117,118,119,120/-/-/56,57,58,59,60,61,62,63,64,50/-/- - 0";
    assert_refused(&cli(&["nhay", "moves", won]), "game is over");
    assert_refused(&cli(&["nhay", "hint", won]), "game is over");
    assert_refused(&cli(&["nhay", "play", won, "60-70"]), "game is over");
}

#[test]
fn a_winning_move_ends_the_game_in_the_notation() {
    let p = "111,112,113,115,116,117,118,119,120,106/-/-/56,57,58,59,60,61,62,63,64,50/-/- 0 -";
    assert_eq!(
        ok(&cli(&["nhay", "play", p, "106-114"])),
        "111,112,113,114,115,116,117,118,119,120/-/-/50,56,57,58,59,60,61,62,63,64/-/- - 0\n"
    );
    // Under the quick rules too; the notation is the same.
    assert_eq!(
        ok(&cli(&["nhay", "play", "--rules", "quick", p, "106-114"])).trim(),
        "111,112,113,114,115,116,117,118,119,120/-/-/50,56,57,58,59,60,61,62,63,64/-/- - 0"
    );
}

#[test]
fn stdin_batches_answer_every_line_and_go_on_after_errors() {
    let input = format!("{START_2}\nnonsense\n\n{START_2}\n");
    let out = ok(&cli_stdin(&["nhay", "moves", "--stdin"], &input));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], START_MOVES);
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert!(lines[2].starts_with("error: "), "{}", lines[2]);
    assert_eq!(lines[3], START_MOVES);
    let input = format!("{START_2} 3-14\n{START_2} 3-15\n{START_2} 9-18\n");
    let out = ok(&cli_stdin(&["nhay", "play", "--stdin"], &input));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].ends_with(" 3 -"));
    assert!(
        lines[1].starts_with("error: illegal move 3-15"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains(",18/"), "{}", lines[2]);
    let out = ok(&cli_stdin(
        &["nhay", "hint", "--stdin"],
        &format!("{START_2}\n"),
    ));
    assert!(START_MOVES.split(' ').any(|m| m == out.trim()), "{out}");
    assert_refused(&cli(&["nhay", "moves", "--stdin", START_2]), "--stdin");
}

/// A program that writes one query, waits for its answer, then writes the
/// next: every `--stdin` batch must answer each line as soon as it is read.
#[test]
fn stdin_batches_answer_before_the_input_ends() {
    let cana = "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0";
    let batches: &[(&[&str], String)] = &[
        (&["moves", "--stdin"], format!("{cana} 6")),
        (&["play", "--stdin"], format!("{cana} 6 Y-0")),
        (&["hint", "--stdin"], format!("{cana} 6")),
        (&["nhay", "moves", "--stdin"], START_2.to_string()),
        (&["nhay", "play", "--stdin"], format!("{START_2} 3-14")),
        (&["nhay", "hint", "--stdin"], START_2.to_string()),
    ];
    for (args, query) in batches {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let mut answers = Vec::new();
        for _ in 0..3 {
            writeln!(input, "{query}").unwrap();
            input.flush().unwrap();
            // The input stays open: an answer held back until it ends
            // never comes. (The wait is only there so that a broken build
            // fails instead of hanging.)
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(a) => answers.push(a),
                Err(_) => {
                    let _ = child.kill();
                    panic!("{args:?}: no answer while the input is still open");
                }
            }
        }
        drop(input);
        assert!(child.wait().unwrap().success());
        reader.join().unwrap();
        assert!(
            answers
                .iter()
                .all(|a| a == &answers[0] && !a.starts_with("error")),
            "{answers:?}"
        );
    }
}

#[test]
fn perft_through_the_command_line() {
    assert_eq!(ok(&cli(&["nhay", "perft", START_2, "0"])), "1\n");
    assert_eq!(ok(&cli(&["nhay", "perft", START_2, "2"])), "196\n");
    let six = ok(&cli(&["nhay", "start", "6"]));
    assert_eq!(ok(&cli(&["nhay", "perft", six.trim(), "2"])), "199\n");
}

#[test]
fn rules_files_presets_show_and_explain() {
    let dir = common::temp_dir("nhay-cli-rules");
    for preset in ["standard", "quick", "strict"] {
        let text = ok(&cli(&["nhay", "rules", "show", preset]));
        let set = RuleSet::from_ron(&text).unwrap();
        assert_eq!(Some(set.rules), Rules::preset(preset));
        assert_eq!(set.name, preset);
    }
    // A rule file is what --rules FILE loads: strict refuses 37-36 into
    // arm 1 after arm 0 has walked there.
    let strict = temp_file(
        &dir,
        "strict.ron",
        &ok(&cli(&["nhay", "rules", "show", "strict"])),
    );
    let strict = strict.to_str().unwrap();
    let p = "0,1,2,3,4,5,6,7,8,37/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -";
    assert!(ok(&cli(&["nhay", "moves", p])).contains("37-36"));
    assert!(!ok(&cli(&["nhay", "moves", "--rules", strict, p])).contains("37-36"));
    assert_refused(
        &cli(&["nhay", "play", "--rules", strict, p, "37-36"]),
        "arm 1",
    );
    let bad = temp_file(
        &dir,
        "bad.ron",
        &RuleSet::new("x", Rules::standard())
            .to_ron()
            .replace("anti_blocking", "anti"),
    );
    assert_refused(
        &cli(&["nhay", "moves", "--rules", bad.to_str().unwrap(), p]),
        "anti",
    );
    // A Cờ Cá Ngựa rule set is not a Cờ nhảy one.
    let other = temp_file(
        &dir,
        "cangua.ron",
        &ok(&cli(&["rules", "show", "standard"])),
    );
    assert_refused(
        &cli(&["nhay", "moves", "--rules", other.to_str().unwrap(), p]),
        "Cờ Cá Ngựa rule set",
    );

    let text = ok(&cli(&["nhay", "rules", "explain", "standard"]));
    assert!(text.starts_with("These are the standard rules."), "{text}");
    let text = ok(&cli(&["nhay", "rules", "explain", "quick"]));
    let differences = text.split("\n\n").next().unwrap();
    assert!(
        differences.contains("as soon as someone finishes"),
        "{text}"
    );
    let text = ok(&cli(&[
        "nhay", "rules", "explain", "strict", "--lang", "vi",
    ]));
    assert!(text.starts_with("Khác với luật chuẩn:"), "{text}");
}

#[test]
fn help_points_at_the_notation_players_have() {
    for args in [&["help"][..], &["nhay", "help"][..]] {
        let text = ok(&cli(args));
        assert!(text.contains("docs/NOTATION.md"), "{text}");
        assert!(!text.contains("RULES.md"), "{text}");
    }
}

#[test]
fn selfplay_is_reproducible_whatever_the_thread_count() {
    let run = |threads: &str| {
        let o = cli(&[
            "nhay",
            "selfplay",
            "--games",
            "12",
            "--players",
            "3",
            "--bots",
            "medium,easy,random",
            "--seed",
            "5",
            "--threads",
            threads,
            "--json",
        ]);
        serde_json::from_str::<serde_json::Value>(&ok(&o)).unwrap()
    };
    let one = run("1");
    let two = run("2");
    for key in ["games", "mean_moves", "capped", "wins"] {
        assert_eq!(one[key], two[key], "{key}");
    }
    for (a, b) in one["players"]
        .as_array()
        .unwrap()
        .iter()
        .zip(two["players"].as_array().unwrap())
    {
        for key in ["bot", "wins", "win_rate", "win_rate_ci95", "mean_place"] {
            assert_eq!(a[key], b[key], "{key}");
        }
        for key in ["median_decision_us", "max_decision_us", "decisions"] {
            assert!(a.get(key).is_some(), "{key}");
        }
    }
    for key in ["threads", "seconds", "games_per_second"] {
        assert!(one.get(key).is_some(), "{key}");
    }
    let wins = one["wins"].as_object().unwrap();
    let mut arms: Vec<&String> = wins.keys().collect();
    arms.sort();
    assert_eq!(arms, ["0", "2", "4"]);
    let total: u64 = wins.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total + one["capped"].as_u64().unwrap(), 12);
    let players = one["players"].as_array().unwrap();
    assert_eq!(
        players
            .iter()
            .map(|p| p["bot"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["medium", "easy", "random"]
    );
    let won: u64 = players.iter().map(|p| p["wins"].as_u64().unwrap()).sum();
    assert_eq!(won, total);
    // The text report names every bot.
    let text = ok(&cli(&[
        "nhay",
        "selfplay",
        "--games",
        "2",
        "--bots",
        "easy,random",
    ]));
    assert!(
        text.contains("2 games") && text.contains("easy") && text.contains("random"),
        "{text}"
    );
}

#[test]
fn nhay_selfplay_records_its_games_and_record_check_replays_them() {
    let dir = common::temp_dir("nhay-cli-records");
    let out = dir.join("games");
    let o = cli(&[
        "nhay",
        "selfplay",
        "--games",
        "2",
        "--players",
        "3",
        "--bots",
        "easy,medium,easy",
        "--record",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for n in 1..=2 {
        let file = out.join(format!("game-000{n}.txt"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.starts_with("Record: 1\nGame: co-nhay\nRules: standard\n"),
            "{text}"
        );
        let result = text
            .lines()
            .find_map(|l| l.strip_prefix("Result: "))
            .unwrap();
        let steps = text.lines().skip_while(|l| !l.is_empty()).skip(1).count();
        let o = cli(&["record", "check", "--positions", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), steps + 1);
        assert_eq!(lines[steps], format!("ok: {steps} steps, result {result}"));
        // Every position reads back as a Cờ nhảy position.
        for p in &lines[..steps] {
            assert!(p.parse::<game_co_nhay::engine::Setup>().is_ok(), "{p}");
        }
    }
    let o = cli(&[
        "nhay",
        "selfplay",
        "--games",
        "1",
        "--record",
        "/dev/null/x",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: --record:"), "{}", stderr(&o));
}
