//! The frame every game's rule-set file shares: a version, read first so a
//! newer file is refused for being newer; RON errors as one readable line;
//! `--rules` as a preset name or a file's path.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

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
