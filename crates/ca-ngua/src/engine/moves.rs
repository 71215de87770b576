//! Rolls, moves, and legal move generation (RULES.md 2.1 and section 3).
//!
//! Generation never allocates: a [`MoveList`] lives on the stack. The
//! toggles that need to know where other horses stand (no passing, pairs,
//! forced kick) build a few bitmasks once per call; the standard rules need
//! none of them.

use super::board::{ARM, CENTRE, DOOR, HORSES, Seat, TOP_CELL, TRACK_SQUARES, track_square};
use super::compiled::Compiled;
use super::position::{NO_TURN, NOT_A_PROGRESS, Position, YARD, spread, zero_bytes};
use super::roll::Roll;
use super::rules::{HomeColumn, Pairs, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

pub use super::move_list::{MAX_MOVES, MoveList};

/// A move of one horse, `FROM-TO` in progress terms; `from` is [`YARD`]
/// for an exit. Horses of one colour on the same progress are
/// interchangeable, so this names the move completely. Files and messages
/// hold it as its notation string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Move {
    /// Progress before the move, or `YARD`.
    pub from: u8,
    /// Progress after the move.
    pub to: u8,
}

impl Move {
    /// The exit `Y-0`.
    pub const EXIT: Move = Move { from: YARD, to: 0 };

    /// True for an exit from the yard.
    #[inline]
    pub const fn is_exit(self) -> bool {
        self.from == YARD
    }

    /// Sort key: exit first, then by FROM, then by TO (RULES.md 5).
    #[inline]
    pub const fn sort_key(self) -> (u8, u8) {
        (self.from.wrapping_add(1), self.to)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from == YARD {
            write!(f, "Y-{}", self.to)
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

impl TryFrom<String> for Move {
    type Error = MoveError;

    fn try_from(s: String) -> Result<Move, MoveError> {
        s.parse()
    }
}

/// A move that is not `FROM-TO`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(pub String);

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad move '{}' (expected FROM-TO like Y-0 or 12-18, or pass)",
            self.0
        )
    }
}

impl std::error::Error for MoveError {}

fn parse_progress(s: &str) -> Option<u8> {
    if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok().filter(|&p| p <= CENTRE)
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let err = || MoveError(s.to_string());
        let (from, to) = s.split_once('-').ok_or_else(err)?;
        let from = if from == "Y" {
            YARD
        } else {
            parse_progress(from).ok_or_else(err)?
        };
        let to = parse_progress(to).ok_or_else(err)?;
        Ok(Move { from, to })
    }
}

/// Bits `lo..=hi` of a u64 (empty when `lo > hi`).
#[inline]
const fn bit_range(lo: u8, hi: u8) -> u64 {
    if lo > hi {
        0
    } else {
        (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
    }
}

/// Track bits: relative progress 0..=50.
const TRACK_BITS: u64 = (1 << (DOOR as u64 + 1)) - 1;

/// `SQUARE_BIT[k][p]`: for a horse at progress `p` of the colour `k` seats
/// after the one to move, the bit of its square as the colour to move
/// counts progress (its start is `k` arms further along), within the track
/// bits; 0 for a horse off the track (in the yard, at home, or of a colour
/// that does not play).
static SQUARE_BIT: [[u64; 256]; 4] = {
    let mut t = [[0; 256]; 4];
    let mut k = 1;
    while k < 4 {
        let mut p = 0;
        while p <= DOOR {
            let rel = (p + ARM * k as u8) % TRACK_SQUARES;
            t[k][p as usize] = (1 << rel) & TRACK_BITS;
            p += 1;
        }
        k += 1;
    }
    t
};

/// Where horses stand, seen from the colour to move: bit `p` is the square
/// that colour would reach at progress `p`.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Surroundings {
    /// Own horses, track and home cells (bits 0..=56).
    pub own: u64,
    /// Other colours' horses on the track (bits 0..=50); with teams, the
    /// opponents' only.
    pub others: u64,
    /// With teams, the partner's horses on the track.
    pub partner: u64,
    /// Track squares where another colour (the partner included) has two
    /// or more horses.
    pub others_pairs: u64,
}

impl Surroundings {
    /// Seen from `seat`'s horses; `teams` tells the partner (across the
    /// board) apart from the opponents.
    pub(crate) fn new(pos: &Position, seat: Seat, teams: bool) -> Surroundings {
        let mut s = Surroundings::default();
        // Loops by index: the bots build this at every node, and a build
        // without cross-unit inlining (the tests, the quick release build)
        // would call the standard library's iterators for each horse.
        let mine = pos.horses(seat);
        let mut i = 0;
        while i < HORSES {
            let p = mine[i];
            // The yard (255) and the centre are no square.
            if p < CENTRE {
                s.own |= 1 << p;
            }
            i += 1;
        }
        let mut k = 1;
        while k < 4 {
            let square_bit = &SQUARE_BIT[k];
            let theirs = pos.horses(Seat::from_index(seat.index() + k));
            let mut seen = 0u64;
            let mut i = 0;
            while i < HORSES {
                let bit = square_bit[usize::from(theirs[i])];
                s.others_pairs |= seen & bit;
                seen |= bit;
                i += 1;
            }
            if teams && k == 2 {
                s.partner |= seen;
            } else {
                s.others |= seen;
            }
            k += 1;
        }
        s
    }

