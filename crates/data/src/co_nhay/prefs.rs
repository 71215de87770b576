//! Cờ nhảy's settings: who plays each arm, the rules of the next game, its
//! pace (its section of `prefs.ron`, [`Settings`]).

use crate::prefs::GamePrefs;
use crate::prefs::{BadSetting, PlayerKind, Settings};
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Players, Rules};
use serde::{Deserialize, Serialize};

/// Cờ nhảy's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// 2, 3, 4 or 6 players.
    pub player_count: usize,
    /// Who plays each colour, by arm.
    pub players: [PlayerKind; 6],
    /// The rules of the next game.
    pub rules: Rules,
    /// Computer players move quickly.
    pub fast_bots: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        let bot = PlayerKind::Bot(Level::Medium);
        Prefs {
            player_count: 2,
            players: [PlayerKind::Human, bot, bot, bot, bot, bot],
            rules: Rules::standard(),
            fast_bots: false,
        }
    }
}

impl Prefs {
    /// The seating of a new game (two players should the count be one
    /// that is not offered).
    pub fn seating(&self) -> Players {
        Players::from_count(self.player_count).unwrap_or(Players::Two)
    }

    /// Who controls each arm, by arm.
    pub fn controllers(&self) -> [Controller; 6] {
        self.players.map(PlayerKind::controller)
    }

    /// True when a game under `rules` with this seating is what these
    /// settings would start, players aside (those can change during a
    /// game).
    pub fn matches_game(&self, rules: &Rules, players: Players) -> bool {
        *rules == self.rules && players == self.seating()
    }
}

/// `prefs.ron` as version 1 wrote it: this game's settings in `nhay`.
#[derive(Deserialize)]
struct PrefsV1 {
    #[serde(default)]
    nhay: Prefs,
}

impl Settings for CoNhay {
    type Prefs = Prefs;

    fn section(games: &GamePrefs) -> &Prefs {
        &games.co_nhay
    }

    fn section_mut(games: &mut GamePrefs) -> &mut Prefs {
        &mut games.co_nhay
    }

    fn check_prefs(p: &Prefs) -> Result<(), BadSetting> {
        if Players::from_count(p.player_count).is_none() {
            return Err(BadSetting {
                field: "player_count".into(),
                why: format!("{} is not 2, 3, 4 or 6", p.player_count),
            });
        }
        Ok(())
    }

    /// Version 1 held these settings in `nhay`.
    fn prefs_v1(text: &str) -> Result<Prefs, ron::error::SpannedError> {
        ron::from_str::<PrefsV1>(text).map(|v1| v1.nhay)
    }
}
