//! The program's start, beside `main.rs`: what the app is made from on
//! each platform (the player's files, the language, a room's link), handed
//! to the platform seam to run, as eframe's `run_native` takes an app's
//! maker. The seam (`crate::platform`) never names the app.
//!
//! - `desktop.rs`: `--version` and `--help`, the log and the crash
//!   reports, one window for every start, the window;
//! - `page.rs`: the page's canvas, in the browser's language, with the
//!   room its address names.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod desktop;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use desktop::run;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod page;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use page::run;
