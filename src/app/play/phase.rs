//! What the table is doing now, computed once per frame, and what a person
//! at this device may do in each phase: the one place where "may I act?"
//! is decided. Every control and every key handler asks it.

use super::{BACKLOG, Play, View};
use ca_ngua_core::table::Controller;

/// The moment of the game, as the player sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A question is open (a new game?): the game waits.
    Dialog,
    /// An online room waits for its game to start.
    Lobby,
    /// The game is over.
    Over,
    /// Dice are rolling or a horse is moving.
    Animating,
    /// A computer player is to roll or is thinking.
    Computer,
    /// A person on another screen is to play.
    Elsewhere,
    /// A person at this device is to roll.
    Roll,
    /// A person at this device is to choose a move.
    Choose,
}

/// Something a person asks of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll the dice.
    Roll,
    /// Make a move (the main button's only move, a click on a horse or a
    /// target, a number key, a line of the move list).
    Move,
    /// Pick a horse that has several moves.
    Select,
    /// Ask for the Hard player's move.
    Hint,
}

impl Phase {
    /// Every phase.
    pub const ALL: [Phase; 8] = [
        Phase::Dialog,
        Phase::Lobby,
        Phase::Over,
        Phase::Animating,
        Phase::Computer,
        Phase::Elsewhere,
        Phase::Roll,
        Phase::Choose,
    ];

    /// True when a person at this device may do `action` now.
    pub fn allows(self, action: Action) -> bool {
        matches!(
            (self, action),
            (Phase::Roll, Action::Roll)
                | (Phase::Choose, Action::Move | Action::Select | Action::Hint)
        )
    }

    /// True when a person at this device has the turn.
    pub fn is_mine(self) -> bool {
        matches!(self, Phase::Roll | Phase::Choose)
    }
}

impl Action {
    /// Every action.
    pub const ALL: [Action; 4] = [Action::Roll, Action::Move, Action::Select, Action::Hint];
}

/// The phase of a game being played, and whose turn it is as the show and
/// the room see it.
impl<V: View> Play<V> {
    /// The phase now; `dialog` when a question is open.
    pub fn phase(&self, dialog: bool) -> Phase {
        if dialog {
            return Phase::Dialog;
        }
        if self.presenter.busy() {
            // Online, our own roll is due while earlier moves are still
            // shown: the Roll is ours at once, the show hurries to catch
            // up (issue 34: a guest waited two seconds on its own turn).
            if self.own_roll_ahead().is_some() {
                return Phase::Roll;
            }
            return Phase::Animating;
        }
        let shown = self.presenter.shown();
        if self.source.remote().is_some() && !shown.is_started() {
            return Phase::Lobby;
        }
        let Some(seat) = shown.turn() else {
            return Phase::Over;
        };
        match self.source.controller(seat) {
            Controller::Computer(_) | Controller::StandIn(_) => Phase::Computer,
            // Our seat, the computer playing it until we say we are back.
            Controller::Here if self.held_by_computer() => Phase::Computer,
            Controller::Elsewhere => Phase::Elsewhere,
            Controller::Here if shown.pending().is_some() || !V::HAS_DICE => Phase::Choose,
            Controller::Here => Phase::Roll,
        }
    }

    /// Online, the seat here whose turn the room's latest state gives
    /// (the show may still be behind it); none while the computer holds
    /// it.
    fn own_turn_ahead(&self) -> Option<V::Seat> {
        self.source.remote()?;
        let latest = self.source.latest();
        let seat = latest.turn()?;
        (self.source.controller(seat) == Controller::Here && !self.held_by_computer())
            .then_some(seat)
    }

    /// Whose turn the panel shows: the board's, or, online, ours as soon
    /// as our roll is due in the room while the show catches up, so the
    /// header, the cards and the Roll button never disagree (issue 45).
    pub(crate) fn shown_turn(&self) -> Option<V::Seat> {
        self.own_roll_ahead().or(self.presenter.shown().turn())
    }

    /// Online, the seat here that is to roll in the room's latest state,
    /// while the show is still behind it.
    pub(crate) fn own_roll_ahead(&self) -> Option<V::Seat> {
        if !V::HAS_DICE || !self.presenter.busy() {
            return None;
        }
        let seat = self.own_turn_ahead()?;
        self.source.latest().pending().is_none().then_some(seat)
    }

    /// True while the show should hurry: online, our own turn has come in
    /// the room while earlier moves are still being shown, or the show is
    /// behind the room (more than [`BACKLOG`] events wait, or the room's
    /// game is over and the show has not got there): a watcher, whose turn
    /// never comes, keeps in step too, and sees the results when the
    /// players do (issue 45).
    pub(crate) fn hurry(&self) -> bool {
        self.presenter.busy() && (self.own_turn_ahead().is_some() || self.behind())
    }

    /// Online, the show is behind the room.
    pub(crate) fn behind(&self) -> bool {
        self.source.remote().is_some()
            && (self.presenter.backlog() > BACKLOG
                || (self.source.latest().is_over() && !self.presenter.shown().is_over()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The phase table: each phase × each action.
    #[test]
    fn only_the_person_to_play_acts_and_only_as_the_phase_allows() {
        let allowed: Vec<(Phase, Action)> = Phase::ALL
            .into_iter()
            .flat_map(|p| Action::ALL.into_iter().map(move |a| (p, a)))
            .filter(|(p, a)| p.allows(*a))
            .collect();
        assert_eq!(
            allowed,
            vec![
                (Phase::Roll, Action::Roll),
                (Phase::Choose, Action::Move),
                (Phase::Choose, Action::Select),
                (Phase::Choose, Action::Hint),
            ]
        );
    }
}
