//! The WebSocket side of one client: connect, send, read, and the first
//! frames of a room (the welcome, a version 3 client's seed).

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect(addr: SocketAddr) -> Result<Socket, String> {
    let url = format!("ws://{addr}/ws");
    // Lean clients, so the peak memory below is mostly the server's.
    let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

pub async fn send(ws: &mut Socket, v: Value) -> Result<(), String> {
    ws.send(Message::text(v.to_string()))
        .await
        .map_err(|e| e.to_string())
}

pub async fn recv(ws: &mut Socket, until: Instant) -> Result<Option<Value>, String> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let frame = match tokio::time::timeout(left, ws.next()).await {
            Err(_) => return Ok(None),
            Ok(frame) => frame,
        };
        match frame {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(text.as_str())
                    .map(Some)
                    .map_err(|e| e.to_string());
            }
            Some(Ok(Message::Close(_))) | None => return Err("closed".into()),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.to_string()),
        }
    }
}

/// A version 3 client's part of the dice seed, after the welcome's commit.
pub async fn seed_after(ws: &mut Socket, welcome: &Value, n: usize) -> Result<(), String> {
    if welcome["dice_commit"].is_string() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let seed = format!("load{n:02x}{nanos:x}");
        send(ws, json!({"type":"seed","client_seed":seed})).await?;
    }
    Ok(())
}

/// Reads frames until the welcome (a version 3 client may be told of
/// presence first).
pub async fn welcome(ws: &mut Socket, until: Instant) -> Result<Option<Value>, String> {
    loop {
        match recv(ws, until).await? {
            Some(v) if v["type"] == "welcome" || v["type"] == "error" => return Ok(Some(v)),
            Some(_) => continue,
            None => return Ok(None),
        }
    }
}
