//! Preferences: everything in the settings panel.
//!
//! Kept as one serde struct with `#[serde(default)]`, so a file from an
//! older version that lacks a field still loads.

pub use crate::any_game::GameKind;
use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::{Rules, Seat};
use crate::game::Game;
use crate::game::Level;
use crate::i18n::Lang;
use crate::table::Controller;
use serde::{Deserialize, Serialize};

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

/// The version of the preferences this build writes.
pub const PREFS_VERSION: u32 = 1;

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
    /// 2, 3 or 4 players.
    pub player_count: usize,
    /// Who plays each colour, by seat index.
    pub players: [PlayerKind; 4],
    /// The rules of the next game.
    pub rules: Rules,
    /// Roll automatically when it is a person's turn.
    pub auto_roll: bool,
    /// Move automatically when only one move is possible.
    pub auto_move: bool,
    /// Computer players move quickly.
    pub fast_bots: bool,
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
    /// Cờ nhảy's own settings.
    pub nhay: NhayPrefs,
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
            player_count: 4,
            players: [
                PlayerKind::Human,
                PlayerKind::Bot(DEFAULT_BOT),
                PlayerKind::Bot(DEFAULT_BOT),
                PlayerKind::Bot(DEFAULT_BOT),
            ],
            rules: Rules::standard(),
            auto_roll: false,
            auto_move: false,
            fast_bots: false,
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
            nhay: NhayPrefs::default(),
            welcomed: false,
            lesson_stars: std::collections::BTreeMap::new(),
        }
    }
}

impl Prefs {
    /// The colours of a new game with these preferences.
    pub fn seats(&self) -> Vec<Seat> {
        // The panel offers 2 to 4 players; a hand-edited count plays the
        // nearest game.
        CaNgua::seats_for(&self.rules, self.player_count.clamp(2, 4))
            .unwrap_or_else(|_| Seat::ALL.to_vec())
    }

    /// Who controls each seat, by seat index.
    pub fn controllers(&self) -> [Controller; 4] {
        self.players.map(PlayerKind::controller)
    }

    /// True when a game under `rules` with these colours is what these
    /// preferences would start, players aside (those can change during a
    /// game).
    pub fn matches_game(&self, rules: &Rules, seats: &[Seat]) -> bool {
        *rules == self.rules && seats == self.seats().as_slice()
    }

    /// Who plays `seat`.
    pub fn player(&self, seat: Seat) -> PlayerKind {
        self.players[seat.index()]
    }
}

/// Cờ nhảy's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NhayPrefs {
    /// 2, 3, 4 or 6 players.
    pub player_count: usize,
    /// Who plays each colour, by arm.
    pub players: [PlayerKind; 6],
    /// The rules of the next game.
    pub rules: crate::co_nhay::engine::Rules,
    /// Computer players move quickly.
    pub fast_bots: bool,
}

impl Default for NhayPrefs {
    fn default() -> Self {
        let bot = PlayerKind::Bot(Level::Medium);
        NhayPrefs {
            player_count: 2,
            players: [PlayerKind::Human, bot, bot, bot, bot, bot],
            rules: crate::co_nhay::engine::Rules::standard(),
            fast_bots: false,
        }
    }
}

impl NhayPrefs {
    /// The seating of a new game (two players should the count be one
    /// that is not offered).
    pub fn seating(&self) -> crate::co_nhay::engine::Players {
        crate::co_nhay::engine::Players::from_count(self.player_count)
            .unwrap_or(crate::co_nhay::engine::Players::Two)
    }

    /// Who controls each arm, by arm.
    pub fn controllers(&self) -> [Controller; 6] {
        self.players.map(PlayerKind::controller)
    }

    /// True when a game under `rules` with this seating is what these
    /// settings would start, players aside (those can change during a
    /// game).
    pub fn matches_game(
        &self,
        rules: &crate::co_nhay::engine::Rules,
        players: crate::co_nhay::engine::Players,
    ) -> bool {
        *rules == self.rules && players == self.seating()
    }
}

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
