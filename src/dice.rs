//! Dice: the only place rolls are made. Play uses an OS-seeded,
//! cryptographically secure generator; self-play and tests pass their own
//! seeded generator so that runs are reproducible.

use crate::engine::{Dice, Roll, Rules};
use rand::Rng;

/// Rolls one die or two, as the rules ask.
#[inline]
pub fn roll<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Roll {
    let a = 1 + below(rng, 6) as u8;
    match rules.dice {
        Dice::One => Roll::die(a),
        Dice::Two => Roll::dice_pair(a, 1 + below(rng, 6) as u8),
    }
}

/// A uniform number in `0..n` (`n >= 1`), exactly uniform (Lemire's
/// multiply-and-reject: one multiplication, and a division only in the
/// rare case that might be biased).
#[inline(always)]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    loop {
        let m = u64::from(rng.next_u32()) * u64::from(n);
        let low = m as u32;
        if low >= n || low >= n.wrapping_neg() % n {
            return (m >> 32) as u32;
        }
    }
}

/// A generator for real play: seeded from the operating system, and
/// cryptographically secure, so nobody (the app included) can predict or
/// steer the dice.
pub fn secure_rng() -> rand::rngs::StdRng {
    rand::make_rng()
}
