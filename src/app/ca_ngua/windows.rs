//! The game's windows: the rules in force and the results.

use super::CaNguaGame;
use super::phase::Phase;
use super::text;
use crate::i18n::I18n;
use egui::{RichText, Ui, Vec2};

/// What the results window asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndAction {
    /// Start a new game.
    NewGame,
    /// Close the window.
    Close,
}

impl CaNguaGame {
    /// The rules in force, what differs from the standard rules first.
    pub fn rules_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let summary = crate::rules_text::summary(i18n, self.rules());
        if summary.differences.is_empty() {
            ui.label(RichText::new(i18n.t("rules-same-as-standard")).strong());
        } else {
            ui.label(RichText::new(i18n.t("rules-differences-heading")).strong());
            for d in &summary.differences {
                ui.label(format!("• {d}"));
            }
        }
        ui.separator();
        ui.label(RichText::new(i18n.t("rules-all-heading")).strong());
        for a in &summary.all {
            ui.label(format!("• {a}"));
        }
    }

    /// The results, once the game is over and shown (until closed).
    pub fn end_window(
        &mut self,
        ctx: &egui::Context,
        i18n: &I18n,
        phase: Phase,
    ) -> Option<EndAction> {
        if self.end_closed || phase != Phase::Over {
            return None;
        }
        let outcome = self.presenter.shown().game()?.outcome()?;
        let lines = text::standings(i18n, &outcome);
        let mut action = None;
        let id = egui::Id::unique("end-window");
        let title = i18n.t("end-title");
        let focus = !self.end_focused;
        egui::Window::new(&title)
            .id(id)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, Vec2::ZERO)
            .show(ctx, |ui| {
                if outcome.capped {
                    ui.label(i18n.t("end-capped"));
                }
                if outcome.concluded {
                    ui.label(i18n.t("end-concluded"));
                }
                for line in &lines {
                    ui.label(RichText::new(line).size(17.0));
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    let new_game = ui.button(i18n.t("button-new-game"));
                    if focus {
                        // A dialog takes the focus (and its text is
                        // announced as the game ends).
                        new_game.request_focus();
                    }
                    if new_game.clicked() {
                        action = Some(EndAction::NewGame);
                    }
                    if ui.button(i18n.t("button-close")).clicked() {
                        action = Some(EndAction::Close);
                    }
                });
            });
        self.end_focused = true;
        ctx.accesskit_node_builder(id, |node| {
            node.set_role(egui::accesskit::Role::Dialog);
            node.set_label(title.clone());
            node.set_description(lines.join(". "));
        });
        if action == Some(EndAction::Close) {
            self.end_closed = true;
            // The focus goes back to the play panel.
            self.focus_main = true;
        }
        action
    }
}
