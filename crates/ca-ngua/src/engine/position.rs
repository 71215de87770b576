//! A position (RULES.md section 4): where every horse stands, who rolls
//! next and the bonus-roll streak, with the word arithmetic that keeps each
//! colour's horses sorted. The position is compact (16 bytes of horses plus
//! four bytes) and `Copy`, so bots and self-play can copy it freely.
//!
//! Its text notation, and the validation that turns a notation into a
//! position, are in `notation.rs`: play and move generation never read
//! them.

use super::board::{HORSES, Seat, is_track, track_square};
use super::rules::Rules;

pub(crate) use super::board::NOT_A_PROGRESS;
pub use super::board::YARD;
pub(crate) use super::rules::finished_word;

/// Sort key that puts the yard first, then ascending progress.
#[inline]
pub(crate) const fn sort_key(progress: u8) -> u8 {
    progress.wrapping_add(1)
}

/// Sorts one colour's four horses: yard first, then ascending progress. A
/// sorting network of five compare-exchanges, without branches.
#[inline]
pub(crate) fn sort_horses(h: &mut [u8; HORSES]) {
    let mut k = h.map(sort_key);
    for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        let (a, b) = (k[i], k[j]);
        k[i] = a.min(b);
        k[j] = a.max(b);
    }
    *h = k.map(|x| x.wrapping_sub(1));
}

/// Sort keys of four horses packed in a word: yard 0, progress `p` is
/// `p + 1` (byte by byte, without carries).
#[inline(always)]
pub(crate) const fn sort_keys(w: u32) -> u32 {
    ((w & 0x7F7F_7F7F) + 0x0101_0101) ^ (w & 0x8080_8080)
}

/// `0xFF` in each byte of a word of horses (as sort keys) whose key is at
/// most `progress`, that is the horses behind `progress + 1`, given
/// `spread(progress + 0x80)` (wrapping: the yard is behind everything). The
/// horses are sorted, so the bytes are a prefix. No byte borrows: keys are
/// at most 58.
#[inline(always)]
const fn keys_upto(keys: u32, spread_plus_0x80: u32) -> u32 {
    let high = spread_plus_0x80.wrapping_sub(keys) & 0x8080_8080;
    // 0x80 -> 0x7F -> 0xFF in each such byte.
    (high - (high >> 7)) | high
}

/// Moves one horse of a sorted colour word from `from` to `to` (further
/// along: a larger sort key) and keeps the word sorted, with masks and no
/// branch. Moving from the yard to the yard leaves the word unchanged (that
/// is how a pass plays).
#[inline(always)]
pub(crate) fn advance_horse(w: u32, from: u8, to: u8) -> u32 {
    let keys = sort_keys(w);
    // The bytes before the (first) horse at `from`.
    let before = keys_upto(keys, spread(from.wrapping_add(0x80)));
    slide_horse(w, keys, before, to)
}

/// `advance_horse` for the horse in byte `k`, the first at its progress:
/// the place in the word, when known, saves looking for the horse. Horse
/// 0 to the yard leaves the word unchanged.
#[inline(always)]
pub(crate) fn advance_nth_horse(w: u32, k: u32, to: u8) -> u32 {
    slide_horse(w, sort_keys(w), ((1u64 << (8 * k)) - 1) as u32, to)
}

/// Moves the horse just after the prefix `before` of the word (its sort
/// keys `keys`) to `to`: the horses between its old and new place slide
/// down one byte.
#[inline(always)]
fn slide_horse(w: u32, keys: u32, before: u32, to: u8) -> u32 {
    // The bytes up to the mover's new place: those that stay below it, and
    // itself. `before` is within them.
    let upto = keys_upto(keys, spread(to.wrapping_add(0x80)));
    // The new place is the last byte of `upto`; the bytes from the old
    // place up to it take the next byte's horse, and it takes `to`.
    let last = upto ^ (upto >> 8);
    let slid = (w >> 8) ^ (((w >> 8) ^ spread(to)) & last);
    let changed = upto ^ before;
    w ^ ((w ^ slid) & changed)
}

/// A byte repeated four times.
#[inline]
pub(crate) const fn spread(b: u8) -> u32 {
    b as u32 * 0x0101_0101
}

