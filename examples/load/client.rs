//! One client of a room: it plays its seat (the first legal move) and
//! measures, for every event, how long after its command it arrived.

use crate::stats::{PerProtocol, Totals};
use crate::wire::{Socket, recv, send};
use serde_json::json;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use game_ca_ngua::CaNgua;
type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

/// When each command of a game was sent, by the number of the event that
/// answers it.
pub type Sent = Arc<Mutex<HashMap<u64, Instant>>>;

pub struct Seen {
    /// Command-to-event latencies, in microseconds.
    pub samples: Vec<u32>,
    /// The same for moves alone.
    pub moves: Vec<u32>,
    pub last: u64,
    pub over: bool,
}

/// What a client knows of the game between two events.
#[derive(Default)]
struct Play {
    turn: Option<String>,
    moves: Option<Vec<String>>,
    acted_at: Option<u64>,
    /// Version 3: turns played since the last phrase, and when it was said
    /// (at most one every 2.5 s: the server allows 5 in 10 s).
    turns_since_say: u32,
    said_at: Option<Instant>,
}

impl Play {
    /// Its seat's turn, and no command sent yet since the last event.
    fn to_act(&self, seat: &str, last: u64) -> bool {
        self.turn.as_deref() == Some(seat) && self.acted_at != Some(last)
    }

    /// Rolls or plays the first legal move (after a phrase, now and then,
    /// for a version 3 client).
    async fn act(
        &mut self,
        ws: &mut Socket,
        last: u64,
        sent: &Sent,
        think: Duration,
        v3: Option<&PerProtocol>,
    ) -> Result<(), String> {
        self.acted_at = Some(last);
        if !think.is_zero() {
            tokio::time::sleep(think).await;
        }
        if let Some(p) = v3 {
            self.turns_since_say += 1;
            if self.turns_since_say >= 5
                && self
                    .said_at
                    .is_none_or(|t| t.elapsed() >= Duration::from_millis(2500))
            {
                self.turns_since_say = 0;
                self.said_at = Some(Instant::now());
                send(ws, json!({"type":"say","phrase":"nice_move"})).await?;
                p.said.fetch_add(1, Ordering::Relaxed);
            }
        }
        let msg = match &self.moves {
            None => json!({"type":"roll","seq":last}),
            Some(m) => json!({"type":"move","seq":last,"move":m[0]}),
        };
        if let Ok(mut s) = sent.lock() {
            s.insert(last + 1, Instant::now());
        }
        send(ws, msg).await
    }

    /// A seed changes nothing on the board: a command sent just before it
    /// is answered by the next event, and not sent again.
    fn seeded(&mut self, seq: u64, sent: &Sent) {
        if self.acted_at == Some(seq - 1) {
            self.acted_at = Some(seq);
        }
        if let Ok(mut s) = sent.lock()
            && let Some(at) = s.remove(&seq)
        {
            s.insert(seq + 1, at);
        }
    }

    /// Whose turn it is and what can be moved, after an event.
    fn follow(&mut self, event: &EventKind, seen: &mut Seen) {
        match event {
            EventKind::Started { position, .. } => {
                self.turn = position.turn.map(|s| s.letter().to_string());
                self.moves = None;
            }
            EventKind::Rolled { moves: m, .. } => {
                if m.is_empty() {
                    self.turn = None; // the pass follows at once
                } else {
                    self.moves = Some(m.iter().map(|m| m.to_string()).collect());
                }
            }
            EventKind::Moved { position, .. } | EventKind::Passed { position, .. } => {
                self.turn = position.turn.map(|s| s.letter().to_string());
                self.moves = None;
            }
            EventKind::Over { .. } => seen.over = true,
            _ => {}
        }
    }
}

/// Counts an event number already seen (false: skip the event) or past a
/// gap (the events between are lost).
fn in_order(totals: &Totals, seen: &Seen, seq: u64) -> bool {
    if seq <= seen.last {
        totals.duplicated.fetch_add(1, Ordering::Relaxed);
        return false;
    }
    if seq > seen.last + 1 {
        totals
            .lost
            .fetch_add(seq - seen.last - 1, Ordering::Relaxed);
    }
    true
}

/// The latency from the command that asked for this event, if this client
/// knows when it was sent.
fn time_it(sent: &Sent, seen: &mut Seen, ev: &Event, now: Instant) {
    let at = sent.lock().ok().and_then(|s| s.get(&ev.seq).copied());
    if let Some(at) = at {
        let us = u32::try_from(now.duration_since(at).as_micros()).unwrap_or(u32::MAX);
        seen.samples.push(us);
        if matches!(ev.event, EventKind::Moved { .. }) {
            seen.moves.push(us);
        }
    }
}

/// One client: plays its seat (first legal move) until the game is over
/// or the run's time is up.
#[allow(clippy::too_many_arguments)]
pub async fn client(
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
    let mut play = Play::default();
    while !seen.over {
        if play.to_act(&seat, seen.last) {
            play.act(&mut ws, seen.last, &sent, think, v3.as_deref())
                .await?;
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
        if !in_order(&totals, &seen, ev.seq) {
            continue;
        }
        seen.last = ev.seq;
        if let EventKind::Seeded { .. } = ev.event {
            play.seeded(ev.seq, &sent);
            continue;
        }
        time_it(&sent, &mut seen, &ev, now);
        play.follow(&ev.event, &mut seen);
    }
    let _ = ws.close(None).await;
    Ok(seen)
}
