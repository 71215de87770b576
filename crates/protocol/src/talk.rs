//! Talking at the table (PROTOCOL.md version 3): what a room allows, the
//! phrases and emoji everyone may send, free text, and the checks on each.

use super::bad;
use ca_ngua_core::table::Refusal;
use serde::{Deserialize, Serialize};

/// What a room lets its people say (`create`'s `chat`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatMode {
    /// Phrases and emoji only (the default).
    #[default]
    Phrases,
    /// Also free text.
    Text,
    /// Nothing.
    Off,
}

impl ChatMode {
    /// The mode as the protocol writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatMode::Phrases => "phrases",
            ChatMode::Text => "text",
            ChatMode::Off => "off",
        }
    }
}

/// The phrases' ids, each shown in the reader's own language.
pub const PHRASES: [&str; 8] = [
    "hello",
    "good_luck",
    "nice_move",
    "ouch",
    "hurry_up",
    "thanks",
    "well_played",
    "one_more",
];

/// The emoji anyone may send.
pub const EMOJI: [&str; 10] = ["😀", "😂", "😮", "😢", "😡", "👍", "👏", "🎉", "🐴", "🎲"];

/// The longest free text, in characters once trimmed.
pub const MAX_TEXT_CHARS: usize = 120;

/// How many `say` one connection may send in [`SAY_WINDOW_SECS`].
pub const MAX_SAYS: usize = 5;

/// The window of the `say` rate limit, in seconds.
pub const SAY_WINDOW_SECS: u64 = 10;

/// What someone says: one phrase, one emoji or a line of text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Saying {
    /// A phrase's id ([`PHRASES`]).
    Phrase(String),
    /// One of [`EMOJI`].
    Emoji(String),
    /// Free text (trimmed, 1–120 characters, no control characters).
    Text(String),
}

impl Saying {
    /// Checks what a `say` carries (and trims its text): unknown phrases or
    /// emoji, empty or long text and control characters are `bad_message`.
    pub fn checked(self) -> Result<Saying, Refusal> {
        match self {
            Saying::Phrase(id) if PHRASES.contains(&id.as_str()) => Ok(Saying::Phrase(id)),
            Saying::Phrase(id) => Err(bad(format!(
                "unknown phrase '{id}' (expected one of {})",
                PHRASES.join(", ")
            ))),
            Saying::Emoji(e) if EMOJI.contains(&e.as_str()) => Ok(Saying::Emoji(e)),
            Saying::Emoji(e) => Err(bad(format!(
                "'{e}' is not one of the emoji {}",
                EMOJI.join(" ")
            ))),
            Saying::Text(text) => {
                let text = text.trim();
                let chars = text.chars().count();
                if chars == 0 || chars > MAX_TEXT_CHARS {
                    return Err(bad(format!(
                        "a text is 1 to {MAX_TEXT_CHARS} characters once trimmed, not {chars}"
                    )));
                }
                if text.chars().any(char::is_control) {
                    return Err(bad("a text cannot hold control characters"));
                }
                Ok(Saying::Text(text.to_string()))
            }
        }
    }

    /// True when the room's mode allows it.
    pub fn allowed_in(&self, mode: ChatMode) -> bool {
        match mode {
            ChatMode::Off => false,
            ChatMode::Phrases => !matches!(self, Saying::Text(_)),
            ChatMode::Text => true,
        }
    }
}

/// A client's dice seed checked: 1–64 printable ASCII characters, no
/// spaces.
pub fn check_client_seed(seed: &str) -> Result<(), Refusal> {
    let len = seed.len();
    if len == 0 || len > 64 {
        return Err(bad(format!(
            "a client seed is 1 to 64 characters, not {len}"
        )));
    }
    if !seed.bytes().all(|b| (0x21..=0x7e).contains(&b)) {
        return Err(bad(
            "a client seed is printable ASCII characters without spaces",
        ));
    }
    Ok(())
}

/// The seconds a turn clock may give (`create`'s `turn_secs`): 0 (no
/// clock), or 10 to 120.
pub fn check_turn_secs(secs: u32) -> Result<(), Refusal> {
    if secs == 0 || (10..=120).contains(&secs) {
        Ok(())
    } else {
        Err(bad(format!(
            "turn_secs is 0 (no clock) or 10 to 120, not {secs}"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_core::table::ErrorCode;

    #[test]
    fn phrases_emoji_and_text_are_checked() {
        for id in PHRASES {
            assert!(Saying::Phrase(id.into()).checked().is_ok(), "{id}");
        }
        for e in EMOJI {
            assert!(Saying::Emoji(e.into()).checked().is_ok(), "{e}");
        }
        assert_eq!(
            Saying::Text("  chào cả nhà  ".into()).checked(),
            Ok(Saying::Text("chào cả nhà".into()))
        );
        for bad in [
            Saying::Phrase("hi".into()),
            Saying::Emoji("🙂".into()),
            Saying::Text("   ".into()),
            Saying::Text("a".repeat(121)),
            Saying::Text("a\u{7}b".into()),
        ] {
            assert_eq!(
                bad.clone().checked().expect_err("refused").code,
                ErrorCode::BadMessage,
                "{bad:?}"
            );
        }
        assert!(Saying::Text("é".repeat(120)).checked().is_ok());
        let text = Saying::Text("hi".into());
        assert!(!text.allowed_in(ChatMode::Phrases));
        assert!(text.allowed_in(ChatMode::Text));
        assert!(!Saying::Phrase("ouch".into()).allowed_in(ChatMode::Off));
    }

    #[test]
    fn seeds_and_clocks_are_checked() {
        assert!(check_client_seed("0123456789abcdef0123456789abcdef").is_ok());
        assert!(check_client_seed(&"x".repeat(64)).is_ok());
        for bad in ["", "a b", "ạ", "a\tb"] {
            assert!(check_client_seed(bad).is_err(), "{bad:?}");
        }
        assert!(check_client_seed(&"x".repeat(65)).is_err());
        for ok in [0, 10, 60, 120] {
            assert!(check_turn_secs(ok).is_ok(), "{ok}");
        }
        for bad in [1, 9, 121, 1000] {
            assert!(check_turn_secs(bad).is_err(), "{bad}");
        }
    }
}
