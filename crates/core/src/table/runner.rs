//! Where computer players think. A table is given a runner: the app's runs
//! each decision on a thread of its own and wakes the window when it is
//! done; tests and self-play decide inline, synchronously, so nothing
//! sleeps or polls.

use crate::game::{Decision, Game, Level};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::mpsc;

/// A decision a computer player makes (a player may carry its memory of
/// the game, so a job is cloned, not copied).
pub trait Job: Clone + Send + fmt::Debug + 'static {
    /// The decision made (a move).
    type Answer: Copy + Send + fmt::Debug + PartialEq + 'static;
    /// Which decision (answers to an older one are ignored).
    fn ticket(&self) -> u64;
    /// Makes the decision here and now (`None`: nothing to decide).
    fn decide(&self) -> Option<Self::Answer>;
}

/// One decision for a computer player of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct BotJob<G: Game> {
    /// Which decision (answers to an older one are ignored).
    pub ticket: u64,
    /// The decision.
    pub decision: Decision<G>,
}

impl<G: Game> BotJob<G> {
    /// The hint for the seat to act: what the strongest player would
    /// play, fresh (no memory), with the default budget and seed 0, so the
    /// same question always has the same answer.
    pub fn hint(ticket: u64, state: G::State, roll: Option<G::Roll>) -> BotJob<G> {
        BotJob {
            ticket,
            decision: Decision {
                level: Level::Hard,
                seed: 0,
                budget: G::Budget::default(),
                state,
                roll,
                memory: G::Memory::default(),
            },
        }
    }
}

impl<G: Game> Job for BotJob<G> {
    type Answer = G::Move;

    fn ticket(&self) -> u64 {
        self.ticket
    }

    fn decide(&self) -> Option<G::Move> {
        G::decide(&self.decision)
    }
}

/// A runner's answer for a ticket.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer<M> {
    /// The move.
    Ready(M),
    /// Still thinking.
    Thinking,
    /// Nothing asked for this ticket: ask.
    NotAsked,
    /// The thinker died without an answer: play without it.
    Failed,
}

/// Thinks for computer players.
pub trait Runner<J: Job>: Send + fmt::Debug {
    /// Starts thinking about a decision (forgetting any earlier one).
    fn start(&mut self, job: J);
    /// The answer for `ticket`, once ready.
    fn answer(&mut self, ticket: u64) -> Answer<J::Answer>;
}

/// Decides at once, on the caller's thread (tests, servers' worker tasks).
#[derive(Debug)]
pub struct InlineRunner<J: Job> {
    done: Option<(u64, Option<J::Answer>)>,
}

impl<J: Job> Default for InlineRunner<J> {
    fn default() -> Self {
        InlineRunner { done: None }
    }
}

impl<J: Job> Runner<J> for InlineRunner<J> {
    fn start(&mut self, job: J) {
        self.done = Some((job.ticket(), job.decide()));
    }

    fn answer(&mut self, ticket: u64) -> Answer<J::Answer> {
        match self.done {
            Some((t, Some(mv))) if t == ticket => Answer::Ready(mv),
            Some((t, None)) if t == ticket => Answer::Failed,
            _ => Answer::NotAsked,
        }
    }
}

/// Decides on a thread per decision and calls `wake` when done (the app
/// passes a repaint request).
pub struct ThreadRunner<J: Job> {
    job: Option<(u64, mpsc::Receiver<Option<J::Answer>>)>,
    wake: Arc<dyn Fn() + Send + Sync>,
    /// The last decision was made on the caller's thread (no thread to
    /// be had: a browser's page).
    here: bool,
    kind: PhantomData<J>,
}

impl<J: Job> fmt::Debug for ThreadRunner<J> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadRunner")
            .field("ticket", &self.job.as_ref().map(|j| j.0))
            .finish()
    }
}

impl<J: Job> ThreadRunner<J> {
    /// True when the last decision started was made on the caller's
    /// thread, within [`Runner::start`], for want of a thread.
    pub fn decided_here(&self) -> bool {
        self.here
    }

    /// A runner that calls `wake` after each decision.
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> ThreadRunner<J> {
        ThreadRunner {
            job: None,
            wake: Arc::new(wake),
            here: false,
            kind: PhantomData,
        }
    }
}

impl<J: Job> Runner<J> for ThreadRunner<J> {
    fn start(&mut self, job: J) {
        let (tx, rx) = mpsc::channel();
        let wake = Arc::clone(&self.wake);
        let ticket = job.ticket();
        let fallback = job.clone();
        let spawned = std::thread::Builder::new()
            .name("computer-player".into())
            .spawn(move || {
                // The table may have moved on; a closed channel is fine.
                let _ = tx.send(job.decide());
                wake();
            });
        self.here = spawned.is_err();
        if spawned.is_err() {
            // No thread to be had: decide here rather than stall the game.
            let (tx, rx2) = mpsc::channel();
            let _ = tx.send(fallback.decide());
            self.job = Some((ticket, rx2));
            drop(rx);
        } else {
            self.job = Some((ticket, rx));
        }
    }

    fn answer(&mut self, ticket: u64) -> Answer<J::Answer> {
        let Some((t, rx)) = &self.job else {
            return Answer::NotAsked;
        };
        if *t != ticket {
            return Answer::NotAsked;
        }
        match rx.try_recv() {
            Ok(Some(mv)) => Answer::Ready(mv),
            Ok(None) | Err(mpsc::TryRecvError::Disconnected) => Answer::Failed,
            Err(mpsc::TryRecvError::Empty) => Answer::Thinking,
        }
    }
}
