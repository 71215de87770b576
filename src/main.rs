//! The game: on the desktop a window, in a browser a page's canvas
//! (`start`).
#![forbid(unsafe_code)]
// No console window behind the game on Windows.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() -> std::process::ExitCode {
    ca_ngua::start::run()
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    ca_ngua::start::run();
}
