//! Cờ nhảy's settings, in the same panel style as Cờ Cá Ngựa's: 2, 3, 4
//! or 6 players, a person or the computer (its level) for each colour,
//! the rule set and each toggle with its one-line explanation, fast
//! computer players. It edits a copy of the settings and reports whether
//! they changed; the shell decides whether a change needs a new game.

use crate::app::widgets::{check, combo, help, player_options};
use ca_ngua_data::co_nhay::prefs::Prefs;
use ca_ngua_i18n::{Arg, I18n};
use egui::Ui;
use game_co_nhay::engine::{GameEnd, OtherArms, PRESET_NAMES, Players, Rules};

/// Draws the settings on `prefs`; true when they changed.
pub fn settings_ui(ui: &mut Ui, i18n: &I18n, prefs: &mut Prefs) -> bool {
    let mut changed = false;
    ui.heading(i18n.t("nhay-settings-heading"));
    ui.add_space(4.0);
    ui.strong(i18n.t("nhay-settings-players"));
    ui.horizontal_wrapped(|ui| {
        for players in Players::ALL {
            let n = players.count();
            let text = i18n.t_args("nhay-settings-player-count", &[("n", Arg::from(n))]);
            if ui.selectable_label(prefs.player_count == n, text).clicked()
                && prefs.player_count != n
            {
                prefs.player_count = n;
                changed = true;
            }
        }
    });
    help(ui, i18n, "nhay-settings-players-help");
    for arm in prefs.seating().arms() {
        let kind = &mut prefs.players[arm.index()];
        let options = player_options(*kind);
        let id = format!("nhay-player-{}", arm.number());
        // The colour's name is the label (combo() looks labels up by key).
        let label_key = format!("nhay-colour-{}", arm.number());
        changed |= combo(ui, i18n, &id, &label_key, kind, &options);
    }

    ui.separator();
    changed |= rules_ui(ui, i18n, &mut prefs.rules);

    ui.separator();
    ui.strong(i18n.t("nhay-settings-play"));
    changed |= check(ui, i18n, "nhay-settings-fast-bots", &mut prefs.fast_bots);
    changed
}

/// The rule set and each toggle.
fn rules_ui(ui: &mut Ui, i18n: &I18n, rules: &mut Rules) -> bool {
    let mut changed = false;
    ui.strong(i18n.t("nhay-settings-rules"));
    let preset = rules.preset_name();
    let current = match preset {
        Some(name) => i18n.t(&format!("nhay-preset-{name}")),
        None => i18n.t("nhay-preset-custom"),
    };
    ui.horizontal(|ui| {
        let label = i18n.t("nhay-settings-preset");
        ui.label(&label);
        let value = current.clone();
        let response = egui::ComboBox::from_id_salt("nhay-preset")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for name in PRESET_NAMES {
                    let selected = preset == Some(name);
                    if ui
                        .selectable_label(selected, i18n.t(&format!("nhay-preset-{name}")))
                        .clicked()
                        && !selected
                        && let Some(r) = Rules::preset(name)
                    {
                        *rules = r;
                        changed = true;
                    }
                }
            })
            .response;
        crate::app::a11y::combo_value(&response, &label, &value);
    });
    help(ui, i18n, "nhay-settings-preset-help");
    changed |= check(
        ui,
        i18n,
        "nhay-toggle-anti-blocking",
        &mut rules.anti_blocking,
    );
    changed |= combo(
        ui,
        i18n,
        "nhay-other-arms",
        "nhay-toggle-other-arms",
        &mut rules.other_arms,
        &[
            (OtherArms::Allowed, "nhay-value-other-arms-allowed"),
            (OtherArms::Forbidden, "nhay-value-other-arms-forbidden"),
        ],
    );
    help(ui, i18n, "nhay-toggle-other-arms-help");
    changed |= combo(
        ui,
        i18n,
        "nhay-game-end",
        "nhay-toggle-game-end",
        &mut rules.game_end,
        &[
            (GameEnd::PlayOn, "nhay-value-end-play-on"),
            (GameEnd::FirstWinner, "nhay-value-end-first-winner"),
        ],
    );
    help(ui, i18n, "nhay-toggle-game-end-help");
    changed
}
