//! Watchers and talk (version 3): who watches, what they may do, and what
//! anyone says, checked against the room's chat mode and rate limit.

use super::{Room, all_seats, refuse};
use crate::mailbox::{ConnId, Entered, Outgoing, Peer};
use axum::extract::ws::Utf8Bytes;
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{ErrorCode, Refusal};
use ca_ngua_games::Listed;
use ca_ngua_protocol::talk::{MAX_SAYS, SAY_WINDOW_SECS};
use ca_ngua_protocol::{
    ChatMode, PROTOCOL_VERSION, PresenceNews, RoomCommand, SaidNews, Saying, ServerMessage,
};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;
use tokio::time::Instant;

/// Someone watching a room.
#[derive(Debug)]
pub(crate) struct Watcher {
    pub(crate) peer: Peer,
    pub(crate) name: String,
}

/// Who watches a room and what its people may say.
#[derive(Debug)]
pub(crate) struct Talk {
    /// What the room lets its people say.
    pub(crate) chat: ChatMode,
    /// When each connection last said something, for the rate limit.
    pub(crate) says: HashMap<ConnId, VecDeque<Instant>>,
    /// Those watching.
    pub(crate) watchers: Vec<Watcher>,
}

impl<G: Listed> Room<G> {
    /// Sends an event's frame to the watchers (one too far behind is let
    /// go: it watches again).
    pub(crate) fn send_watchers(&mut self, frame: &Utf8Bytes) {
        let before = self.talk.watchers.len();
        self.talk
            .watchers
            .retain(|w| w.peer.send(Outgoing::Frame(frame.clone())));
        if self.talk.watchers.len() != before {
            self.watchers_changed(None);
        }
    }

    pub(super) fn watchers_changed(&mut self, except: Option<ConnId>) {
        let count = u32::try_from(self.talk.watchers.len()).unwrap_or(u32::MAX);
        self.tell_presence(except, PresenceNews::watchers(count));
        let now = self.now();
        self.note_empty(now);
    }

    /// A person watches the room: a welcome without a seat, then every
    /// event, presence and saying.
    pub(crate) fn watch(&mut self, peer: Peer, name: String) -> Result<Entered, Refusal> {
        if self.talk.watchers.len() >= self.config.limits.max_watchers {
            return Err(refuse(
                ErrorCode::RoomFull,
                "this room has as many watchers as it takes",
            ));
        }
        self.detach_for_watch(peer.id);
        let mut welcome = self.welcome_of(None, "", PROTOCOL_VERSION);
        // The watcher counts itself, as everyone else is told (issue 55:
        // one who had just come saw one watcher fewer).
        if let Some(w) = welcome.state.watchers.as_mut() {
            *w = w.saturating_add(1);
        }
        let frame = Utf8Bytes::from(ServerMessage::Welcome(Box::new(welcome)).to_json());
        if !peer.send(Outgoing::Frame(frame)) {
            return Err(refuse(ErrorCode::RateLimited, "the connection is too slow"));
        }
        let conn = peer.id;
        self.talk.watchers.push(Watcher { peer, name });
        self.seats.empty_since = None;
        self.watchers_changed(Some(conn));
        Ok(Entered {
            seat: None,
            resent: 0,
        })
    }

    pub(super) fn detach_for_watch(&mut self, conn: ConnId) {
        self.unwatch(conn);
        let held: Vec<G::Seat> = all_seats::<G>()
            .filter(|s| {
                self.seats.members[s.index()]
                    .as_ref()
                    .is_some_and(|p| p.id == conn)
            })
            .collect();
        for seat in held {
            self.unseat(seat);
        }
    }

    /// A connection stops watching (it left, closed or sat down).
    pub(crate) fn unwatch(&mut self, conn: ConnId) {
        let before = self.talk.watchers.len();
        self.talk.watchers.retain(|w| w.peer.id != conn);
        self.talk.says.remove(&conn);
        if self.talk.watchers.len() != before {
            self.watchers_changed(None);
        }
    }

    /// A watcher's message: talk and leave; anything else is a player's.
    pub(crate) fn watcher_act(&mut self, conn: ConnId, command: RoomCommand) {
        let Some(peer) = self
            .talk
            .watchers
            .iter()
            .find(|w| w.peer.id == conn)
            .map(|w| w.peer.clone())
        else {
            return;
        };
        match command {
            RoomCommand::Say { what } => self.say(conn, None, what),
            RoomCommand::Leave => self.unwatch(conn),
            _ => peer.send_error(&refuse(
                ErrorCode::NotAPlayer,
                "a watcher may talk, but not play",
            )),
        }
    }

    /// Someone says something: checked against the room's mode and the
    /// rate limit, then sent to everyone in the room (the speaker too).
    pub(crate) fn say(&mut self, conn: ConnId, seat: Option<G::Seat>, what: Saying) {
        let (peer, name) = match seat {
            Some(seat) => (
                self.seats.members[seat.index()].clone(),
                self.table
                    .replica()
                    .seat(seat)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
            ),
            None => match self.talk.watchers.iter().find(|w| w.peer.id == conn) {
                Some(w) => (Some(w.peer.clone()), w.name.clone()),
                None => (None, String::new()),
            },
        };
        let Some(peer) = peer else {
            return;
        };
        if !what.allowed_in(self.talk.chat) {
            let why = match self.talk.chat {
                ChatMode::Off => "this room has no talk",
                _ => "this room allows phrases and emoji, not text",
            };
            return peer.send_error(&refuse(ErrorCode::ChatOff, why));
        }
        let now = self.now();
        let window = Duration::from_secs(SAY_WINDOW_SECS);
        let times = self.talk.says.entry(conn).or_default();
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= window)
        {
            times.pop_front();
        }
        if times.len() >= MAX_SAYS {
            return peer.send_error(&refuse(
                ErrorCode::TooFast,
                "more than 5 messages in 10 seconds; wait a little",
            ));
        }
        times.push_back(now);
        let said = SaidNews { seat, name, what };
        let frame = Utf8Bytes::from(ServerMessage::<G>::Said(said).to_json());
        self.tell(None, &frame);
    }
}
