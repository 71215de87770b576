//! The rules window's content for Cờ Cá Ngựa.

use crate::app::play::results::differences_ui;
use ca_ngua_i18n::I18n;
use egui::{RichText, Ui};
use game_ca_ngua::engine::Rules;

/// The rules in force, in short sections, what differs from the standard
/// rules first (the safety cap of self-play is not a rule players need,
/// and is left out).
pub fn rules_ui(rules: &Rules, ui: &mut Ui, i18n: &I18n) {
    let book = game_ca_ngua::rules_text::sections(i18n, rules);
    differences_ui(ui, i18n, &book.differences);
    for section in &book.sections {
        ui.add_space(8.0);
        ui.label(RichText::new(i18n.t(section.key)).strong().size(16.0));
        for line in &section.lines {
            ui.label(format!("• {line}"));
        }
    }
}