    /// True when landing at track progress `to` kicks (RULES.md 2.2, 3).
    #[inline]
    pub(crate) fn kicks(&self, rules: &Rules, seat: Seat, to: u8) -> bool {
        to <= DOOR
            && self.others & (1 << to) != 0
            && !rules.is_safe_square(track_square(seat, to))
            && !(rules.pairs == Pairs::SafePair && self.others_pairs & (1 << to) != 0)
    }
}

impl Position {
    /// The legal moves for `roll` by the colour to move, sorted as the CLI
    /// prints them. Empty means the roll is passed: no horse can move, the
    /// game is over, the roll does not fit the rules' dice, or it is the
    /// third bonus roll in a row under the forfeit rule.
    #[inline]
    pub fn legal_moves(&self, rules: &Rules, roll: Roll) -> MoveList {
        self.moves_for(rules, &rules.compile(), roll)
    }

    /// `legal_moves`, with `c == rules.compile()` kept by the caller.
    #[inline(always)]
    pub(crate) fn moves_for(&self, rules: &Rules, c: &Compiled, roll: Roll) -> MoveList {
        if c.plain {
            self.plain_moves_for(c, roll)
        } else {
            self.general_moves(rules, roll)
        }
    }

    /// `legal_moves` under plain rules (`c.plain`).
    #[inline(always)]
    pub(crate) fn plain_moves_for(&self, c: &Compiled, roll: Roll) -> MoveList {
        // A forfeited roll (a third 6) lists nothing: one test, rarely true,
        // rather than one on the unpredictable die.
        if self.turn == NO_TURN
            || roll.is_two_dice()
            || self.streak >= c.forfeit_streak[roll.index()]
        {
            return MoveList::new();
        }
        let exit = c.die_exits[usize::from(roll.a & 7)];
        plain_moves(self.word(self.turn as usize), roll.a, exit)
    }

    /// `legal_moves` under any rules, looking at other horses where a
    /// toggle asks for it.
    fn general_moves(&self, rules: &Rules, roll: Roll) -> MoveList {
        let mut list = MoveList::new();
        if self.turn == NO_TURN || !roll.fits(rules) || self.is_forfeit(rules, roll) {
            return list;
        }
        // The colour whose horses move: the one to roll, or with teams its
        // partner once its own are all home.
        let Some(seat) = self.mover(rules) else {
            return list;
        };
        // Only the toggles that look at other horses need to know where they
        // stand (the climb looks at its own column).
        let sur = if rules.no_passing
            || rules.pairs != Pairs::Ordinary
            || rules.forced_kick
            || rules.home_column == HomeColumn::Climb
        {
            Surroundings::new(self, seat, rules.teams)
        } else {
            Surroundings::default()
        };
        let (values, n_values) = roll.move_values();
        let climb = rules.home_column == HomeColumn::Climb;
        let mut prev = YARD - 1; // no horse has this progress
        for p in self.horses(seat) {
            if p == prev {
                continue;
            }
            prev = p;
            if p == YARD {
                if roll.exits(rules) && exit_ok(rules, &sur) {
                    list.push(Move::EXIT);
                }
                continue;
            }
            if climb && p > DOOR {
                // RULES.md 3, climb: from cell k only to k+1, with exactly
                // k+1 (or any double with two dice), into an empty cell.
                let k = p - DOOR;
                let value_fits = values[..n_values].contains(&(k + 1))
                    || (roll.is_two_dice() && roll.is_double());
                if p < TOP_CELL && value_fits && sur.own & (1 << (p + 1)) == 0 {
                    list.push(Move { from: p, to: p + 1 });
                }
                continue;
            }
            for &n in &values[..n_values] {
                if let Some(to) = target(rules, &sur, p, n) {
                    list.push(Move { from: p, to });
                }
            }
        }
        if rules.forced_kick && list.iter().any(|m| sur.kicks(rules, seat, m.to)) {
            list.retain(|m| sur.kicks(rules, seat, m.to));
        }
        if rules.forced_exit && list.iter().any(|m| m.is_exit()) {
            list.retain(Move::is_exit);
        }
        list
    }

