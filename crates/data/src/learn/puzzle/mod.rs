//! Puzzles ("Câu đố"): "find the best move" positions, taken from played
//! games where one move is clearly better than every other by the game
//! analysis of `crate::record::analysis`, graded by which computer
//! players find that move, and played like a one-move lesson.
//!
//! A puzzle file (`assets/puzzles/*.ron`, compiled in; the player's own in
//! the data folder) lists each puzzle's position, roll, every legal move
//! with its win chance, and its difficulty. Reading one checks it against
//! the engine: the moves listed are exactly the legal ones, the first is
//! the best and clearly so. `docs/LESSONS.md` ("Puzzles") describes the
//! format and how the shipped ones were made.

//!
//! This file is the format; `lesson.rs` checks a puzzle as a one-move
//! lesson, `find.rs` looks through a game for puzzles, `grade.rs` says who
//! finds a puzzle's move, `make.rs` self-plays games to find them in.

mod find;
mod grade;
mod lesson;
mod make;

pub use find::{CLEAR_MARGIN, MineConfig, MineError, find_puzzles, mine_record};
pub use grade::grade;
pub use lesson::{PuzzleFacts, puzzle_files, puzzles_in, puzzles_of};
pub use make::{make_puzzles, make_puzzles_by};

use super::LessonError;
use super::file::{RulesDef, read_frame, unique_ids};
use serde::{Deserialize, Serialize};

/// The version of the puzzle format this build reads.
pub const PUZZLES_VERSION: u32 = 1;

/// How hard a puzzle is: who finds its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// The Easy computer player finds it.
    Easy,
    /// The Medium computer player finds it, the Easy one does not.
    Medium,
    /// Neither finds it.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name in files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// Its text key.
    pub fn key(self) -> &'static str {
        match self {
            Difficulty::Easy => "puzzle-easy",
            Difficulty::Medium => "puzzle-medium",
            Difficulty::Hard => "puzzle-hard",
        }
    }
}

/// A puzzle file: a version, the puzzles, and (for the player's own) the
/// games already looked through.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// The format's version (1).
    pub version: u32,
    /// The games already looked through for puzzles (record names), so
    /// that none is looked through twice.
    #[serde(default)]
    pub mined: Vec<String>,
    /// The puzzles, in order.
    pub puzzles: Vec<PuzzleDef>,
}

/// One puzzle as written: a position and its roll, in the game's notation
/// (`docs/NOTATION.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleDef {
    /// A stable id, the key of the stars kept in the settings.
    pub id: String,
    /// The game: `ca-ngua` or `co-nhay`.
    pub game: String,
    /// The rules in force.
    #[serde(default)]
    pub rules: RulesDef,
    /// The position; the colour or arm to play is the solver's.
    pub setup: String,
    /// Cờ Cá Ngựa: the roll to play.
    #[serde(default)]
    pub roll: Option<String>,
    /// Every legal move with the mover's win chance after it (0 to 1),
    /// best first: the first is the answer.
    pub moves: Vec<(String, f64)>,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// Where it comes from (a self-played game's seed and turn, or the
    /// player's game and turn), for people.
    #[serde(default)]
    pub from: String,
}

/// Reads a puzzle file's text; the error names the file.
pub fn read_puzzles(name: &str, text: &str) -> Result<PuzzleFile, LessonError> {
    let file: PuzzleFile = read_frame(name, text, PUZZLES_VERSION, |f: &PuzzleFile| f.version)?;
    unique_ids(name, file.puzzles.iter().map(|p| p.id.as_str()))?;
    Ok(file)
}

/// A puzzle file as text (what `read_puzzles` reads); the error is RON's
/// (a value it cannot write).
pub fn write_puzzles(file: &PuzzleFile) -> Result<String, ron::Error> {
    // The same file from every system (RON's default is CRLF on Windows).
    let config = ron::ser::PrettyConfig::new()
        .new_line("\n")
        .depth_limit(3)
        .separate_tuple_members(false);
    ron::ser::to_string_pretty(file, config)
}

impl Default for PuzzleFile {
    /// An empty file of this version (not version 0).
    fn default() -> PuzzleFile {
        PuzzleFile::new()
    }
}

impl PuzzleFile {
    /// An empty file of this version.
    pub fn new() -> PuzzleFile {
        PuzzleFile {
            version: PUZZLES_VERSION,
            mined: Vec::new(),
            puzzles: Vec::new(),
        }
    }

    /// Adds the puzzles whose id and position are new; how many were.
    pub fn add(&mut self, puzzles: Vec<PuzzleDef>) -> usize {
        let mut added = 0;
        for p in puzzles {
            let known = self.puzzles.iter().any(|q| {
                q.id == p.id || (q.game == p.game && q.setup == p.setup && q.roll == p.roll)
            });
            if !known {
                self.puzzles.push(p);
                added += 1;
            }
        }
        added
    }

    /// The number of puzzles of `game` and `difficulty`.
    pub fn count(&self, game: &str, difficulty: Difficulty) -> usize {
        self.puzzles
            .iter()
            .filter(|p| p.game == game && p.difficulty == difficulty)
            .count()
    }
}
