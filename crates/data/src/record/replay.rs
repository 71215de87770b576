//! A record replayed with the engine: every step checked as the table
//! would check it (whose turn, the roll, the move among the legal ones, a
//! pass only when nothing else is legal), and the result against the
//! places the moves give. An error names the record's line.

use super::text::{RULES_LINE, ranking_text};
use super::{Record, RecordError, Step};
use ca_ngua_core::game::{Game, Next, SeatId};

impl<G: Game> Record<G> {
    /// The game at its start and after every step (`steps.len() + 1`
    /// states), each step checked against the engine; the error names the
    /// line of the record's text ([`Record::step_line`]) that is wrong.
    pub fn replay(&self) -> Result<Vec<G::State>, RecordError> {
        let setup_line = self.setup_line();
        G::check_rules(&self.rules).map_err(|e| RecordError::new(RULES_LINE, e.to_string()))?;
        let mut state = G::from_setup(&self.rules, &self.setup)
            .map_err(|e| RecordError::new(setup_line, e.to_string()))?;
        self.check_seats(&state)?;
        self.check_changes(&state)?;
        let mut states = Vec::with_capacity(self.steps.len() + 1);
        states.push(state.clone());
        for (i, step) in self.steps.iter().enumerate() {
            check_step(&mut state, step).map_err(|e| RecordError::new(self.step_line(i), e))?;
            states.push(state.clone());
        }
        if let Some(result) = &self.result {
            // A game ended before the engine's end is settled as the rules
            // settle it, as the table did.
            let mut end = state;
            if !G::is_over(&end) {
                G::conclude(&mut end);
            }
            let places = G::ranking(&G::outcome(&end));
            if &places != result {
                return Err(RecordError::new(
                    self.result_line(),
                    format!(
                        "the result is {}, but the moves give {}",
                        ranking_text::<G>(result),
                        ranking_text::<G>(&places)
                    ),
                ));
            }
        }
        Ok(states)
    }

    /// Every seat in play has one `Seat:` line, and no other seat has one.
    fn check_seats(&self, state: &G::State) -> Result<(), RecordError> {
        let playing = G::seats(state);
        for (i, s) in self.seats.iter().enumerate() {
            let line = self.seat_line(i);
            if !playing.contains(&s.seat) {
                return Err(RecordError::new(
                    line,
                    format!("seat {} does not play in this position", s.seat.code()),
                ));
            }
            if self.seats[..i].iter().any(|t| t.seat == s.seat) {
                return Err(RecordError::new(
                    line,
                    format!("seat {} is listed twice", s.seat.code()),
                ));
            }
        }
        if let Some(missing) = playing
            .iter()
            .find(|p| !self.seats.iter().any(|s| s.seat == **p))
        {
            return Err(RecordError::new(
                self.setup_line(),
                format!("seat {} plays but has no 'Seat:' line", missing.code()),
            ));
        }
        Ok(())
    }
}

impl<G: Game> Record<G> {
    /// Every change of hands names a seat in play and a step of the game
    /// (or the next one, in a game that goes on).
    fn check_changes(&self, state: &G::State) -> Result<(), RecordError> {
        let playing = G::seats(state);
        for (i, c) in self.changes.iter().enumerate() {
            let line = self.change_line(i);
            if !playing.contains(&c.seat) {
                return Err(RecordError::new(
                    line,
                    format!("seat {} does not play in this position", c.seat.code()),
                ));
            }
            if c.step > self.steps.len() {
                return Err(RecordError::new(
                    line,
                    format!(
                        "the change comes at step {}, but the game has {} steps",
                        c.step + 1,
                        self.steps.len()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Plays one step, or says why it cannot be played.
fn check_step<G: Game>(state: &mut G::State, step: &Step<G>) -> Result<(), String> {
    let who = step.seat.code();
    let next = G::next(state, None);
    let turn = match &next {
        Next::Over(_) => return Err("the game is already over".into()),
        Next::Roll(s) | Next::Choose(s, _) | Next::Pass(s) => *s,
    };
    if turn != step.seat {
        return Err(format!("it is {}'s turn, not {who}'s", turn.code()));
    }
    let next = match (next, step.roll) {
        (Next::Roll(_), Some(roll)) => {
            G::check_roll(state, roll).map_err(|e| format!("{who} cannot roll {roll}: {e}"))?;
            G::next(state, Some(roll))
        }
        (Next::Roll(_), None) => return Err(format!("{who} is to roll first")),
        (_, Some(roll)) => return Err(format!("{who} cannot roll {roll}: it is to move")),
        (next, None) => next,
    };
    let after = match step.roll {
        Some(roll) => format!(" after {roll}"),
        None => String::new(),
    };
    match (&next, step.mv) {
        (Next::Choose(_, moves), Some(mv)) if !moves.contains(&mv) => {
            return Err(format!("\"{mv}\" is not a legal move for {who}{after}"));
        }
        (Next::Choose(_, moves), None) => {
            let some: Vec<String> = moves.iter().take(4).map(|m| m.to_string()).collect();
            return Err(format!(
                "{who} cannot pass{after}: it has legal moves ({}{})",
                some.join(" "),
                if moves.len() > 4 { " …" } else { "" }
            ));
        }
        (Next::Pass(_), Some(mv)) => {
            return Err(format!(
                "\"{mv}\" is not a legal move for {who}{after}: it has none and passes"
            ));
        }
        _ => {}
    }
    G::play(state, step.roll, step.mv)
        .map(|_| ())
        .map_err(|e| e.to_string())
}
