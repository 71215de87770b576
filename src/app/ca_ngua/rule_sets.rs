//! Saving, renaming, deleting, exporting and importing custom rule sets.

use super::CaNguaGame;
use super::settings::RuleSetAction;
use crate::app::text::store_notice;
use crate::engine::Rules;
use crate::i18n::{Arg, I18n};
use crate::rules_file::RuleSet;
use crate::store::{Store, export_rule_set, import_rule_set, valid_rule_set_name};

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
                match store.save_rule_set(&set) {
                    Ok(()) => i18n.t_args("saved-rules-saved", &[("name", Arg::from(name))]),
                    Err(n) => store_notice(i18n, &n),
                }
            }
            A::Delete(name) => match store.delete_rule_set(&name) {
                Ok(()) => i18n.t_args("saved-rules-deleted", &[("name", Arg::from(name))]),
                Err(n) => store_notice(i18n, &n),
            },
            A::Rename(old, new) => match store.rename_rule_set(&old, &new) {
                Ok(()) => i18n.t_args("saved-rules-renamed", &[("name", Arg::from(new))]),
                Err(n) => store_notice(i18n, &n),
            },
            A::Export(name, path) => {
                let set = self.rule_sets.iter().find(|s| s.name == name).cloned();
                match set.map(|s| export_rule_set(&s, &path)) {
                    Some(Ok(())) => i18n.t_args(
                        "saved-rules-exported",
                        &[("file", Arg::from(path.display().to_string()))],
                    ),
                    Some(Err(e)) => i18n.t_args("saved-rules-failed", &[("reason", Arg::from(e))]),
                    None => String::new(),
                }
            }
            A::Import(path) => match import_rule_set(&path) {
                Ok(mut set) => {
                    if !valid_rule_set_name(&set.name) {
                        set.name = i18n.t("saved-rules-imported-name");
                    }
                    match store.save_rule_set(&set) {
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
        self.rules_edit.message = Some(message);
        let (sets, _) = store.rule_sets();
        self.rule_sets = sets;
    }
}
