//! Where the game the app shows comes from: a table at this device (the
//! app rolls for its computer players and saves it), or a table on a server
//! that this device only watches and asks (online play). The app reads
//! events from it and sends commands to it; it never looks inside.

use super::remote::{Remote, RemoteNote};
use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_core::table::{Command, Controller, Event, Refusal, Replica, Step, Table};

/// A game source.
#[derive(Debug)]
pub enum Source<G: Game> {
    /// A table owned by this device.
    Local(Box<Table<G>>),
    /// A table on a server.
    Remote(Box<Remote<G>>),
}

impl<G: Game> Source<G> {
    /// The rules.
    pub fn rules(&self) -> &G::Rules {
        match self {
            Source::Local(t) => t.rules(),
            Source::Remote(r) => r.rules(),
        }
    }

    /// The game as its newest event left it.
    pub fn latest(&self) -> &Replica<G> {
        match self {
            Source::Local(t) => t.replica(),
            Source::Remote(r) => r.latest(),
        }
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event<G>] {
        match self {
            Source::Local(t) => t.events(),
            Source::Remote(r) => r.events(),
        }
    }

    /// The events after number `seq`.
    pub fn events_since(&self, seq: u64) -> &[Event<G>] {
        match self {
            Source::Local(t) => t.events_since(seq),
            Source::Remote(r) => {
                let events = r.events();
                let from = usize::try_from(seq.saturating_sub(r.base()))
                    .unwrap_or(usize::MAX)
                    .min(events.len());
                &events[from..]
            }
        }
    }

    /// Who controls a seat.
    pub fn controller(&self, seat: G::Seat) -> Controller {
        match self {
            Source::Local(t) => t.controller(seat),
            Source::Remote(r) => r.controller(seat),
        }
    }

    /// Every seat's controller, by seat index.
    pub fn controllers(&self) -> Vec<Controller> {
        (0..G::SEATS)
            .filter_map(G::Seat::from_index)
            .map(|s| self.controller(s))
            .collect()
    }

    /// Asks the table to carry out a command for `seat`, sent after event
    /// `seq`.
    pub fn command(&mut self, seat: G::Seat, seq: u64, cmd: Command<G>) -> Result<(), Refusal> {
        match self {
            Source::Local(t) => t.command(seat, seq, cmd).map(|_| ()),
            Source::Remote(r) => r.command(seat, seq, cmd),
        }
    }

    /// Lets a computer player of this device act.
    pub fn computer_step(&mut self) -> Step<G> {
        match self {
            Source::Local(t) => t.computer_step(),
            // The server plays its computers.
            Source::Remote(_) => Step::Idle,
        }
    }

    /// Starts a computer player thinking about its move.
    pub fn prepare_computer(&mut self) {
        match self {
            Source::Local(t) => t.prepare_computer(),
            Source::Remote(_) => {}
        }
    }

    /// Ends the game now (every person here has finished).
    pub fn conclude(&mut self) {
        match self {
            Source::Local(t) => {
                t.conclude();
            }
            // The server settles its games.
            Source::Remote(_) => {}
        }
    }

    /// Hands a seat to a person here or a computer (a local game only).
    pub fn set_controller(&mut self, seat: G::Seat, controller: Controller) {
        match self {
            Source::Local(t) => t.set_controller(seat, controller),
            Source::Remote(_) => {}
        }
    }

    /// The local table, to change who plays it.
    pub fn local_mut(&mut self) -> Option<&mut Table<G>> {
        match self {
            Source::Local(t) => Some(t),
            Source::Remote(_) => None,
        }
    }

    /// The local table, to save it.
    pub fn local(&self) -> Option<&Table<G>> {
        match self {
            Source::Local(t) => Some(t),
            Source::Remote(_) => None,
        }
    }

    /// The online game, if the game is one.
    pub fn remote(&self) -> Option<&Remote<G>> {
        match self {
            Source::Local(_) => None,
            Source::Remote(r) => Some(r),
        }
    }

    /// The online game, to act on it.
    pub fn remote_mut(&mut self) -> Option<&mut Remote<G>> {
        match self {
            Source::Local(_) => None,
            Source::Remote(r) => Some(r),
        }
    }

    /// What happened to an online game's connection since the last look.
    pub fn poll(&mut self) -> Vec<RemoteNote<G>> {
        match self {
            Source::Local(_) => Vec::new(),
            Source::Remote(r) => r.poll(),
        }
    }
}
