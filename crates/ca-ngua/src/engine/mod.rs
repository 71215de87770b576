//! The rules engine: pure rules of Cờ Cá Ngựa (`../shared/RULES.md`).
//!
//! No egui, no I/O, no clock, no random numbers: a roll is an input. The
//! position notation, the move generator and the game outcome all live
//! here; everything else (dice, bots, screens, files) depends on this
//! module and never the other way round.

pub mod board;
mod compiled;
pub mod game;
mod move_list;
pub mod moves;
pub mod notation;
pub mod play;
pub mod position;
pub mod roll;
pub mod rules;
pub mod scoring;

pub use board::{CENTRE, DOOR, Seat, TOP_CELL, is_star_square, is_start_square, track_square};
pub use game::{Game, GameError, GameRecord, Outcome, check_players};
pub use moves::{Move, MoveError, MoveList};
pub use notation::{PositionError, Setup};
pub use play::{Bonus, Effects, PlayError};
pub use position::{Position, YARD};
pub use roll::{Roll, RollError};
pub use rules::{
    Dice, Direction, ExitRolls, GameEnd, HomeColumn, MAX_ROLL_CAP, PRESET_NAMES, Pairs, Rules,
    RulesError, SafeSquares,
};
pub use scoring::{Ledger, LedgerEntry, Scoring};
