//! The desktop game: open the config folder, restore the player's
//! preferences and game, open the window.
#![forbid(unsafe_code)]
// No console window behind the game on Windows.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use ca_ngua::app::{CaNguaApp, setup_context};
use ca_ngua::i18n::Lang;
use ca_ngua::store::Store;

fn main() -> eframe::Result {
    let (store, opened) = Store::open();
    // The window's size and place, kept beside the other files (eframe
    // writes it; a bad file is ignored and the window opens at its default).
    let window_file = store.dir().map(|d| d.join("window.ron"));
    // The first start follows the system language; Vietnamese otherwise.
    let system_lang = Lang::from_locale(&sys_locale::get_locale().unwrap_or_default());
    let app = CaNguaApp::from_store(store, opened, system_lang, None);
    let look = app.prefs().look;
    let title = app.title();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_inner_size([1180.0, 780.0])
            .with_min_inner_size([800.0, 600.0]),
        // Our bundled font covers every character we show; the system
        // fallback would only slow the start (and panics without fonts).
        system_font_fallback: false,
        persist_window: window_file.is_some(),
        persistence_path: window_file,
        ..Default::default()
    };
    eframe::run_native(
        "ca-ngua",
        options,
        Box::new(move |cc| {
            setup_context(&cc.egui_ctx, look);
            let mut app = app;
            app.set_waker(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    )
}
