//! The connection's worker, on the client's own thread: it connects, asks
//! for a seat, reads the server's frames in the terms of the room's game
//! (learnt from the welcome), keeps a replica to check every event and
//! find gaps, reconnects with growing pauses and resumes from the last
//! event it has. It reports to the [`Connection`](super::Connection) in
//! order.

use super::messages::{Report, ToWorker, Updates};
use super::{ClientOptions, ClientUpdate, CloseReason, ConnectionState, LinkError, Request};
use crate::platform::{self, Incoming};
use ca_ngua_core::game::Game;
use ca_ngua_core::table::Replica;
use ca_ngua_games::with_game;
use ca_ngua_games::{AnyGame, GameKind, Listed, PerGame};
use ca_ngua_protocol::{ClientMessage, RoomCommand, ServerMessage, UnknownGame, welcome_game};
use rand::RngExt;
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// The replicas of each game (the family [`AnyGame`] holds one of).
struct Replicas;

impl PerGame for Replicas {
    type Of<G: Game> = Replica<G>;
}

/// The client's clock: pauses between tries, keep-alive, and how long a
/// silent server is trusted.
#[derive(Copy, Clone, Debug)]
pub(super) struct Timing {
    first_retry: Duration,
    max_retry: Duration,
    /// Tries before giving up on a server never reached.
    first_tries: u32,
    connect_timeout: Duration,
    ping_every: Duration,
    silence: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            first_retry: Duration::from_millis(500),
            max_retry: Duration::from_secs(10),
            first_tries: 3,
            connect_timeout: Duration::from_secs(10),
            ping_every: Duration::from_secs(15),
            silence: Duration::from_secs(40),
        }
    }
}

impl Timing {
    /// The pause before try `attempt` (1, 2, …): doubling from the first,
    /// capped, with ±20% jitter so clients dropped together do not come
    /// back together.
    fn pause(&self, attempt: u32) -> Duration {
        let doubled = self
            .first_retry
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
        let base = doubled.min(self.max_retry);
        base.mul_f64(rand::rng().random_range(0.8..1.2))
    }
}

/// How a connection ended.
enum End {
    /// For good.
    Closed(CloseReason),
    /// Dropped: try again.
    Lost(LinkError),
}

mod frames;
mod socket;

use frames::seen_at;
use socket::{Socket, close, closed_by_server, open_socket, send};

pub(super) struct Worker {
    url: String,
    request: Request,
    /// The room's game: as expected, or as the first welcome named it.
    game: Option<GameKind>,
    reports: std::sync::mpsc::Sender<Report>,
    wake: Arc<dyn Fn() + Send + Sync>,
    commands: mpsc::UnboundedReceiver<ToWorker>,
    replica: Option<AnyGame<Replicas>>,
    /// Our seat's number.
    seat: Option<usize>,
    /// The room and token to resume.
    resume: Option<(String, String)>,
    /// Commands waiting for a connection.
    queue: VecDeque<ClientMessage>,
    /// The last roll or move sent, until an event or a refusal answers it.
    unanswered: Option<ClientMessage>,
    /// Connections that got a seat so far.
    seated: u64,
    timing: Timing,
    /// The dice commit our seed was last sent for (version 3).
    seeded_for: Option<String>,
    /// We watch rather than play.
    watching: bool,
    /// The version asked for, and whether to seed the dice.
    options: ClientOptions,
}

/// What version 3 adds to an event's frame, read before the typed event.
#[derive(Default)]
struct FrameExtras {
    clock: Option<u32>,
    dice_seed: Option<String>,
}

impl FrameExtras {
    fn of(frame: &Value) -> FrameExtras {
        let event = frame.get("event");
        let field = |name: &str| event.and_then(|e| e.get(name));
        FrameExtras {
            clock: field("clock")
                .and_then(Value::as_u64)
                .and_then(|c| u32::try_from(c).ok()),
            dice_seed: field("dice_seed")
                .and_then(Value::as_str)
                .map(str::to_string),
        }
    }
}

/// A new client seed: 32 random hex characters.
fn client_seed() -> String {
    let mut rng = rand::rng();
    (0..16)
        .map(|_| format!("{:02x}", rng.random_range(0..=255u8)))
        .collect()
}

