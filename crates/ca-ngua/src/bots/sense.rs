//! What the thinking bots read off the board: where horses stand as square
//! masks, and how likely a horse standing on a square is to be kicked by an
//! opponent's next roll. Shared by Medium and Hard; it is not a strategy,
//! only eyes.
//!
//! Everything here is an estimate built from the engine's public rules
//! (safe squares, pairs, no passing, exits, one die or two): it never
//! decides what is legal, the engine's move list does that.

use crate::engine::board::{DOOR, progress_of_square};
use crate::engine::{Dice, ExitRolls, Pairs, Position, Rules, Seat, YARD, track_square};

/// Squares on the track.
const SQUARES: u8 = 52;

/// How far behind a square a horse can hit it with one roll: 6 with one die
/// (12 counting the roll after a 6), 12 with two dice.
const REACH: u8 = 12;

/// Bits 1..=12 of a hit mask: bit `d` set when a horse stands `d` squares
/// behind the target and can reach it.
const DIST_BITS: u32 = 0x1FFE;

/// Out of 36: the chance that one die (with the roll after a 6) hits a
/// target from any of the distances in `mask` (bits 1..=12).
static ONE_DIE_HITS: [u8; 1 << 13] = one_die_table();

/// Out of 36: the chance that two dice hit a target from any distance in
/// `mask` (bits 1..=12), bit 0 set when a horse may also exit onto it (a
/// double or `1+6`). A double may move one die's value or the sum.
static TWO_DICE_HITS: [u8; 1 << 13] = two_dice_table();

const fn one_die_table() -> [u8; 1 << 13] {
    let mut t = [0u8; 1 << 13];
    let mut m = 0usize;
    while m < (1 << 13) {
        let mut n = 0u8;
        let mut x = 1;
        while x <= 5 {
            if m & (1 << x) != 0 {
                n += 6;
            }
            x += 1;
        }
        if m & (1 << 6) != 0 {
            n += 6;
        } else {
            // A 6 that does not hit moves the horse six squares closer and
            // rolls again (RULES.md 2.3).
            let mut y = 1;
            while y <= 6 {
                if m & (1 << (6 + y)) != 0 {
                    n += 1;
                }
                y += 1;
            }
        }
        t[m] = n;
        m += 1;
    }
    t
}

const fn two_dice_table() -> [u8; 1 << 13] {
    let mut t = [0u8; 1 << 13];
    let mut m = 0usize;
    while m < (1 << 13) {
        let mut n = 0u8;
        let mut a = 1;
        while a <= 6 {
            let mut b = 1;
            while b <= 6 {
                let double = a == b;
                let exits = double || (a == 1 && b == 6) || (a == 6 && b == 1);
                let hit = m & (1 << (a + b)) != 0
                    || (double && m & (1 << a) != 0)
                    || (exits && m & 1 != 0);
                if hit {
                    n += 1;
                }
                b += 1;
            }
            a += 1;
        }
        t[m] = n;
        m += 1;
    }
    t
}

/// A square mask mirrored (bit `51 - s` for square `s`) and repeated twice
/// in 104 bits, so that the squares `1..=12` behind any square `q` are one
/// shift away: bit `d` of `mirror >> (51 - q)` is square `q - d` (mod 52).
#[inline]
fn mirror(squares: u64) -> u128 {
    let mut m = 0u64;
    let mut rest = squares;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        m |= 1 << (51 - s);
    }
    u128::from(m) | u128::from(m) << SQUARES
}

/// For each seat, the union of the three other seats' masks.
#[inline(always)]
fn others_of<T: Copy + std::ops::BitOr<Output = T>>(m: [T; 4]) -> [T; 4] {
    [
        m[1] | m[2] | m[3],
        m[0] | m[2] | m[3],
        m[0] | m[1] | m[3],
        m[0] | m[1] | m[2],
    ]
}

/// Bits `d` (1..=12) set for the squares `d` behind `q` in a mirrored mask.
#[inline(always)]
fn behind_bits(mirrored: u128, q: u8) -> u32 {
    (mirrored >> (51 - q)) as u32 & DIST_BITS
}

/// A snapshot of the track as square masks (bit `s` is absolute square
/// `s`), built once per position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Board {
    /// Squares holding a horse of each seat.
    pub occ: [u64; 4],
    /// Squares holding two or more horses of each seat.
    pub pairs: [u64; 4],
    /// Horses in each seat's yard.
    pub yard: [u8; 4],
    /// Seats that play and have not finished.
    pub active: u8,
    /// Squares safe by the board (starts, stars) under the rules.
    pub safe: u64,
    /// `occ` of each seat, mirrored (see [`mirror`]).
    occ_m: [u128; 4],
    /// Every horse on the track, mirrored.
    all_m: u128,
    /// For each seat, every other seat's horses on the track, mirrored.
    others_m: [u128; 4],
    /// For each seat, the pairs of every other seat, mirrored (blocks it
    /// may not pass).
    blocks_m: [u128; 4],
}

