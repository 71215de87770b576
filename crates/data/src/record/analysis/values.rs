//! A move's value from its rollouts: shares of first place, Wilson's
//! interval, the paired cost of one move against another on the same dice,
//! and the best of several.

use super::MoveValue;
use super::rollout::SHARE;
use ca_ngua_core::game::Game;
use ca_ngua_core::game::selfplay::wilson95;

/// A rollout sum (in units of [`SHARE`]) over `n` rollouts as a share.
pub(super) fn share(sum: u64, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        sum as f64 / (SHARE * u64::from(n)) as f64
    }
}

/// A move's value from its rollouts: the mean share, and Wilson's interval
/// on the wins rounded to whole ones (shared first places are rare).
pub(super) fn move_value<G: Game>(mv: Option<G::Move>, sum: u64, n: u32) -> MoveValue<G> {
    let wins = (sum + SHARE / 2) / SHARE;
    let win = share(sum, n);
    // Rounding may leave the interval a hair off a win chance of 0 or 1.
    let [low, high] = wilson95(wins, u64::from(n));
    MoveValue {
        mv,
        win,
        ci95: [low.min(win), high.max(win)],
        rollouts: n,
    }
}

/// The cost of playing the move whose rollouts scored `played` rather
/// than the one whose rollouts scored `best` (the same dice, rollout by
/// rollout), and its 95% interval from the spread of the differences.
pub(super) fn paired_cost(best: &[u8], played: &[u8]) -> (f64, [f64; 2]) {
    let n = best.len().min(played.len());
    if n == 0 {
        return (0.0, [0.0, 0.0]);
    }
    let d: Vec<f64> = best
        .iter()
        .zip(played)
        .map(|(&b, &p)| (f64::from(b) - f64::from(p)) / SHARE as f64)
        .collect();
    let nf = n as f64;
    let mean = d.iter().sum::<f64>() / nf;
    let var = if n > 1 {
        d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (nf - 1.0)
    } else {
        0.0
    };
    let half = 1.959_963_984_540_054 * (var / nf).sqrt();
    (mean.max(0.0), [mean - half, mean + half])
}

/// The index of the highest value, the first of equals.
pub(super) fn best_of(values: impl Iterator<Item = f64>) -> usize {
    let mut best: Option<(usize, f64)> = None;
    for (i, v) in values.enumerate() {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    best.map_or(0, |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_is_the_first_of_the_highest() {
        assert_eq!(best_of([0.2, 0.5, 0.5, 0.1].into_iter()), 1);
        assert_eq!(best_of([0.7].into_iter()), 0);
        assert_eq!(best_of(std::iter::empty()), 0);
    }

    #[test]
    fn a_paired_cost_is_sure_when_the_dice_agree() {
        // The best move wins all 20 rollouts, the played one 10 of them
        // (each one the best also won): a cost of 1/2, sure.
        let s = SHARE as u8;
        let mut played = vec![s; 10];
        played.extend([0; 10]);
        let (cost, ci) = paired_cost(&[s; 20], &played);
        assert_eq!(cost, 0.5);
        assert!(ci[0] > 0.2 && ci[0] < 0.5 && ci[1] > 0.5, "{ci:?}");
        // On four rollouts the same share is not sure.
        let (cost, ci) = paired_cost(&[s, s, s, 0], &[s, 0, 0, 0]);
        assert_eq!(cost, 0.5);
        assert!(ci[0] < 0.0, "{ci:?}");
        // The same rollouts: no cost, no doubt.
        assert_eq!(paired_cost(&[s, 0], &[s, 0]), (0.0, [0.0, 0.0]));
        // Opposite luck: a cost of nothing on average, an interval
        // around it.
        let (cost, ci) = paired_cost(&[s, 0], &[0, s]);
        assert_eq!(cost, 0.0);
        assert!(ci[0] < 0.0 && ci[1] > 0.0, "{ci:?}");
        assert_eq!(paired_cost(&[], &[]), (0.0, [0.0, 0.0]));
    }

    #[test]
    fn shares_are_fractions_of_whole_wins() {
        assert_eq!(share(SHARE * 3, 4), 0.75);
        assert_eq!(share(SHARE / 2, 1), 0.5);
        assert_eq!(share(5, 0), 0.0);
    }
}
