//! Analysis speed: a seeded self-played four-player Cờ Cá Ngựa game and a
//! two-player Cờ nhảy game analysed at the defaults on two threads (Cờ
//! nhảy: rated by Hard's search, then by 16 rollouts a move, the
//! deeper option), timed with `Instant`, with the typical width of the
//! win chances' confidence intervals.
//!
//! `cargo bench --no-default-features --bench analysis`; a number after
//! `--` sets the rollouts per move of both games (a quarter of them for
//! luck): `… --bench analysis -- 100`.

use ca_ngua_core::game::Level;
use ca_ngua_core::game::selfplay::SelfPlay;
use ca_ngua_data::record::analysis::{AnalysisConfig, analyse, sample_game};
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Plays a sample game of `levels` seeded `seed` and times its analysis.
fn bench<G: SelfPlay>(name: &str, levels: &[Level], seed: u64, config: &AnalysisConfig) {
    let rules = G::standard_rules();
    let (start, plays) = match sample_game::<G>(&rules, levels, seed, 5_000) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{name}: no game: {e}");
            return;
        }
    };
    let cancel = AtomicBool::new(false);
    let t = Instant::now();
    let analysis = match analyse::<G>(&rules, &start, &plays, config, &|_, _| {}, &cancel) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{name}: {e}");
            return;
        }
    };
    let seconds = t.elapsed().as_secs_f64();
    let decisions: Vec<_> = analysis.steps.iter().filter(|s| s.is_decision()).collect();
    let moves: usize = decisions.iter().map(|s| s.moves.len()).sum();
    let mut half: Vec<f64> = decisions
        .iter()
        .flat_map(|s| s.moves.iter().map(|m| (m.ci95[1] - m.ci95[0]) / 2.0))
        .collect();
    half.sort_by(f64::total_cmp);
    let median = half.get(half.len() / 2).copied().unwrap_or(0.0);
    let worst = half.last().copied().unwrap_or(0.0);
    println!(
        "{name}: {} plays, {} decisions ({moves} moves), {} rollouts a move ({} for luck), \
         {} threads: {seconds:.1} s; CI half-width median {:.1} points, widest {:.1}",
        plays.len(),
        decisions.len(),
        config.rollouts,
        config.luck_rollouts,
        config.threads,
        median * 100.0,
        worst * 100.0,
    );
    let mut cost_half: Vec<f64> = decisions
        .iter()
        .filter(|s| s.best != s.played)
        .map(|s| (s.cost_ci95[1] - s.cost_ci95[0]) / 2.0)
        .collect();
    cost_half.sort_by(f64::total_cmp);
    println!(
        "  cost CI half-width median {:.1} points",
        cost_half.get(cost_half.len() / 2).copied().unwrap_or(0.0) * 100.0
    );
    for p in &analysis.players {
        let clear = analysis
            .steps
            .iter()
            .filter(|s| s.seat == p.seat && s.is_clear_mistake())
            .count();
        println!(
            "  {:?}: decisions {}, skill lost {:.3}, clear mistakes {clear}, luck {:+.3}",
            p.seat, p.decisions, p.skill_lost, p.luck
        );
    }
}

fn main() {
    let rollouts = std::env::args().skip(1).find_map(|a| a.parse::<u32>().ok());
    let nhay_only = std::env::args().any(|a| a == "nhay");
    let config = |defaults: AnalysisConfig| AnalysisConfig {
        threads: 2,
        ..rollouts.map_or(defaults, AnalysisConfig::with_rollouts)
    };
    if !nhay_only {
        bench::<CaNgua>(
            "Cờ Cá Ngựa, 4 players",
            &[Level::Hard, Level::Medium, Level::Medium, Level::Easy],
            3,
            &config(AnalysisConfig::for_game::<CaNgua>()),
        );
    }
    bench::<CoNhay>(
        "Cờ nhảy, 2 players, rated by Hard's search",
        &[Level::Hard, Level::Medium],
        3,
        &config(AnalysisConfig::for_game::<CoNhay>()),
    );
    bench::<CoNhay>(
        "Cờ nhảy, 2 players, rolled out",
        &[Level::Hard, Level::Medium],
        3,
        &config(AnalysisConfig::with_rollouts(
            ca_ngua_data::record::analysis::DEFAULT_ROLLOUTS_WITHOUT_DICE,
        )),
    );
}
