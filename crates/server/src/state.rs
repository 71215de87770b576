//! Rooms that outlive the server (`--state-dir DIR`, PROTOCOL.md "Across
//! restarts"): each open room is one file, `DIR/rooms/CODE.room`, of JSON
//! lines: a header (the game, the rules, how many play), then every event,
//! every seat token's hash, the computer level and who controls each seat,
//! in the order they happened.
//!
//! - Every line is written (to the operating system, which keeps it if the
//!   process is killed) before any client hears of what it records: a
//!   client can never have an event the file lacks.
//! - Tokens are kept only as SHA-256 hashes: the folder gives no one a seat.
//! - A last line cut short (the process killed while writing it) was never
//!   sent to anyone, so it is dropped. A file that cannot be read otherwise
//!   is moved aside (`CODE.room.bad`, never deleted) and reported; the
//!   server starts with the rest.
//! - A room that ends (idle, or over and left) deletes its file; a server
//!   that stops keeps them all.

use ca_ngua_core::game::Level;
use ca_ngua_games::GameKind;
use ca_ngua_protocol::ChatMode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The version of the room files this server writes and reads.
pub const STATE_VERSION: u32 = 1;

/// What a line of a room file records.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Line {
    /// The first line.
    Room {
        /// The file format's version.
        version: u32,
        /// The room's game, by its wire name.
        game: String,
        /// The room's code.
        room: String,
        /// How many play.
        players: usize,
        /// The rules, as the protocol writes them.
        rules: Value,
    },
    /// An event, as the protocol sends it.
    Event(Value),
    /// A seat's token hash, or `None` when its person left.
    Token {
        /// The seat's number.
        seat: usize,
        /// SHA-256 of the token, in lowercase hex.
        hash: Option<String>,
    },
    /// The level of the room's computer players.
    Level(Level),
    /// Who controls each seat, as tables save it.
    Controllers(Value),
    /// Version 3: what the room lets its people say, and its turn clock.
    Options {
        /// `phrases`, `text` or `off`.
        chat: ChatMode,
        /// Seconds per turn (0: no clock).
        turn_secs: u32,
    },
    /// Version 3: a round's secret dice seed, in hex (the file is the
    /// server user's alone).
    Dice {
        /// The round.
        round: u32,
        /// The seed.
        seed: String,
    },
}

/// A room as its file left it.
#[derive(Debug)]
pub(super) struct SavedRoom {
    pub game: GameKind,
    pub code: String,
    pub players: usize,
    pub rules: Value,
    pub events: Vec<Value>,
    /// Token hashes by seat number.
    pub tokens: Vec<Option<String>>,
    pub level: Level,
    pub controllers: Option<Value>,
    /// What the room lets its people say.
    pub chat: ChatMode,
    /// Seconds per turn.
    pub turn_secs: u32,
    /// Each round's dice seed, in hex.
    pub dice: Vec<(u32, String)>,
    /// The file, to go on writing.
    pub path: PathBuf,
}

