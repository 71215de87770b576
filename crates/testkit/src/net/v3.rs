//! Raw clients of protocol version 3 (PROTOCOL.md, "A table with
//! friends"): a seat or a watcher that keeps every frame it was sent, skips
//! what is not an event when waiting for one, and a driver that plays a
//! Cờ Cá Ngựa room to its end with any mix of version 2 and version 3
//! seats. The dice are recomputed from the revealed seed by the test's own
//! implementation of the derivation (`derive_roll`), not the server's.

use super::{Turn, WAIT, Ws, event_of};
use game_ca_ngua::engine::Seat;
use serde_json::{Value, json};
use std::net::SocketAddr;

/// The refusals a command gets when the game moved on before it arrived
/// (or, for `too_fast`, a driver that talks at machine speed).
const MOVED_ON: [&str; 5] = [
    "stale",
    "not_your_turn",
    "roll_pending",
    "no_roll",
    "too_fast",
];

/// One connection to a room and what it has heard.
pub struct P {
    pub ws: Ws,
    /// The seat (`None` for a watcher).
    pub seat: Option<Seat>,
    pub token: String,
    /// It asked for version 3.
    pub v3: bool,
    pub turn: Turn,
    /// Every frame, in order.
    pub frames: Vec<Value>,
    /// The welcome.
    pub welcome: Value,
}

fn seat_letter(v: &Value) -> Option<Seat> {
    v.as_str()
        .and_then(|s| s.chars().next())
        .and_then(Seat::from_letter)
}

impl P {
    /// Connects and sends `hello` (a create, join or watch); waits for the
    /// welcome.
    pub async fn open(addr: SocketAddr, hello: Value) -> P {
        let v3 = hello["protocol"] == 3 || hello["type"] == "watch";
        let mut ws = Ws::connect(addr).await;
        ws.send(hello).await;
        let welcome = ws.expect_welcome().await;
        let mut p = P {
            ws,
            seat: seat_letter(&welcome["seat"]),
            token: welcome["token"].as_str().unwrap_or_default().to_string(),
            v3,
            turn: Turn {
                seq: welcome["seq"].as_u64().expect("seq"),
                ..Turn::default()
            },
            frames: vec![welcome.clone()],
            welcome,
        };
        p.turn.seat = None;
        p
    }

    /// A room's host: version 3 when `v3`, with `extra` fields in the
    /// create.
    pub async fn host(addr: SocketAddr, players: usize, v3: bool, extra: Value) -> P {
        let mut hello = json!({"type":"create","name":"Lan","players":players,"rules":"standard"});
        if v3 {
            hello["protocol"] = 3.into();
        }
        if let (Value::Object(h), Value::Object(e)) = (&mut hello, extra) {
            h.extend(e);
        }
        P::open(addr, hello).await
    }

    /// A guest joining `room`.
    pub async fn guest(addr: SocketAddr, room: &str, name: &str, v3: bool) -> P {
        let mut hello = json!({"type":"join","room":room,"name":name});
        if v3 {
            hello["protocol"] = 3.into();
        }
        P::open(addr, hello).await
    }

    /// A watcher of `room`.
    pub async fn watcher(addr: SocketAddr, room: &str, name: &str) -> P {
        P::open(
            addr,
            json!({"type":"watch","room":room,"name":name,"protocol":3}),
        )
        .await
    }

    pub fn room(&self) -> String {
        self.welcome["room"].as_str().expect("room").to_string()
    }

    /// The next frame of any kind (kept).
    pub async fn frame(&mut self) -> Value {
        let f = self.ws.recv().await;
        self.frames.push(f.clone());
        if f["type"] == "event" {
            let ev = event_of(&f);
            self.turn.follow(&ev);
            if f["event"]["kind"] == "again" {
                self.turn.over = false;
            }
        }
        f
    }

    /// The next event frame, skipping presence and talk, and the
    /// refusals a driver's command may get when the game moved on first
    /// (all kept).
    pub async fn event(&mut self) -> Value {
        loop {
            let f = self.frame().await;
            match f["type"].as_str() {
                Some("event") => return f,
                Some("presence" | "said" | "pong" | "rematch") => continue,
                Some("error") if MOVED_ON.contains(&f["code"].as_str().unwrap_or_default()) => {
                    continue;
                }
                _ => panic!("expected an event, got {f}"),
            }
        }
    }

    /// The next frame that is not an event (presence, said, error).
    pub async fn news(&mut self) -> Value {
        loop {
            let f = self.frame().await;
            if f["type"] != "event" {
                return f;
            }
        }
    }

    /// Reads events until this side has event `seq`.
    pub async fn catch_up(&mut self, seq: u64) {
        while self.turn.seq < seq {
            self.event().await;
        }
    }

    /// The frames of one type.
    pub fn of_type(&self, kind: &str) -> Vec<&Value> {
        self.frames.iter().filter(|f| f["type"] == kind).collect()
    }

    /// Every event frame.
    pub fn events(&self) -> Vec<&Value> {
        self.of_type("event")
    }

    /// Sends this seat's dice seed.
    pub async fn seed(&mut self, seed: &str) {
        self.ws
            .send(json!({"type":"seed","client_seed":seed}))
            .await;
    }
}

