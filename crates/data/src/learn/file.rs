//! The lesson files as written (`assets/lessons/*.ron`, compiled in):
//! the frame, one lesson's fields, rules as a preset and toggles.

use super::{Goal, Lesson, LessonError, Teach};
use ca_ngua_core::game::Game;
use ca_ngua_games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Every game's shipped lesson file: (file name, text), in the games'
/// order.
pub fn lesson_files() -> Vec<(&'static str, &'static str)> {
    GameKind::ALL
        .into_iter()
        .map(|k| ca_ngua_games::with_game!(k, G => G::LESSONS))
        .collect()
}

/// The version of the lesson format this build reads.
pub const LESSONS_VERSION: u32 = 1;

/// A lesson file: a version and the lessons, in the order they are taught.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// The format's version (1).
    pub version: u32,
    /// The lessons, in order.
    pub lessons: Vec<LessonDef>,
}

/// One lesson as written. Words are text keys of `i18n/{vi,en}/learn.ftl`;
/// positions, rolls and moves are in the game's notation
/// (`docs/NOTATION.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonDef {
    /// A stable id, the key of the stars kept in the settings.
    pub id: String,
    /// The game: `ca-ngua` or `co-nhay`.
    pub game: String,
    /// The title's text key.
    pub title: String,
    /// The idea, in a few sentences (text key).
    pub text: String,
    /// The task (text key).
    pub task: String,
    /// The words of the hint (text key); the board also marks the intended
    /// move.
    pub hint: String,
    /// What is said once the goal is reached (text key).
    pub done: String,
    /// The rules in force.
    #[serde(default)]
    pub rules: RulesDef,
    /// The start, in the game's setup notation; the colour or arm to play
    /// is the learner's.
    pub setup: String,
    /// Cờ Cá Ngựa: the rolls the lesson uses, in order.
    #[serde(default)]
    pub dice: Vec<String>,
    /// What the engine checks.
    pub goal: Goal,
    /// The intended moves (empty for a question).
    #[serde(default)]
    pub solution: Vec<String>,
    /// Why a move other than the intended one is refused (text key).
    pub why: String,
    /// Moves refused with their own explanation: (move, text key).
    #[serde(default)]
    pub wrong: Vec<(String, String)>,
    /// Two stars for at most this many moves beyond the solution's
    /// length (three at its length, one beyond).
    #[serde(default = "two_stars_margin")]
    pub two_stars_margin: u32,
}

fn two_stars_margin() -> u32 {
    2
}

/// Rules as a preset and the toggles changed from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// The preset's name (`standard` by default).
    pub preset: String,
    /// Fields of the rules changed from the preset: the field's name and
    /// its value as a rule-set file writes it (`"true"`, `"block"`, `"60"`).
    #[serde(default)]
    pub set: BTreeMap<String, String>,
}

impl Default for RulesDef {
    fn default() -> Self {
        RulesDef {
            preset: "standard".into(),
            set: BTreeMap::new(),
        }
    }
}

