//! Cờ nhảy speed: perft nodes per second from the start and from a crowded
//! mid-game position, and Hard's decision times over the positions of
//! seeded games (Hard in one seat, Medium in the others), one thread:
//! `cargo bench --no-default-features --bench nhay`.
//!
//! Timing is measured here and by `ca-ngua-cli nhay selfplay`, never
//! asserted by a test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_co_nhay::bots::{Bot, Decision, Level};
use game_co_nhay::engine::{Game, Players, Position, Rules, perft};
use std::time::Instant;

fn perft_speed(name: &str, position: &Position, depth: u32) {
    let rules = Rules::standard();
    // Leaves counted, and the positions generated to reach them.
    let t = Instant::now();
    let mut runs = 0u32;
    let mut nodes = 0u64;
    while runs == 0 || t.elapsed().as_secs_f64() < 2.0 {
        nodes += perft(position, &rules, depth);
        runs += 1;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft {name:<34} depth {depth}: {:>9} leaves, {:>6.2} M leaves/s",
        nodes / u64::from(runs),
        nodes as f64 / s / 1e6
    );
}

/// Six players after 120 moves of Medium against Medium: the middle full
/// of pieces, long chains everywhere.
fn crowded() -> Position {
    let mut game = Game::new(Rules::standard(), Players::Six);
    let mut bots: Vec<Bot> = (0..6).map(|i| Bot::new(Level::Medium, i)).collect();
    for _ in 0..120 {
        let Some(arm) = game.turn() else { break };
        let moves = game.legal_moves();
        let pos = *game.position();
        let mv = bots[arm.index()].choose(&Decision {
            rules: game.rules(),
            position: &pos,
            moves: &moves,
        });
        game.play(mv).unwrap();
    }
    *game.position()
}

fn hard_times(players: Players, games: u64) {
    let rules = Rules::standard();
    let mut times = Vec::new();
    for g in 0..games {
        let mut game = Game::new(rules, players);
        let arms: Vec<_> = players.arms().collect();
        // Hard takes a different seat each game.
        let hard = arms[(g as usize) % arms.len()];
        let mut bots: Vec<Bot> = arms
            .iter()
            .map(|&a| {
                Bot::new(
                    if a == hard {
                        Level::Hard
                    } else {
                        Level::Medium
                    },
                    g,
                )
            })
            .collect();
        while let Some(arm) = game.turn() {
            let k = arms.iter().position(|&a| a == arm).unwrap();
            let moves = game.legal_moves();
            let pos = *game.position();
            let d = Decision {
                rules: &rules,
                position: &pos,
                moves: &moves,
            };
            let mv = if arm == hard && moves.len() > 1 {
                let t = Instant::now();
                let mv = bots[k].choose(&d);
                times.push(t.elapsed().as_nanos() as u64);
                mv
            } else {
                bots[k].choose(&d)
            };
            game.play_unchecked(mv);
        }
    }
    times.sort_unstable();
    let n = times.len().max(1);
    let at = |q: usize| times.get(q.min(n - 1)).copied().unwrap_or(0) as f64 / 1e6;
    println!(
        "hard, {} players, {games} games: {:>5} decisions, median {:>6.1} ms, p99 {:>6.1} ms, worst {:>6.1} ms",
        players.count(),
        times.len(),
        at(n / 2),
        at(n * 99 / 100),
        at(n - 1)
    );
}

fn main() {
    perft_speed("start, 2 players", &Position::start(Players::Two), 4);
    perft_speed("start, 6 players", &Position::start(Players::Six), 4);
    let mid = crowded();
    println!("crowded: {mid}");
    perft_speed("crowded mid-game, 6 players", &mid, 3);
    for (players, games) in [(Players::Two, 20), (Players::Three, 10), (Players::Six, 6)] {
        hard_times(players, games);
    }
}
