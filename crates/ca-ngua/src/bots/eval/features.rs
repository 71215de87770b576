//! What the network sees of a position: the board turned so that the seat
//! to roll comes first (slot `k` is the seat `k` places after it round the
//! board, so the geometry between colours is kept), each slot's horses as
//! counts per progress, the race model's turns, the roll streak and the
//! rule toggles that change play.
//!
//! Layout (`FEATURES` names it in the weights file; changing anything here
//! changes that name):
//!
//! | inputs | per slot (124 each, slots 0..=3) |
//! |---|---|
//! | 0 | the seat is racing |
//! | 1..=4 | horses in the yard: at least 1, 2, 3, 4 |
//! | 5 + 2p, 6 + 2p | horses at progress p (0..=56): at least 1, at least 2 |
//! | 119..=122 | horses home: at least 1, 2, 3, 4 |
//! | 123 | the race model's turns to finish, / 40 (a number, not 0/1) |
//! | 124..=131 | one of its horses can be hit by a horse of another colour 1, 2, 3, 4, 5, 6, 7 to 12 squares behind, or by an exit onto it |
//! | 132..=139 | one of its horses can hit a horse of another colour 1, …, 6, 7 to 12 squares ahead, or by an exit |
//! | 140, 141 | horses on a safe square: at least 1, 2 |
//!
//! then 568, 569: the streak of bonus rolls (at least 1, 2); 570..=582 the
//! toggles (`TOGGLES`); 583: the colour to roll is home and rolls for its
//! partner.

use crate::engine::board::{CENTRE, TRACK_SQUARES};
use crate::engine::{DOOR, track_square};
use crate::engine::{ExitRolls, HomeColumn, Pairs, Position, Rules, SafeSquares, Seat, YARD};

/// Inputs per slot.
pub const SLOT: usize = 142;
/// Every input.
pub const INPUTS: usize = 4 * SLOT + 16;
/// The name of this layout, written in the weights file.
pub const FEATURES: &str = "slots-142x4+16 v2";
/// The rule toggles, in input order: each 0 or 1.
pub const TOGGLES: [&str; 13] = [
    "exit_rolls=one_or_six",
    "bonus_after_kick",
    "bonus_after_finish",
    "three_in_a_row_forfeit",
    "safe_squares=starts_only",
    "safe_squares=none",
    "pairs=safe_pair",
    "pairs=block",
    "no_passing",
    "forced_kick",
    "forced_exit",
    "home_column=climb",
    "teams",
];
/// Scale of the race model's turns as an input.
const TURNS_SCALE: f32 = 1.0 / 40.0;
/// Most inputs that can be set in one position: 4 slots of (1 + 4 + 8 + 4
/// + 8 + 8 + 2) plus 16.
const MOST: usize = 4 * 35 + 16;

/// One position's inputs: the indices of the inputs that are 1, the few
/// that hold a number, and the race model's logits per slot.
#[derive(Clone, Debug)]
pub struct Features {
    /// Indices of the inputs equal to 1.
    pub(super) ones: [u16; MOST],
    /// How many of `ones` are used.
    pub(super) n_ones: usize,
    /// The inputs holding a number: (index, value), one per racing slot.
    pub(super) dense: [(u16, f32); 4],
    /// How many of `dense` are used.
    pub(super) n_dense: usize,
    /// The race model's logit for each slot (0 where not racing).
    pub(super) skip: [f32; 4],
    /// Bit `k` set when slot `k` is racing.
    pub(super) racing: u8,
    /// The seat in slot 0 (the seat to roll).
    pub(super) first: usize,
}

