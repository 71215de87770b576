//! The board (CO-NHAY.md §1): 121 holes of a six-pointed star, their
//! points, the six directions, neighbour and jump tables, and the six arms
//! as bit masks. Everything here is computed at compile time.
//!
//! A set of holes is a `u128`: bit `h` stands for hole `h`.

/// Holes on the board.
pub const HOLES: usize = 121;

/// Rows of the star, from the bottom tip.
pub const ROWS: usize = 17;

/// Holes in each row, from the bottom (CO-NHAY.md §1).
pub const ROW_LEN: [u8; ROWS] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

/// The first hole of each row.
pub const ROW_FIRST: [u8; ROWS] = {
    let mut t = [0u8; ROWS];
    let mut r = 1;
    while r < ROWS {
        t[r] = t[r - 1] + ROW_LEN[r - 1];
        r += 1;
    }
    t
};

/// Every hole of the board.
pub const ALL_HOLES: u128 = (1u128 << HOLES) - 1;

/// The value of a table entry that names no hole.
pub const NO_HOLE: u8 = u8::MAX;

/// Width of the point grid: `x` runs from 0 to 24.
const GRID_W: usize = 25;

/// The point of every hole: `x = 12 - (n - 1) + 2i` for hole `i` of a row of
/// `n` holes, `y` the row (CO-NHAY.md §1).
pub const POINTS: [(i8, i8); HOLES] = {
    let mut t = [(0i8, 0i8); HOLES];
    let mut r = 0;
    while r < ROWS {
        let n = ROW_LEN[r] as i8;
        let mut i = 0;
        while i < ROW_LEN[r] {
            t[ROW_FIRST[r] as usize + i as usize] = (12 - (n - 1) + 2 * i as i8, r as i8);
            i += 1;
        }
        r += 1;
    }
    t
};

/// The hole at each point of the grid, `NO_HOLE` off the board.
const GRID: [[u8; GRID_W]; ROWS] = {
    let mut g = [[NO_HOLE; GRID_W]; ROWS];
    let mut h = 0;
    while h < HOLES {
        let (x, y) = POINTS[h];
        g[y as usize][x as usize] = h as u8;
        h += 1;
    }
    g
};

/// The hole at point `(x, y)`, if the point is on the board.
pub const fn hole_at(x: i32, y: i32) -> Option<u8> {
    if x < 0 || y < 0 || x >= GRID_W as i32 || y >= ROWS as i32 {
        return None;
    }
    let h = GRID[y as usize][x as usize];
    if h == NO_HOLE { None } else { Some(h) }
}

/// The six directions as point offsets: east, north-east, north-west, west,
/// south-west, south-east ("north" is up the screen, towards row 16).
pub const DIRECTIONS: [(i8, i8); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// `NEIGHBOUR[h][d]`: the hole next to `h` in direction `d`, or `NO_HOLE`.
pub const NEIGHBOUR: [[u8; 6]; HOLES] = {
    let mut t = [[NO_HOLE; 6]; HOLES];
    let mut h = 0;
    while h < HOLES {
        let (x, y) = POINTS[h];
        let mut d = 0;
        while d < 6 {
            let (dx, dy) = DIRECTIONS[d];
            if let Some(n) = hole_at(x as i32 + dx as i32, y as i32 + dy as i32) {
                t[h][d] = n;
            }
            d += 1;
        }
        h += 1;
    }
    t
};

/// `NEIGHBOURS[h]`: the holes adjacent to `h`.
pub const NEIGHBOURS: [u128; HOLES] = {
    let mut t = [0u128; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut d = 0;
        while d < 6 {
            if NEIGHBOUR[h][d] != NO_HOLE {
                t[h] |= 1u128 << NEIGHBOUR[h][d];
            }
            d += 1;
        }
        h += 1;
    }
    t
};

/// One jump from a hole: over `over`, landing on `land`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The hole jumped over (must be occupied).
    pub over: u8,
    /// The landing hole (must be empty).
    pub land: u8,
}

/// `JUMPS[h]`: the jumps that stay on the board from `h`, at most six;
/// `JUMP_COUNT[h]` of them are real. Listed without gaps so that the jump
/// search loops over real jumps only.
pub const JUMPS: [[Jump; 6]; HOLES] = {
    let none = Jump {
        over: NO_HOLE,
        land: NO_HOLE,
    };
    let mut t = [[none; 6]; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut k = 0;
        let mut d = 0;
        while d < 6 {
            let over = NEIGHBOUR[h][d];
            if over != NO_HOLE {
                let land = NEIGHBOUR[over as usize][d];
                if land != NO_HOLE {
                    t[h][k] = Jump { over, land };
                    k += 1;
                }
            }
            d += 1;
        }
        h += 1;
    }
    t
};

/// How many entries of `JUMPS[h]` are real.
pub const JUMP_COUNT: [u8; HOLES] = {
    let mut t = [0u8; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut k = 0;
        while k < 6 {
            if JUMPS[h][k].land != NO_HOLE {
                t[h] += 1;
            }
            k += 1;
        }
        h += 1;
    }
    t
};

/// The number of arms.
pub const ARMS: usize = 6;

/// A set of holes from a list.
const fn mask_of(holes: &[u8]) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < holes.len() {
        m |= 1u128 << holes[i];
        i += 1;
    }
    m
}

