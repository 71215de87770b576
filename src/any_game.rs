//! The closed set of games: [`GameKind`] names a game where one of either
//! is stored, sent or chosen (a preference, a save, a room), and
//! [`with_game!`](crate::with_game) turns a kind into code written once
//! over the [`Game`](crate::game::Game) trait. Like shakmaty's
//! `VariantPosition`, this is the one place that lists the games: adding
//! a third is a variant here and an arm in the macro, nothing else to edit
//! outside the new game's folder.

use crate::game::Game;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games the app plays.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Cờ Cá Ngựa (Vietnamese Ludo).
    #[default]
    CaNgua,
    /// Cờ nhảy (Chinese checkers).
    CoNhay,
}

/// Runs `$body` with `$g` standing for the game type of `$kind`:
/// `with_game!(kind, G => Table::<G>::lobby(...))`.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::any_game::GameKind::CaNgua => {
                type $g = $crate::ca_ngua::CaNgua;
                $body
            }
            $crate::any_game::GameKind::CoNhay => {
                type $g = $crate::co_nhay::CoNhay;
                $body
            }
        }
    };
}

impl GameKind {
    /// Every game, in the picker's order.
    pub const ALL: [GameKind; 2] = [GameKind::CaNgua, GameKind::CoNhay];

    /// The game's name on the wire and in files (`ca-ngua`, `co-nhay`).
    pub fn id(self) -> &'static str {
        with_game!(self, G => G::ID)
    }

    /// The kind of a game type.
    pub fn of<G: Game>() -> GameKind {
        GameKind::ALL
            .into_iter()
            .find(|k| k.id() == G::ID)
            .unwrap_or_default()
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for GameKind {
    type Err = String;

    /// Reads a game's name as the protocol writes it.
    fn from_str(s: &str) -> Result<GameKind, String> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.id() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
                format!("unknown game '{s}' (expected {})", names.join(" or "))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ca_ngua::CaNgua;
    use crate::co_nhay::CoNhay;

    #[test]
    fn every_kind_reads_back_from_its_name_and_names_its_type() {
        for kind in GameKind::ALL {
            assert_eq!(kind.id().parse::<GameKind>(), Ok(kind));
        }
        assert_eq!(GameKind::of::<CaNgua>(), GameKind::CaNgua);
        assert_eq!(GameKind::of::<CoNhay>(), GameKind::CoNhay);
        assert!("chess".parse::<GameKind>().is_err());
    }
}
