//! The browser's side: the worker on the page's event loop, timers by
//! `setTimeout`, and the browser's `WebSocket` (which speaks TLS for
//! `wss://` with the browser's own roots).

use super::Incoming;
use crate::{HealthError, LinkError};
use ca_ngua_protocol::ServerAddress;
use std::future::Future;
use std::time::Duration;
use tokio::sync::mpsc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{CloseEvent, Event, MessageEvent, Response, WebSocket};

/// Nothing to wait for: the worker ends on the page's loop once told to
/// close.
#[derive(Debug)]
pub(crate) struct Home;

impl Home {
    /// Nothing to do: a page cannot block.
    pub(crate) fn join(&mut self) {}
}

/// Runs the future `make` makes on the page's event loop.
pub(crate) fn start<F, Fut>(_name: &str, make: F) -> std::io::Result<Home>
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + 'static,
{
    wasm_bindgen_futures::spawn_local(make());
    Ok(Home)
}

/// Waits `d` (`setTimeout`).
pub(crate) async fn sleep(d: Duration) {
    let ms = i32::try_from(d.as_millis()).unwrap_or(i32::MAX);
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// What the socket's callbacks report, in order.
enum Happened {
    Open,
    Text(String),
    Closed(u16, String),
    Error,
}

/// The browser's WebSocket, its callbacks kept alive with it.
pub(crate) struct Socket {
    ws: WebSocket,
    events: mpsc::UnboundedReceiver<Happened>,
    _on_open: Closure<dyn FnMut(Event)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
    closed: bool,
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        self.ws.set_onerror(None);
        let _ = self.ws.close();
    }
}

impl Socket {
    /// Opens the WebSocket at `url`, waiting until it is open.
    pub(crate) async fn open(url: String) -> Result<Socket, LinkError> {
        let ws = WebSocket::new(&url).map_err(|e| LinkError::Connect(format!("{e:?}")))?;
        let (tx, events) = mpsc::unbounded_channel();
        let open_tx = tx.clone();
        let on_open = Closure::<dyn FnMut(Event)>::new(move |_| {
            let _ = open_tx.send(Happened::Open);
        });
        let message_tx = tx.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(text) = e.data().as_string() {
                let _ = message_tx.send(Happened::Text(text));
            }
        });
        let close_tx = tx.clone();
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |e: CloseEvent| {
            let _ = close_tx.send(Happened::Closed(e.code(), e.reason()));
        });
        let on_error = Closure::<dyn FnMut(Event)>::new(move |_| {
            let _ = tx.send(Happened::Error);
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        ws.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let mut socket = Socket {
            ws,
            events,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
            _on_error: on_error,
            closed: false,
        };
        match socket.events.recv().await {
            Some(Happened::Open) => Ok(socket),
            Some(Happened::Closed(code, reason)) => Err(LinkError::Connect(format!(
                "closed before it opened ({code} {reason})"
            ))),
            _ => Err(LinkError::Connect(
                "the browser could not open the WebSocket".into(),
            )),
        }
    }

    /// Sends one text frame (the browser queues it).
    pub(crate) async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws.send_with_str(&text).map_err(|e| format!("{e:?}"))
    }

    /// The next thing the server sent; `None` once the socket has closed.
    pub(crate) async fn next(&mut self) -> Option<Result<Incoming, String>> {
        if self.closed {
            return None;
        }
        match self.events.recv().await? {
            Happened::Text(text) => Some(Ok(Incoming::Text(text))),
            Happened::Closed(code, reason) => {
                self.closed = true;
                Some(Ok(Incoming::Close(Some((code, reason)))))
            }
            Happened::Error => Some(Err("the WebSocket failed".into())),
            Happened::Open => Some(Ok(Incoming::Other)),
        }
    }

    /// Closes the socket.
    pub(crate) async fn close(&mut self) {
        let _ = self.ws.close();
    }
}

/// `GET path` on `server` with the browser's `fetch`, on the page's loop;
/// `done` gets the status and the body. (The page's Content-Security-Policy
/// lets it reach only the server that served it.)
pub(crate) fn http_get_then(
    server: ServerAddress,
    path: String,
    timeout: Duration,
    done: impl FnOnce(Result<(u16, String), HealthError>) + Send + 'static,
) {
    wasm_bindgen_futures::spawn_local(async move {
        let url = server.page_url(&path);
        let answer = super::timeout(timeout, fetch(url)).await;
        done(answer.unwrap_or(Err(HealthError::Timeout)));
    });
}

async fn fetch(url: String) -> Result<(u16, String), HealthError> {
    let window = web_sys::window().ok_or(HealthError::Refused)?;
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(&url))
        .await
        // fetch rejects for a network error: nothing answered.
        .map_err(|_| HealthError::Refused)?;
    let response: Response = response.dyn_into().map_err(|_| HealthError::NotOurs)?;
    let status = response.status();
    let text = response.text().map_err(|_| HealthError::NotOurs)?;
    let body = wasm_bindgen_futures::JsFuture::from(text)
        .await
        .map_err(|_| HealthError::NotOurs)?
        .as_string()
        .unwrap_or_default();
    Ok((status, body))
}
