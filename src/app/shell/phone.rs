//! The shell on a phone (issue 54; `app/layout.rs` chooses the layout).
//! Upright: the top bar, the board the full width under it, what room is
//! left between (the dice and moves, a room's lobby), then at the bottom
//! the strip of players, the row of sheets and the main button under the
//! thumb. On its side: the board on the left the whole height, the top
//! bar, the status, the row and the main button on the right. The log,
//! the talk, the settings and the results open as sheets over the board
//! (`sheets.rs`). The lessons take the board's and the panel's places.

use super::sheets::Sheet;
use super::{App, front};
use crate::app::layout::Layout;
use crate::app::play::phase::Phase;
use crate::app::window_place::top_bar_bottom_id;
use egui::Ui;

/// The least height left to the middle before the board shrinks for it
/// (a room's lobby: its invite and its seats come before the board).
const LOBBY_MIDDLE: f32 = 200.0;
/// The share of the height the lessons' words and controls take under
/// their board, upright.
const LEARN_MIDDLE: f32 = 0.4;
/// The height the lessons' words take under their list, upright.
const LIST_MIDDLE: f32 = 230.0;
/// The least width of the landscape layout's column of controls.
const COLUMN: f32 = 280.0;

impl App {
    /// The panels of a phone's layout.
    pub(super) fn phone_panels_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
        layout: Layout,
    ) {
        self.show_settings = self.sheet == Some(Sheet::Settings);
        self.narrow = true;
        if let Some(learn) = &mut self.learn {
            learn.animate(ctx, now, &self.prefs, &self.i18n);
        }
        let over = match layout {
            Layout::Landscape => self.landscape_ui(ui, ctx, now, phase),
            _ => self.portrait_ui(ui, ctx, now, phase),
        };
        self.sheet_ui(ctx, over, phase);
    }

    /// The top bar, where windows go below.
    fn phone_top_ui(&mut self, ui: &mut Ui, ctx: &egui::Context) {
        let top = egui::Panel::top("top").show(ui, |ui| {
            crate::app::a11y::name_region(ui, &self.i18n.t("region-top"));
            self.top_ui(ui);
        });
        let bottom = top.response.rect.bottom();
        ctx.data_mut(|d| d.insert_temp(top_bar_bottom_id(), bottom));
    }

    /// The controls under the thumb, at the bottom of `ui`: the row of
    /// sheets and the main button (both phone layouts).
    fn phone_controls_ui(&mut self, ui: &mut Ui, phase: Phase) {
        let dark = self.dark;
        egui::Panel::bottom("phone-controls")
            .resizable(false)
            .show(ui, |ui| {
                ui.add_space(4.0);
                self.sheet_row_ui(ui, phase);
                ui.add_space(4.0);
                front!(&mut self, _V, s => s.phone_main_button_ui(ui, &self.i18n, phase, dark));
                ui.add_space(4.0);
            });
    }

    /// Upright; the rectangle a sheet covers (the board, the strip and
    /// the middle).
    fn portrait_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
    ) -> egui::Rect {
        self.phone_top_ui(ui, ctx);
        let dark = self.dark;
        if self.learn.is_none() {
            self.phone_controls_ui(ui, phase);
        }
        egui::CentralPanel::default()
            .show(ui, |ui| {
                let rect = ui.available_rect_before_wrap();
                let side = self.portrait_board_side(ctx, rect, phase);
                let (board, below) = rect.split_top_bottom_at_y(rect.top() + side);
                ui.scope_builder(egui::UiBuilder::new().max_rect(board), |ui| {
                    self.board_area_ui(ui, now, phase);
                });
                ui.scope_builder(egui::UiBuilder::new().max_rect(below), |ui| {
                    if self.learn.is_none() {
                        // The players right under the board, as measured
                        // for the next frame's board.
                        let top = ui.cursor().top();
                        ui.add_space(4.0);
                        front!(&mut self, _V, s => s.phone_status_ui(ui, &self.i18n, phase, now, dark, false));
                        ui.add_space(4.0);
                        let height = ui.cursor().top() - top;
                        ctx.data_mut(|d| d.insert_temp(status_height_id(), height));
                    }
                    if ui.available_height() > 8.0 {
                        self.middle_ui(ui, now, phase);
                    }
                });
                rect
            })
            .inner
    }

    /// The board's side upright (the height of the list of lessons): the
    /// width, less where the strip and the middle need the height (a
    /// lesson's words, a room's lobby).
    fn portrait_board_side(&self, ctx: &egui::Context, rect: egui::Rect, phase: Phase) -> f32 {
        let first = front!(&self, _V, s => s.phone_middle_first(phase));
        let least_middle = if let Some(learn) = &self.learn {
            // The lesson's words and controls under its board; the list's
            // few words under the list.
            match learn.lesson() {
                Some(_) => rect.height() * LEARN_MIDDLE,
                None => (rect.height() * LEARN_MIDDLE).min(LIST_MIDDLE),
            }
        } else if first {
            LOBBY_MIDDLE
        } else {
            0.0
        };
        let status = if self.learn.is_some() {
            0.0
        } else {
            ctx.data(|d| d.get_temp::<f32>(status_height_id()))
                .unwrap_or(100.0)
        };
        // The list of lessons is no square: it takes the height left.
        let list = self.learn.as_ref().is_some_and(|l| l.lesson().is_none());
        let width = if list { f32::INFINITY } else { rect.width() };
        width.min(rect.height() - least_middle - status).max(120.0)
    }

    /// On its side; the rectangle a sheet covers (the board).
    fn landscape_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
    ) -> egui::Rect {
        let whole = ui.available_rect_before_wrap();
        let side = whole.height().min(whole.width() - COLUMN).max(120.0);
        let board = egui::Panel::left("phone-board")
            .resizable(false)
            .exact_size(side)
            .show(ui, |ui| self.board_area_ui(ui, now, phase));
        let dark = self.dark;
        self.phone_top_ui(ui, ctx);
        egui::CentralPanel::default().show(ui, |ui| {
            if self.learn.is_some() {
                self.middle_ui(ui, now, phase);
                return;
            }
            self.phone_controls_ui(ui, phase);
            // Whose turn in words where a room's lines leave the room.
            front!(&mut self, _V, s => {
                let header = !s.is_online();
                s.phone_status_ui(ui, &self.i18n, phase, now, dark, header)
            });
            ui.add_space(4.0);
            self.middle_ui(ui, now, phase);
        });
        board.response.rect
    }

    /// The board of the game in front, or the lesson's.
    fn board_area_ui(&mut self, ui: &mut Ui, now: f64, phase: Phase) {
        let dark = self.dark;
        match &mut self.learn {
            Some(learn) => learn.board_ui(ui, &self.i18n, &self.prefs, now, dark),
            None => front!(&mut self, _V, s => s.board_region_ui(ui, &self.i18n, phase, now, dark)),
        }
    }

    /// Between the board and the controls: the dice and moves, a room's
    /// lobby; or the lesson's words and controls.
    fn middle_ui(&mut self, ui: &mut Ui, now: f64, phase: Phase) {
        match &mut self.learn {
            Some(learn) => learn.panel_ui(ui, &self.i18n, &self.prefs, now),
            None => front!(&mut self, _V, s => s.phone_middle_ui(ui, &self.i18n, phase, now)),
        }
    }
}

/// Where the height of the upright layout's strip was last measured.
fn status_height_id() -> egui::Id {
    egui::Id::unique("phone-status-height")
}
