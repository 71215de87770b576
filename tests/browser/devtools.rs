//! A small client of the Chrome DevTools protocol, enough to drive one
//! page: commands with their ids and replies, every event kept (the
//! console's lines, the page's exceptions, the browser's log among them),
//! and the page's helpers the tests need: here, navigate and wait for the
//! load, evaluate, wait for frames; keys, clicks, taps and a phone
//! keyboard's text in `input`; the viewport, a phone's metrics, the
//! network's and the CPU's speed in `emulation`; screenshots in
//! `screenshot`. Every wait has a deadline.

mod emulation;
mod input;
mod screenshot;

pub use input::{ENTER, SPACE, digit};

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How long one command may wait for its reply (a screenshot of a large
/// page drawn in software takes a while).
const REPLY: Duration = Duration::from_secs(60);

/// One event of the browser, in the order received.
#[derive(Clone, Debug)]
pub struct Event {
    pub method: String,
    pub params: Value,
}

/// A line of the page's console, a page exception or a browser log entry.
#[derive(Clone, Debug)]
pub struct Line {
    /// `log`, `info`, `warning`, `error`, … ; `exception` for an uncaught
    /// exception.
    pub level: String,
    pub text: String,
}

impl Line {
    /// The line as a failure's message shows it.
    pub fn shown(&self) -> String {
        format!("[{}] {}", self.level, self.text)
    }
}

#[derive(Default)]
struct Shared {
    pending: Mutex<HashMap<u64, oneshot::Sender<Value>>>,
    events: Mutex<Vec<Event>>,
    news: Notify,
    closed: Mutex<bool>,
}

/// A DevTools connection to one page.
pub struct DevTools {
    out: SplitSink<Socket, Message>,
    shared: Arc<Shared>,
    next_id: u64,
    reader: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for DevTools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DevTools")
            .field("next_id", &self.next_id)
            .finish_non_exhaustive()
    }
}

impl Drop for DevTools {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

impl DevTools {
    /// Connects to a page's `webSocketDebuggerUrl` and turns on the events
    /// the tests read (page, console, exceptions, browser log).
    pub async fn connect(url: &str) -> DevTools {
        let (socket, _) = tokio::time::timeout(
            Duration::from_secs(20),
            tokio_tungstenite::connect_async(url),
        )
        .await
        .expect("the DevTools socket opens in time")
        .unwrap_or_else(|e| panic!("cannot open the DevTools socket {url}: {e}"));
        let (out, mut input) = socket.split();
        let shared = Arc::new(Shared::default());
        let reader = tokio::spawn({
            let shared = Arc::clone(&shared);
            async move {
                while let Some(frame) = input.next().await {
                    let text = match frame {
                        Ok(Message::Text(t)) => t.to_string(),
                        Ok(Message::Close(_)) | Err(_) => break,
                        Ok(_) => continue,
                    };
                    let Ok(msg) = serde_json::from_str::<Value>(&text) else {
                        continue;
                    };
                    if let Some(id) = msg["id"].as_u64() {
                        let waiting = shared.pending.lock().unwrap().remove(&id);
                        if let Some(tx) = waiting {
                            let _ = tx.send(msg);
                        }
                    } else if let Some(method) = msg["method"].as_str() {
                        shared.events.lock().unwrap().push(Event {
                            method: method.to_string(),
                            params: msg["params"].clone(),
                        });
                        shared.news.notify_waiters();
                    }
                }
                *shared.closed.lock().unwrap() = true;
                // Every command still waiting learns the socket closed.
                shared.pending.lock().unwrap().clear();
                shared.news.notify_waiters();
            }
        });
        let mut dt = DevTools {
            out,
            shared,
            next_id: 1,
            reader,
        };
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            dt.call(domain, json!({})).await;
        }
        dt
    }

