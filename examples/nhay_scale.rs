//! Fits the scale of Cờ nhảy's win chance from Hard's search score
//! (`co_nhay::bots::hard::WIN_SCALE`, docs/ANALYSIS.md): seeded
//! two-player games between Hard and Medium, every position after a move
//! rated by the search (`Searcher::rate`) for the player who moved, and
//! the scale `s` of `1 / (1 + e^(-score / s))` that gives the games'
//! outcomes the greatest likelihood, by a grid search.
//!
//! `cargo run --release --no-default-features --example nhay_scale [GAMES]`

use ca_ngua_core::game::{Game, Level};
use ca_ngua_data::record::analysis::sample_game;
use game_co_nhay::CoNhay;
use game_co_nhay::bots::{Searcher, Style};
use game_co_nhay::engine::Rules;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let rules = Rules::standard();
    let mut points: Vec<(f64, f64)> = Vec::new();
    let mut searcher = Searcher::default();
    for seed in 0..games {
        let levels = if seed % 2 == 0 {
            [Level::Hard, Level::Medium]
        } else {
            [Level::Medium, Level::Hard]
        };
        let Ok((start, plays)) = sample_game::<CoNhay>(&rules, &levels, seed, 2_000) else {
            continue;
        };
        let mut game = start.clone();
        let mut rated = Vec::new();
        for p in &plays {
            let Some(mover) = game.turn() else { break };
            if let Some(mv) = p.mv {
                let score = searcher.rate(&rules, game.position(), &[mv], Style::DEFAULT)[0];
                if score.abs() < 900_000 {
                    rated.push((mover, f64::from(score)));
                }
            }
            if CoNhay::play(&mut game, None, p.mv).is_err() {
                break;
            }
        }
        let Some(winner) = game.winner() else {
            continue;
        };
        points.extend(
            rated
                .into_iter()
                .map(|(arm, s)| (s, f64::from(u8::from(arm == winner)))),
        );
    }
    let ll = |scale: f64| -> f64 {
        points
            .iter()
            .map(|&(s, won)| {
                let p = (1.0 / (1.0 + (-s / scale).exp())).clamp(1e-9, 1.0 - 1e-9);
                won * p.ln() + (1.0 - won) * (1.0 - p).ln()
            })
            .sum::<f64>()
            / points.len().max(1) as f64
    };
    let mut best = (0.0, f64::NEG_INFINITY);
    for k in 1..=120 {
        let scale = 50.0 * f64::from(k);
        let l = ll(scale);
        if l > best.1 {
            best = (scale, l);
        }
    }
    println!(
        "{} positions of {games} games: scale {} (mean log-likelihood {:.4}; 0.6931 is a coin)",
        points.len(),
        best.0,
        best.1
    );
    for scale in [250.0, 500.0, 700.0, 1000.0, 1500.0, 2000.0] {
        println!("  scale {scale}: {:.4}", ll(scale));
    }
}
