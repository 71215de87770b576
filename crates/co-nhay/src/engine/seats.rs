//! Players (CO-NHAY.md §2): the arm each player starts in, the seatings
//! for 2, 3, 4 and 6 players, and small ordered lists of arms.

use super::board::{ARM_MASKS, ARMS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// An arm of the star, 0–5 clockwise from the bottom; a player is known by
/// the arm it starts in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Arm(u8);

impl Arm {
    /// Every arm, in turn order.
    pub const ALL: [Arm; ARMS] = [Arm(0), Arm(1), Arm(2), Arm(3), Arm(4), Arm(5)];

    /// The arm with this number, if it is 0–5.
    pub const fn new(n: u8) -> Option<Arm> {
        if (n as usize) < ARMS {
            Some(Arm(n))
        } else {
            None
        }
    }

    /// The arm's number, 0–5.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The arm's number, 0–5.
    #[inline(always)]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// CO-NHAY.md §2: the target of arm k is arm (k + 3) mod 6.
    #[inline(always)]
    pub const fn target(self) -> Arm {
        Arm((self.0 + 3) % 6)
    }

    /// The arm's ten holes.
    #[inline(always)]
    pub const fn holes(self) -> u128 {
        ARM_MASKS[self.0 as usize]
    }
}

impl fmt::Display for Arm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Arm> for u8 {
    fn from(a: Arm) -> u8 {
        a.0
    }
}

impl TryFrom<u8> for Arm {
    type Error = String;

    fn try_from(n: u8) -> Result<Arm, String> {
        Arm::new(n).ok_or_else(|| format!("arm {n} does not exist (arms are 0-5)"))
    }
}

/// How many play, and so which arms are in play (CO-NHAY.md §2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Players {
    /// Arms 0 and 3.
    Two,
    /// Arms 0, 2 and 4: every target starts empty.
    Three,
    /// Arms 0, 1, 3 and 4: two opposite pairs.
    Four,
    /// Every arm.
    Six,
}

impl Players {
    /// Every seating, fewest players first.
    pub const ALL: [Players; 4] = [Players::Two, Players::Three, Players::Four, Players::Six];

    /// The seating for `n` players; five is not offered (one player would
    /// face the only empty arm).
    pub const fn from_count(n: usize) -> Option<Players> {
        match n {
            2 => Some(Players::Two),
            3 => Some(Players::Three),
            4 => Some(Players::Four),
            6 => Some(Players::Six),
            _ => None,
        }
    }

    /// The number of players.
    pub const fn count(self) -> usize {
        match self {
            Players::Two => 2,
            Players::Three => 3,
            Players::Four => 4,
            Players::Six => 6,
        }
    }

    /// Bit `k` set for every arm `k` in play.
    pub const fn mask(self) -> u8 {
        match self {
            Players::Two => 0b00_1001,
            Players::Three => 0b01_0101,
            Players::Four => 0b01_1011,
            Players::Six => 0b11_1111,
        }
    }

    /// The seating whose arms in play are `mask`, if it is one.
    pub const fn from_mask(mask: u8) -> Option<Players> {
        match mask {
            0b00_1001 => Some(Players::Two),
            0b01_0101 => Some(Players::Three),
            0b01_1011 => Some(Players::Four),
            0b11_1111 => Some(Players::Six),
            _ => None,
        }
    }

    /// The arms in play, in turn order.
    pub fn arms(self) -> impl Iterator<Item = Arm> {
        let mask = self.mask();
        Arm::ALL
            .into_iter()
            .filter(move |a| mask >> a.index() & 1 != 0)
    }
}

impl From<Players> for u8 {
    fn from(p: Players) -> u8 {
        p.count() as u8
    }
}

impl TryFrom<u8> for Players {
    type Error = String;

    fn try_from(n: u8) -> Result<Players, String> {
        Players::from_count(usize::from(n)).ok_or_else(|| format!("{n} players: 2, 3, 4 or 6 play"))
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.count())
    }
}

/// Up to six arms in order, without repeats (the finishing list). `Copy`
/// and without allocation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArmList {
    arms: [u8; ARMS],
    len: u8,
    /// Bit `k` set when arm `k` is listed.
    mask: u8,
}

impl ArmList {
    /// The empty list.
    pub const EMPTY: ArmList = ArmList {
        arms: [0; ARMS],
        len: 0,
        mask: 0,
    };

    /// Appends `arm` unless it is already listed.
    #[inline]
    pub fn push(&mut self, arm: Arm) {
        if !self.contains(arm) {
            self.arms[usize::from(self.len)] = arm.0;
            self.len += 1;
            self.mask |= 1 << arm.0;
        }
    }

    /// True when `arm` is listed.
    #[inline(always)]
    pub const fn contains(&self, arm: Arm) -> bool {
        self.mask >> arm.0 & 1 != 0
    }

    /// Bit `k` set for every listed arm `k`.
    #[inline(always)]
    pub const fn mask(&self) -> u8 {
        self.mask
    }

    /// The number of arms listed.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True when nothing is listed.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th arm listed.
    pub fn get(&self, i: usize) -> Option<Arm> {
        (i < self.len()).then(|| Arm(self.arms[i]))
    }

    /// The arms in order.
    pub fn iter(&self) -> impl Iterator<Item = Arm> + '_ {
        self.arms[..self.len()].iter().map(|&a| Arm(a))
    }
}

impl fmt::Display for ArmList {
    /// `-` when empty, else the arms comma-separated (CO-NHAY.md §5).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, a) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_of_co_nhay_md() {
        let arms = |p: Players| p.arms().map(Arm::number).collect::<Vec<_>>();
        assert_eq!(arms(Players::Two), [0, 3]);
        assert_eq!(arms(Players::Three), [0, 2, 4]);
        assert_eq!(arms(Players::Four), [0, 1, 3, 4]);
        assert_eq!(arms(Players::Six), [0, 1, 2, 3, 4, 5]);
        for p in Players::ALL {
            assert_eq!(Players::from_count(p.count()), Some(p));
            assert_eq!(Players::from_mask(p.mask()), Some(p));
            assert_eq!(p.arms().count(), p.count());
        }
        assert_eq!(Players::from_count(5), None);
        assert_eq!(Players::from_count(1), None);
        // Three players: every target is an arm nobody starts in.
        for a in Players::Three.arms() {
            assert_eq!(Players::Three.mask() >> a.target().index() & 1, 0);
        }
        // Two, four and six: every target is an arm in play.
        for p in [Players::Two, Players::Four, Players::Six] {
            for a in p.arms() {
                assert_eq!(p.mask() >> a.target().index() & 1, 1);
            }
        }
    }

    #[test]
    fn arm_lists_keep_order_and_refuse_repeats() {
        let mut l = ArmList::EMPTY;
        assert_eq!(l.to_string(), "-");
        l.push(Arm::ALL[4]);
        l.push(Arm::ALL[1]);
        l.push(Arm::ALL[4]);
        assert_eq!(l.len(), 2);
        assert_eq!(l.to_string(), "4,1");
        assert!(l.contains(Arm::ALL[1]) && !l.contains(Arm::ALL[0]));
    }
}