    /// True when this roll is the third bonus-granting roll in a row and
    /// the forfeit rule passes it (RULES.md 2.3).
    #[inline]
    pub fn is_forfeit(&self, rules: &Rules, roll: Roll) -> bool {
        rules.three_in_a_row_forfeit && self.streak >= 2 && roll.grants_bonus()
    }

    /// True when `mv` by the colour to move would kick (for bots and the
    /// board view; assumes the move is legal).
    pub fn move_kicks(&self, rules: &Rules, mv: Move) -> bool {
        match self.mover(rules) {
            Some(seat) => Surroundings::new(self, seat, rules.teams).kicks(rules, seat, mv.to),
            None => false,
        }
    }

    /// The colour whose horses the colour to roll moves: itself, or with
    /// teams its partner once its own horses are all home (RULES.md 3,
    /// "Teams"). `None` when the game is over.
    #[inline]
    pub fn mover(&self, rules: &Rules) -> Option<Seat> {
        let s = self.turn()?.index();
        Some(Seat::from_index(if rules.teams {
            self.owner_index(s, super::position::finished_word(rules))
        } else {
            s
        }))
    }
}

/// The moves of one die when no toggle looks at other horses: the hot path
/// of self-play, computed on the four horses as one word (one byte each)
/// without data-dependent branches.
#[inline(always)]
fn plain_moves(w: u32, d: u8, exit: u32) -> MoveList {
    const HIGH: u32 = 0x8080_8080;
    // Progress is at most 57 and the yard is 0xFF: the high bit of a byte
    // says "in the yard".
    let yard = w & HIGH;
    // Progress plus the die (yard horses: 0x7F plus the die).
    let ahead = (w & !HIGH) + spread(d);
    // Adding the room the centre leaves below 0x80 sets the high bit of
    // the horses that would pass the centre, and of the yard horses (no
    // byte overflows: 0x7F + 6 + 70 < 0x100).
    let advances = !(ahead + spread(0x7F - CENTRE)) & HIGH;
    // The first horse exits (byte 0, the yard's first horse if any) when
    // `exit` (0x80 or 0) says the die brings one out.
    let exit = yard & exit;
    // 0x80 where a horse repeats the one before it (sorted, so equal
    // horses are adjacent); byte 0 compares with a value no horse holds.
    let repeat = zero_bytes(w ^ ((w << 8) | u32::from(NOT_A_PROGRESS)));
    let legal = (advances | exit) & !repeat;
    // Where each horse would go: progress + d, or 0 from the yard.
    let to = ahead & !((yard >> 7) * 0xFF);
    // Gather the four 0x80 bits into bits 24..=27, then into a slot mask;
    // add them up into the top byte (a multiplication, not count_ones:
    // baseline x86-64 has no popcount).
    let slots = ((u64::from(legal >> 7) * 0x0102_0408) >> 24) & 0xF;
    let count = (legal >> 7).wrapping_mul(0x0101_0101) >> 24;
    MoveList {
        from: u64::from(w),
        to: u64::from(to),
        slots: slots as u8,
        count: count as u8,
    }
}

/// An exit lands on the start square (progress 0): a block of another
/// colour bars it; with no passing, so does a horse of one's own.
#[inline]
fn exit_ok(rules: &Rules, sur: &Surroundings) -> bool {
    let blocked = rules.pairs == Pairs::Block && sur.others_pairs & 1 != 0;
    let own_horse_there = rules.no_passing && sur.own & 1 != 0;
    !blocked && !own_horse_there
}

/// Where a horse at progress `p` on the track (or, exact column, in the home
/// column) ends with a move of `n`, if that move is legal. Climb moves
/// inside the column are handled by the caller.
#[inline]
fn target(rules: &Rules, sur: &Surroundings, p: u8, n: u8) -> Option<u8> {
    let mut to = p + n;
    match rules.home_column {
        HomeColumn::Exact => {
            if to > CENTRE {
                return None; // RULES.md 2.1: no overshooting the centre
            }
        }
        HomeColumn::Climb => {
            if p == DOOR {
                // Enter on cell n; cells 1..=n must be empty (no passing
                // and one horse per cell in the column).
                if n > 6 || sur.own & bit_range(DOOR + 1, DOOR + n) != 0 {
                    return None;
                }
                to = DOOR + n;
                return Some(to);
            }
            if to > DOOR {
                return None; // must land exactly on the door
            }
        }
    }
    if rules.pairs == Pairs::Block && sur.others_pairs & bit_range(p + 1, to.min(DOOR)) != 0 {
        return None; // a block may be neither passed nor landed on
    }
    if rules.no_passing {
        // A partner's horse counts as a horse, though one may land on it.
        let between = bit_range(p + 1, to - 1);
        if (sur.own | sur.others | sur.partner) & between != 0 {
            return None;
        }
        if to != CENTRE && sur.own & (1 << to) != 0 {
            return None;
        }
    }
    Some(to)
}

#[cfg(test)]
mod tests;
