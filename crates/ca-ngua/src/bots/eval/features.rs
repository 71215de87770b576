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
//!
//! [`Layout::Threats`] (issue 57) adds eight inputs per slot after those,
//! at `584 + 8k + i` ([`threats`]): what the contact inputs do not say
//! about the threats from behind and the safe squares ahead.

use crate::engine::board::{CENTRE, TRACK_SQUARES};
use crate::engine::{DOOR, track_square};
use crate::engine::{ExitRolls, HomeColumn, Pairs, Position, Rules, SafeSquares, Seat, YARD};

/// Inputs per slot.
pub const SLOT: usize = 142;
/// Every input of the slots layout (the threats' inputs come after them).
pub const INPUTS: usize = Layout::Slots.inputs();
/// The name of the shipped weights' layout, written in their file: the
/// threats' since issue 57 (`assets/evaluator/ca-ngua-v1.weights`, Hard's
/// before it, has the slots layout).
pub const FEATURES: &str = Layout::Threats.name();
/// The inputs per slot that [`Layout::Threats`] adds.
pub const THREATS: usize = 8;

/// What a network's inputs are: the layout its weights file names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The slots, the streak, the toggles (issue 32).
    Slots,
    /// The same and [`THREATS`] inputs per slot on the threats from
    /// behind and the safe squares ahead (issue 57).
    Threats,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 2] = [Layout::Slots, Layout::Threats];

    /// The name written in the weights file.
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Slots => "slots-142x4+16 v2",
            Layout::Threats => "slots-142x4+16+threats-8x4 v3",
        }
    }

    /// Its inputs.
    pub const fn inputs(self) -> usize {
        match self {
            Layout::Slots => 4 * SLOT + 16,
            Layout::Threats => 4 * SLOT + 16 + 4 * THREATS,
        }
    }

    /// The layout named `name` in a weights file, if any.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }
}
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
/// + 8 + 8 + 2 + the threats' 8) plus 16.
const MOST: usize = 4 * (35 + THREATS) + 16;

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
    /// The features of `pos` in `layout` (a race still open among
    /// `running`, with the race model's `turns` per seat and its softmax
    /// `temperature`).
    pub fn new(
        pos: &Position,
        rules: &Rules,
        turns: &[f32; 4],
        running: u8,
        temperature: f32,
        layout: Layout,
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
            f.slot(pos, rules, seat, base);
            if layout == Layout::Threats {
                let extra = 4 * SLOT + 16 + k * THREATS;
                for (i, on) in threats(pos, rules, seat, running).iter().enumerate() {
                    if *on {
                        f.one(extra + i);
                    }
                }
            }
            f.dense[f.n_dense] = ((base + 123) as u16, turns[s] * TURNS_SCALE);
            f.n_dense += 1;
            f.skip[k] = -(turns[s] - best) / temperature;
        }
        f.whole_board(pos, rules, first);
        f
    }

    /// The 0/1 inputs of `seat`'s slot at `base`: racing, the yard, home,
    /// each progress, and the contact inputs.
    fn slot(&mut self, pos: &Position, rules: &Rules, seat: Seat, base: usize) {
        self.one(base);
        let horses = pos.horses(seat);
        let yard = horses.iter().filter(|&&h| h == YARD).count();
        for i in 0..yard {
            self.one(base + 1 + i);
        }
        let home = horses.iter().filter(|&&h| rules.is_home(h)).count();
        for i in 0..home {
            self.one(base + 119 + i);
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
                self.one(base + 5 + 2 * usize::from(p));
                if n >= 2 {
                    self.one(base + 6 + 2 * usize::from(p));
                }
            }
            i += n;
        }
        let contact = contact(pos, rules, seat);
        for (i, on) in contact.iter().enumerate() {
            if *on {
                self.one(base + 124 + i);
            }
        }
    }

    /// The inputs after the slots: the streak, the toggles, and whether
    /// the seat `first` to roll is home and rolls for its partner.
    fn whole_board(&mut self, pos: &Position, rules: &Rules, first: usize) {
        let g = 4 * SLOT;
        let streak = usize::from(pos.streak());
        for i in 0..streak.min(2) {
            self.one(g + i);
        }
        for (i, on) in toggles(rules).into_iter().enumerate() {
            if on {
                self.one(g + 2 + i);
            }
        }
        if rules.teams && pos.is_finished(Seat::from_index(first), rules) {
            self.one(g + 15);
        }
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

/// The threats from behind and the safe squares ahead of `seat`'s horses
/// ([`Layout::Threats`]'s inputs of its slot). A horse is threatened when
/// it stands on the track off a safe square and a horse of another racing
/// colour (not its partner) is 1 to 6 squares behind it and not turning
/// home before it, or can exit onto it. In order:
///
/// 0. a threatened horse has come 21 squares or more;
/// 1. a threatened horse has come 42 squares or more;
/// 2. two or more of its horses are threatened;
/// 3. a horse is threatened by two or more horses;
/// 4. a threatened horse can reach safety with one roll (a safe square or
///    the home column 1 to 6 squares ahead);
/// 5. a threatened horse cannot;
/// 6. one of its horses is 1 to 6 squares behind another colour's horse
///    that has come 28 squares or more, off a safe square (a rich kick);
/// 7. a horse is threatened by the colour that rolls next after it (round
///    the board, among the colours racing).
pub fn threats(pos: &Position, rules: &Rules, seat: Seat, running: u8) -> [bool; THREATS] {
    let mut out = [false; THREATS];
    let foe = |o: Seat| {
        o != seat
            && !(rules.teams && o == seat.partner())
            && running & (1 << o.index()) != 0
            && pos.is_playing(o)
    };
    // The racing colour that rolls next after `seat` round the board.
    let next = (1..4)
        .map(|i| Seat::from_index((seat.index() + i) & 3))
        .find(|&o| o != seat && running & (1 << o.index()) != 0 && pos.is_playing(o));
    let mut threatened = 0;
    for &h in &pos.horses(seat) {
        if h > DOOR {
            continue;
        }
        let q = track_square(seat, h);
        let protected = rules.is_safe_square(q);
        let mut attackers = 0;
        let mut by_next = false;
        for other in pos.playing_seats().filter(|&o| foe(o)) {
            let theirs = pos.horses(other);
            let mut count = 0;
            if !protected && q == track_square(other, 0) && theirs.contains(&YARD) {
                count += 1;
            }
            for &g in &theirs {
                if g > DOOR {
                    continue;
                }
                let r = track_square(other, g);
                let d = (q + TRACK_SQUARES - r) % TRACK_SQUARES;
                if !protected && (1..=6).contains(&d) && g + d <= DOOR {
                    count += 1;
                }
                let e = (r + TRACK_SQUARES - q) % TRACK_SQUARES;
                if g >= 28 && !rules.is_safe_square(r) && (1..=6).contains(&e) && h + e <= DOOR {
                    out[6] = true;
                }
            }
            attackers += count;
            by_next |= count > 0 && Some(other) == next;
        }
        if attackers == 0 {
            continue;
        }
        threatened += 1;
        out[0] |= h >= 21;
        out[1] |= h >= 42;
        out[3] |= attackers >= 2;
        out[7] |= by_next;
        let refuge =
            (1..=6u8).any(|e| h + e > DOOR || rules.is_safe_square(track_square(seat, h + e)));
        out[4] |= refuge;
        out[5] |= !refuge;
    }
    out[2] = threatened >= 2;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn threats_of(text: &str, seat: Seat) -> [bool; THREATS] {
        let pos: Position = text.parse().expect("a position");
        threats(&pos, &Rules::standard(), seat, 0b1111)
    }

    #[test]
    fn a_horse_with_a_chaser_behind_and_a_star_ahead() {
        // Red's horse on square 30; Green's (start 13) on square 27, three
        // behind it, and the star on 34 within one roll ahead of Red's.
        let text = "Y,Y,Y,30/Y,Y,Y,14/-/- r 0";
        let red = threats_of(text, Seat::Red);
        assert_eq!(
            red,
            [true, false, false, false, true, false, false, true],
            "come 21 or more, refuge ahead, Green rolls next"
        );
        // Green's horse sits three behind a horse that has come 30: a rich
        // kick, and nothing threatens it.
        let green = threats_of(text, Seat::Green);
        assert_eq!(
            green,
            [false, false, false, false, false, false, true, false]
        );
        // Shipped inputs unchanged; the wider layout sets these after them.
        let pos: Position = text.parse().expect("a position");
        let rules = Rules::standard();
        let turns = [40.0, 45.0, 0.0, 0.0];
        let slots = Features::new(&pos, &rules, &turns, 0b11, 6.0, Layout::Slots);
        let wide = Features::new(&pos, &rules, &turns, 0b11, 6.0, Layout::Threats);
        let base: Vec<u16> = wide.ones[..wide.n_ones]
            .iter()
            .copied()
            .filter(|&i| usize::from(i) < INPUTS)
            .collect();
        assert_eq!(base, slots.ones[..slots.n_ones].to_vec());
        let extra: Vec<usize> = wide.ones[..wide.n_ones]
            .iter()
            .map(|&i| usize::from(i))
            .filter(|&i| i >= INPUTS)
            .collect();
        // Slot 0 is Red (to roll), slot 1 Green.
        assert_eq!(
            extra,
            vec![INPUTS, INPUTS + 4, INPUTS + 7, INPUTS + THREATS + 6]
        );
    }

    #[test]
    fn two_chasers_two_horses_and_no_refuge() {
        // Red (three players: Red, Yellow, Blue) on squares 20 and 40.
        // Yellow's horse (start 26) on square 38 and Blue's on its start,
        // 39, are both behind the horse on 40, which has no safe square
        // within a roll (39 and 47 are the stars about it); Blue's other
        // horse on square 17 is behind the one on 20, whose star (21) is
        // one square ahead.
        let text = "Y,Y,20,40/-/Y,Y,Y,12/Y,Y,0,30 r 0";
        let red = threats_of(text, Seat::Red);
        assert_eq!(red, [true, false, true, true, true, true, false, true]);
        // A horse on a safe square is never threatened.
        let safe = threats_of("Y,Y,Y,34/Y,Y,Y,20/-/- r 0", Seat::Red);
        assert_eq!(safe, [false; THREATS]);
        // Nor by a horse that turns home before reaching it: Green's horse
        // at progress 49 (square 10) stands two behind Red's on 12 but
        // enters its column first.
        let home = threats_of("Y,Y,Y,12/Y,Y,Y,49/-/- r 0", Seat::Red);
        assert!(!home[0] && !home[5], "{home:?}");
    }
}