    /// Sends a command and waits for its reply: the result, or the
    /// protocol's error as text.
    pub async fn try_call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next_id;
        self.next_id += 1;
        let (tx, rx) = oneshot::channel();
        self.shared.pending.lock().unwrap().insert(id, tx);
        let text = json!({"id": id, "method": method, "params": params}).to_string();
        tokio::time::timeout(REPLY, self.out.send(Message::text(text)))
            .await
            .unwrap_or_else(|_| panic!("{method}: could not send in {REPLY:?}"))
            .unwrap_or_else(|e| panic!("{method}: the DevTools socket failed: {e}"));
        let reply = tokio::time::timeout(REPLY, rx)
            .await
            .unwrap_or_else(|_| panic!("{method}: no reply in {REPLY:?}"))
            .unwrap_or_else(|_| panic!("{method}: the browser closed the DevTools socket"));
        match reply.get("error") {
            Some(e) => Err(e.to_string()),
            None => Ok(reply["result"].clone()),
        }
    }

    /// Sends a command; its result (an error fails the test).
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// How many events have come so far (a mark to wait after).
    pub fn mark(&self) -> usize {
        self.shared.events.lock().unwrap().len()
    }

    /// The events from `mark` on.
    pub fn events_since(&self, mark: usize) -> Vec<Event> {
        let events = self.shared.events.lock().unwrap();
        events[mark.min(events.len())..].to_vec()
    }

    /// Waits for an event `method` after `mark`; fails the test after
    /// `wait`.
    pub async fn wait_event(&self, method: &str, mark: usize, wait: Duration) -> Event {
        let found = self
            .wait_for(wait, |dt| {
                dt.events_since(mark)
                    .into_iter()
                    .find(|e| e.method == method)
            })
            .await;
        found.unwrap_or_else(|| panic!("no {method} in {wait:?}; {}", self.recent_lines(20)))
    }

    /// Calls `f` at every event (and at least every 100 ms) until it
    /// answers; `None` after `wait`.
    pub async fn wait_for<T>(
        &self,
        wait: Duration,
        mut f: impl FnMut(&DevTools) -> Option<T>,
    ) -> Option<T> {
        let end = Instant::now() + wait;
        loop {
            let news = self.shared.news.notified();
            if let Some(t) = f(self) {
                return Some(t);
            }
            assert!(
                !*self.shared.closed.lock().unwrap(),
                "the browser closed the DevTools socket"
            );
            let now = Instant::now();
            if now >= end {
                return None;
            }
            let nap = (end - now).min(Duration::from_millis(100));
            let _ = tokio::time::timeout(nap, news).await;
        }
    }

    // --- the console ----------------------------------------------------

    /// Every console line, page exception and browser log entry from
    /// `mark` on.
    pub fn lines_since(&self, mark: usize) -> Vec<Line> {
        self.events_since(mark).iter().filter_map(line_of).collect()
    }

    /// Every line so far.
    pub fn lines(&self) -> Vec<Line> {
        self.lines_since(0)
    }

    /// The last `n` lines, for a failure's message.
    pub fn recent_lines(&self, n: usize) -> String {
        let lines = self.lines();
        let shown: Vec<String> = lines[lines.len().saturating_sub(n)..]
            .iter()
            .map(Line::shown)
            .collect();
        format!("the page's last lines:\n  {}", shown.join("\n  "))
    }

    /// The uncaught exceptions of the page so far.
    pub fn exceptions(&self) -> Vec<Line> {
        self.lines()
            .into_iter()
            .filter(|l| l.level == "exception")
            .collect()
    }

    /// What follows `prefix` in the lines from `mark` on that hold it
    /// (a logger may put its own words before the app's).
    pub fn marked_since(&self, mark: usize, prefix: &str) -> Vec<String> {
        self.lines_since(mark)
            .iter()
            .filter(|l| l.level != "exception")
            .filter_map(|l| {
                l.text
                    .find(prefix)
                    .map(|at| l.text[at + prefix.len()..].trim().to_string())
            })
            .collect()
    }

    /// Waits for a line holding `prefix` after `mark`; answers what
    /// follows the prefix. Fails the test after `wait`.
    pub async fn wait_line(&self, prefix: &str, mark: usize, wait: Duration) -> String {
        self.wait_for(wait, |dt| dt.marked_since(mark, prefix).into_iter().next())
            .await
            .unwrap_or_else(|| {
                panic!(
                    "no console line `{prefix}…` in {wait:?}; {}",
                    self.recent_lines(30)
                )
            })
    }

    // --- the page -------------------------------------------------------

    /// Opens `url` and waits for its `load` event.
    pub async fn navigate(&mut self, url: &str) {
        let mark = self.mark();
        let r = self.call("Page.navigate", json!({"url": url})).await;
        if let Some(e) = r["errorText"].as_str() {
            panic!("cannot open {url}: {e}");
        }
        self.wait_event("Page.loadEventFired", mark, Duration::from_secs(60))
            .await;
    }

    /// Reloads the page and waits for its `load` event.
    pub async fn reload(&mut self) {
        let mark = self.mark();
        self.call("Page.reload", json!({"ignoreCache": false}))
            .await;
        self.wait_event("Page.loadEventFired", mark, Duration::from_secs(60))
            .await;
    }

    /// Evaluates a JavaScript expression (a promise is awaited); its value
    /// as JSON (`null` for `undefined`). A thrown exception fails the test.
    pub async fn eval(&mut self, expression: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
            )
            .await;
        if let Some(e) = r.get("exceptionDetails") {
            panic!("`{expression}` threw: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Waits for the page to draw two more frames.
    pub async fn frames(&mut self) {
        self.eval(
            "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))",
        )
        .await;
    }
}

/// The line an event carries, if it is one.
fn line_of(e: &Event) -> Option<Line> {
    match e.method.as_str() {
        "Runtime.consoleAPICalled" => {
            let words: Vec<String> = e.params["args"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| match &a["value"] {
                    Value::String(s) => s.clone(),
                    Value::Null => a["description"]
                        .as_str()
                        .map_or_else(|| a["type"].to_string(), str::to_string),
                    v => v.to_string(),
                })
                .collect();
            Some(Line {
                level: e.params["type"].as_str().unwrap_or("log").to_string(),
                text: words.join(" "),
            })
        }
        "Runtime.exceptionThrown" => {
            let d = &e.params["exceptionDetails"];
            let text = d["exception"]["description"]
                .as_str()
                .or_else(|| d["text"].as_str())
                .unwrap_or("an exception")
                .to_string();
            Some(Line {
                level: "exception".into(),
                text,
            })
        }
        "Log.entryAdded" => {
            let entry = &e.params["entry"];
            let mut text = entry["text"].as_str().unwrap_or_default().to_string();
            if let Some(url) = entry["url"].as_str() {
                text = format!("{text} ({url})");
            }
            Some(Line {
                level: format!("browser {}", entry["level"].as_str().unwrap_or("log")),
                text,
            })
        }
        _ => None,
    }
}
