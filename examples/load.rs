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

use ca_ngua_server::{ServerConfig, spawn};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use game_ca_ngua::CaNgua;
type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

struct Options {
    rooms: usize,
    secs: u64,
    think: Duration,
    threads: usize,
    /// Keep the rooms in this folder (the server's `--state-dir`).
    state_dir: Option<std::path::PathBuf>,
    /// Percent of the rooms whose clients speak version 3.
    v3: u64,
    /// A server run apart: its address and process.
    server: Option<(SocketAddr, u32)>,
}

fn options() -> Result<Options, String> {
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

/// Latencies in buckets of 10 µs up to 2 s (and one bucket past that).
struct Histogram {
    buckets: Vec<u64>,
}

const BUCKET_US: u128 = 10;
const BUCKETS: usize = 200_000;

impl Histogram {
    fn new() -> Histogram {
        Histogram {
            buckets: vec![0; BUCKETS + 1],
        }
    }

    fn add_us(&mut self, us: u32) {
        let i = usize::try_from(u128::from(us) / BUCKET_US).unwrap_or(BUCKETS);
        self.buckets[i.min(BUCKETS)] += 1;
    }

    fn count(&self) -> u64 {
        self.buckets.iter().sum()
    }

    /// The upper edge of the bucket holding the `q` quantile.
    fn quantile(&self, q: f64) -> Duration {
        let total = self.count();
        let target = ((total as f64) * q).ceil() as u64;
        let mut seen = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= target.max(1) {
                return Duration::from_micros(((i as u128 + 1) * BUCKET_US) as u64);
            }
        }
        Duration::MAX
    }
}

/// What the clients of one protocol version measured.
struct PerProtocol {
    /// Events delivered to these clients.
    delivered: AtomicU64,
    /// Events made in their rooms.
    made: AtomicU64,
    /// Phrases said.
    said: AtomicU64,
    /// Command-to-event latencies.
    hist: Mutex<Histogram>,
}

impl PerProtocol {
    fn new() -> PerProtocol {
        PerProtocol {
            delivered: AtomicU64::new(0),
            made: AtomicU64::new(0),
            said: AtomicU64::new(0),
            hist: Mutex::new(Histogram::new()),
        }
    }
}

#[derive(Default)]
struct Totals {
    games: AtomicU64,
    /// Events the server made (the last event number each game reached).
    made: AtomicU64,
    /// Events clients received.
    delivered: AtomicU64,
    lost: AtomicU64,
    duplicated: AtomicU64,
    refused: AtomicU64,
    failures: AtomicU64,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: SocketAddr) -> Result<Socket, String> {
    let url = format!("ws://{addr}/ws");
    // Lean clients, so the peak memory below is mostly the server's.
    let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

async fn send(ws: &mut Socket, v: Value) -> Result<(), String> {
    ws.send(Message::text(v.to_string()))
        .await
        .map_err(|e| e.to_string())
}

async fn recv(ws: &mut Socket, until: Instant) -> Result<Option<Value>, String> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let frame = match tokio::time::timeout(left, ws.next()).await {
            Err(_) => return Ok(None),
            Ok(frame) => frame,
        };
        match frame {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(text.as_str())
                    .map(Some)
                    .map_err(|e| e.to_string());
            }
            Some(Ok(Message::Close(_))) | None => return Err("closed".into()),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.to_string()),
        }
    }
}

/// When each command of a game was sent, by the number of the event that
/// answers it.
type Sent = Arc<Mutex<HashMap<u64, Instant>>>;

struct Seen {
    /// Command-to-event latencies, in microseconds.
    samples: Vec<u32>,
    /// The same for moves alone.
    moves: Vec<u32>,
    last: u64,
    over: bool,
}

