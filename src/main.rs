//! The desktop game: answer `--version` and `--help`, start the log and
//! the crash reports, open the config folder, restore the player's
//! preferences and game, open the window.
#![forbid(unsafe_code)]
// No console window behind the game on Windows.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use ca_ngua::app::{CaNguaApp, setup_context};
use ca_ngua::crash;
use ca_ngua::i18n::{Arg, I18n, Lang};
use ca_ngua::platform::{self, Launch};
use ca_ngua::store::Store;
use std::process::ExitCode;

fn main() -> ExitCode {
    // The first start follows the system language; Vietnamese otherwise.
    let system_lang = Lang::from_locale(&sys_locale::get_locale().unwrap_or_default());
    let launch = match platform::parse_args(std::env::args_os().skip(1)) {
        Ok(launch) => launch,
        Err(arg) => {
            let i18n = I18n::new(system_lang);
            eprintln!(
                "{}",
                i18n.t_args("startup-bad-argument", &[("arg", Arg::from(arg))])
            );
            return ExitCode::from(2);
        }
    };
    let data_dir = platform::data_dir();
    match launch {
        Launch::Version => {
            println!("{}", platform::version_line());
            return ExitCode::SUCCESS;
        }
        Launch::Help => {
            let data = data_dir
                .as_ref()
                .map(|d| d.display().to_string())
                .unwrap_or_default();
            let i18n = I18n::new(system_lang);
            println!("{}", i18n.t_args("app-help", &[("data", Arg::from(data))]));
            return ExitCode::SUCCESS;
        }
        Launch::Play | Launch::CrashTest => {}
    }
    crash::start_logging(data_dir.as_deref());
    crash::install_panic_hook(data_dir.clone());
    if launch == Launch::CrashTest {
        crash::crash_test();
    }
    let previous_crash = data_dir.as_deref().and_then(crash::take_previous_report);

    let (store, opened) = Store::open();
    let mut app = CaNguaApp::from_store(store, opened, system_lang);
    if let Some(report) = previous_crash {
        app.push_notice(crash::previous_report_notice(
            &I18n::new(app.lang()),
            &report,
        ));
    }
    let lang = app.lang();
    let look = app.prefs().look;
    let title = app.title();
    let options = eframe::NativeOptions {
        viewport: platform::with_identity(
            egui::ViewportBuilder::default()
                .with_title(title)
                .with_inner_size([1180.0, 780.0])
                .with_min_inner_size([800.0, 600.0]),
        ),
        // Our bundled font covers every character we show; the system
        // fallback would only slow the start (and panics without fonts).
        system_font_fallback: false,
        ..Default::default()
    };
    let run = eframe::run_native(
        platform::APP_ID,
        options,
        Box::new(move |cc| {
            setup_context(&cc.egui_ctx, look);
            Ok(Box::new(app))
        }),
    );
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The details for whoever reads the log; one sentence for the
            // player, in their language.
            let details = crash::scrub_home(&format!("{e} ({e:?})"));
            tracing::error!("the window could not open: {details}");
            let i18n = I18n::new(lang);
            let key = platform::startup_error_key(&e);
            eprintln!(
                "{}",
                i18n.t_args(key, &[("reason", Arg::from(e.to_string()))])
            );
            ExitCode::FAILURE
        }
    }
}
