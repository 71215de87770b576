//! The page's input as a person gives it: keys, the mouse's clicks, a
//! finger's taps and a pinch on a touch screen, and a phone keyboard's
//! composed and typed text.

use super::DevTools;
use serde_json::json;
use std::time::Duration;

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
}
