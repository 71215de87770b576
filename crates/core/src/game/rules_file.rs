//! The frame every game's rule-set file shares: a version, read first so a
//! newer file is refused for being newer; RON errors as one readable line;
//! `--rules` as a preset name or a file's path.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Just the version of a rules file. Not an `Option`: RON spells an
/// option `Some(2)`, so `version: 2` would not read as one.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Why a rules file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesFileError(pub String);

impl fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesFileError {}

/// A RON error as one readable line: where, and what (the field's name is
/// in the message for unknown, missing or mistyped fields).
pub fn describe_ron_error(e: &ron::error::SpannedError) -> String {
    format!(
        "line {}, column {}: {}",
        e.span.start.line, e.span.start.col, e.code
    )
}

/// A rule set's RON text, one field a line (either game's).
pub fn to_pretty_ron<T: Serialize>(set: &T) -> String {
    // Line ends as on every system (RON's own default is CRLF on Windows).
    let pretty = ron::ser::PrettyConfig::new()
        .new_line("\n")
        .indentor("    ".to_string())
        .struct_names(false);
    match ron::ser::to_string_pretty(set, pretty) {
        Ok(mut s) => {
            s.push('\n');
            s
        }
        // Plain data always serializes; keep the app panic-free anyway.
        Err(e) => format!("// could not write rules: {e}\n"),
    }
}

/// Refuses a rules file from a newer release for being newer; called
/// before the fields are read, which a newer file may have more of.
pub fn refuse_newer(text: &str, current: u32) -> Result<(), RulesFileError> {
    match ron::from_str::<VersionOnly>(text) {
        Ok(VersionOnly { version }) if version > current => Err(RulesFileError(format!(
            "version: the file is version {version}, from a newer release; this one reads version {current}"
        ))),
        _ => Ok(()),
    }
}

/// Refuses a rules file read as version `found` unless it is `current`.
pub fn check_version(found: u32, current: u32) -> Result<(), RulesFileError> {
    if found == current {
        Ok(())
    } else {
        Err(RulesFileError(format!(
            "version: expected {current}, found {found}"
        )))
    }
}

/// A game's named rule set as its file holds it (`rules/<name>.ron` in the
/// player's data folder; `ca_ngua_data::store` reads and writes them).
pub trait RuleSetFile: Clone + Sized {
    /// The game's rules.
    type Rules;
    /// A rule set of this build's version.
    fn new(name: &str, rules: Self::Rules) -> Self;
    /// The name players know it by.
    fn name(&self) -> &str;
    /// The name, to change it.
    fn name_mut(&mut self) -> &mut String;
    /// The rules.
    fn rules(&self) -> Self::Rules;
    /// The file's text.
    fn to_ron(&self) -> String;
    /// Reads and checks a file's text; the error names the field.
    fn from_ron(text: &str) -> Result<Self, RulesFileError>;
}
