//! Rule sets as RON files: the format of `--rules FILE`, of
//! `ca-ngua-cli rules show`, and of the app's saved custom presets.
//!
//! ```ron
//! (
//!     version: 1,
//!     name: "standard",
//!     rules: (
//!         dice: one,
//!         exit_rolls: six,
//!         ...
//!     ),
//! )
//! ```
//!
//! Every field is named and required; an unknown field, a missing one, a
//! file from a newer version, or settings that contradict each other are
//! refused with a message that names the field.

use crate::engine::Rules;
use ca_ngua_core::game::rules_file::{
    RulesFileError, check_version, describe_ron_error, refuse_newer, to_pretty_ron,
};
use serde::{Deserialize, Serialize};

/// The version this build writes and reads.
pub const RULES_FILE_VERSION: u32 = 1;

/// A named rule set as stored in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// Format version, [`RULES_FILE_VERSION`].
    pub version: u32,
    /// The name players know this rule set by.
    pub name: String,
    /// The toggles.
    pub rules: Rules,
}

impl RuleSet {
    /// A rule set with the current version.
    pub fn new(name: &str, rules: Rules) -> RuleSet {
        RuleSet {
            version: RULES_FILE_VERSION,
            name: name.to_string(),
            rules,
        }
    }

    /// The RON text of this rule set, one field a line.
    pub fn to_ron(&self) -> String {
        to_pretty_ron(self)
    }

    /// Parses and checks a rules file's text.
    pub fn from_ron(text: &str) -> Result<RuleSet, RulesFileError> {
        // The version first, so that a newer file is refused for being
        // newer rather than for a field this build does not know.
        refuse_newer(text, RULES_FILE_VERSION)?;
        let set: RuleSet =
            ron::from_str(text).map_err(|e| RulesFileError(describe_ron_error(&e)))?;
        check_version(set.version, RULES_FILE_VERSION)?;
        set.rules
            .validate()
            .map_err(|e| RulesFileError(format!("rules.{e}")))?;
        Ok(set)
    }
}

impl ca_ngua_core::game::rules_file::RuleSetFile for RuleSet {
    type Rules = Rules;

    fn new(name: &str, rules: Rules) -> RuleSet {
        RuleSet::new(name, rules)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn name_mut(&mut self) -> &mut String {
        &mut self.name
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn to_ron(&self) -> String {
        RuleSet::to_ron(self)
    }

    fn from_ron(text: &str) -> Result<RuleSet, RulesFileError> {
        RuleSet::from_ron(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PRESET_NAMES;

    #[test]
    fn presets_round_trip() {
        for name in PRESET_NAMES {
            let rules = Rules::preset(name).expect("preset");
            let set = RuleSet::new(name, rules);
            let text = set.to_ron();
            assert_eq!(RuleSet::from_ron(&text), Ok(set), "{text}");
        }
    }

    #[test]
    fn the_file_names_every_field() {
        let text = RuleSet::new("standard", Rules::standard()).to_ron();
        for field in [
            "version: 1",
            "dice: one",
            "exit_rolls: six",
            "safe_squares: starts_and_stars",
            "game_end: first_winner_by_horses_home",
            "roll_cap: 900",
        ] {
            assert!(text.contains(field), "{field} missing from\n{text}");
        }
    }

    #[test]
    fn refusals_name_the_field() {
        let good = RuleSet::new("x", Rules::standard()).to_ron();
        let cases = [
            (good.replace("no_passing", "no_pasing"), "no_pasing"),
            (good.replace("    dice: one,\n", ""), "dice"),
            (good.replace("roll_cap: 900", "roll_cap: 0"), "roll_cap"),
            (good.replace("dice: one", "dice: three"), "three"),
            (good.replace("version: 1", "version: 2"), "newer release"),
            (
                good.replace("dice: one", "dice: two")
                    .replace("exit_rolls: six", "exit_rolls: one_or_six"),
                "exit_rolls",
            ),
            ("(".to_string(), "line 1"),
        ];
        for (text, needle) in cases {
            let err = RuleSet::from_ron(&text).expect_err(&text).to_string();
            assert!(err.contains(needle), "{err:?} lacks {needle:?}");
        }
    }
}
