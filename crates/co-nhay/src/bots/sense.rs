//! What the bots share: distances and gains measured towards each target,
//! how far a hole lies off a player's straight way across the board, hash
//! keys for positions, the evaluation of a player's race, and a memory of
//! a bot's own recent moves. Not a strategy, only eyes.

use crate::engine::board::{ARM_TIPS, POINTS, TIP_DISTANCE};
use crate::engine::{ARMS, Arm, HOLES, Holes, Move, Position};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Steps from `hole` to the tip of `arm`'s target.
#[inline(always)]
pub(crate) fn dist(arm: Arm, hole: u8) -> i32 {
    i32::from(TIP_DISTANCE[arm.target().index()][usize::from(hole)])
}

/// The steps a move of `arm` gains towards its target (negative: back).
#[inline(always)]
pub(crate) fn gain(arm: Arm, from: u8, to: u8) -> i32 {
    dist(arm, from) - dist(arm, to)
}

/// `LATERAL[a][h]`: how far hole `h` lies from the straight line between
/// the tip of arm `a` and the tip of its target, in half steps. Pieces far
/// off that line find fewer pieces to jump over and must come back in.
pub(crate) fn lateral(arm: Arm, hole: u8) -> i32 {
    static TABLE: OnceLock<[[u8; HOLES]; ARMS]> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        // Points in lengths of one step: a row step is 2 in x, a diagonal
        // step 1 in x and 1 in y.
        let cart = |h: u8| {
            let (x, y) = POINTS[usize::from(h)];
            (f64::from(x) / 2.0, f64::from(y) * 3f64.sqrt() / 2.0)
        };
        let mut t = [[0u8; HOLES]; ARMS];
        for (a, row) in t.iter_mut().enumerate() {
            let (sx, sy) = cart(ARM_TIPS[a]);
            let (tx, ty) = cart(ARM_TIPS[(a + 3) % ARMS]);
            let (ux, uy) = (tx - sx, ty - sy);
            let len = (ux * ux + uy * uy).sqrt();
            for (h, cell) in row.iter_mut().enumerate() {
                let (px, py) = cart(h as u8);
                let cross = ((px - sx) * uy - (py - sy) * ux).abs() / len;
                *cell = (cross * 2.0).round() as u8;
            }
        }
        t
    });
    i32::from(t[arm.index()][usize::from(hole)])
}

/// SplitMix64, for hash keys fixed at compile time.
const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys: one per arm and hole.
pub(crate) const ZOBRIST: [[u64; HOLES]; ARMS] = {
    let mut t = [[0u64; HOLES]; ARMS];
    let mut a = 0;
    while a < ARMS {
        let mut h = 0;
        while h < HOLES {
            t[a][h] = splitmix((a * HOLES + h) as u64 + 0x5EED);
            h += 1;
        }
        a += 1;
    }
    t
};

/// The hash key of one arm's pieces.
pub(crate) fn hash_pieces(arm: Arm, pieces: u128) -> u64 {
    Holes(pieces).fold(0, |k, h| k ^ ZOBRIST[arm.index()][usize::from(h)])
}

/// True when `arm` still has pieces in its starting arm while someone
/// else's pieces are coming in. The player across fills that arm as its
/// target, and once it has finished its pieces never move again: a piece
/// left at home behind them can be walled in for good, and its player can
/// then never finish. Time to get out.
pub(crate) fn home_filling(position: &Position, arm: Arm) -> bool {
    let home = arm.holes();
    let mine = position.pieces(arm);
    mine & home != 0 && position.occupied() & !mine & home != 0
}

/// The weights of the race evaluation, in hundredths of a step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Per step a piece lies behind the player's average by more than
    /// `gap` steps: a straggler costs more than its distance, since it will
    /// travel alone, without pieces to jump over.
    pub straggler: i32,
    /// Steps behind the average that do not count as straggling.
    pub gap: i32,
    /// Per half step off the straight way, for pieces not yet home.
    pub lateral: i32,
}