impl Board {
    pub(crate) fn new(pos: &Position, rules: &Rules) -> Board {
        let mut b = Board {
            occ: [0; 4],
            pairs: [0; 4],
            yard: [0; 4],
            active: 0,
            safe: rules.safe_square_mask(),
            occ_m: [0; 4],
            all_m: 0,
            others_m: [0; 4],
            blocks_m: [0; 4],
        };
        let mut all = 0u64;
        for seat in pos.playing_seats() {
            let s = seat.index();
            if !pos.is_finished(seat, rules) {
                b.active |= 1 << s;
            }
            let horses = pos.horses(seat);
            // By index, as in every loop the search runs per position: a
            // build without cross-unit inlining (the tests, the quick
            // release build) would call the standard library's array
            // iterator for each horse.
            let mut i = 0;
            while i < horses.len() {
                let p = horses[i];
                i += 1;
                if p == YARD {
                    b.yard[s] += 1;
                } else if p <= DOOR {
                    let bit = 1u64 << track_square(seat, p);
                    if b.occ[s] & bit != 0 {
                        b.pairs[s] |= bit;
                    }
                    b.occ[s] |= bit;
                }
            }
            b.occ_m[s] = mirror(b.occ[s]);
            all |= b.occ[s];
        }
        b.all_m = mirror(all);
        b.others_m = others_of(b.occ_m);
        if rules.pairs == Pairs::Block {
            let others = others_of(b.pairs);
            b.blocks_m = [
                mirror(others[0]),
                mirror(others[1]),
                mirror(others[2]),
                mirror(others[3]),
            ];
        }
        b
    }

    /// True when a horse of `seat` on absolute square `q` cannot be kicked
    /// there: a safe square, or its own pair under the pair toggles (a safe
    /// pair is safe, a block cannot be landed on).
    #[inline]
    pub(crate) fn is_protected(&self, rules: &Rules, seat: Seat, q: u8) -> bool {
        let bit = 1u64 << q;
        self.safe & bit != 0
            || (rules.pairs != Pairs::Ordinary && self.pairs[seat.index()] & bit != 0)
    }

    /// Distances (bits 1..=12) from which `opp` can hit square `q`, plus bit
    /// 0 when one of its yard horses may exit onto `q`. Respects the
    /// opponent's own track (it never goes past its door), no passing
    /// (only the nearest horse behind may reach) and blocks (no passing a
    /// block of another colour).
    #[inline]
    pub(crate) fn threat_mask(&self, rules: &Rules, opp: Seat, q: u8) -> u32 {
        let o = opp.index();
        let pq = progress_of_square(opp, q);
        if pq > DOOR {
            return 0; // the square just before its start: never reached
        }
        // Only horses on their own track behind q: at most pq squares back.
        let reach = if pq >= REACH {
            DIST_BITS
        } else {
            DIST_BITS & ((2u32 << pq) - 1)
        };
        let mut mask = behind_bits(self.occ_m[o], q) & reach;
        let exit = u32::from(pq == 0 && self.yard[o] > 0);
        if mask == 0 {
            return exit; // an exit lands here (the caller knows q is unsafe)
        }
        if rules.no_passing {
            // Only the nearest horse behind can reach: it cannot pass
            // anything in between.
            let any = behind_bits(self.all_m, q) & reach;
            mask &= any & any.wrapping_neg();
        }
        if rules.pairs == Pairs::Block {
            // No passing a block of another colour: nothing beyond the
            // nearest such block can reach.
            let blocks = behind_bits(self.blocks_m[o], q) & reach;
            if blocks != 0 {
                mask &= (blocks & blocks.wrapping_neg()) - 1;
            }
        }
        mask | exit
    }

    /// The chance that `opp`'s next roll can kick a horse on square `q`
    /// (assumed unprotected), taking the kick whenever it can.
    #[inline]
    pub(crate) fn hit_chance(&self, rules: &Rules, opp: Seat, q: u8) -> f32 {
        let mask = self.threat_mask(rules, opp, q);
        if mask == 0 {
            return 0.0;
        }
        f32::from(hit_numerator(rules, mask)) / 36.0
    }

