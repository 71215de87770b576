//! What every game shares: the computer players' levels, the frame of a
//! rule-set file, rules in plain language, random numbers and the parts of
//! self-play that do not depend on the game.

pub mod level;
pub mod rng;
pub mod rule_text;
pub mod rules_file;
pub mod selfplay;

pub use level::Level;
pub use rng::secure_rng;
