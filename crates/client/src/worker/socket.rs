//! The worker's WebSocket: opening it (over TLS for `wss://`), sending
//! with a time limit, closing politely, and what the server's close frame
//! means.

use super::End;
use crate::{CloseReason, LinkError};
use ca_ngua_protocol::{CLOSE_TAKEN_OVER, ClientMessage};
use futures_util::SinkExt;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// The WebSocket to the server, plain or over TLS.
pub(super) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How the server's close frame ends the connection: for good when the
/// seat was taken over, lost (to try again) otherwise.
pub(super) fn closed_by_server(frame: Option<CloseFrame>) -> End {
    match frame {
        Some(f) if u16::from(f.code) == CLOSE_TAKEN_OVER => End::Closed(CloseReason::TakenOver),
        Some(f) => End::Lost(LinkError::ClosedByServer {
            code: u16::from(f.code),
            reason: f.reason.to_string(),
        }),
        None => End::Lost(LinkError::Closed),
    }
}

/// Opens the WebSocket at `url`, over TLS for `wss://` (the roots of
/// [`tls::client_config`](crate::tls::client_config)).
pub(super) async fn open_socket(url: String) -> Result<Socket, LinkError> {
    let connector = if url.starts_with("wss://") {
        let config = crate::tls::client_config().map_err(LinkError::Tls)?;
        Some(tokio_tungstenite::Connector::Rustls(config))
    } else {
        None
    };
    tokio_tungstenite::connect_async_tls_with_config(url, None, true, connector)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| LinkError::Connect(e.to_string()))
}

/// Sends a message; a connection that cannot take it within the silence
/// time counts as lost.
pub(super) async fn send(ws: &mut Socket, msg: &ClientMessage) -> Result<(), LinkError> {
    match tokio::time::timeout(SEND_TIMEOUT, ws.send(Message::text(msg.to_json()))).await {
        Ok(sent) => sent.map_err(|e| LinkError::Send(e.to_string())),
        Err(_) => Err(LinkError::NotReading),
    }
}

/// Closes politely, without waiting long for a server that does not read
/// (dropping a client must never hang its caller).
pub(super) async fn close(ws: &mut Socket) {
    let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
}

const SEND_TIMEOUT: Duration = Duration::from_secs(10);
