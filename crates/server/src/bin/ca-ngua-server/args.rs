//! `ca-ngua-server`'s command line (clap's derive), with the conventions of
//! `ca-ngua-cli`: every option explained by `--help`, `--version`, a bad
//! option or value as one `error:` line and status 2 (`common/clap_line.rs`
//! says what is wrong). Every option can also be set by an environment
//! variable, `CA_NGUA_` and its name (`CA_NGUA_BIND`, `CA_NGUA_STATE_DIR`,
//! …), for containers; the command line wins. docs/SERVER.md's table of
//! options is this list.

use super::clap_line;
use ca_ngua_server::tls::ServerTls;
use ca_ngua_server::{DEFAULT_DOWNLOAD_URL, Limits, ServerConfig, WebDir};
use clap::error::{ContextKind, ErrorKind};
use clap::{ArgAction, CommandFactory, Parser};
use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// Where a bad option's line sends the reader.
pub const SEE_HELP: &str = "see 'ca-ngua-server --help'";

const NOTES: &str = "\
Every option can also be set by the environment variable shown with it (a
flag by true or false, 1 or 0); the command line wins over the environment.
RUST_LOG sets the log's level (info by default, warn for quiet).
docs/SERVER.md tells how to run a server: TLS, a proxy, systemd, a container.";

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "ca-ngua-server",
    about = "The online server of Cờ Cá Ngựa and Cờ nhảy: rooms of both games for the app \
             (or any client of PROTOCOL.md) on one WebSocket endpoint, /ws, with invite pages, \
             /health and /metrics",
    version,
    args_override_self = true,
    after_help = NOTES
)]
pub struct ServerArgs {
    /// Where to listen: 127.0.0.1:PORT behind a proxy, 0.0.0.0:PORT for a LAN
    #[arg(long, value_name = "ADDR:PORT", env = "CA_NGUA_BIND", hide_env_values = true, value_parser = address)]
    pub bind: SocketAddr,