/// One client: plays its seat (first legal move) until the game is over
/// or the run's time is up.
#[allow(clippy::too_many_arguments)]
async fn client(
    mut ws: Socket,
    seat: String,
    from: u64,
    sent: Sent,
    until: Instant,
    think: Duration,
    totals: Arc<Totals>,
    v3: Option<Arc<PerProtocol>>,
    mine: Arc<PerProtocol>,
) -> Result<Seen, String> {
    let mut seen = Seen {
        samples: Vec::new(),
        moves: Vec::new(),
        last: from,
        over: false,
    };
    let mut turn: Option<String> = None;
    let mut moves: Option<Vec<String>> = None;
    let mut acted_at = None;
    // Version 3: turns played since the last phrase, and when it was said
    // (at most one every 2.5 s: the server allows 5 in 10 s).
    let mut turns_since_say = 0u32;
    let mut said_at: Option<Instant> = None;
    while !seen.over {
        if turn.as_deref() == Some(seat.as_str()) && acted_at != Some(seen.last) {
            acted_at = Some(seen.last);
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            if let Some(p) = &v3 {
                turns_since_say += 1;
                if turns_since_say >= 5
                    && said_at.is_none_or(|t| t.elapsed() >= Duration::from_millis(2500))
                {
                    turns_since_say = 0;
                    said_at = Some(Instant::now());
                    send(&mut ws, json!({"type":"say","phrase":"nice_move"})).await?;
                    p.said.fetch_add(1, Ordering::Relaxed);
                }
            }
            let msg = match &moves {
                None => json!({"type":"roll","seq":seen.last}),
                Some(m) => json!({"type":"move","seq":seen.last,"move":m[0]}),
            };
            if let Ok(mut s) = sent.lock() {
                s.insert(seen.last + 1, Instant::now());
            }
            send(&mut ws, msg).await?;
        }
        let Some(msg) = recv(&mut ws, until).await? else {
            break;
        };
        match msg["type"].as_str() {
            Some("event") => {}
            Some("error") => {
                totals.refused.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            _ => continue,
        }
        let ev: Event = serde_json::from_value(msg).map_err(|e| e.to_string())?;
        let now = Instant::now();
        totals.delivered.fetch_add(1, Ordering::Relaxed);
        mine.delivered.fetch_add(1, Ordering::Relaxed);
        if ev.seq <= seen.last {
            totals.duplicated.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        if ev.seq > seen.last + 1 {
            totals
                .lost
                .fetch_add(ev.seq - seen.last - 1, Ordering::Relaxed);
        }
        seen.last = ev.seq;
        if let EventKind::Seeded { .. } = ev.event {
            // A seed changes nothing on the board: a command sent just
            // before it is answered by the next event, and not sent again.
            if acted_at == Some(ev.seq - 1) {
                acted_at = Some(ev.seq);
            }
            if let Ok(mut s) = sent.lock()
                && let Some(at) = s.remove(&ev.seq)
            {
                s.insert(ev.seq + 1, at);
            }
            continue;
        }
        let at = sent.lock().ok().and_then(|s| s.get(&ev.seq).copied());
        if let Some(at) = at {
            let us = u32::try_from(now.duration_since(at).as_micros()).unwrap_or(u32::MAX);
            seen.samples.push(us);
            if matches!(ev.event, EventKind::Moved { .. }) {
                seen.moves.push(us);
            }
        }
        match &ev.event {
            EventKind::Started { position, .. } => {
                turn = position.turn.map(|s| s.letter().to_string());
                moves = None;
            }
            EventKind::Rolled { moves: m, .. } => {
                if m.is_empty() {
                    turn = None; // the pass follows at once
                } else {
                    moves = Some(m.iter().map(|m| m.to_string()).collect());
                }
            }
            EventKind::Moved { position, .. } | EventKind::Passed { position, .. } => {
                turn = position.turn.map(|s| s.letter().to_string());
                moves = None;
            }
            EventKind::Over { .. } => seen.over = true,
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    Ok(seen)
}

/// Plays games in one room after another until the time is up.
/// A version 3 client's part of the dice seed, after the welcome's commit.
async fn seed_after(ws: &mut Socket, welcome: &Value, n: usize) -> Result<(), String> {
    if welcome["dice_commit"].is_string() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let seed = format!("load{n:02x}{nanos:x}");
        send(ws, json!({"type":"seed","client_seed":seed})).await?;
    }
    Ok(())
}

/// Reads frames until the welcome (a version 3 client may be told of
/// presence first).
async fn welcome(ws: &mut Socket, until: Instant) -> Result<Option<Value>, String> {
    loop {
        match recv(ws, until).await? {
            Some(v) if v["type"] == "welcome" || v["type"] == "error" => return Ok(Some(v)),
            Some(_) => continue,
            None => return Ok(None),
        }
    }
}

async fn room(
    addr: SocketAddr,
    until: Instant,
    think: Duration,
    totals: Arc<Totals>,
    hist: Arc<Mutex<(Histogram, Histogram)>>,
    v3: Option<Arc<PerProtocol>>,
    v2: Arc<PerProtocol>,
) -> Result<(), String> {
    let protocol = |mut v: Value| {
        if v3.is_some() {
            v["protocol"] = json!(3);
        }
        v
    };
    while Instant::now() < until {
        let mut host = connect(addr).await?;
        send(
            &mut host,
            protocol(json!({"type":"create","name":"Host","players":4,"rules":"standard"})),
        )
        .await?;
        let Some(w) = welcome(&mut host, until).await? else {
            return Ok(());
        };
        if v3.is_some() {
            seed_after(&mut host, &w, 0).await?;
        }
        let code = w["room"].as_str().ok_or("no room")?.to_string();
        let mut players = vec![(host, "r".to_string(), 1)];
        for (i, name) in ["A", "B", "C"].into_iter().enumerate() {
            let mut ws = connect(addr).await?;
            send(
                &mut ws,
                protocol(json!({"type":"join","room":code,"name":name})),
            )
            .await?;
            let Some(w) = welcome(&mut ws, until).await? else {
                return Ok(());
            };
            if v3.is_some() {
                seed_after(&mut ws, &w, i + 1).await?;
            }
            let seat = w["seat"].as_str().ok_or("no seat")?.to_string();
            let seq = w["seq"].as_u64().ok_or("no seq")?;
            players.push((ws, seat, seq));
        }
        send(&mut players[0].0, json!({"type":"start"})).await?;
        let sent: Sent = Arc::default();
        let tasks: Vec<_> = players
            .into_iter()
            .map(|(ws, seat, from)| {
                tokio::spawn(client(
                    ws,
                    seat,
                    from,
                    Arc::clone(&sent),
                    until,
                    think,
                    Arc::clone(&totals),
                    v3.clone(),
                    Arc::clone(v3.as_ref().unwrap_or(&v2)),
                ))
            })
            .collect();
        let mut lasts = Vec::new();
        let mut all_over = true;
        for t in tasks {
            let seen = t.await.map_err(|e| e.to_string())??;
            if let Ok(mut h) = hist.lock() {
                seen.samples.iter().for_each(|us| h.0.add_us(*us));
                seen.moves.iter().for_each(|us| h.1.add_us(*us));
            }
            let mine = v3.as_ref().unwrap_or(&v2);
            if let Ok(mut h) = mine.hist.lock() {
                seen.samples.iter().for_each(|us| h.add_us(*us));
            }
            all_over &= seen.over;
            lasts.push(seen.last);
        }
        let made = lasts.iter().copied().max().unwrap_or(0);
        totals.made.fetch_add(made, Ordering::Relaxed);
        v3.as_ref()
            .unwrap_or(&v2)
            .made
            .fetch_add(made, Ordering::Relaxed);
        if all_over {
            totals.games.fetch_add(1, Ordering::Relaxed);
            if lasts.iter().any(|l| *l != lasts[0]) {
                // A client that saw the end saw a different last event.
                totals.lost.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    Ok(())
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

fn main() -> Result<(), String> {
    let o = options()?;
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
    let (server, addr, server_proc) = match o.server {
        Some((addr, pid)) => (None, addr, pid.to_string()),
        None => {
            let server = spawn("127.0.0.1:0".parse().map_err(|e| format!("{e}"))?, config)
                .map_err(|e| e.to_string())?;
            let addr = server.addr();
            (Some(server), addr, "self".to_string())
        }
    };
    let idle_kb = proc_kb(&server_proc, "VmRSS:").unwrap_or(0);
    let v2 = Arc::new(PerProtocol::new());
    let v3 = Arc::new(PerProtocol::new());
    let v3_rooms = (o.rooms as u64 * o.v3).div_ceil(100) as usize;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.threads.max(1))
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let totals = Arc::new(Totals::default());
    let hist = Arc::new(Mutex::new((Histogram::new(), Histogram::new())));
    let start = Instant::now();
    let until = start + Duration::from_secs(o.secs);
    println!(
        "{} rooms x 4 clients on {addr}, {} s, think {} ms, {} server threads, {v3_rooms} rooms of version 3 clients",
        o.rooms,
        o.secs,
        o.think.as_millis(),
        o.threads
    );
    let mid_kb = Arc::new(AtomicU64::new(0));
    runtime.block_on(async {
        let rooms: Vec<_> = (0..o.rooms)
            .map(|i| {
                tokio::spawn(room(
                    addr,
                    until,
                    o.think,
                    Arc::clone(&totals),
                    Arc::clone(&hist),
                    (i < v3_rooms).then(|| Arc::clone(&v3)),
                    Arc::clone(&v2),
                ))
            })
            .collect();
        // The server's memory halfway, every room open and playing.
        let sampler = {
            let mid_kb = Arc::clone(&mid_kb);
            let server_proc = server_proc.clone();
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
                    totals.failures.fetch_add(1, Ordering::Relaxed);
                    eprintln!("room failed: {e}");
                }
                Err(e) => {
                    totals.failures.fetch_add(1, Ordering::Relaxed);
                    eprintln!("room task failed: {e}");
                }
            }
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let peak = status_kb("VmHWM:").unwrap_or(0);
    let server_peak = proc_kb(&server_proc, "VmHWM:").unwrap_or(0);
    drop(runtime);
    if let Some(server) = server {
        server.shutdown();
    }
    let t = &totals;
    let (all, moves) = match hist.lock() {
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
        peak as f64 / 1024.0
    );
    for (name, p, rooms) in [
        ("version 2", &v2, o.rooms - v3_rooms),
        ("version 3", &v3, v3_rooms),
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
    let mid = mid_kb.load(Ordering::Relaxed);
    println!(
        "server RSS         idle {:.1} MiB, halfway {:.1} MiB, peak {:.1} MiB: {:.1} MiB per 100 rooms{}",
        idle_kb as f64 / 1024.0,
        mid as f64 / 1024.0,
        server_peak as f64 / 1024.0,
        mid.saturating_sub(idle_kb) as f64 / 1024.0 / (o.rooms as f64 / 100.0),
        if o.server.is_some() {
            " (the server's process)"
        } else {
            " (server and clients in one process: use --server for the server alone)"
        }
    );
    println!(
        "lost {}, duplicated {}, refused {}, failed rooms {}",
        t.lost.load(Ordering::Relaxed),
        t.duplicated.load(Ordering::Relaxed),
        t.refused.load(Ordering::Relaxed),
        t.failures.load(Ordering::Relaxed)
    );
    Ok(())
}
