//! Self-play speed: uniformly random players through `selfplay::run`, the
//! way `ca-ngua-cli selfplay` plays them, timed with `Instant`.
//!
//! `cargo bench --no-default-features` runs four-player standard games on
//! one thread and on two, then casual and traditional games briefly. Each
//! line is the best of a few runs (the first run also warms up). A number
//! after `--` sets the standard games per run: `cargo bench
//! --no-default-features -- 1000000`.

use ca_ngua_core::game::Level;
use game_ca_ngua::engine::{Rules, Seat};
use game_ca_ngua::selfplay::{Config, Report, run};

/// Plays `games` games `runs` times and prints the fastest run.
fn bench(name: &str, rules: Rules, games: u64, threads: usize, runs: usize) {
    let cfg = Config {
        games,
        rules,
        seats: Seat::ALL.to_vec(),
        bots: vec![Level::Random; Seat::ALL.len()],
        tuning: (),
        seed: 1,
        threads,
    };
    let best = (0..runs)
        .map(|_| run(&cfg))
        .min_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let Some(Report {
        seconds,
        games_per_second,
        mean_length: mean_rolls,
        ..
    }) = best
    else {
        return;
    };
    // Wall-clock time per roll: with two threads, the time the pair takes.
    let ns_per_roll = seconds * 1e9 / (games as f64 * mean_rolls);
    println!(
        "{name:<12} {threads} thread(s): {games:>8} games in {seconds:6.3} s, \
         {games_per_second:>8.0} games/s, {ns_per_roll:5.1} ns/roll \
         ({mean_rolls:.1} rolls a game, best of {runs})"
    );
}

fn main() {
    let games = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(300_000);
    bench("standard", Rules::standard(), games, 1, 5);
    bench("standard", Rules::standard(), games, 2, 5);
    bench("casual", Rules::casual(), games / 4, 1, 3);
    bench("traditional", Rules::traditional(), games / 150, 1, 3);
}
