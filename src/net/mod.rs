//! Online play (`PROTOCOL.md`): one server holds every game, rolls its
//! dice and checks every move on a [`Table`](crate::table::Table); each
//! person's client sends commands and rebuilds the game from the numbered
//! events it receives.
//!
//! - [`protocol`]: every message, as serde types, and the parsing that
//!   refuses bad input with the protocol's error codes;
//! - [`server`]: the axum server, rooms of every game side by side
//!   ([`server::spawn`] runs one in-process, [`server::serve`] on a
//!   runtime of the caller's);
//! - [`client`]: a client on a thread of its own that the app polls; it
//!   learns a room's game from the server's welcome.
//!
//! Also here: invite links (`ca-ngua://HOST:PORT/CODE`) and the machine's
//! addresses a host can give friends on the same network.

pub mod client;
pub mod dice;
pub mod protocol;
pub mod server;
pub mod tls;

use crate::table::ErrorCode;
use protocol::{ROOM_CODE_LEN, is_room_code, normalize_room};
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// A server's address: a host name or an IP address, a port, and whether
/// it speaks TLS (`wss://`, `https://`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress {
    /// The host name or IP address (an IPv6 address without brackets).
    pub host: String,
    /// The port.
    pub port: u16,
    /// It answers TLS: `wss://` for the game, `https://` for pages.
    pub secure: bool,
}

impl ServerAddress {
    /// A plain (`ws://`) server's address.
    pub fn new(host: impl Into<String>, port: u16) -> ServerAddress {
        ServerAddress {
            host: host.into(),
            port,
            secure: false,
        }
    }

    /// A TLS (`wss://`) server's address.
    pub fn secure(host: impl Into<String>, port: u16) -> ServerAddress {
        ServerAddress {
            secure: true,
            ..ServerAddress::new(host, port)
        }
    }

    /// `HOST:PORT` (`[IPv6]:PORT`).
    pub fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// The WebSocket URL of the server's game endpoint.
    pub fn url(&self) -> String {
        let scheme = if self.secure { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.authority())
    }

    /// The address of one of the server's pages (`path` starts with `/`),
    /// without the port when it is the scheme's own.
    pub fn page_url(&self, path: &str) -> String {
        let (scheme, default) = if self.secure {
            ("https", 443)
        } else {
            ("http", 80)
        };
        if self.port == default {
            let host = if self.host.contains(':') {
                format!("[{}]", self.host)
            } else {
                self.host.clone()
            };
            format!("{scheme}://{host}{path}")
        } else {
            format!("{scheme}://{}{path}", self.authority())
        }
    }
}

impl From<std::net::SocketAddr> for ServerAddress {
    fn from(addr: std::net::SocketAddr) -> ServerAddress {
        ServerAddress::new(addr.ip().to_string(), addr.port())
    }
}

impl fmt::Display for ServerAddress {
    /// `HOST:PORT` for a plain server, `https://HOST:PORT` for a TLS one
    /// (as [`FromStr`] reads it back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.secure {
            f.write_str("https://")?;
        }
        f.write_str(&self.authority())
    }
}

/// Why an address or an invite link cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InviteError {
    /// The link does not start with `ca-ngua://`.
    Scheme,
    /// No host before the port.
    Host,
    /// No port, or not a number from 1 to 65535.
    Port(String),
    /// The room code is not 6 characters of the code alphabet.
    Room(String),
}

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InviteError::Scheme => f.write_str("an invite link starts with ca-ngua://"),
            InviteError::Host => f.write_str("the address has no host"),
            InviteError::Port(p) => write!(f, "'{p}' is not a port (1 to 65535)"),
            InviteError::Room(r) => write!(
                f,
                "'{r}' is not a room code ({ROOM_CODE_LEN} letters and digits)"
            ),
        }
    }
}

impl std::error::Error for InviteError {}

impl InviteError {
    /// The i18n key of the sentence for this error.
    pub fn key(&self) -> &'static str {
        match self {
            InviteError::Scheme => "net-invite-bad-scheme",
            InviteError::Host => "net-invite-bad-host",
            InviteError::Port(_) => "net-invite-bad-port",
            InviteError::Room(_) => "net-invite-bad-room",
        }
    }
}