/// Why a [`RulesDef`] names no rules of the game, or why rules cannot be
/// written as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The game has no preset of this name.
    NoPreset {
        /// The name asked for.
        name: String,
        /// The game's presets, which the message lists (none listed when
        /// empty).
        presets: &'static [&'static str],
    },
    /// The rules and JSON do not go into each other; the parser's words.
    Json(String),
    /// The game's rules are not a set of named fields.
    NotFields,
    /// The game's rules have no field of this name.
    NoField(String),
    /// A field that is not a flag, a number or a name.
    Unwritable {
        /// The field's name.
        field: String,
        /// Its value, in JSON.
        value: String,
    },
    /// A preset and fields read back as other rules.
    NotAPreset,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::NoPreset { name, presets: [] } => {
                write!(f, "rules: no preset '{name}'")
            }
            RulesError::NoPreset { name, presets } => write!(
                f,
                "rules: no preset '{name}' (one of {})",
                presets.join(", ")
            ),
            RulesError::Json(e) => write!(f, "rules: {e}"),
            RulesError::NotFields => f.write_str("rules: not a set of fields"),
            RulesError::NoField(name) => write!(f, "rules: no field '{name}'"),
            RulesError::Unwritable { field, value } => {
                write!(f, "rules: field '{field}' = {value} cannot be written")
            }
            RulesError::NotAPreset => {
                f.write_str("rules: these rules cannot be written as a preset and fields")
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl From<serde_json::Error> for RulesError {
    fn from(e: serde_json::Error) -> RulesError {
        RulesError::Json(e.to_string())
    }
}

impl RulesDef {
    /// The rules of game `G`: the preset with the toggles set; the error
    /// names the preset or the field.
    pub fn rules<G: Game>(&self) -> Result<G::Rules, RulesError> {
        let preset = G::preset(&self.preset).ok_or_else(|| RulesError::NoPreset {
            name: self.preset.clone(),
            presets: G::PRESETS,
        })?;
        if self.set.is_empty() {
            return Ok(preset);
        }
        let mut value = serde_json::to_value(preset)?;
        let Some(fields) = value.as_object_mut() else {
            return Err(RulesError::NotFields);
        };
        for (name, text) in &self.set {
            if !fields.contains_key(name) {
                return Err(RulesError::NoField(name.clone()));
            }
            // true, false and numbers as themselves; anything else a name.
            let v = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .filter(|v| v.is_boolean() || v.is_number())
                .unwrap_or_else(|| serde_json::Value::String(text.clone()));
            fields.insert(name.clone(), v);
        }
        Ok(serde_json::from_value(value)?)
    }
}

impl RulesDef {
    /// `rules` written as the standard preset and the fields that differ
    /// from it (a field that is not a flag, a number or a name cannot be
    /// written, and says so).
    pub fn of<G: Game>(rules: &G::Rules) -> Result<RulesDef, RulesError> {
        let base = G::PRESETS.first().copied().unwrap_or("standard");
        let standard = G::preset(base).ok_or_else(|| RulesError::NoPreset {
            name: base.to_string(),
            presets: &[],
        })?;
        let (a, b) = (
            serde_json::to_value(standard)?,
            serde_json::to_value(rules)?,
        );
        let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
            return Err(RulesError::NotFields);
        };
        let mut set = BTreeMap::new();
        for (name, value) in b {
            if a.get(name) == Some(value) {
                continue;
            }
            let text = match value {
                serde_json::Value::Bool(x) => x.to_string(),
                serde_json::Value::Number(x) => x.to_string(),
                serde_json::Value::String(x) => x.clone(),
                other => {
                    return Err(RulesError::Unwritable {
                        field: name.clone(),
                        value: other.to_string(),
                    });
                }
            };
            set.insert(name.clone(), text);
        }
        let def = RulesDef {
            preset: base.to_string(),
            set,
        };
        // Read back, it must be the same rules.
        if def.rules::<G>()? != *rules {
            return Err(RulesError::NotAPreset);
        }
        Ok(def)
    }
}

/// Reads a lesson file's text; the error names the file.
pub fn read_lessons(name: &str, text: &str) -> Result<LessonFile, LessonError> {
    let file: LessonFile = read_frame(name, text, LESSONS_VERSION, |f: &LessonFile| f.version)?;
    unique_ids(name, file.lessons.iter().map(|l| l.id.as_str()))?;
    Ok(file)
}

/// Reads a RON file of lessons or puzzles and checks its version
/// (`current`); the error names the file.
pub(super) fn read_frame<T: serde::de::DeserializeOwned>(
    name: &str,
    text: &str,
    current: u32,
    version: impl Fn(&T) -> u32,
) -> Result<T, LessonError> {
    let file: T = ron::from_str(text).map_err(|e| LessonError {
        lesson: name.to_string(),
        message: e.to_string(),
    })?;
    let v = version(&file);
    if v != current {
        return Err(LessonError {
            lesson: name.to_string(),
            message: format!("version {v} (this build reads {current})"),
        });
    }
    Ok(file)
}

/// The first id used twice in file `name`, as the error naming it.
pub(super) fn unique_ids<'a>(
    name: &str,
    ids: impl Iterator<Item = &'a str>,
) -> Result<(), LessonError> {
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(LessonError {
                lesson: id.to_string(),
                message: format!("the id is used twice in {name}"),
            });
        }
    }
    Ok(())
}

/// The shipped lessons of game `G`, each read and validated, in order:
/// the first that cannot be used stops the list with its error.
pub fn lessons_of<G: Teach>() -> Result<Vec<Lesson<G>>, LessonError> {
    let (name, text) = G::LESSONS;
    read_lessons(name, text)?
        .lessons
        .into_iter()
        .filter(|d| d.game == G::ID)
        .map(Lesson::new)
        .collect()
}
