//! Hard's evaluation of a position ([`Model`]): each colour's expected
//! turns to bring its horses home and its expected loss from kicks, turned
//! into win chances.

use super::{Leaf, Params};
use crate::bots::sense::Board;
use crate::engine::{
    CENTRE, DOOR, Dice, HomeColumn, Position, Roll, Rules, Seat, TOP_CELL, YARD, track_square,
};

/// Index of the yard in the per-progress tables (progress 0..=57 first).
pub(super) const YARD_INDEX: usize = CENTRE as usize + 1;

/// The evaluation for one rule set: its tables are computed once per rule
/// set (a [`super::Bot`] keeps them for the game).
#[derive(Clone, Debug)]
pub struct Model {
    rules: Rules,
    params: Params,
    /// Expected turns for a lone horse to reach its target, per target
    /// (exact column: only the centre, index 0; climb: cells 3, 4, 5, 6)
    /// and progress (`YARD_INDEX` for the yard).
    lone: [[f32; YARD_INDEX + 1]; 4],
    /// Turns per square of plain travel.
    slope: f32,
    /// The rolls that can come and their probabilities.
    rolls: [(Roll, f32); 21],
    n_rolls: usize,
}

impl Model {
    /// The evaluation under `rules` with `params`.
    pub fn new(rules: &Rules, params: Params) -> Model {
        let (rolls, n_rolls) = roll_outcomes(rules);
        let mut lone = [[0.0; YARD_INDEX + 1]; 4];
        match rules.home_column {
            HomeColumn::Exact => lone[0] = lone_horse_turns(rules, &rolls[..n_rolls], CENTRE),
            HomeColumn::Climb => {
                for (i, table) in lone.iter_mut().enumerate() {
                    *table = lone_horse_turns(rules, &rolls[..n_rolls], DOOR + 3 + i as u8);
                }
            }
        }
        // Far from home a lone horse's turns grow linearly with distance:
        // measure the rate over the first 20 squares (the climb's table for
        // cell 6 has the longest way).
        let far = match rules.home_column {
            HomeColumn::Exact => &lone[0],
            HomeColumn::Climb => &lone[3],
        };
        let slope = ((far[0] - far[20]) / 20.0).max(0.05);
        Model {
            rules: *rules,
            params,
            lone,
            slope,
            rolls,
            n_rolls,
        }
    }

    /// The rules the tables were built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rolls and their probabilities.
    #[inline]
    fn rolls(&self) -> &[(Roll, f32)] {
        &self.rolls[..self.n_rolls]
    }

    /// Target table index and target progress for the `i`-th horse
    /// (sorted, yard first) of a colour.
    #[inline]
    fn target(&self, i: usize) -> (usize, u8) {
        match self.rules.home_column {
            HomeColumn::Exact => (0, CENTRE),
            // The climb wins on cells 3..=6, one horse a cell, no passing
            // in the column: the i-th lowest horse belongs on cell 3 + i.
            HomeColumn::Climb => (i, DOOR + 3 + i as u8),
        }
    }

    /// Expected turns for one colour to bring every horse home.
    ///
    /// Each horse has a plain travel time (its squares to go, as if every
    /// roll could be used) and a waiting time (for an exit roll, for the
    /// exact rolls of the door, the column or the centre: what a lone horse
    /// would add). Travel adds up: one horse moves per roll. Waiting
    /// overlaps: while one horse waits the others use the rolls, so only
    /// the longest wait counts in full and the others in part (`lambda`).
    fn colour_turns(&self, pos: &Position, board: &Board, seat: Seat, weight: &[f32; 4]) -> f32 {
        let p = &self.params;
        let lambda = p.lambda;
        let horses = pos.horses(seat);
        // Horses that can use a roll without an exit.
        let out = horses.iter().filter(|&&h| h != YARD).count()
            - horses
                .iter()
                .enumerate()
                .filter(|&(i, &h)| h == self.target(i).1)
                .count();
        let mut total = 0.0;
        let mut longest = 0.0f32;
        for (i, &h) in horses.iter().enumerate() {
            let (t, target) = self.target(i);
            if h == target {
                continue;
            }
            let table = &self.lone[t];
            let travel = |q: u8| f32::from(target.saturating_sub(q)) * self.slope;
            let wait = |q: u8| (table[usize::from(q)] - travel(q)).max(0.0);
            // Back in the yard: the way from the start square, the exit
            // roll it will spend, and the wait for that roll.
            let exit_wait = table[YARD_INDEX] - table[0];
            let yard_travel = travel(0) + p.yard_extra;
            let yard_wait = wait(0) + exit_wait;
            let (travel_here, wait_here) = if h == YARD {
                (yard_travel, yard_wait)
            } else {
                (travel(h), wait(h))
            };
            let mut cost = travel_here + lambda * wait_here;
            longest = longest.max(wait_here);
            if h <= DOOR {
                // The risk of a kick: before this colour rolls again, and
                // on the rest of the way round. A kicked horse's wait for
                // an exit counts in full when nothing else would be out.
                let q = track_square(seat, h);
                let danger = board.danger(&self.rules, seat, q, weight);
                let ahead = f32::from(DOOR - h) / f32::from(DOOR);
                let risk = p.danger * danger + p.exposure * ahead;
                let share = if out <= 1 { 1.0 } else { lambda };
                let kicked = yard_travel + share * yard_wait;
                cost += risk * (kicked - cost).max(0.0);
            }
            total += cost;
        }
        total + (1.0 - lambda) * longest
    }

