//! What the table is doing now, computed once per frame, and what a person
//! at this device may do in each phase: the one place where "may I act?"
//! is decided. Every control and every key handler asks it.

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