impl FromStr for ServerAddress {
    type Err = InviteError;

    /// Reads `HOST:PORT` (`[IPv6]:PORT` for an IPv6 address), a plain
    /// server; or an address with its scheme, as a browser shows it:
    /// `https://HOST[:PORT]` or `wss://…` (TLS, port 443 unless named),
    /// `http://…` or `ws://…` (port 80 unless named), anything after the
    /// host (a path) left out.
    fn from_str(text: &str) -> Result<ServerAddress, InviteError> {
        let text = text.trim();
        let (rest, secure) = match after_scheme(text) {
            Some((rest, secure)) => (rest.split('/').next().unwrap_or(rest), Some(secure)),
            None => (text, None),
        };
        let (host, port) = if let Some(inner) = rest.strip_prefix('[') {
            let (host, after) = inner.split_once(']').ok_or(InviteError::Host)?;
            (host, after.strip_prefix(':'))
        } else {
            match rest.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (rest, None),
            }
        };
        if host.is_empty() || host.contains(['/', ' ', '@', '[', ']']) {
            return Err(InviteError::Host);
        }
        let port = match (port, secure) {
            (Some(port), _) => port
                .parse::<u16>()
                .ok()
                .filter(|p| *p != 0)
                .ok_or_else(|| InviteError::Port(port.to_string()))?,
            // The scheme's own port.
            (None, Some(true)) => 443,
            (None, Some(false)) => 80,
            (None, None) => return Err(InviteError::Port(String::new())),
        };
        Ok(ServerAddress {
            host: host.to_string(),
            port,
            secure: secure.unwrap_or(false),
        })
    }
}

/// An invitation to a room: `ca-ngua://HOST:PORT/CODE`, or to watch it:
/// `ca-ngua://HOST:PORT/CODE?watch` (the invite page of a room that has
/// started offers that one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Invite {
    /// Where the room is.
    pub server: ServerAddress,
    /// The room's code.
    pub room: String,
    /// The link asks to watch the room rather than take a seat
    /// (PROTOCOL.md version 3, "Watching").
    pub watch: bool,
}

/// The scheme of invite links.
pub const INVITE_SCHEME: &str = "ca-ngua://";

/// What a `ca-ngua:` link adds after the code for a TLS server.
const TLS_QUERY: &str = "tls";

/// What a link (`ca-ngua:` or an invite page's) adds after the code to
/// watch the room.
const WATCH_QUERY: &str = "watch";

/// True when a link's query (what follows `?`, parameters joined by `&`)
/// holds `name` (as `name`, `name=1` or `name=true`).
fn query_has(query: &str, name: &str) -> bool {
    query.split('&').any(|p| {
        let p = p.trim();
        p.eq_ignore_ascii_case(name)
            || p.split_once('=').is_some_and(|(k, v)| {
                k.eq_ignore_ascii_case(name) && (v == "1" || v.eq_ignore_ascii_case("true"))
            })
    })
}

impl Invite {
    /// An invitation to take a seat in room `room` on `server`.
    pub fn new(server: ServerAddress, room: impl Into<String>) -> Invite {
        Invite {
            server,
            room: room.into(),
            watch: false,
        }
    }

    /// The same room, to watch.
    pub fn to_watch(&self) -> Invite {
        Invite {
            watch: true,
            ..self.clone()
        }
    }
}

impl fmt::Display for Invite {
    /// `ca-ngua://HOST:PORT/CODE`, then `?watch` for a link to watch, and
    /// `tls` (`?tls`, or `&tls` after `watch`) when the server speaks TLS.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{INVITE_SCHEME}{}/{}",
            self.server.authority(),
            self.room
        )?;
        let mut query = Vec::new();
        if self.watch {
            query.push(WATCH_QUERY);
        }
        if self.server.secure {
            query.push(TLS_QUERY);
        }
        if !query.is_empty() {
            write!(f, "?{}", query.join("&"))?;
        }
        Ok(())
    }
}

