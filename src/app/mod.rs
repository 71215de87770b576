//! The desktop app (feature `gui`): a shell — top bar, settings drawer,
//! notices, statistics and rules windows, language, files — hosting one
//! screen per game. The play machinery every game uses is `play/`, written
//! once over its `View` trait; each game's folder (`ca_ngua/`, `co_nhay/`)
//! only draws its board, lays out its settings and words its moves.

pub mod a11y;
pub mod ca_ngua;
pub mod co_nhay;
pub mod layout;
pub mod learn;
pub mod move_marks;
pub mod play;
pub mod shell;
pub mod sound;
pub mod text;
pub mod theme;
pub mod touch;
pub mod widgets;
pub mod window_place;

pub use shell::{App, Intent, setup_context};
