//! Helpers for Cờ nhảy rooms: a person's client that keeps the game as
//! its events built it (checked against the engine at every event), the
//! seating of a room by joins, and a replay of a whole game with the
//! engine.

use super::{Ws, join};
use ca_ngua_core::game::{Decision, Game, Level, SeatId};
use ca_ngua_core::table::{Replica, ranking_of};
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Arm, Game as Engine, Move, Players, Rules};
use serde_json::{Value, json};
use std::net::SocketAddr;

/// A numbered event of a Cờ nhảy room.
pub type Event = ca_ngua_core::table::Event<CoNhay>;
/// What happened in a Cờ nhảy room.
pub type EventKind = ca_ngua_core::table::EventKind<CoNhay>;

/// Opens a Cờ nhảy room; returns the host's connection and welcome.
pub async fn create(addr: SocketAddr, players: usize, rules: Value) -> (Ws, Value) {
    let mut ws = Ws::connect(addr).await;
    ws.send(json!({"type":"create","game":"co-nhay","name":"Lan","players":players,"rules":rules}))
        .await;
    let welcome = ws.expect_welcome().await;
    (ws, welcome)
}

pub fn arm(code: &Value) -> Arm {
    Arm::from_code(code.as_str().expect("a seat is a string")).expect("an arm")
}

/// A person's client: its connection, seat and token, and the game as
/// the events it received built it (each checked against the engine by
/// the replica: a move it refuses, a gap or a repeat fails the test).
pub struct Player {
    pub ws: Ws,
    pub seat: Arm,
    pub token: String,
    pub room: String,
    pub replica: Replica<CoNhay>,
    pub events: Vec<Event>,
    pub seed: u64,
}

impl Player {
    /// A seated person: the whole history is fetched by a resume from
    /// nothing (as the client library does after a welcome).
    pub async fn seated(mut ws: Ws, welcome: &Value, seed: u64) -> Player {
        assert_eq!(welcome["protocol"], 2);
        assert_eq!(welcome["game"], "co-nhay");
        let room = welcome["room"].as_str().expect("room").to_string();
        let token = welcome["token"].as_str().expect("token").to_string();
        ws.send(json!({"type":"resume","room":room,"token":token,"last_seq":0}))
            .await;
        let again = ws.expect_welcome().await;
        assert_eq!(again["seat"], welcome["seat"]);
        let rules: Rules = serde_json::from_value(again["rules"].clone()).expect("rules");
        let mut p = Player {
            ws,
            seat: arm(&welcome["seat"]),
            token,
            room,
            replica: Replica::new(rules),
            events: Vec::new(),
            seed,
        };
        for _ in 0..again["seq"].as_u64().expect("seq") {
            p.next_event().await;
        }
        p
    }

    /// The next frame, which must be the next event.
    pub async fn next_event(&mut self) -> Event {
        let msg = self.ws.recv().await;
        assert_eq!(msg["type"], "event", "{:?}: {msg}", self.seat);
        let ev: Event = serde_json::from_value(msg).expect("a Cờ nhảy event");
        if let Err(e) = self.replica.apply(&ev) {
            panic!("{:?}: {e}", self.seat);
        }
        self.events.push(ev.clone());
        ev
    }

    /// A legal move for this seat now (an easy computer's choice), if it
    /// is to move.
    pub fn choice(&self) -> Option<Move> {
        if self.replica.turn() != Some(self.seat) {
            return None;
        }
        let state = self.replica.game()?.clone();
        CoNhay::decide(&Decision {
            level: Level::Easy,
            seed: self.seed ^ self.replica.seq(),
            budget: Default::default(),
            state,
            roll: None,
            memory: Default::default(),
        })
    }

    pub async fn send_move(&mut self, mv: &str) {
        let seq = self.replica.seq();
        self.ws
            .send(json!({"type":"move","seq":seq,"move":mv}))
            .await;
    }

    /// Plays this seat until the game is over.
    pub async fn play(mut self) -> Player {
        let mut acted_at = None;
        while !self.replica.is_over() {
            if acted_at != Some(self.replica.seq())
                && let Some(mv) = self.choice()
            {
                acted_at = Some(self.replica.seq());
                self.send_move(&mv.to_string()).await;
            }
            self.next_event().await;
        }
        self
    }
}

/// A room of `players` with `humans` people seated by join (the host
/// first), each with the whole history.
pub async fn seat(addr: SocketAddr, players: usize, humans: usize, rules: Value) -> Vec<Player> {
    let (ws, welcome) = create(addr, players, rules).await;
    assert_eq!(welcome["seat"], "0", "the creator takes arm 0");
    assert_eq!(welcome["host"], true);
    let mut people = vec![Player::seated(ws, &welcome, 0).await];
    let room = people[0].room.clone();
    for i in 1..humans {
        let (ws, w) = join(addr, &room, &format!("Khách {i}")).await;
        assert_eq!(w["host"], false);
        people.push(Player::seated(ws, &w, i as u64).await);
        for p in &mut people[..i] {
            assert!(matches!(
                p.next_event().await.event,
                EventKind::Seated { .. }
            ));
        }
    }
    people
}

/// Replays a whole game with the engine by hand: every move is legal,
/// every position after a move or a pass is the engine's, and so is the
/// ranking.
pub fn check_with_engine(events: &[Event], rules: Rules, players: usize) {
    let mut game = Engine::new(rules, Players::from_count(players).expect("players"));
    let mut started = false;
    for e in events {
        match &e.event {
            EventKind::Started { position, .. } => {
                assert_eq!(game.position().to_setup(), *position);
                started = true;
            }
            EventKind::Moved { seat, mv, position } => {
                assert_eq!(game.turn(), Some(*seat), "event {}", e.seq);
                assert!(game.legal_moves().iter().any(|m| m == *mv), "{mv}");
                game.play(*mv).expect("a legal move");
                assert_eq!(game.position().to_setup(), *position, "event {}", e.seq);
            }
            EventKind::Passed { seat, position } => {
                assert_eq!(game.turn(), Some(*seat), "event {}", e.seq);
                assert_eq!(
                    game.legal_moves().iter().count(),
                    0,
                    "a pass without a move"
                );
                game.play(Move::PASS).expect("a pass");
                assert_eq!(game.position().to_setup(), *position, "event {}", e.seq);
            }
            EventKind::Over { ranking } => {
                assert!(game.is_over(), "over when the engine says so");
                assert_eq!(*ranking, ranking_of(&game.standings().standings()));
            }
            EventKind::Rolled { .. } => panic!("a roll in a game without dice"),
            _ => {}
        }
    }
    assert!(started && game.is_over());
}
