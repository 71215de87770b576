//! `my-puzzles.ron`: the puzzles made from the player's own games
//! ("puzzles from my mistakes"), both games in one file, with the games
//! already looked through. A file that does not read, or holds a puzzle
//! the engine refuses, is moved aside and the player starts again from
//! none.

use super::{ReadError, Store, StoreNotice};
use crate::learn::{PUZZLES_VERSION, PuzzleFile, puzzles_in, read_puzzles, write_puzzles};
use ca_ngua_games::GameKind;

/// The file's name in the player's folder.
pub const MY_PUZZLES_FILE: &str = "my-puzzles.ron";

impl Store {
    /// The player's own puzzles (none when missing; a bad file is moved
    /// aside, with a notice).
    pub fn load_my_puzzles(&self) -> (PuzzleFile, Option<StoreNotice>) {
        let read = self.load_with(MY_PUZZLES_FILE, PUZZLES_VERSION, |text| {
            let file = read_puzzles(MY_PUZZLES_FILE, text).map_err(ReadError::refused)?;
            for kind in GameKind::ALL {
                ca_ngua_games::with_game!(kind, G => puzzles_in::<G>(&file).map(|_| ()).map_err(ReadError::refused)?);
            }
            Ok(file)
        });
        match read {
            Ok(file) => (file.unwrap_or_else(PuzzleFile::new), None),
            Err(n) => (PuzzleFile::new(), Some(n)),
        }
    }

    /// Keeps the player's own puzzles.
    pub fn save_my_puzzles(&self, file: &PuzzleFile) -> Result<(), StoreNotice> {
        let text = write_puzzles(file).map_err(|e| StoreNotice::CannotWrite {
            file: MY_PUZZLES_FILE.into(),
            reason: e.to_string(),
        })?;
        self.save_text(MY_PUZZLES_FILE, &format!("{text}\n"))
    }
}
