//! Rules in plain language, for either game: a sentence is a message key
//! with its arguments, and whether it differs from the standard rules.

use ca_ngua_i18n::{Arg, I18n};

/// One sentence of the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleLine {
    /// The message key.
    pub key: &'static str,
    /// Its arguments.
    pub args: Vec<(&'static str, Arg)>,
    /// True when this rule differs from the standard rules.
    pub differs: bool,
}

/// A sentence without arguments (either game's rules).
pub fn line(key: &'static str, differs: bool) -> RuleLine {
    RuleLine {
        key,
        args: Vec::new(),
        differs,
    }
}

/// The rules as text: the sentences that differ from the standard rules,
/// and every sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// What differs from the standard rules (empty for the standard rules).
    pub differences: Vec<String>,
    /// Every rule in force.
    pub all: Vec<String>,
}

impl Summary {
    /// The sentences of either game's rules in the current language of
    /// `i18n`.
    pub fn of(i18n: &I18n, lines: &[RuleLine]) -> Summary {
        let text = |l: &RuleLine| i18n.t_args(l.key, &l.args);
        Summary {
            differences: lines.iter().filter(|l| l.differs).map(text).collect(),
            all: lines.iter().map(text).collect(),
        }
    }

    /// As plain text, as `rules explain` prints it.
    pub fn to_text(&self, i18n: &I18n) -> String {
        let mut out = String::new();
        if self.differences.is_empty() {
            out.push_str(&i18n.t("rules-same-as-standard"));
            out.push('\n');
        } else {
            out.push_str(&i18n.t("rules-differences-heading"));
            out.push('\n');
            for d in &self.differences {
                out.push_str("- ");
                out.push_str(d);
                out.push('\n');
            }
        }
        out.push('\n');
        out.push_str(&i18n.t("rules-all-heading"));
        out.push('\n');
        for a in &self.all {
            out.push_str("- ");
            out.push_str(a);
            out.push('\n');
        }
        out
    }
}
