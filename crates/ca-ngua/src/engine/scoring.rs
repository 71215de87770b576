//! The scoring ledger (RULES.md 3, "scoring ledger"; seed 004's 计分规则
//! and seed 001's Thầu mạ and Sập hầm).
//!
//! Points move between colours, so the ledger always sums to zero. The
//! rules, with the **decisions** this engine took where seed 004 is unclear:
//!
//! - **Kick**: the kicked colour pays the kicker 1 point per horse, 2 when
//!   the roll was a double. Kicks chain within one turn: the n-th roll of a
//!   turn that kicks pays n times as much (seed 004's 连续踢马; the seed's
//!   worked example does not add up, so the multiplier is the plain count).
//! - **Sập hầm** (climb only): a horse entering its column on cell 1 pays
//!   every other colour 1 point, 2 with a double.
//! - **Reaching the top cell** (cell 6 with the climb): every other colour
//!   pays 2 points (3 with a double) when the horse came straight from the
//!   door, 1 when it climbed from cell 5.
//! - **Thầu mạ** (climb only): the first horse of the game to go straight
//!   from the door to cell 6 is paid 4 points by every other colour (6 with
//!   a double) instead of the 2 or 3 above.
//! - Without the climb, a horse reaching the centre from the track counts as
//!   coming straight (2, or 3 with a double), one already in its column as
//!   climbing (1).
//! - **Settlement**: when the first colour finishes, every other colour
//!   pays it 1 point per horse not home, and if any colour has no horse home
//!   (*cón*), every payment is multiplied by the number of such colours
//!   plus one. A game stopped by the safety cap before anyone finishes has
//!   no settlement.

use super::board::{DOOR, HORSES, Seat};
use super::play::Effects;
use super::position::Position;
use super::rules::{HomeColumn, Rules};
use serde::{Deserialize, Serialize};

/// What a ledger entry was for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// Kicked one or more horses.
    Kick,
    /// Went straight from the door to cell 6, first in the game.
    ThauMa,
    /// Entered the home column on cell 1.
    SapHam,
    /// Reached the top cell (or the centre).
    TopCell,
    /// End-of-game settlement by horses not home.
    Settlement,
}

/// One scoring event: which colour it is about and how every colour's
/// points changed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// What happened.
    pub kind: Scoring,
    /// The colour that scored (or, for Sập hầm, paid).
    pub seat: Seat,
    /// Points gained (positive) or paid (negative) per seat.
    pub change: [i32; 4],
}

/// Points per colour and the events that made them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ledger {
    /// Points per seat; they always sum to zero.
    pub points: [i32; 4],
    /// Every scoring event, oldest first.
    pub entries: Vec<LedgerEntry>,
    /// Someone has already taken Thầu mạ.
    pub thau_ma_taken: bool,
    /// Rolls that kicked so far in the current turn.
    pub chain: u8,
    /// The settlement has been made.
    pub settled: bool,
}

impl Ledger {
    fn add(&mut self, kind: Scoring, seat: Seat, change: [i32; 4]) {
        // Saturating: a hand-edited save may hold any totals.
        for (p, c) in self.points.iter_mut().zip(change) {
            *p = p.saturating_add(c);
        }
        self.entries.push(LedgerEntry { kind, seat, change });
    }

    /// Every other playing colour pays `each` to `seat` (or, negative,
    /// receives it).
    fn from_each_other(pos: &Position, seat: Seat, each: i32) -> [i32; 4] {
        let mut change = [0; 4];
        for o in pos.playing_seats().filter(|&o| o != seat) {
            change[o.index()] -= each;
            change[seat.index()] += each;
        }
        change
    }

    /// Books what one roll did. `after` is the position after the roll.
    pub fn record(&mut self, rules: &Rules, after: &Position, fx: &Effects) {
        let double = fx.roll.is_two_dice() && fx.roll.is_double();
        let seat = fx.seat;
        if fx.kick_count() > 0 {
            self.chain = self.chain.saturating_add(1);
            let per_horse = if double { 2 } else { 1 } * i32::from(self.chain);
            let mut change = [0; 4];
            for (victim, &n) in fx.kicked.iter().enumerate() {
                let pay = i32::from(n) * per_horse;
                change[victim] -= pay;
                change[seat.index()] += pay;
            }
            self.add(Scoring::Kick, seat, change);
        }
        if fx.door_to_bottom {
            let each = if double { 2 } else { 1 };
            self.add(
                Scoring::SapHam,
                seat,
                Ledger::from_each_other(after, seat, -each),
            );
        }
        if fx.horse_finished {
            let straight = match (rules.home_column, fx.mv) {
                (HomeColumn::Climb, _) => fx.door_to_top,
                (HomeColumn::Exact, Some(m)) => m.from <= DOOR,
                (HomeColumn::Exact, None) => false,
            };
            let (kind, each) = if fx.door_to_top && !self.thau_ma_taken {
                self.thau_ma_taken = true;
                (Scoring::ThauMa, if double { 6 } else { 4 })
            } else if straight {
                (Scoring::TopCell, if double { 3 } else { 2 })
            } else {
                (Scoring::TopCell, 1)
            };
            self.add(kind, seat, Ledger::from_each_other(after, seat, each));
        }
        if fx.seat_finished && !self.settled {
            self.settle(rules, after, seat);
        }
        if after.turn() != Some(seat) {
            self.chain = 0;
        }
    }

    fn settle(&mut self, rules: &Rules, after: &Position, winner: Seat) {
        self.settled = true;
        let losers = || after.playing_seats().filter(move |&o| o != winner);
        let con = losers()
            .filter(|&o| after.horses_home(o, rules) == 0)
            .count() as i32;
        let mut change = [0; 4];
        for o in losers() {
            let not_home = (HORSES - after.horses_home(o, rules)) as i32;
            let pay = not_home * (con + 1);
            change[o.index()] -= pay;
            change[winner.index()] += pay;
        }
        self.add(Scoring::Settlement, winner, change);
    }
}
