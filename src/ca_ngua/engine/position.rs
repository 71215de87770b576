//! A position and its text notation (RULES.md section 4).
//!
//! `Setup` is what the notation says, unchecked; `Position` is a setup that
//! passed validation under a rule set. The position is compact (16 bytes of
//! horses plus four bytes) and `Copy`, so bots and self-play can copy it
//! freely.

use super::board::{CENTRE, DOOR, HORSES, Seat, TRACK_SQUARES, home_cell, is_track, track_square};
use super::rules::{HomeColumn, Pairs, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The progress value that stands for "in the yard".
pub const YARD: u8 = u8::MAX;

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

/// A colour's sorted horses once all are home: four at the centre, or with
/// the climb one on each of cells 3, 4, 5 and 6 (a cell holds one horse).
#[inline(always)]
pub(crate) const fn finished_horses(rules: &Rules) -> [u8; HORSES] {
    match rules.home_column {
        HomeColumn::Exact => [CENTRE; HORSES],
        HomeColumn::Climb => [DOOR + 3, DOOR + 4, DOOR + 5, DOOR + 6],
    }
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
    /// Bit `s` set when seat `s` has all its horses home (derived from
    /// `horses`; kept because turn order reads it on every roll).
    pub(crate) done: u8,
    /// The seat to roll, or `NO_TURN` when the game is over.
    pub(crate) turn: u8,
    /// Bonus-granting rolls already made in a row this turn (0..=2).
    pub(crate) streak: u8,
}

pub(crate) const NO_TURN: u8 = 4;

/// A byte no horse ever holds (neither a progress nor `YARD`).
pub(crate) const NOT_A_PROGRESS: u8 = YARD - 1;

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

/// The notation, parsed but not yet checked against a rule set. Each
/// colour's horses are sorted (yard first), so two setups of one position
/// are equal. Files and messages hold it as its notation string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Setup {
    /// Each colour's horses (progress or `YARD`), `None` when not playing.
    pub horses: [Option<[u8; HORSES]>; 4],
    /// The colour to roll, `None` when the game is over.
    pub turn: Option<Seat>,
    /// Bonus-granting rolls already made this turn.
    pub streak: u8,
}