    /// Keep every room in DIR, so that a restart keeps every game (without it rooms live in
    /// memory only)
    #[arg(
        long,
        value_name = "DIR",
        env = "CA_NGUA_STATE_DIR",
        hide_env_values = true
    )]
    pub state_dir: Option<PathBuf>,

    /// Take the client's address from X-Forwarded-For, and X-Forwarded-Proto: https for the
    /// invite pages; only behind a proxy that sets them
    #[arg(
        long,
        env = "CA_NGUA_BEHIND_PROXY",
        hide_env_values = true,
        action = ArgAction::SetTrue,
        value_parser = flag
    )]
    pub behind_proxy: bool,

    /// Where the invite pages send people who do not have the app yet (an http:// or https://
    /// address)
    #[arg(
        long,
        value_name = "URL",
        env = "CA_NGUA_DOWNLOAD_URL",
        hide_env_values = true,
        default_value = DEFAULT_DOWNLOAD_URL,
        value_parser = download_url
    )]
    pub download_url: String,

    /// Serve the game built for the browser (scripts/web.sh writes target/web) at /play/, and
    /// offer it on the invite pages
    #[arg(
        long,
        value_name = "DIR",
        env = "CA_NGUA_WEB_DIR",
        hide_env_values = true
    )]
    pub web_dir: Option<PathBuf>,

    /// A disconnected person's seat goes to a computer player after N seconds
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_AWAY_SECS",
        hide_env_values = true,
        default_value_t = ServerConfig::default().away.as_secs(),
        value_parser = number::<u64>
    )]
    pub away_secs: u64,

    /// The pause before each computer roll or move, in milliseconds, so that people can follow
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_BOT_DELAY_MS",
        hide_env_values = true,
        default_value_t = millis(ServerConfig::default().bot_delay),
        value_parser = number::<u64>
    )]
    pub bot_delay_ms: u64,

    /// Worker threads answering connections and running the rooms (0 counts as 1)
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_THREADS",
        hide_env_values = true,
        default_value_t = ServerConfig::default().threads,
        value_parser = number::<usize>
    )]
    pub threads: usize,

    /// Answer TLS itself (wss://, https://) with this certificate chain, a PEM file; goes with
    /// --tls-key
    #[arg(
        long,
        value_name = "FILE",
        env = "CA_NGUA_TLS_CERT",
        hide_env_values = true,
        help_heading = "TLS"
    )]
    pub tls_cert: Option<PathBuf>,

    /// The certificate's private key, a PEM file; goes with --tls-cert
    #[arg(
        long,
        value_name = "FILE",
        env = "CA_NGUA_TLS_KEY",
        hide_env_values = true,
        help_heading = "TLS"
    )]
    pub tls_key: Option<PathBuf>,

    /// Rooms open at once
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_MAX_ROOMS",
        hide_env_values = true,
        default_value_t = Limits::default().max_rooms,
        value_parser = number::<usize>,
        help_heading = "Limits"
    )]
    pub max_rooms: usize,

    /// Rooms open at once created from one address
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_MAX_ROOMS_PER_IP",
        hide_env_values = true,
        default_value_t = Limits::default().max_rooms_per_ip,
        value_parser = number::<usize>,
        help_heading = "Limits"
    )]
    pub max_rooms_per_ip: usize,

    /// Connections at once (each is a file descriptor: raise LimitNOFILE with it)
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_MAX_CONNS",
        hide_env_values = true,
        default_value_t = Limits::default().max_connections,
        value_parser = number::<usize>,
        help_heading = "Limits"
    )]
    pub max_conns: usize,

    /// Connections at once from one address
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_MAX_CONNS_PER_IP",
        hide_env_values = true,
        default_value_t = Limits::default().max_connections_per_ip,
        value_parser = number::<usize>,
        help_heading = "Limits"
    )]
    pub max_conns_per_ip: usize,

    /// A room closes N seconds after its last person disconnected
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_ROOM_IDLE_SECS",
        hide_env_values = true,
        default_value_t = Limits::default().room_idle.as_secs(),
        value_parser = number::<u64>,
        help_heading = "Limits"
    )]
    pub room_idle_secs: u64,

    /// Messages one connection may send a second, on average
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_MESSAGES_PER_SEC",
        hide_env_values = true,
        default_value_t = Limits::default().messages_per_sec,
        value_parser = number::<f64>,
        help_heading = "Limits"
    )]
    pub messages_per_sec: f64,

    /// Messages one connection may send in a burst above that
    #[arg(
        long,
        value_name = "N",
        env = "CA_NGUA_MESSAGE_BURST",
        hide_env_values = true,
        default_value_t = Limits::default().message_burst,
        value_parser = number::<f64>,
        help_heading = "Limits"
    )]
    pub message_burst: f64,
}

fn number<T: FromStr>(v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("'{v}' is not a valid number"))
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A flag's value, from its environment variable (`true` on the command
/// line).
fn flag(v: &str) -> Result<bool, String> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(format!("'{v}' is neither true nor false (1 or 0)")),
    }
}

fn address(v: &str) -> Result<SocketAddr, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("'{v}' is not an address and port (e.g. 0.0.0.0:7777)"))
}

fn download_url(v: &str) -> Result<String, String> {
    let url = v.trim();
    let scheme_ok = ca_ngua_protocol::after_http(url)
        .is_some_and(|(rest, _)| !rest.is_empty() && !rest.starts_with('/'));
    if !scheme_ok || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("'{url}' is not an http:// or https:// address"));
    }
    Ok(url.to_string())
}

impl ServerArgs {
    /// Where to listen and how to serve. The certificate and its key are
    /// read here: one without the other, or a file that does not read,
    /// is the error line's text.
    pub fn config(self) -> Result<(SocketAddr, ServerConfig), String> {
        let tls = match (self.tls_cert, self.tls_key) {
            (Some(cert), Some(key)) => {
                Some(ServerTls::from_pem_files(&cert, &key).map_err(|e| format!("TLS: {e}"))?)
            }
            (None, None) => None,
            _ => return Err(format!("--tls-cert and --tls-key go together ({SEE_HELP})")),
        };
        let web_dir = match self.web_dir {
            Some(dir) => Some(WebDir::open(dir).map_err(|e| format!("--web-dir: {e}"))?),
            None => None,
        };
        let config = ServerConfig {
            web_dir,
            away: Duration::from_secs(self.away_secs),
            bot_delay: Duration::from_millis(self.bot_delay_ms),
            threads: self.threads,
            trust_forwarded_for: self.behind_proxy,
            state_dir: self.state_dir,
            download_url: self.download_url,
            tls,
            limits: Limits {
                max_rooms: self.max_rooms,
                max_rooms_per_ip: self.max_rooms_per_ip,
                max_connections: self.max_conns,
                max_connections_per_ip: self.max_conns_per_ip,
                room_idle: Duration::from_secs(self.room_idle_secs),
                messages_per_sec: self.messages_per_sec,
                message_burst: self.message_burst,
                ..Limits::default()
            },
            ..ServerConfig::default()
        };
        Ok((self.bind, config))
    }
}

