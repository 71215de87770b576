//! Requests about a game's saved rule sets (save, rename, delete, export,
//! import, rule codes), made in its settings and carried out by the shell
//! after the frame (file dialogs and the rule code window are the shell's).

use crate::platform::files::Chosen;

/// What the player asked of the saved rule sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleSetAction {
    /// Save the rules being edited under a name.
    Save(String),
    /// Delete a saved set.
    Delete(String),
    /// Rename a saved set.
    Rename(String, String),
    /// Export a saved set to a file.
    Export(String, Chosen),
    /// Import a set from a file.
    Import(Chosen),
    /// Ask for a file to import (the system's dialog).
    PickImport,
    /// Ask where to export a saved set (the system's dialog).
    PickExport(String),
    /// Open the window that takes a rule code.
    OpenCode,
    /// Import the rules of a rule code ("Mã luật").
    ImportCode(String),
}
