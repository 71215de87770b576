//! A test client for the online protocol: a real WebSocket to a real server
//! on 127.0.0.1, speaking raw JSON so tests check the wire as any client
//! sees it. Every wait has a timeout, so a bug fails a test rather than
//! hanging it.

pub mod co_nhay;
pub mod http;
pub mod players;
pub mod tls;
pub mod v3;

use ca_ngua_server::{ServerConfig, ServerHandle, spawn};
use futures_util::{SinkExt, StreamExt};
use game_ca_ngua::engine::{Move, Seat, Setup};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

use game_ca_ngua::CaNgua;
type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

/// How long any single wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// A server config for tests: computers act at once, absent people are
/// replaced after a second, generous limits.
pub fn config() -> ServerConfig {
    let mut c = ServerConfig {
        away: Duration::from_secs(1),
        bot_delay: Duration::ZERO,
        ..ServerConfig::default()
    };
    c.limits.messages_per_sec = 10_000.0;
    c.limits.message_burst = 10_000.0;
    c
}

/// A server on 127.0.0.1 and a free port.
pub fn server(config: ServerConfig) -> ServerHandle {
    spawn("127.0.0.1:0".parse().expect("addr"), config).expect("server starts")
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One connection, speaking JSON.
pub struct Ws {
    ws: Socket,
    /// Every text frame received, in order.
    pub seen: Vec<String>,
}

/// A frame that is not text, as the test sees it.
#[derive(Debug, PartialEq, Eq)]
pub enum Closed {
    /// A close frame with this code.
    Code(u16),
    /// The connection ended without a close frame.
    Ended,
}

impl Ws {
    /// Connects to the server's `/ws`.
    pub async fn connect(addr: SocketAddr) -> Ws {
        let url = format!("ws://{addr}/ws");
        let (ws, _) = tokio::time::timeout(
            WAIT,
            tokio_tungstenite::connect_async_with_config(url, None, true),
        )
        .await
        .expect("connects in time")
        .expect("connects");
        Ws {
            ws,
            seen: Vec::new(),
        }
    }

    /// Sends a text frame as is.
    pub async fn send_text(&mut self, text: impl Into<String>) {
        let text: String = text.into();
        tokio::time::timeout(WAIT, self.ws.send(Message::text(text)))
            .await
            .expect("sends in time")
            .expect("sends");
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, value: Value) {
        self.send_text(value.to_string()).await;
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        tokio::time::timeout(WAIT, self.ws.send(Message::binary(bytes)))
            .await
            .expect("sends in time")
            .expect("sends");
    }

    /// The next text frame as JSON, or how the connection closed.
    pub async fn next(&mut self) -> Result<Value, Closed> {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a frame in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    self.seen.push(text.to_string());
                    return Ok(serde_json::from_str(text.as_str()).expect("JSON from the server"));
                }
                Some(Ok(Message::Close(frame))) => {
                    return Err(frame.map_or(Closed::Ended, |f| Closed::Code(u16::from(f.code))));
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(Closed::Ended),
            }
        }
    }

    /// The next text frame (the connection must stay open).
    pub async fn recv(&mut self) -> Value {
        match self.next().await {
            Ok(v) => v,
            Err(c) => panic!("connection closed: {c:?}"),
        }
    }

    /// The next frame, which must be an error with this code.
    pub async fn expect_error(&mut self, code: &str) -> Value {
        let msg = self.recv().await;
        check_error(&msg, code);
        msg
    }

    /// The next frame that is not an event, which must be an error with
    /// this code; returns how many events came first. For rooms whose
    /// computers keep playing: their live events may arrive at any moment
    /// before the answer.
    pub async fn expect_error_past_events(&mut self, code: &str) -> usize {
        let mut events = 0;
        loop {
            let msg = self.recv().await;
            if msg["type"] == "event" {
                events += 1;
                continue;
            }
            check_error(&msg, code);
            return events;
        }
    }

    /// The next frame, which must be a welcome.
    pub async fn expect_welcome(&mut self) -> Value {
        let msg = self.recv().await;
        assert_eq!(msg["type"], "welcome", "{msg}");
        msg
    }

    /// The next frame, which must be an event; returns it typed.
    pub async fn expect_event(&mut self) -> Event {
        let msg = self.recv().await;
        assert_eq!(msg["type"], "event", "{msg}");
        event_of(&msg)
    }

    /// Asserts that nothing is waiting: a ping is answered by the very
    /// next frame.
    pub async fn expect_quiet(&mut self) {
        self.send(json!({"type": "ping"})).await;
        let msg = self.recv().await;
        assert_eq!(
            msg,
            json!({"type": "pong"}),
            "something arrived before the pong"
        );
    }

    /// Waits for the connection to close; returns the close code.
    pub async fn expect_closed(&mut self) -> Closed {
        loop {
            match self.next().await {
                Ok(_) => continue,
                Err(c) => return c,
            }
        }
    }

    /// Closes the connection abruptly (no close frame: a dropped network).
    pub fn drop_now(self) {
        drop(self.ws);
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(WAIT, self.ws.close(None)).await;
    }
}

