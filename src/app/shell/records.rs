//! Game records in the shell: the past games listed in the statistics
//! window (newest first, a click opens one), the replay window (from that
//! list, from the results dialog, from a file or pasted text, from a file
//! dropped on the window), saving a record as a file and the window that
//! takes a pasted record. A record that does not read or replay is
//! refused with the line that is wrong, never a panic.

use super::{App, FileJob, FilePurpose, Intent};
use crate::app::play::replay::{self, AnyReplay};
use crate::app::play::replay_ui::{
    ReplayAction, date_words, player_words, result_words, seat_code_words,
};
use crate::app::text::store_notice;
use ca_ngua_data::record::{Player, read_any};
use ca_ngua_data::store::{RecordId, RecordSummary};
use ca_ngua_games::with_game;
use ca_ngua_games::with_variant;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui};

/// What the player asked of records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordIntent {
    /// Replay the game of the screen in front (the results dialog).
    ReplayCurrent,
    /// Replay a past game.
    OpenPast(RecordId),
    /// Close the replay window.
    CloseReplay,
    /// Save the record replayed as a file.
    SaveFile,
    /// Open a record file (a dialog asks which).
    PickFile,
    /// Open the window that takes a pasted record.
    OpenPaste,
    /// Close that window.
    ClosePaste,
    /// Read a record from this text and replay it.
    ReadText(String),
}

/// The records' part of the shell.
#[derive(Debug, Default)]
pub(super) struct RecordsUi {
    /// The replay window, while open.
    replay: Option<AnyReplay>,
    /// The past games, as read when the statistics window opened.
    past: Option<Vec<RecordSummary>>,
    /// The window that takes a pasted record, while open.
    paste: Option<PasteWindow>,
    /// Files dropped on the window, as their text arrives.
    dropped: Dropped,
}

/// Dropped files' texts, read by the platform (at once, or later in a
/// browser).
#[derive(Debug)]
struct Dropped {
    tx: std::sync::mpsc::Sender<Result<String, String>>,
    rx: std::sync::mpsc::Receiver<Result<String, String>>,
}

impl Default for Dropped {
    fn default() -> Self {
        let (tx, rx) = std::sync::mpsc::channel();
        Dropped { tx, rx }
    }
}

/// The window that takes a pasted record (or says why a record was
/// refused).
#[derive(Clone, Debug, Default)]
struct PasteWindow {
    text: String,
    error: Option<String>,
}

impl RecordsUi {
    /// True while the paste window asks for a record.
    pub(super) fn is_asking(&self) -> bool {
        self.paste.is_some()
    }
}

/// A past game in a line: when, which game, who played, how it ended.
fn summary_line(i18n: &I18n, s: &RecordSummary) -> String {
    let game = i18n.t(&format!("game-{}", s.game.id()));
    let seats: Vec<String> = s
        .seats
        .iter()
        .map(|seat| {
            let colour = with_game!(s.game, G => seat_code_words::<G>(i18n, &seat.seat));
            // Who played it, in order; a seat a person played is theirs,
            // however many turns a computer played for them (issue 45).
            let mut all = vec![(seat.player, seat.name.as_str())];
            all.extend(seat.later.iter().map(|(p, n)| (*p, n.as_str())));
            if all.iter().any(|(p, _)| *p == Player::Person) {
                all.retain(|(p, _)| *p == Player::Person);
            }
            all.dedup();
            let mut words = String::new();
            for (i, (player, name)) in all.into_iter().enumerate() {
                let who = player_words(i18n, player, name);
                words = if i == 0 {
                    format!("{colour}: {who}")
                } else {
                    // "Red: Lan, then Minh".
                    i18n.t_args(
                        "replay-then",
                        &[("before", Arg::from(words)), ("after", Arg::from(who))],
                    )
                };
            }
            words
        })
        .collect();
    let result = with_game!(s.game, G => result_words::<G>(i18n, s.result.as_deref()));
    format!(
        "{} · {game} · {} · {result}",
        date_words(i18n, s.date),
        seats.join(", ")
    )
}

