//! Computer players. One strategy per file; each depends on the engine only:
//! it sees the rules, the position, the roll and the legal moves, and
//! returns one of those moves. Every bot is deterministic given its seed.

use crate::engine::{Move, MoveList, Position, Roll, Rules};
use eval::{Evaluator, Judge};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

pub mod easy;
pub mod eval;
pub mod hard;
pub mod medium;
pub mod random;
mod sense;
pub mod styles;

pub use ca_ngua_core::game::Level;
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
    /// The search's budget with the hand-made model.
    budget: Budget,
    /// The search's budget with the learned evaluator.
    learned_budget: Budget,
    /// The learned evaluator Hard plays with where it covers the rules
    /// (`None`: today's Hard everywhere).
    net: Option<&'static Evaluator>,
    /// Hard's evaluation for the rules of the last decision: the rules of
    /// a game do not change, so its tables are built once.
    brain: Option<Box<Brain>>,
}

/// What Hard evaluates its search's leaves with.
#[derive(Clone, Debug)]
enum Brain {
    /// Today's hand-made race model.
    Classic(hard::Model),
    /// The learned evaluator on top of it.
    Learned(Judge<'static>),
}

impl Brain {
    fn rules(&self) -> &Rules {
        match self {
            Brain::Classic(m) => m.rules(),
            Brain::Learned(j) => j.rules(),
        }
    }
}

impl Bot {
    /// A bot of `level` whose choices are fixed by `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot::with_budget(level, seed, Budget::DEFAULT)
    }

    /// A bot of `level` whose search (Hard only) does at most `budget`'s
    /// work per decision: a smaller budget plays faster and weaker.
    pub fn with_budget(level: Level, seed: u64, budget: Budget) -> Bot {
        Bot::with_evaluator(level, seed, budget, eval::shipped().ok())
    }

    /// A bot whose Hard plays with `net` where it covers the rules (at
    /// [`Budget::LEARNED`] when `budget` is the default, else at
    /// `budget`), or with today's
    /// hand-made evaluation everywhere when `net` is `None`: what happens
    /// when the weights file fails its checks.
    pub fn with_evaluator(
        level: Level,
        seed: u64,
        budget: Budget,
        net: Option<&'static Evaluator>,
    ) -> Bot {
        // The default budget is the hand-made model's; the learned one
        // has its own.
        let learned_budget = if budget == Budget::DEFAULT {
            Budget::LEARNED
        } else {
            budget
        };
        Bot {
            level,
            rng: BotRng::seed_from_u64(seed),
            budget,
            learned_budget,
            net,
            brain: None,
        }
    }

    /// Hard as shipped before issue 57 (the yardstick of today's): the
    /// weights it shipped with ([`eval::v1`]) at [`Budget::V1`], the
    /// hand-made model where they do not cover the rules.
    pub fn hard_v1(seed: u64) -> Bot {
        Bot {
            learned_budget: Budget::V1,
            net: eval::v1().ok(),
            ..Bot::new(Level::Hard, seed)
        }
    }

    /// Today's Hard (the hand-made evaluation, whatever the weights):
    /// the yardstick of the learned one.
    pub fn classic(level: Level, seed: u64) -> Bot {
        Bot::with_evaluator(level, seed, Budget::DEFAULT, None)
    }

    /// True when this bot's Hard plays with the learned evaluator under
    /// `rules`.
    pub fn is_learned(&self, rules: &Rules) -> bool {
        self.level == Level::Hard && self.net.is_some() && eval::covers(rules)
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
                let net = self.net.filter(|_| eval::covers(d.rules));
                let brain = match &mut self.brain {
                    Some(b) if b.rules() == d.rules => b,
                    slot => slot.insert(Box::new(match net {
                        Some(net) => Brain::Learned(Judge::new(net, d.rules)),
                        None => Brain::Classic(hard::Model::new(d.rules, hard::Params::TUNED)),
                    })),
                };
                match &**brain {
                    Brain::Classic(model) => hard::choose_with(d, model, self.budget),
                    Brain::Learned(judge) => hard::choose_with(d, judge, self.learned_budget),
                }
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
