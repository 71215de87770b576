//! Cờ Cá Ngựa and Cờ nhảy, the desktop app: the shell, the screens, the
//! board, sound, the window. Every layer below it is a crate of its own in
//! `crates/` (docs/ARCHITECTURE.md), and the app's code names each item by
//! the crate that defines it (`ca_ngua_core::game::…`,
//! `ca_ngua_data::record::…`).
// No `unsafe` in the app's code, but for the one module that talks to
// macOS (`platform::macos_links`, which allows it for itself): `deny`, not
// the workspace's `forbid`, which nothing inside could lift.
#![deny(unsafe_code)]

pub mod app;
/// Crash reports: the desktop's (a browser shows its own console).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod crash;
pub mod instance;
pub mod platform;
pub mod privacy;
pub mod start;
