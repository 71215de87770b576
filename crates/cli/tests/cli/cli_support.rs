//! Running `ca-ngua-cli`, the real binary, in the command-line tests.
// Each test binary uses part of it.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_testkit::TempDir;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `ca-ngua-cli` with `args`.
pub fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(args)
        .output()
        .expect("run ca-ngua-cli")
}

/// Runs `ca-ngua-cli` with `args`, `input` on its standard input.
pub fn cli_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ca-ngua-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ca-ngua-cli");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Writes a file in a test's folder (removed with the folder's guard).
pub fn temp_file(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The line the command line prints last for a game whose last event is
/// `events`' last: `ranking: ` and the places, partners together, the
/// places apart by ` | `; `None` when the last event is not the game's end.
pub fn ranking_line(events: &[ca_ngua_core::table::Event<game_ca_ngua::CaNgua>]) -> Option<String> {
    let Some(ca_ngua_core::table::EventKind::Over { ranking }) = events.last().map(|e| &e.event)
    else {
        return None;
    };
    let places: Vec<String> = ranking
        .iter()
        .map(|p| {
            p.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Some(format!("ranking: {}", places.join(" | ")))
}
