//! The one seam above the engines: the [`Game`] trait, which every game
//! implements in its own folder (`game_ca_ngua::CaNgua`,
//! `game_co_nhay::CoNhay`), so that the table, the server, the client,
//! the store and the app are written once. Like shakmaty's `Position` trait
//! over its concrete variants, the trait sits above each engine's own fast
//! types: move generation stays concrete and allocation-free in the
//! engines, and the trait speaks in whole decisions.
//!
//! Also here, what every game shares: the computer players' levels, the
//! frame of a rule-set file, rules in plain language, random numbers and
//! the parts of self-play that do not depend on the game. Nothing here
//! names a game; the closed enum of every game is `ca_ngua_games`.

pub mod error;
pub mod level;
pub mod math;
pub mod rng;
pub mod rule_text;
pub mod rules_file;
pub mod selfplay;
pub mod wilson;
pub mod wire;

pub use error::RulesTextError;
pub use level::Level;
pub use rng::secure_rng;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// A seat at a game's board (a colour, an arm): a small number, and a code
/// that names it on the wire and in notation (`r`, `0`).
pub trait SeatId: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// The seat's number, `0..G::SEATS`.
    fn index(self) -> usize;
    /// The seat with this number.
    fn from_index(index: usize) -> Option<Self>;
    /// The seat as the protocol and the notation write it.
    fn code(self) -> String;
    /// Reads a seat's code.
    fn from_code(code: &str) -> Option<Self>;
}

/// Places at the end of a game, best first; a shared place lists several
/// seats (`[["r"],["g","y"],["b"]]`).
pub type Ranking<S> = Vec<Vec<S>>;

/// What the game waits for now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next<G: Game> {
    /// The seat is to roll (only games with dice).
    Roll(G::Seat),
    /// The seat is to choose one of these moves (at least one).
    Choose(G::Seat, Vec<G::Move>),
    /// The seat has no legal move: it passes (the table passes for it at
    /// once).
    Pass(G::Seat),
    /// The game is over, with these places.
    Over(Ranking<G::Seat>),
}

impl<G: Game> Next<G> {
    /// The seat to act, unless the game is over.
    pub fn seat(&self) -> Option<G::Seat> {
        match self {
            Next::Roll(s) | Next::Choose(s, _) | Next::Pass(s) => Some(*s),
            Next::Over(_) => None,
        }
    }
}

/// One decision a computer player makes, for any game.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<G: Game> {
    /// How strong the player is.
    pub level: Level,
    /// The player's seed for this decision.
    pub seed: u64,
    /// How much a searching player may search.
    pub budget: G::Budget,
    /// The game as it stands, the computer's seat to move.
    pub state: G::State,
    /// The roll to play, in a game with dice.
    pub roll: Option<G::Roll>,
    /// What the player remembers of this game.
    pub memory: G::Memory,
}

