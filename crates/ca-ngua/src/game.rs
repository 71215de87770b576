//! Cờ Cá Ngựa behind the [`Game`] trait: what the table, the server, the
//! client, the store and the app see of it. The engine's own types stay
//! concrete and fast; this file only translates whole decisions.

use super::bots::{self, Bot, Budget};
use super::dice;
use super::engine::{
    Dice, Effects, Game as Engine, GameError, GameRecord, Move, Outcome, PRESET_NAMES, PlayError,
    Position, PositionError, Roll, Rules, RulesError, Seat, Setup, check_players,
};
use super::rules_code::RulesCodeError;
use super::rules_file::RuleSet;
use ca_ngua_core::game::rules_file::RulesFileError;
use ca_ngua_core::game::{Decision, Game, Next, RulesTextError, SeatId};
use rand::{Rng, RngExt};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// Cờ Cá Ngựa, the game (a marker: its values are the engine's types).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CaNgua;

impl SeatId for Seat {
    fn index(self) -> usize {
        Seat::index(self)
    }

    fn from_index(index: usize) -> Option<Seat> {
        (index < 4).then(|| Seat::from_index(index))
    }

    fn code(self) -> String {
        self.letter().to_string()
    }

    fn from_code(code: &str) -> Option<Seat> {
        Seat::from_letter_text(code)
    }
}

/// A game in progress: the engine's game, and whether the game's Thầu mạ
/// (the first horse straight from the door to cell 6) has happened. Reads
/// as the engine's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    game: Engine,
    thau_ma_seen: bool,
}

impl Match {
    /// A match continuing the engine's game.
    pub fn new(game: Engine) -> Match {
        let thau_ma_seen = game.ledger().is_some_and(|l| l.thau_ma_taken);
        Match { game, thau_ma_seen }
    }

    /// True once the game's Thầu mạ has happened.
    pub fn thau_ma_seen(&self) -> bool {
        self.thau_ma_seen
    }
}

impl Deref for Match {
    type Target = Engine;

    fn deref(&self) -> &Engine {
        &self.game
    }
}

impl DerefMut for Match {
    fn deref_mut(&mut self) -> &mut Engine {
        &mut self.game
    }
}

/// What a roll played (a move or a pass) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Kicks, finishes, bonus rolls.
    pub effects: Effects,
    /// It was the game's Thầu mạ (the first horse straight from the door
    /// to cell 6).
    pub thau_ma: bool,
}

