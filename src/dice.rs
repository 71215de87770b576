//! Dice: the only place rolls are made. Play uses an OS-seeded,
//! cryptographically secure generator; self-play and tests pass their own
//! seeded generator so that runs are reproducible.

use crate::engine::{Dice, Roll, Rules};
use rand::{Rng, RngExt};

/// Rolls one die or two, as the rules ask.
#[inline]
pub fn roll<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Roll {
    let a = rng.random_range(1..=6u8);
    match rules.dice {
        Dice::One => Roll::die(a),
        Dice::Two => Roll::dice_pair(a, rng.random_range(1..=6u8)),
    }
}

/// A generator for real play: seeded from the operating system, and
/// cryptographically secure, so nobody (the app included) can predict or
/// steer the dice.
pub fn secure_rng() -> rand::rngs::StdRng {
    rand::make_rng()
}
