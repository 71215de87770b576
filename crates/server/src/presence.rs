//! Who is connected in each room, for the app that runs the server in its
//! own process (it hosts a game): a small read-only snapshot each room's
//! task keeps up to date, read through the [`ServerHandle`](super::ServerHandle).
//! Nothing of it goes on the wire: a friend's app only learns what the
//! protocol sends (`away`, `back`, `STATE.connected`).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

pub use ca_ngua_protocol::SeatPresence;

/// Wakes whoever shows the snapshot (the app's window).
type Waker = Box<dyn Fn() + Send + Sync>;

#[derive(Default)]
struct Inner {
    rooms: Mutex<HashMap<String, Vec<SeatPresence>>>,
    waker: Mutex<Option<Waker>>,
}

/// Every room's seats, by room code (each a list by seat number,
/// [`SeatId::index`](ca_ngua_core::game::SeatId::index)); cheap to clone, shared
/// between the rooms that write it and the app that reads it.
#[derive(Clone, Default)]
pub struct Presence(Arc<Inner>);

impl fmt::Debug for Presence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Presence")
            .field("rooms", &self.rooms().len())
            .finish_non_exhaustive()
    }
}

impl Presence {
    fn rooms(&self) -> MutexGuard<'_, HashMap<String, Vec<SeatPresence>>> {
        // Every change is one statement: a poisoned lock still holds a
        // whole snapshot.
        self.0.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The seats of room `code`, by seat number; `None` for a room this
    /// server does not have.
    pub fn room(&self, code: &str) -> Option<Vec<SeatPresence>> {
        self.rooms().get(code).cloned()
    }

    /// Calls `wake` whenever a room's snapshot changes (the one given last
    /// is kept).
    pub fn wake_with(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self.0.waker.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(wake));
    }

    /// Room `code`'s seats are now `seats`.
    pub(super) fn set(&self, code: &str, seats: Vec<SeatPresence>) {
        let changed = {
            let mut rooms = self.rooms();
            if rooms.get(code) == Some(&seats) {
                false
            } else {
                rooms.insert(code.to_string(), seats);
                true
            }
        };
        if changed {
            self.wake();
        }
    }

    /// Room `code` has closed.
    pub(super) fn remove(&self, code: &str) {
        if self.rooms().remove(code).is_some() {
            self.wake();
        }
    }

    fn wake(&self) {
        if let Some(wake) = &*self.0.waker.lock().unwrap_or_else(|e| e.into_inner()) {
            wake();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_change_wakes_and_the_same_snapshot_does_not() {
        let presence = Presence::default();
        let woken = Arc::new(AtomicUsize::new(0));
        let w = Arc::clone(&woken);
        presence.wake_with(move || {
            w.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(presence.room("ABCDEF"), None);
        presence.set("ABCDEF", vec![SeatPresence::Connected, SeatPresence::Empty]);
        presence.set("ABCDEF", vec![SeatPresence::Connected, SeatPresence::Empty]);
        assert_eq!(woken.load(Ordering::Relaxed), 1);
        assert_eq!(
            presence.room("ABCDEF"),
            Some(vec![SeatPresence::Connected, SeatPresence::Empty])
        );
        presence.remove("ABCDEF");
        presence.remove("ABCDEF");
        assert_eq!(woken.load(Ordering::Relaxed), 2);
        assert_eq!(presence.room("ABCDEF"), None);
    }
}
