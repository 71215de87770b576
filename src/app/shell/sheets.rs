//! The sheets of a phone's layout (issue 54): the log, the talk, the
//! settings and the results, each sliding up over the board from a row of
//! buttons over the main button, and closed with one tap (its Close, or
//! its button in the row again; Escape too). The results open by
//! themselves once at the end of a game, as the results window does in
//! the wide layout.

use super::{App, Intent, front};
use crate::app::play::phase::Phase;
use crate::app::play::results::EndAction;
use egui::{RichText, Ui};

/// A sheet over the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sheet {
    /// What happened, and what was said.
    Log,
    /// The talk of an online room.
    Talk,
    /// The settings (the game's, online play, the language and look).
    Settings,
    /// The results, once the game is over.
    Results,
}

impl Sheet {
    fn key(self) -> &'static str {
        match self {
            Sheet::Log => "sheet-log",
            Sheet::Talk => "sheet-talk",
            Sheet::Settings => "sheet-settings",
            Sheet::Results => "sheet-results",
        }
    }
}

/// How long a sheet takes to slide, in seconds.
const SLIDE: f32 = 0.18;

impl App {
    /// The sheets that can be opened now, in the row's order.
    fn sheets(&self, phase: Phase) -> Vec<Sheet> {
        let mut sheets = vec![Sheet::Log];
        if front!(&self, _V, s => s.has_talk()) {
            sheets.push(Sheet::Talk);
        }
        sheets.push(Sheet::Settings);
        if front!(&self, _V, s => s.has_results(phase)) {
            sheets.push(Sheet::Results);
        }
        sheets
    }

    /// The row of buttons that open the sheets, as wide as the screen
    /// (their words smaller rather than cut where the row is short).
    pub(super) fn sheet_row_ui(&mut self, ui: &mut Ui, phase: Phase) {
        let sheets = self.sheets(phase);
        let gap = 4.0;
        let n = sheets.len() as f32;
        let width = ((ui.available_width() - gap * (n - 1.0)) / n).floor();
        let labels: Vec<String> = sheets.iter().map(|s| self.i18n.t(s.key())).collect();
        let pad = 2.0 * ui.spacing().button_padding.x;
        let size = [14.5_f32, 13.5, 12.5, 11.5]
            .into_iter()
            .find(|size| {
                labels.iter().all(|l| {
                    let galley = ui.painter().layout_no_wrap(
                        l.clone(),
                        egui::FontId::proportional(*size),
                        egui::Color32::WHITE,
                    );
                    galley.size().x + pad <= width
                })
            })
            .unwrap_or(11.0);
        let open = self.sheet;
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for (sheet, label) in sheets.into_iter().zip(labels) {
                let button = egui::Button::new(RichText::new(label).size(size))
                    .selected(open == Some(sheet))
                    .min_size(egui::vec2(width, ui.spacing().interact_size.y));
                if ui.add(button).clicked() {
                    self.intents.push(Intent::Sheet(sheet));
                }
            }
        });
    }

    /// The sheet open (or closing), over `over`.
    pub(super) fn sheet_ui(&mut self, ctx: &egui::Context, over: egui::Rect, phase: Phase) {
        let available = self.sheets(phase);
        if self.sheet.is_some_and(|s| !available.contains(&s)) {
            self.sheet = None;
        }
        let due = self.learn.is_none() && front!(&self, _V, s => s.results_due(phase));
        if self.sheet.is_none() && due {
            self.sheet = Some(Sheet::Results);
        }
        let open = self.sheet;
        if open.is_some() {
            self.sheet_last = open;
        }
        let shown =
            ctx.animate_bool_with_time(egui::Id::unique("phone-sheet"), open.is_some(), SLIDE);
        let Some(sheet) = self.sheet_last.filter(|_| shown > 0.0) else {
            return;
        };
        if open.is_some() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.close_sheet(sheet);
        }
        let top = over.top() + (1.0 - shown) * over.height();
        let title = self.i18n.t(sheet.key());
        egui::Area::new(egui::Id::unique("phone-sheet-area"))
            .order(egui::Order::Foreground)
            .fixed_pos(egui::pos2(over.left(), top))
            .constrain(false)
            .show(ctx, |ui| {
                ui.set_clip_rect(over);
                let frame = egui::Frame::window(ui.style()).inner_margin(egui::Margin::same(8));
                frame.show(ui, |ui| {
                    let inner = over.size() - egui::vec2(16.0, 16.0);
                    ui.set_min_size(inner);
                    ui.set_max_size(inner);
                    let scope = egui::UiBuilder::new()
                        .accessibility_role(egui::accesskit::Role::Dialog)
                        .accessibility_label(title.clone());
                    ui.scope_builder(scope, |ui| self.sheet_content_ui(ui, sheet, &title));
                });
            });
    }

    /// The sheet's title and Close, then what it holds.
    fn sheet_content_ui(&mut self, ui: &mut Ui, sheet: Sheet, title: &str) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(title).strong().size(18.0));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button(self.i18n.t("sheet-close")).clicked() {
                    self.close_sheet(sheet);
                }
            });
        });
        ui.separator();
        let dark = self.dark;
        match sheet {
            Sheet::Settings => self.settings_panel_ui(ui),
            Sheet::Log => {
                crate::app::a11y::scroll(ui, "phone-log", title, |ui| {
                    ui.set_width(ui.available_width());
                    front!(&self, _V, s => s.log_sheet_ui(ui, &self.i18n));
                });
            }
            Sheet::Talk => {
                crate::app::a11y::scroll(ui, "phone-talk", title, |ui| {
                    ui.set_width(ui.available_width());
                    front!(&mut self, _V, s => s.talk_sheet_ui(ui, &self.i18n, dark));
                });
            }
            Sheet::Results => {
                let action = crate::app::a11y::scroll(ui, "phone-results", title, |ui| {
                    ui.set_width(ui.available_width());
                    front!(&mut self, _V, s => s.results_sheet_ui(ui, &self.i18n))
                });
                if action.is_some() && action != Some(EndAction::Rematch) {
                    self.sheet = None;
                }
                self.end_action(action);
            }
        }
    }

    /// Opens `sheet`, or closes it if it is open.
    pub(super) fn toggle_sheet(&mut self, sheet: Sheet) {
        if self.sheet == Some(sheet) {
            self.close_sheet(sheet);
        } else {
            self.sheet = Some(sheet);
        }
    }

    /// Closes the sheet (the results stay closed until the next game's).
    pub(super) fn close_sheet(&mut self, sheet: Sheet) {
        if sheet == Sheet::Results {
            front!(&mut self, _V, s => s.close_results());
        }
        self.sheet = None;
    }
}
