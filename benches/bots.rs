//! Decision times of the bots, one thread, over the positions of seeded
//! games (Hard in one seat, random players in the others). Prints the
//! median, the 99th percentile and the worst decision per level and rule
//! set: `cargo bench --no-default-features --bench bots`.
//!
//! Timing is measured here and by `ca-ngua-cli selfplay`, never asserted
//! by a test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_ca_ngua::bots::{Bot, BotRng, Decision, Level};
use game_ca_ngua::engine::{Game, Rules, Seat};
use rand::SeedableRng;
use std::time::Instant;

fn measure(name: &str, rules: Rules, seats: &[Seat], level: Level, games: u64) {
    let mut rng = BotRng::seed_from_u64(3);
    let mut times = Vec::new();
    for g in 0..games {
        let mut game = Game::new(rules, seats, seats[0]).unwrap();
        let mut bot = Bot::new(level, g);
        let mut others = Bot::new(Level::Random, g);
        while let Some(seat) = game.turn() {
            let roll = game_ca_ngua::dice::roll(&rules, &mut rng);
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
                if seat == seats[0] {
                    let t = Instant::now();
                    let m = bot.choose(&d);
                    times.push(t.elapsed().as_nanos() as u64);
                    Some(m)
                } else {
                    Some(others.choose(&d))
                }
            };
            game.play_unchecked(roll, mv);
        }
    }
    times.sort_unstable();
    let n = times.len().max(1);
    let at = |q: usize| times.get(q.min(n - 1)).copied().unwrap_or(0) as f64 / 1000.0;
    println!(
        "{name:<24} {level:<6} {:>5} decisions: median {:>8.1} us, p99 {:>8.1} us, worst {:>8.1} us",
        times.len(),
        at(n / 2),
        at(n * 99 / 100),
        at(n - 1)
    );
}

fn main() {
    let four = [Seat::Red, Seat::Green, Seat::Yellow, Seat::Blue];
    let two = [Seat::Red, Seat::Yellow];
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        measure("standard, 4 players", Rules::standard(), &four, level, 30);
        measure("standard, 2 players", Rules::standard(), &two, level, 30);
        measure(
            "traditional, 4 players",
            Rules::traditional(),
            &four,
            level,
            4,
        );
        measure(
            "traditional, 2 players",
            Rules::traditional(),
            &two,
            level,
            10,
        );
    }
}
