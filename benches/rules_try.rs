//! "Try these rules": how soon the panel's figures settle. Plays the panel's
//! run (one thread, a partial report every 20 games) and reports the time to
//! a first stable answer: the first partial report after which the median
//! game length and every colour's win chance, for the rules and for the
//! baseline, stay inside the final report's 95% intervals. Also the time to
//! the full run.
//!
//! `cargo bench --no-default-features --bench rules_try`.

use ca_ngua_core::game::Level;
use game_ca_ngua::engine::{Rules, Seat};
use game_ca_ngua::rules_lab::{Estimate, Figures, Player, RunConfig, Trial, TrialReport, run_with};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn inside(x: f64, e: &Estimate) -> bool {
    e.ci95[0] <= x && x <= e.ci95[1]
}

/// True when `f`'s median and win chances lie in `last`'s intervals.
fn settled(f: &Figures, last: &Figures) -> bool {
    inside(f.rolls_median.value, &last.rolls_median)
        && f.colours
            .iter()
            .zip(&last.colours)
            .all(|(a, b)| inside(a.wins.rate.value, &b.wins.rate))
}

fn bench(name: &str, rules: Rules, players: Vec<Player>) {
    let trial = Trial {
        rules,
        seats: Seat::ALL.to_vec(),
        players,
    };
    let cfg = RunConfig {
        games: 2_000,
        seed: 1,
        threads: 1,
        report_every: 20,
    };
    let never = AtomicBool::new(false);
    let start = Instant::now();
    let mut seen: Vec<(f64, TrialReport)> = Vec::new();
    let last = match run_with(&trial, &Rules::standard(), &cfg, &never, |r| {
        seen.push((start.elapsed().as_secs_f64(), r.clone()))
    }) {
        Ok(Some(r)) => r,
        _ => return,
    };
    let total = start.elapsed().as_secs_f64();
    let stable_from = |pick: &dyn Fn(&TrialReport) -> Option<Figures>| {
        let Some(final_figures) = pick(&last) else {
            return 0;
        };
        // The last report that is not settled; the one after it is the
        // first stable answer.
        seen.iter()
            .rposition(|(_, r)| pick(r).is_some_and(|f| !settled(&f, &final_figures)))
            .map_or(0, |i| i + 1)
    };
    let k = stable_from(&|r| Some(r.trial.clone())).max(stable_from(&|r| r.baseline.clone()));
    let (t, games) = seen
        .get(k)
        .map_or((total, last.games_done), |(t, r)| (*t, r.games_done));
    println!(
        "{name:<34} stable after {games:>5} games, {t:6.2} s; all {} games in {total:6.2} s",
        last.games_done
    );
}

fn main() {
    let person = Player::Person;
    let medium = Player::Bot(Level::Medium);
    let hard = Player::Bot(Level::Hard);
    let random = Player::Bot(Level::Random);
    bench(
        "traditional, random x4",
        Rules::traditional(),
        vec![random; 4],
    );
    bench(
        "traditional, person + medium x3",
        Rules::traditional(),
        vec![person, medium, medium, medium],
    );
    bench(
        "casual, person + medium x3",
        Rules::casual(),
        vec![person, medium, medium, medium],
    );
    bench(
        "traditional, person + hard + medium x2",
        Rules::traditional(),
        vec![person, hard, medium, medium],
    );
}
