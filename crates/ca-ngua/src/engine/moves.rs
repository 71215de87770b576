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

/// The most moves one roll can offer: four horses, two values each.
pub const MAX_MOVES: usize = 2 * HORSES;

/// The legal moves for one roll, sorted (exit first, then by FROM, then by
/// TO), in 18 bytes on the stack: eight slots of FROM and TO bytes, a mask
/// of the slots in use and their count, so that the generator can fill it
/// without a loop or a branch.
#[derive(Copy, Clone)]
pub struct MoveList {
    /// Byte `k`: FROM of slot `k`.
    from: u64,
    /// Byte `k`: TO of slot `k`.
    to: u64,
    /// Bit `k` set when slot `k` holds a move; moves are listed in slot
    /// order.
    slots: u8,
    /// The number of slots in use. Kept rather than counted from `slots`:
    /// the generator counts the moves while it gathers the mask, and a
    /// random choice among them need not wait for the mask.
    count: u8,
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
    fn push(&mut self, m: Move) {
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
    fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
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
    fn default() -> Self {
        MoveList::new()
    }
}

/// Two lists are equal when they list the same moves in the same order.
impl PartialEq for MoveList {
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
mod tests {
    use super::*;
    use crate::engine::rules::ExitRolls;

    #[test]
    fn rolls_parse_and_print() {
        assert_eq!("6".parse::<Roll>().map(|r| r.to_string()), Ok("6".into()));
        assert_eq!(
            "4+3".parse::<Roll>().map(|r| r.to_string()),
            Ok("3+4".into())
        );
        for bad in ["0", "7", "", "3+", "+3", "3+7", "a", "66", "3+3+3", " 3"] {
            assert!(bad.parse::<Roll>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn roll_values_and_bonus() {
        let r = |s: &str| s.parse::<Roll>().expect("roll");
        assert_eq!(r("3+3").move_values(), ([3, 6], 2));
        assert_eq!(r("1+6").move_values(), ([7, 0], 1));
        assert!(r("1+6").grants_bonus() && r("2+2").grants_bonus() && r("6").grants_bonus());
        assert!(!r("5").grants_bonus() && !r("5+6").grants_bonus());
        let std = Rules::standard();
        let mut one_or_six = Rules::standard();
        one_or_six.exit_rolls = ExitRolls::OneOrSix;
        assert!(!r("1").exits(&std) && r("1").exits(&one_or_six) && r("6").exits(&std));
    }

    #[test]
    fn moves_parse_and_print() {
        for text in ["Y-0", "12-18", "50-51", "0-6"] {
            assert_eq!(text.parse::<Move>().map(|m| m.to_string()), Ok(text.into()));
        }
        for bad in ["Y0", "3-", "-3", "Y-", "3-58", "a-b", "Y-Y"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
    }

    /// The fast generator of plain rules and the general one agree on every
    /// position of many random games, and so do `Game::play_roll` (which
    /// finds the horse by its place in a plain list) and
    /// `Game::play_unchecked`.
    #[test]
    fn plain_path_agrees_with_the_general_one() {
        use crate::engine::{Game, GameEnd, SafeSquares, Seat};
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for i in 0..400u32 {
            let mut rules = Rules::standard();
            rules.exit_rolls = if i % 2 == 0 {
                ExitRolls::Six
            } else {
                ExitRolls::OneOrSix
            };
            rules.three_in_a_row_forfeit = i % 3 != 0;
            rules.safe_squares = [
                SafeSquares::StartsAndStars,
                SafeSquares::StartsOnly,
                SafeSquares::None,
            ][(i % 5 % 3) as usize];
            rules.bonus_after_kick = i % 7 < 3;
            rules.bonus_after_finish = i % 11 < 5;
            rules.game_end = if i % 4 == 1 {
                GameEnd::PlayOn
            } else {
                GameEnd::FirstWinnerByHorsesHome
            };
            assert!(rules.is_plain());
            let seats: &[Seat] = if i % 3 == 2 {
                &[Seat::Green, Seat::Blue]
            } else {
                &Seat::ALL
            };
            let mut game = Game::new(rules, seats, seats[i as usize % seats.len()]).expect("game");
            let mut twin = game.clone();
            while !game.is_over() {
                let roll = Roll::die(rng.random_range(1..=6));
                let pos = *game.position();
                let mut c = rules.compile();
                let fast = pos.moves_for(&rules, &c, roll);
                c.plain = false;
                let general = pos.moves_for(&rules, &c, roll);
                assert_eq!(fast, general, "{pos} {roll}");
                let n = rng.random_range(0..fast.len().max(1));
                game.play_unchecked(roll, fast.get(n));
                twin.play_roll(roll, |_, _| n);
                assert_eq!(twin, game, "{pos} {roll} {n}");
            }
        }
    }

    #[test]
    fn bit_ranges() {
        assert_eq!(bit_range(3, 2), 0);
        assert_eq!(bit_range(0, 0), 1);
        assert_eq!(bit_range(1, 3), 0b1110);
        assert_eq!(bit_range(51, 56), 0b111111 << 51);
    }
}
