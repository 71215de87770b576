//! What differs between the desktop and a browser, in one place, so that
//! no screen names a target (docs/ARCHITECTURE.md, "The browser"):
//!
//! - `desktop.rs`: the desktop around the app (its identity, data folder,
//!   command line, the window, why it did not open); not in a browser;
//! - `page.rs`: the page around the app (its canvas, the browser's
//!   language, the room its address names, the loading screen, the log in
//!   the console); only in a browser;
//! - [`host`]: hosting a room on this device, which a browser cannot do;
//! - [`files`]: files the player chooses (a dialog, or a download and an
//!   upload);
//! - `macos_links.rs`: on macOS, the room links the system hands the app
//!   as an event (not on the command line), into the window's queue;
//! - `page_storage.rs`: the page's files in the browser's storage (the
//!   desktop's are in a folder: `ca-ngua-data`'s store holds both).
//!
//! The window and the canvas run what the program's start (`crate::start`)
//! hands them, as eframe's `run_native` does: nothing here names the app.
//! The network client has its own seam (`ca-ngua-client`'s `platform`).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod desktop;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use desktop::*;

pub mod files;
pub mod host;
// The crate's one module allowed `unsafe`: an Objective-C class and the
// messages sent to AppKit (each block says why it is sound).
#[cfg(target_os = "macos")]
#[allow(unsafe_code)]
pub mod macos_links;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod page;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod page_storage;

/// The version of this build, from `Cargo.toml`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Gives the app the keyboard at its start, where the platform lets it:
/// the window on the desktop, the canvas in a page.
pub fn take_keyboard(ctx: &egui::Context) {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        let _ = ctx;
        page::focus_canvas();
    }
}

/// This device's time zone as it was at `secs` seconds since 1970 (UTC):
/// the system's on the desktop (UTC where it has none); in a browser, the
/// offset the browser gives for that moment (a database of every zone
/// would be a fifth of a megabyte more of every download of the page).
pub fn local_zone_at(secs: i64) -> jiff::tz::TimeZone {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        // Minutes behind UTC, at that moment (summer time included).
        let millis = secs as f64 * 1000.0;
        let behind =
            js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(millis)).get_timezone_offset();
        let seconds = (-behind * 60.0).round() as i32;
        jiff::tz::Offset::from_seconds(seconds)
            .map_or(jiff::tz::TimeZone::UTC, jiff::tz::TimeZone::fixed)
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        let _ = secs;
        jiff::tz::TimeZone::system()
    }
}
