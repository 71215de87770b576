//! Screenshots of the page: the PNG the browser sends (in base64),
//! checked to be one, of the size asked.

use super::DevTools;
use serde_json::json;

impl DevTools {
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
