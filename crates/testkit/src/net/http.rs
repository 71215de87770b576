//! A plain HTTP client for the server's pages.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A plain HTTP/1.1 GET: the status and the body.
pub fn get(addr: SocketAddr, path: &str, accept_language: Option<&str>) -> (u16, String) {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let lang = accept_language
        .map(|l| format!("Accept-Language: {l}\r\n"))
        .unwrap_or_default();
    write!(
        tcp,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{lang}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    tcp.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).expect("UTF-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_string())
}
