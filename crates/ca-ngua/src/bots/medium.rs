//! Medium: a sound rule-based player, the way a steady family player
//! thinks about one move at a time. It scores every legal move by a few
//! plain rules and plays the best:
//!
//! - kick when it can, the further the victim had come the better;
//! - bring a horse home, or into its home column where nobody can touch it;
//! - move a horse that an opponent could hit next roll out of reach, onto a
//!   safe square, or into a protective pair when pairs are protective;
//! - do not land within one roll in front of an opponent, nor leave a
//!   partner alone there;
//! - bring horses out of the yard, above all when none is out;
//! - with the climb, go as high in the column as the roll allows;
//! - otherwise advance, preferring the horse that is further along.
//!
//! No look-ahead and no probabilities beyond "is someone within one roll
//! behind me": that is Hard's job.

use super::sense::Board;
use super::{BotRng, Decision};
use crate::engine::board::{DOOR, progress_of_square};
use crate::engine::{HomeColumn, Move, Position, Seat, YARD, track_square};
use ca_ngua_core::game::rng::below;

/// Points for each kind of good (or bad) thing a move does.
const KICK: i32 = 100;
const FINISH: i32 = 70;
const ENTER_HOME_COLUMN: i32 = 50;
const ESCAPE: i32 = 45;
const EXPOSED: i32 = 50;
const SAFE_LANDING: i32 = 12;
const EXIT: i32 = 35;
const FIRST_EXIT: i32 = 60;
const CLIMB_CELL: i32 = 10;
const CLIMB_UP: i32 = 30;
const DOOR_LANDING: i32 = 20;
const AWKWARD: i32 = 15;

/// Medium's choice among `d.moves`; ties go to a seeded coin.
pub fn choose(d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let moves = d.moves;
    let fallback = moves.first().unwrap_or(Move::EXIT);
    // The colour whose horses move (with teams, the partner's once one's
    // own are home).
    let Some(seat) = d.position.mover(d.rules) else {
        return fallback;
    };
    let before = Board::new(d.position, d.rules);
    let exposed_before = exposed(d, &before, d.position, seat);
    let mut best = fallback;
    let mut best_score = i32::MIN;
    let mut ties = 0u32;
    for mv in moves.iter() {
        let score = score(d, &before, exposed_before, seat, mv);
        if score > best_score {
            best_score = score;
            best = mv;
            ties = 1;
        } else if score == best_score {
            // Reservoir sampling among equal scores: each tied move is
            // equally likely, from one pass.
            ties += 1;
            if below(rng, ties) == 0 {
                best = mv;
            }
        }
    }
    best
}

/// Horses of `seat` on the track with an opponent within one roll behind,
/// weighted by how far they have come (a leader lost costs more).
/// With teams, the partner's horses count as the colour's own: a move
/// that leaves the partner exposed costs as much, a kick that takes a
/// chaser off the partner gains as much.
fn exposed(d: &Decision<'_>, board: &Board, pos: &Position, seat: Seat) -> i32 {
    let mut total = 0;
    let team = [seat, seat.partner()];
    let colours = if d.rules.teams { &team[..] } else { &team[..1] };
    for &colour in colours {
        for p in pos.horses(colour) {
            if p != YARD && p <= DOOR {
                let q = track_square(colour, p);
                if board.chasers(d.rules, colour, q) > 0 {
                    total += 20 + i32::from(p);
                }
            }
        }
    }
    total
}

fn score(d: &Decision<'_>, before: &Board, exposed_before: i32, seat: Seat, mv: Move) -> i32 {
    let rules = d.rules;
    let mut next = *d.position;
    let fx = next.play_unchecked(rules, d.roll, Some(mv));
    let after = Board::new(&next, rules);
    let mut s = 0;

    // Kick: the further the victim had come, the better.
    if let Some(q) = fx.square {
        for victim in Seat::ALL {
            if fx.kicked[victim.index()] > 0 {
                s += KICK + i32::from(progress_of_square(victim, q).min(DOOR));
            }
        }
    }
    if fx.horse_finished {
        s += FINISH;
    }
    let from_track = !mv.is_exit() && mv.from <= DOOR;
    let climb = rules.home_column == HomeColumn::Climb;
    if mv.to > DOOR && (mv.is_exit() || mv.from <= DOOR) {
        s += ENTER_HOME_COLUMN;
        if climb {
            // The column fills from the top: a horse entering low blocks
            // every entry above it until it climbs.
            s += CLIMB_CELL * (i32::from(mv.to - DOOR) - 4);
        }
    }
    if climb && mv.from > DOOR {
        s += CLIMB_UP;
    }
    if climb && mv.to == DOOR {
        // The door is reached only by an exact roll: landing there is half
        // of the climb.
        s += DOOR_LANDING;
    }
    if climb && mv.to < DOOR && DOOR - mv.to <= 3 {
        // Short of the door by a little: only a small exact roll (rare
        // with two dice) gets it there.
        s -= AWKWARD;
    }

    // Danger: escape from a chaser, do not land in front of one, do not
    // leave a partner alone in front of one. The whole colour's exposure
    // before and after says all three.
    let exposed_after = exposed(d, &after, &next, seat);
    s += (exposed_before - exposed_after) * EXPOSED / 50;
    if from_track
        && before.chasers(rules, seat, track_square(seat, mv.from)) > 0
        && exposed_after < exposed_before
    {
        s += ESCAPE;
    }
    if mv.to <= DOOR {
        let q = track_square(seat, mv.to);
        if after.is_protected(rules, seat, q) {
            s += SAFE_LANDING;
        }
    }

    if mv.is_exit() {
        let out = d
            .position
            .horses(seat)
            .iter()
            .filter(|&&p| p != YARD && p <= DOOR)
            .count();
        s += if out == 0 { FIRST_EXIT } else { EXIT };
    }

    // Otherwise: advance, the leading horse first (it is the one that
    // gets home soonest and is worth the most if kicked later).
    if !mv.is_exit() {
        s += (i32::from(mv.to) - i32::from(mv.from)) / 2 + i32::from(mv.from) / 8;
    }
    s
}
