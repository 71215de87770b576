//! Records from the command line: `record verify` (the dice of an online
//! round), a record with Windows line ends in a folder named in
//! Vietnamese, `record analyse` of a seat that changed hands.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_support::{cli, stderr, stdout};
use crate::common;
use crate::common::fair;
use crate::common::records::{DATE, played};
use ca_ngua_core::game::Level;
use ca_ngua_data::record::{Record, Recorder, SeatPlayer};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Roll, Rules, Seat};

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
