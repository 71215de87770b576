//! The command line: how many rooms, for how long, against which server.

use std::net::SocketAddr;
use std::time::Duration;

pub struct Options {
    pub rooms: usize,
    pub secs: u64,
    pub think: Duration,
    pub threads: usize,
    /// Keep the rooms in this folder (the server's `--state-dir`).
    pub state_dir: Option<std::path::PathBuf>,
    /// Percent of the rooms whose clients speak version 3.
    pub v3: u64,
    /// A server run apart: its address and process.
    pub server: Option<(SocketAddr, u32)>,
}

pub fn options() -> Result<Options, String> {
    let mut o = Options {
        rooms: 200,
        secs: 60,
        think: Duration::ZERO,
        threads: 2,
        state_dir: None,
        v3: 0,
        server: None,
    };
    let mut server_addr = None;
    let mut server_pid = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        if arg == "--state-dir" {
            o.state_dir = Some(value.into());
            continue;
        }
        if arg == "--server" {
            let addr: SocketAddr = value
                .parse()
                .map_err(|_| format!("--server: '{value}' is not ADDR:PORT"))?;
            if !addr.ip().is_loopback() {
                return Err("--server: only a server on 127.0.0.1".into());
            }
            server_addr = Some(addr);
            continue;
        }
        let n: u64 = value
            .parse()
            .map_err(|_| format!("{arg}: '{value}' is not a number"))?;
        match arg.as_str() {
            "--rooms" => o.rooms = n as usize,
            "--secs" => o.secs = n,
            "--think-ms" => o.think = Duration::from_millis(n),
            "--threads" => o.threads = n as usize,
            "--v3" => o.v3 = n.min(100),
            "--server-pid" => server_pid = Some(n as u32),
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    o.server = match (server_addr, server_pid) {
        (Some(a), Some(p)) => Some((a, p)),
        (None, None) => None,
        _ => return Err("--server and --server-pid go together".into()),
    };
    Ok(o)
}
