//! Files under the user's config directory: `prefs.ron`, `online.ron`,
//! each game's game in progress and statistics (`game.ron` and
//! `stats.ron` for Cờ Cá Ngựa, `co-nhay/game.ron` and `co-nhay/stats.ron`
//! for Cờ nhảy: see [`Files`]), `rules/<name>.ron` (custom rule
//! presets) and `records/` (the last games' records, [`Store::records`]). `CA_NGUA_CONFIG_DIR` overrides the directory.
//!
//! Every file carries a version. Writes are atomic (a temporary file, then a
//! rename), so a crash never leaves half a file. A file that cannot be read
//! — corrupt, truncated, or from a newer version — is moved aside as
//! `<name>.bad-<timestamp>` and the app starts from defaults with a notice:
//! a bad file never costs the player anything. An unwritable directory gives
//! a notice, never a crash.
//!
//! In a browser the same files are texts in the page's storage, on a
//! [`Shelf`] the app's platform seam gives ([`Store::on_shelf`]), each
//! under `ca-ngua/` and its file's name; everything above holds there too,
//! and fewer records are kept ([`RECORDS_KEPT_ON_SHELF`]).

mod games;
mod place;
mod puzzles;
mod records;
mod rule_sets;
mod saver;

pub use crate::file_format::{ReadError, RuleSetFileError};
use crate::file_format::{newer, version_of_text};
pub use games::{Files, GAME_VERSION, GameFile, SavedGame};
use place::Place;
pub use place::{MemoryShelf, Shelf, ShelfError};
pub use puzzles::MY_PUZZLES_FILE;
pub use records::{
    RECORDS_DIR, RECORDS_KEPT, RECORDS_KEPT_ON_SHELF, RecordFiles, RecordId, RecordSummary,
    SummarySeat,
};
pub use rule_sets::{
    RuleSetFile, export_rule_set, import_rule_set, load_rules, load_rules_with, valid_rule_set_name,
};
pub use saver::Saver;

use crate::prefs::{PREFS_VERSION, Prefs, read_prefs};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
// The browser's clock in a page (`std`'s has none there); `std`'s elsewhere.
use web_time::{SystemTime, UNIX_EPOCH};

/// The environment variable that overrides the config directory.
pub const CONFIG_DIR_VAR: &str = "CA_NGUA_CONFIG_DIR";

/// Something the player should know about their files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreNotice {
    /// A file could not be read and was kept aside; defaults are used.
    MovedAside {
        /// The file's name (`prefs.ron`).
        file: String,
        /// Where it now is.
        kept_as: PathBuf,
        /// What was wrong.
        reason: String,
    },
    /// A file could not be read, nor moved aside.
    Unreadable {
        /// The file's name.
        file: String,
        /// What was wrong.
        reason: String,
    },
    /// A file could not be written.
    CannotWrite {
        /// The file's name.
        file: String,
        /// What went wrong.
        reason: String,
    },
    /// No config directory could be found or made: nothing is kept.
    NoDirectory {
        /// Why.
        reason: String,
    },
    /// The browser keeps nothing for the page (storage refused): what is
    /// played lasts until the page is closed.
    NoStorage {
        /// Why, as the browser said.
        reason: ShelfError,
    },
}

impl fmt::Display for StoreNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreNotice::MovedAside {
                file,
                kept_as,
                reason,
            } => write!(f, "{file}: {reason}; kept as {}", kept_as.display()),
            StoreNotice::Unreadable { file, reason } => write!(f, "{file}: {reason}"),
            StoreNotice::CannotWrite { file, reason } => {
                write!(f, "{file} cannot be saved: {reason}")
            }
            StoreNotice::NoDirectory { reason } => {
                write!(f, "no folder to keep settings in: {reason}")
            }
            StoreNotice::NoStorage { reason } => {
                write!(f, "the browser keeps nothing for this page: {reason}")
            }
        }
    }
}

/// The version of `online.ron` this build writes.
pub const ONLINE_VERSION: u32 = 1;

/// `online.ron`: a seat in an online room, kept to come back to it after a
/// restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlineSeat {
    /// Format version.
    pub version: u32,
    /// The server, `HOST:PORT`.
    pub server: String,
    /// The room's code.
    pub room: String,
    /// The seat's token (the only way back into the seat).
    pub token: String,
    /// This app hosted the room (its server ran in the app and is gone
    /// after a restart).
    #[serde(default)]
    pub hosted: bool,
}

