//! A server's address (`HOST:PORT`, or as a browser shows it), why one
//! does not read, and the machine's own addresses a host can give friends
//! on the same network.

use crate::ROOM_CODE_LEN;
use std::fmt;
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
pub(super) fn after_scheme(text: &str) -> Option<(&str, bool)> {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

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
}
