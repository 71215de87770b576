//! The legal moves of one roll on the stack ([`MoveList`]): filled by the
//! generator in `moves.rs` without a loop or a branch.

use super::board::HORSES;
use super::moves::Move;
use super::position::YARD;
use std::fmt;

/// The most moves one roll can offer: four horses, two values each.
pub const MAX_MOVES: usize = 2 * HORSES;

/// The legal moves for one roll, sorted (exit first, then by FROM, then by
/// TO), in 18 bytes on the stack: eight slots of FROM and TO bytes, a mask
/// of the slots in use and their count, so that the generator can fill it
/// without a loop or a branch.
#[derive(Copy, Clone)]
pub struct MoveList {
    /// Byte `k`: FROM of slot `k`.
    pub(super) from: u64,
    /// Byte `k`: TO of slot `k`.
    pub(super) to: u64,
    /// Bit `k` set when slot `k` holds a move; moves are listed in slot
    /// order.
    pub(super) slots: u8,
    /// The number of slots in use. Kept rather than counted from `slots`:
    /// the generator counts the moves while it gathers the mask, and a
    /// random choice among them need not wait for the mask.
    pub(super) count: u8,
}

/// `SELECT[mask][i]`: the index of the `i`-th set bit of `mask`.
static SELECT: [[u8; 8]; 256] = select_table();

const fn select_table() -> [[u8; 8]; 256] {
    let mut t = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut i = 0;
        let mut bit = 0;
        while bit < 8 {
            if mask & (1 << bit) != 0 {
                t[mask][i] = bit as u8;
                i += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    t
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            from: 0,
            to: 0,
            slots: 0,
            count: 0,
        }
    }

    /// How many moves.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.count as usize
    }

    /// True when the roll must be passed.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.slots == 0
    }

    #[inline(always)]
    const fn slot(&self, k: u32) -> Move {
        Move {
            from: (self.from >> (8 * k)) as u8,
            to: (self.to >> (8 * k)) as u8,
        }
    }

    /// The `i`-th move.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Move> {
        // Read whether or not there is one, then kept without a branch: in
        // self-play whether a roll must be passed is unpredictable.
        let m = self.slot(u32::from(SELECT[self.slots as usize][i & 7]));
        (i < self.len()).then_some(m)
    }

    /// For a list of the plain generator, whose slot `k` is the mover's
    /// horse `k`: the horse and the target of the `i`-th move; horse 0 and
    /// the yard (a pass) when the list is empty.
    #[inline(always)]
    pub(crate) fn plain_nth(&self, i: usize) -> (u32, u8) {
        let k = u32::from(SELECT[self.slots as usize][i & 7]);
        let to = (self.to >> (8 * k)) as u8 | if self.is_empty() { YARD } else { 0 };
        (k, to)
    }

    /// The first move.
    #[inline(always)]
    pub fn first(&self) -> Option<Move> {
        self.get(0)
    }

    /// The moves in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        let mut rest = self.slots;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            Some(self.slot(k))
        })
    }

    /// True when `m` is listed.
    #[inline]
    pub fn contains(&self, m: Move) -> bool {
        self.iter().any(|x| x == m)
    }

    /// The moves as a vector.
    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }

    /// Appends after the last used slot; ignored when full (the generator
    /// never offers more than two moves per horse).
    #[inline]
    pub(super) fn push(&mut self, m: Move) {
        let k = 8 - self.slots.leading_zeros();
        if k < 8 {
            self.from |= u64::from(m.from) << (8 * k);
            self.to |= u64::from(m.to) << (8 * k);
            self.slots |= 1 << k;
            self.count += 1;
        }
    }

    /// Keeps only the moves for which `keep` is true.
    #[inline]
    pub(super) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut rest = self.slots;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            if !keep(self.slot(k)) {
                self.slots &= !(1 << k);
                self.count -= 1;
            }
        }
    }
}

impl Default for MoveList {
    #[inline]
    fn default() -> Self {
        MoveList::new()
    }
}

/// Two lists are equal when they list the same moves in the same order.
impl PartialEq for MoveList {
    #[inline]
    fn eq(&self, other: &MoveList) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Prints the CLI form: moves separated by spaces, or `pass`.
impl fmt::Display for MoveList {
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
