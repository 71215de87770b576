//! A connection's reading side: one task per client that reads, checks
//! and limits what it sends (frame size, a message rate with strikes), and
//! passes each message on: `create` opens a room of the game it names,
//! `join` and `resume` enter a room found by its code, commands go to the
//! room the connection sits in, whatever its game.

use super::config::Limits;
use super::mailbox::{CloseWhy, ConnId, Entered, Outgoing, Peer, Reply, RoomMsg, RoomOptions};
use super::registry::Registry;
use super::room::open as room_open;
use super::writer::write;
use axum::extract::ws::{Message, WebSocket};
use ca_ngua_core::table::{ErrorCode, Refusal};
use ca_ngua_games::GameKind;
use ca_ngua_games::with_game;
use ca_ngua_protocol::{
    CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_TOO_BIG, ClientMessage, RoomCommand, RulesChoice,
    error_frame, is_room_code, parse_client, pong_frame, served_version,
};
use futures_util::StreamExt;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;
use tracing::debug;

/// The reading half of a client's WebSocket.
type Stream = futures_util::stream::SplitStream<WebSocket>;

/// A token bucket: `rate` messages a second, `burst` at once.
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            at: Instant::now(),
            rate,
            burst,
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let secs = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + secs * self.rate).min(self.burst);
    }

    /// Takes `cost` tokens after the fact (the balance may go below zero:
    /// later messages wait for it to come back).
    fn charge(&mut self, cost: f64) {
        self.refill();
        self.tokens -= cost;
    }

    fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The room and seat a connection holds (or watches).
struct Bound {
    code: String,
    inbox: mpsc::Sender<RoomMsg>,
    /// The seat's number; `None` for a watcher.
    seat: Option<usize>,
}

/// A connection's reading side.
struct Conn {
    id: ConnId,
    ip: IpAddr,
    peer: Peer,
    bucket: Bucket,
    bound: Option<Bound>,
    registry: Arc<Registry>,
}

impl Conn {
    fn send(&self, frame: String) {
        let _ = self.peer.out.try_send(Outgoing::Frame(frame.into()));
    }

    fn refuse(&self, refusal: &Refusal) {
        self.send(error_frame(refusal));
    }

