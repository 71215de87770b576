//! What self-play of every game shares: per-game seeds, seats rotated
//! through the players, games split over threads, decision times, and
//! Wilson intervals for win rates.

use std::iter::StepBy;
use std::ops::Range;

/// SplitMix64: turns (seed, index) into well-spread per-game seeds.
pub fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Which bot entry sits in seat slot `slot` in game `index` (the `n`
/// entries rotate through the seats from game to game).
pub fn entry_for(slot: usize, index: u64, n: usize) -> usize {
    (slot + n - (index % n as u64) as usize) % n
}

/// Plays games `0..games` on `threads` threads, game `i` on thread
/// `i % threads`, each thread summing its games with `play`; the sums come
/// back in thread order. Self-play of either game splits its runs so.
pub fn split_games<T: Default + Send>(
    threads: usize,
    games: u64,
    play: impl Fn(StepBy<Range<u64>>) -> T + Sync,
) -> Vec<T> {
    let threads = threads.max(1);
    if threads == 1 {
        return vec![play((0..games).step_by(1))];
    }
    let play = &play;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| scope.spawn(move || play((t..games).step_by(threads))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// The median and the worst of decision times in nanoseconds, in
/// microseconds (0 when there are none).
pub fn median_and_worst_us(mut times_ns: Vec<u64>) -> (u64, u64) {
    times_ns.sort_unstable();
    let median = times_ns.get(times_ns.len() / 2).copied().unwrap_or(0);
    let worst = times_ns.last().copied().unwrap_or(0);
    (median / 1000, worst / 1000)
}

/// Wilson score interval for `k` successes out of `n`, at 95%.
pub fn wilson95(k: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}
