//! Cờ nhảy in the app: only what is its own — the star board (geometry,
//! painting, six colours and shapes), how its moves are shown hop by hop,
//! the words for its moves, its settings, rules, results and statistics.
//! The play machinery (`crate::app::play`) does the rest through
//! [`view`]'s `View` impl.

pub mod animation;
pub mod board_view;
pub mod geometry;
pub mod look;
mod play_panel;
pub mod settings;
pub mod tbl;
pub mod text;
mod view;
mod view_model;
pub mod windows;

use crate::app::play::Play;
use crate::app::play::phase::{Action, Phase};
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{ARMS, Arm, Move, MoveList};
use tbl::ShownMoves;

/// Cờ nhảy as the app plays it.
pub type CoNhayGame = Play<CoNhay>;

/// Where the keyboard focus goes on the star board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// A piece that can move, by its hole.
    Piece(u8),
    /// A hole the chosen piece can reach.
    Target(u8),
}

/// What Cờ nhảy's screen keeps of its own.
#[derive(Debug, Default)]
pub struct Local {
    /// Moves made by each arm this game (for the shortest win).
    pub moves_by_arm: [u32; ARMS],
}

impl CoNhayGame {
    /// The moves a person here may choose now, as the engine lists them.
    pub fn choosable_list(&self, phase: Phase) -> MoveList {
        if phase.allows(Action::Move) {
            self.presenter.shown().legal_moves()
        } else {
            MoveList::EMPTY
        }
    }

    /// The last move shown: who, and the holes it visited.
    pub fn last_move(&self) -> Option<&(Arm, Vec<u8>)> {
        self.presenter.marks().last_move.as_ref()
    }

    /// The hole of the piece to give the keyboard focus.
    pub fn focus_piece(&self) -> Option<u8> {
        match self.focus {
            Some(Focus::Piece(h)) => Some(h),
            _ => None,
        }
    }

    /// The target hole to give the keyboard focus.
    pub fn focus_target(&self) -> Option<u8> {
        match self.focus {
            Some(Focus::Target(h)) => Some(h),
            _ => None,
        }
    }

    /// The target under the pointer (its path is shown).
    pub fn hover_target(&self) -> Option<Move> {
        self.hover
    }

    /// The seating of the game on the table.
    pub fn seating(&self) -> game_co_nhay::engine::Players {
        self.source
            .latest()
            .position()
            .map_or(game_co_nhay::engine::Players::Two, |p| p.players())
    }

    /// Where the piece being moved is drawn now, as a grid point (see
    /// [`geometry::hole_point`]).
    pub fn moving_piece(&self) -> Option<(f32, f32)> {
        let h = self.presenter.anim()?;
        let (i, u) = h.at(self.now);
        let a = geometry::hole_point(h.path[i]);
        let b = geometry::hole_point(h.path[(i + 1).min(h.path.len() - 1)]);
        Some((a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u))
    }
}
