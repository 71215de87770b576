//! Files under the user's config directory: `prefs.ron`, `game.ron` (the
//! game in progress), `stats.ron` and `rules/<name>.ron` (custom rule
//! presets), and Cờ nhảy's `co-nhay/game.ron` and `co-nhay/stats.ron`.
//! `CA_NGUA_CONFIG_DIR` overrides the directory.
//!
//! Every file carries a version. Writes are atomic (a temporary file, then a
//! rename), so a crash never leaves half a file. A file that cannot be read
//! — corrupt, truncated, or from a newer version — is moved aside as
//! `<name>.bad-<timestamp>` and the app starts from defaults with a notice:
//! a bad file never costs the player anything. An unwritable directory gives
//! a notice, never a crash.

use crate::ca_ngua::CaNgua;
use crate::ca_ngua::rules_file::RuleSet;
use crate::co_nhay::CoNhay;
use crate::game::rules_file::describe_ron_error;
use crate::prefs::{PREFS_VERSION, Prefs};
use crate::stats::{NHAY_STATS_VERSION, NhayStats};
use crate::stats::{STATS_VERSION, Stats};
use crate::table::{BotJob, Runner, Table, TableRecord};
mod legacy;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable that overrides the config directory.
pub const CONFIG_DIR_VAR: &str = "CA_NGUA_CONFIG_DIR";

/// The version of `game.ron` this build writes (1 held the state and a
/// move log; 2 holds the table's events).
pub const GAME_VERSION: u32 = 2;

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
        }
    }
}

/// `game.ron`: the game in progress, as the table's events (the roll
/// waiting for its move included, so restarting never re-rolls).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// Format version.
    pub version: u32,
    /// The table: rules, who plays each seat, every event.
    pub table: TableRecord<CaNgua>,
    /// The statistics already count this game's result.
    #[serde(default)]
    pub result_recorded: bool,
}

impl GameFile {
    /// The file of a table.
    pub fn of(table: &Table<CaNgua>, result_recorded: bool) -> GameFile {
        GameFile {
            version: GAME_VERSION,
            table: table.record(),
            result_recorded,
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

/// The version of `co-nhay/game.ron` this build writes (1 wrote arms as
/// numbers, under names of its own; 2 writes the events of every game).
pub const NHAY_GAME_VERSION: u32 = 2;

/// `co-nhay/game.ron`: the Cờ nhảy game in progress, as its table's events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NhayGameFile {
    /// Format version.
    pub version: u32,
    /// The table: rules, who plays each arm, every event.
    pub table: TableRecord<CoNhay>,
    /// The statistics already count this game's result.
    #[serde(default)]
    pub result_recorded: bool,
}

impl NhayGameFile {
    /// The file of a table.
    pub fn of(table: &Table<CoNhay>, result_recorded: bool) -> NhayGameFile {
        NhayGameFile {
            version: NHAY_GAME_VERSION,
            table: table.record(),
            result_recorded,
        }
    }
}

/// A Cờ nhảy game restored from `co-nhay/game.ron`.
#[derive(Debug)]
pub struct NhaySavedGame {
    /// The table, every event checked against the engine.
    pub table: Table<CoNhay>,
    /// The statistics already count its result.
    pub result_recorded: bool,
}

/// Cờ nhảy's files, in their own folder.
const NHAY_GAME_FILE: &str = "co-nhay/game.ron";
const NHAY_STATS_FILE: &str = "co-nhay/stats.ron";

/// A game restored from `game.ron`.
#[derive(Debug)]
pub struct SavedGame {
    /// The table, every event checked against the engine.
    pub table: Table<CaNgua>,
    /// The statistics already count its result.
    pub result_recorded: bool,
}

#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// The version field of a RON file, if it has one that reads.
fn version_of_text(text: &str) -> Option<u32> {
    ron::from_str::<VersionOnly>(text).ok().map(|v| v.version)
}

fn newer(v: u32, current: u32) -> String {
    format!("made by a newer version of the game (file version {v}, this one reads {current})")
}

/// Where the files live.
#[derive(Clone, Debug)]
pub struct Store {
    dir: Option<PathBuf>,
}

fn now_stamp() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    format!("{}{:03}", d.as_secs(), d.subsec_millis())
}

/// A file name is safe for a rule set: no path separators, not empty, not
/// hidden.
pub fn valid_rule_set_name(name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && name.chars().count() <= 60
        && !name.starts_with('.')
        && !name.chars().any(|c| {
            matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') || c.is_control()
        })
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
                        Store { dir: None },
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
        (Store { dir: Some(dir) }, notice)
    }

