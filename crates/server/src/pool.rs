//! Where a room's computer players think: on tokio's blocking threads (a
//! Hard decision takes up to tens of milliseconds: never on the async
//! workers), waking the room when done.

use ca_ngua_core::game::Game;
use ca_ngua_core::table::{Answer, BotJob, Job, Runner};
use std::sync::Arc;
use tokio::sync::{Notify, oneshot};

/// Thinks for a room's computer players on the blocking pool.
pub(super) struct PoolRunner<G: Game> {
    job: Option<(u64, oneshot::Receiver<Option<G::Move>>)>,
    done: Option<(u64, Option<G::Move>)>,
    wake: Arc<Notify>,
}

impl<G: Game> std::fmt::Debug for PoolRunner<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolRunner")
            .field("ticket", &self.job.as_ref().map(|j| j.0))
            .finish_non_exhaustive()
    }
}

impl<G: Game> PoolRunner<G> {
    /// A runner for a room's table, waking the room through `wake`.
    pub(super) fn boxed(wake: &Arc<Notify>) -> Box<dyn Runner<BotJob<G>>> {
        Box::new(PoolRunner::<G> {
            job: None,
            done: None,
            wake: Arc::clone(wake),
        })
    }
}

impl<G: Game> Runner<BotJob<G>> for PoolRunner<G> {
    fn start(&mut self, job: BotJob<G>) {
        let (tx, rx) = oneshot::channel();
        let wake = Arc::clone(&self.wake);
        let ticket = job.ticket();
        self.done = None;
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => {
                // The room may be gone when it finishes: the answer is
                // dropped with the channel, and nothing outlives the room
                // but this one short computation.
                rt.spawn_blocking(move || {
                    let _ = tx.send(job.decide());
                    wake.notify_one();
                });
            }
            Err(_) => {
                let _ = tx.send(job.decide());
            }
        }
        self.job = Some((ticket, rx));
    }

    fn answer(&mut self, ticket: u64) -> Answer<G::Move> {
        if let Some((t, mv)) = self.done
            && t == ticket
        {
            return mv.map_or(Answer::Failed, Answer::Ready);
        }
        let Some((t, rx)) = &mut self.job else {
            return Answer::NotAsked;
        };
        if *t != ticket {
            return Answer::NotAsked;
        }
        match rx.try_recv() {
            Ok(mv) => {
                self.done = Some((ticket, mv));
                self.job = None;
                mv.map_or(Answer::Failed, Answer::Ready)
            }
            Err(oneshot::error::TryRecvError::Empty) => Answer::Thinking,
            Err(oneshot::error::TryRecvError::Closed) => Answer::Failed,
        }
    }
}
