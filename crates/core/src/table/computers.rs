//! The table's computer players: each acts when it is its seat's turn —
//! it rolls, or moves once its runner has decided (a single legal move
//! needs no thinking) — and starts thinking early, while the last event is
//! still shown.

use super::event::Command;
use super::runner::{Answer, BotJob};
use super::table::{Step, Table};
use crate::game::{Decision, Game, Level, Next, SeatId};
use rand::Rng;

impl<G: Game> Table<G> {
    /// Lets a computer act if one is to: it rolls, or moves once its runner
    /// has decided (a single legal move needs no thinking).
    pub fn computer_step(&mut self) -> Step<G> {
        let Some((seat, level)) = self.computer_to_act() else {
            return Step::Idle;
        };
        let moves = match self.replica.next() {
            Some(Next::Roll(_)) => {
                return match self.act(seat, Command::Roll) {
                    Ok(events) => Step::Acted(events),
                    Err(_) => Step::Idle,
                };
            }
            Some(Next::Choose(_, moves)) => moves,
            _ => return Step::Idle,
        };
        let ticket = self.replica.seq();
        let first = moves.first().copied();
        let mv = if moves.len() <= 1 {
            first
        } else {
            match self.runner.answer(ticket) {
                Answer::Ready(mv) if moves.contains(&mv) => Some(mv),
                Answer::Thinking if self.asked == Some(ticket) => return Step::Thinking,
                Answer::Failed | Answer::Ready(_) => first,
                Answer::Thinking | Answer::NotAsked => {
                    self.ask(seat, level, ticket);
                    match self.runner.answer(ticket) {
                        Answer::Ready(mv) if moves.contains(&mv) => Some(mv),
                        Answer::Thinking => return Step::Thinking,
                        _ => first,
                    }
                }
            }
        };
        let Some(mv) = mv else {
            return Step::Idle;
        };
        match self.act(seat, Command::Move(mv)) {
            Ok(events) => Step::Acted(events),
            Err(_) => Step::Idle,
        }
    }

    /// Starts the runner on the computer's decision, if it has one to make
    /// and has not been asked yet (the app calls this while the last event
    /// is still shown, so the thinking overlaps the animation).
    pub fn prepare_computer(&mut self) {
        let Some((seat, level)) = self.computer_to_act() else {
            return;
        };
        let ticket = self.replica.seq();
        if let Some(Next::Choose(_, moves)) = self.replica.next()
            && moves.len() > 1
            && self.asked != Some(ticket)
        {
            self.ask(seat, level, ticket);
        }
    }

    fn ask(&mut self, seat: G::Seat, level: Level, ticket: u64) {
        let Some(state) = self.replica.game().cloned() else {
            return;
        };
        self.asked = Some(ticket);
        let memory = self.memories.get(seat.index()).cloned().unwrap_or_default();
        self.runner.start(BotJob {
            ticket,
            decision: Decision {
                level,
                seed: self.rng.next_u64(),
                budget: self.budget,
                state,
                roll: self.replica.pending().map(|p| p.roll),
                memory,
            },
        });
    }

    /// True while the runner thinks about the current decision.
    pub fn computer_thinking(&mut self) -> bool {
        let ticket = self.replica.seq();
        self.asked == Some(ticket) && self.runner.answer(ticket) == Answer::Thinking
    }
}
