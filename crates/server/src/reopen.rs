//! Why a room kept in the state folder cannot be opened again: said by
//! the room's opening (`room::open`) and by the registry that reserves its
//! code.

use ca_ngua_core::table::RestoreError;
use std::fmt;

/// Why a room kept in the state folder cannot be opened again.
#[derive(Debug)]
pub(super) enum ReopenError {
    /// The rules do not read as the game's.
    Rules(serde_json::Error),
    /// An event (numbered from 1) does not read as the game's.
    Event(usize, serde_json::Error),
    /// The controllers do not read.
    Controllers(serde_json::Error),
    /// The events do not replay.
    Restore(RestoreError),
    /// The file cannot be written on.
    Write(std::io::Error),
    /// Another room kept has the same code.
    SameCode(String),
}

impl fmt::Display for ReopenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReopenError::Rules(e) => write!(f, "the rules: {e}"),
            ReopenError::Event(n, e) => write!(f, "event {n}: {e}"),
            ReopenError::Controllers(e) => write!(f, "the controllers: {e}"),
            ReopenError::Restore(e) => e.fmt(f),
            ReopenError::Write(e) => write!(f, "cannot write: {e}"),
            ReopenError::SameCode(code) => write!(f, "two rooms named {code}"),
        }
    }
}

impl std::error::Error for ReopenError {}
