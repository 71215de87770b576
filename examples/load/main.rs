//! A load run of the online server: `rooms` rooms of four WebSocket clients
//! each on 127.0.0.1 play complete games, one after another, for `secs`
//! seconds. Prints the events per second, the latency from a command (roll
//! or move) to its event at every client (50th and 99th percentiles), the
//! peak memory of the process (server and clients together), and how many
//! events were lost or arrived twice (both must be 0).
//!
//! ```sh
//! cargo run --profile dist --example load -- --rooms 200 --secs 60
//! ```
//!
//! Options: `--think-ms N` (a pause before each command, as a person
//! would take; 0 by default: as fast as the server answers), `--threads N`
//! (the server's worker threads; the clients get as many again),
//! `--state-dir DIR` (every event stored in DIR before it is sent, as the
//! server's option: compare the figures with and without), `--v3 P` (P
//! percent of the rooms, 0 by default, have clients that ask protocol
//! version 3: they send their dice seed after each commit and say a phrase
//! every few turns; the figures are given per protocol), `--server
//! ADDR:PORT --server-pid PID` (load a `ca-ngua-server` run apart, on
//! 127.0.0.1, and read its memory from `/proc/PID/status`; it needs
//! `--bot-delay-ms 0` and limits raised as `main` raises them below).
//! Nothing leaves 127.0.0.1; the run stops by itself.

mod client;
mod options;
mod room;
mod stats;
mod wire;

use ca_ngua_server::{ServerConfig, ServerHandle, spawn};
use options::{Options, options};
use stats::{Histogram, PerProtocol, Totals};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the rooms measure together.
struct Figures {
    totals: Arc<Totals>,
    /// Every command's latency, and the moves' alone.
    hist: Arc<Mutex<(Histogram, Histogram)>>,
    v2: Arc<PerProtocol>,
    v3: Arc<PerProtocol>,
    /// The server's memory halfway, in kB.
    mid_kb: Arc<AtomicU64>,
}

/// The server's memory (and the whole process's peak), in kB.
struct Memory {
    idle: u64,
    mid: u64,
    peak: u64,
    server_peak: u64,
}

/// A line of /proc/self/status, in kB.
fn status_kb(field: &str) -> Option<u64> {
    proc_kb("self", field)
}

/// A line of /proc/PROCESS/status, in kB.
fn proc_kb(process: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    text.lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The server in this process (or the one run apart): the server, its
/// address, and its process for /proc.
fn start_server(o: &Options) -> Result<(Option<ServerHandle>, SocketAddr, String), String> {
    let mut config = ServerConfig {
        bot_delay: Duration::ZERO,
        threads: o.threads,
        state_dir: o.state_dir.clone(),
        ..ServerConfig::default()
    };
    // Every client comes from 127.0.0.1 and plays as fast as it can: the
    // per-address and per-connection limits would (rightly) stop it.
    config.limits.max_connections_per_ip = o.rooms * 4 + 16;
    config.limits.max_rooms_per_ip = o.rooms * 2 + 16;
    config.limits.messages_per_sec = 1e6;
    config.limits.message_burst = 1e6;
    Ok(match o.server {
        Some((addr, pid)) => (None, addr, pid.to_string()),
        None => {
            let server = spawn("127.0.0.1:0".parse().map_err(|e| format!("{e}"))?, config)
                .map_err(|e| e.to_string())?;
            let addr = server.addr();
            (Some(server), addr, "self".to_string())
        }
    })
}

/// Runs every room until the time is up, and samples the server's memory
/// halfway.
async fn run_rooms(
    o: &Options,
    addr: SocketAddr,
    until: Instant,
    v3_rooms: usize,
    f: &Figures,
    server_proc: &str,
) {
    let rooms: Vec<_> = (0..o.rooms)
        .map(|i| {
            tokio::spawn(room::room(
                addr,
                until,
                o.think,
                Arc::clone(&f.totals),
                Arc::clone(&f.hist),
                (i < v3_rooms).then(|| Arc::clone(&f.v3)),
                Arc::clone(&f.v2),
            ))
        })
        .collect();
    // The server's memory halfway, every room open and playing.
    let sampler = {
        let mid_kb = Arc::clone(&f.mid_kb);
        let server_proc = server_proc.to_string();
        let half = Duration::from_secs(o.secs) / 2;
        tokio::spawn(async move {
            tokio::time::sleep(half).await;
            mid_kb.store(
                proc_kb(&server_proc, "VmRSS:").unwrap_or(0),
                Ordering::Relaxed,
            );
        })
    };
    let _ = sampler.await;
    for r in rooms {
        match r.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                f.totals.failures.fetch_add(1, Ordering::Relaxed);
                eprintln!("room failed: {e}");
            }
            Err(e) => {
                f.totals.failures.fetch_add(1, Ordering::Relaxed);
                eprintln!("room task failed: {e}");
            }
        }
    }
}

