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
pub mod protocol;
pub mod server;

use crate::table::ErrorCode;
use protocol::{ROOM_CODE_LEN, is_room_code, normalize_room};
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// A server's address: a host name or an IP address, and a port.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress {
    /// The host name or IP address (an IPv6 address without brackets).
    pub host: String,
    /// The port.
    pub port: u16,
}

impl ServerAddress {
    /// An address from a host and a port.
    pub fn new(host: impl Into<String>, port: u16) -> ServerAddress {
        ServerAddress {
            host: host.into(),
            port,
        }
    }

    /// The WebSocket URL of the server's game endpoint.
    pub fn url(&self) -> String {
        format!("ws://{self}/ws")
    }
}

impl From<std::net::SocketAddr> for ServerAddress {
    fn from(addr: std::net::SocketAddr) -> ServerAddress {
        ServerAddress::new(addr.ip().to_string(), addr.port())
    }
}

impl fmt::Display for ServerAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
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
    /// An `https://` invite page: its server speaks TLS, which this build's
    /// client does not yet.
    Secure,
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
            InviteError::Secure => f.write_str(
                "the room is on a secure (https) server, which this version cannot reach yet",
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
            InviteError::Secure => "net-invite-secure",
        }
    }
}

impl FromStr for ServerAddress {
    type Err = InviteError;

    /// Reads `HOST:PORT` (`[IPv6]:PORT` for an IPv6 address).
    fn from_str(text: &str) -> Result<ServerAddress, InviteError> {
        let text = text.trim();
        let (host, port) = if let Some(rest) = text.strip_prefix('[') {
            let (host, rest) = rest.split_once(']').ok_or(InviteError::Host)?;
            let port = rest
                .strip_prefix(':')
                .ok_or_else(|| InviteError::Port(String::new()))?;
            (host, port)
        } else {
            text.rsplit_once(':')
                .ok_or_else(|| InviteError::Port(String::new()))?
        };
        if host.is_empty() || host.contains(['/', ' ', '@']) {
            return Err(InviteError::Host);
        }
        let port = port
            .parse::<u16>()
            .ok()
            .filter(|p| *p != 0)
            .ok_or_else(|| InviteError::Port(port.to_string()))?;
        Ok(ServerAddress::new(host, port))
    }
}

/// An invitation to a room: `ca-ngua://HOST:PORT/CODE`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Invite {
    /// Where the room is.
    pub server: ServerAddress,
    /// The room's code.
    pub room: String,
}

/// The scheme of invite links.
pub const INVITE_SCHEME: &str = "ca-ngua://";

impl fmt::Display for Invite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{INVITE_SCHEME}{}/{}", self.server, self.room)
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
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        let (server, room) = rest
            .rsplit_once('/')
            .ok_or_else(|| InviteError::Room(String::new()))?;
        let server: ServerAddress = server.parse()?;
        let room = normalize_room(room);
        if !is_room_code(&room) {
            return Err(InviteError::Room(room));
        }
        Ok(Invite { server, room })
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

impl Invite {
    /// Reads an invite page's address (`http://HOST[:PORT]/join/CODE`,
    /// PROTOCOL.md "Over the internet"): the room on the server at that
    /// host, port 80 when none is written. `None` when the text is not an
    /// `http(s)://` address; an `https://` one is refused for now.
    pub fn from_page_url(text: &str) -> Option<Result<Invite, InviteError>> {
        let (rest, secure) = after_http(text)?;
        // Only an invite page's address: `HOST/join/CODE`.
        let (host, path) = rest.split_once('/')?;
        let room = path.strip_prefix("join/")?;
        if secure {
            return Some(Err(InviteError::Secure));
        }
        let room = room.split(['?', '#']).next().unwrap_or("");
        let room = normalize_room(room.strip_suffix('/').unwrap_or(room));
        if !is_room_code(&room) {
            return Some(Err(InviteError::Room(room)));
        }
        let has_port = if host.starts_with('[') {
            host.contains("]:")
        } else {
            host.contains(':')
        };
        let server = if has_port {
            host.parse()
        } else {
            format!("{host}:80").parse()
        };
        Some(server.map(|server| Invite { server, room }))
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
        }
    }
}

/// Asks `server` for `GET /health` (PROTOCOL.md), waiting at most
/// `timeout` for each step: `Ok` when it answers `ok`.
pub fn check_health(
    server: &ServerAddress,
    timeout: std::time::Duration,
) -> Result<(), HealthError> {
    use std::io::{Read, Write};
    use std::net::ToSocketAddrs;
    let addrs: Vec<std::net::SocketAddr> = (server.host.as_str(), server.port)
        .to_socket_addrs()
        .map_err(|_| HealthError::Resolve)?
        .collect();
    let mut last = HealthError::Resolve;
    for addr in addrs {
        let mut tcp = match std::net::TcpStream::connect_timeout(&addr, timeout) {
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
        let request =
            format!("GET /health HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n");
        if tcp.write_all(request.as_bytes()).is_err() {
            last = HealthError::Refused;
            continue;
        }
        let mut answer = Vec::new();
        let read = tcp.take(4096).read_to_end(&mut answer);
        if let Err(e) = read
            && answer.is_empty()
        {
            last = if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) {
                HealthError::Timeout
            } else {
                HealthError::NotOurs
            };
            continue;
        }
        let text = String::from_utf8_lossy(&answer);
        let ok = text.starts_with("HTTP/1.1 200")
            && text
                .split_once("\r\n\r\n")
                .is_some_and(|(_, body)| body.trim() == "ok");
        return if ok {
            Ok(())
        } else {
            Err(HealthError::NotOurs)
        };
    }
    Err(last)
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
        assert_eq!(
            "https://play.example.org/join/K7M2QX".parse::<Invite>(),
            Err(InviteError::Secure)
        );
        assert_eq!(
            "http://play.example.org/join/XX".parse::<Invite>(),
            Err(InviteError::Room("XX".into()))
        );
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
            InviteError::Secure,
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
