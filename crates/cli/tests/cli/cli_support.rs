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
