//! The online play server (`PROTOCOL.md`): `ca-ngua-server --bind
//! ADDR:PORT [--away-secs N]`. Builds without the GUI (`--no-default-features
//! --features net`). docs/SERVER.md tells how to run it.

use ca_ngua::net::server::{ServerConfig, serve};
use ca_ngua::net::tls::ServerTls;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: ca-ngua-server --bind ADDR:PORT [--away-secs N] [--bot-delay-ms N] \
[--max-rooms N] [--max-rooms-per-ip N] [--messages-per-sec N] [--message-burst N] [--max-conns N] [--max-conns-per-ip N] \
[--room-idle-secs N] [--threads N] [--behind-proxy] [--tls-cert FILE --tls-key FILE] \
[--state-dir DIR] [--download-url URL]";

struct Args {
    bind: SocketAddr,
    config: ServerConfig,
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{flag}: '{value}' is not a number"))
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut bind = None;
    let mut config = ServerConfig::default();
    let (mut cert, mut key) = (None, None);
    while let Some(arg) = args.next() {
        let limits = &mut config.limits;
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--bind" => {
                let value = args.next().ok_or("--bind needs ADDR:PORT")?;
                bind = Some(value.parse::<SocketAddr>().map_err(|_| {
                    format!("--bind: '{value}' is not an address and port (e.g. 0.0.0.0:7777)")
                })?);
            }
            "--away-secs" => config.away = Duration::from_secs(number(&arg, args.next())?),
            "--bot-delay-ms" => {
                config.bot_delay = Duration::from_millis(number(&arg, args.next())?);
            }
            "--max-rooms" => limits.max_rooms = number(&arg, args.next())?,
            "--max-rooms-per-ip" => limits.max_rooms_per_ip = number(&arg, args.next())?,
            "--max-conns" => limits.max_connections = number(&arg, args.next())?,
            "--max-conns-per-ip" => limits.max_connections_per_ip = number(&arg, args.next())?,
            "--messages-per-sec" => limits.messages_per_sec = number(&arg, args.next())?,
            "--message-burst" => limits.message_burst = number(&arg, args.next())?,
            "--room-idle-secs" => {
                limits.room_idle = Duration::from_secs(number(&arg, args.next())?);
            }
            "--threads" => config.threads = number(&arg, args.next())?,
            "--behind-proxy" => config.trust_forwarded_for = true,
            "--tls-cert" => cert = Some(PathBuf::from(args.next().ok_or("--tls-cert needs FILE")?)),
            "--state-dir" => {
                config.state_dir = Some(PathBuf::from(args.next().ok_or("--state-dir needs DIR")?));
            }
            "--download-url" => {
                let url = args.next().ok_or("--download-url needs URL")?;
                let url = url.trim().to_string();
                let scheme_ok = ca_ngua::net::after_http(&url)
                    .is_some_and(|(rest, _)| !rest.is_empty() && !rest.starts_with('/'));
                if !scheme_ok || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    return Err(format!(
                        "--download-url: '{url}' is not an http:// or https:// address"
                    ));
                }
                config.download_url = url;
            }
            "--tls-key" => key = Some(PathBuf::from(args.next().ok_or("--tls-key needs FILE")?)),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    let bind = bind.ok_or("--bind ADDR:PORT is required")?;
    config.tls = match (cert, key) {
        (Some(cert), Some(key)) => {
            Some(ServerTls::from_pem_files(&cert, &key).map_err(|e| format!("TLS: {e}"))?)
        }
        (None, None) => None,
        _ => return Err("--tls-cert and --tls-key go together".into()),
    };
    Ok(Some(Args { bind, config }))
}

/// Resolves when the process is asked to stop (Ctrl-C, or SIGTERM from
/// systemd or a container runtime).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("ca-ngua-server: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // One line per room event at info; RUST_LOG overrides (e.g. `warn`,
    // or `ca_ngua=debug` for connections too).
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_target(false)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.config.threads.max(1))
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("ca-ngua-server: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(args.bind)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.bind))?;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            stop_signal().await;
            let _ = stop.send(true);
        });
        serve(listener, args.config, stopped)
            .await
            .map_err(|e| e.to_string())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ca-ngua-server: {e}");
            ExitCode::FAILURE
        }
    }
}
