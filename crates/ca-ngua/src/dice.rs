//! Dice: the only place rolls are made. Play uses an OS-seeded,
//! cryptographically secure generator; self-play and tests pass their own
//! seeded generator so that runs are reproducible.

use crate::engine::{Dice, Roll, Rules};
use ca_ngua_core::game::rng::{below, scale};
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
