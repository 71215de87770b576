//! Saving, renaming, deleting, exporting and importing custom rule sets.

use super::CaNguaGame;
use crate::app::play::rule_sets::RuleSetAction;
use crate::app::text::store_notice;
use ca_ngua_data::store::{Store, valid_rule_set_name};
use ca_ngua_i18n::{Arg, I18n};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;
use game_ca_ngua::rules_code::{self, RulesCodeError};
use game_ca_ngua::rules_file::RuleSet;

impl CaNguaGame {
    /// Carries out an action on the saved rule sets (`rules`: the rules
    /// being edited, for Save) and says how it went under the fields.
    pub fn rule_set_action(
        &mut self,
        action: RuleSetAction,
        rules: Rules,
        store: &Store,
        i18n: &I18n,
    ) {
        use RuleSetAction as A;
        let message = match action {
            A::Save(name) => {
                let set = RuleSet::new(&name, rules);
                match store.save_rule_set::<CaNgua>(&set) {
                    Ok(()) => i18n.t_args("saved-rules-saved", &[("name", Arg::from(name))]),
                    Err(n) => store_notice(i18n, &n),
                }
            }
            A::Delete(name) => match store.delete_rule_set::<CaNgua>(&name) {
                Ok(()) => i18n.t_args("saved-rules-deleted", &[("name", Arg::from(name))]),
                Err(n) => store_notice(i18n, &n),
            },
            A::Rename(old, new) => match store.rename_rule_set::<CaNgua>(&old, &new) {
                Ok(()) => i18n.t_args("saved-rules-renamed", &[("name", Arg::from(new))]),
                Err(n) => store_notice(i18n, &n),
            },
            A::Export(name, file) => {
                let set = self
                    .local
                    .rule_sets
                    .iter()
                    .find(|s| s.name == name)
                    .cloned();
                match set.map(|s| file.write(s.to_ron().as_bytes())) {
                    Some(Ok(())) => {
                        i18n.t_args("saved-rules-exported", &[("file", Arg::from(file.shown()))])
                    }
                    Some(Err(e)) => i18n.t_args(
                        "saved-rules-failed",
                        &[("reason", Arg::from(format!("{}: {e}", file.shown())))],
                    ),
                    None => String::new(),
                }
            }
            // The shell asks for files and codes; nothing to do here.
            A::PickImport | A::PickExport(_) | A::OpenCode => return,
            A::ImportCode(text) => match self.import_code(&text, store, i18n) {
                Ok(message) | Err(message) => message,
            },
            A::Import(file) => match file
                .read_text()
                .map_err(|e| format!("{}: {e}", file.shown()))
                .and_then(|text| RuleSet::from_ron(&text).map_err(|e| e.to_string()))
            {
                Ok(mut set) => {
                    if !valid_rule_set_name(&set.name) {
                        set.name = i18n.t("saved-rules-imported-name");
                    }
                    match store.save_rule_set::<CaNgua>(&set) {
                        Ok(()) => i18n.t_args(
                            "saved-rules-imported",
                            &[("name", Arg::from(set.name.clone()))],
                        ),
                        Err(n) => store_notice(i18n, &n),
                    }
                }
                Err(e) => i18n.t_args("saved-rules-refused", &[("reason", Arg::from(e))]),
            },
        };
        self.local.rules_edit.message = Some(message);
        let (sets, _) = store.rule_sets::<CaNgua>();
        self.local.rule_sets = sets;
    }

    /// Imports the rules of a rule code as a saved set (named from the
    /// name field when it holds a free name), or says which preset or saved
    /// set they already are. `Err` says why the code was refused.
    pub fn import_code(
        &mut self,
        text: &str,
        store: &Store,
        i18n: &I18n,
    ) -> Result<String, String> {
        let result = self.import_code_inner(text, store, i18n);
        if let Ok(message) = &result {
            self.local.rules_edit.message = Some(message.clone());
        }
        result
    }

    fn import_code_inner(
        &mut self,
        text: &str,
        store: &Store,
        i18n: &I18n,
    ) -> Result<String, String> {
        let rules = rules_code::decode(text).map_err(|e| code_error(i18n, &e))?;
        if let Some(preset) = rules.preset_name() {
            let name = i18n.t(&format!("preset-{preset}"));
            return Ok(i18n.t_args("code-is-preset", &[("name", Arg::from(name))]));
        }
        if let Some(set) = self.local.rule_sets.iter().find(|s| s.rules == rules) {
            return Ok(i18n.t_args(
                "code-already-saved",
                &[("name", Arg::from(set.name.as_str()))],
            ));
        }
        let taken = |n: &str| self.local.rule_sets.iter().any(|s| s.name == n);
        let typed = self.local.rules_edit.name.trim().to_string();
        let name = if valid_rule_set_name(&typed) && !taken(&typed) {
            typed
        } else {
            let base = i18n.t("saved-rules-imported-name");
            (1..1000)
                .map(|k| {
                    if k == 1 {
                        base.clone()
                    } else {
                        format!("{base} {k}")
                    }
                })
                .find(|n| valid_rule_set_name(n) && !taken(n))
                .unwrap_or(base)
        };
        let set = RuleSet::new(&name, rules);
        store
            .save_rule_set::<CaNgua>(&set)
            .map_err(|n| store_notice(i18n, &n))?;
        let (sets, _) = store.rule_sets::<CaNgua>();
        self.local.rule_sets = sets;
        Ok(i18n.t_args("saved-rules-imported", &[("name", Arg::from(name))]))
    }
}

/// Why a rule code was refused, in the player's language.
pub fn code_error(i18n: &I18n, e: &RulesCodeError) -> String {
    match e {
        RulesCodeError::Empty => i18n.t("code-error-empty"),
        RulesCodeError::NotACode => i18n.t("code-error-not-a-code"),
        RulesCodeError::NewerVersion(_) => i18n.t("code-error-newer"),
        RulesCodeError::Length { found } => {
            i18n.t_args("code-error-length", &[("found", Arg::from(*found))])
        }
        RulesCodeError::BadCharacter(c) => i18n.t_args(
            "code-error-character",
            &[("char", Arg::from(c.to_string()))],
        ),
        RulesCodeError::Checksum => i18n.t("code-error-checksum"),
        RulesCodeError::Rules(r) => {
            i18n.t_args("code-error-rules", &[("reason", Arg::from(r.to_string()))])
        }
    }
}

/// Where exports go unless the player says otherwise.
pub(super) fn default_export_path() -> String {
    directories::UserDirs::new()
        .map(|d| d.home_dir().join("ca-ngua-rules.ron"))
        .unwrap_or_else(|| std::path::PathBuf::from("ca-ngua-rules.ron"))
        .display()
        .to_string()
}
