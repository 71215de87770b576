//! Game records: every game, of either game, kept as text a person can read
//! in an editor (`docs/NOTATION.md`, "Game records"): a header (format
//! version, game, rules, date, seats, starting position, result) and one
//! line per turn in the game's own notation. Written once over the
//! [`Game`] trait.
//!
//! - [`Record<G>`]: the record of one game; [`Record::from_text`] and
//!   `Display` read and write it (`text.rs`), [`Record::replay`] checks
//!   every step against the engine and gives the positions (`replay.rs`).
//! - [`Recorder<G>`]: builds a record from a table's events as they come,
//!   for a local table and an online replica alike (`recorder.rs`).
//! - [`AnyRecord`] and [`read_any`]: a record of whichever game the text
//!   names.
//! - [`UtcDate`]: the date, written ISO 8601 in UTC (`date.rs`).
//! - [`RecordDice`]: an online round's dice that anyone can check (the
//!   commit, the players' seeds, the revealed seed); with the `net`
//!   feature, [`Record::check_dice`] checks every roll against them
//!   (`dice.rs`).
//! - [`PlayerChange`]: a seat that changed hands during the game (a person
//!   to a computer in the settings, a computer standing in for someone
//!   away online); [`Record::player_at`] and [`Record::seat_players`] say
//!   who played each step (`players.rs`).

pub mod analysis;
mod date;
mod dice;
mod players;
mod recorder;
mod replay;
mod text;

pub use date::{DateError, UtcDate};
pub use dice::DiceProblem;
pub use players::{PlayerChange, SeatPlayer};
pub use recorder::Recorder;
pub use text::read_any;

use ca_ngua_core::game::{Game, Level, Ranking};
use ca_ngua_games::{AnyGame, PerGame};
use std::fmt;

/// The newest version of the record format this build writes and reads
/// (a record of a newer version is refused by name, never misread). Each
/// record is written in the oldest format that holds all it has
/// ([`Record::format`]): 1 for a game without checkable dice, 2 for one
/// with them (its `Dice-…` lines), 3 for one whose seats changed hands
/// during the game (its `Player:` lines).
pub const RECORD_FORMAT: u32 = 3;

/// The file extension of a record (`game.txt`): plain text, so that any
/// editor on any system opens it.
pub const RECORD_EXTENSION: &str = "txt";

/// Who played a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// A person (at the device or online).
    Person,
    /// A computer player, of this level when it is known (an online
    /// client sees a computer but not its level).
    Computer(Option<Level>),
}

/// As a record writes it: `person`, `computer`, `computer-hard`.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Person => f.write_str("person"),
            Player::Computer(None) => f.write_str("computer"),
            Player::Computer(Some(level)) => write!(f, "computer-{level}"),
        }
    }
}

/// A seat of a recorded game: who sat there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSeat<S> {
    /// The colour or arm.
    pub seat: S,
    /// A person or a computer.
    pub player: Player,
    /// The player's name (may be empty); one line, no control characters.
    pub name: String,
}

/// One turn: the roll (in a game with dice) and the move made with it, or
/// a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<G: Game> {
    /// Who played.
    pub seat: G::Seat,
    /// The roll; always `Some` in a game with dice, `None` without.
    pub roll: Option<G::Roll>,
    /// The move; `None` is a pass.
    pub mv: Option<G::Move>,
}

/// The record of one game, finished or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<G: Game> {
    /// The rules it was played under.
    pub rules: G::Rules,
    /// When it began.
    pub date: UtcDate,
    /// Who played each seat in play at the first step, in turn order
    /// (later players in `changes`).
    pub seats: Vec<RecordSeat<G::Seat>>,
    /// The position it began from (any position, not only the start).
    pub setup: G::Setup,
    /// Every turn played, in order.
    pub steps: Vec<Step<G>>,
    /// The places once the game is over (or was ended early); `None` while
    /// it goes on.
    pub result: Option<Ranking<G::Seat>>,
    /// The dice of an online round that anyone can check (PROTOCOL.md
    /// version 3); `None` for a game at this device, a version 2 server's,
    /// or a game without dice.
    pub dice: Option<RecordDice<G::Seat>>,
    /// Every change of a seat's player after the game began, in the order
    /// of the steps they come before ([`Record::player_at`] reads them);
    /// empty when every seat was played by one player throughout.
    pub changes: Vec<PlayerChange<G::Seat>>,
}

/// What a record keeps of an online round's dice that anyone can check
/// (PROTOCOL.md version 3, "Dice anyone can check"): enough to recompute
/// every roll of its steps once the seed is revealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordDice<S> {
    /// The room's round (1, 2, … as `again` counts them).
    pub round: u32,
    /// The server's commit to the round's seed (SHA-256, lowercase hex),
    /// published before the round.
    pub commit: String,
    /// Each seat's seed for the round, in seat order (the seeds the rolls
    /// are read with: each seat's last before the round's first roll).
    pub seeds: Vec<(S, String)>,
    /// The number `n` of the first step's roll in the round (1 when the
    /// record begins with the round); the steps' rolls are rolls `n`,
    /// `n + 1`, … since every roll is one step.
    pub first_roll: u32,
    /// The round's seed (64 hex digits), once the server revealed it with
    /// `over`.
    pub revealed: Option<String>,
}

impl<S> RecordDice<S> {
    /// The dice of round `round`, committed to `commit`, before anything
    /// else is known.
    pub fn new(round: u32, commit: impl Into<String>) -> RecordDice<S> {
        RecordDice {
            round,
            commit: commit.into(),
            seeds: Vec::new(),
            first_roll: 1,
            revealed: None,
        }
    }
}

/// Why a record does not read or does not replay: the line (1-based) and
/// what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    pub(crate) fn new(line: usize, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// The family of records: [`AnyRecord`] holds the record of one game.
#[derive(Debug)]
pub struct Records;

impl PerGame for Records {
    type Of<G: Game> = Record<G>;
}

/// The record of a game of either kind.
pub type AnyRecord = AnyGame<Records>;

/// What a record of either game does without knowing which (the closed
/// set's enum is another crate's, so these are a trait's).
pub trait AnyRecordExt {
    /// The record as text.
    fn to_text(&self) -> String;

    /// Replays the record with its game's engine: the number of steps, or
    /// the line that is wrong.
    fn check(&self) -> Result<usize, RecordError>;
}

impl AnyRecordExt for AnyRecord {
    fn to_text(&self) -> String {
        ca_ngua_games::with_any!(self, _G, r => r.to_text())
    }

    fn check(&self) -> Result<usize, RecordError> {
        ca_ngua_games::with_any!(self, _G, r => r.replay().map(|_| r.steps.len()))
    }
}