/// `msg` is an error with this code, said in words.
fn check_error(msg: &Value, code: &str) {
    assert_eq!(msg["type"], "error", "expected error {code}, got {msg}");
    assert_eq!(msg["code"], code, "{msg}");
    assert!(
        msg["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{msg}"
    );
}

/// An event frame, typed.
pub fn event_of(msg: &Value) -> Event {
    serde_json::from_value(msg.clone()).expect("an event reads as the table's Event")
}

/// Opens a room; returns the host's connection and welcome.
pub async fn create(addr: SocketAddr, players: usize, rules: Value) -> (Ws, Value) {
    let mut ws = Ws::connect(addr).await;
    ws.send(json!({"type":"create","name":"Lan","players":players,"rules":rules}))
        .await;
    let welcome = ws.expect_welcome().await;
    (ws, welcome)
}

/// Joins a room; returns the connection and its welcome.
pub async fn join(addr: SocketAddr, room: &str, name: &str) -> (Ws, Value) {
    let mut ws = Ws::connect(addr).await;
    ws.send(json!({"type":"join","room":room,"name":name}))
        .await;
    let welcome = ws.expect_welcome().await;
    (ws, welcome)
}

/// The seat letter of a welcome.
pub fn seat_of(welcome: &Value) -> Seat {
    let letter = welcome["seat"].as_str().expect("seat");
    Seat::from_letter(letter.chars().next().expect("letter")).expect("seat letter")
}

/// What a client knows of the turn, followed from events alone.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    /// The seat to act.
    pub seat: Option<Seat>,
    /// The legal moves of the roll waiting (None: no roll waits).
    pub moves: Option<Vec<Move>>,
    /// The last event number.
    pub seq: u64,
    /// The game is over.
    pub over: bool,
}

impl Turn {
    /// Follows one event.
    pub fn follow(&mut self, ev: &Event) {
        self.seq = ev.seq;
        match &ev.event {
            EventKind::Started { position, .. } => self.at(position),
            EventKind::Rolled { moves, .. } => {
                self.moves = (!moves.is_empty()).then(|| moves.clone());
                if moves.is_empty() {
                    // A pass follows at once: nobody acts in between.
                    self.seat = None;
                }
            }
            EventKind::Moved { position, .. } | EventKind::Passed { position, .. } => {
                self.at(position);
            }
            EventKind::Over { .. } => {
                self.over = true;
                self.seat = None;
            }
            _ => {}
        }
    }

    fn at(&mut self, position: &Setup) {
        self.seat = position.turn;
        self.moves = None;
    }
}

/// A started two-player room: both connections, their seats and tokens,
/// and what each knows of the turn (both have seen every event).
pub struct Game {
    pub addr: SocketAddr,
    pub room: String,
    pub players: Vec<(Ws, Seat, String)>,
    pub turn: Turn,
}

impl Game {
    pub async fn start(addr: SocketAddr) -> Game {
        let (mut host, w) = create(addr, 2, json!("standard")).await;
        let room = w["room"].as_str().expect("room").to_string();
        let host_token = w["token"].as_str().expect("token").to_string();
        let (mut guest, gw) = join(addr, &room, "Minh").await;
        let guest_token = gw["token"].as_str().expect("token").to_string();
        host.expect_event().await; // seated
        host.send(json!({"type":"start"})).await;
        let mut turn = Turn {
            seq: 2,
            ..Turn::default()
        };
        let ev = host.expect_event().await;
        assert_eq!(guest.expect_event().await, ev);
        turn.follow(&ev);
        Game {
            addr,
            room,
            players: vec![
                (host, Seat::Red, host_token),
                (guest, seat_of(&gw), guest_token),
            ],
            turn,
        }
    }

