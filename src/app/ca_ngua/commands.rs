//! What a person at this device asks of the game, checked against the
//! phase, and sent to the game source as commands.

use super::CaNguaGame;
use super::phase::{Action, Phase};
use super::tbl::Command;
use crate::ca_ngua::engine::{Move, MoveList};

/// A request from the board, the play panel or the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum PlayIntent {
    /// Roll the dice, or make the only move.
    RollOrMove,
    /// Make a move.
    Move(Move),
    /// Pick a horse (by where it stands and its number): its only move is
    /// made, or its targets shown.
    Select(u8, u8),
    /// Forget the picked horse.
    Deselect,
    /// Show the move the Hard computer player would make.
    Hint,
    /// The pointer is over a movable horse or a line of the move list (or
    /// left it): show where it would land.
    Hover(Option<Hover>),
    /// Start a new game (the main button once the game is over; the shell
    /// carries it out).
    NewGame,
}

/// What the pointer is over, for the landing preview.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hover {
    /// A movable horse, by its progress.
    Horse(u8),
    /// A line of the move list.
    Move(Move),
}

impl CaNguaGame {
    /// The moves a person here may choose now (none outside their turn).
    pub fn choosable_moves(&self, phase: Phase) -> MoveList {
        let shown = self.presenter.shown();
        match (shown.pending(), shown.game()) {
            (Some(p), Some(g)) if phase.allows(Action::Move) => g.legal_moves(p.roll),
            _ => MoveList::new(),
        }
    }

    /// Carries out a person's request if the phase allows it.
    pub fn apply_play(&mut self, intent: PlayIntent, phase: Phase) {
        match intent {
            PlayIntent::RollOrMove => {
                if phase.allows(Action::Roll) {
                    self.send(Command::Roll);
                } else if phase.allows(Action::Move) {
                    let moves = self.choosable_moves(phase);
                    if let (1, Some(m)) = (moves.len(), moves.first()) {
                        self.send(Command::Move(m));
                    }
                }
            }
            PlayIntent::Move(m) => {
                if phase.allows(Action::Move) && self.choosable_moves(phase).contains(m) {
                    self.send(Command::Move(m));
                }
            }
            PlayIntent::Select(from, number) => {
                if !phase.allows(Action::Select) {
                    return;
                }
                if let Some(seat) = self.presenter.shown().turn() {
                    self.presenter.prefer(seat, from, number);
                }
                let moves: Vec<Move> = self
                    .choosable_moves(phase)
                    .iter()
                    .filter(|m| m.from == from)
                    .collect();
                match moves.as_slice() {
                    [only] => self.send(Command::Move(*only)),
                    [] => {}
                    _ => self.selected = Some(from),
                }
            }
            PlayIntent::Deselect => self.selected = None,
            PlayIntent::Hover(h) => self.hover = h,
            PlayIntent::NewGame => {}
            PlayIntent::Hint => {
                if !phase.allows(Action::Hint) {
                    return;
                }
                let shown = self.presenter.shown();
                if let (Some(p), Some(pos)) = (shown.pending(), shown.position()) {
                    // Hard decides in milliseconds: no need for a thread.
                    self.hint = crate::ca_ngua::bots::hint(shown.rules(), pos, p.roll);
                }
            }
        }
    }

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

    /// The preview as it will be once this frame's requests are applied.
    fn hover_asked(&self) -> Option<Hover> {
        self.intents
            .iter()
            .rev()
            .find_map(|i| match i {
                PlayIntent::Hover(h) => Some(*h),
                _ => None,
            })
            .unwrap_or(self.hover)
    }

    /// Asks for a new preview only when it changes (a request every frame
    /// would keep the window drawing while the pointer rests).
    fn want_hover(&mut self, want: Option<Hover>) {
        if self.hover_asked() != want {
            self.intents.push(PlayIntent::Hover(want));
        }
    }

    /// Sends a command for the seat to play, as of the last event shown.
    pub(super) fn send(&mut self, cmd: Command) {
        let shown = self.presenter.shown();
        let Some(seat) = shown.turn() else {
            return;
        };
        let seq = shown.seq();
        // A refusal cannot change the game; the phase already kept the
        // person from asking out of turn, so there is nothing to show.
        if self.source.command(seat, seq, cmd).is_ok() {
            self.selected = None;
            self.hint = None;
            self.hover = None;
            self.timer.reset();
            self.repaint = true;
        }
    }
}
