//! The rule set of Cờ nhảy (CO-NHAY.md §3–4): anti-blocking, the "other
//! arms" toggle and how the game ends, with the presets `standard`, `quick`
//! and `strict`.

use serde::{Deserialize, Serialize};

/// Whether a move may end in an arm that is neither the mover's start arm
/// nor its target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OtherArms {
    /// Any empty hole may end a move (standard).
    Allowed,
    /// A move may not end in another player's arm (nor an empty arm); jump
    /// chains may still pass through.
    Forbidden,
}

/// When the game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// The others play on for places until one player is left (standard).
    PlayOn,
    /// The game ends with the first finisher; the others are ranked by the
    /// distance they have left.
    FirstWinner,
}

/// A complete rule set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// CO-NHAY.md §4: a full target arm holding some of the player's pieces
    /// and otherwise only pieces of the arm's owner is a win.
    pub anti_blocking: bool,
    /// Whether moves may end in other arms.
    pub other_arms: OtherArms,
    /// When the game ends.
    pub game_end: GameEnd,
}

/// The names of the built-in presets, in menu order.
pub const PRESET_NAMES: [&str; 3] = ["standard", "quick", "strict"];

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

impl Rules {
    /// Anti-blocking on, other arms allowed, play on.
    pub const fn standard() -> Rules {
        Rules {
            anti_blocking: true,
            other_arms: OtherArms::Allowed,
            game_end: GameEnd::PlayOn,
        }
    }

    /// As standard, but the game ends with the first winner.
    pub const fn quick() -> Rules {
        let mut r = Rules::standard();
        r.game_end = GameEnd::FirstWinner;
        r
    }

    /// As standard, but moves may not end in other arms.
    pub const fn strict() -> Rules {
        let mut r = Rules::standard();
        r.other_arms = OtherArms::Forbidden;
        r
    }

    /// A built-in preset by name.
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "standard" => Some(Rules::standard()),
            "quick" => Some(Rules::quick()),
            "strict" => Some(Rules::strict()),
            _ => None,
        }
    }

    /// The name of the built-in preset equal to these rules, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESET_NAMES
            .into_iter()
            .find(|name| Rules::preset(name).as_ref() == Some(self))
    }

    /// Every combination of the toggles (for tests and tools).
    pub fn all() -> impl Iterator<Item = Rules> {
        [true, false].into_iter().flat_map(|anti_blocking| {
            [OtherArms::Allowed, OtherArms::Forbidden]
                .into_iter()
                .flat_map(move |other_arms| {
                    [GameEnd::PlayOn, GameEnd::FirstWinner]
                        .into_iter()
                        .map(move |game_end| Rules {
                            anti_blocking,
                            other_arms,
                            game_end,
                        })
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_differ_from_standard_in_one_toggle_each() {
        for name in PRESET_NAMES {
            let r = Rules::preset(name).expect("preset");
            assert_eq!(r.preset_name(), Some(name));
        }
        assert!(Rules::preset("classic").is_none());
        let s = Rules::standard();
        assert!(s.anti_blocking);
        assert_eq!(s.other_arms, OtherArms::Allowed);
        assert_eq!(s.game_end, GameEnd::PlayOn);
        assert_eq!(
            Rules {
                game_end: GameEnd::FirstWinner,
                ..s
            },
            Rules::quick()
        );
        assert_eq!(
            Rules {
                other_arms: OtherArms::Forbidden,
                ..s
            },
            Rules::strict()
        );
        assert_eq!(Rules::all().count(), 8);
    }
}