    /// The chance that a horse of `seat` on square `q` is kicked before
    /// `seat` rolls again, each opponent `o` counting with `weight[o]` (1
    /// for a full roll, less for opponents who roll only after `seat`).
    #[inline]
    pub(crate) fn danger(&self, rules: &Rules, seat: Seat, q: u8, weight: &[f32; 4]) -> f32 {
        if self.is_protected(rules, seat, q) {
            return 0.0;
        }
        // Most horses have nobody within reach behind them and stand on
        // no one's start square: nothing to add up.
        let start_of_other = q.is_multiple_of(13) && q / 13 != seat.index() as u8;
        if behind_bits(self.others_m[seat.index()], q) == 0 && !start_of_other {
            return 0.0;
        }
        let mut survive = 1.0f32;
        for opp in Seat::ALL {
            let o = opp.index();
            if o == seat.index() || self.active & (1 << o) == 0 || weight[o] <= 0.0 {
                continue;
            }
            let p = self.hit_chance(rules, opp, q);
            survive *= 1.0 - weight[o] * p;
        }
        1.0 - survive
    }

    /// Opponent horses within one roll (1..=6 squares, or exiting) behind a
    /// horse of `seat` on square `q`: the "is someone right behind me" of a
    /// rule-based player.
    #[inline]
    pub(crate) fn chasers(&self, rules: &Rules, seat: Seat, q: u8) -> u32 {
        if self.is_protected(rules, seat, q) {
            return 0;
        }
        let near = match rules.dice {
            Dice::One => 0x7F,   // exit, 1..=6
            Dice::Two => 0x1FFF, // exit, 1..=12
        };
        let mut n = 0;
        for opp in Seat::ALL {
            let o = opp.index();
            // With teams the partner is no threat.
            let partner = rules.teams && opp == seat.partner();
            if o != seat.index() && !partner && self.active & (1 << o) != 0 {
                n += (self.threat_mask(rules, opp, q) & near).count_ones();
            }
        }
        n
    }
}

/// Out of 36: the chance of a roll hitting from a threat mask.
#[inline]
pub(crate) fn hit_numerator(rules: &Rules, mask: u32) -> u8 {
    match rules.dice {
        Dice::One => {
            // One die: an exit is a 6 (or a 1), the same as standing six
            // (or one) squares behind.
            let mut m = mask & DIST_BITS;
            if mask & 1 != 0 {
                m |= 1 << 6;
                if rules.exit_rolls == ExitRolls::OneOrSix {
                    m |= 1 << 1;
                }
            }
            ONE_DIE_HITS[m as usize]
        }
        Dice::Two => TWO_DICE_HITS[(mask & 0x1FFF) as usize],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_tables() {
        // One die: a horse 3 behind hits on a 3; 9 behind on a 6 then a 3.
        assert_eq!(ONE_DIE_HITS[1 << 3], 6);
        assert_eq!(ONE_DIE_HITS[1 << 9], 1);
        assert_eq!(ONE_DIE_HITS[(1 << 6) | (1 << 9)], 6);
        assert_eq!(ONE_DIE_HITS[0x7E], 36);
        // Two dice: 7 is the likeliest sum; 2 only by 1+1 (sum or die).
        assert_eq!(TWO_DICE_HITS[1 << 7], 6);
        assert_eq!(TWO_DICE_HITS[1 << 2], 2); // 1+1 (sum), 2+2 (one die)
        assert_eq!(TWO_DICE_HITS[1], 8); // six doubles, 1+6, 6+1
    }

    #[test]
    fn danger_respects_rules() {
        let rules = Rules::standard();
        // Red on progress 10 (square 10); yellow cannot be behind on its
        // own track there, green neither. Put green 3 behind: square 7 is
        // green progress 46.
        let pos = Position::parse("10,Y,Y,Y/46,Y,Y,Y/-/- r 0", &rules).expect("position");
        let b = Board::new(&pos, &rules);
        let w = [1.0; 4];
        let d = b.danger(&rules, Seat::Red, 10, &w);
        assert!((d - 6.0 / 36.0).abs() < 1e-6, "{d}");
        // On a star (square 8) red is safe.
        assert_eq!(b.danger(&rules, Seat::Red, 8, &w), 0.0);
        // Green at progress 49 cannot reach red's square 15 (green would
        // have to pass its door).
        let pos = Position::parse("15,Y,Y,Y/49,Y,Y,Y/-/- r 0", &rules).expect("position");
        let b = Board::new(&pos, &rules);
        assert_eq!(b.danger(&rules, Seat::Red, 15, &w), 0.0);
    }

    #[test]
    fn no_passing_sees_only_the_nearest() {
        let mut rules = Rules::standard();
        rules.no_passing = true;
        rules.safe_squares = crate::engine::SafeSquares::None;
        // Red at 20, red at 18, green 4 behind red's 20 (square 16 = green
        // progress 3): green must pass red's 18.
        let pos = Position::parse("18,20,Y,Y/3,Y,Y,Y/-/- r 0", &rules).expect("position");
        let b = Board::new(&pos, &rules);
        assert_eq!(b.threat_mask(&rules, Seat::Green, 20), 0);
        assert_eq!(b.threat_mask(&rules, Seat::Green, 18), 1 << 2);
    }
}