/// The prefix of every key the store keeps on a [`Shelf`]: the browser's
/// storage is shared by everything its site serves.
pub const SHELF_PREFIX: &str = "ca-ngua/";

/// Where the files live: a folder, a [`Shelf`], or nowhere.
#[derive(Clone, Debug)]
pub struct Store {
    place: Place,
}

fn now_stamp() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_else(|e| {
            // The stamp only has to make the name new; say the clock is off.
            tracing::warn!("the clock is before 1970: {e}");
            std::time::Duration::ZERO
        });
    format!("{}{:03}", d.as_secs(), d.subsec_millis())
}

impl Store {
    /// The directory from `CA_NGUA_CONFIG_DIR`, or the platform's config
    /// directory for this app (`directories`).
    pub fn open() -> (Store, Option<StoreNotice>) {
        Store::from_override(std::env::var_os(CONFIG_DIR_VAR).map(PathBuf::from))
    }

    /// As [`Store::open`], with the override given (tests use this).
    pub fn from_override(dir: Option<PathBuf>) -> (Store, Option<StoreNotice>) {
        let dir = match dir.filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d,
            None => match directories::ProjectDirs::from("", "", "ca-ngua") {
                Some(p) => p.config_dir().to_path_buf(),
                None => {
                    return (
                        Store::none(),
                        Some(StoreNotice::NoDirectory {
                            reason: "the system reports no home directory".into(),
                        }),
                    );
                }
            },
        };
        let notice = std::fs::create_dir_all(&dir)
            .err()
            .map(|e| StoreNotice::CannotWrite {
                file: dir.display().to_string(),
                reason: e.to_string(),
            });
        (
            Store {
                place: Place::Folder(dir),
            },
            notice,
        )
    }

    /// A store in `dir` (created if missing).
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        let dir = dir.into();
        let _ = std::fs::create_dir_all(&dir);
        Store {
            place: Place::Folder(dir),
        }
    }

    /// A store that keeps its files as texts on `shelf` (a browser's
    /// storage), each under [`SHELF_PREFIX`] and its file's name
    /// (`ca-ngua/prefs.ron`, `ca-ngua/records/….txt`).
    pub fn on_shelf(shelf: Arc<dyn Shelf>) -> Store {
        Store {
            place: Place::Shelf {
                shelf,
                prefix: SHELF_PREFIX.into(),
            },
        }
    }

    /// A store that keeps nothing.
    pub fn none() -> Store {
        Store {
            place: Place::Nowhere,
        }
    }

    /// The directory, if the files are in one (not on a shelf).
    pub fn dir(&self) -> Option<&Path> {
        match &self.place {
            Place::Folder(dir) => Some(dir),
            Place::Nowhere | Place::Shelf { .. } => None,
        }
    }

    /// True when the store keeps its files on a [`Shelf`].
    pub fn is_on_shelf(&self) -> bool {
        matches!(self.place, Place::Shelf { .. })
    }

    /// Reads a versioned RON file: `Ok(None)` when it does not exist, the
    /// value when it reads and `check` accepts it; otherwise the file is
    /// moved aside and a notice says why.
    pub(crate) fn load<T: DeserializeOwned>(
        &self,
        name: &str,
        current: u32,
        version_of: impl Fn(&T) -> u32,
        check: impl Fn(&T) -> Result<(), ReadError>,
    ) -> Result<Option<T>, StoreNotice> {
        self.load_with(name, current, |text| {
            let value = ron::from_str::<T>(text).map_err(|e| ReadError::ron(&e))?;
            let v = version_of(&value);
            if v > current {
                return Err(newer(v, current));
            }
            check(&value)?;
            Ok(value)
        })
    }

    /// Reads a file with `parse`: `Ok(None)` when it does not exist; a file
    /// `parse` refuses is moved aside, its reason in the notice (a file
    /// from a newer version says so rather than blame a field).
    pub(crate) fn load_with<T>(
        &self,
        name: &str,
        current: u32,
        parse: impl FnOnce(&str) -> Result<T, ReadError>,
    ) -> Result<Option<T>, StoreNotice> {
        let text = match self.place.read(name) {
            Ok(Some(bytes)) => String::from_utf8(bytes).map_err(|_| ReadError::NotText),
            Ok(None) => return Ok(None),
            Err(e) => {
                return Err(StoreNotice::Unreadable {
                    file: name.into(),
                    reason: e.to_string(),
                });
            }
        };
        let parsed = text.and_then(|text| {
            parse(&text).map_err(|reason| match version_of_text(&text) {
                Some(v) if v > current => newer(v, current),
                _ => reason,
            })
        });
        match parsed {
            Ok(value) => Ok(Some(value)),
            Err(reason) => Err(self.move_aside(name, reason)),
        }
    }

    /// Keeps the file `name` aside beside itself (`co-nhay/game.ron` as
    /// `co-nhay/game.ron.bad-…`), and says so.
    pub(crate) fn move_aside(&self, name: &str, reason: impl fmt::Display) -> StoreNotice {
        let reason = reason.to_string();
        match self
            .place
            .move_aside(name, &format!(".bad-{}", now_stamp()))
        {
            Ok(kept_as) => StoreNotice::MovedAside {
                file: name.into(),
                kept_as,
                reason,
            },
            Err(e) => StoreNotice::Unreadable {
                file: name.into(),
                reason: format!("{reason} (and it could not be moved aside: {e})"),
            },
        }
    }

    /// Writes a file whole (in a folder atomically: a temporary file
    /// beside it, then a rename).
    pub(crate) fn save_text(&self, name: &str, text: &str) -> Result<(), StoreNotice> {
        self.place
            .write(name, text)
            .map_err(|e| StoreNotice::CannotWrite {
                file: name.into(),
                reason: e.to_string(),
            })
    }

    pub(crate) fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreNotice> {
        // "\n" on every system (RON's default is CRLF on Windows): the same
        // file whatever wrote it, and no mixed line ends with the last one.
        let pretty = ron::ser::PrettyConfig::new()
            .new_line("\n")
            .struct_names(false);
        let text =
            ron::ser::to_string_pretty(value, pretty).map_err(|e| StoreNotice::CannotWrite {
                file: name.into(),
                reason: e.to_string(),
            })?;
        self.save_text(name, &format!("{text}\n"))
    }

    /// The preferences (defaults when missing or bad; a file of an older
    /// version is read as it was written).
    pub fn load_prefs(&self) -> (Prefs, Option<StoreNotice>) {
        let read = self.load_with("prefs.ron", PREFS_VERSION, |text| {
            let prefs = read_prefs(text)?;
            prefs.check().map_err(ReadError::refused)?;
            Ok(prefs)
        });
        match read {
            Ok(Some(p)) => (p, None),
            // No file yet: a new player.
            Ok(None) => (Prefs::default(), None),
            Err(n) => (Prefs::default(), Some(n)),
        }
    }

    /// Saves the preferences.
    pub fn save_prefs(&self, prefs: &Prefs) -> Result<(), StoreNotice> {
        self.save("prefs.ron", prefs)
    }

    /// The online seat to come back to, if one was kept and reads.
    pub fn load_online(&self) -> (Option<OnlineSeat>, Option<StoreNotice>) {
        let check = |s: &OnlineSeat| {
            if s.room.is_empty() || s.token.is_empty() || s.server.is_empty() {
                return Err(ReadError::Refused(
                    "the room, the token and the server must be named".into(),
                ));
            }
            Ok(())
        };
        match self.load(
            "online.ron",
            ONLINE_VERSION,
            |s: &OnlineSeat| s.version,
            check,
        ) {
            Ok(s) => (s, None),
            Err(n) => (None, Some(n)),
        }
    }

    /// Removes a file (a missing one is fine).
    pub(crate) fn forget(&self, name: &str) -> Result<(), StoreNotice> {
        self.place
            .remove(name)
            .map_err(|e| StoreNotice::CannotWrite {
                file: name.into(),
                reason: e.to_string(),
            })
    }

    /// The names of the files directly in the folder `dir`, unsorted.
    pub(crate) fn list(&self, dir: &str) -> Vec<String> {
        self.place.list(dir)
    }
}