impl FromStr for Invite {
    type Err = InviteError;

    /// Reads a link as people paste it: spaces around it, the scheme in
    /// any case, a slash after the code, the code in small letters.
    fn from_str(text: &str) -> Result<Invite, InviteError> {
        let text = text.trim();
        if let Some(invite) = Invite::from_page_url(text) {
            return invite;
        }
        let scheme = text.get(..INVITE_SCHEME.len()).ok_or(InviteError::Scheme)?;
        if !scheme.eq_ignore_ascii_case(INVITE_SCHEME) {
            return Err(InviteError::Scheme);
        }
        let rest = &text[INVITE_SCHEME.len()..];
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        let (server, room) = rest
            .rsplit_once('/')
            .ok_or_else(|| InviteError::Room(String::new()))?;
        if after_scheme(server).is_some() {
            return Err(InviteError::Host);
        }
        let mut server: ServerAddress = server.parse()?;
        server.secure = query_has(query, TLS_QUERY);
        let room = normalize_room(room);
        if !is_room_code(&room) {
            return Err(InviteError::Room(room));
        }
        Ok(Invite {
            server,
            room,
            watch: query_has(query, WATCH_QUERY),
        })
    }
}

/// What follows `http://` (false) or `https://` (true) in `text`, in any
/// case; `None` for another scheme.
pub fn after_http(text: &str) -> Option<(&str, bool)> {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    if lower.starts_with("http://") {
        Some((&text[7..], false))
    } else if lower.starts_with("https://") {
        Some((&text[8..], true))
    } else {
        None
    }
}

/// As [`after_http`], and `ws://` (false) or `wss://` (true) too.
fn after_scheme(text: &str) -> Option<(&str, bool)> {
    after_http(text).or_else(|| {
        let lower = text.get(..6).unwrap_or(text).to_ascii_lowercase();
        if lower.starts_with("ws://") {
            Some((&text[5..], false))
        } else if lower.starts_with("wss://") {
            Some((&text[6..], true))
        } else {
            None
        }
    })
}

impl Invite {
    /// Reads an invite page's address (`https://HOST[:PORT]/join/CODE`,
    /// PROTOCOL.md "Over the internet"): the room on the server at that
    /// host, over `wss://` (port 443 when none is written) for `https://`,
    /// `ws://` (port 80) for `http://`; `?watch` after the code asks to
    /// watch it. `None` when the text is not an `http(s)://` address of an
    /// invite page.
    pub fn from_page_url(text: &str) -> Option<Result<Invite, InviteError>> {
        let (rest, _) = after_http(text)?;
        // Only an invite page's address: `HOST/join/CODE`.
        let (_, path) = rest.split_once('/')?;
        let after = path.strip_prefix("join/")?;
        let after = after.split('#').next().unwrap_or("");
        let (room, query) = after.split_once('?').unwrap_or((after, ""));
        let room = normalize_room(room.strip_suffix('/').unwrap_or(room));
        if !is_room_code(&room) {
            return Some(Err(InviteError::Room(room)));
        }
        let watch = query_has(query, WATCH_QUERY);
        Some(text.parse().map(|server| Invite {
            server,
            room,
            watch,
        }))
    }

    /// The invite page's address (`http(s)://HOST[:PORT]/join/CODE`, and
    /// `?watch` for a link to watch), the link people paste into chats.
    pub fn page_url(&self) -> String {
        let watch = if self.watch { "?watch" } else { "" };
        self.server.page_url(&format!("/join/{}{watch}", self.room))
    }
}

/// Why a server did not answer its health check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HealthError {
    /// The address does not read as `HOST:PORT`.
    Address(InviteError),
    /// The host name is not known.
    Resolve,
    /// Nothing listens there (or a firewall said no).
    Refused,
    /// No answer in time.
    Timeout,
    /// Something answered, but not a Cờ Cá Ngựa server.
    NotOurs,
    /// The TLS handshake failed: most often a certificate this computer
    /// does not trust, or one for another name.
    Tls(String),
}

