//! What every file of the data folders shares, below the store and the
//! preferences alike: the version each file carries, and why a file does
//! not read or write (the reason a [`crate::store::StoreNotice`] gives the
//! player).

use ca_ngua_core::game::rules_file::RulesFileError;
use serde::Deserialize;
use std::fmt;
use std::path::PathBuf;

/// Why a file does not read; its `Display` is the reason the player reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The bytes are not UTF-8 text.
    NotText,
    /// Not RON, or not the shape this build reads: where, and what.
    Syntax(String),
    /// Made by a newer version than this build reads.
    Newer {
        /// The version the file says it is.
        found: u32,
        /// The version this build writes.
        reads: u32,
    },
    /// A version no build ever wrote.
    NeverWritten(u32),
    /// A value the game refuses: the field, and why.
    Refused(String),
    /// A saved game whose events do not replay, in the engine's words.
    DoesNotReplay(String),
}

impl ReadError {
    /// A RON error, as one readable line.
    pub fn ron(e: &ron::error::SpannedError) -> ReadError {
        ReadError::Syntax(ca_ngua_core::game::rules_file::describe_ron_error(e))
    }

    /// A value refused, in the words of whoever refused it.
    pub fn refused(e: impl fmt::Display) -> ReadError {
        ReadError::Refused(e.to_string())
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotText => f.write_str("not UTF-8 text"),
            ReadError::Syntax(s) | ReadError::Refused(s) => f.write_str(s),
            ReadError::Newer { found, reads } => write!(
                f,
                "made by a newer version of the game (file version {found}, this one reads {reads})"
            ),
            ReadError::NeverWritten(v) => write!(f, "version {v} was never written"),
            ReadError::DoesNotReplay(e) => write!(f, "the saved game does not replay: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Why a rule set could not be exported to, or imported from, a file of
/// the player's choosing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleSetFileError {
    /// The file could not be read or written: its path, and the system's
    /// words.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The file reads but is not a rule set (the message names the field).
    Rules(RulesFileError),
}

impl fmt::Display for RuleSetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSetFileError::Io { path, reason } => write!(f, "{}: {reason}", path.display()),
            RuleSetFileError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RuleSetFileError {}

#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// The version field of a RON file, if it has one that reads.
pub(crate) fn version_of_text(text: &str) -> Option<u32> {
    ron::from_str::<VersionOnly>(text).ok().map(|v| v.version)
}

/// The error of a file made by a newer version.
pub(crate) fn newer(found: u32, reads: u32) -> ReadError {
    ReadError::Newer { found, reads }
}
