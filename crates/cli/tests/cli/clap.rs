//! The command line's parser (clap) through the real binary: help for
//! every command, completion scripts, and clap's own refusals kept to the
//! output contract (RULES.md §5, CO-NHAY.md §6): status 2, one line on
//! standard error starting `error:`, nothing on standard output.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_support::{cli, stderr, stdout};
use std::process::Output;

/// Every command that has its own help.
const COMMANDS: &[&[&str]] = &[
    &[],
    &["moves"],
    &["play"],
    &["hint"],
    &["selfplay"],
    &["rules"],
    &["rules", "show"],
    &["rules", "explain"],
    &["rules", "try"],
    &["rules", "code"],
    &["rules", "decode"],
    &["completions"],
    &["nhay"],
    &["nhay", "start"],
    &["nhay", "moves"],
    &["nhay", "play"],
    &["nhay", "hint"],
    &["nhay", "perft"],
    &["nhay", "selfplay"],
    &["nhay", "rules"],
    &["nhay", "rules", "show"],
    &["nhay", "rules", "explain"],
];

fn refused(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stdout {:?}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    assert!(stdout(o).is_empty(), "{:?}", stdout(o));
}

#[test]
fn every_command_has_help_on_stdout() {
    for path in COMMANDS {
        for flag in ["--help", "-h"] {
            let mut args = path.to_vec();
            args.push(flag);
            let o = cli(&args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).is_empty(), "{args:?}: {}", stderr(&o));
            let text = stdout(&o);
            let usage = format!("ca-ngua-cli {}", path.join(" "));
            assert!(text.contains("Usage:"), "{args:?}: {text}");
            assert!(
                text.contains(usage.trim_end()),
                "{args:?} lacks {usage:?}: {text}"
            );
        }
    }
    // Options are listed with what they do.
    let text = stdout(&cli(&["selfplay", "--help"]));
    for option in [
        "--games",
        "--rules",
        "--players",
        "--bots",
        "--seed",
        "--threads",
        "--json",
    ] {
        assert!(text.contains(option), "{option} missing from {text}");
    }
    let text = stdout(&cli(&["nhay", "selfplay", "--help"]));
    assert!(text.contains("--budget"), "{text}");
    // `help COMMAND` is the command's help too.
    let o = cli(&["help", "moves"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("--stdin"), "{}", stdout(&o));
}

#[test]
fn version_on_stdout() {
    for flag in ["--version", "-V"] {
        let o = cli(&[flag]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(
            stdout(&o),
            format!("ca-ngua-cli {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn completion_scripts_name_the_commands() {
    let o = cli(&["completions", "bash"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let script = stdout(&o);
    assert!(script.contains("complete -F"), "{script}");
    for word in [
        "moves", "play", "hint", "selfplay", "rules", "nhay", "perft", "decode", "--stdin",
        "--budget",
    ] {
        assert!(script.contains(word), "{word} missing from the bash script");
    }
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let o = cli(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        assert!(stdout(&o).contains("selfplay"), "{shell}");
    }
    refused(&cli(&["completions", "tcsh"]), "tcsh");
    refused(&cli(&["completions"]), "SHELL");
}

#[test]
fn clap_refusals_are_one_error_line_with_status_2() {
    refused(
        &cli(&[
            "moves",
            "--frobnicate",
            "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0",
            "6",
        ]),
        "unknown option '--frobnicate'",
    );
    refused(&cli(&["selfplay", "--games", "5", "--fast"]), "--fast");
    refused(
        &cli(&["nhay", "perft", "--json"]),
        "unknown option '--json'",
    );
    refused(&cli(&["moves", "--rules"]), "--rules needs a value");
    refused(&cli(&["selfplay", "--games"]), "--games needs a value");
    refused(
        &cli(&["selfplay", "--games", "5", "--seed", "x"]),
        "--seed: 'x' is not a valid number",
    );
    refused(&cli(&["rules", "show"]), "missing");
    refused(&cli(&["rules", "frob"]), "unknown command 'frob'");
    refused(&cli(&["nhay", "rules"]), "no command");
    refused(&cli(&["selfplay", "--games", "5", "--json=yes"]), "--json");
    // Each refusal points at the command's help.
    let o = cli(&["nhay", "moves", "--frobnicate"]);
    assert!(
        stderr(&o).contains("'ca-ngua-cli nhay moves --help'"),
        "{}",
        stderr(&o)
    );
}

/// A seat not in play is written `-`: a position may begin with `-/`,
/// which is a word, not an option, wherever it stands among the options.
#[test]
fn positions_that_begin_with_a_dash_are_words() {
    let o = cli(&["moves", "-/Y,Y,Y,Y/-/Y,Y,Y,Y g 0", "6", "--rules", "casual"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Y-0\n");
    let o = cli(&["moves", "-/Y,Y,Y,Y/-/Y,Y,Y,Y", "g", "0", "6"]);
    assert_eq!(stdout(&o), "Y-0\n");
    // Read as a Cờ nhảy position (whose arm 0 always plays): refused by
    // the notation, not by the parser.
    let arms_1_4 = "-/0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/- 1 -";
    refused(&cli(&["nhay", "moves", arms_1_4]), "not a seating");
    // An option's value may begin with '-' too, and is read as a value.
    refused(
        &cli(&["selfplay", "--games", "5", "--seed", "-3"]),
        "--seed: '-3' is not a valid number",
    );
}
