//! Saved custom rule sets: `rules/<name>.ron`, bad files moved aside;
//! export and import to any file.

use super::{Store, StoreNotice};
use crate::ca_ngua::rules_file::RuleSet;
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
    pub(crate) fn rule_set_file(name: &str) -> String {
        format!("rules/{}.ron", name.trim())
    }

    /// The saved custom rule sets, by name; bad files are moved aside.
    pub fn rule_sets(&self) -> (Vec<RuleSet>, Vec<StoreNotice>) {
        let mut sets = Vec::new();
        let mut notices = Vec::new();
        let Some(dir) = self.path("rules") else {
            return (sets, notices);
        };
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return (sets, notices);
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter_map(|n| n.strip_suffix(".ron").map(str::to_string))
            .filter(|n| valid_rule_set_name(n))
            .collect();
        names.sort();
        for name in names {
            let file = Store::rule_set_file(&name);
            match self.load_rule_set_file(&file) {
                Ok(Some(mut set)) => {
                    set.name = name;
                    sets.push(set);
                }
                Ok(None) => {}
                Err(n) => notices.push(n),
            }
        }
        (sets, notices)
    }

    fn load_rule_set_file(&self, file: &str) -> Result<Option<RuleSet>, StoreNotice> {
        let Some(path) = self.path(file) else {
            return Ok(None);
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(StoreNotice::Unreadable {
                    file: file.into(),
                    reason: e.to_string(),
                });
            }
        };
        match RuleSet::from_ron(&text) {
            Ok(set) => Ok(Some(set)),
            Err(e) => Err(self.move_aside_nested(file, &path, e.to_string())),
        }
    }

    fn move_aside_nested(&self, file: &str, path: &Path, reason: String) -> StoreNotice {
        let base = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut notice = self.move_aside(&base, path, reason);
        if let StoreNotice::MovedAside { file: f, .. } | StoreNotice::Unreadable { file: f, .. } =
            &mut notice
        {
            *f = file.to_string();
        }
        notice
    }

    /// Saves a custom rule set under its name (replacing one of that name).
    pub fn save_rule_set(&self, set: &RuleSet) -> Result<(), StoreNotice> {
        if !valid_rule_set_name(&set.name) {
            return Err(StoreNotice::CannotWrite {
                file: set.name.clone(),
                reason: "a name may not be empty or contain / \\ : * ? \" < > |".into(),
            });
        }
        self.save_text(&Store::rule_set_file(&set.name), &set.to_ron())
    }

    /// Deletes a custom rule set.
    pub fn delete_rule_set(&self, name: &str) -> Result<(), StoreNotice> {
        let Some(path) = self.path(&Store::rule_set_file(name)) else {
            return Ok(());
        };
        match std::fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreNotice::CannotWrite {
                file: Store::rule_set_file(name),
                reason: e.to_string(),
            }),
        }
    }

    /// Renames a custom rule set.
    pub fn rename_rule_set(&self, old: &str, new: &str) -> Result<(), StoreNotice> {
        let file = Store::rule_set_file(old);
        let set = self
            .load_rule_set_file(&file)?
            .ok_or(StoreNotice::Unreadable {
                file: file.clone(),
                reason: "no such rule set".into(),
            })?;
        self.save_rule_set(&RuleSet::new(new.trim(), set.rules))?;
        if old.trim() != new.trim() {
            self.delete_rule_set(old)?;
        }
        Ok(())
    }
}
/// Writes a rule set to any file (export, for a friend).
pub fn export_rule_set(set: &RuleSet, path: &Path) -> Result<(), String> {
    std::fs::write(path, set.to_ron()).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a rule set from any file (import); the message names a bad field.
pub fn import_rule_set(path: &Path) -> Result<RuleSet, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    RuleSet::from_ron(&text).map_err(|e| e.to_string())
}