/// A game, as everything above its engine sees it. Implemented by a marker
/// type per game; values of the game are its associated types.
pub trait Game: Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The game's name on the wire and in files: `ca-ngua`, `co-nhay`.
    const ID: &'static str;
    /// The game's name as players write it: `Cờ Cá Ngựa`, `Cờ nhảy`.
    const NAME: &'static str;
    /// How many seats its board has (colours, arms).
    const SEATS: usize;
    /// The numbers of players it is played by.
    const PLAYER_COUNTS: &'static [usize];
    /// The names of its rule presets (the first is the standard rules).
    const PRESETS: &'static [&'static str];
    /// True when the game is played with dice (a turn is a roll, then a
    /// move); false when a turn is a move.
    const HAS_DICE: bool;
    /// A seat.
    type Seat: SeatId;
    /// A rule set: every toggle (a rule-set file's `rules`).
    type Rules: Copy + Debug + PartialEq + Eq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// A position as the notation writes it, not yet checked.
    type Setup: Clone
        + Debug
        + PartialEq
        + Eq
        + Display
        + FromStr<Err: Display>
        + Send
        + Sync
        + 'static;
    /// A position checked against the rules.
    type Position: Copy + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// A move, written in the game's notation.
    type Move: Copy
        + Debug
        + PartialEq
        + Eq
        + Display
        + FromStr<Err: Display>
        + Send
        + Sync
        + 'static;
    /// A roll of the dice, written in the game's notation. A game without
    /// dice has an uninhabited type here: no roll can exist, so no code
    /// about dice can be reached for it.
    type Roll: Copy
        + Debug
        + PartialEq
        + Eq
        + Display
        + FromStr<Err: Display>
        + Send
        + Sync
        + 'static;
    /// A game in progress: the position and what the rules count besides
    /// (rolls or moves played, finishers, a ledger).
    type State: Clone + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// What playing a move (or a pass) did, for those who show or count it.
    type Played: Clone + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// How a game ended (or stands): places and the figures statistics keep.
    type Outcome: Clone + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// A game in progress as an older save kept it, without events.
    type Snapshot: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + 'static;
    /// What a computer player remembers of a game (nothing, for some).
    type Memory: Clone + Debug + Default + PartialEq + Send + Sync + 'static;
    /// How much a searching computer player may search.
    type Budget: Copy + Debug + Default + PartialEq + Send + Sync + 'static;
    /// Why the game refused rules, seats, a position, a roll or a move:
    /// its `Display` is the message a player or an operator reads. A
    /// rule set's one line that does not read ([`RulesTextError`]) is one
    /// of them.
    type Error: std::error::Error
        + Clone
        + PartialEq
        + Eq
        + Send
        + Sync
        + From<RulesTextError>
        + 'static;

    // --- rules ---------------------------------------------------------

    /// The standard rules.
    fn standard_rules() -> Self::Rules;
    /// A preset by name.
    fn preset(name: &str) -> Option<Self::Rules>;
    /// The rules of a rule-set file's text (`crate::game::rules_file`'s
    /// frame), checked; the error names the field.
    fn rules_from_file(text: &str) -> Result<Self::Rules, rules_file::RulesFileError>;
    /// Checks that the rules can be played; the error names the field.
    fn check_rules(rules: &Self::Rules) -> Result<(), Self::Error>;
    /// The longest game the rules allow, in rolls, when the rules set it
    /// (Cờ Cá Ngựa's `roll_cap`), so that a server can refuse rules for
    /// longer games than it plays; `None` when the engine's own cap bounds
    /// every game.
    fn roll_cap(rules: &Self::Rules) -> Option<u32> {
        let _ = rules;
        None
    }

    /// The rules as one line of text, as a game record writes them
    /// (`ca_ngua_data::record`): by default the preset's name when they are a
    /// preset's, otherwise every toggle as one line of JSON (the rule-set
    /// file's `rules`, in JSON so that it stays on one line).
    fn rules_to_text(rules: &Self::Rules) -> String {
        if let Some(name) = Self::PRESETS
            .iter()
            .find(|n| Self::preset(n).as_ref() == Some(rules))
        {
            return (*name).to_string();
        }
        // A rule set is plain data: serialising it cannot fail; should it,
        // the empty text is refused when read back.
        serde_json::to_string(rules).unwrap_or_else(|e| {
            tracing::error!("a rule set does not write as JSON: {e}");
            String::new()
        })
    }

    /// Reads what [`Game::rules_to_text`] writes, checked; the error says
    /// what is wrong.
    fn rules_from_text(text: &str) -> Result<Self::Rules, Self::Error> {
        let rules = match Self::preset(text) {
            Some(rules) => rules,
            None if text.starts_with('{') => {
                serde_json::from_str(text).map_err(|e| RulesTextError::Json(e.to_string()))?
            }
            None => {
                return Err(RulesTextError::Unknown {
                    text: text.to_string(),
                    presets: Self::PRESETS,
                }
                .into());
            }
        };
        Self::check_rules(&rules)?;
        Ok(rules)
    }

    // --- seats and the start ------------------------------------------

    /// The seats of a game of `players` under `rules`, in turn order, or
    /// why there is no such game.
    fn seats_for(rules: &Self::Rules, players: usize) -> Result<Vec<Self::Seat>, Self::Error>;
    /// A new game for these seats; `rng` draws who begins where the rules
    /// say it is drawn.
    fn start<R: Rng + ?Sized>(
        rules: &Self::Rules,
        seats: &[Self::Seat],
        rng: &mut R,
    ) -> Result<Self::State, Self::Error>;
    /// A new game for these seats with `first` to play first (a room's
    /// next round, where the first seat moves on by one).
    fn start_first(
        rules: &Self::Rules,
        seats: &[Self::Seat],
        first: Self::Seat,
    ) -> Result<Self::State, Self::Error>;
    /// A game continuing from a written position, checked under `rules`.
    fn from_setup(rules: &Self::Rules, setup: &Self::Setup) -> Result<Self::State, Self::Error>;
    /// A game continuing from an older save's state (checked).
    fn from_snapshot(
        rules: &Self::Rules,
        snapshot: Self::Snapshot,
    ) -> Result<Self::State, Self::Error>;

    // --- a game in progress -------------------------------------------

    /// The position.
    fn position(state: &Self::State) -> &Self::Position;
    /// The position as the notation writes it.
    fn setup(state: &Self::State) -> Self::Setup;
    /// The seats in play, in turn order.
    fn seats(state: &Self::State) -> Vec<Self::Seat>;
    /// The seat to act, `None` once the game is over.
    fn turn(state: &Self::State) -> Option<Self::Seat>;
    /// True once nobody acts any more.
    fn is_over(state: &Self::State) -> bool;
    /// Checks that a roll can be played now under the game's rules.
    fn check_roll(state: &Self::State, roll: Self::Roll) -> Result<(), Self::Error> {
        let _ = (state, roll);
        Ok(())
    }
    /// What the game waits for; `roll` is the roll made and not yet played.
    fn next(state: &Self::State, roll: Option<Self::Roll>) -> Next<Self>;
    /// Rolls the dice for the seat to roll; `None` for a game without dice.
    fn roll<R: Rng + ?Sized>(rules: &Self::Rules, rng: &mut R) -> Option<Self::Roll>;
    /// A roll made of dice values (each 1 to 6) taken in order from `die`:
    /// dice that anyone can check (PROTOCOL.md version 3) read their values
    /// from a keyed hash rather than a generator. `None` for a game
    /// without dice.
    fn roll_from_dice(rules: &Self::Rules, die: &mut dyn FnMut() -> u8) -> Option<Self::Roll> {
        let _ = (rules, die);
        None
    }
    /// Every roll the dice can show under `rules`, each once, with its
    /// probability (they sum to 1), for analysis to weigh a roll against
    /// the others (its luck). Empty for a game without dice.
    fn all_rolls(rules: &Self::Rules) -> Vec<(Self::Roll, f64)> {
        let _ = rules;
        Vec::new()
    }
    /// Plays a move (`None`: a pass) with the roll made, checking both.
    fn play(
        state: &mut Self::State,
        roll: Option<Self::Roll>,
        mv: Option<Self::Move>,
    ) -> Result<Self::Played, Self::Error>;
    /// Ends the game now, the places still open settled as the rules say.
    fn conclude(state: &mut Self::State);
    /// The places as they stand (final once the game is over).
    fn outcome(state: &Self::State) -> Self::Outcome;
    /// The places of an outcome, place numbers (1 is best) with their seat.
    fn places(outcome: &Self::Outcome) -> Vec<(u8, Self::Seat)>;
    /// True when `a` and `b` play for one side under `rules`: the same
    /// seat, or partners where the rules play in teams (who share a first
    /// place as one win, not as a tie).
    fn allies(rules: &Self::Rules, a: Self::Seat, b: Self::Seat) -> bool {
        let _ = rules;
        a == b
    }

    // --- computer players ---------------------------------------------

    /// A computer player's move (`None`: nothing to decide).
    fn decide(decision: &Decision<Self>) -> Option<Self::Move>;
    /// Notes a played move in its player's memory.
    fn remember(memory: &mut Self::Memory, before: &Self::Position, played: &Self::Played);
    /// The seat that moved (or passed) in a played move.
    fn mover(played: &Self::Played) -> Self::Seat;

    // --- provided -----------------------------------------------------

    /// The places of an outcome, best first, shared places together.
    fn ranking(outcome: &Self::Outcome) -> Ranking<Self::Seat> {
        ranking_of(&Self::places(outcome))
    }
}

/// Places (place number, seat; sorted) gathered into a ranking: best
/// first, shared places together.
pub fn ranking_of<S: Copy>(standings: &[(u8, S)]) -> Ranking<S> {
    let mut places: Ranking<S> = Vec::new();
    let mut last = None;
    for &(place, seat) in standings {
        if last == Some(place)
            && let Some(p) = places.last_mut()
        {
            p.push(seat);
        } else {
            places.push(vec![seat]);
        }
        last = Some(place);
    }
    places
}
