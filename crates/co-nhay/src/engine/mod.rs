//! The rules engine of Cờ nhảy (Chinese checkers, `shared/CO-NHAY.md`).
//!
//! Pure: no egui, no I/O, no clock, no random numbers. The board is a set
//! of bit masks over 121 holes (`u128`), moves are generated as hole sets
//! per piece, and positions are `Copy`.

pub mod board;
pub mod game;
pub mod moves;
pub mod notation;
pub mod position;
pub mod rules;
pub mod seats;

pub use board::{ARM_MASKS, ARMS, HOLES, Holes};
pub use game::{Game, GameError, GameRecord, MOVE_CAP, Outcome};
pub use moves::{Move, MoveError, MoveList, PIECES};
pub use notation::{PositionError, Setup};
pub use position::{Effects, PlayError, Position};
pub use rules::{GameEnd, OtherArms, PRESET_NAMES, Rules};
pub use seats::{Arm, ArmList, Players};

/// The number of move sequences of `depth` moves from `position` (passes
/// count as moves; a sequence stops early at the end of the game).
pub fn perft(position: &Position, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 || position.is_over() {
        return 1;
    }
    let moves = position.legal_moves(rules);
    if moves.is_empty() {
        let mut next = *position;
        next.play_unchecked(rules, Move::PASS);
        return perft(&next, rules, depth - 1);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = *position;
            next.play_unchecked(rules, mv);
            perft(&next, rules, depth - 1)
        })
        .sum()
}
