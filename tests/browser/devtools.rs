//! A small client of the Chrome DevTools protocol, enough to drive one
//! page: commands with their ids and replies, every event kept (the
//! console's lines, the page's exceptions, the browser's log among them),
//! and the page's helpers the tests need (navigate and wait for the load,
//! evaluate, keys, clicks, the viewport, a phone's metrics, the network's
//! and the CPU's speed, screenshots). Every wait has a deadline.

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

/// A phone's browser (Chrome on Android), as the page's tests on a phone
/// present themselves.
pub const PHONE_USER_AGENT: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                                    (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/// A key as `Input.dispatchKeyEvent` names it.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    pub key: &'static str,
    pub code: &'static str,
    pub vk: u32,
    /// The text a printable key types.
    pub text: Option<&'static str>,
}

pub const SPACE: Key = Key {
    key: " ",
    code: "Space",
    vk: 32,
    text: Some(" "),
};

pub const ENTER: Key = Key {
    key: "Enter",
    code: "Enter",
    vk: 13,
    text: Some("\r"),
};

/// The digit keys 0–9 of the main keyboard.
pub fn digit(n: u8) -> Key {
    const KEYS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    const CODES: [&str; 10] = [
        "Digit0", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8",
        "Digit9",
    ];
    let i = usize::from(n);
    assert!(i < 10, "no digit key {n}");
    Key {
        key: KEYS[i],
        code: CODES[i],
        vk: 48 + u32::from(n),
        text: Some(KEYS[i]),
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

    /// Presses and releases a key.
    pub async fn press(&mut self, key: Key) {
        let mut down = json!({
            "type": if key.text.is_some() { "keyDown" } else { "rawKeyDown" },
            "key": key.key,
            "code": key.code,
            "windowsVirtualKeyCode": key.vk,
            "nativeVirtualKeyCode": key.vk,
        });
        if let Some(text) = key.text {
            down["text"] = text.into();
            down["unmodifiedText"] = text.into();
        }
        self.call("Input.dispatchKeyEvent", down).await;
        tokio::time::sleep(Duration::from_millis(30)).await;
        self.call(
            "Input.dispatchKeyEvent",
            json!({
                "type": "keyUp",
                "key": key.key,
                "code": key.code,
                "windowsVirtualKeyCode": key.vk,
                "nativeVirtualKeyCode": key.vk,
            }),
        )
        .await;
    }

    /// Clicks the left button at a point of the viewport (CSS pixels).
    pub async fn click(&mut self, x: f64, y: f64) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y}),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(30)).await;
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({
                    "type": kind,
                    "x": x,
                    "y": y,
                    "button": "left",
                    "buttons": if kind == "mousePressed" { 1 } else { 0 },
                    "clickCount": 1,
                }),
            )
            .await;
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// A finger's tap at a point of the viewport (CSS pixels): it lands,
    /// rests a moment and lifts, as a phone's touch screen reports it
    /// (the page gets touch events, not a mouse's).
    pub async fn tap(&mut self, x: f64, y: f64) {
        let finger = json!([{"x": x, "y": y, "radiusX": 8, "radiusY": 8, "force": 1, "id": 1}]);
        self.call(
            "Input.dispatchTouchEvent",
            json!({"type": "touchStart", "touchPoints": finger}),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(60)).await;
        self.call(
            "Input.dispatchTouchEvent",
            json!({"type": "touchEnd", "touchPoints": []}),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }

    /// Two fingers spread apart from `(x, y)`, as a pinch to zoom in.
    pub async fn pinch_out(&mut self, x: f64, y: f64) {
        let fingers = |d: f64| {
            json!([
                {"x": x - d, "y": y, "id": 1},
                {"x": x + d, "y": y, "id": 2},
            ])
        };
        self.call(
            "Input.dispatchTouchEvent",
            json!({"type": "touchStart", "touchPoints": fingers(20.0)}),
        )
        .await;
        for step in 1..=10 {
            tokio::time::sleep(Duration::from_millis(16)).await;
            self.call(
                "Input.dispatchTouchEvent",
                json!({"type": "touchMove", "touchPoints": fingers(20.0 + 12.0 * f64::from(step))}),
            )
            .await;
        }
        self.call(
            "Input.dispatchTouchEvent",
            json!({"type": "touchEnd", "touchPoints": []}),
        )
        .await;
    }

    /// Text being composed by the phone's keyboard (a Vietnamese keyboard's
    /// Telex or VNI builds "Hùng" from "Hung" + "f"): shown, underlined,
    /// not yet typed.
    pub async fn compose(&mut self, text: &str) {
        let end = text.encode_utf16().count();
        self.call(
            "Input.imeSetComposition",
            json!({"text": text, "selectionStart": end, "selectionEnd": end}),
        )
        .await;
    }

    /// Text typed by the phone's keyboard (a composition's end: the
    /// composed word committed).
    pub async fn insert_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({"text": text})).await;
    }

    /// Sets the page's viewport to `width` × `height` CSS pixels at one
    /// device pixel each.
    pub async fn viewport(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        )
        .await;
    }

    /// Makes the page a phone's: `width` × `height` CSS pixels at `scale`
    /// device pixels each, a mobile viewport, touch, a phone browser's
    /// `User-Agent`, and `accept_language` as its languages (the
    /// `Accept-Language` it sends and `navigator.language`).
    pub async fn phone(&mut self, width: u32, height: u32, scale: f64, accept_language: &str) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": scale, "mobile": true}),
        )
        .await;
        self.call(
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 5}),
        )
        .await;
        self.call(
            "Network.setUserAgentOverride",
            json!({
                "userAgent": PHONE_USER_AGENT,
                "acceptLanguage": accept_language,
                "platform": "Linux armv8l",
            }),
        )
        .await;
    }

    /// The network as the page has it: `None` for none at all (offline),
    /// else a connection with `latency` and `down` / `up` bits per second.
    pub async fn network(&mut self, link: Option<(Duration, f64, f64)>) {
        self.call("Network.enable", json!({})).await;
        let conditions = match link {
            None => json!({
                "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
            }),
            Some((latency, down, up)) => json!({
                "offline": false,
                "latency": latency.as_secs_f64() * 1000.0,
                "downloadThroughput": down / 8.0,
                "uploadThroughput": up / 8.0,
            }),
        };
        self.call("Network.emulateNetworkConditions", conditions)
            .await;
    }

    /// Slows the page's CPU `rate` times (1: not slowed).
    pub async fn cpu_slowed(&mut self, rate: f64) {
        self.call("Emulation.setCPUThrottlingRate", json!({"rate": rate}))
            .await;
    }

    /// The page as a PNG (checked to be one, of the viewport's size when
    /// `size` is given).
    pub async fn screenshot(&mut self, size: Option<(u32, u32)>) -> Vec<u8> {
        let r = self
            .call(
                "Page.captureScreenshot",
                json!({"format": "png", "captureBeyondViewport": false}),
            )
            .await;
        let data = r["data"].as_str().expect("the screenshot's data");
        let png = base64_decode(data).expect("the screenshot is base64");
        let found = png_size(&png).expect("the screenshot is a PNG");
        if let Some(size) = size {
            assert_eq!(found, size, "the screenshot's size");
        }
        png
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

/// Standard base64 (RFC 4648, with or without padding; no line breaks).
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    fn value(c: u8) -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        }))
    }
    let bytes = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let [_, a, b, c] = n.to_be_bytes();
        out.push(a);
        if chunk.len() > 2 {
            out.push(b);
        }
        if chunk.len() > 3 {
            out.push(c);
        }
    }
    Some(out)
}

/// The width and height of a PNG (from its `IHDR`).
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    if png.len() < 24 || &png[..8] != b"\x89PNG\r\n\x1a\n" || &png[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(png[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(png[20..24].try_into().ok()?);
    Some((w, h))
}

#[test]
fn base64_reads_what_it_should() {
    assert_eq!(base64_decode("").unwrap(), b"");
    assert_eq!(base64_decode("Zg==").unwrap(), b"f");
    assert_eq!(base64_decode("Zm8=").unwrap(), b"fo");
    assert_eq!(base64_decode("Zm9v").unwrap(), b"foo");
    assert_eq!(base64_decode("Zm9vYmFy").unwrap(), b"foobar");
    assert_eq!(base64_decode("iVBORw0KGgo=").unwrap(), b"\x89PNG\r\n\x1a\n");
    assert_eq!(base64_decode("/+8=").unwrap(), [0xff, 0xef]);
    assert!(base64_decode("Zm9v!").is_none());
    assert!(base64_decode("Z").is_none());
}
