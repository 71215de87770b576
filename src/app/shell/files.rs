//! Asking the player for a file: the system's own dialog (through `rfd`:
//! the desktop portal on Linux, the native panels on Windows and macOS),
//! opened without stopping the frame — the answer comes back on a channel
//! and wakes the window. While a dialog is open the game waits.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver};

/// Something that can ask the player for a file.
pub trait FilePicker {
    /// Where to save a file named `file_name` (`None`: cancelled, or no
    /// dialog could be shown).
    fn save(&self, ctx: &egui::Context, title: &str, file_name: &str) -> Receiver<Option<PathBuf>>;
    /// Which file to open.
    fn open(&self, ctx: &egui::Context, title: &str) -> Receiver<Option<PathBuf>>;
    /// Where to save a file, offering files of `filter` (its name and
    /// extension); the rule sets' dialog by default.
    fn save_as(
        &self,
        ctx: &egui::Context,
        title: &str,
        file_name: &str,
        filter: (&str, &str),
    ) -> Receiver<Option<PathBuf>> {
        let _ = filter;
        self.save(ctx, title, file_name)
    }
    /// Which file to open, offering files of `filter`.
    fn open_as(
        &self,
        ctx: &egui::Context,
        title: &str,
        filter: (&str, &str),
    ) -> Receiver<Option<PathBuf>> {
        let _ = filter;
        self.open(ctx, title)
    }
}

/// The system's file dialogs.
#[derive(Debug, Default)]
pub struct NativePicker;

/// Waits for a dialog on a thread of its own and sends its answer.
fn answer(
    ctx: &egui::Context,
    dialog: impl Future<Output = Option<rfd::FileHandle>> + Send + 'static,
) -> Receiver<Option<PathBuf>> {
    let (tx, rx) = mpsc::channel();
    let ctx = ctx.clone();
    let spawned = std::thread::Builder::new()
        .name("file-dialog".into())
        .spawn({
            let tx = tx.clone();
            move || {
                let path = pollster::block_on(dialog).map(|h| h.path().to_path_buf());
                let _ = tx.send(path);
                ctx.request_repaint();
            }
        });
    if spawned.is_err() {
        let _ = tx.send(None);
    }
    rx
}

fn dialog(title: &str) -> rfd::AsyncFileDialog {
    dialog_of(title, ("Cờ Cá Ngựa (.ron)", "ron"))
}

fn dialog_of(title: &str, (name, ext): (&str, &str)) -> rfd::AsyncFileDialog {
    let d = rfd::AsyncFileDialog::new()
        .set_title(title)
        .add_filter(name, &[ext]);
    match directories::UserDirs::new() {
        Some(dirs) => d.set_directory(dirs.home_dir()),
        None => d,
    }
}

impl FilePicker for NativePicker {
    fn save(&self, ctx: &egui::Context, title: &str, file_name: &str) -> Receiver<Option<PathBuf>> {
        // The dialog is created here, on the window's thread (macOS wants
        // that), and awaited on another.
        answer(ctx, dialog(title).set_file_name(file_name).save_file())
    }

    fn open(&self, ctx: &egui::Context, title: &str) -> Receiver<Option<PathBuf>> {
        answer(ctx, dialog(title).pick_file())
    }

    fn save_as(
        &self,
        ctx: &egui::Context,
        title: &str,
        file_name: &str,
        filter: (&str, &str),
    ) -> Receiver<Option<PathBuf>> {
        answer(
            ctx,
            dialog_of(title, filter)
                .set_file_name(file_name)
                .save_file(),
        )
    }

    fn open_as(
        &self,
        ctx: &egui::Context,
        title: &str,
        filter: (&str, &str),
    ) -> Receiver<Option<PathBuf>> {
        answer(ctx, dialog_of(title, filter).pick_file())
    }
}

/// A picker that answers at once with a path chosen in advance (tests).
#[derive(Debug, Default, Clone)]
pub struct FixedPicker {
    /// The answer to every question.
    pub path: Option<PathBuf>,
}

impl FilePicker for FixedPicker {
    fn save(&self, _: &egui::Context, _: &str, _: &str) -> Receiver<Option<PathBuf>> {
        let (tx, rx) = mpsc::channel();
        let _ = tx.send(self.path.clone());
        rx
    }

    fn open(&self, _: &egui::Context, _: &str) -> Receiver<Option<PathBuf>> {
        let (tx, rx) = mpsc::channel();
        let _ = tx.send(self.path.clone());
        rx
    }
}

/// A file name for a rule set's name: letters, digits, spaces and dashes
/// kept (Vietnamese letters too), anything a file system might refuse
/// replaced, `.ron` added.
pub fn file_name_for(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let cleaned = cleaned.trim().trim_matches('-');
    if cleaned.is_empty() {
        "ca-ngua-rules.ron".into()
    } else {
        format!("{cleaned}.ron")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_letters_and_drop_what_a_file_system_refuses() {
        assert_eq!(file_name_for("Luật nhà bà Tư"), "Luật nhà bà Tư.ron");
        assert_eq!(file_name_for("a/b\\c:d"), "a-b-c-d.ron");
        assert_eq!(file_name_for("  ../  "), "ca-ngua-rules.ron");
    }
}
