//! Cờ Cá Ngựa's settings: who plays each colour, the rules of the next
//! game, its pace (its section of `prefs.ron`, [`Settings`]).

use crate::prefs::GamePrefs;
use crate::prefs::{BadSetting, DEFAULT_BOT, PlayerKind, Settings};
use ca_ngua_core::game::Game;
use ca_ngua_core::table::Controller;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};
use serde::{Deserialize, Serialize};

/// Cờ Cá Ngựa's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
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
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
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
        }
    }
}

impl Prefs {
    /// The colours of a new game with these settings.
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
    /// settings would start, players aside (those can change during a
    /// game).
    pub fn matches_game(&self, rules: &Rules, seats: &[Seat]) -> bool {
        *rules == self.rules && seats == self.seats().as_slice()
    }

    /// Who plays `seat`.
    pub fn player(&self, seat: Seat) -> PlayerKind {
        self.players[seat.index()]
    }
}

impl Settings for CaNgua {
    type Prefs = Prefs;

    fn section(games: &GamePrefs) -> &Prefs {
        &games.ca_ngua
    }

    fn section_mut(games: &mut GamePrefs) -> &mut Prefs {
        &mut games.ca_ngua
    }

    fn check_prefs(p: &Prefs) -> Result<(), BadSetting> {
        p.rules.validate().map_err(|e| BadSetting {
            field: format!("rules.{}", e.field),
            why: e.message,
        })?;
        if !(2..=4).contains(&p.player_count) {
            return Err(BadSetting {
                field: "player_count".into(),
                why: format!("{} is not 2, 3 or 4", p.player_count),
            });
        }
        Ok(())
    }

    /// Version 1 held these settings at the top level of the file (the
    /// other fields are not this game's, and are passed over).
    fn prefs_v1(text: &str) -> Result<Prefs, ron::error::SpannedError> {
        ron::from_str(text)
    }
}
