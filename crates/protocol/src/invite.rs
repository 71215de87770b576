//! Invite links: `ca-ngua://HOST:PORT/CODE` (and `?watch`, `?tls`), and
//! the invite page's address people paste into chats
//! (`https://HOST/join/CODE`).

use crate::address::{InviteError, ServerAddress, after_http, after_scheme};
use crate::{is_room_code, normalize_room};
use std::fmt;
use std::str::FromStr;

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
}
