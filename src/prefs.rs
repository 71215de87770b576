//! Preferences: everything in the settings panel.
//!
//! Kept as one serde struct with `#[serde(default)]`, so a file from an
//! older version that lacks a field still loads.

use crate::engine::{Rules, Seat};
use crate::i18n::Lang;
use crate::session::{GameConfig, PlayerKind};
use serde::{Deserialize, Serialize};

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
}

impl Default for Prefs {
    fn default() -> Self {
        let config = GameConfig::default();
        Prefs {
            version: PREFS_VERSION,
            lang: None,
            player_count: 4,
            players: config.players,
            rules: Rules::standard(),
            auto_roll: false,
            auto_move: false,
            fast_bots: false,
            look: Look::System,
        }
    }
}

impl Prefs {
    /// The configuration of a new game with these preferences.
    pub fn game_config(&self) -> GameConfig {
        GameConfig {
            seats: GameConfig::seats_for(self.player_count),
            players: self.players,
            rules: self.rules,
        }
    }

    /// True when a game with `config` is what these preferences would
    /// start, players aside (those can change during a game).
    pub fn matches_game(&self, config: &GameConfig) -> bool {
        config.rules == self.rules && config.seats == GameConfig::seats_for(self.player_count)
    }

    /// Who plays `seat`.
    pub fn player(&self, seat: Seat) -> PlayerKind {
        self.players[seat.index()]
    }
}
