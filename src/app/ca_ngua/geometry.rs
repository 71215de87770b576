//! Where everything is on the board, in grid units of a 15×15 board
//! (x to the right, y down; cell `(x, y)` spans `x..x+1`, `y..y+1`).
//!
//! The classic cross: four 6×6 yards in the corners, four 3×6 arms, a 3×3
//! centre. Each arm's two outer columns and its end square carry the 52
//! track squares (13 an arm); its middle column, with the centre's edge
//! square, is that colour's home column of six cells; the centre square is
//! the finish. Red sits top left, then clockwise green, yellow, blue, as in
//! seat order. Counter-clockwise play mirrors the board left to right.

use game_ca_ngua::engine::{CENTRE, DOOR, Seat, YARD, track_square};

/// Cells per side.
pub const GRID: f32 = 15.0;

/// The track squares in order of travel, starting with red's start square:
/// `TRACK[s]` is absolute square `s`.
pub const TRACK: [(u8, u8); 52] = [
    (1, 6),
    (2, 6),
    (3, 6),
    (4, 6),
    (5, 6),
    (6, 5),
    (6, 4),
    (6, 3),
    (6, 2),
    (6, 1),
    (6, 0),
    (7, 0),
    (8, 0),
    (8, 1),
    (8, 2),
    (8, 3),
    (8, 4),
    (8, 5),
    (9, 6),
    (10, 6),
    (11, 6),
    (12, 6),
    (13, 6),
    (14, 6),
    (14, 7),
    (14, 8),
    (13, 8),
    (12, 8),
    (11, 8),
    (10, 8),
    (9, 8),
    (8, 9),
    (8, 10),
    (8, 11),
    (8, 12),
    (8, 13),
    (8, 14),
    (7, 14),
    (6, 14),
    (6, 13),
    (6, 12),
    (6, 11),
    (6, 10),
    (6, 9),
    (5, 8),
    (4, 8),
    (3, 8),
    (2, 8),
    (1, 8),
    (0, 8),
    (0, 7),
    (0, 6),
];

/// The centre square, the finish.
pub const CENTRE_CELL: (u8, u8) = (7, 7);

/// The cell of a seat's home cell `n` (1..=6), from the door inwards.
pub const fn home_cell(seat: Seat, n: u8) -> (u8, u8) {
    let n = if n < 1 {
        1
    } else if n > 6 {
        6
    } else {
        n
    };
    match seat {
        Seat::Red => (n, 7),
        Seat::Green => (7, n),
        Seat::Yellow => (14 - n, 7),
        Seat::Blue => (7, 14 - n),
    }
}

/// The top-left cell of a seat's 6×6 yard.
pub const fn yard_origin(seat: Seat) -> (u8, u8) {
    match seat {
        Seat::Red => (0, 0),
        Seat::Green => (9, 0),
        Seat::Yellow => (9, 9),
        Seat::Blue => (0, 9),
    }
}

/// The centre of spot `i` (0..=3) in a seat's yard, in grid units.
pub fn yard_spot(seat: Seat, i: usize) -> (f32, f32) {
    let (x, y) = yard_origin(seat);
    // The corners of the yard, leaving its middle to the dice.
    let dx = if i.is_multiple_of(2) { 1.45 } else { 4.55 };
    let dy = if i < 2 { 1.45 } else { 4.55 };
    (f32::from(x) + dx, f32::from(y) + dy)
}

/// The centre of a cell, in grid units.
pub fn cell_centre((x, y): (u8, u8)) -> (f32, f32) {
    (f32::from(x) + 0.5, f32::from(y) + 0.5)
}

/// Where a horse stands: a shared cell, or its own yard spot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// A track square, home cell or the centre.
    Cell(u8, u8),
    /// A yard spot of a seat.
    Yard(Seat, u8),
}

/// The place of a horse of `seat` at `progress`; `yard_index` picks its
/// spot when in the yard.
pub fn place(seat: Seat, progress: u8, yard_index: usize) -> Place {
    let (x, y) = if progress == YARD {
        return Place::Yard(seat, (yard_index & 3) as u8);
    } else if progress <= DOOR {
        TRACK[track_square(seat, progress) as usize]
    } else if progress >= CENTRE {
        CENTRE_CELL
    } else {
        home_cell(seat, progress - DOOR)
    };
    Place::Cell(x, y)
}

/// The centre of a place, in grid units.
pub fn place_centre(p: Place) -> (f32, f32) {
    match p {
        Place::Cell(x, y) => cell_centre((x, y)),
        Place::Yard(seat, i) => yard_spot(seat, usize::from(i)),
    }
}

/// The places a horse passes through moving from `from` to `to`, both
/// ends included, one per step (an exit is one step from the yard).
pub fn path(seat: Seat, from: u8, to: u8, yard_index: usize) -> Vec<Place> {
    if from == YARD {
        return vec![place(seat, YARD, yard_index), place(seat, 0, 0)];
    }
    (from..=to.max(from)).map(|p| place(seat, p, 0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_track_is_a_ring_of_neighbouring_cells() {
        for i in 0..52 {
            let (ax, ay) = TRACK[i];
            let (bx, by) = TRACK[(i + 1) % 52];
            let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
            assert!(
                dx <= 1 && dy <= 1 && dx + dy > 0,
                "{i}: {:?} {:?}",
                TRACK[i],
                TRACK[(i + 1) % 52]
            );
        }
        let mut cells = TRACK.to_vec();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 52);
    }

    #[test]
    fn start_squares_touch_their_yard_and_doors_lead_home() {
        for seat in Seat::ALL {
            let (sx, sy) = TRACK[usize::from(seat.start_square())];
            let (yx, yy) = yard_origin(seat);
            let touches = (sx + 1 >= yx && sx <= yx + 6) && (sy + 1 >= yy && sy <= yy + 6);
            assert!(touches, "{seat:?} start {sx},{sy}");
            // The door is next to home cell 1.
            let (dx, dy) = TRACK[usize::from(track_square(seat, DOOR))];
            let (hx, hy) = home_cell(seat, 1);
            assert_eq!(dx.abs_diff(hx) + dy.abs_diff(hy), 1, "{seat:?}");
            // Cell 6 is next to the centre.
            let (cx, cy) = home_cell(seat, 6);
            assert_eq!(cx.abs_diff(7) + cy.abs_diff(7), 1, "{seat:?}");
        }
    }

    #[test]
    fn nothing_overlaps() {
        let mut cells: Vec<(u8, u8)> = TRACK.to_vec();
        for seat in Seat::ALL {
            for n in 1..=6 {
                cells.push(home_cell(seat, n));
            }
        }
        cells.push(CENTRE_CELL);
        let n = cells.len();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), n);
    }

    #[test]
    fn paths_step_one_place_at_a_time() {
        assert_eq!(path(Seat::Green, 10, 13, 0).len(), 4);
        assert_eq!(path(Seat::Red, YARD, 0, 2).len(), 2);
        assert_eq!(path(Seat::Red, 55, 57, 0).last(), Some(&Place::Cell(7, 7)));
    }
}
