//! The worker reading the server's frames in the terms of the room's
//! game: the welcome (the replica rebuilt, what waited sent), each event
//! (checked against the replica, a gap fetched), the dice seeds.

use super::socket::{Socket, send};
use super::{End, FrameExtras, Session, Worker, client_seed};
use crate::messages::Report;
use crate::{ClientUpdate, CloseReason, LinkError};
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{ErrorCode, Event, EventKind, Refusal, Replica};
use ca_ngua_games::{AnyGame, Listed};
use ca_ngua_protocol::{ClientMessage, RoomCommand, ServerMessage, Welcome};

impl Worker {
    /// Handles one message; `Some` ends the connection.
    pub(super) async fn on_message<G: Listed>(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        msg: ServerMessage<G>,
        extras: FrameExtras,
    ) -> Option<End> {
        match msg {
            ServerMessage::Welcome(welcome) => self.on_welcome(ws, s, welcome).await,
            ServerMessage::Event(ev) => {
                let seq = ev.seq;
                let again = match &ev.event {
                    EventKind::Again {
                        dice_commit: Some(commit),
                        ..
                    } => Some(commit.clone()),
                    _ => None,
                };
                let round = match &ev.event {
                    EventKind::Over { .. } => self.replica::<G>().map(|r| r.round()),
                    _ => None,
                };
                let before = self.have();
                if let Some(end) = self.on_event(ws, s, ev).await {
                    return Some(end);
                }
                if self.have() == seq && before < seq {
                    // The event was taken: what its frame adds goes with it.
                    if let Some(secs) = extras.clock {
                        self.emit_game::<G>(ClientUpdate::Clock { seq, secs });
                    }
                    if let (Some(round), Some(dice_seed)) = (round, extras.dice_seed) {
                        self.emit_game::<G>(ClientUpdate::Revealed { round, dice_seed });
                    }
                    if let Some(commit) = again {
                        return self.send_seed(ws, commit).await;
                    }
                }
                None
            }
            ServerMessage::Presence(news) => {
                self.emit_game(ClientUpdate::<G>::Presence(news));
                None
            }
            ServerMessage::Said(news) => {
                self.emit_game(ClientUpdate::<G>::Said(news));
                None
            }
            ServerMessage::Rematch(news) => {
                self.emit_game(ClientUpdate::<G>::Rematch(news));
                None
            }
            ServerMessage::Error {
                code: ErrorCode::TooLate,
                ..
            } if s.welcomed => {
                // Our seed came after the round's first roll (we came back
                // in the middle of it): nothing the person asked for.
                None
            }
            ServerMessage::Error { code, message } => {
                let refusal = Refusal { code, message };
                let seat_gone = s.fetching.is_some()
                    && matches!(code, ErrorCode::RoomNotFound | ErrorCode::BadToken);
                if !s.welcomed || seat_gone {
                    // The seat itself was refused (or the room is gone).
                    return Some(End::Closed(CloseReason::Refused(refusal)));
                }
                self.unanswered = None;
                self.report(Report::Refused(refusal));
                None
            }
            ServerMessage::Pong => None,
        }
    }

    /// Sends our part of the round's dice seed, once per commit.
    pub(super) async fn send_seed(&mut self, ws: &mut Socket, commit: String) -> Option<End> {
        if self.watching || !self.options.seed_dice || self.seeded_for.as_ref() == Some(&commit) {
            return None;
        }
        self.seeded_for = Some(commit);
        let msg = ClientMessage::Room(RoomCommand::Seed {
            client_seed: client_seed(),
        });
        send(ws, &msg).await.err().map(End::Lost)
    }

