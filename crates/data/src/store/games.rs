//! Each game's own files: its game in progress (the table's events, the
//! roll waiting for its move included, so restarting never re-rolls) and
//! its statistics, read and written the same way for every game. Each
//! game says where they live and reads its own older files ([`Files`],
//! implemented in the game's folder).

use super::{ReadError, RuleSetFile, Store, StoreNotice};
use crate::file_format::{newer, version_of_text};
use crate::stats::StatsFile;
use ca_ngua_core::game::Game;
use ca_ngua_core::table::{BotJob, Runner, Table, TableRecord};
use ca_ngua_games::Listed;
use serde::{Deserialize, Serialize};

/// The version of the game-in-progress files this build writes (Cờ Cá
/// Ngựa's version 1 held the state and a move log; Cờ nhảy's version 1
/// wrote arms as numbers; version 2 holds the table's events of either).
pub const GAME_VERSION: u32 = 2;

/// Where a game keeps its files, and what it keeps. A game with files is
/// one of the closed set ([`Listed`]): its records and saves are kept and
/// found by its kind.
pub trait Files: Listed {
    /// The folder in the config folder (`""`: the config folder itself,
    /// for the first game, whose files came before any folder).
    const DIR: &'static str;
    /// Its statistics.
    type Stats: StatsFile;
    /// Its saved custom rule sets.
    type RuleSet: RuleSetFile<Rules = Self::Rules>;
    /// A game-in-progress file of an older version, as today's.
    fn upgrade(text: &str, version: u32) -> Result<GameFile<Self>, ReadError>;

    /// The game in progress: `game.ron` in the game's folder.
    fn game_file() -> String {
        format!("{}game.ron", Self::DIR)
    }

    /// The statistics: `stats.ron` in the game's folder.
    fn stats_file() -> String {
        format!("{}stats.ron", Self::DIR)
    }
}

impl<G: Game> GameFile<G> {
    /// Today's file of a game an older file held: its table, and whether
    /// the statistics already count it.
    pub fn upgraded((table, result_recorded): (TableRecord<G>, bool)) -> GameFile<G> {
        GameFile {
            version: GAME_VERSION,
            table,
            result_recorded,
        }
    }
}

/// A game in progress as saved: the table's events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct GameFile<G: Game> {
    /// Format version.
    pub version: u32,
    /// The table: rules, who plays each seat, every event.
    pub table: TableRecord<G>,
    /// The statistics already count this game's result.
    #[serde(default)]
    pub result_recorded: bool,
}

impl<G: Game> GameFile<G> {
    /// The file of a table.
    pub fn of(table: &Table<G>, result_recorded: bool) -> GameFile<G> {
        GameFile {
            version: GAME_VERSION,
            table: table.record(),
            result_recorded,
        }
    }
}

/// A game restored from its file.
#[derive(Debug)]
pub struct SavedGame<G: Game> {
    /// The table, every event checked against the engine.
    pub table: Table<G>,
    /// The statistics already count its result.
    pub result_recorded: bool,
}

impl Store {
    /// The game in progress, if one was saved and every event replays
    /// (checked and restored once, with fresh secure dice and `runner` for
    /// its computer players). A file of an older version is read as it was
    /// written and continues.
    pub fn load_game<G: Files>(
        &self,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> (Option<SavedGame<G>>, Option<StoreNotice>) {
        let parsed = self.load_with(&G::game_file(), GAME_VERSION, |text| {
            let file = match version_of_text(text) {
                Some(v) if v < GAME_VERSION => G::upgrade(text, v)?,
                _ => ron::from_str::<GameFile<G>>(text).map_err(|e| ReadError::ron(&e))?,
            };
            if file.version > GAME_VERSION {
                return Err(newer(file.version, GAME_VERSION));
            }
            let table = Table::restore(file.table, ca_ngua_core::game::secure_rng(), runner)
                .map_err(|e| ReadError::DoesNotReplay(e.to_string()))?;
            Ok(SavedGame {
                table,
                result_recorded: file.result_recorded,
            })
        });
        match parsed {
            Ok(g) => (g, None),
            Err(n) => (None, Some(n)),
        }
    }

    /// Saves the game in progress.
    pub fn save_game<G: Files>(&self, game: &GameFile<G>) -> Result<(), StoreNotice> {
        self.save(&G::game_file(), game)
    }

    /// A game's statistics (empty when missing; a bad file is moved aside).
    pub fn load_stats<G: Files>(&self) -> (G::Stats, Option<StoreNotice>) {
        match self.load(
            &G::stats_file(),
            <G::Stats as StatsFile>::VERSION,
            StatsFile::version,
            |_| Ok(()),
        ) {
            Ok(Some(s)) => (s, None),
            // No file yet: nothing counted.
            Ok(None) => (G::Stats::default(), None),
            Err(n) => (G::Stats::default(), Some(n)),
        }
    }

    /// Saves a game's statistics.
    pub fn save_stats<G: Files>(&self, stats: &G::Stats) -> Result<(), StoreNotice> {
        self.save(&G::stats_file(), stats)
    }
}
