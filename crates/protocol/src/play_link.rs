//! The browser game's own links: `/play/#join=CODE` and `/play/#watch=CODE`
//! (the invite page's "Play in the browser"), with `&name=NAME` to join at
//! once under that name. The room is on the server that served the page,
//! so the fragment names only the room; it is a fragment (after `#`) so
//! that no name or code reaches a server's log.

use crate::{MAX_NAME_CHARS, check_name, is_room_code, normalize_room};
use std::fmt;

/// What a `/play/` page's fragment asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayLink {
    /// The room's code.
    pub room: String,
    /// To watch it rather than take a seat.
    pub watch: bool,
    /// The name to join with at once; without one, the page asks for it
    /// (or takes the one it remembers).
    pub name: Option<String>,
}

/// Why a fragment is not a room's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayLinkError {
    /// `join=` or `watch=` with something that is not a room code.
    Room(String),
    /// A name that is empty, too long, or not text.
    Name(String),
}

impl fmt::Display for PlayLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayLinkError::Room(r) => write!(f, "'{r}' is not a room code"),
            PlayLinkError::Name(why) => write!(f, "the name in the link: {why}"),
        }
    }
}

impl std::error::Error for PlayLinkError {}

impl PlayLink {
    /// Reads a page's fragment (`#join=K7M2QX&name=Lan`, with or without
    /// the `#`). `None` when it asks for no room (an empty fragment, or
    /// parameters this does not know); a room or name that does not read
    /// is an error to show, not a link to follow.
    pub fn from_fragment(fragment: &str) -> Option<Result<PlayLink, PlayLinkError>> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let mut room = None;
        let mut name = None;
        for part in fragment.split('&') {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            match key {
                "join" | "watch" if room.is_none() => room = Some((key == "watch", value)),
                "name" if name.is_none() => name = Some(value),
                _ => {}
            }
        }
        let (watch, code) = room?;
        Some(Self::read(watch, code, name))
    }

    fn read(watch: bool, code: &str, name: Option<&str>) -> Result<PlayLink, PlayLinkError> {
        let code = percent_decode(code).unwrap_or_default();
        let room = normalize_room(&code);
        if !is_room_code(&room) {
            return Err(PlayLinkError::Room(code));
        }
        let name = match name {
            None => None,
            Some(raw) => {
                let text = percent_decode(raw)
                    .ok_or_else(|| PlayLinkError::Name("not UTF-8 text".into()))?;
                let name = check_name(&text).map_err(|_| {
                    PlayLinkError::Name(format!(
                        "1 to {MAX_NAME_CHARS} letters, no control characters"
                    ))
                })?;
                Some(name)
            }
        };
        Ok(PlayLink { room, watch, name })
    }

    /// The fragment that asks for this (`#join=CODE&name=…`), the name
    /// percent-encoded.
    pub fn fragment(&self) -> String {
        let verb = if self.watch { "watch" } else { "join" };
        let mut out = format!("#{verb}={}", self.room);
        if let Some(name) = &self.name {
            out.push_str("&name=");
            out.push_str(&percent_encode(name));
        }
        out
    }
}

/// `%XX` escapes (and `+` as a space, as forms write it) decoded; `None`
/// when the bytes are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Everything but ASCII letters, digits and `-._~` as `%XX`.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn read(f: &str) -> Option<Result<PlayLink, PlayLinkError>> {
        PlayLink::from_fragment(f)
    }

    #[test]
    fn a_room_to_join_or_watch_with_or_without_a_name() {
        assert_eq!(
            read("#join=K7M2QX"),
            Some(Ok(PlayLink {
                room: "K7M2QX".into(),
                watch: false,
                name: None
            }))
        );
        assert_eq!(
            read("watch=k7m2qx"),
            Some(Ok(PlayLink {
                room: "K7M2QX".into(),
                watch: true,
                name: None
            }))
        );
        // A Vietnamese name as a browser writes it, spaces as %20 or +.
        let link = read("#join=K7M2QX&name=L%C3%A2m%20Anh").unwrap().unwrap();
        assert_eq!(link.name.as_deref(), Some("Lâm Anh"));
        let link = read("#name=Minh+B&join=K7M2QX").unwrap().unwrap();
        assert_eq!(link.name.as_deref(), Some("Minh B"));
        assert_eq!(link.room, "K7M2QX");
        // Written back, it reads the same.
        for f in [
            "#join=K7M2QX&name=L%C3%A2m%20Anh",
            "#watch=K7M2QX",
            "#join=K7M2QX&name=a%26b%3Dc",
        ] {
            let link = read(f).unwrap().unwrap();
            assert_eq!(read(&link.fragment()), Some(Ok(link.clone())), "{f}");
        }
        assert_eq!(
            read("#join=K7M2QX&name=a%26b%3Dc")
                .unwrap()
                .unwrap()
                .name
                .as_deref(),
            Some("a&b=c")
        );
    }

    #[test]
    fn no_room_asked_or_a_bad_one() {
        assert_eq!(read(""), None);
        assert_eq!(read("#"), None);
        assert_eq!(read("#name=Lan"), None);
        assert_eq!(read("#lesson=3"), None);
        assert_eq!(
            read("#join=K7M2"),
            Some(Err(PlayLinkError::Room("K7M2".into())))
        );
        assert_eq!(
            read("#join="),
            Some(Err(PlayLinkError::Room(String::new())))
        );
        assert!(matches!(
            read("#join=K7M2QX&name="),
            Some(Err(PlayLinkError::Name(_)))
        ));
        assert!(matches!(
            read("#join=K7M2QX&name=%20%20"),
            Some(Err(PlayLinkError::Name(_)))
        ));
        assert!(matches!(
            read(&format!("#join=K7M2QX&name={}", "x".repeat(25))),
            Some(Err(PlayLinkError::Name(_)))
        ));
        assert!(matches!(
            read("#join=K7M2QX&name=ev%0Ail"),
            Some(Err(PlayLinkError::Name(_)))
        ));
        assert!(matches!(
            read("#join=K7M2QX&name=%FF"),
            Some(Err(PlayLinkError::Name(_)))
        ));
        // A lone % is kept as written.
        assert_eq!(
            read("#join=K7M2QX&name=50%")
                .unwrap()
                .unwrap()
                .name
                .as_deref(),
            Some("50%")
        );
    }
}
