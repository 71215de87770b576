//! Hard's decision times on one thread (issue 57): every decision with two
//! moves or more of Hard in seeded games against the expert style, four
//! and two players, standard and traditional rules, today's Hard and Hard
//! as shipped before (`hard-v1`). Each decision is timed three times and
//! the quickest kept. Prints the median, the 99th percentile and the
//! worst: `cargo bench -p game-ca-ngua --bench hard`.
//!
//! Timing is measured here and by `ca-ngua-cli gauntlet`, never asserted
//! by a test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_ca_ngua::bots::styles::{self, Style};
use game_ca_ngua::bots::{Bot, BotRng, Decision, Level};
use game_ca_ngua::dice;
use game_ca_ngua::engine::{Game, Rules, Seat};
use rand::SeedableRng;
use std::time::Instant;

fn measure(name: &str, rules: Rules, seats: &[Seat], v1: bool, games: u64) {
    let mut rng = BotRng::seed_from_u64(3);
    let mut times = Vec::new();
    for g in 0..games {
        let mut game = Game::new(rules, seats, seats[0]).unwrap();
        let mut bot = if v1 {
            Bot::hard_v1(g)
        } else {
            Bot::new(Level::Hard, g)
        };
        let hero = seats[(g % seats.len() as u64) as usize];
        let mut style_rng = BotRng::seed_from_u64(g);
        while let Some(seat) = game.turn() {
            let roll = dice::roll(&rules, &mut rng);
            let moves = game.legal_moves(roll);
            let pos = *game.position();
            let mv = if moves.len() <= 1 {
                moves.first()
            } else {
                let d = Decision {
                    rules: &rules,
                    position: &pos,
                    roll,
                    moves: &moves,
                };
                if seat == hero {
                    // The quickest of three: on a busy machine, the
                    // decision's own computing without the waits.
                    let mut quickest = u64::MAX;
                    for _ in 0..2 {
                        let mut twin = bot.clone();
                        let t = Instant::now();
                        twin.choose(&d);
                        quickest = quickest.min(t.elapsed().as_nanos() as u64);
                    }
                    let t = Instant::now();
                    let m = bot.choose(&d);
                    times.push(quickest.min(t.elapsed().as_nanos() as u64));
                    Some(m)
                } else {
                    Some(styles::choose(Style::Expert, &d, &mut style_rng))
                }
            };
            game.play_unchecked(roll, mv);
        }
    }
    times.sort_unstable();
    let n = times.len().max(1);
    let at = |q: usize| times.get(q.min(n - 1)).copied().unwrap_or(0) as f64 / 1e6;
    println!(
        "{name:<24} {:<8} {:>6} decisions: median {:>7.2} ms, p99 {:>7.2} ms, worst {:>7.2} ms",
        if v1 { "hard-v1" } else { "hard" },
        times.len(),
        at(n / 2),
        at(n * 99 / 100),
        at(n - 1)
    );
}

fn main() {
    let four = [Seat::Red, Seat::Green, Seat::Yellow, Seat::Blue];
    let two = [Seat::Red, Seat::Yellow];
    for v1 in [false, true] {
        measure("standard, 4 players", Rules::standard(), &four, v1, 24);
        measure("standard, 2 players", Rules::standard(), &two, v1, 24);
        measure("traditional, 4 players", Rules::traditional(), &four, v1, 4);
        measure("traditional, 2 players", Rules::traditional(), &two, v1, 8);
    }
}