impl Features {
    /// The features of `pos` (a race still open among `running`, with the
    /// race model's `turns` per seat and its softmax `temperature`).
    pub fn new(
        pos: &Position,
        rules: &Rules,
        turns: &[f32; 4],
        running: u8,
        temperature: f32,
    ) -> Features {
        let first = pos.turn().map_or(0, Seat::index);
        let mut f = Features {
            ones: [0; MOST],
            n_ones: 0,
            dense: [(0, 0.0); 4],
            n_dense: 0,
            skip: [0.0; 4],
            racing: 0,
            first,
        };
        // The best racing seat's turns: logits relative to it stay small.
        let best = (0..4)
            .filter(|s| running & (1 << s) != 0)
            .map(|s| turns[s])
            .fold(f32::INFINITY, f32::min);
        for k in 0..4 {
            let s = (first + k) & 3;
            let seat = Seat::from_index(s);
            if running & (1 << s) == 0 || !pos.is_playing(seat) {
                continue;
            }
            let base = k * SLOT;
            f.racing |= 1 << k;
            f.one(base);
            let horses = pos.horses(seat);
            let yard = horses.iter().filter(|&&h| h == YARD).count();
            for i in 0..yard {
                f.one(base + 1 + i);
            }
            let home = horses.iter().filter(|&&h| rules.is_home(h)).count();
            for i in 0..home {
                f.one(base + 119 + i);
            }
            // Horses are sorted: count runs of equal progress.
            let mut i = yard;
            while i < horses.len() {
                let p = horses[i];
                let mut n = 1;
                while i + n < horses.len() && horses[i + n] == p {
                    n += 1;
                }
                if p < CENTRE {
                    f.one(base + 5 + 2 * usize::from(p));
                    if n >= 2 {
                        f.one(base + 6 + 2 * usize::from(p));
                    }
                }
                i += n;
            }
            let contact = contact(pos, rules, seat);
            for (i, on) in contact.iter().enumerate() {
                if *on {
                    f.one(base + 124 + i);
                }
            }
            f.dense[f.n_dense] = ((base + 123) as u16, turns[s] * TURNS_SCALE);
            f.n_dense += 1;
            f.skip[k] = -(turns[s] - best) / temperature;
        }
        let g = 4 * SLOT;
        let streak = usize::from(pos.streak());
        for i in 0..streak.min(2) {
            f.one(g + i);
        }
        for (i, on) in toggles(rules).into_iter().enumerate() {
            if on {
                f.one(g + 2 + i);
            }
        }
        if rules.teams && pos.is_finished(Seat::from_index(first), rules) {
            f.one(g + 15);
        }
        f
    }

    #[inline]
    fn one(&mut self, i: usize) {
        if self.n_ones < MOST {
            self.ones[self.n_ones] = i as u16;
            self.n_ones += 1;
        }
    }

    /// The seat in slot `k`.
    #[inline]
    pub(super) fn seat(&self, k: usize) -> usize {
        (self.first + k) & 3
    }
}

/// Where `seat`'s horses meet the others' on the track (inputs 124..=141
/// of its slot): hit from 1..=6, 7..=12 squares behind or by an exit, able
/// to hit at those distances, and horses on safe squares. Reach only: it
/// does not ask whether the roll's move would be legal.
fn contact(pos: &Position, rules: &Rules, seat: Seat) -> [bool; 18] {
    let mut out = [false; 18];
    let bucket = |d: u8| usize::from(d.min(7)) - 1;
    let mine = pos.horses(seat);
    let mut safe = 0;
    for &h in &mine {
        if h > DOOR {
            continue; // the yard (255), the column and home
        }
        let q = track_square(seat, h);
        let protected = rules.is_safe_square(q);
        safe += usize::from(protected);
        for other in pos.playing_seats() {
            if other == seat || (rules.teams && other == seat.partner()) {
                continue;
            }
            let theirs = pos.horses(other);
            if !protected && q == track_square(other, 0) && theirs.contains(&YARD) {
                out[7] = true;
            }
            for &g in &theirs {
                if g > DOOR {
                    continue;
                }
                let r = track_square(other, g);
                // Their horse behind mine, d squares, and not turning home
                // before it reaches mine.
                let d = (q + TRACK_SQUARES - r) % TRACK_SQUARES;
                if !protected && (1..=12).contains(&d) && g + d <= DOOR {
                    out[bucket(d)] = true;
                }
                let e = (r + TRACK_SQUARES - q) % TRACK_SQUARES;
                if !rules.is_safe_square(r) && (1..=12).contains(&e) && h + e <= DOOR {
                    out[8 + bucket(e)] = true;
                }
            }
        }
    }
    // Exits onto their horses: our start square, horses of ours in the yard.
    if mine.contains(&YARD) {
        let start = track_square(seat, 0);
        if !rules.is_safe_square(start)
            && pos.playing_seats().any(|o| {
                o != seat
                    && !(rules.teams && o == seat.partner())
                    && pos
                        .horses(o)
                        .iter()
                        .any(|&g| g <= DOOR && track_square(o, g) == start)
            })
        {
            out[15] = true;
        }
    }
    out[16] = safe >= 1;
    out[17] = safe >= 2;
    out
}

/// The toggles of [`TOGGLES`] under `rules`.
pub fn toggles(rules: &Rules) -> [bool; 13] {
    [
        rules.exit_rolls == ExitRolls::OneOrSix,
        rules.bonus_after_kick,
        rules.bonus_after_finish,
        rules.three_in_a_row_forfeit,
        rules.safe_squares == SafeSquares::StartsOnly,
        rules.safe_squares == SafeSquares::None,
        rules.pairs == Pairs::SafePair,
        rules.pairs == Pairs::Block,
        rules.no_passing,
        rules.forced_kick,
        rules.forced_exit,
        rules.home_column == HomeColumn::Climb,
        rules.teams,
    ]
}
