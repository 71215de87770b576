//! Computer players. One strategy per file; each depends on the engine only:
//! it sees the rules, the position, the roll and the legal moves, and
//! returns one of those moves. Every bot is deterministic given its seed.

use crate::ca_ngua::engine::{Move, MoveList, Position, Roll, Rules};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

pub mod easy;
pub mod hard;
pub mod medium;
pub mod random;
mod sense;

pub use crate::game::Level;
pub use hard::Budget;

/// The random-number generator bots and self-play use: small, fast and
/// reproducible from a seed.
pub type BotRng = Xoshiro256PlusPlus;

/// What a bot is asked: the rules, the position (its colour is to move), the
/// roll and the legal moves (at least one).
#[derive(Copy, Clone, Debug)]
pub struct Decision<'a> {
    /// The rules in force.
    pub rules: &'a Rules,
    /// The position before the move.
    pub position: &'a Position,
    /// The roll to play.
    pub roll: Roll,
    /// The legal moves; never empty for `Bot::choose` (`Bot::pick` also
    /// takes an empty list).
    pub moves: &'a MoveList,
}

/// A computer player of some level.
#[derive(Clone, Debug)]
pub struct Bot {
    level: Level,
    rng: BotRng,
    budget: Budget,
    /// Hard's evaluation tables for the rules of the last decision: the
    /// rules of a game do not change, so they are built once.
    model: Option<Box<hard::Model>>,
}

impl Bot {
    /// A bot of `level` whose choices are fixed by `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot::with_budget(level, seed, Budget::DEFAULT)
    }

    /// A bot of `level` whose search (Hard only) does at most `budget`'s
    /// work per decision: a smaller budget plays faster and weaker.
    pub fn with_budget(level: Level, seed: u64, budget: Budget) -> Bot {
        Bot {
            level,
            rng: BotRng::seed_from_u64(seed),
            budget,
            model: None,
        }
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The index in `d.moves` of the move to play; the list may be empty
    /// or hold a single move (the index is then 0). Self-play's path: it
    /// does not care how many moves there are. `bits` are 32 random bits
    /// drawn with the roll (`dice::roll_with_bits`); the random player
    /// chooses with them rather than with its own generator.
    #[inline]
    pub fn pick(&mut self, d: &Decision<'_>, bits: u32) -> usize {
        match self.level {
            Level::Random => random::pick(d.moves, bits, &mut self.rng),
            Level::Easy | Level::Medium | Level::Hard => self.pick_thinking(d),
        }
    }

    /// A move index chosen uniformly with `bits` (the random player's
    /// choice, whatever this bot's level): self-play's fast path.
    #[inline]
    pub fn pick_uniform(&mut self, moves: &MoveList, bits: u32) -> usize {
        random::pick(moves, bits, &mut self.rng)
    }

    /// `pick` for the levels that think: kept out of line so that the
    /// random player's path stays small enough to inline into self-play's
    /// loop.
    #[inline(never)]
    fn pick_thinking(&mut self, d: &Decision<'_>) -> usize {
        if d.moves.len() < 2 {
            return 0;
        }
        let m = self.choose(d);
        d.moves.iter().position(|x| x == m).unwrap_or(0)
    }

    /// Picks one of `d.moves` (which must not be empty). A single legal
    /// move is returned at once.
    pub fn choose(&mut self, d: &Decision<'_>) -> Move {
        let Some(only) = d.moves.first() else {
            // No move to make: callers pass instead. Return something
            // harmless rather than panic.
            return Move::EXIT;
        };
        if d.moves.len() == 1 {
            return only;
        }
        match self.level {
            Level::Random => random::choose(d, &mut self.rng),
            Level::Easy => easy::choose(d, &mut self.rng),
            Level::Medium => medium::choose(d, &mut self.rng),
            Level::Hard => {
                let model = match &mut self.model {
                    Some(m) if m.rules() == d.rules => m,
                    slot => slot.insert(Box::new(hard::Model::new(d.rules, hard::Params::TUNED))),
                };
                hard::choose_with(d, model, self.budget)
            }
        }
    }
}

/// A hint for a human player: the move Hard would make with `roll` in
/// `position` under `rules`, or `None` when the roll must be passed.
/// Always the same answer for the same question.
pub fn hint(rules: &Rules, position: &Position, roll: Roll) -> Option<Move> {
    let moves = position.legal_moves(rules, roll);
    if moves.is_empty() {
        return None;
    }
    let d = Decision {
        rules,
        position,
        roll,
        moves: &moves,
    };
    Some(Bot::new(Level::Hard, 0).choose(&d))
}
