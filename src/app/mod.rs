//! The desktop app (feature `gui`): a shell — top bar, settings drawer,
//! notices, statistics and rules windows, language, files — hosting a
//! game. Each game lives in a folder of its own (`ca_ngua/`), with its
//! board, play panel, settings and text, and renders a game source (a
//! table at this device, or one on a server).

pub mod a11y;
pub mod ca_ngua;
pub mod co_nhay;
pub mod shell;
pub mod sound;
pub mod text;
pub mod theme;

pub use shell::{CaNguaApp, Intent, setup_context};