/// The high bit of every zero byte of `x`, exactly (no false positives).
#[inline]
pub(crate) const fn zero_bytes(x: u32) -> u32 {
    let y = (x & 0x7F7F_7F7F).wrapping_add(0x7F7F_7F7F);
    !(y | x | 0x7F7F_7F7F)
}

/// A position: where every horse stands, who rolls next and the bonus-roll
/// streak of that colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Progress of each colour's horses, one word a colour in seat order,
    /// one byte a horse, the first in the low byte, each colour sorted
    /// (yard first). Colours that do not play hold four yard horses. Play
    /// reads and writes whole words, never several at once: mixing access
    /// sizes on the same bytes defeats the processor's store-to-load
    /// forwarding, and separate words let one colour's roll start before
    /// the last colour's move is stored.
    pub(crate) words: [u32; 4],
    /// Bit `s` set when seat `s` plays.
    pub(crate) playing: u8,
    /// Bit `s` set when seat `s` has all its horses home and turn order
    /// skips it (derived from `horses`; kept because turn order reads it
    /// on every roll). Always empty with teams, where nobody is skipped.
    pub(crate) done: u8,
    /// The seat to roll, or `NO_TURN` when the game is over.
    pub(crate) turn: u8,
    /// Bonus-granting rolls already made in a row this turn (0..=2).
    pub(crate) streak: u8,
}

pub(crate) const NO_TURN: u8 = 4;

/// The start of a four-player game, red to roll.
impl Default for Position {
    fn default() -> Position {
        Position {
            words: [u32::MAX; 4],
            playing: 0b1111,
            done: 0,
            turn: Seat::Red as u8,
            streak: 0,
        }
    }
}

impl Position {
    /// The start of a game: every playing colour's horses in the yard,
    /// `first` to roll.
    ///
    /// Returns `None` when fewer than two seats play or `first` does not.
    pub fn start(players: &[Seat], first: Seat) -> Option<Position> {
        let mut playing = 0u8;
        for s in players {
            playing |= 1 << s.index();
        }
        if playing.count_ones() < 2 || playing & (1 << first.index()) == 0 {
            return None;
        }
        Some(Position {
            words: [u32::MAX; 4],
            playing,
            done: 0,
            turn: first as u8,
            streak: 0,
        })
    }

    /// The seat to roll, or `None` when the game is over.
    #[inline]
    pub fn turn(&self) -> Option<Seat> {
        if self.turn == NO_TURN {
            None
        } else {
            Some(Seat::from_index(self.turn as usize))
        }
    }

    /// Bonus-granting rolls already made in a row by the colour to roll.
    #[inline]
    pub fn streak(&self) -> u8 {
        self.streak
    }

    /// True when the seat plays in this game.
    #[inline]
    pub fn is_playing(&self, seat: Seat) -> bool {
        self.playing & (1 << seat.index()) != 0
    }