    pub(super) async fn on_welcome<G: Listed>(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        welcome: Box<Welcome<G>>,
    ) -> Option<End> {
        if welcome.is_watching() {
            return self.on_watch_welcome(s, welcome);
        }
        let same_room = self
            .resume
            .as_ref()
            .is_some_and(|(room, _)| *room == welcome.room);
        let fits = self
            .replica::<G>()
            .is_some_and(|r| *r.rules() == welcome.rules && r.seq() <= welcome.seq);
        if !(same_room && fits) {
            self.replica = None;
        }
        let rebuilt = self.replica.is_none() || s.rebuilt;
        if self.replica.is_none() {
            self.replica = Some(AnyGame::of::<G>(Replica::<G>::new(welcome.rules)));
        }
        self.game = Some(welcome.game);
        let have = self.have();
        // Events follow a welcome only when it answers a resume from what
        // this side has; otherwise ask for them.
        let events_follow = s.fetching.take() == Some(have);
        let echo = s.welcomed && !s.rebuilt;
        s.rebuilt = false;
        self.resume = Some((welcome.room.clone(), welcome.token.clone()));
        self.seat = welcome.seat.map(SeatId::index);
        let commit = welcome.dice_commit.clone();
        if have < welcome.seq && !events_follow {
            s.fetching = Some(have);
            let fetch = ClientMessage::Resume {
                room: welcome.room.clone(),
                token: welcome.token.clone(),
                last_seq: have,
                protocol: self.options.asked(),
            };
            if let Err(e) = send(ws, &fetch).await {
                return Some(End::Lost(e));
            }
        }
        let welcome_seq = welcome.seq;
        if !echo {
            self.emit_game(ClientUpdate::Welcome { welcome, rebuilt });
        }
        if let Some(commit) = commit
            && let Some(end) = self.send_seed(ws, commit).await
        {
            return Some(end);
        }
        if !s.welcomed {
            s.welcomed = true;
            self.seated += 1;
            // A roll or move whose answer the drop may have swallowed, then
            // those made while disconnected: sent if the game is still
            // where the person saw it, dropped otherwise (they would be
            // refused as stale, and the person sees the new state anyway).
            let waiting: Vec<ClientMessage> = self
                .unanswered
                .take()
                .into_iter()
                .chain(self.queue.drain(..))
                .collect();
            for msg in waiting {
                if seen_at(&msg).is_some_and(|seq| seq != welcome_seq) {
                    continue;
                }
                if let Some(end) = self.deliver(ws, s, msg).await {
                    return Some(end);
                }
            }
        }
        None
    }

    pub(super) async fn on_event<G: Listed>(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        ev: Event<G>,
    ) -> Option<End> {
        if self
            .unanswered
            .as_ref()
            .and_then(seen_at)
            .is_some_and(|seq| ev.seq > seq)
        {
            // The game moved past the command: it was answered.
            self.unanswered = None;
        }
        let seat = self.seat.and_then(G::Seat::from_index);
        let watching = self.watching;
        let replica = self.replica::<G>()?;
        let have = replica.seq();
        if ev.seq <= have {
            // Sent again by a resume that overlapped live events.
            return None;
        }
        if ev.seq > have + 1 && watching {
            // A watcher has no token to fetch with: it watches again.
            return Some(End::Lost(LinkError::EventMissing));
        }
        if ev.seq > have + 1 {
            if s.fetching.is_none() {
                return self.fetch(ws, s, have).await;
            }
            return None;
        }
        match replica.apply(&ev) {
            Ok(_) => {
                let left = seat.is_some_and(|seat| ev.event == EventKind::Left { seat });
                self.emit_game(ClientUpdate::Event(ev));
                if left {
                    return Some(End::Closed(CloseReason::Left));
                }
                None
            }
            Err(_) if watching => Some(End::Lost(LinkError::WentWrong)),
            Err(_) => {
                // Our copy went wrong: rebuild the game from event 1.
                let rules = *replica.rules();
                self.replica = Some(AnyGame::of::<G>(Replica::<G>::new(rules)));
                s.rebuilt = true;
                self.fetch(ws, s, 0).await
            }
        }
    }

    pub(super) async fn fetch(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        from: u64,
    ) -> Option<End> {
        let (room, token) = self.resume.clone()?;
        s.fetching = Some(from);
        let msg = ClientMessage::Resume {
            room,
            token,
            last_seq: from,
            protocol: self.options.asked(),
        };
        send(ws, &msg).await.err().map(End::Lost)
    }

    /// A watcher's welcome: the game as its state says (a watcher is sent
    /// no earlier events), then every event as it comes.
    pub(super) fn on_watch_welcome<G: Listed>(
        &mut self,
        s: &mut Session,
        welcome: Box<Welcome<G>>,
    ) -> Option<End> {
        self.watching = true;
        self.seat = None;
        self.game = Some(welcome.game);
        let Some(replica) = welcome.room_replica() else {
            return Some(End::Closed(CloseReason::Refused(Refusal::new(
                ErrorCode::BadMessage,
                "the room's state does not read",
            ))));
        };
        self.replica = Some(AnyGame::of::<G>(replica));
        if !s.welcomed {
            s.welcomed = true;
            self.seated += 1;
        }
        self.queue.clear();
        self.emit_game(ClientUpdate::Welcome {
            welcome,
            rebuilt: true,
        });
        None
    }
}

/// The event a roll or a move was made after.
pub(super) fn seen_at(msg: &ClientMessage) -> Option<u64> {
    match msg {
        ClientMessage::Room(RoomCommand::Roll { seq } | RoomCommand::Move { seq, .. }) => {
            Some(*seq)
        }
        _ => None,
    }
}