impl HealthError {
    /// The i18n key of the sentence for this error.
    pub fn key(&self) -> &'static str {
        match self {
            HealthError::Address(e) => e.key(),
            HealthError::Resolve => "online-server-unknown-host",
            HealthError::Refused => "online-server-refused",
            HealthError::Timeout => "online-server-timeout",
            HealthError::NotOurs => "online-server-not-ours",
            HealthError::Tls(_) => "online-server-tls",
        }
    }
}

/// Asks `server` for `GET /health` (PROTOCOL.md), over TLS for a secure
/// one, waiting at most `timeout` for each step: `Ok` when it answers `ok`.
pub fn check_health(
    server: &ServerAddress,
    timeout: std::time::Duration,
) -> Result<(), HealthError> {
    match http_get(server, "/health", timeout)? {
        (200, body) if body.trim() == "ok" => Ok(()),
        _ => Err(HealthError::NotOurs),
    }
}

/// A room as its server describes it before anyone joins
/// (`GET /api/room/CODE`, docs/SERVER.md): what a join dialog shows.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoomInfo {
    /// The room's code.
    pub room: String,
    /// The game's wire name (`ca-ngua`, `co-nhay`).
    pub game: String,
    /// How many play.
    pub players: usize,
    /// The names of those seated, in seat order (the host first).
    pub seated: Vec<String>,
    /// The game has begun: nobody can join, anyone can watch.
    pub started: bool,
    /// How many watch.
    #[serde(default)]
    pub watchers: usize,
    /// More can watch (fewer than the server's cap).
    #[serde(default)]
    pub watch_open: bool,
}

impl RoomInfo {
    /// The host's name (the first seated).
    pub fn host(&self) -> Option<&str> {
        self.seated.first().map(String::as_str)
    }

    /// Every seat is taken.
    pub fn full(&self) -> bool {
        self.seated.len() >= self.players
    }
}

/// Asks the invite's server about its room: `Ok(None)` when the server
/// has no such room (it closed, or the code is wrong).
pub fn room_info(
    invite: &Invite,
    timeout: std::time::Duration,
) -> Result<Option<RoomInfo>, HealthError> {
    let path = format!("/api/room/{}", invite.room);
    match http_get(&invite.server, &path, timeout)? {
        (200, body) => serde_json::from_str(&body)
            .map(Some)
            .map_err(|_| HealthError::NotOurs),
        (404, _) => Ok(None),
        _ => Err(HealthError::NotOurs),
    }
}

/// `GET path` on `server` (over TLS for a secure one), waiting at most
/// `timeout` for each step: the status and the body (64 KiB at most).
pub fn http_get(
    server: &ServerAddress,
    path: &str,
    timeout: std::time::Duration,
) -> Result<(u16, String), HealthError> {
    use std::net::ToSocketAddrs;
    let addrs: Vec<std::net::SocketAddr> = (server.host.as_str(), server.port)
        .to_socket_addrs()
        .map_err(|_| HealthError::Resolve)?
        .collect();
    let mut last = HealthError::Resolve;
    for addr in addrs {
        let tcp = match std::net::TcpStream::connect_timeout(&addr, timeout) {
            Ok(t) => t,
            Err(e) => {
                last = if e.kind() == std::io::ErrorKind::TimedOut {
                    HealthError::Timeout
                } else {
                    HealthError::Refused
                };
                continue;
            }
        };
        let _ = tcp.set_read_timeout(Some(timeout));
        let _ = tcp.set_write_timeout(Some(timeout));
        let answer = if server.secure {
            let config = tls::client_config().map_err(|e| HealthError::Tls(e.to_string()))?;
            let name = rustls::pki_types::ServerName::try_from(server.host.clone())
                .map_err(|_| HealthError::Address(InviteError::Host))?;
            let conn = rustls::ClientConnection::new(config, name)
                .map_err(|e| HealthError::Tls(e.to_string()))?;
            ask(rustls::StreamOwned::new(conn, tcp), server, path)
        } else {
            ask(tcp, server, path)
        };
        match answer {
            // Another of the host's addresses may answer.
            Err(e @ (HealthError::Refused | HealthError::Timeout)) => last = e,
            answer => return answer,
        }
    }
    Err(last)
}

