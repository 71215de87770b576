//! The wire protocol of online play (`PROTOCOL.md`, version 3): every
//! message a client sends and every message the server sends, as serde
//! types, and the parsing that turns any text a client sends into a
//! message or a typed refusal.
//!
//! What a client sends names no game but `create` (its `game`, Cờ Cá Ngựa
//! when left out): moves travel as text and rules as JSON until the room,
//! which knows its game, reads them ([`RulesChoice::resolve`],
//! [`read_move`]). What the server sends about a room is typed by the
//! room's game (`ServerMessage<G>`); `welcome` names the game, so a client
//! that joins by code learns it there ([`welcome_game`]). Events are the
//! table's [`EventKind`](ca_ngua_core::table::EventKind)s, which already read and
//! write as the protocol spells them.

mod address;
mod client;
pub mod dice;
mod invite;
mod keys;
mod play_link;
mod room_info;
mod rules_choice;
mod seat_presence;
mod server;
pub mod talk;

pub use address::{InviteError, ServerAddress, after_http};
pub use client::{ClientMessage, RoomCommand, parse_client, read_move};
pub use invite::{INVITE_SCHEME, Invite};
pub use keys::error_key;
pub use play_link::{PlayLink, PlayLinkError};
pub use room_info::{RoomInfo, seat_list};
pub use rules_choice::RulesChoice;
pub use seat_presence::SeatPresence;
pub use server::{
    PresenceNews, RematchNews, RoomState, SaidNews, SeatState, ServerMessage, UnknownGame, Welcome,
    error_frame, pong_frame, welcome_game,
};
pub use talk::{ChatMode, Saying};

use ca_ngua_core::game::Game;
use ca_ngua_core::table::{ErrorCode, Refusal, Replica, SeatKind};
use ca_ngua_games::GameKind;
use serde::Serialize;

/// The protocol version this build speaks (and asks for).
pub const PROTOCOL_VERSION: u32 = 3;

/// The version a client that does not ask for one is served (PROTOCOL.md:
/// a client that does not ask for version 3 is served as in version 2).
pub const BASE_PROTOCOL: u32 = 2;

/// The version a client asking for `asked` is served: 3 for 3 or more,
/// version 2 otherwise.
pub fn served_version(asked: Option<u32>) -> u32 {
    match asked {
        Some(v) if v >= PROTOCOL_VERSION => PROTOCOL_VERSION,
        _ => BASE_PROTOCOL,
    }
}

/// The largest frame a client may send, in bytes (PROTOCOL.md: 4 KiB);
/// a larger one closes the connection with [`CLOSE_TOO_BIG`].
pub const MAX_FRAME_BYTES: usize = 4096;

/// The close code for a frame over [`MAX_FRAME_BYTES`] (RFC 6455: message
/// too big).
pub const CLOSE_TOO_BIG: u16 = 1009;

/// The close code for a connection that broke a limit (RFC 6455: policy
/// violation): too many messages, or too many connections.
pub const CLOSE_POLICY: u16 = 1008;

/// The close code when the server stops (RFC 6455: going away).
pub const CLOSE_GOING_AWAY: u16 = 1001;

/// The close code sent to a connection whose seat was resumed by another
/// connection (the same person on another device, or a reconnection that
/// overtook a dead one). A client must not reconnect by itself after it,
/// or two devices would take the seat from each other forever.
pub const CLOSE_TAKEN_OVER: u16 = 4001;

/// The longest name, in characters, once trimmed (PROTOCOL.md).
pub const MAX_NAME_CHARS: usize = 24;

/// How long a disconnected person's seat waits before a computer plays it,
/// unless a server says otherwise (`--away-secs`, PROTOCOL.md `away`).
pub const DEFAULT_AWAY: std::time::Duration = std::time::Duration::from_secs(60);

/// The characters of a room code: no 0/O, 1/I/L (PROTOCOL.md).
pub const ROOM_CODE_ALPHABET: &str = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a room code.
pub const ROOM_CODE_LEN: usize = 6;

/// The length of a seat token: 128 bits in lowercase hex.
pub const TOKEN_LEN: usize = 32;

fn to_json<T: Serialize>(value: &T) -> String {
    // Plain data with string keys always serializes; never panic anyway.
    serde_json::to_string(value)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","code":"bad_message","message":"{e}"}}"#))
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadMessage, message)
}

/// A name trimmed, 1–24 characters, without control characters (they would
/// garble other players' screens and the server's log).
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(bad(format!(
            "a name is 1 to {MAX_NAME_CHARS} characters, not {chars}"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("a name cannot hold control characters"));
    }
    Ok(name.to_string())
}

/// A room code as typed by a person: spaces around it dropped, letters made
/// capitals (codes have no lowercase letters, so nothing is confused).
pub fn normalize_room(room: &str) -> String {
    room.trim().to_ascii_uppercase()
}

/// True when `code` is a well-formed room code.
pub fn is_room_code(code: &str) -> bool {
    code.len() == ROOM_CODE_LEN && code.chars().all(|c| ROOM_CODE_ALPHABET.contains(c))
}

/// True when `token` is a well-formed seat token.
pub fn is_token(token: &str) -> bool {
    token.len() == TOKEN_LEN
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The room's host: the first seat, in seat order, whose person has not
/// left (the creator, until they leave). Only the host starts the game.
pub fn host_of<G: Game>(replica: &Replica<G>) -> Option<G::Seat> {
    replica
        .seats()
        .iter()
        .filter(|s| s.kind == SeatKind::Human)
        .map(|s| s.seat)
        .min()
}

/// A game's name as the protocol writes it (`"ca-ngua"`, `"co-nhay"`);
/// any other text is refused.
mod game_name {
    use ca_ngua_games::GameKind;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(kind: &GameKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(kind.id())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The numbers of players of game `G` in words: `2, 3 or 4`.
fn counts_in_words<G: Game>() -> String {
    let counts: Vec<String> = G::PLAYER_COUNTS.iter().map(usize::to_string).collect();
    match counts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The game a `create` without `game` plays (PROTOCOL.md, version 2: a
/// client that never names a game plays Cờ Cá Ngựa, the first game).
fn default_game() -> GameKind {
    GameKind::FIRST
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use game_ca_ngua::CaNgua;
    use game_co_nhay::CoNhay;

    #[test]
    fn names_are_one_to_twenty_four_characters_once_trimmed() {
        let name = "Nguyễn Thị Hồng Nhung ơi"; // 24 characters, more bytes
        assert_eq!(name.chars().count(), 24);
        assert_eq!(check_name(&format!("  {name}\t")), Ok(name.to_string()));
        assert!(check_name(&format!("{name}!")).is_err());
        assert!(check_name("").is_err());
        assert_eq!(check_name(" A "), Ok("A".to_string()));
    }

    #[test]
    fn room_codes_and_tokens_are_recognized() {
        assert!(is_room_code("K7M2QX"));
        for bad in ["K7M2Q", "K7M2QXX", "K7M2Q0", "K7M2QI", "k7m2qx", "K7M2QL"] {
            assert!(!is_room_code(bad), "{bad}");
        }
        assert!(is_token("0123456789abcdef0123456789abcdef"));
        assert!(!is_token("0123456789ABCDEF0123456789abcdef"));
        assert!(!is_token("0123456789abcdef0123456789abcde"));
    }

    #[test]
    fn player_counts_read_as_words() {
        assert_eq!(counts_in_words::<CaNgua>(), "2, 3 or 4");
        assert_eq!(counts_in_words::<CoNhay>(), "2, 3, 4 or 6");
        assert_eq!(default_game(), GameKind::CaNgua);
    }
}