fn main() -> Result<(), String> {
    let o = options()?;
    let (server, addr, server_proc) = start_server(&o)?;
    let idle_kb = proc_kb(&server_proc, "VmRSS:").unwrap_or(0);
    let f = Figures {
        totals: Arc::new(Totals::default()),
        hist: Arc::new(Mutex::new((Histogram::new(), Histogram::new()))),
        v2: Arc::new(PerProtocol::new()),
        v3: Arc::new(PerProtocol::new()),
        mid_kb: Arc::new(AtomicU64::new(0)),
    };
    let v3_rooms = (o.rooms as u64 * o.v3).div_ceil(100) as usize;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.threads.max(1))
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let until = start + Duration::from_secs(o.secs);
    println!(
        "{} rooms x 4 clients on {addr}, {} s, think {} ms, {} server threads, {v3_rooms} rooms of version 3 clients",
        o.rooms,
        o.secs,
        o.think.as_millis(),
        o.threads
    );
    runtime.block_on(run_rooms(&o, addr, until, v3_rooms, &f, &server_proc));
    let secs = start.elapsed().as_secs_f64();
    let memory = Memory {
        idle: idle_kb,
        mid: f.mid_kb.load(Ordering::Relaxed),
        peak: status_kb("VmHWM:").unwrap_or(0),
        server_peak: proc_kb(&server_proc, "VmHWM:").unwrap_or(0),
    };
    drop(runtime);
    if let Some(server) = server {
        server.shutdown();
    }
    report(&o, secs, v3_rooms, &f, &memory)
}

/// Prints the figures of the run.
fn report(o: &Options, secs: f64, v3_rooms: usize, f: &Figures, m: &Memory) -> Result<(), String> {
    let t = &f.totals;
    let (all, moves) = match f.hist.lock() {
        Ok(h) => (
            (h.0.count(), h.0.quantile(0.5), h.0.quantile(0.99)),
            (h.1.count(), h.1.quantile(0.5), h.1.quantile(0.99)),
        ),
        Err(_) => return Err("statistics lost".into()),
    };
    let delivered = t.delivered.load(Ordering::Relaxed);
    println!("elapsed            {secs:.1} s");
    println!("games completed    {}", t.games.load(Ordering::Relaxed));
    println!(
        "events made        {} ({:.0}/s)",
        t.made.load(Ordering::Relaxed),
        t.made.load(Ordering::Relaxed) as f64 / secs
    );
    println!(
        "events delivered   {delivered} ({:.0}/s, to every client)",
        delivered as f64 / secs
    );
    println!(
        "command -> event   p50 {:.2} ms, p99 {:.2} ms ({} samples, every client)",
        all.1.as_secs_f64() * 1e3,
        all.2.as_secs_f64() * 1e3,
        all.0
    );
    println!(
        "move -> moved      p50 {:.2} ms, p99 {:.2} ms ({} samples, every client)",
        moves.1.as_secs_f64() * 1e3,
        moves.2.as_secs_f64() * 1e3,
        moves.0
    );
    println!(
        "peak RSS           {:.1} MiB (server and clients)",
        m.peak as f64 / 1024.0
    );
    report_protocols(o, secs, v3_rooms, f)?;
    report_server(o, m);
    println!(
        "lost {}, duplicated {}, refused {}, failed rooms {}",
        t.lost.load(Ordering::Relaxed),
        t.duplicated.load(Ordering::Relaxed),
        t.refused.load(Ordering::Relaxed),
        t.failures.load(Ordering::Relaxed)
    );
    Ok(())
}

/// One line per protocol version that had rooms.
fn report_protocols(o: &Options, secs: f64, v3_rooms: usize, f: &Figures) -> Result<(), String> {
    for (name, p, rooms) in [
        ("version 2", &f.v2, o.rooms - v3_rooms),
        ("version 3", &f.v3, v3_rooms),
    ] {
        if rooms == 0 {
            continue;
        }
        let (n, p50, p99) = match p.hist.lock() {
            Ok(h) => (h.count(), h.quantile(0.5), h.quantile(0.99)),
            Err(_) => return Err("statistics lost".into()),
        };
        println!(
            "{name} ({rooms} rooms): events made {:.0}/s, delivered {:.0}/s, command -> event p50 {:.2} ms, p99 {:.2} ms ({n} samples), phrases said {}",
            p.made.load(Ordering::Relaxed) as f64 / secs,
            p.delivered.load(Ordering::Relaxed) as f64 / secs,
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3,
            p.said.load(Ordering::Relaxed)
        );
    }
    Ok(())
}

/// The server's memory: idle, halfway, at its peak, and per 100 rooms.
fn report_server(o: &Options, m: &Memory) {
    println!(
        "server RSS         idle {:.1} MiB, halfway {:.1} MiB, peak {:.1} MiB: {:.1} MiB per 100 rooms{}",
        m.idle as f64 / 1024.0,
        m.mid as f64 / 1024.0,
        m.server_peak as f64 / 1024.0,
        m.mid.saturating_sub(m.idle) as f64 / 1024.0 / (o.rooms as f64 / 100.0),
        if o.server.is_some() {
            " (the server's process)"
        } else {
            " (server and clients in one process: use --server for the server alone)"
        }
    );
}
