//! Cờ nhảy's part of the play panel — what to do next or who passes, the
//! hint — and its board in the frame.

use super::{CoNhayGame, Focus, text};
use crate::app::play::PlayIntent;
use crate::app::play::phase::{Action, Phase};
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui, Vec2};
use game_co_nhay::engine::Holes;

impl CoNhayGame {
    /// Puts the keyboard focus where the person acts next: the chosen
    /// piece's first target, the first piece that can move, or the main
    /// button.
    pub(super) fn focus_next(&mut self, phase: Phase) {
        let moves = self.choosable_list(phase);
        if let Some(hole) = self.selected {
            self.focus = Holes(moves.destinations(hole)).next().map(Focus::Target);
        } else if let Some((from, _)) = moves.pieces().next() {
            self.focus = Some(Focus::Piece(from));
        } else {
            self.focus_main = true;
        }
    }

    /// The board, in the central panel.
    pub(super) fn star_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        let mut input = self.board_input(i18n, phase, now, dark);
        if ui.ctx().text_edit_focused() {
            // Never take the focus from typing.
            input.focus_piece = None;
            input.focus_target = None;
        }
        self.focus_given();
        let out = super::board_view::board_ui(ui, &input);
        self.want_hover(out.hovered);
        match out.action {
            Some(super::board_view::BoardAction::Select(hole)) => {
                self.ask(PlayIntent::Select(hole));
            }
            Some(super::board_view::BoardAction::Move(mv)) => self.ask(PlayIntent::Move(mv)),
            None => {}
        }
    }

    /// What to do next or who passes, on two lines of fixed height, and
    /// the hint.
    pub(super) fn help_hint_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase) {
        let passing = self.presenter.notice().copied();
        let help = match (phase, self.selected, passing) {
            (Phase::Dialog, _, _) => Some(self.question_open_words(i18n)),
            (_, _, Some(arm)) => Some(i18n.t_args(
                "nhay-notice-pass",
                &[("who", Arg::from(text::colour(i18n, arm)))],
            )),
            (Phase::Choose, Some(_), _) => Some(i18n.t("nhay-help-choose-target")),
            (Phase::Choose, None, _) => Some(i18n.t("nhay-help-choose-piece")),
            _ => None,
        };
        ui.allocate_ui(Vec2::new(ui.available_width(), 40.0), |ui| {
            ui.set_min_height(40.0);
            if let Some(help) = help {
                ui.add(egui::Label::new(help).wrap());
            }
        });
        // A lesson has its own hint.
        if phase.allows(Action::Hint) && self.teaching.is_none() {
            if ui.button(i18n.t("button-hint")).clicked() {
                self.ask(PlayIntent::Hint);
            }
            let shown = self.presenter.shown();
            let line = match (self.hint, self.hint_asked) {
                (Some(mv), _) => {
                    let jumps = shown
                        .position()
                        .and_then(|p| mv.ends().and_then(|(a, b)| p.jump_path(a, b)))
                        .filter(|_| {
                            mv.ends().is_some_and(|(a, b)| {
                                game_co_nhay::engine::board::hex_distance(a, b) > 1
                            })
                        })
                        .map_or(0, |p| p.len() - 1);
                    Some(if self.all_numbers {
                        i18n.t_args(
                            "nhay-hint-text",
                            &[("move", Arg::from(text::move_text(i18n, mv, jumps)))],
                        )
                    } else {
                        // No hole numbers on the board: none in the hint
                        // either (issue 55); the board marks its move.
                        let key = if jumps > 0 {
                            "nhay-hint-plain-jump"
                        } else {
                            "nhay-hint-plain-step"
                        };
                        i18n.t_args(key, &[("n", Arg::from(jumps))])
                    })
                }
                (None, Some(_)) => Some(i18n.t("nhay-hint-thinking")),
                _ => None,
            };
            if let Some(line) = line {
                ui.label(RichText::new(line).strong());
            }
        }
    }
}
