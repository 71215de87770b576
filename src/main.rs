//! The game: on the desktop a window (`platform::start_desktop`), in a
//! browser a page's canvas (`platform::start_page`).
#![forbid(unsafe_code)]
// No console window behind the game on Windows.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() -> std::process::ExitCode {
    ca_ngua::platform::start_desktop::run()
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    ca_ngua::platform::start_page::run();
}
