//! A connection's writing side: its frames, in order, from the room and
//! from its reading side, a ping now and then, and the close frame when
//! the connection is closed.

use super::mailbox::{CloseWhy, Outgoing};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::SinkExt;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// Writes a connection's frames, pings it, and closes it when told.
pub(super) async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut outbox: mpsc::Receiver<Outgoing>,
    mut close: watch::Receiver<CloseWhy>,
    ping_every: Duration,
) {
    // A zero period would make the interval panic.
    let ping_every = ping_every.max(Duration::from_millis(100));
    let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    loop {
        tokio::select! {
            biased;
            out = outbox.recv() => {
                let sent = match out {
                    Some(Outgoing::Frame(text)) => sink.send(Message::Text(text)).await,
                    Some(Outgoing::Frames(frames)) => {
                        let mut result = Ok(());
                        for text in frames {
                            result = sink.feed(Message::Text(text)).await;
                            if result.is_err() {
                                break;
                            }
                        }
                        match result {
                            Ok(()) => sink.flush().await,
                            Err(e) => Err(e),
                        }
                    }
                    None => {
                        // Nobody can queue more: close as asked, if asked.
                        let why = *close.borrow();
                        send_close(&mut sink, &mut outbox, why).await;
                        break;
                    }
                };
                if sent.is_err() {
                    break;
                }
            }
            _ = close.changed() => {
                let why = *close.borrow_and_update();
                send_close(&mut sink, &mut outbox, why).await;
                break;
            }
            _ = ping.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
}

/// Sends the frames still queued, then the close frame (if a close was
/// asked for).
async fn send_close(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    outbox: &mut mpsc::Receiver<Outgoing>,
    why: CloseWhy,
) {
    let Some((code, reason)) = why else {
        return;
    };
    while let Ok(out) = outbox.try_recv() {
        let frames = match out {
            Outgoing::Frame(text) => vec![text],
            Outgoing::Frames(frames) => frames,
        };
        for text in frames {
            let _ = sink.feed(Message::Text(text)).await;
        }
    }
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = sink.send(Message::Close(Some(frame))).await;
}