/// SHA-256 of a token, in lowercase hex: what the state folder keeps.
pub(super) fn token_hash(token: &str) -> String {
    ring::digest::digest(&ring::digest::SHA256, token.as_bytes())
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A room's file, open for appending.
#[derive(Debug)]
pub(super) struct RoomLog {
    file: File,
    path: PathBuf,
    /// A write failed: the room goes on in memory only (reported once).
    broken: bool,
}

impl RoomLog {
    /// Makes the file of a new room and writes its header.
    pub fn create(
        dir: &Path,
        game: GameKind,
        code: &str,
        players: usize,
        rules: Value,
    ) -> std::io::Result<RoomLog> {
        let rooms = dir.join("rooms");
        std::fs::create_dir_all(&rooms)?;
        let path = rooms.join(format!("{code}.room"));
        let mut options = OpenOptions::new();
        options.create(true).write(true).truncate(true);
        // The file holds the dice's secret seeds: the server's user alone
        // reads it.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options.open(&path)?;
        let mut log = RoomLog {
            file,
            path,
            broken: false,
        };
        log.write(&Line::Room {
            version: STATE_VERSION,
            game: game.id().to_string(),
            room: code.to_string(),
            players,
            rules,
        });
        Ok(log)
    }

    /// Goes on writing a room's file that was read back.
    pub fn reopen(path: &Path) -> std::io::Result<RoomLog> {
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(RoomLog {
            file,
            path: path.to_path_buf(),
            broken: false,
        })
    }

    fn write(&mut self, line: &Line) {
        if self.broken {
            return;
        }
        let mut text = match serde_json::to_string(line) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(file = %self.path.display(), "cannot write the room: {e}");
                self.broken = true;
                return;
            }
        };
        text.push('\n');
        // One write call a line: a kill leaves at most the last one short.
        if let Err(e) = self.file.write_all(text.as_bytes()) {
            tracing::error!(
                file = %self.path.display(),
                "cannot write the room; it goes on in memory only: {e}"
            );
            self.broken = true;
        }
    }

    /// Records an event (already in the protocol's JSON).
    pub fn event(&mut self, event: Value) {
        self.write(&Line::Event(event));
    }

    /// Records a seat's token (`None`: the seat's person left).
    pub fn token(&mut self, seat: usize, token: Option<&str>) {
        self.write(&Line::Token {
            seat,
            hash: token.map(token_hash),
        });
    }

    /// Records the computers' level.
    pub fn level(&mut self, level: Level) {
        self.write(&Line::Level(level));
    }

    /// Records who controls each seat.
    pub fn controllers(&mut self, controllers: Value) {
        self.write(&Line::Controllers(controllers));
    }

    /// Records the room's talk and clock settings.
    pub fn options(&mut self, chat: ChatMode, turn_secs: u32) {
        self.write(&Line::Options { chat, turn_secs });
    }

    /// Records a round's dice seed (hex).
    pub fn dice(&mut self, round: u32, seed: String) {
        self.write(&Line::Dice { round, seed });
    }

    /// The room ended: its file goes.
    pub fn remove(self) {
        drop(self.file);
        if let Err(e) = std::fs::remove_file(&self.path) {
            tracing::warn!(file = %self.path.display(), "cannot remove an ended room's file: {e}");
        }
    }
}

/// Reads every room file under `dir`: the rooms, and where the files that
/// could not be read were moved (each reported in the log).
pub(super) fn load(dir: &Path) -> (Vec<SavedRoom>, Vec<PathBuf>) {
    let rooms = dir.join("rooms");
    let mut saved = Vec::new();
    let mut bad = Vec::new();
    let Ok(entries) = std::fs::read_dir(&rooms) else {
        return (saved, bad);
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "room"))
        .collect();
    paths.sort();
    for path in paths {
        match read_room(&path) {
            Ok(room) => saved.push(room),
            Err(reason) => {
                let aside = set_aside(&path);
                tracing::error!(
                    file = %path.display(),
                    aside = %aside.display(),
                    "a room file cannot be read; moved aside: {reason}"
                );
                bad.push(aside);
            }
        }
    }
    (saved, bad)
}

/// Moves a file to `NAME.bad` (`NAME.bad.2`, … when taken).
pub(super) fn set_aside(path: &Path) -> PathBuf {
    let mut n = 1;
    loop {
        let mut name = path.as_os_str().to_owned();
        name.push(if n == 1 {
            ".bad".to_string()
        } else {
            format!(".bad.{n}")
        });
        let aside = PathBuf::from(name);
        if !aside.exists() {
            if let Err(e) = std::fs::rename(path, &aside) {
                tracing::error!(file = %path.display(), "cannot move aside: {e}");
            }
            return aside;
        }
        n += 1;
    }
}

/// Why a room file in the state folder does not read.
#[derive(Debug)]
pub(super) enum RoomFileError {
    /// The file cannot be read or cut.
    Io(std::io::Error),
    /// Nothing in it.
    Empty,
    /// Its first line is not a room's header.
    NoHeader,
    /// A newer server wrote it, in this version of the format.
    Newer(u32),
    /// Its header names a game this server does not know.
    NoGame(String),
    /// A line (numbered from 1) that does not read.
    Line(usize, serde_json::Error),
    /// A second header, at this line.
    SecondHeader(usize),
    /// A token for a seat no board has, at this line.
    NoSeat(usize, usize),
}

impl std::fmt::Display for RoomFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoomFileError::Io(e) => e.fmt(f),
            RoomFileError::Empty => f.write_str("the file is empty"),
            RoomFileError::NoHeader => f.write_str("line 1: not a room's header"),
            RoomFileError::Newer(version) => write!(
                f,
                "written by a newer server (version {version}; this one reads {STATE_VERSION})"
            ),
            RoomFileError::NoGame(game) => write!(f, "line 1: no game '{game}'"),
            RoomFileError::Line(n, e) => write!(f, "line {n}: {e}"),
            RoomFileError::SecondHeader(n) => write!(f, "line {n}: a second header"),
            RoomFileError::NoSeat(n, seat) => write!(f, "line {n}: no seat {seat}"),
        }
    }
}