/// Why Cờ Cá Ngựa refused rules, seats, a position, a roll or a move
/// ([`Game::Error`]); `Display` is the engine's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Rules that cannot be played.
    Rules(RulesError),
    /// A rule code (`CN1-…`) that does not read.
    RulesCode(RulesCodeError),
    /// Rules on one line that do not read.
    RulesText(RulesTextError),
    /// A number of players the board does not seat.
    Players(usize),
    /// The seat named to begin does not play.
    NotPlaying(Seat),
    /// A position that is not valid under the rules.
    Position(PositionError),
    /// A game that cannot be set up (the rules, the seats, a save).
    Game(GameError),
    /// A saved state under other rules than the game's.
    OtherRules,
    /// A move played without a roll.
    NoRoll,
    /// A roll or a move the rules refuse now.
    Play(PlayError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Rules(e) => e.fmt(f),
            Error::RulesCode(e) => e.fmt(f),
            Error::RulesText(e) => e.fmt(f),
            Error::Players(n) => write!(f, "two to four players play, not {n}"),
            Error::NotPlaying(seat) => write!(f, "{} does not play", seat.code()),
            Error::Position(e) => e.fmt(f),
            Error::Game(e) => e.fmt(f),
            Error::OtherRules => f.write_str("the saved state is under other rules"),
            Error::NoRoll => f.write_str("a move without a roll"),
            Error::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<RulesTextError> for Error {
    fn from(e: RulesTextError) -> Error {
        Error::RulesText(e)
    }
}

impl Game for CaNgua {
    const ID: &'static str = "ca-ngua";
    const NAME: &'static str = "Cờ Cá Ngựa";
    const SEATS: usize = 4;
    const PLAYER_COUNTS: &'static [usize] = &[2, 3, 4];
    const PRESETS: &'static [&'static str] = &PRESET_NAMES;
    const HAS_DICE: bool = true;

    type Seat = Seat;
    type Rules = Rules;
    type Setup = Setup;
    type Position = Position;
    type Move = Move;
    type Roll = Roll;
    type State = Match;
    type Played = Played;
    type Outcome = Outcome;
    type Snapshot = GameRecord;
    type Memory = ();
    type Budget = Budget;
    type Error = Error;

    fn standard_rules() -> Rules {
        Rules::standard()
    }

    fn preset(name: &str) -> Option<Rules> {
        Rules::preset(name)
    }

    fn rules_from_file(text: &str) -> Result<Rules, RulesFileError> {
        RuleSet::from_ron(text).map(|set| set.rules)
    }

    fn check_rules(rules: &Rules) -> Result<(), Error> {
        rules.validate().map_err(Error::Rules)
    }

    fn roll_cap(rules: &Rules) -> Option<u32> {
        Some(rules.roll_cap)
    }

    /// A record writes Cờ Cá Ngựa's rules as their rule code (`CN1-…`),
    /// which holds every toggle and can be pasted into the app.
    fn rules_to_text(rules: &Rules) -> String {
        super::rules_code::encode(rules)
    }

    fn rules_from_text(text: &str) -> Result<Rules, Error> {
        let rules = super::rules_code::decode(text).map_err(Error::RulesCode)?;
        rules.validate().map_err(Error::Rules)?;
        Ok(rules)
    }

    /// RULES.md 1: two players sit at opposite corners, three leave blue's
    /// corner empty.
    fn seats_for(rules: &Rules, players: usize) -> Result<Vec<Seat>, Error> {
        check_players(rules, players).map_err(Error::Game)?;
        match players {
            2 => Ok(vec![Seat::Red, Seat::Yellow]),
            3 => Ok(vec![Seat::Red, Seat::Green, Seat::Yellow]),
            4 => Ok(Seat::ALL.to_vec()),
            n => Err(Error::Players(n)),
        }
    }

    /// RULES.md 2.6: the first to roll is drawn at random.
    fn start<R: Rng + ?Sized>(rules: &Rules, seats: &[Seat], rng: &mut R) -> Result<Match, Error> {
        if seats.len() < 2 {
            return Err(Error::Players(seats.len()));
        }
        let first = seats[rng.random_range(0..seats.len())];
        Engine::new(*rules, seats, first)
            .map(Match::new)
            .map_err(Error::Game)
    }

    fn start_first(rules: &Rules, seats: &[Seat], first: Seat) -> Result<Match, Error> {
        if seats.len() < 2 {
            return Err(Error::Players(seats.len()));
        }
        if !seats.contains(&first) {
            return Err(Error::NotPlaying(first));
        }
        Engine::new(*rules, seats, first)
            .map(Match::new)
            .map_err(Error::Game)
    }

    fn from_setup(rules: &Rules, setup: &Setup) -> Result<Match, Error> {
        let position = Position::from_setup(setup, rules).map_err(Error::Position)?;
        Engine::from_position(*rules, position)
            .map(Match::new)
            .map_err(|e| match e {
                GameError::Position(e) => Error::Position(e),
                e => Error::Game(e),
            })
    }

    fn from_snapshot(rules: &Rules, snapshot: GameRecord) -> Result<Match, Error> {
        if snapshot.rules != *rules {
            return Err(Error::OtherRules);
        }
        Engine::try_from(snapshot)
            .map(Match::new)
            .map_err(Error::Game)
    }

    fn position(state: &Match) -> &Position {
        state.game.position()
    }

    fn setup(state: &Match) -> Setup {
        state.game.position().to_setup()
    }

    fn seats(state: &Match) -> Vec<Seat> {
        state.game.position().playing_seats().collect()
    }

    fn turn(state: &Match) -> Option<Seat> {
        state.game.turn()
    }

    fn is_over(state: &Match) -> bool {
        state.game.is_over()
    }

    fn check_roll(state: &Match, roll: Roll) -> Result<(), Error> {
        state
            .game
            .position()
            .check_roll(state.game.rules(), roll)
            .map_err(Error::Play)
    }

    fn next(state: &Match, roll: Option<Roll>) -> Next<CaNgua> {
        let Some(seat) = state.game.turn() else {
            return Next::Over(CaNgua::ranking(&state.game.standings()));
        };
        match roll {
            None => Next::Roll(seat),
            Some(roll) => {
                let moves = state.game.legal_moves(roll);
                if moves.is_empty() {
                    Next::Pass(seat)
                } else {
                    Next::Choose(seat, moves.to_vec())
                }
            }
        }
    }

    fn roll<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Option<Roll> {
        Some(dice::roll(rules, rng))
    }

    fn roll_from_dice(rules: &Rules, die: &mut dyn FnMut() -> u8) -> Option<Roll> {
        let a = die().clamp(1, 6);
        Some(match rules.dice {
            Dice::One => Roll::die(a),
            Dice::Two => Roll::dice_pair(a, die().clamp(1, 6)),
        })
    }

    /// One die: 1 to 6, each 1/6. Two dice: the 21 rolls `a+b` with
    /// `a <= b` (the notation does not order the dice), a double 1/36,
    /// the others 2/36.
    fn all_rolls(rules: &Rules) -> Vec<(Roll, f64)> {
        match rules.dice {
            Dice::One => (1..=6).map(|d| (Roll::die(d), 1.0 / 6.0)).collect(),
            Dice::Two => (1..=6u8)
                .flat_map(|a| (a..=6).map(move |b| (a, b)))
                .map(|(a, b)| {
                    let ways = if a == b { 1.0 } else { 2.0 };
                    (Roll::dice_pair(a, b), ways / 36.0)
                })
                .collect(),
        }
    }

    fn play(state: &mut Match, roll: Option<Roll>, mv: Option<Move>) -> Result<Played, Error> {
        let roll = roll.ok_or(Error::NoRoll)?;
        let effects = state.game.play(roll, mv).map_err(Error::Play)?;
        let thau_ma = effects.door_to_top && !state.thau_ma_seen;
        state.thau_ma_seen |= thau_ma;
        Ok(Played { effects, thau_ma })
    }

    fn conclude(state: &mut Match) {
        state.game.conclude();
    }

    fn outcome(state: &Match) -> Outcome {
        state.game.standings()
    }

    fn places(outcome: &Outcome) -> Vec<(u8, Seat)> {
        outcome.standings()
    }

    /// RULES.md 3, "Teams": red with yellow, green with blue.
    fn allies(rules: &Rules, a: Seat, b: Seat) -> bool {
        a == b || (rules.teams && a.partner() == b)
    }

    fn decide(d: &Decision<CaNgua>) -> Option<Move> {
        let roll = d.roll?;
        let position = d.state.game.position();
        let rules = d.state.game.rules();
        let moves = position.legal_moves(rules, roll);
        let decision = bots::Decision {
            rules,
            position,
            roll,
            moves: &moves,
        };
        moves
            .first()
            .map(|_| Bot::with_budget(d.level, d.seed, d.budget).choose(&decision))
    }

    fn remember(_memory: &mut (), _before: &Position, _played: &Played) {}

    fn mover(played: &Played) -> Seat {
        played.effects.seat
    }
}
