//! Tips ("Mẹo chơi"): a short strategy page per game, each tip with a
//! board that shows it. Tips are data (`assets/tips/*.ron`, compiled in;
//! `docs/LESSONS.md`, "Tips", describes the format); this module reads
//! them and checks every value with the engine: the rules, the setup, the
//! roll, and the move the board marks, which must be legal in that
//! position with that roll. No egui here.

use super::{RulesDef, Teach};
use ca_ngua_core::game::{Game, Next};
use ca_ngua_games::GameKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Every game's shipped tip file: (file name, text), in the games' order.
pub fn tip_files() -> Vec<(&'static str, &'static str)> {
    GameKind::ALL
        .into_iter()
        .map(|k| ca_ngua_games::with_game!(k, G => G::TIPS))
        .collect()
}

/// The version of the tip format this build reads.
pub const TIPS_VERSION: u32 = 1;

/// A tip file: a version and the tips, in the order they are shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TipFile {
    /// The format's version (1).
    pub version: u32,
    /// The tips, in order.
    pub tips: Vec<TipDef>,
}

/// One tip as written. Words are text keys of `i18n/{vi,en}/tips.ftl`;
/// positions, rolls and moves are in the game's notation
/// (`docs/NOTATION.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TipDef {
    /// A stable id, named in errors.
    pub id: String,
    /// The game: `ca-ngua` or `co-nhay`.
    pub game: String,
    /// The title's text key.
    pub title: String,
    /// The tip itself, a few sentences (text key).
    pub text: String,
    /// The rules in force (the standard preset when left out).
    #[serde(default)]
    pub rules: RulesDef,
    /// The position the board shows, in the game's setup notation.
    pub setup: String,
    /// Cờ Cá Ngựa: the roll made, waiting for its move.
    #[serde(default)]
    pub roll: Option<String>,
    /// The move the board marks: legal in `setup` after `roll`.
    #[serde(default)]
    pub show: Option<String>,
}

/// A tip read and checked against its game: the values the board shows.
#[derive(Clone, Debug)]
pub struct Tip<G: Game> {
    /// The tip as written.
    pub def: TipDef,
    /// The rules in force.
    pub rules: G::Rules,
    /// The game the board shows (before the roll).
    pub state: G::State,
    /// The roll made, waiting for its move (Cờ Cá Ngựa).
    pub roll: Option<G::Roll>,
    /// The move the board marks.
    pub show: Option<G::Move>,
}

/// A tip that cannot be used, and why; names the tip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TipError {
    /// The tip's id (or the file's name when no tip could be read).
    pub tip: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tip '{}': {}", self.tip, self.message)
    }
}

impl std::error::Error for TipError {}

impl<G: Game> Tip<G> {
    /// Reads a tip's values in the game's notation and checks them: the
    /// rules, the setup (a game not over), the roll (one the rules allow,
    /// with a move to make), the move shown (legal after that roll).
    pub fn new(def: TipDef) -> Result<Tip<G>, TipError> {
        let id = def.id.clone();
        let err = |message: String| TipError {
            tip: id.clone(),
            message,
        };
        if def.game != G::ID {
            return Err(err(format!("is for '{}', not '{}'", def.game, G::ID)));
        }
        let rules = def.rules.rules::<G>().map_err(|e| err(e.to_string()))?;
        G::check_rules(&rules).map_err(|e| err(format!("rules: {e}")))?;
        let setup: G::Setup = def
            .setup
            .parse()
            .map_err(|e| err(format!("setup '{}': {e}", def.setup)))?;
        let state = G::from_setup(&rules, &setup).map_err(|e| err(format!("setup: {e}")))?;
        if G::turn(&state).is_none() {
            return Err(err("setup: the game is over".into()));
        }
        let roll = match &def.roll {
            None => None,
            Some(_) if !G::HAS_DICE => return Err(err("roll: this game has no dice".into())),
            Some(text) => {
                let roll: G::Roll = text
                    .parse()
                    .map_err(|e| err(format!("roll '{text}': {e}")))?;
                G::check_roll(&state, roll).map_err(|e| err(format!("roll {roll}: {e}")))?;
                Some(roll)
            }
        };
        // What the position waits for once the roll is made: a choice.
        let moves = match G::next(&state, roll) {
            Next::Choose(_, moves) => moves,
            Next::Roll(_) => return Err(err("roll: the position waits for a roll".into())),
            Next::Pass(_) => {
                return Err(err(match roll {
                    Some(r) => format!("roll {r}: no legal move (it would be passed)"),
                    None => "setup: no legal move (it would be passed)".into(),
                }));
            }
            Next::Over(_) => return Err(err("setup: the game is over".into())),
        };
        let show = match &def.show {
            None => None,
            Some(text) => {
                let mv: G::Move = text
                    .parse()
                    .map_err(|e| err(format!("show '{text}': {e}")))?;
                if !moves.contains(&mv) {
                    let after = roll.map(|r| format!(" after {r}")).unwrap_or_default();
                    let legal: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    return Err(err(format!(
                        "show: {mv} is not a legal move here{after} (legal: {})",
                        legal.join(" ")
                    )));
                }
                Some(mv)
            }
        };
        Ok(Tip {
            def,
            rules,
            state,
            roll,
            show,
        })
    }
}

/// Reads a tip file's text: its version and that no id is used twice;
/// the error names the file or the tip.
pub fn read_tips(name: &str, text: &str) -> Result<TipFile, TipError> {
    // `roll: "6"` and `show: "12-17"` are written without `Some(…)`.
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let file: TipFile = options.from_str(text).map_err(|e| TipError {
        tip: name.to_string(),
        message: e.to_string(),
    })?;
    if file.version != TIPS_VERSION {
        return Err(TipError {
            tip: name.to_string(),
            message: format!("version {} (this build reads {TIPS_VERSION})", file.version),
        });
    }
    let mut seen = std::collections::BTreeSet::new();
    for t in &file.tips {
        if !seen.insert(t.id.as_str()) {
            return Err(TipError {
                tip: t.id.clone(),
                message: format!("the id is used twice in {name}"),
            });
        }
    }
    Ok(file)
}

/// The tips of game `G` in one file's text, each read and checked, in
/// order: the first that cannot be used stops the list with its error.
pub fn tips_in<G: Game>(name: &str, text: &str) -> Result<Vec<Tip<G>>, TipError> {
    read_tips(name, text)?
        .tips
        .into_iter()
        .filter(|d| d.game == G::ID)
        .map(Tip::new)
        .collect()
}

/// The shipped tips of game `G`, each read and checked, in order.
pub fn tips_of<G: Teach>() -> Result<Vec<Tip<G>>, TipError> {
    let (name, text) = G::TIPS;
    tips_in::<G>(name, text)
}
