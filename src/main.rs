//! The desktop game: load the preferences, pick the language, open the
//! window.
#![forbid(unsafe_code)]
// No console window behind the game on Windows.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use ca_ngua::app::{CaNguaApp, setup_context};
use ca_ngua::i18n::Lang;
use ca_ngua::prefs::Prefs;

fn main() -> eframe::Result {
    let mut prefs = Prefs::default();
    if prefs.lang.is_none() {
        // The first start follows the system language; Vietnamese otherwise.
        let locale = sys_locale::get_locale().unwrap_or_default();
        prefs.lang = Some(Lang::from_locale(&locale));
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Cờ Cá Ngựa")
            .with_inner_size([1180.0, 780.0])
            .with_min_inner_size([800.0, 600.0]),
        // Our bundled font covers every character we show; the system
        // fallback would only slow the start (and panics without fonts).
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        "ca-ngua",
        options,
        Box::new(move |cc| {
            setup_context(&cc.egui_ctx, prefs.look);
            Ok(Box::new(CaNguaApp::with_new_game(prefs)))
        }),
    )
}
