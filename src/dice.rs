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

/// Rolls `dice` as `roll` does, and returns with the roll 32 more random
/// bits from the same draws, for a choice that goes with the roll.
///
/// Each die is read from the high half of a 64-bit draw, which is what
/// `next_u32` returns for the self-play generator (xoshiro256++): with it,
/// the dice are exactly `roll`'s. The low half of the last draw is
/// otherwise unused, and self-play hands it to the player: a random
/// player's choice then costs no draw of its own, and no branch on whether
/// there is a choice at all.
#[inline]
pub fn roll_with_bits<R: Rng + ?Sized>(dice: Dice, rng: &mut R) -> (Roll, u32) {
    let (a, bits) = die_with_bits(rng);
    match dice {
        Dice::One => (Roll::die(a), bits),
        Dice::Two => {
            let (b, bits) = die_with_bits(rng);
            (Roll::dice_pair(a, b), bits)
        }
    }
}

/// One die from the high half of a 64-bit draw, and the low half.
#[inline(always)]
fn die_with_bits<R: Rng + ?Sized>(rng: &mut R) -> (u8, u32) {
    loop {
        let x = rng.next_u64();
        if let Some(d) = scale((x >> 32) as u32, 6) {
            return (1 + d as u8, x as u32);
        }
    }
}

/// A uniform number in `0..n` (`n >= 1`), exactly uniform (Lemire's
/// multiply-and-reject: one multiplication, and a division only in the
/// rare case that might be biased).
#[inline(always)]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    loop {
        if let Some(i) = scale(rng.next_u32(), n) {
            return i;
        }
    }
}

/// A uniform 32-bit number `x` scaled to `0..n` by Lemire's
/// multiply-and-reject, or `None` for the few values of `x` (fewer than `n`
/// of the 2^32) that would make the result biased: draw another. With `n`
/// 0 the result is 0.
#[inline(always)]
pub fn scale(x: u32, n: u32) -> Option<u32> {
    let m = u64::from(x) * u64::from(n);
    let low = m as u32;
    // The division only in the rare case that might be biased.
    (low >= n || low >= n.wrapping_neg() % n).then_some((m >> 32) as u32)
}

/// A generator for real play: seeded from the operating system, and
/// cryptographically secure, so nobody (the app included) can predict or
/// steer the dice.
pub fn secure_rng() -> rand::rngs::StdRng {
    rand::make_rng()
}
