//! The figures' uncertainty: estimates with 95% intervals (Wilson for
//! proportions, order statistics for quantiles, standard errors for means)
//! and the length histogram.

use ca_ngua_core::game::selfplay::wilson95;
use serde::Serialize;

/// A figure and its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// 95% confidence interval, low and high.
    pub ci95: [f64; 2],
}

/// A mean with its standard error.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Mean {
    /// The sample mean.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// `mean ± 1.96 se`.
    pub ci95: [f64; 2],
}

/// The 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

impl Mean {
    /// The mean and standard error of `n` values with sum `sum` and sum of
    /// squares `sum_sq`.
    pub(super) fn from_sums(n: u64, sum: f64, sum_sq: f64) -> Mean {
        if n == 0 {
            return Mean {
                mean: 0.0,
                se: 0.0,
                ci95: [0.0, 0.0],
            };
        }
        let nf = n as f64;
        let mean = sum / nf;
        let var = if n > 1 {
            ((sum_sq - nf * mean * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        let se = (var / nf).sqrt();
        Mean {
            mean,
            se,
            ci95: [mean - Z95 * se, mean + Z95 * se],
        }
    }
}

/// A count out of the games played, with its rate and Wilson interval.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    /// How many games.
    pub count: u64,
    /// `count` over the games played, with its 95% interval.
    pub rate: Estimate,
}

impl Share {
    pub(super) fn of(count: u64, games: u64) -> Share {
        Share {
            count,
            rate: Estimate {
                value: if games > 0 {
                    count as f64 / games as f64
                } else {
                    0.0
                },
                ci95: wilson95(count, games),
            },
        }
    }
}

/// The `q`-quantile of `sorted` (nearest rank) with a distribution-free
/// 95% interval from order statistics: the ranks `nq ± 1.96 √(nq(1−q))`.
pub(super) fn quantile(sorted: &[f64], q: f64) -> Estimate {
    let n = sorted.len();
    if n == 0 {
        return Estimate {
            value: 0.0,
            ci95: [0.0, 0.0],
        };
    }
    let at = |rank: f64| {
        let i = (rank.ceil().max(1.0) as usize).min(n) - 1;
        sorted.get(i).copied().unwrap_or(0.0)
    };
    let nf = n as f64;
    let half = Z95 * (nf * q * (1.0 - q)).sqrt();
    Estimate {
        value: at(nf * q),
        ci95: [at(nf * q - half), at(nf * q + half + 1.0)],
    }
}

/// Games per bin of length, for the chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Histogram {
    /// Rolls per bin: bin `k` holds games of `k·width ..< (k+1)·width`
    /// rolls; the last bin also holds every longer game.
    pub bin_rolls: u32,
    /// Games per bin.
    pub counts: Vec<u64>,
}

/// Bins in a length histogram.
pub const HISTOGRAM_BINS: usize = 24;

/// A round bin width so that `HISTOGRAM_BINS` bins reach `longest`.
pub(super) fn bin_width(longest: f64) -> u32 {
    let raw = (longest / HISTOGRAM_BINS as f64).max(1.0);
    let mut unit = 1.0;
    while unit * 10.0 <= raw {
        unit *= 10.0;
    }
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * unit)
        .find(|w| *w >= raw)
        .unwrap_or(10.0 * unit);
    step.ceil() as u32
}

pub(super) fn histogram(rolls: &[u32], width: u32) -> Histogram {
    let mut counts = vec![0u64; HISTOGRAM_BINS];
    let width = width.max(1);
    for &r in rolls {
        let k = ((r / width) as usize).min(HISTOGRAM_BINS - 1);
        if let Some(c) = counts.get_mut(k) {
            *c += 1;
        }
    }
    Histogram {
        bin_rolls: width,
        counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_and_their_intervals_by_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        let med = quantile(&v, 0.5);
        assert_eq!(med.value, 50.0);
        // Ranks 50 ± 1.96·5: about 40 and 61.
        assert_eq!(med.ci95, [41.0, 61.0]);
        assert_eq!(quantile(&v, 0.9).value, 90.0);
        assert_eq!(quantile(&[], 0.5).value, 0.0);
        let one = quantile(&[7.0], 0.9);
        assert_eq!((one.value, one.ci95), (7.0, [7.0, 7.0]));
    }

    #[test]
    fn means_and_bins() {
        // 1, 2, 3: mean 2, sd 1, se 1/√3.
        let m = Mean::from_sums(3, 6.0, 14.0);
        assert_eq!(m.mean, 2.0);
        assert!((m.se - 1.0 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(bin_width(480.0), 20);
        assert_eq!(bin_width(4_000.0), 200);
        assert_eq!(bin_width(5.0), 1);
        let h = histogram(&[0, 19, 20, 10_000], 20);
        assert_eq!(h.counts.len(), HISTOGRAM_BINS);
        assert_eq!(&h.counts[..2], &[2, 1]);
        assert_eq!(
            h.counts[HISTOGRAM_BINS - 1],
            1,
            "long games in the last bin"
        );
    }
}