    fn close(&self, why: (u16, &'static str)) {
        self.peer.close(why);
    }

    /// Leaves the room this connection was in (its seat stays, for a
    /// resume).
    async fn unbind(&mut self) {
        if let Some(bound) = self.bound.take() {
            let _ = bound.inbox.send(RoomMsg::Detach { conn: self.id }).await;
        }
    }

    async fn on_text(&mut self, text: &str) {
        let msg = match parse_client(text) {
            Ok(msg) => msg,
            Err(refusal) => return self.refuse(&refusal),
        };
        let command = match msg {
            ClientMessage::Ping => return self.send(pong_frame()),
            ClientMessage::Create {
                game,
                name,
                players,
                rules,
                protocol,
                chat,
                turn_secs,
            } => {
                let options = RoomOptions {
                    protocol: served_version(protocol),
                    chat,
                    turn_secs,
                };
                return self.create(game, &name, players, rules, options).await;
            }
            ClientMessage::Join {
                room,
                name,
                protocol,
            } => {
                let protocol = served_version(protocol);
                return self
                    .enter(&room, |peer, reply| RoomMsg::Join {
                        peer,
                        name,
                        protocol,
                        reply,
                    })
                    .await;
            }
            ClientMessage::Resume {
                room,
                token,
                last_seq,
                protocol,
            } => {
                let protocol = served_version(protocol);
                return self
                    .enter(&room, |peer, reply| RoomMsg::Resume {
                        peer,
                        token,
                        last_seq,
                        protocol,
                        reply,
                    })
                    .await;
            }
            ClientMessage::Watch { room, name, .. } => {
                return self
                    .enter(&room, |peer, reply| RoomMsg::Watch { peer, name, reply })
                    .await;
            }
            ClientMessage::Room(command) => command,
        };
        self.forward(command).await;
    }

    /// Opens a room of `game` with this connection's person as its host,
    /// and sits them in it.
    async fn create(
        &mut self,
        game: GameKind,
        name: &str,
        players: usize,
        rules: RulesChoice,
        options: RoomOptions,
    ) {
        let (registry, ip, peer) = (&self.registry, self.ip, self.peer.clone());
        let opened = with_game!(game, G => rules
            .resolve::<G>()
            .and_then(|rules| room_open::open::<G>(registry, ip, peer, name, players, rules, options)));
        match opened {
            Ok((code, inbox, Entered { seat, .. })) => {
                // A connection holds one seat; the one it had stays its
                // person's, for a resume.
                self.unbind().await;
                self.bound = Some(Bound { code, inbox, seat });
            }
            Err(refusal) => self.refuse(&refusal),
        }
    }

    /// Passes a command to the room this connection sits in.
    async fn forward(&mut self, command: RoomCommand) {
        let leaving = command == RoomCommand::Leave;
        let Some(bound) = &self.bound else {
            if !leaving {
                self.refuse(&Refusal::new(
                    ErrorCode::BadMessage,
                    "create or join a room first",
                ));
            }
            return;
        };
        let sent = bound
            .inbox
            .send(RoomMsg::Act {
                conn: self.id,
                seat: bound.seat,
                command,
            })
            .await;
        if sent.is_err() {
            self.bound = None;
            self.refuse(&Refusal::new(
                ErrorCode::RoomNotFound,
                "the room has closed",
            ));
        } else if leaving {
            // The room lets the seat go; this connection may open or join
            // another room.
            self.bound = None;
        }
    }

    /// Joins or resumes a seat in room `code`.
    async fn enter(&mut self, code: &str, msg: impl FnOnce(Peer, Reply) -> RoomMsg) {
        let not_found = || Refusal::new(ErrorCode::RoomNotFound, "no room has this code");
        let inbox = if is_room_code(code) {
            self.registry.room(code)
        } else {
            None
        };
        let Some(inbox) = inbox else {
            return self.refuse(&not_found());
        };
        let (reply, answer) = oneshot::channel();
        if inbox.send(msg(self.peer.clone(), reply)).await.is_err() {
            return self.refuse(&not_found());
        }
        match tokio::time::timeout(Duration::from_secs(10), answer).await {
            Ok(Ok(Ok(Entered { seat, resent }))) => {
                // Events sent again cost like messages: resuming a long
                // game over and over cannot keep the server busy.
                let limits = &self.registry.config().limits;
                self.bucket
                    .charge(resent as f64 / limits.events_per_message.max(1.0));
                if self.bound.as_ref().is_some_and(|b| b.code != code) {
                    self.unbind().await;
                }
                self.bound = Some(Bound {
                    code: code.to_string(),
                    inbox,
                    seat,
                });
            }
            Ok(Ok(Err(refusal))) => self.refuse(&refusal),
            Ok(Err(_)) | Err(_) => self.refuse(&not_found()),
        }
    }
}

/// True when a read error is a frame or message over the size limit.
fn too_big(e: axum::Error) -> bool {
    use tokio_tungstenite::tungstenite::Error;
    matches!(
        e.into_inner().downcast_ref::<Error>(),
        Some(Error::Capacity(_))
    )
}

/// Reads, checks and limits what one client sends, until the connection
/// ends.
pub(super) async fn connection(socket: WebSocket, ip: IpAddr, registry: Arc<Registry>) {
    let limits = registry.config().limits.clone();
    let id = registry.next_conn();
    let (sink, mut stream) = socket.split();
    let (out, out_rx) = mpsc::channel(limits.outbox_frames.max(4));
    let (close, close_rx) = watch::channel::<CloseWhy>(None);
    let mut writer = tokio::spawn(write(sink, out_rx, close_rx.clone(), limits.ping_every));
    let slot = registry.admit(ip);
    let mut conn = Conn {
        id,
        ip,
        peer: Peer { id, out, close },
        bucket: Bucket::new(limits.messages_per_sec, limits.message_burst),
        bound: None,
        registry: Arc::clone(&registry),
    };
    if slot.is_none() {
        debug!(conn = id, %ip, "refused: too many connections");
        conn.refuse(&Refusal::new(
            ErrorCode::RateLimited,
            "too many connections from your address",
        ));
        conn.close((CLOSE_POLICY, "too many connections"));
        drop(conn);
        let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
        finish_close(&mut stream).await;
        return;
    }
    debug!(conn = id, %ip, "connected");
    let ending = conn.read(&mut stream, &mut writer, close_rx, &limits).await;
    conn.unbind().await;
    debug!(conn = id, "disconnected");
    // The writer ends once the close frame is out, or when every sender
    // of its outbox (this connection's, the room's) is gone.
    conn.close((1000, ""));
    drop(conn);
    if !ending.writer_done {
        let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
    }
    if ending.client_open {
        finish_close(&mut stream).await;
    } else if ending.unread {
        // A socket closed with unread bytes is reset, and a reset can
        // destroy the close frame before the client reads it: give the
        // client a moment to read it first.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    drop(slot);
}

/// How a connection's reading ended, for its closing handshake.
struct Ending {
    /// The writer's task has ended already.
    writer_done: bool,
    /// The client's side is still open after the server's close frame
    /// (read on until the client answers it); false when the reading side
    /// is gone.
    client_open: bool,
    /// A frame was left half read.
    unread: bool,
}

/// What the rate limit says of a message.
enum Rate {
    /// Within the rate: handle it.
    Within,
    /// Over the rate: dropped (and refused).
    Dropped,
    /// Over the rate too many times in a row: the connection is closed.
    Closed,
}

impl Conn {
    /// Reads the client's frames until the connection ends: each one
    /// checked against the rate limit, then handled.
    async fn read(
        &mut self,
        stream: &mut Stream,
        writer: &mut tokio::task::JoinHandle<()>,
        mut closed: watch::Receiver<CloseWhy>,
        limits: &Limits,
    ) -> Ending {
        let mut strikes = 0u32;
        let mut stop = self.registry.stop();
        let mut ending = Ending {
            writer_done: false,
            client_open: true,
            unread: false,
        };
        loop {
            let next = tokio::select! {
                next = tokio::time::timeout(limits.connection_idle, stream.next()) => next,
                _ = closed.changed() => break,
                _ = stop.wait_for(|s| *s) => {
                    self.close((CLOSE_GOING_AWAY, "the server is stopping"));
                    // No waiting for answers: the server is going.
                    ending.client_open = false;
                    break;
                }
                _ = &mut *writer => {
                    ending.writer_done = true;
                    ending.client_open = false;
                    break;
                }
            };
            let msg = match next {
                Err(_) => {
                    self.close((CLOSE_GOING_AWAY, "idle"));
                    break;
                }
                Ok(None) => {
                    ending.client_open = false;
                    break;
                }
                Ok(Some(Err(e))) => {
                    ending.client_open = false;
                    if too_big(e) {
                        // The rest of the frame is still unread.
                        ending.unread = true;
                        self.close((CLOSE_TOO_BIG, "frame over 4 KiB"));
                    }
                    break;
                }
                Ok(Some(Ok(msg))) => msg,
            };
            match self.rate(&msg, &mut strikes, limits.max_strikes) {
                Rate::Within => {}
                Rate::Dropped => continue,
                Rate::Closed => break,
            }
            if !self.on_message(msg).await {
                ending.client_open = false;
                break;
            }
        }
        ending
    }

    /// Counts a message against the rate limit (text, binary and pings
    /// count): `strikes` is how many in a row came over it.
    fn rate(&mut self, msg: &Message, strikes: &mut u32, max_strikes: u32) -> Rate {
        let counted = matches!(
            msg,
            Message::Text(_) | Message::Binary(_) | Message::Ping(_)
        );
        if !counted {
            return Rate::Within;
        }
        if self.bucket.take() {
            *strikes = 0;
            return Rate::Within;
        }
        *strikes += 1;
        if *strikes > max_strikes {
            self.close((CLOSE_POLICY, "too many messages"));
            return Rate::Closed;
        }
        if !matches!(msg, Message::Ping(_)) {
            self.refuse(&Refusal::new(
                ErrorCode::RateLimited,
                "too many messages; slow down",
            ));
        }
        Rate::Dropped
    }

    /// Handles one message within the rate: false when it is the client's
    /// close frame.
    async fn on_message(&mut self, msg: Message) -> bool {
        match msg {
            Message::Text(text) => self.on_text(text.as_str()).await,
            Message::Binary(_) => self.refuse(&Refusal::new(
                ErrorCode::BadMessage,
                "messages are JSON text frames",
            )),
            Message::Close(_) => return false,
            Message::Ping(_) | Message::Pong(_) => {}
        }
        true
    }
}

/// The closing handshake's end: after the server's close frame, reads
/// (and drops) whatever the client still sends until its own close frame
/// arrives, so the socket is not reset with unread bytes, which could
/// destroy frames the client has not read yet (the error before a close).
async fn finish_close(stream: &mut Stream) {
    let drain = async { while let Some(Ok(_)) = stream.next().await {} };
    let _ = tokio::time::timeout(Duration::from_secs(2), drain).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_allows_a_burst_then_the_rate() {
        let mut bucket = Bucket::new(0.0, 3.0);
        assert!(bucket.take() && bucket.take() && bucket.take());
        assert!(!bucket.take());
        let mut bucket = Bucket::new(0.0, 3.0);
        bucket.charge(2.5);
        assert!(!bucket.take(), "a charge spends the burst");
    }
}
