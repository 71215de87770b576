//! Preferences: everything in the settings panel.
//!
//! Kept as one serde struct with `#[serde(default)]`, so a file from an
//! older version that lacks a field still loads. What belongs to one game
//! (who plays, the rules of its next game, its pace) is that game's
//! section ([`Settings::Prefs`], in the game's folder), one per game in
//! [`GamePrefs`].
//!
//! Version 1 held Cờ Cá Ngựa's settings at the top level and Cờ nhảy's in
//! `nhay`; version 2 holds each game's in `games`. A version 1 file is
//! read by [`read_prefs`]: the shared settings as they are, each game's
//! section by the game ([`Settings::prefs_v1`]).

use crate::file_format::{ReadError, newer, version_of_text};
use ca_ngua_core::game::Game;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
pub use ca_ngua_games::GameKind;
use ca_ngua_games::{CaNgua, CoNhay};
use ca_ngua_i18n::Lang;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The level a new computer player starts at.
pub const DEFAULT_BOT: Level = Level::Medium;

/// Who plays a colour in a game at this device.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// A person at this device.
    Human,
    /// The computer, at a level.
    Bot(Level),
}

impl PlayerKind {
    /// True for a person.
    pub fn is_human(self) -> bool {
        self == PlayerKind::Human
    }

    /// Who controls the seat at the table.
    pub fn controller(self) -> Controller {
        match self {
            PlayerKind::Human => Controller::Here,
            PlayerKind::Bot(level) => Controller::Computer(level),
        }
    }
}

/// The version of the preferences this build writes (2: a section per
/// game).
pub const PREFS_VERSION: u32 = 2;

/// The look of the app.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    /// Follow the system.
    #[default]
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// The settings panel, as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Format version.
    pub version: u32,
    /// The language; `None` until chosen (the first start follows the
    /// system).
    pub lang: Option<Lang>,
    /// Light, dark or the system's look.
    pub look: Look,
    /// Sounds off.
    pub muted: bool,
    /// Sound volume, 0–100.
    pub volume: u8,
    /// Number every track square (otherwise the starts, the stars and
    /// every fifth square).
    pub all_numbers: bool,
    /// The name other players see online.
    pub online_name: String,
    /// Rooms are opened on the server below rather than on this device.
    pub online_use_server: bool,
    /// The server to open rooms on (`HOST:PORT`), when one is used.
    pub online_server: String,
    /// What people may say in a room opened here (PROTOCOL.md v3 `chat`).
    pub online_chat: OnlineChat,
    /// Seconds per turn in a room opened here (0: no clock; 10 to 120).
    pub online_turn_secs: u32,
    /// The game in front: Cờ Cá Ngựa or Cờ nhảy.
    pub game: GameKind,
    /// Each game's own settings.
    pub games: GamePrefs,
    /// The welcome ("play now, or learn first?") has been answered. A new
    /// player has no file and is welcomed; a file from a version before
    /// the welcome lacks the field and belongs to a player who knows the
    /// app already.
    #[serde(default = "welcomed_before")]
    pub welcomed: bool,
    /// Stars earned in the lessons, by lesson id (1–3; a lesson not yet
    /// solved is absent).
    pub lesson_stars: std::collections::BTreeMap<String, u8>,
}

/// A preferences file without the `welcomed` field was written before the
/// welcome existed: its player is not new.
fn welcomed_before() -> bool {
    true
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            version: PREFS_VERSION,
            lang: None,
            look: Look::System,
            muted: false,
            volume: 70,
            all_numbers: false,
            online_name: String::new(),
            online_use_server: false,
            online_server: String::new(),
            online_chat: OnlineChat::Phrases,
            online_turn_secs: 0,
            game: GameKind::default(),
            games: GamePrefs::default(),
            welcomed: false,
            lesson_stars: std::collections::BTreeMap::new(),
        }
    }
}

impl Prefs {
    /// Game `G`'s settings.
    pub fn of<G: Settings>(&self) -> &G::Prefs {
        G::section(&self.games)
    }

    /// Game `G`'s settings, to change them.
    pub fn of_mut<G: Settings>(&mut self) -> &mut G::Prefs {
        G::section_mut(&mut self.games)
    }

    /// Refuses preferences the panel could not have written: each game's
    /// section by its game (the field is named from the file's top:
    /// `games.co_nhay.player_count`).
    pub fn check(&self) -> Result<(), BadSetting> {
        for kind in GameKind::ALL {
            ca_ngua_games::with_game!(kind, G => G::check_prefs(self.of::<G>()).map_err(|e| BadSetting {
                field: format!("games.{}.{}", G::ID.replace('-', "_"), e.field),
                why: e.why,
            })?);
        }
        Ok(())
    }
}

/// Reads the text of `prefs.ron` of any version this build knows, as
/// today's preferences (not yet checked: [`Prefs::check`]).
pub fn read_prefs(text: &str) -> Result<Prefs, ReadError> {
    match version_of_text(text) {
        Some(v) if v > PREFS_VERSION => Err(newer(v, PREFS_VERSION)),
        Some(1) => read_v1(text),
        _ => ron::from_str::<Prefs>(text).map_err(|e| ReadError::ron(&e)),
    }
}

/// Version 1: the shared settings where they are today, each game's
/// section read by the game from the whole text.
fn read_v1(text: &str) -> Result<Prefs, ReadError> {
    let mut prefs = ron::from_str::<Prefs>(text).map_err(|e| ReadError::ron(&e))?;
    for kind in GameKind::ALL {
        ca_ngua_games::with_game!(kind, G => *prefs.of_mut::<G>() = G::prefs_v1(text).map_err(|e| ReadError::ron(&e))?);
    }
    prefs.version = PREFS_VERSION;
    Ok(prefs)
}

/// Each game's own settings ([`Settings::Prefs`], defined in the game's
/// folder): a section per game in `prefs.ron`, named by the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GamePrefs {
    /// Cờ Cá Ngựa's.
    pub ca_ngua: <CaNgua as Settings>::Prefs,
    /// Cờ nhảy's.
    pub co_nhay: <CoNhay as Settings>::Prefs,
}

/// A game's part of the settings panel: its section of the preferences,
/// kept in [`GamePrefs`].
pub trait Settings: Game {
    /// The game's section: who plays each colour, the rules of its next
    /// game, its pace.
    type Prefs: Clone + fmt::Debug + Default + PartialEq + Serialize + DeserializeOwned;
    /// Its section of every game's.
    fn section(games: &GamePrefs) -> &Self::Prefs;
    /// Its section of every game's, to change it.
    fn section_mut(games: &mut GamePrefs) -> &mut Self::Prefs;
    /// Refuses a section the panel could not have written.
    fn check_prefs(prefs: &Self::Prefs) -> Result<(), BadSetting>;
    /// Its section as version 1 of `prefs.ron` held it, from the file's
    /// whole text.
    fn prefs_v1(text: &str) -> Result<Self::Prefs, ron::error::SpannedError>;
}

/// A setting the panel could not have written: which, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSetting {
    /// The field (`player_count`, `rules.roll_cap`).
    pub field: String,
    /// What is wrong with its value.
    pub why: String,
}

impl fmt::Display for BadSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.why)
    }
}

impl std::error::Error for BadSetting {}

/// What people may say in an online room the player opens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OnlineChat {
    /// Phrases and emoji (the default).
    #[default]
    Phrases,
    /// Also a line of free text.
    Text,
    /// Nothing.
    Off,
}
