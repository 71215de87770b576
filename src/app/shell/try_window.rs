//! The "Try these rules" window, hosted by the shell: it follows the
//! settings being edited (a change waiting for confirmation included).

use super::CaNguaApp;
use crate::app::ca_ngua::try_rules::{
    TryRulesPanel, TrySource, TryWindow, rules_label, trial_from_settings,
};
use crate::ca_ngua::engine::Rules;
use crate::i18n::Arg;

impl CaNguaApp {
    /// Opens the window for `source` (a new run; an open one is replaced).
    pub(super) fn open_try_rules(&mut self, source: TrySource) {
        self.try_rules = Some(TryWindow {
            source,
            panel: TryRulesPanel::default(),
        });
    }

    /// The window, while open. It follows the settings being edited (a
    /// change waiting for confirmation included); closing it stops the run.
    pub(super) fn try_rules_window(&mut self, ctx: &egui::Context) {
        let Some(window) = &mut self.try_rules else {
            return;
        };
        let prefs = self.confirm.as_ref().unwrap_or(&self.prefs);
        let saved: Vec<(String, Rules)> = self
            .game
            .rule_sets()
            .iter()
            .map(|s| (s.name.clone(), s.rules))
            .collect();
        let rules = match &window.source {
            TrySource::Settings => Some(prefs.rules),
            TrySource::Saved(name) => saved.iter().find(|(n, _)| n == name).map(|(_, r)| *r),
        };
        let Some(rules) = rules else {
            // The saved set was deleted or renamed.
            self.try_rules = None;
            return;
        };
        let name = match &window.source {
            TrySource::Saved(name) => name.clone(),
            TrySource::Settings => rules_label(&self.i18n, &rules, &saved),
        };
        window.panel.saved = saved;
        let trial = trial_from_settings(rules, prefs.player_count, &prefs.players);
        let i18n = &self.i18n;
        let mut open = true;
        super::panels::place_window(
            egui::Window::new(i18n.t_args("try-title", &[("rules", Arg::from(name.as_str()))])),
            ctx,
        )
        .id(egui::Id::unique("try-rules-window"))
        .open(&mut open)
        .default_width(580.0)
        .default_height(700.0)
        .show(ctx, |ui| {
            let label = i18n.t("try-open");
            crate::app::a11y::scroll(ui, "try-scroll", &label, |ui| {
                window.panel.ui(ui, i18n, &trial, &name)
            });
        });
        if !open {
            self.try_rules = None;
        }
    }
}
