//! What a person at this device asks of the game, checked against the
//! phase, and sent to the game source as commands.

use super::phase::{Action, Phase};
use super::{Play, View, ViewTypes};
use ca_ngua_core::table::Command;

/// A request from the board, the play panel or the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum PlayIntent<V: ViewTypes> {
    /// Roll the dice, or make the only move (the main button).
    RollOrMove,
    /// Make a move.
    Move(V::Move),
    /// Pick something on the board (a piece): its only move is made, or
    /// its targets shown, as the game says.
    Select(V::Pick),
    /// Put the picked piece back.
    Deselect,
    /// Show the move the Hard computer player would make.
    Hint,
    /// The pointer rests on something whose landing is shown (or left it).
    Hover(Option<V::Hover>),
    /// Start a new game (the main button once the game is over; the shell
    /// carries it out).
    NewGame,
}

impl<V: View> Play<V> {
    /// The requests of the last frame.
    pub fn take_intents(&mut self) -> Vec<PlayIntent<V>> {
        std::mem::take(&mut self.intents)
    }

    /// Asks for something (the board and panels of each game).
    pub fn ask(&mut self, intent: PlayIntent<V>) {
        self.intents.push(intent);
    }

    /// Carries out a person's request if the phase allows it.
    pub fn apply_play(&mut self, intent: PlayIntent<V>, phase: Phase) {
        match intent {
            PlayIntent::RollOrMove => {
                if phase.allows(Action::Roll) {
                    self.send(Command::Roll);
                } else if phase.allows(Action::Move)
                    && let [only] = self.choosable_moves(phase).as_slice()
                {
                    self.send(Command::Move(*only));
                }
            }
            PlayIntent::Move(m) => {
                if phase.allows(Action::Move) && self.choosable_moves(phase).contains(&m) {
                    self.send(Command::Move(m));
                }
            }
            PlayIntent::Select(pick) => {
                if phase.allows(Action::Select) {
                    V::select(self, pick, phase);
                    self.repaint = true;
                }
            }
            PlayIntent::Deselect => {
                V::deselect(self);
                self.repaint = true;
            }
            PlayIntent::Hover(h) => self.hover = h,
            PlayIntent::NewGame => {}
            PlayIntent::Hint => {
                if phase.allows(Action::Hint) {
                    self.ask_hint();
                }
            }
        }
    }

    /// The preview as it will be once this frame's requests are applied.
    pub fn hover_asked(&self) -> Option<V::Hover> {
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
    pub fn want_hover(&mut self, want: Option<V::Hover>) {
        if self.hover_asked() != want {
            self.intents.push(PlayIntent::Hover(want));
        }
    }

    /// Sends a command for the seat to play: here as of the last event
    /// shown, online as of the room's last event this side has.
    pub fn send(&mut self, cmd: Command<V>) {
        let shown = self.presenter.shown();
        // Online, our roll may be due while the board still shows the
        // moves before it: the roll is ours, as of the room's last event.
        let ahead = self
            .own_roll_ahead()
            .filter(|_| matches!(cmd, Command::Roll));
        let Some(seat) = ahead.or(shown.turn()) else {
            return;
        };
        // The one place a command's event number is chosen. A room takes
        // a command made after its latest event (but for dice seeds), and
        // the show may lag it: online, the command is made after the last
        // event this side has, as the room sees it.
        let seq = if ahead.is_some() || self.source.remote().is_some() {
            self.source.latest().seq()
        } else {
            shown.seq()
        };
        // A refusal cannot change the game; the phase already kept the
        // person from asking out of turn, so there is nothing to show.
        if self.source.command(seat, seq, cmd).is_ok() {
            self.selected = None;
            self.hint = None;
            self.hint_asked = None;
            self.hover = None;
            self.clock.timer.reset();
            self.repaint = true;
        }
    }
}