/// The past games, under the statistics: open a file, paste a record,
/// and the list, newest first.
fn past_games_ui(ui: &mut Ui, i18n: &I18n, past: Option<&[RecordSummary]>, out: &mut Vec<Intent>) {
    ui.separator();
    ui.label(RichText::new(i18n.t("records-heading")).strong().size(16.0));
    ui.horizontal(|ui| {
        if ui.button(i18n.t("records-open-file")).clicked() {
            out.push(Intent::Record(RecordIntent::PickFile));
        }
        if ui.button(i18n.t("records-paste")).clicked() {
            out.push(Intent::Record(RecordIntent::OpenPaste));
        }
    });
    let past = past.unwrap_or_default();
    if past.is_empty() {
        ui.label(RichText::new(i18n.t("records-none")).weak());
        return;
    }
    let list = egui::UiBuilder::new()
        .accessibility_role(egui::accesskit::Role::List)
        .accessibility_label(i18n.t("records-heading"));
    ui.scope_builder(list, |ui| {
        for s in past {
            ui.push_id(s.id.as_str(), |ui| {
                if ui.button(summary_line(i18n, s)).clicked() {
                    out.push(Intent::Record(RecordIntent::OpenPast(s.id.clone())));
                }
            });
        }
    });
}

impl App {
    /// The replay window shown, if one is open (tests look inside).
    pub fn replay(&self) -> Option<&AnyReplay> {
        self.records.replay.as_ref()
    }

    /// The past games listed in the statistics window.
    pub fn past_games(&self) -> Option<&[RecordSummary]> {
        self.records.past.as_deref()
    }

    /// Why the last record offered was refused, while the paste window
    /// says so.
    pub fn record_error(&self) -> Option<&str> {
        self.records.paste.as_ref()?.error.as_deref()
    }

    /// The past games part of the statistics window.
    pub(super) fn past_games_ui(&self, ui: &mut Ui, out: &mut Vec<Intent>) {
        past_games_ui(ui, &self.i18n, self.records.past.as_deref(), out);
    }

    /// Reads the past games again (the statistics window opens).
    pub(super) fn read_past_games(&mut self) {
        // What is waiting to be written is in the list too.
        self.finish_writing();
        let (past, notices) = self.saver.store().records().list();
        for n in &notices {
            self.notices.push(store_notice(&self.i18n, n));
        }
        self.records.past = Some(past);
    }

    /// The replay window, while open.
    pub(super) fn replay_window(&mut self, ctx: &egui::Context, now: f64) {
        let Some(replay) = &mut self.records.replay else {
            return;
        };
        let asked =
            with_variant!(AnyReplay, replay, _V, r => r.window_ui(ctx, &self.i18n, now, self.dark));
        match asked {
            Some(ReplayAction::Close) => {
                self.intents.push(Intent::Record(RecordIntent::CloseReplay))
            }
            Some(ReplayAction::SaveFile) => {
                self.intents.push(Intent::Record(RecordIntent::SaveFile))
            }
            None => {}
        }
    }