/// What one connection is waiting for.
#[derive(Default)]
struct Session {
    /// The first welcome on this connection has arrived.
    welcomed: bool,
    /// A `resume` sent to fetch missing events: its `last_seq`.
    fetching: Option<u64>,
    /// The copy of the game was thrown away: the next welcome says so.
    rebuilt: bool,
    /// `leave` was sent.
    leaving: bool,
}

impl Worker {
    pub(super) fn new(
        url: String,
        (request, options): (Request, ClientOptions),
        expect: Option<GameKind>,
        reports: std::sync::mpsc::Sender<Report>,
        wake: Arc<dyn Fn() + Send + Sync>,
        commands: mpsc::UnboundedReceiver<ToWorker>,
        timing: Timing,
    ) -> Worker {
        Worker {
            url,
            request,
            game: expect,
            reports,
            wake,
            commands,
            replica: None,
            seat: None,
            resume: None,
            queue: VecDeque::new(),
            unanswered: None,
            seated: 0,
            timing,
            seeded_for: None,
            watching: false,
            options,
        }
    }

    fn report(&self, report: Report) {
        if self.reports.send(report).is_ok() {
            (self.wake)();
        }
    }

    fn emit(&self, state: ConnectionState) {
        self.report(Report::State(state));
    }

    fn emit_game<G: Listed>(&self, update: ClientUpdate<G>) {
        self.report(Report::Game(AnyGame::<Updates>::of::<G>(update)));
    }

    /// Our copy of the game, if it is of game `G`.
    fn replica<G: Listed>(&mut self) -> Option<&mut Replica<G>> {
        self.replica.as_mut().and_then(AnyGame::get_mut::<G>)
    }

    /// The number of the last event we have.
    fn have(&self) -> u64 {
        self.replica
            .as_ref()
            .map_or(0, |r| ca_ngua_games::with_any!(r, _G, r => r.seq()))
    }

