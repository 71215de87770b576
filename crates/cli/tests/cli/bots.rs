//! `hint` and `selfplay` of Cờ Cá Ngựa on the command line: `hint`
//! answers like `moves` does.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_ca_ngua::bots;
use game_ca_ngua::engine::{Position, Rules};
use std::process::Command;

const START: &str = "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0";

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_hint_prints_one_move_or_pass() {
    assert_eq!(
        cli(&["hint", START, "6"]),
        (0, "Y-0\n".into(), String::new())
    );
    assert_eq!(
        cli(&["hint", START, "5"]),
        (0, "pass\n".into(), String::new())
    );
    // The same answer as the library's hint, under another preset.
    let (code, out, _) = cli(&[
        "hint",
        "--rules",
        "traditional",
        "Y,Y,10,30/Y,Y,Y,Y/-/- r 0",
        "2+2",
    ]);
    assert_eq!(code, 0);
    let rules = Rules::traditional();
    let pos = Position::parse("Y,Y,10,30/Y,Y,Y,Y/-/- r 0", &rules).unwrap();
    let roll = "2+2".parse().unwrap();
    let want = bots::hint(&rules, &pos, roll).unwrap();
    assert_eq!(out, format!("{want}\n"));
    assert!(pos.legal_moves(&rules, roll).contains(want));
}

#[test]
fn cli_hint_refuses_bad_input_like_moves() {
    for args in [
        &["hint", "Y,Y,Y/Y,Y,Y,Y/-/- r 0", "6"][..],
        &["hint", START, "7"],
        &["hint", START, "3+4"],
        &["hint", "--rules", "nonsense", START, "6"],
        &["hint", START],
    ] {
        let (code, out, err) = cli(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err:?}"
        );
        // The same message as `moves` gives for the same mistake.
        let mut moves_args = args.to_vec();
        moves_args[0] = "moves";
        assert_eq!(cli(&moves_args).2, err, "{args:?}");
    }
}

#[test]
fn cli_hint_reads_queries_from_stdin() {
    let queries = format!("{START} 6\n{START} 2\nnonsense\n");
    let out = crate::cli_support::cli_stdin(&["hint", "--stdin"], &queries);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(&lines[..2], ["Y-0", "pass"]);
    assert!(lines[2].starts_with("error: "), "{text}");
}

#[test]
fn cli_selfplay_reports_every_level_in_bots_order() {
    let (code, out, err) = cli(&[
        "selfplay",
        "--games",
        "4",
        "--threads",
        "2",
        "--bots",
        "hard,medium,easy,random",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let players = v["players"].as_array().unwrap();
    let names: Vec<&str> = players.iter().map(|p| p["bot"].as_str().unwrap()).collect();
    assert_eq!(names, ["hard", "medium", "easy", "random"]);
    let wins: u64 = players.iter().map(|p| p["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins, 4);
    for p in players {
        for field in ["win_rate", "median_decision_us", "max_decision_us"] {
            assert!(p[field].is_number(), "{field} in {p}");
        }
    }
    // One bot per player.
    let (code, _, err) = cli(&["selfplay", "--games", "1", "--bots", "hard,random"]);
    assert_eq!(code, 2);
    assert!(err.contains("one bot per player"), "{err}");
    let (code, _, err) = cli(&["selfplay", "--games", "1", "--bots", "hard,expert"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot 'expert'"), "{err}");
}