impl std::error::Error for RoomFileError {}

/// Reads one room file.
fn read_room(path: &Path) -> Result<SavedRoom, RoomFileError> {
    let bytes = std::fs::read(path).map_err(RoomFileError::Io)?;
    let text = String::from_utf8_lossy(&bytes);
    // A last line without its newline was being written when the process
    // died: never sent, so left out (and cut from the file).
    let whole = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    if whole.len() < text.len() {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(RoomFileError::Io)?;
        file.set_len(whole.len() as u64)
            .map_err(RoomFileError::Io)?;
    }
    let mut lines = whole.lines().enumerate();
    let Some((_, first)) = lines.next() else {
        return Err(RoomFileError::Empty);
    };
    let Ok(Line::Room {
        version,
        game,
        room,
        players,
        rules,
    }) = serde_json::from_str::<Line>(first)
    else {
        return Err(RoomFileError::NoHeader);
    };
    if version > STATE_VERSION {
        return Err(RoomFileError::Newer(version));
    }
    let game = GameKind::ALL
        .into_iter()
        .find(|k| k.id() == game)
        .ok_or(RoomFileError::NoGame(game))?;
    let mut saved = SavedRoom {
        game,
        code: room,
        players,
        rules,
        events: Vec::new(),
        tokens: Vec::new(),
        level: Level::Medium,
        controllers: None,
        chat: ChatMode::default(),
        turn_secs: 0,
        dice: Vec::new(),
        path: path.to_path_buf(),
    };
    for (i, line) in lines {
        let line: Line = serde_json::from_str(line).map_err(|e| RoomFileError::Line(i + 1, e))?;
        match line {
            Line::Room { .. } => return Err(RoomFileError::SecondHeader(i + 1)),
            Line::Event(ev) => saved.events.push(ev),
            Line::Token { seat, hash } => {
                if seat >= 64 {
                    return Err(RoomFileError::NoSeat(i + 1, seat));
                }
                if saved.tokens.len() <= seat {
                    saved.tokens.resize(seat + 1, None);
                }
                saved.tokens[seat] = hash;
            }
            Line::Level(level) => saved.level = level,
            Line::Controllers(c) => saved.controllers = Some(c),
            Line::Options { chat, turn_secs } => {
                saved.chat = chat;
                saved.turn_secs = turn_secs;
            }
            Line::Dice { round, seed } => {
                saved.dice.retain(|(r, _)| *r != round);
                saved.dice.push((round, seed));
            }
        }
    }
    Ok(saved)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("ca-ngua-state-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn tokens_are_kept_as_hashes() {
        let h = token_hash("00112233445566778899aabbccddeeff");
        assert_eq!(h.len(), 64);
        assert!(!h.contains("00112233445566778899aabbccddeeff"));
        assert_ne!(h, token_hash("00112233445566778899aabbccddeefe"));
    }

    #[test]
    fn a_room_is_read_back_and_a_cut_last_line_left_out() {
        let d = dir("cut");
        let mut log =
            RoomLog::create(&d, GameKind::CaNgua, "K7M2QX", 2, Value::from("standard")).unwrap();
        log.event(serde_json::json!({"seq": 1}));
        log.token(0, Some("abc"));
        log.level(Level::Hard);
        drop(log);
        let path = d.join("rooms/K7M2QX.room");
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"event\":{\"se").unwrap();
        drop(f);
        let (rooms, bad) = load(&d);
        assert!(bad.is_empty(), "{bad:?}");
        let room = &rooms[0];
        assert_eq!(room.code, "K7M2QX");
        assert_eq!(room.events.len(), 1);
        assert_eq!(room.tokens[0].as_deref(), Some(token_hash("abc").as_str()));
        assert_eq!(room.level, Level::Hard);
        // The cut line is gone from the file too.
        assert!(std::fs::read_to_string(&path).unwrap().ends_with('\n'));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_damaged_file_is_moved_aside_and_the_rest_load() {
        let d = dir("bad");
        RoomLog::create(&d, GameKind::CoNhay, "ABCDEF", 2, Value::from("standard")).unwrap();
        std::fs::write(d.join("rooms/ZZZZZZ.room"), "not json\n{}\n").unwrap();
        let (rooms, bad) = load(&d);
        assert_eq!(rooms.len(), 1);
        assert_eq!(bad.len(), 1);
        assert!(bad[0].ends_with("ZZZZZZ.room.bad"));
        assert!(bad[0].exists());
        assert!(!d.join("rooms/ZZZZZZ.room").exists());
        let _ = std::fs::remove_dir_all(&d);
    }
}
