//! A room with dice anyone can check (PROTOCOL.md v3), played by
//! computers: its events, each round's seed, and the record an online
//! client keeps of it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::records::DATE;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::{Controller, Dealer, Event, EventKind, InlineRunner, Step, Table};
use ca_ngua_data::record::Recorder;
use ca_ngua_protocol::dice::{self, DiceSeed};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Roll, Rules, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::{Arc, Mutex};

/// The seeds two players send, by round.
pub fn client_seeds(round: u32) -> [(Seat, String); 2] {
    [
        (Seat::Red, format!("lan-{round}-3f9c0b")),
        (Seat::Yellow, format!("minh-{round}-8e21d4")),
    ]
}

/// A room's dice as the server makes them, for a table in a test: each
/// roll read from the round's seed, the round, the roll's number and the
/// seeds (`ca_ngua_protocol::dice`).
#[derive(Debug, Default)]
pub struct Dice {
    pub seed: Option<DiceSeed>,
    pub round: u32,
    pub n: u32,
    pub seeds: String,
}

#[derive(Debug, Clone, Default)]
pub struct Shared(pub Arc<Mutex<Dice>>);

impl Dealer<CaNgua> for Shared {
    fn roll(&mut self, rules: &Rules) -> Option<Roll> {
        let mut d = self.0.lock().unwrap();
        d.n += 1;
        dice::roll::<CaNgua>(rules, d.seed.as_ref()?, d.round, d.n, &d.seeds)
    }
}

/// Plays the computers to the end of the round.
fn play_out(t: &mut Table<CaNgua>) {
    for _ in 0..100_000 {
        match t.computer_step() {
            Step::Acted(_) => {}
            Step::Thinking => panic!("an inline runner never keeps thinking"),
            Step::Idle => break,
        }
    }
    assert!(t.replica().is_over(), "the round ended");
}

/// A room of two people (played by computers) with dice anyone can
/// check, `rounds` rounds of it: its events and each round's seed.
pub fn room(rounds: u32) -> (Vec<Event<CaNgua>>, Vec<DiceSeed>) {
    let rules = Rules::standard();
    let mut t = Table::<CaNgua>::lobby(
        rules,
        2,
        "Lan",
        StdRng::seed_from_u64(11),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    t.join("Minh").unwrap();
    for seat in [Seat::Red, Seat::Yellow] {
        t.set_controller(seat, Controller::Computer(Level::Easy));
    }
    let shared = Shared::default();
    t.set_dealer(Box::new(shared.clone()));
    let mut seeds = Vec::new();
    for round in 1..=rounds {
        let seed = DiceSeed([round as u8 * 17; 32]);
        seeds.push(seed);
        if round > 1 {
            t.again(Some(seed.commit())).unwrap();
        }
        for (seat, s) in client_seeds(round) {
            t.seeded(seat, s);
        }
        {
            let mut d = shared.0.lock().unwrap();
            *d = Dice {
                seed: Some(seed),
                round,
                n: 0,
                seeds: dice::seeds_text(&client_seeds(round)),
            };
        }
        if round == 1 {
            t.start(Level::Easy, |s| format!("bot {s:?}")).unwrap();
        }
        play_out(&mut t);
    }
    (t.events().to_vec(), seeds)
}

/// The recorder an online client feeds: the welcome's commit (round 1),
/// every event, the seed revealed after each `over`.
pub fn record_room(events: &[Event<CaNgua>], seeds: &[DiceSeed]) -> Recorder<CaNgua> {
    let mut r = Recorder::new(Rules::standard(), DATE);
    r.note_dice_commit(1, seeds[0].commit());
    let mut round = 1;
    for ev in events {
        r.push(ev);
        match &ev.event {
            EventKind::Again { round: next, .. } => round = *next,
            EventKind::Over { .. } => {
                assert!(r.note_revealed(round, seeds[round as usize - 1].to_hex()));
            }
            _ => {}
        }
    }
    r
}