/// Sends `GET path` on a connection and reads the answer.
fn ask<S: std::io::Read + std::io::Write>(
    mut stream: S,
    server: &ServerAddress,
    path: &str,
) -> Result<(u16, String), HealthError> {
    use std::io::Read;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.authority()
    );
    let tls_error = |e: &std::io::Error| {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<rustls::Error>())
            .map(|tls| HealthError::Tls(tls.to_string()))
    };
    if let Err(e) = stream.write_all(request.as_bytes()) {
        return Err(tls_error(&e).unwrap_or(HealthError::Refused));
    }
    let mut answer = Vec::new();
    let read = stream.take(64 * 1024).read_to_end(&mut answer);
    if let Err(e) = read
        && answer.is_empty()
    {
        return Err(if let Some(tls) = tls_error(&e) {
            tls
        } else if matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ) {
            HealthError::Timeout
        } else {
            HealthError::NotOurs
        });
    }
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse::<u16>().ok())
        .ok_or(HealthError::NotOurs)?;
    let (_, body) = text.split_once("\r\n\r\n").ok_or(HealthError::NotOurs)?;
    Ok((status, body.to_string()))
}

/// The i18n key of the sentence for a refusal's code (`i18n/*/main.ftl`,
/// "Online play").
pub fn error_key(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::BadMessage => "net-error-bad-message",
        ErrorCode::BadRules => "net-error-bad-rules",
        ErrorCode::RoomNotFound => "net-error-room-not-found",
        ErrorCode::RoomFull => "net-error-room-full",
        ErrorCode::AlreadyStarted => "net-error-already-started",
        ErrorCode::BadToken => "net-error-bad-token",
        ErrorCode::NotHost => "net-error-not-host",
        ErrorCode::NotYourTurn => "net-error-not-your-turn",
        ErrorCode::NotStarted => "net-error-not-started",
        ErrorCode::RollPending => "net-error-roll-pending",
        ErrorCode::Stale => "net-error-stale",
        ErrorCode::NoRoll => "net-error-no-roll",
        ErrorCode::IllegalMove => "net-error-illegal-move",
        ErrorCode::RateLimited => "net-error-rate-limited",
        ErrorCode::NoDice => "net-error-no-dice",
        ErrorCode::ChatOff => "net-error-chat-off",
        ErrorCode::TooFast => "net-error-too-fast",
        ErrorCode::NotOver => "net-error-not-over",
        ErrorCode::NotAPlayer => "net-error-not-a-player",
        ErrorCode::TooLate => "net-error-too-late",
    }
}

