//! The one way a test waits for something that happens on another thread
//! (a server, a client, a run of games): poll a condition until it holds,
//! with a deadline that fails the test and says what never came.

use std::time::{Duration, Instant};

/// How long a wait sleeps between two looks.
pub const POLL: Duration = Duration::from_millis(10);

/// Calls `f` until it answers `Some`, sleeping [`POLL`] between calls, and
/// returns the answer; after `deadline` the test fails with `what`.
/// `f` may act between looks (step a harness, play a turn).
pub fn wait_until<T>(what: &str, deadline: Duration, mut f: impl FnMut() -> Option<T>) -> T {
    let end = Deadline::after(deadline);
    loop {
        if let Some(t) = f() {
            return t;
        }
        end.check(what);
        std::thread::sleep(POLL);
    }
}

/// A wait's deadline, for a loop that cannot be a closure (one that awaits
/// between looks, or says more than what it waits for when it fails).
#[derive(Debug)]
pub struct Deadline(Instant);

impl Deadline {
    /// The deadline `wait` from now.
    pub fn after(wait: Duration) -> Deadline {
        Deadline(Instant::now() + wait)
    }

    /// Whether the deadline has passed.
    pub fn passed(&self) -> bool {
        Instant::now() >= self.0
    }

    /// Fails the test, saying `what` never came, once the deadline has
    /// passed.
    pub fn check(&self, what: &str) {
        assert!(!self.passed(), "timed out: {what}");
    }
}
