//! The device the page runs on: the viewport, a phone's metrics, touch
//! and `User-Agent`, the network's and the CPU's speed.

use super::DevTools;
use serde_json::json;
use std::time::Duration;

/// A phone's browser (Chrome on Android), as the page's tests on a phone
/// present themselves.
pub const PHONE_USER_AGENT: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                                    (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

impl DevTools {
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
}
