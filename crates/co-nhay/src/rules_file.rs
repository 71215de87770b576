//! Cờ nhảy rule sets as RON files: the format of `ca-ngua-cli nhay
//! --rules FILE`, of `ca-ngua-cli nhay rules show`, and of saved custom
//! presets. The frame every game's files share is `ca_ngua_core::game::rules_file`:
//!
//! ```ron
//! (
//!     version: 1,
//!     name: "standard",
//!     rules: (
//!         anti_blocking: true,
//!         other_arms: allowed,
//!         game_end: play_on,
//!     ),
//! )
//! ```
//!
//! Every field is named and required; an unknown field, a missing one or a
//! file from a newer version is refused with a message that names it.

use super::engine::Rules;
use ca_ngua_core::game::rules_file::{
    RulesFileError, check_version, describe_ron_error, refuse_newer, to_pretty_ron,
};
use serde::{Deserialize, Serialize};

/// The version this build writes and reads.
pub const RULES_FILE_VERSION: u32 = 1;

/// A named Cờ nhảy rule set as stored in a file.
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
        // A rule set of another game is named as such by
        // `ca_ngua_games::read_rules`, which knows every game.
        let set: RuleSet =
            ron::from_str(text).map_err(|e| RulesFileError(describe_ron_error(&e)))?;
        check_version(set.version, RULES_FILE_VERSION)?;
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
        for rules in Rules::all() {
            let set = RuleSet::new("any", rules);
            assert_eq!(RuleSet::from_ron(&set.to_ron()), Ok(set));
        }
    }

    #[test]
    fn the_file_names_every_field() {
        let text = RuleSet::new("strict", Rules::strict()).to_ron();
        for field in [
            "version: 1",
            "name: \"strict\"",
            "anti_blocking: true",
            "other_arms: forbidden",
            "game_end: play_on",
        ] {
            assert!(text.contains(field), "{field} missing from\n{text}");
        }
    }

    #[test]
    fn refusals_name_the_field() {
        let good = RuleSet::new("x", Rules::standard()).to_ron();
        let cases = [
            (good.replace("anti_blocking", "anti_block"), "anti_block"),
            (good.replace("        game_end: play_on,\n", ""), "game_end"),
            (
                good.replace("other_arms: allowed", "other_arms: sometimes"),
                "sometimes",
            ),
            (
                good.replace("anti_blocking: true", "anti_blocking: 1"),
                "line 5",
            ),
            (good.replace("version: 1", "version: 2"), "newer release"),
            (
                good.replace("version: 1", "version: 0"),
                "version: expected 1",
            ),
            ("(".to_string(), "line 1"),
        ];
        for (text, needle) in cases {
            let err = RuleSet::from_ron(&text).expect_err(&text).to_string();
            assert!(err.contains(needle), "{err:?} lacks {needle:?}");
        }
    }
}
