//! The play machinery's parts of a phone's layouts (issue 54; the shell
//! lays them out, `shell/phone.rs`): the status over the main button (the
//! room's line, whose turn, the strip of players), the main button under
//! the thumb, what lies between the board and them (the dice and moves,
//! the lobby), and the contents of the log's and the results' sheets. The
//! talk's sheet is `talk_sheet.rs`.

use super::phase::Phase;
use super::results::EndAction;
use super::{Play, View};
use crate::app::layout::Layout;
use ca_ngua_i18n::I18n;
use egui::Ui;

impl<V: View> Play<V> {
    /// True when the host of a room before its start is here, on a
    /// phone: the main button starts the game.
    pub(super) fn starts_here(&self, ui: &Ui) -> bool {
        Layout::current(ui.ctx()).is_phone()
            && self
                .source
                .remote()
                .is_some_and(|r| r.is_host() && !r.is_watching())
    }

    /// The status by the board: the announcer, the room's line (online),
    /// whose turn where `header` (the strip's chip says it too), the strip.
    pub fn phone_status_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        phase: Phase,
        now: f64,
        dark: bool,
        header: bool,
    ) {
        crate::app::a11y::name_region(ui, &i18n.t(V::PLAY_REGION));
        self.announcer.ui(ui);
        // The room's news goes to the middle, where it takes no room when
        // there is none.
        self.room_line_ui(ui, i18n);
        if header {
            self.turn_header_ui(ui, i18n, phase, dark);
            ui.add_space(2.0);
        }
        self.strip_ui(ui, i18n, now, dark);
    }

    /// The main button, the width of the screen (its column).
    pub fn phone_main_button_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, dark: bool) {
        // Its words in its middle.
        ui.with_layout(egui::Layout::top_down(egui::Align::Center), |ui| {
            self.main_button_ui(ui, i18n, phase, dark);
        });
    }

    /// What lies under the status, scrolling in what room is left: the
    /// room's news, the turn clock, the invite and the lobby, the game's
    /// part of the panel (the roll in words, the hint, the moves).
    pub fn phone_middle_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64) {
        let name = i18n.t(V::PLAY_REGION);
        crate::app::a11y::scroll(ui, format!("{}-phone-middle", V::ID), &name, |ui| {
            ui.set_width(ui.available_width());
            self.room_news_ui(ui, i18n);
            self.online_panel_ui(ui, i18n);
            V::panel_ui(self, ui, i18n, phase, now);
        });
    }

    /// True while the middle has something a player needs before the
    /// board: the lobby of a room (its invite, its seats).
    pub fn phone_middle_first(&self, phase: Phase) -> bool {
        phase == Phase::Lobby
    }

    /// The log's sheet: everything that happened, newest first, and what
    /// was said between.
    pub fn log_sheet_ui(&self, ui: &mut Ui, i18n: &I18n) {
        self.log_list_ui(ui, i18n);
    }

    /// True while the results are due and not closed: a phone opens their
    /// sheet by itself, once.
    pub fn results_due(&self, phase: Phase) -> bool {
        phase == Phase::Over && !self.end.closed && self.presenter.shown().game().is_some()
    }

    /// True once the game is over (its results can be shown again).
    pub fn has_results(&self, phase: Phase) -> bool {
        phase == Phase::Over && self.presenter.shown().game().is_some()
    }

    /// The results' sheet was closed.
    pub fn close_results(&mut self) {
        self.end.closed = true;
        self.end.focused = true;
    }

    /// The results' sheet: the results and what comes next, as the wide
    /// layout's results window has them.
    pub fn results_sheet_ui(&mut self, ui: &mut Ui, i18n: &I18n) -> Option<EndAction> {
        let game = self.presenter.shown().game()?;
        let outcome = V::outcome(game);
        let dark = ui.visuals().dark_mode;
        let focus = !self.end.focused;
        // The sheet's own Close closes it.
        let action = self.end_content_ui(ui, i18n, &outcome, (focus, false), dark);
        self.end_after(action);
        action
    }

    /// True in an online room where people may talk.
    pub fn has_talk(&self) -> bool {
        self.source.remote().is_some_and(|r| {
            r.room().is_some() && r.room_options().1 != ca_ngua_protocol::ChatMode::Off
        })
    }
}
