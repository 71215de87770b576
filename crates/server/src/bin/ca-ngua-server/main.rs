//! The online play server (`PROTOCOL.md`): `ca-ngua-server --bind
//! ADDR:PORT [OPTIONS]`, every option also an environment variable
//! (`server/args.rs`; `--help` lists them). Builds without the GUI
//! (`--no-default-features --features net`). docs/SERVER.md tells how to
//! run it.
//!
//! The command line's contract is `ca-ngua-cli`'s: `--help` and
//! `--version` on standard output, status 0; a bad option or value (or a
//! TLS file that does not read) one `error:` line on standard error,
//! status 2; a server that cannot start or stops on an error one `error:`
//! line, status 1.

use ca_ngua_server::serve;
use clap::Parser;
use clap::error::ErrorKind;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

mod args;
use ca_ngua_clap as clap_line;

use args::ServerArgs;

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
    let raw: Vec<OsString> = std::env::args_os().collect();
    let parsed = match ServerArgs::try_parse_from(&raw) {
        Ok(parsed) => parsed,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            // A closed standard output (`| head`) is no error.
            let _ = write!(std::io::stdout().lock(), "{}", e.render());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {}", args::error_line(&e, &raw));
            return ExitCode::from(2);
        }
    };
    let (bind, config) = match parsed.config() {
        Ok(read) => read,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // One line per room event at info; RUST_LOG overrides (e.g. `warn`,
    // or `ca_ngua=debug` for connections too).
    {
        use tracing_subscriber::filter::Targets;
        use tracing_subscriber::layer::SubscriberExt;
        use tracing_subscriber::util::SubscriberInitExt;
        let filter = std::env::var("RUST_LOG")
            .ok()
            .and_then(|v| v.parse::<Targets>().ok())
            .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO));
        tracing_subscriber::registry()
            .with(filter)
            .with(
                tracing_subscriber::fmt::layer()
                    .with_target(false)
                    .with_writer(std::io::stderr)
                    .with_ansi(std::io::stderr().is_terminal()),
            )
            .init();
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.threads.max(1))
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(bind)
            .await
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            stop_signal().await;
            let _ = stop.send(true);
        });
        serve(listener, config, stopped)
            .await
            .map_err(|e| e.to_string())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
