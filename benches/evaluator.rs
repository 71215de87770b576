//! The learned evaluator's speed (issue 32): evaluations a second (the
//! network alone, and with one roll of look-ahead), the decision time of
//! the learned Hard and of today's Hard on the positions of seeded games,
//! and the analysis of a four-player game of about 550 steps by the
//! evaluator (the default) and by rollouts (the deeper option, and what
//! the analysis did before the evaluator: 500 rollouts of Medium a move).
//!
//! `cargo bench --bench evaluator`; `-- before` also times the analysis
//! as it was before the evaluator (500 rollouts of Medium a move, minutes),
//! `-- deep` the deeper look ("Phân tích kỹ": `DEEP_ROLLOUTS` rollouts of
//! Hard a move).

use ca_ngua_data::record::analysis::{AnalysisConfig, analyse, sample_game};
use game_ca_ngua::CaNgua;
use game_ca_ngua::bots::eval::{self, Judge};
use game_ca_ngua::bots::hard::{self, Model, Params};
use game_ca_ngua::bots::{BotRng, Budget, Decision, Level};
use game_ca_ngua::engine::{Position, Roll, Rules, Seat};
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Positions (with a roll of two moves or more) from seeded games of
/// random players: two and four players, standard rules.
fn positions(n: usize) -> Vec<(Position, Roll)> {
    let rules = Rules::standard();
    let mut rng = BotRng::seed_from_u64(3);
    let mut out = Vec::new();
    let mut g = 0;
    while out.len() < n {
        let seats = if g % 2 == 0 {
            vec![Seat::Red, Seat::Yellow]
        } else {
            Seat::ALL.to_vec()
        };
        g += 1;
        let Some(mut pos) = Position::start(&seats, seats[0]) else {
            break;
        };
        while pos.turn().is_some() && eval::done_mask(&pos, &rules) == 0 && out.len() < n {
            let roll = Roll::die(rng.random_range(1..=6u8));
            let moves = pos.legal_moves(&rules, roll);
            if moves.len() >= 2 {
                out.push((pos, roll));
            }
            let mv = moves.get(rng.random_range(0..moves.len().max(1)));
            pos.play_unchecked(&rules, roll, mv);
        }
    }
    out
}

fn per_second(name: &str, n: usize, f: impl FnMut(usize)) {
    let mut f = f;
    let t = Instant::now();
    for i in 0..n {
        f(i);
    }
    let s = t.elapsed().as_secs_f64();
    println!("{name}: {:.0} a second ({n} in {s:.2} s)", n as f64 / s);
}

fn times(name: &str, mut times: Vec<Duration>) {
    times.sort_unstable();
    let median = times[times.len() / 2];
    let p99 = times[times.len() * 99 / 100];
    let worst = times[times.len() - 1];
    println!(
        "{name}: {} decisions, median {:.3} ms, 99th percentile {:.2} ms, worst {:.2} ms",
        times.len(),
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3
    );
}

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    let before = asked.iter().any(|a| a == "before");
    let deep = asked.iter().any(|a| a == "deep");
    let Ok(net) = eval::shipped() else {
        eprintln!("the weights do not load");
        return;
    };
    let rules = Rules::standard();
    let judge = Judge::new(net, &rules);
    let model = Model::new(&rules, Params::TUNED);
    let pos = positions(20_000);
    per_second("race model (today's Hard's leaf)", pos.len(), |i| {
        black_box(model.evaluate(&pos[i].0, 0));
    });
    per_second("learned evaluator", pos.len(), |i| {
        black_box(judge.chances(&pos[i].0, 0));
    });
    per_second("learned evaluator, one roll ahead", 4_000, |i| {
        black_box(judge.expect(&pos[i].0, 0));
    });
    let decide = |budget: Budget, learned: bool| {
        let mut out = Vec::new();
        for (p, roll) in pos.iter().step_by(20) {
            let moves = p.legal_moves(&rules, *roll);
            let d = Decision {
                rules: &rules,
                position: p,
                roll: *roll,
                moves: &moves,
            };
            let t = Instant::now();
            if learned {
                black_box(hard::choose_with(&d, &judge, budget));
            } else {
                black_box(hard::choose_with(&d, &model, budget));
            }
            out.push(t.elapsed());
        }
        out
    };
    times(
        "today's Hard (20,000 leaves, 3 rolls)",
        decide(Budget::DEFAULT, false),
    );
    times(
        "learned Hard (3,000 leaves, 2 rolls)",
        decide(Budget::LEARNED, true),
    );

    analyses(&rules, before, deep);
}

/// The analysis of a four-player game of about 550 steps timed: by the
/// evaluator, and (`before`) by 500 rollouts of Medium, (`deep`) by
/// rollouts of Hard.
fn analyses(rules: &Rules, before: bool, deep: bool) {
    // A four-player game of about 550 steps.
    let levels = [Level::Hard, Level::Medium, Level::Easy, Level::Random];
    let game = (1..200u64).find_map(|seed| {
        let g = sample_game::<CaNgua>(rules, &levels, seed, 5_000).ok()?;
        (g.1.len() >= 520 && g.1.len() <= 600).then_some(g)
    });
    let Some((start, plays)) = game else {
        eprintln!("no game of about 550 steps");
        return;
    };
    let cancel = AtomicBool::new(false);
    let mut configs = vec![("evaluator", AnalysisConfig::for_game::<CaNgua>())];
    if before {
        configs.push((
            "500 rollouts of Medium (before the evaluator)",
            AnalysisConfig::with_rollouts(500),
        ));
    }
    if deep {
        configs.push((
            "rollouts of Hard (the deeper look)",
            AnalysisConfig::deep(ca_ngua_data::record::analysis::DEEP_ROLLOUTS),
        ));
    }
    for (name, config) in configs {
        let t = Instant::now();
        match analyse::<CaNgua>(rules, &start, &plays, &config, &|_, _| {}, &cancel) {
            Ok(a) => println!(
                "analysis by {name}, {} threads: {} steps in {:.2} s",
                config.threads,
                a.steps.len(),
                t.elapsed().as_secs_f64()
            ),
            Err(e) => eprintln!("{name}: {e}"),
        }
    }
}