impl Params {
    /// The weights Hard plays with (docs/BOTS.md).
    pub const TUNED: Params = Params {
        straggler: 40,
        gap: 3,
        lateral: 6,
    };
}

/// A player's race as one number, higher is better: minus a hundred per
/// step left ([`Position::distance_left`]), minus the straggler and
/// off-line costs. `pieces` are the player's pieces.
#[inline]
pub(crate) fn race(arm: Arm, pieces: u128, p: &Params) -> i32 {
    let target = arm.target().holes();
    let mut sum = 0;
    let mut worst = 0;
    let mut off = 0;
    for h in Holes(pieces) {
        let d = dist(arm, h);
        sum += d;
        worst = worst.max(d);
        if target & (1u128 << h) == 0 {
            off += lateral(arm, h);
        }
    }
    // Ten pieces: the average is sum / 10; compare in tenths.
    let behind = (worst * 10 - sum - p.gap * 10).max(0);
    -100 * (sum - 20) - p.straggler * behind / 10 - p.lateral * off
}

/// What a bot remembers of its own play in a game: how often each
/// arrangement of its pieces has come up after its moves, and its last
/// move. A bot whose way is blocked then tries something new instead of
/// stepping back and forth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    seen: HashMap<u64, u16>,
    last: Option<(Arm, Move)>,
}

impl Memory {
    /// Notes the move `mv` played in `position`.
    pub fn record(&mut self, position: &Position, mv: Move) {
        let (Some(arm), Some((from, to))) = (position.turn(), mv.ends()) else {
            return;
        };
        let after = position.pieces(arm) ^ (1u128 << from) ^ (1u128 << to);
        *self.seen.entry(hash_pieces(arm, after)).or_default() += 1;
        self.last = Some((arm, mv));
    }

    /// How many times `arm`'s pieces have stood as `pieces` after its moves.
    pub(crate) fn times_seen(&self, arm: Arm, pieces: u128) -> u16 {
        self.seen
            .get(&hash_pieces(arm, pieces))
            .copied()
            .unwrap_or(0)
    }

    /// True when `mv` by `arm` undoes its last move.
    pub(crate) fn undoes_last(&self, arm: Arm, mv: Move) -> bool {
        match (self.last, mv.ends()) {
            (Some((a, last)), Some((from, to))) => a == arm && last.ends() == Some((to, from)),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Players, Rules};

    #[test]
    fn gains_point_at_the_target() {
        let a0 = Arm::ALL[0];
        // Up the board is forward for arm 0, down for arm 3.
        assert_eq!(gain(a0, 3, 14), 2);
        assert_eq!(gain(Arm::ALL[3], 3, 14), -2);
        assert_eq!(dist(a0, 120), 0);
        // The straight way of arm 0 runs up the middle column.
        assert_eq!(lateral(a0, 60), 0);
        assert_eq!(lateral(a0, 0), 0);
        assert!(lateral(a0, 56) > lateral(a0, 59));
        // Symmetry: each arm's way looks the same from its own tip.
        for a in Arm::ALL {
            assert_eq!(lateral(a, crate::engine::board::CENTRE_HOLE), 0);
        }
    }

    #[test]
    fn the_race_prefers_progress_and_company() {
        let p = Position::start(Players::Two);
        let a0 = Arm::ALL[0];
        let start = race(a0, p.pieces(a0), &Params::TUNED);
        let mut q = p;
        q.play(&Rules::standard(), "3-14".parse().expect("move"))
            .expect("legal");
        assert!(race(a0, q.pieces(a0), &Params::TUNED) > start);
        // All home is the best there is.
        let home = Arm::ALL[3].holes();
        assert_eq!(race(a0, home, &Params::TUNED), 0);
        // A lone piece left at home costs more than its steps alone.
        let with_straggler = (home & !(1u128 << 111)) | 1;
        let plain = Params {
            straggler: 0,
            ..Params::TUNED
        };
        assert!(race(a0, with_straggler, &Params::TUNED) < race(a0, with_straggler, &plain));
    }
}