/// Plays the room until its `over` event: whoever's turn it is rolls or
/// makes the first legal move (a computer plays the seats no connection
/// holds); every connection reads every event. `every` turns, the seat
/// that acted says `phrase` (if it asked for version 3). Answers the
/// number of rolls made.
pub async fn play_to_the_end(ps: &mut [P], say_every: Option<usize>) -> usize {
    let mut acted = 0usize;
    for _ in 0..20_000 {
        let latest = ps.iter().map(|p| p.turn.seq).max().unwrap_or(0);
        for p in ps.iter_mut() {
            p.catch_up(latest).await;
        }
        if ps[0].turn.over {
            return ps[0]
                .events()
                .iter()
                .filter(|e| e["event"]["kind"] == "rolled")
                .count();
        }
        let actor = ps
            .iter()
            .position(|p| p.seat.is_some() && p.seat == p.turn.seat);
        let Some(i) = actor else {
            // A computer's turn (or a pass in flight): the next event.
            ps[0].event().await;
            continue;
        };
        let p = &mut ps[i];
        let seq = p.turn.seq;
        let cmd = match &p.turn.moves {
            None => json!({"type":"roll","seq":seq}),
            Some(moves) => json!({"type":"move","seq":seq,"move":moves[0].to_string()}),
        };
        p.ws.send(cmd).await;
        acted += 1;
        if let Some(every) = say_every
            && p.v3
            && acted.is_multiple_of(every)
        {
            p.ws.send(json!({"type":"say","phrase":"nice_move"})).await;
        }
        // The answer: an event (a refusal when more events were on their
        // way, a roll's pass or a computer's move, is skipped: the next
        // event comes all the same).
        p.event().await;
    }
    panic!("the game did not end in 20,000 turns");
}

// --- the dice, recomputed independently -------------------------------

/// HMAC-SHA256 (ring's primitive, not the server's derivation).
fn hmac(key: &[u8], msg: &[u8]) -> Vec<u8> {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, key);
    ring::hmac::sign(&key, msg).as_ref().to_vec()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// SHA-256 of the seed's bytes, in hex.
pub fn commit_of(seed_hex: &str) -> String {
    ring::digest::digest(&ring::digest::SHA256, &unhex(seed_hex))
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Roll `n` of round `k` with one die, as PROTOCOL.md derives it.
pub fn derive_die(seed_hex: &str, k: u32, n: u64, seeds: &str) -> u8 {
    let key = unhex(seed_hex);
    let message = format!("ca-ngua dice v3|{k}|{n}|{seeds}");
    let mut block = 0;
    loop {
        let msg = if block == 0 {
            message.clone()
        } else {
            format!("{message}|{block}")
        };
        for b in hmac(&key, msg.as_bytes()) {
            if b < 252 {
                return b % 6 + 1;
            }
        }
        block += 1;
    }
}

/// The `SEEDS` text of a round from its events: `seat=seed` for each seat
/// that seeded before the round's first roll (its last seed), in seat
/// order, joined by `;`.
pub fn seeds_of(events: &[&Value]) -> String {
    let order = ["r", "g", "y", "b"];
    let mut seeds: Vec<(usize, String)> = Vec::new();
    for e in events {
        let ev = &e["event"];
        match ev["kind"].as_str() {
            Some("rolled") => break,
            Some("seeded") => {
                let seat = ev["seat"].as_str().expect("seat");
                let at = order.iter().position(|s| *s == seat).expect("seat");
                seeds.retain(|(s, _)| *s != at);
                seeds.push((at, ev["client_seed"].as_str().expect("seed").to_string()));
            }
            _ => {}
        }
    }
    seeds.sort();
    seeds
        .iter()
        .map(|(s, seed)| format!("{}={seed}", order[*s]))
        .collect::<Vec<_>>()
        .join(";")
}

/// Checks every roll of round `k` (its events, from the round's start to
/// its `over`) against the revealed seed and the commit; answers how many
/// rolls were checked.
pub fn verify_round(events: &[&Value], k: u32, commit: &str) -> usize {
    let over = events
        .iter()
        .find(|e| e["event"]["kind"] == "over")
        .expect("the round's over");
    let seed = over["event"]["dice_seed"]
        .as_str()
        .expect("over reveals the seed");
    assert_eq!(commit_of(seed), commit, "the seed is the commit's");
    let seeds = seeds_of(events);
    let mut n = 0;
    for e in events {
        if e["event"]["kind"] != "rolled" {
            continue;
        }
        n += 1;
        assert_eq!(e["event"]["n"], n, "rolls are numbered in order: {e}");
        let want = derive_die(seed, k, n, &seeds);
        assert_eq!(
            e["event"]["roll"],
            want.to_string(),
            "roll {n} of round {k} is the seed's"
        );
    }
    usize::try_from(n).expect("count")
}

/// Waits up to the test's patience for a condition polled every 5 ms.
pub async fn eventually(what: &str, mut ok: impl FnMut() -> bool) {
    let deadline = crate::wait::Deadline::after(WAIT);
    while !ok() {
        deadline.check(&format!("never: {what}"));
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}
