//! One room: a host and three guests join, play a game to its end, and
//! the next game starts in a new room until the run's time is up.

use crate::client::{Seen, Sent, client};
use crate::stats::{Histogram, PerProtocol, Totals};
use crate::wire::{Socket, connect, seed_after, send, welcome};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A client in its seat, with the event number it starts after.
type Player = (Socket, String, u64);

/// The host creates a room and three guests join it (None: the time ran
/// out first).
async fn seat_four(
    addr: SocketAddr,
    until: Instant,
    v3: bool,
) -> Result<Option<Vec<Player>>, String> {
    let protocol = |mut v: Value| {
        if v3 {
            v["protocol"] = json!(3);
        }
        v
    };
    let mut host = connect(addr).await?;
    send(
        &mut host,
        protocol(json!({"type":"create","name":"Host","players":4,"rules":"standard"})),
    )
    .await?;
    let Some(w) = welcome(&mut host, until).await? else {
        return Ok(None);
    };
    if v3 {
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
            return Ok(None);
        };
        if v3 {
            seed_after(&mut ws, &w, i + 1).await?;
        }
        let seat = w["seat"].as_str().ok_or("no seat")?.to_string();
        let seq = w["seq"].as_u64().ok_or("no seq")?;
        players.push((ws, seat, seq));
    }
    Ok(Some(players))
}

/// Adds one client's latencies to the run's and its protocol's.
fn add_latencies(seen: &Seen, hist: &Mutex<(Histogram, Histogram)>, mine: &PerProtocol) {
    if let Ok(mut h) = hist.lock() {
        seen.samples.iter().for_each(|us| h.0.add_us(*us));
        seen.moves.iter().for_each(|us| h.1.add_us(*us));
    }
    if let Ok(mut h) = mine.hist.lock() {
        seen.samples.iter().for_each(|us| h.add_us(*us));
    }
}

/// Adds one game's events made and, if every client saw its end, a game
/// completed (and a lost event if they saw different ends).
fn count_game(lasts: &[u64], all_over: bool, totals: &Totals, mine: &PerProtocol) {
    let made = lasts.iter().copied().max().unwrap_or(0);
    totals.made.fetch_add(made, Ordering::Relaxed);
    mine.made.fetch_add(made, Ordering::Relaxed);
    if all_over {
        totals.games.fetch_add(1, Ordering::Relaxed);
        if lasts.iter().any(|l| *l != lasts[0]) {
            // A client that saw the end saw a different last event.
            totals.lost.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Plays games in one room after another until the time is up.
pub async fn room(
    addr: SocketAddr,
    until: Instant,
    think: Duration,
    totals: Arc<Totals>,
    hist: Arc<Mutex<(Histogram, Histogram)>>,
    v3: Option<Arc<PerProtocol>>,
    v2: Arc<PerProtocol>,
) -> Result<(), String> {
    while Instant::now() < until {
        let Some(mut players) = seat_four(addr, until, v3.is_some()).await? else {
            return Ok(());
        };
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
        let mine = v3.as_ref().unwrap_or(&v2);
        let mut lasts = Vec::new();
        let mut all_over = true;
        for t in tasks {
            let seen = t.await.map_err(|e| e.to_string())??;
            add_latencies(&seen, &hist, mine);
            all_over &= seen.over;
            lasts.push(seen.last);
        }
        count_game(&lasts, all_over, &totals, mine);
    }
    Ok(())
}
