//! What the pointer rests on in Cờ Cá Ngựa: a movable horse or a line of
//! the move list, whose landing the board previews.

use super::CaNguaGame;
use game_ca_ngua::engine::Move;

/// What the pointer is over, for the landing preview.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hover {
    /// A movable horse, by its progress.
    Horse(u8),
    /// A line of the move list.
    Move(Move),
}

impl CaNguaGame {
    /// The move of the list under the pointer (called while the list is
    /// drawn, `None` when it is not).
    pub(super) fn hover_list(&mut self, m: Option<Move>) {
        let want = match (m, self.hover_asked()) {
            (Some(m), _) => Some(Hover::Move(m)),
            (None, Some(Hover::Horse(h))) => Some(Hover::Horse(h)),
            (None, _) => None,
        };
        self.want_hover(want);
    }

    /// The movable horse under the pointer on the board.
    pub fn hover_board(&mut self, from: Option<u8>) {
        let want = match (from, self.hover_asked()) {
            (Some(f), _) => Some(Hover::Horse(f)),
            (None, Some(Hover::Move(m))) => Some(Hover::Move(m)),
            (None, _) => None,
        };
        self.want_hover(want);
    }
}