    pub(super) async fn run(mut self) {
        let mut attempt = 0u32;
        self.emit(ConnectionState::Connecting);
        loop {
            let url = self.url.clone();
            let connect = platform::timeout(self.timing.connect_timeout, open_socket(url));
            tokio::pin!(connect);
            // Commands made while connecting wait in the queue; only a
            // close stops the attempt.
            let connected = loop {
                tokio::select! {
                    r = &mut connect => break match r {
                        Some(Ok(ws)) => Ok(ws),
                        Some(Err(e)) => Err(e),
                        None => Err(LinkError::NoAnswer),
                    },
                    closed = self.wait_command() => if closed {
                        return self.emit(ConnectionState::Closed(CloseReason::ByUser));
                    },
                }
            };
            let seated_before = self.seated;
            let end = match connected {
                Ok(ws) => {
                    self.emit(ConnectionState::Connected);
                    self.session(ws).await
                }
                Err(why) => End::Lost(why),
            };
            let why = match end {
                End::Closed(reason) => {
                    return self.emit(ConnectionState::Closed(reason));
                }
                End::Lost(why) => why,
            };
            if self.seated > seated_before {
                // This connection got as far as a seat: count afresh.
                attempt = 0;
            }
            attempt += 1;
            if self.seated == 0 && attempt >= self.timing.first_tries {
                return self.emit(ConnectionState::Closed(CloseReason::Unreachable(why)));
            }
            let retry_in = self.timing.pause(attempt);
            self.emit(ConnectionState::Reconnecting { attempt, retry_in });
            let wait = platform::sleep(retry_in);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    () = &mut wait => break,
                    closed = self.wait_command() => if closed {
                        return self.emit(ConnectionState::Closed(CloseReason::ByUser));
                    },
                }
            }
        }
    }

    /// Waits for a command while disconnected: queues it; true for close.
    async fn wait_command(&mut self) -> bool {
        match self.commands.recv().await {
            Some(ToWorker::Send(msg)) => {
                self.queue.push_back(msg);
                false
            }
            Some(ToWorker::Close) | None => true,
        }
    }

    async fn session(&mut self, mut ws: Socket) -> End {
        let opening = match &self.resume {
            Some((room, token)) => ClientMessage::Resume {
                room: room.clone(),
                token: token.clone(),
                last_seq: self.have(),
                protocol: self.options.asked(),
            },
            None => self.request.message(self.options),
        };
        let mut s = Session::default();
        if let ClientMessage::Resume { last_seq, .. } = &opening {
            s.fetching = Some(*last_seq);
        }
        if let Err(e) = send(&mut ws, &opening).await {
            return End::Lost(e);
        }
        let ping_every = self.timing.ping_every;
        let mut ping = Box::pin(platform::sleep(ping_every));
        loop {
            tokio::select! {
                frame = platform::timeout(self.timing.silence, ws.next()) => {
                    let msg = match frame {
                        None => return End::Lost(LinkError::Silent),
                        Some(None) => return End::Lost(LinkError::Ended),
                        Some(Some(Err(e))) => return End::Lost(LinkError::Receive(e)),
                        Some(Some(Ok(msg))) => msg,
                    };
                    let text = match msg {
                        Incoming::Text(text) => text,
                        Incoming::Close(frame) => return closed_by_server(frame),
                        Incoming::Other => continue,
                    };
                    // A frame this client cannot read is skipped: a newer
                    // server may say more than it knows.
                    let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                        continue;
                    };
                    if let Some(end) = self.on_frame(&mut ws, &mut s, frame).await {
                        close(&mut ws).await;
                        return end;
                    }
                }
                cmd = self.commands.recv() => match cmd {
                    Some(ToWorker::Send(msg)) => {
                        if s.welcomed {
                            if let Some(end) = self.deliver(&mut ws, &mut s, msg).await {
                                close(&mut ws).await;
                                return end;
                            }
                        } else {
                            self.queue.push_back(msg);
                        }
                    }
                    Some(ToWorker::Close) | None => {
                        close(&mut ws).await;
                        return End::Closed(CloseReason::ByUser);
                    }
                },
                () = &mut ping => {
                    if let Err(e) = send(&mut ws, &ClientMessage::Ping).await {
                        return End::Lost(e);
                    }
                    ping = Box::pin(platform::sleep(ping_every));
                }
            }
        }
    }

    /// Reads one frame in the terms of the room's game (a welcome names
    /// it); `Some` ends the connection.
    async fn on_frame(&mut self, ws: &mut Socket, s: &mut Session, frame: Value) -> Option<End> {
        let game = match welcome_game(&frame) {
            Some(Ok(game)) => game,
            Some(Err(UnknownGame(name))) => {
                return Some(End::Closed(CloseReason::OtherGame(name)));
            }
            // Before a welcome nothing but a refusal or a pong comes, and
            // they name no game.
            None => self.game.unwrap_or_default(),
        };
        if self.game.is_some_and(|g| g != game) {
            return Some(End::Closed(CloseReason::OtherGame(game.id().to_string())));
        }
        let extras = FrameExtras::of(&frame);
        with_game!(game, G => match ServerMessage::<G>::from_value(frame) {
            Ok(msg) => self.on_message::<G>(ws, s, msg, extras).await,
            // Skipped, as a frame not understood.
            Err(_) => None,
        })
    }

    /// Sends a command on a live connection; `Some` ends it (left, or lost).
    async fn deliver(
        &mut self,
        ws: &mut Socket,
        s: &mut Session,
        msg: ClientMessage,
    ) -> Option<End> {
        let leaving = msg == ClientMessage::Room(RoomCommand::Leave);
        if let Err(e) = send(ws, &msg).await {
            if !leaving {
                self.queue.push_back(msg);
            }
            return Some(End::Lost(e));
        }
        if seen_at(&msg).is_some() {
            self.unanswered = Some(msg);
        }
        if leaving {
            s.leaving = true;
            return Some(End::Closed(CloseReason::Left));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn pauses_double_up_to_a_cap_with_jitter() {
        let t = Timing::default();
        for attempt in 1..=40 {
            let base = t
                .first_retry
                .saturating_mul(1 << (attempt - 1).min(16))
                .min(t.max_retry);
            let p = t.pause(attempt);
            assert!(
                p >= base.mul_f64(0.8) && p <= base.mul_f64(1.2),
                "{attempt}: {p:?}"
            );
        }
        assert!(t.pause(40) <= t.max_retry.mul_f64(1.2));
    }
}