    /// A store in `dir` (created if missing).
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        let dir = dir.into();
        let _ = std::fs::create_dir_all(&dir);
        Store { dir: Some(dir) }
    }

    /// A store that keeps nothing.
    pub fn none() -> Store {
        Store { dir: None }
    }

    /// The directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    /// Reads a versioned RON file: `Ok(None)` when it does not exist, the
    /// value when it reads and `check` accepts it; otherwise the file is
    /// moved aside and a notice says why.
    fn load<T: DeserializeOwned>(
        &self,
        name: &str,
        current: u32,
        version_of: impl Fn(&T) -> u32,
        check: impl Fn(&T) -> Result<(), String>,
    ) -> Result<Option<T>, StoreNotice> {
        self.load_with(name, current, |text| {
            let value = ron::from_str::<T>(text).map_err(|e| describe_ron_error(&e))?;
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
    fn load_with<T>(
        &self,
        name: &str,
        current: u32,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, StoreNotice> {
        let Some(path) = self.path(name) else {
            return Ok(None);
        };
        let text = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
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
            Err(reason) => Err(self.move_aside(name, &path, reason)),
        }
    }

    fn move_aside(&self, name: &str, path: &Path, reason: String) -> StoreNotice {
        // Beside the file, in its own folder (`co-nhay/game.ron` is kept
        // as `co-nhay/game.ron.bad-…`).
        let base = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| name.to_string());
        let kept_as = path.with_file_name(format!("{base}.bad-{}", now_stamp()));
        match std::fs::rename(path, &kept_as) {
            Ok(()) => StoreNotice::MovedAside {
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

    /// Writes a file atomically: a temporary file beside it, then a rename.
    fn save_text(&self, name: &str, text: &str) -> Result<(), StoreNotice> {
        let Some(path) = self.path(name) else {
            return Ok(());
        };
        let fail = |e: std::io::Error| StoreNotice::CannotWrite {
            file: name.into(),
            reason: e.to_string(),
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(fail)?;
        }
        let base = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = path.with_file_name(format!(".{base}.tmp-{}", std::process::id()));
        std::fs::write(&tmp, text).map_err(fail)?;
        std::fs::rename(&tmp, &path).map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            fail(e)
        })
    }

    fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreNotice> {
        let pretty = ron::ser::PrettyConfig::new().struct_names(false);
        let text =
            ron::ser::to_string_pretty(value, pretty).map_err(|e| StoreNotice::CannotWrite {
                file: name.into(),
                reason: e.to_string(),
            })?;
        self.save_text(name, &format!("{text}\n"))
    }

    /// The preferences (defaults when missing or bad).
    pub fn load_prefs(&self) -> (Prefs, Option<StoreNotice>) {
        let check = |p: &Prefs| {
            p.rules.validate().map_err(|e| format!("rules.{e}"))?;
            if !(2..=4).contains(&p.player_count) {
                return Err(format!("player_count: {} is not 2, 3 or 4", p.player_count));
            }
            if crate::co_nhay::engine::Players::from_count(p.nhay.player_count).is_none() {
                return Err(format!(
                    "nhay.player_count: {} is not 2, 3, 4 or 6",
                    p.nhay.player_count
                ));
            }
            Ok(())
        };
        match self.load("prefs.ron", PREFS_VERSION, |p: &Prefs| p.version, check) {
            Ok(p) => (p.unwrap_or_default(), None),
            Err(n) => (Prefs::default(), Some(n)),
        }
    }

    /// Saves the preferences.
    pub fn save_prefs(&self, prefs: &Prefs) -> Result<(), StoreNotice> {
        self.save("prefs.ron", prefs)
    }

    /// The game in progress, if one was saved and every event replays
    /// (checked and restored once, with fresh secure dice and `runner` for
    /// its computer players). A game saved by version 1 continues from its
    /// state.
    pub fn load_game(
        &self,
        runner: Box<dyn Runner<BotJob<CaNgua>>>,
    ) -> (Option<SavedGame>, Option<StoreNotice>) {
        let runner = std::cell::RefCell::new(Some(runner));
        let parsed = self.load_with("game.ron", GAME_VERSION, |text| {
            let file = match version_of_text(text) {
                Some(1) => ron::from_str::<legacy::GameFileV1>(text)
                    .map_err(|e| describe_ron_error(&e))?
                    .upgrade()?,
                _ => ron::from_str::<GameFile>(text).map_err(|e| describe_ron_error(&e))?,
            };
            if file.version > GAME_VERSION {
                return Err(newer(file.version, GAME_VERSION));
            }
            let runner = runner
                .borrow_mut()
                .take()
                .ok_or_else(|| "read twice".to_string())?;
            let table = Table::restore(file.table, crate::game::secure_rng(), runner)
                .map_err(|e| format!("the saved game does not replay: {e}"))?;
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
    pub fn save_game(&self, game: &GameFile) -> Result<(), StoreNotice> {
        self.save("game.ron", game)
    }

    /// The online seat to come back to, if one was kept and reads.
    pub fn load_online(&self) -> (Option<OnlineSeat>, Option<StoreNotice>) {
        let check = |s: &OnlineSeat| {
            if s.room.is_empty() || s.token.is_empty() || s.server.is_empty() {
                return Err("the room, the token and the server must be named".to_string());
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
    fn forget(&self, name: &str) -> Result<(), StoreNotice> {
        let Some(path) = self.path(name) else {
            return Ok(());
        };
        match std::fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreNotice::CannotWrite {
                file: name.into(),
                reason: e.to_string(),
            }),
        }
    }

    /// The statistics.
    pub fn load_stats(&self) -> (Stats, Option<StoreNotice>) {
        match self.load(
            "stats.ron",
            STATS_VERSION,
            |s: &Stats| s.version,
            |_| Ok(()),
        ) {
            Ok(s) => (s.unwrap_or_default(), None),
            Err(n) => (Stats::default(), Some(n)),
        }
    }

    /// Saves the statistics.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreNotice> {
        self.save("stats.ron", stats)
    }

    /// The Cờ nhảy game in progress, if one was saved and every event
    /// replays (with fresh secure seeds and `runner` for its computer
    /// players).
    pub fn load_nhay_game(
        &self,
        runner: Box<dyn Runner<BotJob<CoNhay>>>,
    ) -> (Option<NhaySavedGame>, Option<StoreNotice>) {
        let runner = std::cell::RefCell::new(Some(runner));
        let parsed = self.load_with(NHAY_GAME_FILE, NHAY_GAME_VERSION, |text| {
            let file = match version_of_text(text) {
                Some(1) => ron::from_str::<legacy::NhayGameFileV1>(text)
                    .map_err(|e| describe_ron_error(&e))?
                    .upgrade()?,
                _ => ron::from_str::<NhayGameFile>(text).map_err(|e| describe_ron_error(&e))?,
            };
            if file.version > NHAY_GAME_VERSION {
                return Err(newer(file.version, NHAY_GAME_VERSION));
            }
            let runner = runner
                .borrow_mut()
                .take()
                .ok_or_else(|| "read twice".to_string())?;
            let table = Table::restore(file.table, crate::game::secure_rng(), runner)
                .map_err(|e| format!("the saved game does not replay: {e}"))?;
            Ok(NhaySavedGame {
                table,
                result_recorded: file.result_recorded,
            })
        });
        match parsed {
            Ok(g) => (g, None),
            Err(n) => (None, Some(n)),
        }
    }

    /// Saves the Cờ nhảy game in progress.
    pub fn save_nhay_game(&self, game: &NhayGameFile) -> Result<(), StoreNotice> {
        self.save(NHAY_GAME_FILE, game)
    }

    /// Cờ nhảy's statistics.
    pub fn load_nhay_stats(&self) -> (NhayStats, Option<StoreNotice>) {
        match self.load(
            NHAY_STATS_FILE,
            NHAY_STATS_VERSION,
            |s: &NhayStats| s.version,
            |_| Ok(()),
        ) {
            Ok(s) => (s.unwrap_or_default(), None),
            Err(n) => (NhayStats::default(), Some(n)),
        }
    }

    /// Saves Cờ nhảy's statistics.
    pub fn save_nhay_stats(&self, stats: &NhayStats) -> Result<(), StoreNotice> {
        self.save(NHAY_STATS_FILE, stats)
    }

    fn rule_set_file(name: &str) -> String {
        format!("rules/{}.ron", name.trim())
    }

    /// The saved custom rule sets, by name; bad files are moved aside.
    pub fn rule_sets(&self) -> (Vec<RuleSet>, Vec<StoreNotice>) {
        let mut sets = Vec::new();
        let mut notices = Vec::new();
        let Some(dir) = self.path("rules") else {
            return (sets, notices);
        };
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return (sets, notices);
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter_map(|n| n.strip_suffix(".ron").map(str::to_string))
            .filter(|n| valid_rule_set_name(n))
            .collect();
        names.sort();
        for name in names {
            let file = Store::rule_set_file(&name);
            match self.load_rule_set_file(&file) {
                Ok(Some(mut set)) => {
                    set.name = name;
                    sets.push(set);
                }
                Ok(None) => {}
                Err(n) => notices.push(n),
            }
        }
        (sets, notices)
    }

    fn load_rule_set_file(&self, file: &str) -> Result<Option<RuleSet>, StoreNotice> {
        let Some(path) = self.path(file) else {
            return Ok(None);
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(StoreNotice::Unreadable {
                    file: file.into(),
                    reason: e.to_string(),
                });
            }
        };
        match RuleSet::from_ron(&text) {
            Ok(set) => Ok(Some(set)),
            Err(e) => Err(self.move_aside_nested(file, &path, e.to_string())),
        }
    }

    fn move_aside_nested(&self, file: &str, path: &Path, reason: String) -> StoreNotice {
        let base = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut notice = self.move_aside(&base, path, reason);
        if let StoreNotice::MovedAside { file: f, .. } | StoreNotice::Unreadable { file: f, .. } =
            &mut notice
        {
            *f = file.to_string();
        }
        notice
    }

    /// Saves a custom rule set under its name (replacing one of that name).
    pub fn save_rule_set(&self, set: &RuleSet) -> Result<(), StoreNotice> {
        if !valid_rule_set_name(&set.name) {
            return Err(StoreNotice::CannotWrite {
                file: set.name.clone(),
                reason: "a name may not be empty or contain / \\ : * ? \" < > |".into(),
            });
        }
        self.save_text(&Store::rule_set_file(&set.name), &set.to_ron())
    }

    /// Deletes a custom rule set.
    pub fn delete_rule_set(&self, name: &str) -> Result<(), StoreNotice> {
        let Some(path) = self.path(&Store::rule_set_file(name)) else {
            return Ok(());
        };
        match std::fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreNotice::CannotWrite {
                file: Store::rule_set_file(name),
                reason: e.to_string(),
            }),
        }
    }

    /// Renames a custom rule set.
    pub fn rename_rule_set(&self, old: &str, new: &str) -> Result<(), StoreNotice> {
        let file = Store::rule_set_file(old);
        let set = self
            .load_rule_set_file(&file)?
            .ok_or(StoreNotice::Unreadable {
                file: file.clone(),
                reason: "no such rule set".into(),
            })?;
        self.save_rule_set(&RuleSet::new(new.trim(), set.rules))?;
        if old.trim() != new.trim() {
            self.delete_rule_set(old)?;
        }
        Ok(())
    }
}

/// One file to write.
#[derive(Debug)]
enum Payload {
    Online(Option<OnlineSeat>),
    Prefs(Box<Prefs>),
    Game(Box<GameFile>),
    Stats(Box<Stats>),
    NhayGame(Box<NhayGameFile>),
    NhayStats(Box<NhayStats>),
}

impl Payload {
    fn name(&self) -> &'static str {
        match self {
            Payload::Online(_) => "online.ron",
            Payload::Prefs(_) => "prefs.ron",
            Payload::Game(_) => "game.ron",
            Payload::Stats(_) => "stats.ron",
            Payload::NhayGame(_) => NHAY_GAME_FILE,
            Payload::NhayStats(_) => NHAY_STATS_FILE,
        }
    }

    fn write(&self, store: &Store) -> Result<(), StoreNotice> {
        match self {
            Payload::Online(Some(seat)) => store.save("online.ron", seat),
            Payload::Online(None) => store.forget("online.ron"),
            Payload::Prefs(p) => store.save_prefs(p),
            Payload::Game(g) => store.save_game(g),
            Payload::Stats(s) => store.save_stats(s),
            Payload::NhayGame(g) => store.save_nhay_game(g),
            Payload::NhayStats(s) => store.save_nhay_stats(s),
        }
    }
}

enum Job {
    Write(Payload),
    Flush(mpsc::Sender<()>),
}

/// Writes files on a thread of its own, so the game never waits for the
/// disk: each save replaces any of the same file still waiting (only the
/// newest is written), writes stay atomic, and dropping the saver (or
/// [`Saver::flush`]) waits until everything asked for is on disk — closing
/// the window right after a move loses nothing.
pub struct Saver {
    store: Store,
    jobs: Option<mpsc::Sender<Job>>,
    notices: mpsc::Receiver<StoreNotice>,
    thread: Option<JoinHandle<()>>,
}

impl fmt::Debug for Saver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Saver").field("store", &self.store).finish()
    }
}

