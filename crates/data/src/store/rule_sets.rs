//! Saved custom rule sets: `rules/<name>.ron` in the game's folder
//! ([`Files::DIR`]), bad files moved aside; export and import to any file.
//! Each game's rule-set file is a [`RuleSetFile`].

use super::{Files, ReadError, RuleSetFileError, Store, StoreNotice};
use ca_ngua_core::game::Game;
pub use ca_ngua_core::game::rules_file::RuleSetFile;
use ca_ngua_core::game::rules_file::RulesFileError;
use std::path::Path;

/// A file name is safe for a rule set: no path separators, not empty, not
/// hidden.
pub fn valid_rule_set_name(name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && name.chars().count() <= 60
        && !name.starts_with('.')
        && !name.chars().any(|c| {
            matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') || c.is_control()
        })
}

impl Store {
    pub(crate) fn rule_set_file<G: Files>(name: &str) -> String {
        format!("{}rules/{}.ron", G::DIR, name.trim())
    }

    /// Game `G`'s saved custom rule sets, by name; bad files are moved
    /// aside.
    pub fn rule_sets<G: Files>(&self) -> (Vec<G::RuleSet>, Vec<StoreNotice>) {
        let mut sets = Vec::new();
        let mut notices = Vec::new();
        let mut names: Vec<String> = self
            .list(&format!("{}rules", G::DIR))
            .into_iter()
            .filter_map(|n| n.strip_suffix(".ron").map(str::to_string))
            .filter(|n| valid_rule_set_name(n))
            .collect();
        names.sort();
        for name in names {
            let file = Store::rule_set_file::<G>(&name);
            match self.load_rule_set_file::<G::RuleSet>(&file) {
                Ok(Some(mut set)) => {
                    *set.name_mut() = name;
                    sets.push(set);
                }
                Ok(None) => {}
                Err(n) => notices.push(n),
            }
        }
        (sets, notices)
    }

    fn load_rule_set_file<S: RuleSetFile>(&self, file: &str) -> Result<Option<S>, StoreNotice> {
        let text = match self.place.read(file) {
            Ok(Some(bytes)) => match String::from_utf8(bytes) {
                Ok(t) => t,
                Err(_) => return Err(self.move_aside(file, ReadError::NotText)),
            },
            Ok(None) => return Ok(None),
            Err(e) => {
                return Err(StoreNotice::Unreadable {
                    file: file.into(),
                    reason: e.to_string(),
                });
            }
        };
        match S::from_ron(&text) {
            Ok(set) => Ok(Some(set)),
            Err(e) => Err(self.move_aside(file, e)),
        }
    }

    /// Saves a custom rule set of game `G` under its name (replacing one of
    /// that name).
    pub fn save_rule_set<G: Files>(&self, set: &G::RuleSet) -> Result<(), StoreNotice> {
        if !valid_rule_set_name(set.name()) {
            return Err(StoreNotice::CannotWrite {
                file: set.name().to_string(),
                reason: "a name may not be empty or contain / \\ : * ? \" < > |".into(),
            });
        }
        self.save_text(&Store::rule_set_file::<G>(set.name()), &set.to_ron())
    }

    /// Deletes a custom rule set of game `G`.
    pub fn delete_rule_set<G: Files>(&self, name: &str) -> Result<(), StoreNotice> {
        self.forget(&Store::rule_set_file::<G>(name))
    }

    /// Renames a custom rule set of game `G`.
    pub fn rename_rule_set<G: Files>(&self, old: &str, new: &str) -> Result<(), StoreNotice> {
        let file = Store::rule_set_file::<G>(old);
        let set = self
            .load_rule_set_file::<G::RuleSet>(&file)?
            .ok_or(StoreNotice::Unreadable {
                file: file.clone(),
                reason: "no such rule set".into(),
            })?;
        self.save_rule_set::<G>(&G::RuleSet::new(new.trim(), set.rules()))?;
        if old.trim() != new.trim() {
            self.delete_rule_set::<G>(old)?;
        }
        Ok(())
    }
}
/// The error of a file that could not be read or written.
fn io_error(path: &Path, e: std::io::Error) -> RuleSetFileError {
    RuleSetFileError::Io {
        path: path.to_path_buf(),
        reason: e.to_string(),
    }
}

/// Writes a rule set to any file (export, for a friend).
pub fn export_rule_set<S: RuleSetFile>(set: &S, path: &Path) -> Result<(), RuleSetFileError> {
    std::fs::write(path, set.to_ron()).map_err(|e| io_error(path, e))
}

/// Reads a rule set from any file (import); the message names a bad field.
pub fn import_rule_set<S: RuleSetFile>(path: &Path) -> Result<S, RuleSetFileError> {
    let text = std::fs::read_to_string(path).map_err(|e| io_error(path, e))?;
    S::from_ron(&text).map_err(RuleSetFileError::Rules)
}

/// Resolves `--rules` for either game: a preset name (`preset`, one of
/// `preset_names`), or the path of a RON rules file read by `parse`.
pub fn load_rules_with<R>(
    arg: &str,
    preset: impl Fn(&str) -> Option<R>,
    preset_names: &[&str],
    parse: impl Fn(&str) -> Result<R, RulesFileError>,
) -> Result<R, RulesFileError> {
    if let Some(rules) = preset(arg) {
        return Ok(rules);
    }
    let path = Path::new(arg);
    if !path.exists() {
        return Err(RulesFileError(format!(
            "unknown rules '{arg}' (expected a preset: {}, or the path of a rules file)",
            preset_names.join(", ")
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| RulesFileError(format!("cannot read rules file {arg}: {e}")))?;
    parse(&text).map_err(|e| RulesFileError(format!("rules file {arg}: {e}")))
}

/// Resolves `--rules` for `G`: one of its presets, or the path of a rule-set
/// file read by [`read_rules`].
pub fn load_rules<G: Game>(arg: &str) -> Result<G::Rules, RulesFileError> {
    load_rules_with(arg, G::preset, G::PRESETS, ca_ngua_games::read_rules::<G>)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_ca_ngua::CaNgua;
    use game_co_nhay::CoNhay;

    #[test]
    fn rules_are_a_preset_or_a_file() {
        assert_eq!(
            load_rules::<CoNhay>("quick"),
            Ok(game_co_nhay::engine::Rules::quick())
        );
        assert!(load_rules::<CaNgua>("no-such-preset-or-file").is_err());
    }
}