    /// Files dropped on the window are read as records.
    pub(super) fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            crate::platform::files::read_dropped(ctx, file, self.records.dropped.tx.clone());
        }
        let texts: Vec<_> = self.records.dropped.rx.try_iter().collect();
        for text in texts {
            self.record_text(text);
        }
    }

    /// The window that takes a pasted record; the game waits while it is
    /// open.
    pub(super) fn paste_modal(&mut self, ctx: &egui::Context) {
        let Some(window) = &mut self.records.paste else {
            return;
        };
        let i18n = &self.i18n;
        let mut intents = Vec::new();
        egui::Modal::new(egui::Id::unique("record-paste")).show(ctx, |ui| {
            ui.set_max_width(crate::app::layout::dialog_width(ui.ctx(), 520.0));
            ui.heading(i18n.t("records-paste-title"));
            ui.label(i18n.t("records-paste-text"));
            let name = ui.label(i18n.t("records-paste-label"));
            // A long record scrolls within the dialog, which stays on the
            // screen (issue 54).
            let height = (ctx.content_rect().height() * 0.4).clamp(80.0, 260.0);
            let area = egui::ScrollArea::vertical()
                .id_salt("record-paste-text")
                .max_height(height);
            let label = i18n.t("records-paste-label");
            crate::app::a11y::named_scroll(ui, area, &label, |ui| {
                ui.add(
                    egui::TextEdit::multiline(&mut window.text)
                        .desired_rows(10)
                        .desired_width(ui.available_width().min(500.0))
                        .font(egui::TextStyle::Monospace),
                )
                .labelled_by(name.id);
            });
            if let Some(e) = &window.error {
                ui.label(RichText::new(e).strong().color(ui.visuals().error_fg_color));
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(i18n.t("records-paste-open")).clicked() {
                    intents.push(Intent::Record(RecordIntent::ReadText(window.text.clone())));
                }
                if ui.button(i18n.t("button-close")).clicked() {
                    intents.push(Intent::Record(RecordIntent::ClosePaste));
                }
            });
        });
        self.intents.extend(intents);
    }

    /// Carries out a request about records.
    pub(super) fn apply_record(&mut self, ctx: &egui::Context, intent: RecordIntent) {
        match intent {
            RecordIntent::ReplayCurrent => {
                if let Some(record) = super::front!(&self, _V, s => s.any_record()) {
                    self.open_replay(replay::open(record).map_err(|e| e.to_string()));
                }
            }
            RecordIntent::OpenPast(id) => {
                let loaded = self.saver.store().records().load(&id);
                match loaded {
                    Ok(record) => self.open_replay(replay::open(record).map_err(|e| e.to_string())),
                    Err(n) => {
                        self.notices.push(store_notice(&self.i18n, &n));
                        self.read_past_games();
                    }
                }
            }
            RecordIntent::CloseReplay => self.records.replay = None,
            RecordIntent::SaveFile if self.file_job.is_none() => {
                if let Some(replay) = &self.records.replay {
                    let (text, name) =
                        with_variant!(AnyReplay, replay, _V, r => (r.text(), r.file_name()));
                    let title = self.i18n.t("records-save-title");
                    let answer = self.picker.save_as(ctx, &title, &name, RECORD_FILTER);
                    self.file_job = Some(FileJob {
                        purpose: FilePurpose::ExportRecord(text),
                        answer,
                    });
                }
            }
            RecordIntent::PickFile if self.file_job.is_none() => {
                let title = self.i18n.t("records-open-title");
                let answer = self.picker.open_as(ctx, &title, RECORD_FILTER);
                self.file_job = Some(FileJob {
                    purpose: FilePurpose::ImportRecord,
                    answer,
                });
            }
            RecordIntent::SaveFile | RecordIntent::PickFile => {}
            RecordIntent::OpenPaste => {
                self.records.paste.get_or_insert_with(PasteWindow::default);
            }
            RecordIntent::ClosePaste => self.records.paste = None,
            RecordIntent::ReadText(text) => self.record_text(Ok(text)),
        }
    }

    /// A file chosen in a dialog: the record saved there, or read from it.
    pub(super) fn record_file(&mut self, purpose: FilePurpose, file: super::files::Chosen) {
        match purpose {
            FilePurpose::ExportRecord(text) => {
                if let Err(e) = file.write(text.as_bytes()) {
                    self.notices.push(self.i18n.t_args(
                        "records-save-failed",
                        &[("file", Arg::from(file.shown())), ("error", Arg::from(e))],
                    ));
                }
            }
            FilePurpose::ImportRecord => {
                self.record_text(file.read_text());
            }
            FilePurpose::ImportRules | FilePurpose::ExportRules(_) => {}
        }
    }

    /// A record's text (or why it could not be had): replayed, or the
    /// paste window says what is wrong with it.
    fn record_text(&mut self, text: Result<String, String>) {
        let opened = text.and_then(|text| {
            let record = read_any(&text).map_err(|e| e.to_string())?;
            replay::open(record).map_err(|e| e.to_string())
        });
        self.open_replay(opened);
    }

    fn open_replay(&mut self, opened: Result<AnyReplay, String>) {
        match opened {
            Ok(replay) => {
                self.records.replay = Some(replay);
                self.records.paste = None;
            }
            Err(e) => {
                let message = self
                    .i18n
                    .t_args("records-refused", &[("error", Arg::from(e))]);
                self.records
                    .paste
                    .get_or_insert_with(PasteWindow::default)
                    .error = Some(message);
            }
        }
    }
}

/// Record files in the file dialogs.
const RECORD_FILTER: (&str, &str) = ("Cờ Cá Ngựa (.txt)", ca_ngua_data::record::RECORD_EXTENSION);