    pub fn index(&self, seat: Seat) -> usize {
        self.players
            .iter()
            .position(|p| p.1 == seat)
            .expect("a seat")
    }

    /// The connection whose turn it is, and the other.
    pub fn players_at_turn(&self) -> (usize, usize) {
        let i = self.index(self.turn.seat.expect("a turn"));
        (i, 1 - i)
    }

    /// Both connections receive the same next event.
    pub async fn next_event(&mut self) {
        let ev = self.players[0].0.expect_event().await;
        assert_eq!(self.players[1].0.expect_event().await, ev);
        assert_eq!(ev.seq, self.turn.seq + 1);
        self.turn.follow(&ev);
    }

    /// Rolls for whoever is to play until a roll waits for its move.
    pub async fn roll_until_a_move_waits(&mut self) {
        for _ in 0..500 {
            if self.turn.moves.is_some() {
                return;
            }
            let (i, _) = self.players_at_turn();
            let seq = self.turn.seq;
            self.players[i]
                .0
                .send(json!({"type":"roll","seq":seq}))
                .await;
            self.next_event().await;
            while self.turn.seat.is_none() {
                self.next_event().await; // the pass after a roll without moves
            }
        }
        panic!("no roll with a move in 500 rolls");
    }

    /// Nothing happened: no frame waits at either connection, and the
    /// room's latest event is still the one both have.
    pub async fn unchanged(&mut self) {
        for (ws, _, _) in &mut self.players {
            ws.expect_quiet().await;
        }
        let (_, _, token) = &self.players[0];
        let mut probe = Ws::connect(self.addr).await;
        probe
            .send(json!({"type":"resume","room":self.room,"token":token,"last_seq":self.turn.seq}))
            .await;
        let w = probe.expect_welcome().await;
        assert_eq!(w["seq"], self.turn.seq, "no event was added");
        probe.expect_quiet().await;
        // The probe took the host's seat over: the old connection closes.
        let host = &mut self.players[0].0;
        assert_eq!(host.expect_closed().await, Closed::Code(4001));
        self.players[0].0 = probe;
    }
}

/// A folder of its own for one test, removed at the end.
pub struct Folder(pub std::path::PathBuf);

impl Folder {
    pub fn new(name: &str) -> Folder {
        let dir =
            std::env::temp_dir().join(format!("ca-ngua-restart-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A free port on 127.0.0.1 (asked of the system, then let go).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Plays a seat until the game is over: rolls and moves (a seeded random
/// legal move) whenever it is this seat's turn; every frame must be the
/// next event, nothing refused.
pub async fn play_seat(mut ws: Ws, seat: Seat, from: u64, seed: u64) -> (Ws, Vec<Event>) {
    let mut turn = Turn {
        seq: from,
        ..Turn::default()
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut events = Vec::new();
    let mut acted_at = None;
    while !turn.over {
        if turn.seat == Some(seat) && acted_at != Some(turn.seq) {
            acted_at = Some(turn.seq);
            match &turn.moves {
                None => ws.send(json!({"type":"roll","seq":turn.seq})).await,
                Some(moves) => {
                    let mv = moves[rng.random_range(0..moves.len())];
                    ws.send(json!({"type":"move","seq":turn.seq,"move":mv.to_string()}))
                        .await;
                }
            }
        }
        let ev = ws.expect_event().await;
        assert_eq!(
            ev.seq,
            turn.seq + 1,
            "{seat:?}: events numbered without gaps"
        );
        turn.follow(&ev);
        // A seat's dice seed changes nothing on the board: a command sent
        // just before it still stands (and is not sent twice).
        if matches!(ev.event, EventKind::Seeded { .. }) && acted_at == Some(ev.seq - 1) {
            acted_at = Some(ev.seq);
        }
        events.push(ev);
    }
    (ws, events)
}
