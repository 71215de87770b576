//! The "Try these rules" window, one of Cờ Cá Ngựa's own: it follows the
//! settings being edited (a change waiting for confirmation included).

use super::CaNguaGame;
use super::try_rules::{TrySource, rules_label, trial_from_settings};
use ca_ngua_data::ca_ngua::prefs::Prefs;
use ca_ngua_i18n::{Arg, I18n};
use game_ca_ngua::engine::Rules;

/// The window, while open. It follows `prefs`, the settings being edited
/// (a change waiting for confirmation included); closing it stops the run.
pub(super) fn try_rules_window(
    play: &mut CaNguaGame,
    ctx: &egui::Context,
    i18n: &I18n,
    prefs: &Prefs,
) {
    let saved: Vec<(String, Rules)> = play
        .local
        .rule_sets
        .iter()
        .map(|s| (s.name.clone(), s.rules))
        .collect();
    let Some(window) = &mut play.local.try_rules else {
        return;
    };
    let rules = match &window.source {
        TrySource::Settings => Some(prefs.rules),
        TrySource::Saved(name) => saved.iter().find(|(n, _)| n == name).map(|(_, r)| *r),
    };
    let Some(rules) = rules else {
        // The saved set was deleted or renamed.
        play.local.try_rules = None;
        return;
    };
    let name = match &window.source {
        TrySource::Saved(name) => name.clone(),
        TrySource::Settings => rules_label(i18n, &rules, &saved),
    };
    window.panel.saved = saved;
    let trial = trial_from_settings(rules, prefs.player_count, &prefs.players);
    let mut open = true;
    crate::app::window_place::place_window(
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
        play.local.try_rules = None;
    }
}
