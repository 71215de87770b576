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

/// What differs from the standard rules, at the top of either game's rules
/// window (or that nothing does).
pub fn differences_ui(ui: &mut Ui, i18n: &I18n, differences: &[String]) {
    if differences.is_empty() {
        ui.label(RichText::new(i18n.t("rules-same-as-standard")).strong());
    } else {
        ui.label(
            RichText::new(i18n.t("rules-differences-heading"))
                .strong()
                .size(16.0),
        );
        for d in differences {
            ui.label(format!("• {d}"));
        }
    }
}

/// The results dialog of either game: `results` draws the results, then
/// New game and Close. It takes the focus when `focus` (its first frame),
/// and a screen reader hears it as a dialog named by its title, with
/// `summary` (the places) as its description.
pub fn end_dialog(
    ctx: &egui::Context,
    i18n: &I18n,
    id: egui::Id,
    focus: bool,
    summary: String,
    results: impl FnOnce(&mut Ui),
) -> Option<EndAction> {
    let mut action = None;
    let title = i18n.t("end-title");
    egui::Window::new(&title)
        .id(id)
        .collapsible(false)
        .resizable(false)
        .min_width(420.0)
        .anchor(egui::Align2::CENTER_CENTER, Vec2::ZERO)
        .show(ctx, |ui| {
            results(ui);
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                let big = |key: &str| {
                    egui::Button::new(RichText::new(i18n.t(key)).size(17.0))
                        .min_size(Vec2::new(150.0, 36.0))
                };
                let new_game = ui.add(big("button-new-game"));
                if focus {
                    // A dialog takes the focus (and its text is announced
                    // as the game ends).
                    new_game.request_focus();
                }
                if new_game.clicked() {
                    action = Some(EndAction::NewGame);
                }
                if ui.add(big("button-close")).clicked() {
                    action = Some(EndAction::Close);
                }
            });
        });
    ctx.accesskit_node_builder(id, |node| {
        node.set_role(egui::accesskit::Role::Dialog);
        node.set_label(title);
        node.set_description(summary);
    });
    action
}

impl CaNguaGame {
    /// The rules in force, in short sections, what differs from the
    /// standard rules first (the safety cap of self-play is not a rule
    /// players need, and is left out).
    pub fn rules_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let book = crate::ca_ngua::rules_text::sections(i18n, self.rules());
        differences_ui(ui, i18n, &book.differences);
        for section in &book.sections {
            ui.add_space(8.0);
            ui.label(RichText::new(i18n.t(section.key)).strong().size(16.0));
            for line in &section.lines {
                ui.label(format!("• {line}"));
            }
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
        let dark = ctx.global_style().visuals.dark_mode;
        let action = end_dialog(
            ctx,
            i18n,
            egui::Id::unique("end-window"),
            !self.end_focused,
            text::standings(i18n, &outcome).join(". "),
            |ui| self.results_ui(ui, i18n, &outcome, dark),
        );
        self.end_focused = true;
        if action == Some(EndAction::Close) {
            self.end_closed = true;
            // The focus goes back to the play panel.
            self.focus_main = true;
        }
        action
    }
}