/// A clap error other than help and version as the one line after
/// `error: `: what is wrong (a value read from an environment variable
/// is named by the variable), and where the help is.
pub fn error_line(e: &clap::Error, args: &[OsString]) -> String {
    let what = clap_line::what(e, "", |w| w);
    let what = match from_env(e, args) {
        Some((option, var)) => match what.strip_prefix(option.as_str()) {
            Some(rest) => format!("{var}{rest}"),
            None => what,
        },
        None => what,
    };
    format!("{what} ({SEE_HELP})")
}

/// The option and its environment variable, when a bad value came from
/// the variable (the option is not on the command line).
fn from_env(e: &clap::Error, args: &[OsString]) -> Option<(String, String)> {
    if e.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let arg = clap_line::context(e, ContextKind::InvalidArg, |w| w);
    let option = arg.split_whitespace().next()?.to_string();
    let long = option.strip_prefix("--")?;
    let typed = args.iter().skip(1).any(|a| {
        let a = a.to_string_lossy();
        a == option || a.starts_with(&format!("{option}="))
    });
    if typed {
        return None;
    }
    let command = ServerArgs::command();
    let var = command
        .get_arguments()
        .find(|a| a.get_long() == Some(long))?
        .get_env()?;
    Some((option, var.to_string_lossy().into_owned()))
}

#[cfg(test)]
mod tests {
    //! The command line read with no environment variable (each argument's
    //! `env` taken away, so that a variable set where the tests run cannot
    //! change them); crates/server/tests/server/server_cli.rs runs the binary with them.
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use clap::FromArgMatches;

    fn parse(args: &[&str]) -> Result<ServerArgs, clap::Error> {
        let command = ServerArgs::command().mut_args(|a| a.env(None));
        let args: Vec<OsString> = std::iter::once("ca-ngua-server")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        let matches = command.try_get_matches_from(&args)?;
        ServerArgs::from_arg_matches(&matches)
    }

    fn config(args: &[&str]) -> ServerConfig {
        parse(args)
            .expect("the command line")
            .config()
            .expect("a config")
            .1
    }

    fn bad(args: &[&str]) -> String {
        let all: Vec<OsString> = std::iter::once("ca-ngua-server")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        match parse(args) {
            Ok(a) => a.config().map(|_| ()).expect_err("refused"),
            Err(e) => error_line(&e, &all),
        }
    }

    #[test]
    fn without_options_the_config_is_the_servers_default() {
        let (bind, config) = parse(&["--bind", "127.0.0.1:7777"])
            .unwrap()
            .config()
            .unwrap();
        assert_eq!(bind, "127.0.0.1:7777".parse().unwrap());
        assert_eq!(config, ServerConfig::default());
    }

    #[test]
    fn every_option_sets_its_field() {
        let c = config(&[
            "--bind",
            "0.0.0.0:1",
            "--away-secs",
            "7",
            "--bot-delay-ms",
            "0",
            "--threads",
            "3",
            "--behind-proxy",
            "--state-dir",
            "/tmp/rooms",
            "--download-url",
            " https://example.org/get ",
            "--max-rooms",
            "11",
            "--max-rooms-per-ip",
            "12",
            "--max-conns",
            "13",
            "--max-conns-per-ip",
            "14",
            "--room-idle-secs",
            "15",
            "--messages-per-sec",
            "2.5",
            "--message-burst",
            "40",
        ]);
        assert_eq!(c.away, Duration::from_secs(7));
        assert_eq!(c.bot_delay, Duration::ZERO);
        assert_eq!(c.threads, 3);
        assert!(c.trust_forwarded_for);
        assert_eq!(c.state_dir, Some(PathBuf::from("/tmp/rooms")));
        assert_eq!(c.download_url, "https://example.org/get");
        let l = &c.limits;
        assert_eq!(
            (
                l.max_rooms,
                l.max_rooms_per_ip,
                l.max_connections,
                l.max_connections_per_ip
            ),
            (11, 12, 13, 14)
        );
        assert_eq!(l.room_idle, Duration::from_secs(15));
        assert!((l.messages_per_sec - 2.5).abs() < 1e-9);
        assert!((l.message_burst - 40.0).abs() < 1e-9);
        assert!(c.tls.is_none());
        assert!(c.web_dir.is_none());
    }

