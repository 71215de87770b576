//! Where the game the app shows comes from: a table at this device (the
//! app rolls for its computer players and saves it), or, later, a table on
//! a server that this device only watches and asks. The app reads events
//! from it and sends commands to it; it never looks inside.

use crate::engine::{Rules, Seat};
use crate::table::{Command, Controller, Event, Refusal, Replica, Step, Table};

/// A game source.
#[derive(Debug)]
pub enum Source {
    /// A table owned by this device.
    Local(Box<Table>),
}

impl Source {
    /// The rules.
    pub fn rules(&self) -> &Rules {
        match self {
            Source::Local(t) => t.rules(),
        }
    }

    /// The game as its newest event left it.
    pub fn latest(&self) -> &Replica {
        match self {
            Source::Local(t) => t.replica(),
        }
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        match self {
            Source::Local(t) => t.events(),
        }
    }

    /// The events after number `seq`.
    pub fn events_since(&self, seq: u64) -> &[Event] {
        match self {
            Source::Local(t) => t.events_since(seq),
        }
    }

    /// Who controls a seat.
    pub fn controller(&self, seat: Seat) -> Controller {
        match self {
            Source::Local(t) => t.controller(seat),
        }
    }

    /// Every seat's controller, by seat index.
    pub fn controllers(&self) -> [Controller; 4] {
        match self {
            Source::Local(t) => t.controllers(),
        }
    }

    /// Asks the table to carry out a command for `seat`, sent after event
    /// `seq`.
    pub fn command(&mut self, seat: Seat, seq: u64, cmd: Command) -> Result<(), Refusal> {
        match self {
            Source::Local(t) => t.command(seat, seq, cmd).map(|_| ()),
        }
    }

    /// Lets a computer player of this device act.
    pub fn computer_step(&mut self) -> Step {
        match self {
            Source::Local(t) => t.computer_step(),
        }
    }

    /// Starts a computer player thinking about its move.
    pub fn prepare_computer(&mut self) {
        match self {
            Source::Local(t) => t.prepare_computer(),
        }
    }

    /// Ends the game now (every person here has finished).
    pub fn conclude(&mut self) {
        match self {
            Source::Local(t) => {
                t.conclude();
            }
        }
    }

    /// Hands a seat to a person here or a computer (a local game only).
    pub fn set_controller(&mut self, seat: Seat, controller: Controller) {
        match self {
            Source::Local(t) => t.set_controller(seat, controller),
        }
    }

    /// The local table, to save it.
    pub fn local(&self) -> Option<&Table> {
        match self {
            Source::Local(t) => Some(t),
        }
    }
}
