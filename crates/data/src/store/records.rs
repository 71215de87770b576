//! The records of past games, both games in one folder: `records/` in the
//! data folder, a text file per game (`crate::record`) named by the date
//! it began and its game (`20260314-092653-ca-ngua.txt`), so that names
//! sort oldest first. The newest [`RECORDS_KEPT`] are kept; a file that
//! does not read, or does not replay, is moved aside as
//! `<name>.bad-<timestamp>` like every other file of the store.
//!
//! ```ignore
//! let id = store.records().save(&record)?;      // a game begins
//! store.records().replace(&id, &record)?;       // ...and goes on
//! let (past, notices) = store.records().list(); // newest first
//! let record = store.records().load(&past[0].id)?;
//! ```

use super::{ReadError, Store, StoreNotice};
use crate::record::AnyRecordExt;
use crate::record::{AnyRecord, Player, RECORD_EXTENSION, RECORD_FORMAT, UtcDate, read_any};
use ca_ngua_core::game::SeatId;
use ca_ngua_games::GameKind;
use ca_ngua_games::with_any;
use std::fmt;

/// The folder of the records, in the data folder.
pub const RECORDS_DIR: &str = "records";

/// How many records are kept: saving one more drops the oldest.
pub const RECORDS_KEPT: usize = 200;

/// How many records a [`Shelf`](super::Shelf) keeps: a browser gives a
/// site a few megabytes, shared with the game in progress and the rest.
pub const RECORDS_KEPT_ON_SHELF: usize = 40;

/// A kept record, by its file's name without the extension.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RecordId(String);

impl RecordId {
    /// The id as its file's name holds it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id of a file name (`None`: not a record's file name).
    fn of_file(name: &str) -> Option<RecordId> {
        let stem = name.strip_suffix(RECORD_EXTENSION)?.strip_suffix('.')?;
        valid(stem).then(|| RecordId(stem.to_string()))
    }

    /// The file's name in the store (`records/<id>.txt`).
    fn file(&self) -> String {
        format!("{RECORDS_DIR}/{}.{RECORD_EXTENSION}", self.0)
    }
}

impl fmt::Display for RecordId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A name this module could have made: letters, digits and dashes, so that
/// an id never leaves the folder.
fn valid(stem: &str) -> bool {
    !stem.is_empty()
        && !stem.starts_with('.')
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// A seat of a past game, for a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummarySeat {
    /// The seat's code (`r`, `0`).
    pub seat: String,
    /// A person or a computer.
    pub player: Player,
    /// The name (may be empty).
    pub name: String,
    /// Who played it later in the game, when it changed hands, in the
    /// order they first played it.
    pub later: Vec<(Player, String)>,
}

/// What a list of past games shows of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSummary {
    /// The record, to load it.
    pub id: RecordId,
    /// Which game.
    pub game: GameKind,
    /// When it began.
    pub date: UtcDate,
    /// Who played, in turn order.
    pub seats: Vec<SummarySeat>,
    /// The places, best first, by seat code; `None` while it went on.
    pub result: Option<Vec<Vec<String>>>,
    /// The turns played.
    pub steps: usize,
}

impl RecordSummary {
    fn of(id: RecordId, record: &AnyRecord) -> RecordSummary {
        with_any!(record, _G, r => RecordSummary {
            id,
            game: record.kind(),
            date: r.date,
            seats: {
                let players = r.seat_players();
                r.seats
                    .iter()
                    .map(|s| SummarySeat {
                        seat: s.seat.code(),
                        player: s.player,
                        name: s.name.clone(),
                        later: players
                            .iter()
                            .filter(|p| p.seat == s.seat)
                            .filter(|p| (p.player, p.name.as_str()) != (s.player, s.name.as_str()))
                            .map(|p| (p.player, p.name.clone()))
                            .collect(),
                    })
                    .collect()
            },
            result: r.result.as_ref().map(|places| {
                places
                    .iter()
                    .map(|p| p.iter().map(|s| s.code()).collect())
                    .collect()
            }),
            steps: r.steps.len(),
        })
    }
}

/// The records in a store: [`Store::records`].
#[derive(Clone, Copy, Debug)]
pub struct RecordFiles<'a> {
    store: &'a Store,
}

impl Store {
    /// The records of past games.
    pub fn records(&self) -> RecordFiles<'_> {
        RecordFiles { store: self }
    }
}

impl RecordFiles<'_> {
    /// Keeps a new game's record under a new id (a game that began in the
    /// same second as another gets `-2`, `-3`…), then drops the oldest
    /// beyond [`RECORDS_KEPT`]. A store that keeps nothing answers an id
    /// and writes nothing.
    pub fn save(&self, record: &AnyRecord) -> Result<RecordId, StoreNotice> {
        let date = with_any!(record, _G, r => r.date);
        let base = format!("{}-{}", date.compact(), record.kind().id());
        let taken = self.ids();
        let id = (1..)
            .map(|n| match n {
                1 => RecordId(base.clone()),
                n => RecordId(format!("{base}-{n}")),
            })
            .find(|id| !taken.contains(id))
            .unwrap_or(RecordId(base));
        self.replace(&id, record)?;
        self.prune()?;
        Ok(id)
    }

    /// Writes a kept game's record again (the game went on).
    pub fn replace(&self, id: &RecordId, record: &AnyRecord) -> Result<(), StoreNotice> {
        self.store.save_text(&id.file(), &record.to_text())
    }

    /// The record `id`, read and replayed with its game's engine. A file
    /// that does not read or replay is moved aside and the notice says why.
    pub fn load(&self, id: &RecordId) -> Result<AnyRecord, StoreNotice> {
        let file = id.file();
        let parsed = self.store.load_with(&file, RECORD_FORMAT, |text| {
            let record = read_any(text).map_err(ReadError::refused)?;
            record.check().map_err(ReadError::refused)?;
            Ok(record)
        })?;
        parsed.ok_or(StoreNotice::Unreadable {
            file,
            reason: "there is no such record".into(),
        })
    }

    /// The past games, newest first, each as a list shows it. A file that
    /// does not read is moved aside, with a notice (its steps are replayed
    /// only by [`RecordFiles::load`]).
    pub fn list(&self) -> (Vec<RecordSummary>, Vec<StoreNotice>) {
        let mut summaries = Vec::new();
        let mut notices = Vec::new();
        for id in self.ids().into_iter().rev() {
            let read = self.store.load_with(&id.file(), RECORD_FORMAT, |text| {
                read_any(text).map_err(ReadError::refused)
            });
            match read {
                Ok(Some(record)) => summaries.push(RecordSummary::of(id, &record)),
                Ok(None) => {} // gone meanwhile
                Err(notice) => notices.push(notice),
            }
        }
        (summaries, notices)
    }

    /// Drops the oldest records beyond [`RECORDS_KEPT`] (on a shelf,
    /// [`RECORDS_KEPT_ON_SHELF`]); how many went.
    pub fn prune(&self) -> Result<usize, StoreNotice> {
        let ids = self.ids();
        let kept = if self.store.is_on_shelf() {
            RECORDS_KEPT_ON_SHELF
        } else {
            RECORDS_KEPT
        };
        let extra = ids.len().saturating_sub(kept);
        for id in &ids[..extra] {
            self.store.forget(&id.file())?;
        }
        Ok(extra)
    }

    /// The ids of the records kept, oldest first.
    fn ids(&self) -> Vec<RecordId> {
        let mut ids: Vec<RecordId> = self
            .store
            .list(RECORDS_DIR)
            .iter()
            .filter_map(|name| RecordId::of_file(name))
            .collect();
        ids.sort();
        ids
    }
}
