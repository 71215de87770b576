//! A roll of the dice: one die or two, its notation, and which rolls give
//! another roll.

use super::rules::{Dice, ExitRolls, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A roll: one die (`6`) or two dice (`3+4`, written low die first).
/// Files and messages hold it as its notation string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Roll {
    /// The low die (the only die with one die).
    pub(super) a: u8,
    /// The high die, or 0 with one die.
    pub(super) b: u8,
}

impl Roll {
    /// A one-die roll, `None` unless `1..=6`.
    pub const fn one(d: u8) -> Option<Roll> {
        if d >= 1 && d <= 6 {
            Some(Roll { a: d, b: 0 })
        } else {
            None
        }
    }

    /// A two-dice roll in either order, `None` unless both are `1..=6`.
    pub const fn two(x: u8, y: u8) -> Option<Roll> {
        if x < 1 || x > 6 || y < 1 || y > 6 {
            return None;
        }
        if x <= y {
            Some(Roll { a: x, b: y })
        } else {
            Some(Roll { a: y, b: x })
        }
    }

    /// A one-die roll from a die value, clamped to `1..=6` (for dice that
    /// cannot roll anything else).
    pub const fn die(d: u8) -> Roll {
        Roll {
            a: clamp_die(d),
            b: 0,
        }
    }

    /// A two-dice roll from two die values, each clamped to `1..=6`.
    pub const fn dice_pair(x: u8, y: u8) -> Roll {
        let (x, y) = (clamp_die(x), clamp_die(y));
        if x <= y {
            Roll { a: x, b: y }
        } else {
            Roll { a: y, b: x }
        }
    }

    /// The dice: `(d, None)` for one die, `(low, Some(high))` for two.
    pub const fn dice(self) -> (u8, Option<u8>) {
        if self.b == 0 {
            (self.a, None)
        } else {
            (self.a, Some(self.b))
        }
    }

    /// True for a two-dice roll.
    #[inline]
    pub const fn is_two_dice(self) -> bool {
        self.b != 0
    }

    /// True for a two-dice double.
    #[inline]
    pub const fn is_double(self) -> bool {
        self.a == self.b
    }

    /// The sum of the dice.
    #[inline]
    pub const fn total(self) -> u8 {
        self.a + self.b
    }

    /// True for a roll that gives another roll: a 6, or a double or `1+6`
    /// with two dice (RULES.md 2.3, 3).
    #[inline(always)]
    pub const fn grants_bonus(self) -> bool {
        // A bit per roll rather than branches: in play the roll is
        // unpredictable.
        (BONUS_ROLLS >> self.index()) & 1 != 0
    }

    /// A number for the roll below 64: its bit in a mask of rolls, its
    /// place in a table of them.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        ((self.a & 7) * 8 + (self.b & 7)) as usize
    }

    /// True when this roll brings a horse out of the yard under `rules`.
    #[inline]
    pub fn exits(self, rules: &Rules) -> bool {
        if self.b == 0 {
            self.a == 6 || (self.a == 1 && rules.exit_rolls == ExitRolls::OneOrSix)
        } else {
            self.a == self.b || (self.a == 1 && self.b == 6)
        }
    }

    /// The move values this roll offers: the die, or the sum, or for a
    /// double one die's value and the sum.
    #[inline]
    pub const fn move_values(self) -> ([u8; 2], usize) {
        if self.b == 0 {
            ([self.a, 0], 1)
        } else if self.a == self.b {
            ([self.a, self.a + self.b], 2)
        } else {
            ([self.a + self.b, 0], 1)
        }
    }

    /// True when the roll fits the dice of `rules`.
    pub fn fits(self, rules: &Rules) -> bool {
        self.is_two_dice() == (rules.dice == Dice::Two)
    }
}

/// Bit `Roll::index` set for the rolls that grant another roll: a 6
/// with one die; a double or `1+6` with two.
pub(crate) const BONUS_ROLLS: u64 = {
    let mut mask = 1 << Roll::die(6).index();
    let mut d = 1;
    while d <= 6 {
        mask |= 1 << Roll::dice_pair(d, d).index();
        d += 1;
    }
    mask | 1 << Roll::dice_pair(1, 6).index()
};

const fn clamp_die(d: u8) -> u8 {
    if d < 1 {
        1
    } else if d > 6 {
        6
    } else {
        d
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.b == 0 {
            write!(f, "{}", self.a)
        } else {
            write!(f, "{}+{}", self.a, self.b)
        }
    }
}

impl From<Roll> for String {
    fn from(r: Roll) -> String {
        r.to_string()
    }
}

impl TryFrom<String> for Roll {
    type Error = RollError;

    fn try_from(s: String) -> Result<Roll, RollError> {
        s.parse()
    }
}

/// A roll that is not `1`..`6` or `a+b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollError(pub String);

impl fmt::Display for RollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad roll '{}' (expected a die 1..6, or two dice like 3+4)",
            self.0
        )
    }
}

impl std::error::Error for RollError {}

fn parse_die(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

impl FromStr for Roll {
    type Err = RollError;

    fn from_str(s: &str) -> Result<Roll, RollError> {
        let err = || RollError(s.to_string());
        match s.split_once('+') {
            None => parse_die(s).and_then(Roll::one).ok_or_else(err),
            Some((x, y)) => match (parse_die(x), parse_die(y)) {
                (Some(x), Some(y)) => Roll::two(x, y).ok_or_else(err),
                _ => Err(err()),
            },
        }
    }
}