    /// Win chances of every seat (0 for seats out of the running), from the
    /// view that the colours that finished since the search began have
    /// already won.
    pub fn evaluate(&self, pos: &Position, root_done: u8) -> [f32; 4] {
        match self.standing(pos, root_done) {
            Standing::Settled(u) => u,
            Standing::Open { turns, running } => self.chances(pos, &turns, running),
        }
    }

    /// The race as the evaluation sees it: settled (someone finished since
    /// the search began, a team is home, or the game stopped), or open with
    /// each running seat's expected turns to bring its horses home (with
    /// teams, its team's: both partners hold the same figure).
    pub fn standing(&self, pos: &Position, root_done: u8) -> Standing {
        let rules = &self.rules;
        let mut u = [0.0f32; 4];
        // The seats still in the running.
        let running = if rules.teams {
            // A team home has won; until then everyone is in the running,
            // a colour home for its partner.
            if let Some(first) = pos.team_home(rules) {
                u[first.index()] = 0.5;
                u[first.partner().index()] = 0.5;
                return Standing::Settled(u);
            }
            pos.playing
        } else {
            let mut done = 0u8;
            for seat in pos.playing_seats() {
                if pos.is_finished(seat, rules) {
                    done |= 1 << seat.index();
                }
            }
            let fresh = done & !root_done;
            if fresh != 0 {
                // Someone finished during the search: the race for first
                // place is over (later places are not worth a move here).
                let share = 1.0 / fresh.count_ones() as f32;
                for (s, x) in u.iter_mut().enumerate() {
                    if fresh & (1 << s) != 0 {
                        *x = share;
                    }
                }
                return Standing::Settled(u);
            }
            pos.playing & !done
        };
        let (Some(turn), Some(mover)) = (pos.turn(), pos.mover(rules)) else {
            return Standing::Settled(u); // stopped without a winner: nothing to share
        };
        let board = Board::new(pos, rules);
        let p = &self.params;
        let mut turns = [0.0f32; 4];
        for seat in pos.playing_seats() {
            // A colour home needs no more turns.
            if running & (1 << seat.index()) == 0 || (rules.teams && pos.is_finished(seat, rules)) {
                continue;
            }
            let mut weight = threat_weights(turn, seat, p.late_weight);
            if rules.teams {
                weight[seat.partner().index()] = 0.0; // a partner is no threat
            }
            let mut t = self.colour_turns(pos, &board, seat, &weight);
            if seat == mover {
                t -= p.tempo;
            }
            turns[seat.index()] = t;
        }
        if rules.teams {
            // Each team's turns: the one home first rolls for the other,
            // so the team needs about half the sum of its colours'.
            turns = std::array::from_fn(|s| (turns[s] + turns[s ^ 2]) / 2.0);
        }
        Standing::Open { turns, running }
    }

    /// The softmax temperature that turns turns into chances.
    pub fn temperature(&self) -> f32 {
        self.params.temperature
    }

    /// Win chances from an open race's turns (a softmax over the running
    /// seats; with teams both partners hold half their team's chance).
    fn chances(&self, pos: &Position, turns: &[f32; 4], running: u8) -> [f32; 4] {
        let rules = &self.rules;
        let p = &self.params;
        let mut u = [0.0f32; 4];
        let best = pos
            .playing_seats()
            .filter(|s| running & (1 << s.index()) != 0)
            .map(|s| turns[s.index()])
            .fold(f32::INFINITY, f32::min);
        let mut sum = 0.0;
        for seat in pos.playing_seats() {
            let s = seat.index();
            if running & (1 << s) != 0 {
                // Shifted by the best so that exp never overflows.
                u[s] = ca_ngua_core::game::math::expf(-(turns[s] - best) / p.temperature);
                sum += u[s];
            }
        }
        // With teams each chance is counted twice, once per partner: the
        // team's share, halved between them.
        let (sum, halves) = if rules.teams {
            (u[0] + u[1], 2.0)
        } else {
            (sum, 1.0)
        };
        if sum > 0.0 {
            for x in &mut u {
                *x = *x / sum / halves;
            }
        }
        u
    }