    #[test]
    fn the_web_folder_must_hold_the_game() {
        let dir = std::env::temp_dir().join(format!("ca-ngua-web-args-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let shown = dir.display().to_string();
        let args = |d: &str| {
            ServerArgs::try_parse_from(["ca-ngua-server", "--bind", "0.0.0.0:1", "--web-dir", d])
                .unwrap()
                .config()
        };
        assert_eq!(
            args(&shown).unwrap_err(),
            format!(
                "--web-dir: '{shown}' has no index.html (scripts/web.sh writes the game's files \
                 to target/web)"
            )
        );
        std::fs::write(dir.join("index.html"), "<!DOCTYPE html>").unwrap();
        let (_, c) = args(&shown).unwrap();
        assert_eq!(c.web_dir.as_ref().map(|w| w.root()), Some(dir.as_path()));
        let missing = dir.join("nowhere").display().to_string();
        assert_eq!(
            args(&missing).unwrap_err(),
            format!("--web-dir: '{missing}' is not a folder")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_option_given_twice_takes_the_last() {
        let c = config(&[
            "--bind",
            "0.0.0.0:1",
            "--away-secs",
            "7",
            "--away-secs",
            "9",
        ]);
        assert_eq!(c.away, Duration::from_secs(9));
    }

    #[test]
    fn a_flag_reads_true_and_false_as_words_or_digits() {
        for (v, b) in [("true", true), ("1", true), ("FALSE", false), ("0", false)] {
            assert_eq!(flag(v), Ok(b), "{v}");
        }
        assert!(flag("maybe").is_err());
        assert!(flag("").is_err());
    }

    #[test]
    fn a_bad_option_is_one_line_that_says_what_and_where_the_help_is() {
        for (args, line) in [
            (
                &["--bind", "nowhere"][..],
                "--bind: 'nowhere' is not an address and port (e.g. 0.0.0.0:7777) \
                 (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind", "0.0.0.0:1", "--away-secs", "soon"],
                "--away-secs: 'soon' is not a valid number (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind", "0.0.0.0:1", "--download-url", "ftp://x"],
                "--download-url: 'ftp://x' is not an http:// or https:// address \
                 (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind", "0.0.0.0:1", "--away"],
                "unknown option '--away' (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind", "0.0.0.0:1", "extra"],
                "unexpected argument 'extra' (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind"],
                "--bind needs a value (see 'ca-ngua-server --help')",
            ),
            (
                &[],
                "missing --bind <ADDR:PORT> (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind", "0.0.0.0:1", "--tls-cert", "cert.pem"],
                "--tls-cert and --tls-key go together (see 'ca-ngua-server --help')",
            ),
            (
                &["--bind", "0.0.0.0:1", "--behind-proxy=yes"],
                "unexpected value 'yes' for '--behind-proxy' (see 'ca-ngua-server --help')",
            ),
        ] {
            let got = bad(args);
            assert_eq!(got, line, "{args:?}");
            assert!(!got.contains('\n'), "{got}");
        }
    }

    #[test]
    fn help_explains_every_option_with_its_variable() {
        let command = ServerArgs::command();
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            let long = arg.get_long().expect("a long name");
            assert!(arg.get_help().is_some(), "--{long} has no help");
            let var = arg.get_env().expect("an environment variable");
            assert_eq!(
                var.to_string_lossy(),
                format!("CA_NGUA_{}", long.replace('-', "_").to_uppercase())
            );
        }
        command.debug_assert();
    }
}
