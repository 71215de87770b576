//! What the run counts: latencies in a histogram, events per protocol
//! version, and the totals that must stay 0 (lost, duplicated, failed).

use std::sync::Mutex;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// Latencies in buckets of 10 µs up to 2 s (and one bucket past that).
pub struct Histogram {
    buckets: Vec<u64>,
}

const BUCKET_US: u128 = 10;
const BUCKETS: usize = 200_000;

impl Histogram {
    pub fn new() -> Histogram {
        Histogram {
            buckets: vec![0; BUCKETS + 1],
        }
    }

    pub fn add_us(&mut self, us: u32) {
        let i = usize::try_from(u128::from(us) / BUCKET_US).unwrap_or(BUCKETS);
        self.buckets[i.min(BUCKETS)] += 1;
    }

    pub fn count(&self) -> u64 {
        self.buckets.iter().sum()
    }

    /// The upper edge of the bucket holding the `q` quantile.
    pub fn quantile(&self, q: f64) -> Duration {
        let total = self.count();
        let target = ((total as f64) * q).ceil() as u64;
        let mut seen = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= target.max(1) {
                return Duration::from_micros(((i as u128 + 1) * BUCKET_US) as u64);
            }
        }
        Duration::MAX
    }
}

/// What the clients of one protocol version measured.
pub struct PerProtocol {
    /// Events delivered to these clients.
    pub delivered: AtomicU64,
    /// Events made in their rooms.
    pub made: AtomicU64,
    /// Phrases said.
    pub said: AtomicU64,
    /// Command-to-event latencies.
    pub hist: Mutex<Histogram>,
}

impl PerProtocol {
    pub fn new() -> PerProtocol {
        PerProtocol {
            delivered: AtomicU64::new(0),
            made: AtomicU64::new(0),
            said: AtomicU64::new(0),
            hist: Mutex::new(Histogram::new()),
        }
    }
}

#[derive(Default)]
pub struct Totals {
    pub games: AtomicU64,
    /// Events the server made (the last event number each game reached).
    pub made: AtomicU64,
    /// Events clients received.
    pub delivered: AtomicU64,
    pub lost: AtomicU64,
    pub duplicated: AtomicU64,
    pub refused: AtomicU64,
    pub failures: AtomicU64,
}
