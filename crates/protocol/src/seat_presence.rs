//! How a seat's person stands at a server in the app's own process (the
//! app that hosts the game reads it through the server's handle). Never
//! on the wire: a friend's app learns only what the protocol sends
//! (`away`, `back`, `STATE.connected`). Here, below both the server and
//! the app, so that the app names it on every platform, a browser (which
//! hosts nothing) included.

// The browser's clock in a page (`std`'s has none there); `std`'s itself
// elsewhere.
use web_time::Instant;

/// How a seat's person stands, as their room sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatPresence {
    /// Nobody sits there (yet).
    Empty,
    /// Its person's connection is open.
    Connected,
    /// Its person's connection is gone; a computer takes the seat at
    /// `until` unless they come back first.
    Reconnecting {
        /// When the computer takes over.
        until: Instant,
    },
    /// A computer plays it (standing in for its person until they are
    /// back, or for good).
    Computer,
    /// Its person's connection is gone and no computer is coming (the game
    /// is over).
    Offline,
}
