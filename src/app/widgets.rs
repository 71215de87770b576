//! Widgets every game's settings use: a labelled combo box, a check box
//! with its one-line explanation, the computer levels offered.

use ca_ngua_core::game::Level;
use ca_ngua_data::prefs::PlayerKind;
use ca_ngua_i18n::I18n;
use egui::{RichText, Ui};

/// The computer levels offered to players (the random player is for
/// measurement only).
pub fn offered_levels() -> Vec<Level> {
    Level::ALL
        .into_iter()
        .filter(|l| *l != Level::Random)
        .collect()
}

/// The text key of a level.
pub fn level_key(level: Level) -> String {
    format!("level-{}", level.name())
}

/// Who may play a colour, with their text keys: a person, then each
/// offered level, and `current` too should it be a level not offered (the
/// random player, from a hand-edited file).
pub fn player_options(current: PlayerKind) -> Vec<(PlayerKind, String)> {
    let mut options = vec![(PlayerKind::Human, "player-human".to_string())];
    for level in offered_levels() {
        options.push((PlayerKind::Bot(level), level_key(level)));
    }
    if let PlayerKind::Bot(level) = current
        && !options.iter().any(|(k, _)| *k == current)
    {
        options.push((current, level_key(level)));
    }
    options
}

/// A labelled combo box over `options` (value, text key); true when the
/// value changed.
pub fn combo<T: PartialEq + Copy, K: AsRef<str>>(
    ui: &mut Ui,
    i18n: &I18n,
    id: &str,
    label_key: &str,
    value: &mut T,
    options: &[(T, K)],
) -> bool {
    let mut changed = false;
    let label = i18n.t(label_key);
    let current = options
        .iter()
        .find(|(v, _)| v == value)
        .map(|(_, k)| i18n.t(k.as_ref()))
        .unwrap_or_default();
    // Wrapped: in a narrow panel the box goes under its label rather than
    // past the panel's edge (issue 54).
    ui.horizontal_wrapped(|ui| {
        ui.label(&label);
        let shown = current.clone();
        let response = egui::ComboBox::from_id_salt(id)
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (v, key) in options {
                    if ui
                        .selectable_label(v == value, i18n.t(key.as_ref()))
                        .clicked()
                        && v != value
                    {
                        *value = *v;
                        changed = true;
                    }
                }
            })
            .response;
        crate::app::a11y::combo_value(&response, &label, &shown);
    });
    changed
}

/// A one-line explanation under a setting, at the size of the rest and
/// in a colour that reads (see `theme::readable_visuals`).
pub fn help(ui: &mut Ui, i18n: &I18n, key: &str) {
    ui.label(RichText::new(i18n.t(key)).weak());
}

/// A check box with its explanation; true when it changed.
pub fn check(ui: &mut Ui, i18n: &I18n, key: &str, value: &mut bool) -> bool {
    let changed = ui.checkbox(value, i18n.t(key)).changed();
    help(ui, i18n, &format!("{key}-help"));
    changed
}
