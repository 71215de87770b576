//! The server binary's command line (docs/SERVER.md "Build and run"), run
//! as a child process so that the environment variables it is given are
//! its own: `--help` explains every option with its variable, `--version`,
//! a bad option or value (typed or from the environment) is one `error:`
//! line and status 2, and the environment sets options that the command
//! line overrides (a server on 127.0.0.1, killed at the end).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::wait::wait_until;
use crate::pages::get;
use crate::restart::free_port;
use ca_ngua_protocol::ServerAddress;
use std::net::SocketAddr;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// Every option of docs/SERVER.md's table.
const OPTIONS: [&str; 16] = [
    "bind",
    "state-dir",
    "behind-proxy",
    "download-url",
    "away-secs",
    "bot-delay-ms",
    "threads",
    "tls-cert",
    "tls-key",
    "max-rooms",
    "max-rooms-per-ip",
    "max-conns",
    "max-conns-per-ip",
    "room-idle-secs",
    "messages-per-sec",
    "message-burst",
];

/// The server's command, with no `CA_NGUA_` variable from where the
/// tests run.
fn server() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ca-ngua-server"));
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("CA_NGUA_") {
            command.env_remove(name);
        }
    }
    command.env("RUST_LOG", "warn").stdin(Stdio::null());
    command
}

fn run(command: &mut Command) -> Output {
    command.output().expect("the server binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

#[test]
fn help_explains_every_option_with_its_environment_variable() {
    for help in ["--help", "-h"] {
        let out = run(server().arg(help));
        assert_eq!(out.status.code(), Some(0), "{help}");
        assert!(out.stderr.is_empty(), "{help}");
        let stdout = text(&out.stdout);
        for option in OPTIONS {
            let var = format!("CA_NGUA_{}", option.replace('-', "_").to_uppercase());
            let line = stdout
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("--{option} ")))
                .unwrap_or_else(|| panic!("{help} lacks --{option}:\n{stdout}"));
            assert!(line.contains(&format!("[env: {var}]")), "{line}");
            // The option is explained, not only named.
            let said = line.split(']').next().unwrap_or_default();
            assert!(said.split_whitespace().count() > 4, "{line}");
        }
        assert!(stdout.contains("--version"), "{stdout}");
    }
    // A variable's value is not shown (the help reads the same everywhere).
    let out = run(server()
        .arg("--help")
        .env("CA_NGUA_STATE_DIR", "/secret/place"));
    assert!(!text(&out.stdout).contains("/secret/place"));
}

#[test]
fn version_is_the_crates() {
    for version in ["--version", "-V"] {
        let out = run(server().arg(version));
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            text(&out.stdout),
            format!("ca-ngua-server {}\n", env!("CARGO_PKG_VERSION"))
        );
        assert!(out.stderr.is_empty());
    }
}

/// A bad start: the arguments, the environment variables, and what the
/// error line says.
type Bad = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
    &'static str,
);

#[test]
fn a_bad_option_or_value_is_one_error_line_and_status_2() {
    let cases: [Bad; 9] = [
        (&[], &[], "missing --bind"),
        (
            &["--bind", "nowhere"],
            &[],
            "--bind: 'nowhere' is not an address",
        ),
        (
            &["--bind", "127.0.0.1:0", "--max-rooms", "many"],
            &[],
            "--max-rooms: 'many'",
        ),
        (
            &["--bind", "127.0.0.1:0", "--rooms", "5"],
            &[],
            "unknown option '--rooms'",
        ),
        (
            &["--bind", "127.0.0.1:0", "--tls-key", "k.pem"],
            &[],
            "go together",
        ),
        (
            &[],
            &[("CA_NGUA_BIND", "nowhere")],
            "CA_NGUA_BIND: 'nowhere'",
        ),
        (
            &["--bind", "127.0.0.1:0"],
            &[("CA_NGUA_AWAY_SECS", "soon")],
            "CA_NGUA_AWAY_SECS: 'soon' is not a valid number",
        ),
        (
            &["--bind", "127.0.0.1:0"],
            &[("CA_NGUA_BEHIND_PROXY", "maybe")],
            "CA_NGUA_BEHIND_PROXY: 'maybe'",
        ),
        (
            &["--bind", "127.0.0.1:0"],
            &[("CA_NGUA_DOWNLOAD_URL", "ftp://x")],
            "CA_NGUA_DOWNLOAD_URL: 'ftp://x' is not an http:// or https:// address",
        ),
    ];
    for (args, vars, said) in cases {
        let out = run(server().args(args).envs(vars.iter().copied()));
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?} {vars:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} {vars:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?} {vars:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(stderr.contains(said), "{args:?} {vars:?}: {stderr}");
        assert!(
            stderr.trim_end().ends_with("(see 'ca-ngua-server --help')"),
            "{stderr}"
        );
    }
}

/// A server started by the test, killed and waited for when dropped.
struct Running(Child);

impl Running {
    fn start(command: &mut Command, port: u16) -> Running {
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let running = Running(child);
        let address = ServerAddress::new("127.0.0.1", port);
        wait_until(
            &format!("the server did not start on port {port}"),
            Duration::from_secs(60),
            || ca_ngua_client::check_health(&address, Duration::from_secs(1)).ok(),
        );
        running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The page of a room that is not open: it links to `--download-url`.
fn download_link(port: u16) -> String {
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let (status, body) = get(addr, "/join/ABCDEF", Some("en"));
    assert_eq!(status, 404);
    body
}

#[test]
fn the_environment_sets_options_and_the_command_line_wins() {
    // From the environment alone: the address, the download link, a flag
    // as a digit; a bad variable is not read when its option is typed.
    let port = free_port();
    let server_a = Running::start(
        server()
            .env("CA_NGUA_BIND", format!("127.0.0.1:{port}"))
            .env("CA_NGUA_DOWNLOAD_URL", "https://example.org/from-env")
            .env("CA_NGUA_BEHIND_PROXY", "1")
            .env("CA_NGUA_AWAY_SECS", "soon")
            .args(["--away-secs", "5"]),
        port,
    );
    assert!(download_link(port).contains("href=\"https://example.org/from-env\""));
    drop(server_a);

    // The command line over the environment.
    let (port, elsewhere) = (free_port(), free_port());
    let server_b = Running::start(
        server()
            .env("CA_NGUA_BIND", format!("127.0.0.1:{elsewhere}"))
            .env("CA_NGUA_DOWNLOAD_URL", "https://example.org/from-env")
            .env("CA_NGUA_BEHIND_PROXY", "false")
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .args(["--download-url", "https://example.org/from-args"]),
        port,
    );
    let page = download_link(port);
    assert!(
        page.contains("href=\"https://example.org/from-args\""),
        "{page}"
    );
    assert!(!page.contains("from-env"));
    drop(server_b);
}