    /// The playing seats in seat order.
    #[inline]
    pub fn playing_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        SeatsOf(self.playing & 0b1111)
    }

    /// How many colours play.
    pub fn player_count(&self) -> usize {
        self.playing.count_ones() as usize
    }

    /// A colour's horses: progress values sorted with `YARD` first.
    #[inline]
    pub fn horses(&self, seat: Seat) -> [u8; HORSES] {
        self.word(seat.index()).to_le_bytes()
    }

    /// Seat `s`'s four horses as one word, one byte each.
    #[inline(always)]
    pub(crate) fn word(&self, s: usize) -> u32 {
        self.words[s & 3]
    }

    /// Sets seat `s`'s four horses from a word.
    #[inline(always)]
    pub(crate) fn set_word(&mut self, s: usize, w: u32) {
        self.words[s & 3] = w;
    }

    /// How many of a colour's horses are home (RULES.md 2.4; with the climb,
    /// on cells 3..=6).
    pub fn horses_home(&self, seat: Seat, rules: &Rules) -> usize {
        self.horses(seat)
            .iter()
            .filter(|&&p| rules.is_home(p))
            .count()
    }

    /// True when all four of the colour's horses are home.
    #[inline]
    pub fn is_finished(&self, seat: Seat, rules: &Rules) -> bool {
        self.word(seat.index()) == finished_word(rules)
    }

    /// Bit `s` set for each seat whose horses are all home.
    #[inline]
    pub(crate) fn finished_mask(&self, rules: &Rules) -> u8 {
        let done = finished_word(rules);
        let mut mask = 0;
        for s in 0..4 {
            mask |= u8::from(self.word(s) == done) << s;
        }
        mask
    }

    /// With teams, the team (by its first seat) whose partners are both
    /// home, if one is: the game is then over.
    pub fn team_home(&self, rules: &Rules) -> Option<Seat> {
        Seat::TEAMS
            .into_iter()
            .find(|&s| self.is_finished(s, rules) && self.is_finished(s.partner(), rules))
    }

    /// Distance travelled: the sum of progress, yard counting 0 (RULES.md 3,
    /// the "by distance" ranking).
    pub fn distance(&self, seat: Seat) -> u32 {
        self.horses(seat)
            .iter()
            .map(|&p| if p == YARD { 0 } else { u32::from(p) })
            .sum()
    }

    /// Every horse of every playing colour on absolute track square `square`,
    /// as `(seat, count)`.
    pub fn horses_on_square(&self, square: u8) -> impl Iterator<Item = (Seat, usize)> + '_ {
        self.playing_seats().filter_map(move |seat| {
            let n = self
                .horses(seat)
                .iter()
                .filter(|&&p| is_track(p) && track_square(seat, p) == square)
                .count();
            (n > 0).then_some((seat, n))
        })
    }

    /// Ends the game: no one is to roll.
    pub fn set_game_over(&mut self) {
        self.turn = NO_TURN;
        self.streak = 0;
    }
}

/// The seats of a mask (bit `s` for seat `s`), in seat order. Its own
/// iterator rather than a filter over `Seat::ALL`: the bots walk the
/// playing seats in their inner loops, and a filter's closure is a call
/// of its own in builds without cross-unit inlining (the quick release
/// build, the tests).
#[derive(Clone, Copy, Debug)]
struct SeatsOf(u8);

impl Iterator for SeatsOf {
    type Item = Seat;

    #[inline]
    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Seat::from_index(s))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_puts_the_yard_first() {
        let mut h = [57, YARD, 0, 12];
        sort_horses(&mut h);
        assert_eq!(h, [YARD, 0, 12, 57]);
        let mut h = [YARD, 3, YARD, 3];
        sort_horses(&mut h);
        assert_eq!(h, [YARD, YARD, 3, 3]);
    }

    #[test]
    fn advancing_keeps_horses_sorted() {
        let w = |h: [u8; 4]| u32::from_le_bytes(h);
        let cases = [
            ([YARD, YARD, 3, 10], YARD, 0, [YARD, 0, 3, 10]),
            ([YARD, 0, 3, 10], 0, 6, [YARD, 3, 6, 10]),
            ([YARD, 0, 3, 10], 3, 57, [YARD, 0, 10, 57]),
            ([2, 2, 2, 9], 2, 5, [2, 2, 5, 9]),
            ([2, 2, 2, 9], 2, 12, [2, 2, 9, 12]),
            ([YARD, YARD, YARD, YARD], YARD, 0, [YARD, YARD, YARD, 0]),
            ([1, 2, 3, 4], 1, 57, [2, 3, 4, 57]),
            ([1, 2, 3, 4], YARD, YARD, [1, 2, 3, 4]),
            ([YARD, 2, 3, 4], YARD, YARD, [YARD, 2, 3, 4]),
        ];
        for (before, from, to, after) in cases {
            assert_eq!(
                advance_horse(w(before), from, to).to_le_bytes(),
                after,
                "{before:?} {from}-{to}"
            );
        }
    }

    #[test]
    fn zero_bytes_is_exact() {
        assert_eq!(zero_bytes(0x0100_0001), 0x0080_8000);
        assert_eq!(zero_bytes(0x0000_0000), 0x8080_8080);
        assert_eq!(zero_bytes(0xFF01_80FF), 0);
    }

    #[test]
    fn the_default_is_the_four_player_start() {
        assert_eq!(
            Some(Position::default()),
            Position::start(&Seat::ALL, Seat::Red)
        );
    }
}
