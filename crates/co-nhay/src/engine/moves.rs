//! Moves (CO-NHAY.md §3): a step to an adjacent empty hole, or a chain of
//! jumps over single occupied holes; a move is known by its two ends.
//!
//! The generator works on hole sets: for each piece, the steps are its
//! neighbours that are empty, and the jump chains a flood fill over
//! landings (each landing hole is reached once, whichever chain found it).
//! A [`MoveList`] holds one destination set per piece, so it lives on the
//! stack, is sorted by construction and never allocates.

use super::board::{HOLES, Holes, JUMP_COUNT, JUMPS, NEIGHBOURS, NO_HOLE, bit};
use std::fmt;
use std::str::FromStr;

/// Pieces per player.
pub const PIECES: usize = 10;

/// A move `FROM-TO`, or `pass`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The pass: legal only when no other move is.
    pub const PASS: Move = Move {
        from: NO_HOLE,
        to: NO_HOLE,
    };

    /// The move from `from` to `to`, if both are holes and they differ (a
    /// move never ends where it began).
    pub const fn new(from: u8, to: u8) -> Option<Move> {
        if (from as usize) < HOLES && (to as usize) < HOLES && from != to {
            Some(Move { from, to })
        } else {
            None
        }
    }

    /// For the generator: ends known to be valid holes.
    #[inline(always)]
    pub(crate) const fn new_unchecked(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// The hole the piece leaves (`None` for a pass).
    #[inline]
    pub const fn from(self) -> Option<u8> {
        if self.is_pass() {
            None
        } else {
            Some(self.from)
        }
    }

    /// The hole the piece ends in (`None` for a pass).
    #[inline]
    pub const fn to(self) -> Option<u8> {
        if self.is_pass() { None } else { Some(self.to) }
    }

    /// Both ends, `None` for a pass.
    #[inline(always)]
    pub const fn ends(self) -> Option<(u8, u8)> {
        if self.is_pass() {
            None
        } else {
            Some((self.from, self.to))
        }
    }

    /// True for `pass`.
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.from == NO_HOLE
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ends() {
            None => f.write_str("pass"),
            Some((a, b)) => write!(f, "{a}-{b}"),
        }
    }
}

/// Why a move's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not `FROM-TO` with two hole numbers, nor `pass`.
    Malformed(String),
    /// A hole number over 120.
    NoSuchHole(String),
    /// `FROM` and `TO` are the same hole.
    SameHole(u8),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(t) => {
                write!(
                    f,
                    "bad move '{t}' (expected FROM-TO with holes 0-120, or pass)"
                )
            }
            MoveError::NoSuchHole(t) => {
                write!(f, "bad move '{t}': holes are numbered 0 to 120")
            }
            MoveError::SameHole(h) => {
                write!(f, "bad move '{h}-{h}': a move never ends where it began")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A hole number: digits only (no sign, no space), 0–120.
pub(crate) fn parse_hole(token: &str) -> Result<u8, HoleError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(HoleError::Malformed);
    }
    match token.parse::<u8>() {
        Ok(n) if usize::from(n) < HOLES => Ok(n),
        // Digits only, so anything unparsed is a number too large.
        _ => Err(HoleError::OutOfRange),
    }
}

/// Why a hole number was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum HoleError {
    /// Not a number.
    Malformed,
    /// A number over 120.
    OutOfRange,
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        if s == "pass" {
            return Ok(Move::PASS);
        }
        let malformed = || MoveError::Malformed(s.to_string());
        let (a, b) = s.split_once('-').ok_or_else(malformed)?;
        let hole = |t: &str| match parse_hole(t) {
            Ok(h) => Ok(h),
            Err(HoleError::Malformed) => Err(malformed()),
            Err(HoleError::OutOfRange) => Err(MoveError::NoSuchHole(s.to_string())),
        };
        let (from, to) = (hole(a)?, hole(b)?);
        Move::new(from, to).ok_or(MoveError::SameHole(from))
    }
}

/// The holes a piece on `from` can end a jump chain in, given `occupied`
/// (the other pieces: the mover is lifted). A chain could land on its start
/// hole on the way, but from there it reaches nothing new, and a move never
/// ends where it began, so the start counts as reached from the outset.
#[inline]
pub(crate) fn jump_targets(from: u8, occupied: u128) -> u128 {
    let start = bit(from);
    let mut reached = start;
    let mut frontier = start;
    while frontier != 0 {
        let h = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        for j in &JUMPS[h][..usize::from(JUMP_COUNT[h])] {
            // Over an occupied hole onto an empty one not reached before.
            if occupied & bit(j.over) != 0 && (occupied | reached) & bit(j.land) == 0 {
                reached |= bit(j.land);
                frontier |= bit(j.land);
            }
        }
    }
    reached & !start
}

/// Every hole a piece on `from` can move to (steps and jump chains), before
/// any arm restriction. `occupied` includes the mover.
#[inline]
pub(crate) fn destinations(from: u8, occupied: u128) -> u128 {
    let others = occupied & !bit(from);
    (NEIGHBOURS[usize::from(from)] & !occupied) | jump_targets(from, others)
}

