//! The learned evaluator (issue 32): each seat's chance to win a Cờ Cá
//! Ngựa position, for two to four players and teams, under every one-die
//! rule set, from a small network trained by self-play (`train.rs`).
//!
//! The network sees the position from the seat to roll (`features.rs`) and
//! adds what it learned to Hard's hand-made race model: one of its inputs
//! per seat is the model's expected turns to finish, and the model's own
//! opinion enters the output directly (`alpha` times its logits), so that
//! an untrained network is today's Hard evaluation and training only has
//! to learn where that evaluation is wrong.
//!
//! ```text
//!   position ──features──▶ 512 inputs (≈ 70 non-zero) ──W1──▶ 64 tanh
//!        │                                                     │ W2
//!        └──── Hard's race model: turns per seat ── alpha ──▶ (+) ──▶ softmax over the seats racing
//! ```
//!
//! The shipped weights are `assets/evaluator/ca-ngua.weights`: a text
//! header (what the file is, the rules it covers, its inputs, the command
//! that made it and a checksum), then the numbers. [`shipped`] checks all
//! of it; a file that fails is reported once and the computer players fall
//! back to today's Hard ([`crate::bots`]).

mod features;
mod file;
mod losses;
mod net;
pub mod strength;
pub mod train;

pub use features::{FEATURES, Features, INPUTS, Layout, THREATS, TOGGLES, threats};
pub use file::{Header, WeightsError};
pub use net::{Evaluator, HIDDEN};

use crate::bots::hard::{Leaf, Model, Params, Standing};
use crate::engine::{Dice, Position, Roll, Rules};
use std::sync::OnceLock;

/// The shipped weights, compiled into the program.
pub const SHIPPED: &[u8] = include_bytes!("../../../../../assets/evaluator/ca-ngua.weights");

/// The weights Hard played with before issue 57 (`hard-v1` in the
/// gauntlet, its yardstick), kept byte for byte.
pub const SHIPPED_V1: &[u8] = include_bytes!("../../../../../assets/evaluator/ca-ngua-v1.weights");

/// [`SHIPPED_V1`], checked once (`Err` when it fails its checks).
pub fn v1() -> Result<&'static Evaluator, &'static WeightsError> {
    static LOADED: OnceLock<Result<Evaluator, WeightsError>> = OnceLock::new();
    LOADED
        .get_or_init(|| Evaluator::from_bytes(SHIPPED_V1))
        .as_ref()
}

/// The environment variable that names another weights file to use (for
/// trying freshly trained weights without rebuilding).
pub const WEIGHTS_ENV: &str = "CA_NGUA_WEIGHTS";

/// The evaluator the computer players and the analysis use: the file named
/// by [`WEIGHTS_ENV`] when set, else the shipped weights; checked once. A
/// file that fails the checks is reported (once, in the log) and `Err`
/// tells the caller to fall back.
pub fn shipped() -> Result<&'static Evaluator, &'static WeightsError> {
    static LOADED: OnceLock<Result<Evaluator, WeightsError>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let loaded = match std::env::var_os(WEIGHTS_ENV) {
                Some(path) => match std::fs::read(&path) {
                    Ok(bytes) => Evaluator::from_bytes(&bytes),
                    Err(e) => Err(WeightsError::Read(format!(
                        "{}: {e}",
                        std::path::Path::new(&path).display()
                    ))),
                },
                None => Evaluator::from_bytes(SHIPPED),
            };
            if let Err(e) = &loaded {
                tracing::warn!(
                    "the learned evaluator is not used, the computer plays as before: {e}"
                );
            }
            loaded
        })
        .as_ref()
}

/// True when the evaluator was trained for `rules`: every one-die rule set
/// (the two-dice rules stay with the hand-made evaluation).
pub fn covers(rules: &Rules) -> bool {
    rules.dice == Dice::One
}

/// The evaluator bound to one rule set: Hard's race model for those rules
/// (its tables are built once) and the network. A [`Leaf`] for Hard's
/// search.
#[derive(Clone, Debug)]
pub struct Judge<'a> {
    net: &'a Evaluator,
    model: Model,
}

impl<'a> Judge<'a> {
    /// `net` judging positions under `rules`.
    pub fn new(net: &'a Evaluator, rules: &Rules) -> Judge<'a> {
        Judge {
            net,
            model: Model::new(rules, Params::TUNED),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.model.rules()
    }

    /// Each seat's chance to win (with teams, each partner holds half its
    /// team's chance); they sum to 1 over the seats racing, 0 for a game
    /// stopped without a winner. `root_done`: the seats already home
    /// before the question (their finish settles nothing).
    pub fn chances(&self, pos: &Position, root_done: u8) -> [f32; 4] {
        match self.model.standing(pos, root_done) {
            Standing::Settled(u) => u,
            Standing::Open { turns, running } => {
                let f = Features::new(
                    pos,
                    self.model.rules(),
                    &turns,
                    running,
                    self.model.temperature(),
                    self.net.layout(),
                );
                self.net.forward_quick(&f).chances(&f, self.model.rules())
            }
        }
    }

    /// The chances before the next roll, looking one roll ahead: every roll
    /// with its probability, the colour to roll choosing its best move by
    /// [`Judge::chances`] (a pass when it has none). Deterministic.
    pub fn expect(&self, pos: &Position, root_done: u8) -> [f32; 4] {
        if let Standing::Settled(u) = self.model.standing(pos, root_done) {
            return u;
        }
        // Hard's own expectimax, one roll deep, on this evaluation.
        crate::bots::hard::expectimax(self, pos, root_done, 1)
    }
}

impl Leaf for Judge<'_> {
    fn leaf_rules(&self) -> &Rules {
        self.model.rules()
    }
    fn leaf_rolls(&self) -> &[(Roll, f32)] {
        self.model.roll_odds()
    }
    #[inline]
    fn leaf(&self, pos: &Position, root_done: u8) -> [f32; 4] {
        self.chances(pos, root_done)
    }
}

/// The seats already home in `pos` (bit `s` for seat `s`): what a search
/// from `pos` passes as `root_done`.
pub fn done_mask(pos: &Position, rules: &Rules) -> u8 {
    let mut done = 0u8;
    for s in pos.playing_seats() {
        if pos.is_finished(s, rules) {
            done |= 1 << s.index();
        }
    }
    done
}
