//! The desktop game's start: answer `--version` and `--help`, start the
//! log and the crash reports, open the config folder, restore the
//! player's preferences and game, hand a link to a window already open
//! (or, on macOS, listen for the links the system hands over), and have
//! the platform open the window on the app.

use crate::app::{App, setup_context};
use crate::crash;
use crate::instance;
use crate::platform;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::{I18n, Lang};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

/// Opens the window and plays (or answers `--version`, `--help`): the
/// program's `main` on the desktop.
pub fn run() -> ExitCode {
    // The first start follows the system language; Vietnamese otherwise.
    let system_lang = Lang::from_locale(&sys_locale::get_locale().unwrap_or_default());
    let launch = match platform::launch(std::env::args_os().skip(1), system_lang) {
        ControlFlow::Continue(launch) => launch,
        // Answered (--version, --help) or refused without a window.
        ControlFlow::Break(code) => return code,
    };
    let previous_crash = crash::start(platform::data_dir().as_deref(), &launch);
    let (store, opened) = Store::open();
    // The window's size and place, kept beside the other files (eframe
    // writes it; a bad file is ignored and the window opens at its default).
    let window_file = store.dir().map(|d| d.join("window.ron"));
    // One window: a later start (a clicked invite) hands its link to the
    // window already open, which is woken to take it.
    let request = match &launch {
        platform::Launch::Join(link) => instance::Request::Join(link.clone()),
        _ => instance::Request::Show,
    };
    let window: Arc<OnceLock<egui::Context>> = Arc::new(OnceLock::new());
    // Repaints the window once it is open, for a request to be taken.
    let wake = || {
        let window = Arc::clone(&window);
        move || {
            if let Some(ctx) = window.get() {
                ctx.request_repaint();
            }
        }
    };
    let listening = match store.dir() {
        Some(dir) => {
            match instance::claim(dir, instance::runtime_dir().as_deref(), &request, wake()) {
                instance::Claim::HandedOff => {
                    tracing::info!("handed over to the window already open: {request:?}");
                    return ExitCode::SUCCESS;
                }
                instance::Claim::First(listening) => listening,
                instance::Claim::Alone(why) => {
                    tracing::warn!("no single-window socket: {why}");
                    instance::Listening::alone()
                }
            }
        }
        None => instance::Listening::alone(),
    };
    // macOS hands a clicked link to this process as an event (the click
    // that started it too), not to a second start: into the same queue,
    // set before the window's event loop runs.
    #[cfg(target_os = "macos")]
    platform::macos_links::listen(listening.handover(wake()));
    let mut app = App::from_store(store, opened, system_lang, None).with_instance(listening);
    if let platform::Launch::Join(link) = launch {
        tracing::info!("started with a room's link: {link}");
        // A clicked invite: join that room once the window is up.
        app = app.with_join_link(link);
    }
    if let Some(report) = previous_crash {
        let notice = crash::previous_report_notice(&I18n::new(app.lang()), &report);
        app.push_notice(notice);
    }
    let lang = app.lang();
    let look = app.prefs().look;
    let title = app.title();
    platform::open_window(
        &title,
        window_file,
        lang,
        Box::new(move |cc| {
            setup_context(&cc.egui_ctx, look);
            let _ = window.set(cc.egui_ctx.clone());
            let mut app = app;
            // Computer players wake the window when they have decided.
            app.set_waker(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    )
}
