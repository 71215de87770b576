//! Board geometry (RULES.md section 1): seats, the 52-square track, safe
//! squares, home cells and the centre. Everything here is a plain number so
//! that the move generator stays branch-light and allocation-free.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The progress value that stands for "in the yard".
pub const YARD: u8 = u8::MAX;

/// A byte no horse ever holds (neither a progress nor `YARD`).
pub(crate) const NOT_A_PROGRESS: u8 = YARD - 1;

/// Number of squares on the shared track.
pub const TRACK_SQUARES: u8 = 52;
/// Squares per arm of the cross; seat `s` starts on square `13 * s`.
pub const ARM: u8 = 13;
/// The last track progress before the home column (the door, cửa chuồng).
pub const DOOR: u8 = 50;
/// Progress of home cell 1; cell `n` is `DOOR + n`.
pub const FIRST_HOME_CELL: u8 = 51;
/// Progress of home cell 6, the top cell.
pub const TOP_CELL: u8 = 56;
/// Progress of the centre (finished, về đích).
pub const CENTRE: u8 = 57;
/// Star squares stand this many steps after each start square.
pub const STAR_OFFSET: u8 = 8;
/// Horses per colour.
pub const HORSES: usize = 4;

/// A colour and the corner it sits in. Seat order is also turn order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// Đỏ, a circle.
    Red = 0,
    /// Xanh lá, a triangle.
    Green = 1,
    /// Vàng, a square.
    Yellow = 2,
    /// Xanh dương, a diamond.
    Blue = 3,
}

impl Seat {
    /// All four seats in seat (and turn) order.
    pub const ALL: [Seat; 4] = [Seat::Red, Seat::Green, Seat::Yellow, Seat::Blue];

    /// 0..=3 in seat order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat across the board: a partner when the rules play in teams
    /// (red with yellow, green with blue).
    pub const fn partner(self) -> Seat {
        Seat::from_index(self.index() ^ 2)
    }

    /// The teams, each named by its first seat: red (with yellow), then
    /// green (with blue).
    pub const TEAMS: [Seat; 2] = [Seat::Red, Seat::Green];

    /// The team this seat plays in, by its first seat ([`Seat::TEAMS`]).
    pub const fn team(self) -> Seat {
        Seat::from_index(self.index() & 1)
    }

    /// The seat with this index; indices wrap modulo 4.
    #[inline]
    pub const fn from_index(i: usize) -> Seat {
        match i & 3 {
            0 => Seat::Red,
            1 => Seat::Green,
            2 => Seat::Yellow,
            _ => Seat::Blue,
        }
    }

    /// The notation letter: `r`, `g`, `y` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Seat::Red => 'r',
            Seat::Green => 'g',
            Seat::Yellow => 'y',
            Seat::Blue => 'b',
        }
    }

    /// The seat for a notation letter.
    pub fn from_letter(c: char) -> Option<Seat> {
        match c {
            'r' => Some(Seat::Red),
            'g' => Some(Seat::Green),
            'y' => Some(Seat::Yellow),
            'b' => Some(Seat::Blue),
            _ => None,
        }
    }

    /// The seat of a text that is exactly one notation letter (`"r"`).
    pub fn from_letter_text(text: &str) -> Option<Seat> {
        let mut chars = text.chars();
        match (chars.next().and_then(Seat::from_letter), chars.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        }
    }

    /// The English colour name, for messages of the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Red => "red",
            Seat::Green => "green",
            Seat::Yellow => "yellow",
            Seat::Blue => "blue",
        }
    }

    /// The seat after this one in turn order (not skipping anyone).
    #[inline]
    pub const fn next(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    /// The absolute track square of this colour's start square.
    #[inline]
    pub const fn start_square(self) -> u8 {
        ARM * self as u8
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The absolute track square (0..=51) of a horse of `seat` at track progress
/// `progress` (0..=50).
#[inline]
pub const fn track_square(seat: Seat, progress: u8) -> u8 {
    let x = seat.start_square() + progress;
    if x >= TRACK_SQUARES {
        x - TRACK_SQUARES
    } else {
        x
    }
}

/// The track progress (0..=51) at which `seat` would stand on absolute
/// square `square`. Progress 51 is not a track progress (it is the door's
/// neighbour, the other colour's square just before the start).
#[inline]
pub const fn progress_of_square(seat: Seat, square: u8) -> u8 {
    let start = seat.start_square();
    if square >= start {
        square - start
    } else {
        square + TRACK_SQUARES - start
    }
}

/// True for the four start squares.
#[inline]
pub const fn is_start_square(square: u8) -> bool {
    square.is_multiple_of(ARM)
}

/// True for the four star squares, eight steps after each start.
#[inline]
pub const fn is_star_square(square: u8) -> bool {
    square % ARM == STAR_OFFSET
}

/// True when a progress is on the shared track (not yard, home or centre).
#[inline]
pub const fn is_track(progress: u8) -> bool {
    progress <= DOOR
}

/// The home cell number (1..=6) of a progress in the home column.
#[inline]
pub const fn home_cell(progress: u8) -> Option<u8> {
    if progress >= FIRST_HOME_CELL && progress <= TOP_CELL {
        Some(progress - DOOR)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_door_squares() {
        assert_eq!(track_square(Seat::Red, 0), 0);
        assert_eq!(track_square(Seat::Green, 0), 13);
        assert_eq!(track_square(Seat::Blue, 0), 39);
        // The door is two squares before the colour's own start square.
        assert_eq!(track_square(Seat::Red, DOOR), 50);
        assert_eq!(track_square(Seat::Green, DOOR), 11);
        assert_eq!(track_square(Seat::Blue, 12), 51);
        assert_eq!(track_square(Seat::Blue, 13), 0);
    }

    #[test]
    fn progress_of_square_inverts_track_square() {
        for seat in Seat::ALL {
            for p in 0..=DOOR {
                assert_eq!(progress_of_square(seat, track_square(seat, p)), p);
            }
        }
    }

    #[test]
    fn safe_squares() {
        let starts: Vec<u8> = (0..52).filter(|&s| is_start_square(s)).collect();
        let stars: Vec<u8> = (0..52).filter(|&s| is_star_square(s)).collect();
        assert_eq!(starts, [0, 13, 26, 39]);
        assert_eq!(stars, [8, 21, 34, 47]);
    }

    #[test]
    fn home_cells() {
        assert_eq!(home_cell(50), None);
        assert_eq!(home_cell(51), Some(1));
        assert_eq!(home_cell(56), Some(6));
        assert_eq!(home_cell(57), None);
    }
}
