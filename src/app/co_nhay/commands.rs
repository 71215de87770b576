//! What a person at this device asks of Cờ nhảy, checked against the
//! phase, and sent to the table as moves.

use super::CoNhayGame;
use super::tbl::NhayJob;
use super::tbl::ShownMoves;
use crate::app::ca_ngua::phase::{Action, Phase};
use crate::co_nhay::engine::{Move, MoveList};
use crate::table::Answer;

/// A request from the board, the play panel or the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum NhayIntent {
    /// Choose the piece on this hole: the holes it can reach are shown
    /// (choosing the chosen piece again puts it back).
    Select(u8),
    /// Make a move.
    Move(Move),
    /// Forget the chosen piece.
    Deselect,
    /// Find the move the Hard computer player would make.
    Hint,
    /// The pointer is over a target (or left it): show its path.
    Hover(Option<Move>),
    /// Start a new game (the shell carries it out).
    NewGame,
}

impl CoNhayGame {
    /// The moves a person here may choose now (none outside their turn).
    pub fn choosable_moves(&self, phase: Phase) -> MoveList {
        if phase.allows(Action::Move) {
            self.presenter.shown().legal_moves()
        } else {
            MoveList::EMPTY
        }
    }

    /// Carries out a person's request if the phase allows it.
    pub fn apply_play(&mut self, intent: NhayIntent, phase: Phase) {
        match intent {
            NhayIntent::Select(hole) => {
                if !phase.allows(Action::Select) {
                    return;
                }
                if self.selected == Some(hole) {
                    self.selected = None;
                    self.focus_piece = Some(hole);
                } else if self.choosable_moves(phase).destinations(hole) != 0 {
                    self.selected = Some(hole);
                    // The keyboard goes on to the holes it can reach.
                    self.focus_target = crate::co_nhay::engine::Holes(
                        self.choosable_moves(phase).destinations(hole),
                    )
                    .next();
                }
                self.repaint = true;
            }
            NhayIntent::Move(mv) => {
                if phase.allows(Action::Move) && self.choosable_moves(phase).contains(mv) {
                    self.send(mv);
                }
            }
            NhayIntent::Deselect => {
                if let Some(hole) = self.selected.take() {
                    self.focus_piece = Some(hole);
                    self.repaint = true;
                }
            }
            NhayIntent::Hover(mv) => self.hover_target = mv,
            NhayIntent::NewGame => {}
            NhayIntent::Hint => {
                if !phase.allows(Action::Hint) {
                    return;
                }
                let shown = self.presenter.shown();
                let (Some(state), seq) = (shown.game().cloned(), shown.seq()) else {
                    return;
                };
                if self.hint_asked != Some(seq) {
                    self.hint = None;
                    self.hint_asked = Some(seq);
                    self.hint_runner.start(NhayJob::hint(seq, state, None));
                    // Found already when decided on the frame (tests).
                    if let Answer::Ready(mv) = self.hint_runner.answer(seq) {
                        self.hint = Some(mv);
                    }
                }
                self.repaint = true;
            }
        }
    }

    /// Collects the hint once found, for the position still shown.
    pub(super) fn poll_hint(&mut self, ctx: &egui::Context) {
        let seq = self.presenter.shown().seq();
        match self.hint_asked {
            Some(asked) if asked != seq => {
                self.hint_asked = None;
                self.hint = None;
            }
            Some(asked) if self.hint.is_none() => match self.hint_runner.answer(asked) {
                Answer::Ready(mv) => {
                    self.hint = Some(mv);
                    self.repaint = true;
                }
                Answer::Thinking => {
                    ctx.request_repaint_after(std::time::Duration::from_millis(50));
                }
                Answer::NotAsked | Answer::Failed => self.hint_asked = None,
            },
            _ => {}
        }
    }

    /// The target under the pointer (called while the board is drawn).
    pub(super) fn hover(&mut self, mv: Option<Move>) {
        let asked = self
            .intents
            .iter()
            .rev()
            .find_map(|i| match i {
                NhayIntent::Hover(h) => Some(*h),
                _ => None,
            })
            .unwrap_or(self.hover_target);
        // A request only when it changes: one a frame would keep the
        // window drawing while the pointer rests.
        if asked != mv {
            self.intents.push(NhayIntent::Hover(mv));
        }
    }

    /// Sends a move for the arm to play, as of the last event shown.
    fn send(&mut self, mv: Move) {
        let shown = self.presenter.shown();
        let Some(arm) = shown.turn() else {
            return;
        };
        let seq = shown.seq();
        // A refusal cannot change the game; the phase already kept the
        // person from asking out of turn, so there is nothing to show.
        if self
            .table
            .command(arm, seq, crate::table::Command::Move(mv))
            .is_ok()
        {
            self.selected = None;
            self.hint = None;
            self.hover_target = None;
            self.timer.reset();
            self.repaint = true;
        }
    }
}
