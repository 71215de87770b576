//! The learned evaluator from the command line: a damaged weights file is
//! refused with its reason and the computer plays as today's Hard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_ca_ngua::bots::eval::{self, Evaluator, WeightsError};
use game_ca_ngua::bots::{Bot, Budget, Decision, Level};
use game_ca_ngua::engine::{Position, Roll, Rules};
use std::process::Command;

#[test]
fn a_damaged_weights_file_is_refused_and_the_computer_plays_as_before() {
    let mut bytes = eval::SHIPPED.to_vec();
    let n = bytes.len();
    bytes[n - 1000] ^= 0x10;
    let err = Evaluator::from_bytes(&bytes).expect_err("refused");
    assert_eq!(err, WeightsError::Checksum);
    assert!(err.to_string().contains("damaged"), "{err}");
    let cut = Evaluator::from_bytes(&eval::SHIPPED[..n - 4]).expect_err("refused");
    assert!(cut.to_string().contains("cut or damaged"), "{cut}");

    // The command line told to use the damaged file says so, and its hint
    // is today's Hard's.
    let dir = std::env::temp_dir().join(format!("ca-ngua-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("damaged.weights");
    std::fs::write(&path, &bytes).unwrap();
    let position = "Y,Y,Y,10/Y,Y,Y,4/Y,Y,Y,Y/Y,Y,Y,Y r 0";
    let out = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(["hint", position, "6"])
        .env(eval::WEIGHTS_ENV, &path)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("not used") && stderr.contains("damaged"),
        "{stderr}"
    );
    let rules = Rules::standard();
    let pos = Position::parse(position, &rules).unwrap();
    let moves = pos.legal_moves(&rules, Roll::die(6));
    let d = Decision {
        rules: &rules,
        position: &pos,
        roll: Roll::die(6),
        moves: &moves,
    };
    let classic = Bot::classic(Level::Hard, 0).choose(&d);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        classic.to_string()
    );
    // Without the file the bot falls back the same way.
    let fallback = Bot::with_evaluator(Level::Hard, 0, Budget::DEFAULT, None);
    assert!(!fallback.is_learned(&rules));
    assert!(Bot::new(Level::Hard, 0).is_learned(&rules));
    assert!(!Bot::new(Level::Hard, 0).is_learned(&Rules::traditional()));
}

#[test]
fn the_evaluators_tools_refuse_bad_input_with_a_reason() {
    use crate::cli_support::{cli, stderr};
    // Issue 57: train against a population, with wider inputs, and a
    // gauntlet with other weights for the player on trial.
    let refused = [
        (
            vec!["train", "--games", "1", "--population", "2"],
            "--population",
        ),
        (vec!["train", "--games", "1", "--focus", "1.5"], "--focus"),
        (
            vec!["train", "--games", "1", "--features", "everything"],
            "slots or threats",
        ),
        (
            vec!["gauntlet", "--games", "1", "--weights", "/no/such/weights"],
            "/no/such/weights",
        ),
    ];
    for (args, says) in refused {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.starts_with("error:") && err.contains(says),
            "{args:?}: {err}"
        );
    }
}