/// What is wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not three space-separated fields.
    FieldCount(usize),
    /// Not four `/`-separated colour fields.
    ColourCount(usize),
    /// A colour field without exactly four horses.
    HorseCount { seat: Seat, found: usize },
    /// A horse token that is not `Y` or `0..=57`.
    BadHorse { seat: Seat, token: String },
    /// Fewer than two colours play.
    TooFewColours(usize),
    /// The turn field is not a colour letter or `-`.
    BadTurn(String),
    /// The colour to roll does not play.
    TurnNotPlaying(Seat),
    /// The colour to roll has already finished.
    TurnFinished(Seat),
    /// The streak field is not 0, 1 or 2.
    BadStreak(String),
    /// Two colours on a track square that is not safe.
    SharedSquare {
        square: u8,
        first: Seat,
        second: Seat,
    },
    /// A horse at the centre under the climb, which ends on cell 6.
    CentreWithClimb(Seat),
    /// Two horses on one home cell under the climb.
    SharedHomeCell { seat: Seat, cell: u8 },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            FieldCount(n) => write!(
                f,
                "a position has 3 fields separated by single spaces (horses, turn, streak), found {n}"
            ),
            ColourCount(n) => write!(
                f,
                "the horses field has 4 colour fields separated by '/' (r/g/y/b), found {n}"
            ),
            HorseCount { seat, found } => write!(
                f,
                "{}: a playing colour has exactly 4 horses separated by ',', found {found} \
                 (write '-' for a colour that does not play)",
                seat.name()
            ),
            BadHorse { seat, token } => write!(
                f,
                "{}: bad horse '{token}' (expected Y or a progress 0..=57)",
                seat.name()
            ),
            TooFewColours(n) => {
                write!(f, "at least two colours must play, found {n}")
            }
            BadTurn(t) => write!(f, "bad turn '{t}' (expected r, g, y, b or -)"),
            TurnNotPlaying(s) => write!(
                f,
                "it is {}'s turn but {} does not play",
                s.name(),
                s.name()
            ),
            TurnFinished(s) => {
                write!(
                    f,
                    "it is {}'s turn but {} has already finished",
                    s.name(),
                    s.name()
                )
            }
            BadStreak(t) => write!(f, "bad streak '{t}' (expected 0, 1 or 2)"),
            SharedSquare {
                square,
                first,
                second,
            } => write!(
                f,
                "{} and {} share track square {square}, which is not safe under these rules",
                first.name(),
                second.name()
            ),
            CentreWithClimb(s) => write!(
                f,
                "{}: a horse at the centre (57), but with the traditional climb horses end on cell 6 (56)",
                s.name()
            ),
            SharedHomeCell { seat, cell } => write!(
                f,
                "{}: two horses on home cell {cell}, but with the traditional climb a cell holds one horse",
                seat.name()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

fn parse_horse(seat: Seat, token: &str) -> Result<u8, PositionError> {
    let bad = || PositionError::BadHorse {
        seat,
        token: token.to_string(),
    };
    if token == "Y" {
        return Ok(YARD);
    }
    // Digits only: no sign, no spaces, no leading '+'.
    if token.is_empty() || token.len() > 2 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let p: u8 = token.parse().map_err(|_| bad())?;
    if p > CENTRE {
        return Err(bad());
    }
    Ok(p)
}

impl FromStr for Setup {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Setup, PositionError> {
        let s = s.trim();
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.len() != 3 || fields.iter().any(|f| f.is_empty()) {
            let n = s.split_whitespace().count();
            return Err(PositionError::FieldCount(if n == 3 {
                fields.len()
            } else {
                n
            }));
        }
        let colours: Vec<&str> = fields[0].split('/').collect();
        if colours.len() != 4 {
            return Err(PositionError::ColourCount(colours.len()));
        }
        let mut horses = [None; 4];
        for (seat, field) in Seat::ALL.into_iter().zip(&colours) {
            if *field == "-" {
                continue;
            }
            let tokens: Vec<&str> = field.split(',').collect();
            if tokens.len() != HORSES {
                return Err(PositionError::HorseCount {
                    seat,
                    found: if field.is_empty() { 0 } else { tokens.len() },
                });
            }
            let mut h = [YARD; HORSES];
            for (slot, token) in h.iter_mut().zip(tokens) {
                *slot = parse_horse(seat, token)?;
            }
            sort_horses(&mut h);
            horses[seat.index()] = Some(h);
        }
        let turn = match fields[1] {
            "-" => None,
            t => match Seat::from_letter_text(t) {
                Some(seat) => Some(seat),
                None => return Err(PositionError::BadTurn(t.to_string())),
            },
        };
        let streak = match fields[2] {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            t => return Err(PositionError::BadStreak(t.to_string())),
        };
        Ok(Setup {
            horses,
            turn,
            streak,
        })
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

    /// Validates a setup under a rule set (RULES.md section 4).
    pub fn from_setup(setup: &Setup, rules: &Rules) -> Result<Position, PositionError> {
        let mut pos = Position {
            words: [u32::MAX; 4],
            playing: 0,
            done: 0,
            turn: NO_TURN,
            streak: setup.streak,
        };
        for seat in Seat::ALL {
            if let Some(mut h) = setup.horses[seat.index()] {
                sort_horses(&mut h);
                pos.set_word(seat.index(), u32::from_le_bytes(h));
                pos.playing |= 1 << seat.index();
            }
        }
        pos.done = pos.finished_mask(rules);
        let n = pos.playing.count_ones() as usize;
        if n < 2 {
            return Err(PositionError::TooFewColours(n));
        }
        if rules.home_column == HomeColumn::Climb {
            for seat in pos.playing_seats() {
                let h = pos.horses(seat);
                if h.contains(&CENTRE) {
                    return Err(PositionError::CentreWithClimb(seat));
                }
                for w in h.windows(2) {
                    if w[0] == w[1]
                        && let Some(cell) = home_cell(w[0])
                    {
                        return Err(PositionError::SharedHomeCell { seat, cell });
                    }
                }
            }
        }
        pos.check_shared_squares(rules)?;
        if let Some(seat) = setup.turn {
            if !pos.is_playing(seat) {
                return Err(PositionError::TurnNotPlaying(seat));
            }
            if pos.is_finished(seat, rules) {
                return Err(PositionError::TurnFinished(seat));
            }
            pos.turn = seat as u8;
        }
        if !rules.three_in_a_row_forfeit {
            // RULES.md 3: with the forfeit off the streak is always 0.
            pos.streak = 0;
        }
        Ok(pos)
    }

    /// Parses and validates the notation under a rule set.
    pub fn parse(text: &str, rules: &Rules) -> Result<Position, PositionError> {
        Position::from_setup(&text.parse()?, rules)
    }

    /// The unchecked setup this position came from (for editing).
    pub fn to_setup(&self) -> Setup {
        let mut horses = [None; 4];
        for seat in self.playing_seats() {
            horses[seat.index()] = Some(self.horses(seat));
        }
        Setup {
            horses,
            turn: self.turn(),
            streak: self.streak,
        }
    }

    fn check_shared_squares(&self, rules: &Rules) -> Result<(), PositionError> {
        // Which colour first stood on each square, and how many horses of
        // each colour stand there.
        let mut first: [Option<Seat>; TRACK_SQUARES as usize] = [None; TRACK_SQUARES as usize];
        for seat in self.playing_seats() {
            for p in self.horses(seat) {
                if !is_track(p) {
                    continue;
                }
                let sq = track_square(seat, p);
                match first[sq as usize] {
                    None => first[sq as usize] = Some(seat),
                    Some(other) if other == seat => {}
                    Some(other) => {
                        // Safe by the board, or (safe pairs) a square that
                        // a pair made safe: its guests stay when the pair
                        // splits (**decision**), so any sharing is reachable.
                        if !rules.is_safe_square(sq) && rules.pairs != Pairs::SafePair {
                            return Err(PositionError::SharedSquare {
                                square: sq,
                                first: other,
                                second: seat,
                            });
                        }
                    }
                }
            }
        }
        Ok(())
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
    pub fn playing_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| self.is_playing(s))
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
        self.horses(seat) == finished_horses(rules)
    }

    /// Bit `s` set for each seat whose horses are all home.
    #[inline]
    pub(crate) fn finished_mask(&self, rules: &Rules) -> u8 {
        let done = u32::from_le_bytes(finished_horses(rules));
        let mut mask = 0;
        for s in 0..4 {
            mask |= u8::from(self.word(s) == done) << s;
        }
        mask
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

fn write_horse(f: &mut fmt::Formatter<'_>, p: u8) -> fmt::Result {
    if p == YARD {
        f.write_str("Y")
    } else {
        write!(f, "{p}")
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL {
            if seat.index() > 0 {
                f.write_str("/")?;
            }
            let Some(mut horses) = self.horses[seat.index()] else {
                f.write_str("-")?;
                continue;
            };
            sort_horses(&mut horses);
            for (i, &p) in horses.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_horse(f, p)?;
            }
        }
        match self.turn {
            Some(seat) => write!(f, " {seat} {}", self.streak),
            None => write!(f, " - {}", self.streak),
        }
    }
}

impl From<Setup> for String {
    fn from(s: Setup) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Setup {
    type Error = PositionError;

    fn try_from(s: String) -> Result<Setup, PositionError> {
        s.parse()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL {
            if seat.index() > 0 {
                f.write_str("/")?;
            }
            if !self.is_playing(seat) {
                f.write_str("-")?;
                continue;
            }
            for (i, &p) in self.horses(seat).iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_horse(f, p)?;
            }
        }
        match self.turn() {
            Some(seat) => write!(f, " {seat} {}", self.streak),
            None => write!(f, " - {}", self.streak),
        }
    }
}

/// Parses and validates under the standard rules. Use [`Position::parse`]
/// for any other rule set.
impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::parse(s, &Rules::standard())
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

    #[test]
    fn start_position_round_trips() {
        let text = "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0";
        let pos: Position = text.parse().expect("valid");
        assert_eq!(pos.to_string(), text);
        assert_eq!(
            Some(pos),
            Position::start(&Seat::ALL, Seat::Red),
            "parsed start equals constructed start"
        );
    }

    #[test]
    fn output_sorts_yard_first() {
        let pos: Position = "57,8,Y,Y/-/Y,Y,Y,Y/- y 0".parse().expect("valid");
        assert_eq!(pos.to_string(), "Y,Y,8,57/-/Y,Y,Y,Y/- y 0");
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("Y,Y,Y,Y/Y,Y,Y,Y r", "3 fields"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-  r 0", "3 fields"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/- r 0", "4 colour fields"),
            (
                "Y,Y,Y/Y,Y,Y,Y/-/- r 0",
                "red: a playing colour has exactly 4 horses",
            ),
            ("Y,Y,Y,Y/Y,Y,Y,58/-/- r 0", "green: bad horse '58'"),
            ("Y,Y,Y,Y/Y,Y,Y,x/-/- r 0", "green: bad horse 'x'"),
            ("Y,Y,Y,Y/-/-/- r 0", "at least two colours"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-/- y 0", "yellow does not play"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-/- q 0", "bad turn 'q'"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-/- r 3", "bad streak '3'"),
            ("57,57,57,57/Y,Y,Y,Y/-/- r 0", "red has already finished"),
            // Red progress 14 and green progress 1 are both square 14.
            (
                "14,Y,Y,Y/1,Y,Y,Y/-/- r 0",
                "red and green share track square 14",
            ),
        ];
        for (text, expected) in cases {
            let err = text.parse::<Position>().expect_err(text).to_string();
            assert!(err.contains(expected), "{text}: {err:?} lacks {expected:?}");
        }
    }

    #[test]
    fn colours_may_share_safe_squares() {
        // Red progress 13 is green's start square 13 (safe); 21 is a star.
        assert!("13,21,Y,Y/0,8,Y,Y/-/- r 0".parse::<Position>().is_ok());
    }
}