/// The six arms (CO-NHAY.md §1), numbered clockwise from the bottom.
pub const ARM_MASKS: [u128; ARMS] = [
    mask_of(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    mask_of(&[10, 11, 12, 13, 23, 24, 25, 35, 36, 46]),
    mask_of(&[65, 75, 76, 86, 87, 88, 98, 99, 100, 101]),
    mask_of(&[111, 112, 113, 114, 115, 116, 117, 118, 119, 120]),
    mask_of(&[74, 84, 85, 95, 96, 97, 107, 108, 109, 110]),
    mask_of(&[19, 20, 21, 22, 32, 33, 34, 44, 45, 55]),
];

/// The hexagon in the middle: the 61 holes of no arm.
pub const HEXAGON: u128 = ALL_HOLES
    & !(ARM_MASKS[0] | ARM_MASKS[1] | ARM_MASKS[2] | ARM_MASKS[3] | ARM_MASKS[4] | ARM_MASKS[5]);

/// The tip of each arm: its hole furthest from the centre.
pub const ARM_TIPS: [u8; ARMS] = [0, 10, 98, 120, 110, 22];

/// The centre hole (12, 8).
pub const CENTRE_HOLE: u8 = 60;

/// The arm a hole belongs to, if any.
pub const fn arm_of(hole: u8) -> Option<usize> {
    let mut a = 0;
    while a < ARMS {
        if (ARM_MASKS[a] >> hole) & 1 != 0 {
            return Some(a);
        }
        a += 1;
    }
    None
}

/// Steps between two holes on an open hexagonal grid (straight lines may
/// leave the star; the measure does not care).
pub const fn hex_distance(a: u8, b: u8) -> u8 {
    let (ax, ay) = POINTS[a as usize];
    let (bx, by) = POINTS[b as usize];
    let dx = (ax as i32 - bx as i32).abs();
    let dy = (ay as i32 - by as i32).abs();
    // A step moves x by 2 along a row, or x and y by 1 diagonally.
    (if dx <= dy { dy } else { (dx + dy) / 2 }) as u8
}

/// `TIP_DISTANCE[a][h]`: steps from hole `h` to the tip of arm `a`.
pub const TIP_DISTANCE: [[u8; HOLES]; ARMS] = {
    let mut t = [[0u8; HOLES]; ARMS];
    let mut a = 0;
    while a < ARMS {
        let mut h = 0;
        while h < HOLES {
            t[a][h] = hex_distance(h as u8, ARM_TIPS[a]);
            h += 1;
        }
        a += 1;
    }
    t
};

/// The sum of `TIP_DISTANCE` over the ten holes of an arm: `1×0 + 2×1 +
/// 3×2 + 4×3`. The ten holes nearest a tip are exactly its arm, so a
/// player's total is this much exactly when all ten pieces are home.
pub const FULL_ARM_DISTANCE: u32 = 20;

/// Iterates over the holes of a set, in increasing order.
#[derive(Copy, Clone, Debug)]
pub struct Holes(pub u128);

impl Iterator for Holes {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let h = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(h)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Holes {}

/// The bit of one hole.
#[inline(always)]
pub const fn bit(hole: u8) -> u128 {
    1u128 << hole
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_the_table_of_co_nhay_md() {
        assert_eq!(
            ROW_FIRST,
            [
                0, 1, 3, 6, 10, 23, 35, 46, 56, 65, 75, 86, 98, 111, 115, 118, 120
            ]
        );
        assert_eq!(ROW_FIRST[16] as usize + 1, HOLES);
        assert_eq!(POINTS[60], (12, 8));
    }

    #[test]
    fn the_centre_has_the_neighbours_of_co_nhay_md() {
        let n: Vec<u8> = Holes(NEIGHBOURS[60]).collect();
        assert_eq!(n, [50, 51, 59, 61, 69, 70]);
    }

    #[test]
    fn adjacency_is_symmetric_and_jumps_are_straight() {
        for h in 0..HOLES as u8 {
            for n in Holes(NEIGHBOURS[h as usize]) {
                assert!(NEIGHBOURS[n as usize] >> h & 1 == 1, "{h}-{n}");
                assert_eq!(hex_distance(h, n), 1);
            }
            for j in &JUMPS[h as usize][..JUMP_COUNT[h as usize] as usize] {
                let (x, y) = POINTS[h as usize];
                let (ox, oy) = POINTS[j.over as usize];
                let (lx, ly) = POINTS[j.land as usize];
                assert_eq!((lx - ox, ly - oy), (ox - x, oy - y));
                assert!(NEIGHBOURS[h as usize] >> j.over & 1 == 1);
            }
        }
    }

    #[test]
    fn arms_are_ten_holes_around_the_hexagon() {
        let mut union = 0u128;
        for (a, &m) in ARM_MASKS.iter().enumerate() {
            assert_eq!(m.count_ones(), 10, "arm {a}");
            assert_eq!(union & m, 0, "arm {a} overlaps");
            union |= m;
            // Each arm is the ten holes within three steps of its tip.
            let near: u128 = (0..HOLES as u8)
                .filter(|&h| hex_distance(h, ARM_TIPS[a]) <= 3)
                .fold(0, |m, h| m | bit(h));
            assert_eq!(near, m, "arm {a}");
            let sum: u32 = Holes(m)
                .map(|h| u32::from(TIP_DISTANCE[a][h as usize]))
                .sum();
            assert_eq!(sum, FULL_ARM_DISTANCE);
        }
        assert_eq!(HEXAGON.count_ones(), 61);
        // The hexagon is the holes within four steps of the centre.
        for h in 0..HOLES as u8 {
            assert_eq!(
                HEXAGON >> h & 1 == 1,
                hex_distance(h, CENTRE_HOLE) <= 4,
                "{h}"
            );
        }
        // Opposite arms are mirror images through the centre.
        for (a, &arm) in ARM_MASKS.iter().enumerate() {
            for h in Holes(arm) {
                let (x, y) = POINTS[h as usize];
                let m = hole_at(24 - i32::from(x), 16 - i32::from(y)).expect("mirror");
                assert_eq!(arm_of(m), Some((a + 3) % 6));
            }
        }
    }
}
