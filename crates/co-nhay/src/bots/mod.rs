//! Computer players for Cờ nhảy. One strategy per file; each sees the
//! engine only: the rules, the position (its arm to move) and the legal
//! moves, and returns one of those moves. Every bot is deterministic given
//! its seed; Hard's search is bounded by a number of positions, never by a
//! clock.

use super::engine::{Move, MoveList, Position, Rules};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

pub mod easy;
pub mod hard;
pub mod medium;
pub mod random;
mod sense;

pub use hard::{Budget, Rivals, Searcher, Style};
pub use sense::{Memory, Params};

/// The generator bots and self-play use: small, fast, seeded.
pub type BotRng = Xoshiro256PlusPlus;

/// How strong a computer player is: the same four levels as Cờ Cá
/// Ngựa's, so a seat's controller, the settings and the statistics speak
/// of both games alike.
pub use ca_ngua_core::game::Level;

/// What a bot is asked: the rules, the position (its arm to move) and the
/// legal moves.
#[derive(Copy, Clone, Debug)]
pub struct Decision<'a> {
    /// The rules in force.
    pub rules: &'a Rules,
    /// The position before the move.
    pub position: &'a Position,
    /// The legal moves of the player to move (empty: it passes).
    pub moves: &'a MoveList,
}

/// A computer player of some level. Keep one per player for a whole game:
/// it remembers its own recent moves, so that it does not step back and
/// forth while its way is blocked.
#[derive(Clone, Debug)]
pub struct Bot {
    level: Level,
    rng: BotRng,
    budget: Budget,
    style: Style,
    memory: Memory,
    search: Option<Box<Searcher>>,
}

impl Bot {
    /// A bot of `level` whose choices are fixed by `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot::with_budget(level, seed, Budget::DEFAULT)
    }

    /// A bot whose search (Hard only) does at most `budget`'s work per
    /// decision: smaller plays faster and weaker.
    pub fn with_budget(level: Level, seed: u64, budget: Budget) -> Bot {
        Bot::with_style(level, seed, budget, Style::DEFAULT)
    }

    /// A bot whose search (Hard only) has another style: for tuning runs.
    pub fn with_style(level: Level, seed: u64, budget: Budget, style: Style) -> Bot {
        Bot {
            level,
            rng: BotRng::seed_from_u64(seed),
            budget,
            style,
            memory: Memory::default(),
            search: None,
        }
    }

    /// The same bot, remembering `memory` (its own moves of the game so
    /// far, as a table that replays a game rebuilds them).
    pub fn with_memory(mut self, memory: Memory) -> Bot {
        self.memory = memory;
        self
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Picks one of `d.moves`, or `Move::PASS` when the list is empty.
    pub fn choose(&mut self, d: &Decision<'_>) -> Move {
        let Some(only) = d.moves.first() else {
            return Move::PASS;
        };
        let mv = if d.moves.len() == 1 {
            only
        } else {
            match self.level {
                Level::Random => random::choose(d, &mut self.rng),
                Level::Easy => easy::choose(d, &mut self.rng),
                Level::Medium => medium::choose(d, &self.memory, &mut self.rng),
                Level::Hard => {
                    let s = self.search.get_or_insert_with(Default::default);
                    s.choose_with(d, &self.memory, self.budget, self.style, &mut self.rng)
                }
            }
        };
        self.memory.record(d.position, mv);
        mv
    }
}

/// A hint for a human player: the move Hard would make in `position`, or
/// `None` when the player to move must pass or the game is over. Always the
/// same answer for the same question.
pub fn hint(rules: &Rules, position: &Position) -> Option<Move> {
    let moves = position.legal_moves(rules);
    if moves.is_empty() {
        return None;
    }
    let d = Decision {
        rules,
        position,
        moves: &moves,
    };
    Some(Bot::new(Level::Hard, 0).choose(&d))
}
