//! The game in a browser page: the app made from the page's storage, in
//! the browser's language first, joining the room the page's address names
//! (`platform::page` reads it), and handed to the page's canvas.

use crate::app::{App, setup_context};
use crate::platform::{page, page_storage};
use ca_ngua_i18n::Lang;

/// Starts the game on the page (the program's `main` in a browser).
pub fn run() {
    page::log_to_console();
    let system_lang = Lang::from_locale(&page::language());
    let (store, opened) = page_storage::open();
    let mut app = App::from_store(store, opened, system_lang, None);
    if let Some(link) = page::room_link() {
        tracing::info!("opened with a room's link: {}", link.join);
        app = app.with_page_link(link.join, link.watch, link.name);
    }
    let look = app.prefs().look;
    page::start(Box::new(move |cc| {
        setup_context(&cc.egui_ctx, look);
        let mut app = app;
        app.set_waker(&cc.egui_ctx);
        Ok(Box::new(app))
    }));
}