/// This machine's addresses that friends on the same network can use to
/// reach a server hosted here: every interface's address but loopback and
/// IPv6 link-local ones (those need an interface name to be reached),
/// IPv4 first. Read from the system's interface list (`if-addrs`); nothing
/// is sent on the network.
pub fn lan_addresses() -> Vec<IpAddr> {
    let mut ips: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| {
            let v6_link_local = i.ip().is_ipv6() && i.is_link_local();
            !i.is_loopback() && !v6_link_local
        })
        .map(|i| i.ip())
        .collect();
    ips.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    ips.dedup();
    ips
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn invite_links_read_and_write() {
        let invite: Invite = "ca-ngua://192.168.1.20:7777/K7M2QX".parse().expect("link");
        assert_eq!(invite.server, ServerAddress::new("192.168.1.20", 7777));
        assert_eq!(invite.room, "K7M2QX");
        assert_eq!(invite.to_string(), "ca-ngua://192.168.1.20:7777/K7M2QX");
        assert_eq!(invite.server.url(), "ws://192.168.1.20:7777/ws");
        // As people paste them.
        let pasted: Invite = "  CA-NGUA://game.example.org:443/k7m2qx/ \n"
            .parse()
            .expect("link");
        assert_eq!(pasted.server.host, "game.example.org");
        assert_eq!(pasted.server.port, 443);
        assert_eq!(pasted.room, "K7M2QX");
        let v6: Invite = "ca-ngua://[fe80::1]:7777/ABCDEF".parse().expect("v6");
        assert_eq!(v6.server.host, "fe80::1");
        assert_eq!(v6.to_string(), "ca-ngua://[fe80::1]:7777/ABCDEF");
        assert_eq!(v6.server.url(), "ws://[fe80::1]:7777/ws");
    }

    #[test]
    fn invite_page_addresses_join_their_room() {
        let invite: Invite = " http://play.example.org/join/k7m2qx "
            .parse()
            .expect("page");
        assert_eq!(invite.server, ServerAddress::new("play.example.org", 80));
        assert_eq!(invite.room, "K7M2QX");
        let invite: Invite = "HTTP://192.168.1.20:7777/join/K7M2QX/?from=chat"
            .parse()
            .expect("page");
        assert_eq!(invite.server, ServerAddress::new("192.168.1.20", 7777));
        let v6: Invite = "http://[fe80::1]:7777/join/ABCDEF".parse().expect("v6");
        assert_eq!(v6.server, ServerAddress::new("fe80::1", 7777));
        // A TLS server's page: the game over wss://, port 443 unless named.
        let secure: Invite = "https://play.example.org/join/K7M2QX"
            .parse()
            .expect("https page");
        assert_eq!(
            secure.server,
            ServerAddress::secure("play.example.org", 443)
        );
        assert_eq!(secure.server.url(), "wss://play.example.org:443/ws");
        assert_eq!(secure.page_url(), "https://play.example.org/join/K7M2QX");
        let secure: Invite = "https://play.example.org:8443/join/K7M2QX"
            .parse()
            .expect("https page");
        assert_eq!(
            secure.server,
            ServerAddress::secure("play.example.org", 8443)
        );
        assert_eq!(
            secure.page_url(),
            "https://play.example.org:8443/join/K7M2QX"
        );
        assert_eq!(
            "http://play.example.org/join/XX".parse::<Invite>(),
            Err(InviteError::Room("XX".into()))
        );
    }

    #[test]
    fn links_to_watch_say_so_in_every_form() {
        let plain = Invite::new(ServerAddress::new("192.168.1.20", 7777), "K7M2QX");
        assert!(!plain.watch);
        let watch = plain.to_watch();
        assert_eq!(
            watch.to_string(),
            "ca-ngua://192.168.1.20:7777/K7M2QX?watch"
        );
        assert_eq!(watch.to_string().parse::<Invite>(), Ok(watch.clone()));
        assert_eq!(
            watch.page_url(),
            "http://192.168.1.20:7777/join/K7M2QX?watch"
        );
        assert_eq!(watch.page_url().parse::<Invite>(), Ok(watch.clone()));
        let secure =
            Invite::new(ServerAddress::secure("play.example.org", 443), "K7M2QX").to_watch();
        assert_eq!(
            secure.to_string(),
            "ca-ngua://play.example.org:443/K7M2QX?watch&tls"
        );
        assert_eq!(secure.to_string().parse::<Invite>(), Ok(secure.clone()));
        assert_eq!(
            "ca-ngua://play.example.org:443/k7m2qx/?tls&WATCH=1".parse::<Invite>(),
            Ok(secure.clone())
        );
        let page: Invite = "https://play.example.org/join/k7m2qx/?watch#top"
            .parse()
            .expect("page");
        assert_eq!(page, secure);
        // Every link without `watch` takes a seat, as before.
        for text in [
            "ca-ngua://192.168.1.20:7777/K7M2QX",
            "ca-ngua://192.168.1.20:7777/K7M2QX?other",
            "http://192.168.1.20:7777/join/K7M2QX?from=chat",
            "ca-ngua://192.168.1.20:7777/K7M2QX?watcher",
        ] {
            assert!(!text.parse::<Invite>().expect(text).watch, "{text}");
        }
    }

    #[test]
    fn app_links_to_tls_servers_say_so() {
        let invite = Invite::new(ServerAddress::secure("play.example.org", 443), "K7M2QX");
        let link = invite.to_string();
        assert_eq!(link, "ca-ngua://play.example.org:443/K7M2QX?tls");
        assert_eq!(link.parse::<Invite>(), Ok(invite.clone()));
        assert_eq!(
            "CA-NGUA://play.example.org:443/k7m2qx/?tls=1".parse::<Invite>(),
            Ok(invite)
        );
        let plain: Invite = "ca-ngua://h:7777/K7M2QX?other".parse().expect("plain");
        assert!(!plain.server.secure);
        assert_eq!(plain.page_url(), "http://h:7777/join/K7M2QX");
    }

    #[test]
    fn server_addresses_read_as_typed() {
        for (text, want) in [
            ("h:7777", ServerAddress::new("h", 7777)),
            (
                " https://play.example.org/ ",
                ServerAddress::secure("play.example.org", 443),
            ),
            (
                "wss://play.example.org:9000/ws",
                ServerAddress::secure("play.example.org", 9000),
            ),
            ("http://10.0.0.2", ServerAddress::new("10.0.0.2", 80)),
            ("ws://[::1]:7777", ServerAddress::new("::1", 7777)),
            (
                "https://[2001:db8::1]",
                ServerAddress::secure("2001:db8::1", 443),
            ),
        ] {
            assert_eq!(text.parse::<ServerAddress>(), Ok(want.clone()), "{text}");
            // Written and read back the same (the online seat keeps it so).
            assert_eq!(want.to_string().parse::<ServerAddress>(), Ok(want));
        }
        assert_eq!(
            "h".parse::<ServerAddress>(),
            Err(InviteError::Port(String::new()))
        );
        assert_eq!("https://".parse::<ServerAddress>(), Err(InviteError::Host));
    }

    #[test]
    fn bad_invite_links_say_what_is_wrong() {
        for (text, err) in [
            ("http://h:1/ABCDEF", InviteError::Scheme),
            ("ca-ngua:/h:1/ABCDEF", InviteError::Scheme),
            ("", InviteError::Scheme),
            ("ca-ngua://:7777/ABCDEF", InviteError::Host),
            ("ca-ngua://h/ABCDEF", InviteError::Port(String::new())),
            ("ca-ngua://h:0/ABCDEF", InviteError::Port("0".into())),
            (
                "ca-ngua://h:99999/ABCDEF",
                InviteError::Port("99999".into()),
            ),
            (
                "ca-ngua://h:7777/ABCDE0",
                InviteError::Room("ABCDE0".into()),
            ),
            ("ca-ngua://h:7777/", InviteError::Room(String::new())),
            ("ca-ngua://h:7777", InviteError::Room(String::new())),
        ] {
            assert_eq!(text.parse::<Invite>(), Err(err.clone()), "{text}");
            assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn every_refusal_and_invite_error_has_a_sentence_in_both_languages() {
        let codes = [
            ErrorCode::BadMessage,
            ErrorCode::BadRules,
            ErrorCode::RoomNotFound,
            ErrorCode::RoomFull,
            ErrorCode::AlreadyStarted,
            ErrorCode::BadToken,
            ErrorCode::NotHost,
            ErrorCode::NotYourTurn,
            ErrorCode::NotStarted,
            ErrorCode::RollPending,
            ErrorCode::Stale,
            ErrorCode::NoRoll,
            ErrorCode::IllegalMove,
            ErrorCode::RateLimited,
            ErrorCode::NoDice,
        ];
        let invites = [
            InviteError::Scheme,
            InviteError::Host,
            InviteError::Port(String::new()),
            InviteError::Room(String::new()),
        ];
        let wanted: Vec<&str> = codes
            .into_iter()
            .map(error_key)
            .chain(invites.iter().map(InviteError::key))
            .collect();
        for source in [
            include_str!("../../i18n/vi/ca-ngua.ftl"),
            include_str!("../../i18n/en/ca-ngua.ftl"),
        ] {
            let keys = crate::i18n::keys(source);
            for key in &wanted {
                assert!(keys.iter().any(|k| k == key), "{key}");
            }
        }
    }

    #[test]
    fn lan_addresses_leave_out_loopback() {
        for ip in lan_addresses() {
            assert!(!ip.is_loopback(), "{ip}");
        }
    }
}
