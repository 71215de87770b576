//! The game in a browser page: the app drawn on the page's canvas
//! (`<canvas id="ca-ngua">`, as `scripts/web.sh` writes `index.html`), in
//! the browser's language first, and a room's link in the address's
//! fragment (`#join=CODE&name=NAME`, `#watch=CODE`) joined on the server
//! that served the page.

use crate::app::{App, setup_context};
use crate::i18n::Lang;
use crate::net::protocol::PlayLink;
use crate::store::Store;
use wasm_bindgen::JsCast;

/// The id of the canvas the page gives the game.
pub const CANVAS_ID: &str = "ca-ngua";

/// Starts the game on the page (the program's `main` in a browser).
pub fn run() {
    let window = web_sys::window();
    let language = window
        .as_ref()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default();
    let system_lang = Lang::from_locale(&language);
    let (store, opened) = Store::open();
    let mut app = App::from_store(store, opened, system_lang, None);
    if let Some(link) = room_link(window.as_ref()) {
        tracing::info!("opened with a room's link: {link}");
        app = app.with_join_link(link);
    }
    let look = app.prefs().look;
    wasm_bindgen_futures::spawn_local(async move {
        let Some(canvas) = window
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(CANVAS_ID))
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            tracing::error!("the page has no canvas #{CANVAS_ID}");
            return;
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(move |cc| {
                    setup_context(&cc.egui_ctx, look);
                    let mut app = app;
                    app.set_waker(&cc.egui_ctx);
                    Ok(Box::new(app))
                }),
            )
            .await;
        if let Err(e) = started {
            tracing::error!("the game could not start: {e:?}");
        }
    });
}

/// The room the page's address asks for, as the app's join link (the
/// invite page's address on this server).
fn room_link(window: Option<&web_sys::Window>) -> Option<String> {
    let location = window?.location();
    let hash = location.hash().ok()?;
    let link = PlayLink::from_fragment(&hash)?.ok()?;
    let origin = location.origin().ok()?;
    let watch = if link.watch { "?watch" } else { "" };
    Some(format!("{origin}/join/{}{watch}", link.room))
}