    /// The rolls that can come and their probabilities.
    pub fn roll_odds(&self) -> &[(Roll, f32)] {
        self.rolls()
    }
}

/// What the evaluation makes of a position ([`Model::standing`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Standing {
    /// The race is over: each seat's share of the win.
    Settled([f32; 4]),
    /// The race is on among `running` (bit `s` for seat `s`).
    Open {
        /// Expected turns to finish, per seat (0 outside `running`).
        turns: [f32; 4],
        /// The seats still racing.
        running: u8,
    },
}

impl Leaf for Model {
    fn leaf_rules(&self) -> &Rules {
        &self.rules
    }
    fn leaf_rolls(&self) -> &[(Roll, f32)] {
        self.rolls()
    }
    #[inline]
    fn leaf(&self, pos: &Position, root_done: u8) -> [f32; 4] {
        self.evaluate(pos, root_done)
    }
}

/// How much each opponent's threat counts against `seat` when `turn` is to
/// roll: fully for those who roll before `seat` rolls again, `late` for the
/// others (after `seat` has had a chance to flee).
#[inline]
fn threat_weights(turn: Seat, seat: Seat, late: f32) -> [f32; 4] {
    let mut w = [late; 4];
    let mut s = turn;
    while s != seat {
        w[s.index()] = 1.0;
        s = s.next();
    }
    w
}

/// Every roll the rules' dice can show, with its probability.
pub(super) fn roll_outcomes(rules: &Rules) -> ([(Roll, f32); 21], usize) {
    let mut out = [(Roll::die(1), 0.0); 21];
    let mut n = 0;
    match rules.dice {
        Dice::One => {
            for d in 1..=6 {
                out[n] = (Roll::die(d), 1.0 / 6.0);
                n += 1;
            }
        }
        Dice::Two => {
            for a in 1..=6 {
                for b in a..=6 {
                    let p = if a == b { 1.0 } else { 2.0 } / 36.0;
                    out[n] = (Roll::dice_pair(a, b), p);
                    n += 1;
                }
            }
        }
    }
    (out, n)
}

/// Expected turns for a horse alone on the board to go from each progress
/// (and the yard) to `target`, moving whenever it can and choosing the best
/// move. A roll that grants another roll costs no turn.
pub(super) fn lone_horse_turns(
    rules: &Rules,
    rolls: &[(Roll, f32)],
    target: u8,
) -> [f32; YARD_INDEX + 1] {
    const NEVER: f32 = 1000.0;
    let mut e = [0.0f32; YARD_INDEX + 1];
    let climb = rules.home_column == HomeColumn::Climb;
    // Where a lone horse at `p` may go with move value `n`.
    let step = |p: u8, n: u8| -> Option<u8> {
        if climb {
            if p < DOOR {
                (p + n <= DOOR).then_some(p + n)
            } else if p == DOOR {
                (n <= target - DOOR).then_some(DOOR + n)
            } else {
                None // in the column: handled by the caller
            }
        } else {
            (p + n <= target).then_some(p + n)
        }
    };
    let states = (0..target).rev().map(usize::from).chain([YARD_INDEX]);
    for i in states {
        let mut fixed = 0.0; // expected cost of the rolls that move
        let mut stay = 0.0; // chance the roll cannot move this horse
        for &(roll, prob) in rolls {
            let turn = if roll.grants_bonus() { 0.0 } else { 1.0 };
            let mut best = NEVER;
            if i == YARD_INDEX {
                if roll.exits(rules) {
                    best = e[0];
                }
            } else {
                let p = i as u8;
                let (values, n_values) = roll.move_values();
                if climb && p > DOOR {
                    let k = p - DOOR;
                    let fits = values[..n_values].contains(&(k + 1))
                        || (roll.is_two_dice() && roll.is_double());
                    if fits && p < TOP_CELL {
                        best = e[usize::from(p) + 1];
                    }
                } else {
                    for &n in &values[..n_values] {
                        if let Some(to) = step(p, n) {
                            best = best.min(e[usize::from(to)]);
                        }
                    }
                }
            }
            if best >= NEVER {
                stay += prob;
                fixed += prob * turn;
            } else {
                fixed += prob * (turn + best);
            }
        }
        e[i] = if stay < 0.999 {
            (fixed / (1.0 - stay)).min(NEVER)
        } else {
            NEVER
        };
    }
    e
}
