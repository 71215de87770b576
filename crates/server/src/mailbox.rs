//! What connections and rooms say to each other, whatever the room's game:
//! a connection sends its room [`RoomMsg`]s (seats as numbers, a player's
//! commands as the protocol's [`RoomCommand`], moves as text read by the
//! room in its game's notation), and the room answers
//! with frames in the connection's outbox ([`Peer`]).

use axum::extract::ws::Utf8Bytes;
use ca_ngua_core::table::Refusal;
use ca_ngua_protocol::{ChatMode, RoomCommand, error_frame};
use tokio::sync::{mpsc, oneshot, watch};

/// A connection's number, unique in the server's life.
pub(super) type ConnId = u64;

/// Why a connection is closed: the close code and its reason.
pub(super) type CloseWhy = Option<(u16, &'static str)>;

/// What a connection's writer sends.
#[derive(Debug)]
pub(super) enum Outgoing {
    /// One text frame.
    Frame(Utf8Bytes),
    /// Several text frames in a row (a welcome and the events it missed:
    /// one slot of the outbox, however long the list).
    Frames(Vec<Utf8Bytes>),
}

/// A connection as a room sees it: where its frames go and how to close it.
#[derive(Clone, Debug)]
pub(super) struct Peer {
    pub(super) id: ConnId,
    pub(super) out: mpsc::Sender<Outgoing>,
    pub(super) close: watch::Sender<CloseWhy>,
}

impl Peer {
    /// Queues frames; false when the connection is gone or too far behind.
    pub(super) fn send(&self, out: Outgoing) -> bool {
        self.out.try_send(out).is_ok()
    }

    /// Queues an `error` frame (dropped if the connection is too far
    /// behind: it is closed then anyway).
    pub(super) fn send_error(&self, refusal: &Refusal) {
        let _ = self.send(Outgoing::Frame(error_frame(refusal).into()));
    }

    /// Closes the connection; the first reason given is the one sent.
    pub(super) fn close(&self, why: (u16, &'static str)) {
        self.close.send_if_modified(|now| {
            let first = now.is_none();
            if first {
                *now = Some(why);
            }
            first
        });
    }
}

/// A seat given to a connection (by a create, a join or a resume), or a
/// place among the watchers (`seat` is `None`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Entered {
    /// The seat's number ([`SeatId::index`](ca_ngua_core::game::SeatId::index));
    /// `None` for a watcher.
    pub(super) seat: Option<usize>,
    /// How many events were sent again (a resume's cost).
    pub(super) resent: usize,
}

/// What a room answers a join or a resume with.
pub(super) type Reply = oneshot::Sender<Result<Entered, Refusal>>;

/// A message to a room.
#[derive(Debug)]
pub(super) enum RoomMsg {
    /// A person joins before the start.
    Join {
        peer: Peer,
        name: String,
        /// The version the connection is served.
        protocol: u32,
        reply: Reply,
    },
    /// A person comes back to their seat.
    Resume {
        peer: Peer,
        token: String,
        last_seq: u64,
        protocol: u32,
        reply: Reply,
    },
    /// A person watches (version 3).
    Watch {
        peer: Peer,
        name: String,
        reply: Reply,
    },
    /// A connection's command, as the client sent it (checked by
    /// `parse_client`; a move read by the room in its game's notation);
    /// `seat` is the seat's number (`None` for a watcher).
    Act {
        conn: ConnId,
        seat: Option<usize>,
        command: RoomCommand,
    },
    /// The connection closed (or went to another room).
    Detach { conn: ConnId },
    /// What the room's invite page shows.
    Describe { reply: oneshot::Sender<RoomSummary> },
}

/// A room as its invite page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RoomSummary {
    /// The game's id (`ca-ngua`, `co-nhay`).
    pub(super) game: &'static str,
    /// How many play.
    pub(super) players: usize,
    /// The names of those seated, in seat order.
    pub(super) seated: Vec<String>,
    /// The game has begun (nobody can join any more).
    pub(super) started: bool,
    /// How many watch.
    pub(super) watchers: usize,
    /// More can watch.
    pub(super) watch_open: bool,
}

/// What a room is opened with, beyond its game and rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct RoomOptions {
    /// The version the host's connection is served.
    pub(super) protocol: u32,
    /// What its people may say.
    pub(super) chat: ChatMode,
    /// Seconds per turn (0: no clock).
    pub(super) turn_secs: u32,
}
