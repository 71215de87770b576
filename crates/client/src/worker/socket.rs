//! The worker's WebSocket, over the platform's ([`crate::platform`]):
//! opening it, sending with a time limit, closing politely, and what the
//! server's close frame means.

use super::End;
pub(super) use crate::platform::Socket;
use crate::platform::timeout;
use crate::{CloseReason, LinkError};
use ca_ngua_protocol::{CLOSE_TAKEN_OVER, ClientMessage};
use std::time::Duration;

/// How the server's close frame (its code and reason) ends the
/// connection: for good when the seat was taken over, lost (to try again)
/// otherwise.
pub(super) fn closed_by_server(frame: Option<(u16, String)>) -> End {
    match frame {
        Some((code, _)) if code == CLOSE_TAKEN_OVER => End::Closed(CloseReason::TakenOver),
        Some((code, reason)) => End::Lost(LinkError::ClosedByServer { code, reason }),
        None => End::Lost(LinkError::Closed),
    }
}

/// Opens the WebSocket at `url`.
pub(super) async fn open_socket(url: String) -> Result<Socket, LinkError> {
    Socket::open(url).await
}

/// Sends a message; a connection that cannot take it within the silence
/// time counts as lost.
pub(super) async fn send(ws: &mut Socket, msg: &ClientMessage) -> Result<(), LinkError> {
    match timeout(SEND_TIMEOUT, ws.send_text(msg.to_json())).await {
        Some(sent) => sent.map_err(LinkError::Send),
        None => Err(LinkError::NotReading),
    }
}

/// Closes politely, without waiting long for a server that does not read
/// (dropping a client must never hang its caller).
pub(super) async fn close(ws: &mut Socket) {
    let _ = timeout(Duration::from_secs(1), ws.close()).await;
}

const SEND_TIMEOUT: Duration = Duration::from_secs(10);
