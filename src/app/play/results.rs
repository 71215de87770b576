//! The end of a game: a dialog with the results (as each game words them)
//! and New game / Close, taking the focus once; the rules window's top.

use super::phase::Phase;
use super::{Play, View};
use crate::i18n::I18n;
use egui::{RichText, Ui, Vec2};

/// What the results window asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndAction {
    /// Start a new game.
    NewGame,
    /// Show the game again in the replay window.
    Replay,
    /// Close the window.
    Close,
}

/// What differs from the standard rules, at the top of the rules window
/// (or that nothing does).
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

/// The results dialog: `results` draws the results, then New game and
/// Replay the game and Close. It takes the focus when `focus` (its first frame), and a screen
/// reader hears it as a dialog named by its title, with `summary` (the
/// places) as its description.
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
                let new_game = ui.add(big("button-play-again"));
                if focus {
                    // A dialog takes the focus (and its text is announced
                    // as the game ends).
                    new_game.request_focus();
                }
                if new_game.clicked() {
                    action = Some(EndAction::NewGame);
                }
                if ui.add(big("button-replay")).clicked() {
                    action = Some(EndAction::Replay);
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

impl<V: View> Play<V> {
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
        let shown = self.presenter.shown();
        let game = shown.game()?;
        let outcome = V::outcome(game);
        let dark = ctx.global_style().visuals.dark_mode;
        let action = end_dialog(
            ctx,
            i18n,
            egui::Id::unique(("end-window", V::ID)),
            !self.end_focused,
            V::standings(i18n, &outcome).join(". "),
            |ui| V::results_ui(self, ui, i18n, &outcome, dark),
        );
        self.end_focused = true;
        if action == Some(EndAction::Replay) {
            // The replay window takes the place of the results.
            self.end_closed = true;
        }
        if action == Some(EndAction::Close) {
            self.end_closed = true;
            // The focus goes back to the play panel.
            self.focus_main = true;
        }
        action
    }

    /// The rules in force.
    pub fn rules_ui(&self, ui: &mut Ui, i18n: &I18n) {
        V::rules_ui(self.rules(), ui, i18n);
    }
}
