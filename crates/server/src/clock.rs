//! The rooms' clock: the real one, or one that a test moves by hand, so
//! that turn clocks, away times and the dice's wait can be tested without
//! sleeping.

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// The time as rooms read it.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    manual: Option<Arc<Manual>>,
}

#[derive(Debug)]
struct Manual {
    start: Instant,
    offset: Mutex<Duration>,
    ticks: watch::Sender<u64>,
}

impl PartialEq for Clock {
    fn eq(&self, other: &Clock) -> bool {
        match (&self.manual, &other.manual) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Clock {
    /// A clock that stands still until [`Clock::advance`] moves it (tests).
    pub fn manual() -> Clock {
        let (ticks, _) = watch::channel(0);
        Clock {
            manual: Some(Arc::new(Manual {
                start: Instant::now(),
                offset: Mutex::new(Duration::ZERO),
                ticks,
            })),
        }
    }

    /// True for a clock moved by hand.
    pub fn is_manual(&self) -> bool {
        self.manual.is_some()
    }

    /// Moves a hand-moved clock on by `by` and wakes every room to look at
    /// it (the real clock moves by itself: nothing happens).
    pub fn advance(&self, by: Duration) {
        if let Some(m) = &self.manual {
            if let Ok(mut offset) = m.offset.lock() {
                *offset += by;
            }
            m.ticks.send_modify(|t| *t += 1);
        }
    }

    /// Now.
    pub fn now(&self) -> Instant {
        match &self.manual {
            None => Instant::now(),
            Some(m) => m.start + m.offset.lock().map(|o| *o).unwrap_or_default(),
        }
    }

    /// What a room waits on: the moves of a hand-moved clock.
    pub(super) fn ticker(&self) -> Ticker {
        Ticker(self.manual.as_ref().map(|m| m.ticks.subscribe()))
    }
}

/// A room's view of the clock's moves (nothing for the real clock).
#[derive(Debug)]
pub(super) struct Ticker(Option<watch::Receiver<u64>>);

impl Ticker {
    /// Waits until `deadline` (for ever when `None`); with a hand-moved
    /// clock, until its next move since the last wait, whatever the
    /// deadline (the caller looks at the time again).
    pub(super) async fn sleep_until(&mut self, deadline: Option<Instant>) {
        match (&mut self.0, deadline) {
            (None, Some(t)) => tokio::time::sleep_until(t).await,
            (None, None) => std::future::pending().await,
            (Some(ticks), _) => {
                if ticks.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_moves_only_by_hand() {
        let clock = Clock::manual();
        let t0 = clock.now();
        assert_eq!(clock.now(), t0);
        let mut ticker = clock.ticker();
        let waiting = tokio::spawn(async move { ticker.sleep_until(None).await });
        tokio::task::yield_now().await;
        clock.advance(Duration::from_secs(30));
        assert_eq!(clock.now(), t0 + Duration::from_secs(30));
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("woken by the move")
            .expect("joins");
        assert_eq!(clock, clock.clone());
        assert_ne!(clock, Clock::default());
    }
}