/// One jump chain from `from` to `to` (the holes landed on, `from` first
/// and `to` last), the one with the fewest jumps, or `None` when no chain
/// gets there. `occupied` includes the mover.
pub(crate) fn jump_chain(from: u8, to: u8, occupied: u128) -> Option<Vec<u8>> {
    let others = occupied & !bit(from);
    let mut parent = [NO_HOLE; HOLES];
    let mut reached = bit(from);
    // Breadth first, so that the chain found has the fewest jumps.
    let mut queue = [0u8; HOLES];
    let (mut head, mut tail) = (0, 1);
    queue[0] = from;
    while head < tail {
        let h = queue[head];
        head += 1;
        for j in &JUMPS[usize::from(h)][..usize::from(JUMP_COUNT[usize::from(h)])] {
            if others & bit(j.over) != 0 && (others | reached) & bit(j.land) == 0 {
                reached |= bit(j.land);
                parent[usize::from(j.land)] = h;
                queue[tail] = j.land;
                tail += 1;
            }
        }
    }
    if to == from || reached & bit(to) == 0 {
        return None;
    }
    let mut path = vec![to];
    let mut h = to;
    while h != from {
        h = parent[usize::from(h)];
        path.push(h);
    }
    path.reverse();
    Some(path)
}

/// The legal moves of one player: for each of its pieces (in increasing
/// hole order), the set of holes it can move to. Iterates sorted by FROM,
/// then TO. Empty means the player must pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveList {
    from: [u8; PIECES],
    to: [u128; PIECES],
    pieces: u8,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::EMPTY
    }
}

impl MoveList {
    /// No moves.
    pub const EMPTY: MoveList = MoveList {
        from: [0; PIECES],
        to: [0; PIECES],
        pieces: 0,
    };

    /// Adds a piece's destinations (pieces come in increasing hole order).
    #[inline(always)]
    pub(crate) fn push_piece(&mut self, from: u8, to: u128) {
        let i = usize::from(self.pieces);
        if i < PIECES && to != 0 {
            self.from[i] = from;
            self.to[i] = to;
            self.pieces += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.to[..usize::from(self.pieces)]
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum()
    }

    /// True when there is no move (the player passes).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pieces == 0
    }

    /// True when `mv` is listed (never for `pass`).
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        let Some((from, to)) = mv.ends() else {
            return false;
        };
        self.destinations(from) & bit(to) != 0
    }

    /// Where the piece on `from` can go (empty if it cannot move or there
    /// is no such piece).
    #[inline]
    pub fn destinations(&self, from: u8) -> u128 {
        self.pieces()
            .find(|&(f, _)| f == from)
            .map_or(0, |(_, to)| to)
    }

    /// The pieces that can move and their destination sets, in increasing
    /// hole order.
    #[inline]
    pub fn pieces(&self) -> impl Iterator<Item = (u8, u128)> + '_ {
        let n = usize::from(self.pieces);
        self.from[..n]
            .iter()
            .copied()
            .zip(self.to[..n].iter().copied())
    }

    /// The moves, sorted by FROM then TO.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.pieces()
            .flat_map(|(from, to)| Holes(to).map(move |t| Move::new_unchecked(from, t)))
    }

    /// The `i`-th move in order.
    pub fn get(&self, mut i: usize) -> Option<Move> {
        for (from, to) in self.pieces() {
            let n = to.count_ones() as usize;
            if i < n {
                return Holes(to).nth(i).map(|t| Move::new_unchecked(from, t));
            }
            i -= n;
        }
        None
    }

    /// The first move in order.
    pub fn first(&self) -> Option<Move> {
        self.get(0)
    }
}

impl fmt::Display for MoveList {
    /// The moves space-separated, or `pass` (what `ca-ngua-cli nhay moves`
    /// prints).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("pass");
        }
        for (i, m) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_print() {
        assert_eq!("3-14".parse::<Move>(), Ok(Move::new(3, 14).expect("move")));
        assert_eq!("pass".parse::<Move>(), Ok(Move::PASS));
        assert_eq!(Move::PASS.to_string(), "pass");
        assert_eq!(Move::new(120, 0).expect("move").to_string(), "120-0");
        for bad in [
            "", "3", "3-", "-3", "3--4", "a-4", "+3-4", "3-4-5", " 3-4", "3 -4",
        ] {
            assert!(
                matches!(bad.parse::<Move>(), Err(MoveError::Malformed(_))),
                "{bad}"
            );
        }
        assert_eq!(
            "3-121".parse::<Move>(),
            Err(MoveError::NoSuchHole("3-121".into()))
        );
        assert_eq!("7-7".parse::<Move>(), Err(MoveError::SameHole(7)));
        assert!(Move::new(3, 3).is_none() && Move::new(3, 121).is_none());
    }

    #[test]
    fn a_chain_may_cross_its_start_but_not_end_there() {
        // A piece on 60 ringed by pieces can jump out and back over and
        // over; it never lists 60 itself.
        let ring = NEIGHBOURS[60];
        let occupied = ring | bit(60);
        let to = destinations(60, occupied);
        assert_eq!(to & bit(60), 0);
        assert_eq!(to.count_ones(), 6);
        let path = jump_chain(60, Holes(to).next().expect("a landing"), occupied).expect("chain");
        assert_eq!(path.len(), 2);
        assert_eq!(jump_chain(60, 60, occupied), None);
    }
}