impl Saver {
    /// A saver writing into `store`.
    pub fn new(store: Store) -> Saver {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (tell, notices) = mpsc::channel();
        let writer = store.clone();
        let thread = std::thread::Builder::new()
            .name("saver".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    // Everything waiting now, the newest of each file only.
                    let mut latest: BTreeMap<&'static str, Payload> = BTreeMap::new();
                    let mut flushes = Vec::new();
                    let mut take = |job: Job| match job {
                        Job::Write(p) => {
                            latest.insert(p.name(), p);
                        }
                        Job::Flush(done) => flushes.push(done),
                    };
                    take(first);
                    while let Ok(job) = rx.try_recv() {
                        take(job);
                    }
                    for payload in latest.values() {
                        if let Err(n) = payload.write(&writer) {
                            let _ = tell.send(n);
                        }
                    }
                    for done in flushes {
                        let _ = done.send(());
                    }
                }
            });
        match thread {
            Ok(thread) => Saver {
                store,
                jobs: Some(jobs),
                notices,
                thread: Some(thread),
            },
            // No thread to be had: write on the caller's thread instead.
            Err(_) => Saver {
                store,
                jobs: None,
                notices,
                thread: None,
            },
        }
    }

    /// The store it writes into.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn send(&self, payload: Payload) {
        let unsent = match &self.jobs {
            Some(jobs) => jobs.send(Job::Write(payload)).err().map(|e| e.0),
            None => Some(Job::Write(payload)),
        };
        if let Some(Job::Write(p)) = unsent {
            let _ = p.write(&self.store);
        }
    }

    /// Saves the preferences, soon.
    pub fn save_prefs(&self, prefs: &Prefs) {
        self.send(Payload::Prefs(Box::new(prefs.clone())));
    }

    /// Saves the game in progress, soon.
    pub fn save_game(&self, game: GameFile) {
        self.send(Payload::Game(Box::new(game)));
    }

    /// Remembers an online seat (or forgets it), soon.
    pub fn save_online(&self, seat: Option<OnlineSeat>) {
        self.send(Payload::Online(seat));
    }

    /// Saves the statistics, soon.
    pub fn save_stats(&self, stats: &Stats) {
        self.send(Payload::Stats(Box::new(stats.clone())));
    }

    /// Saves the Cờ nhảy game in progress, soon.
    pub fn save_nhay_game(&self, game: NhayGameFile) {
        self.send(Payload::NhayGame(Box::new(game)));
    }

    /// Saves Cờ nhảy's statistics, soon.
    pub fn save_nhay_stats(&self, stats: &NhayStats) {
        self.send(Payload::NhayStats(Box::new(stats.clone())));
    }

    /// Waits until everything asked for so far is written.
    pub fn flush(&self) {
        let Some(jobs) = &self.jobs else {
            return;
        };
        let (done, wait) = mpsc::channel();
        if jobs.send(Job::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }

    /// Files that could not be written since the last call.
    pub fn notices(&self) -> Vec<StoreNotice> {
        self.notices.try_iter().collect()
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        // Closing the channel ends the thread once it has written all.
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Writes a rule set to any file (export, for a friend).
pub fn export_rule_set(set: &RuleSet, path: &Path) -> Result<(), String> {
    std::fs::write(path, set.to_ron()).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a rule set from any file (import); the message names a bad field.
pub fn import_rule_set(path: &Path) -> Result<RuleSet, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    RuleSet::from_ron(&text).map_err(|e| e.to_string())
}
