//! Cờ nhảy behind the [`Game`] trait: what the table, the server, the
//! client, the store and the app see of it. There are no dice: a roll is
//! [`NoDice`], a type with no value, so no code about dice can run for
//! this game.

use super::bots::{self, Bot, Budget, Memory};
use super::engine::{
    Arm, Effects, Game as Engine, GameError, GameRecord, Move, Outcome, PRESET_NAMES, PlayError,
    Players, Position, PositionError, Rules, Setup,
};
use super::rules_file::RuleSet;
use ca_ngua_core::game::rules_file::RulesFileError;
use ca_ngua_core::game::{Decision, Game, Next, RulesTextError, SeatId};
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// Cờ nhảy, the game (a marker: its values are the engine's types).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CoNhay;

/// The roll of a game without dice: no value of it exists.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NoDice {}

impl fmt::Display for NoDice {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl FromStr for NoDice {
    type Err = String;

    fn from_str(_: &str) -> Result<NoDice, String> {
        Err("Cờ nhảy is played without dice".into())
    }
}

impl SeatId for Arm {
    fn index(self) -> usize {
        Arm::index(self)
    }

    fn from_index(index: usize) -> Option<Arm> {
        u8::try_from(index).ok().and_then(Arm::new)
    }

    fn code(self) -> String {
        self.number().to_string()
    }

    /// CO-NHAY.md §5 and PROTOCOL.md: an arm is one digit, `0` to `5`.
    fn from_code(code: &str) -> Option<Arm> {
        match code.as_bytes() {
            [d @ b'0'..=b'5'] => Arm::new(d - b'0'),
            _ => None,
        }
    }
}

/// What a move or a pass did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who moved, finishers, the end.
    pub effects: Effects,
    /// The holes the piece visited, both ends included (a step: two; a
    /// jump chain: every landing of its shortest chain; a pass: none).
    pub path: Vec<u8>,
}

impl Played {
    /// The jumps of the move (0 for a step or a pass).
    pub fn jumps(&self) -> usize {
        if self.effects.jump {
            self.path.len().saturating_sub(1)
        } else {
            0
        }
    }
}

/// Why Cờ nhảy refused rules, seats, a position or a move
/// ([`Game::Error`]); `Display` is the engine's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Rules on one line that do not read.
    RulesText(RulesTextError),
    /// A number of players the board does not seat.
    Players(usize),
    /// Arms that are not one of the seatings of CO-NHAY.md §2.
    Seating,
    /// The arm named to begin does not play.
    NotPlaying(Arm),
    /// A position that is not valid under the rules.
    Position(PositionError),
    /// A game that cannot be set up from a position or a save.
    Game(GameError),
    /// A saved state under other rules than the game's.
    OtherRules,
    /// A pass written as a move (a pass is no move).
    PassAsMove,
    /// A move the rules refuse now.
    Play(PlayError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::RulesText(e) => e.fmt(f),
            Error::Players(n) => write!(f, "Cờ nhảy is played by 2, 3, 4 or 6 players, not {n}"),
            Error::Seating => f.write_str("the arms are not one of the seatings of CO-NHAY.md §2"),
            Error::NotPlaying(arm) => write!(f, "arm {} does not play", arm.code()),
            Error::Position(e) => e.fmt(f),
            Error::Game(e) => e.fmt(f),
            Error::OtherRules => f.write_str("the saved state is under other rules"),
            Error::PassAsMove => f.write_str("a pass written as a move"),
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

impl Game for CoNhay {
    const ID: &'static str = "co-nhay";
    const NAME: &'static str = "Cờ nhảy";
    const SEATS: usize = 6;
    const PLAYER_COUNTS: &'static [usize] = &[2, 3, 4, 6];
    const PRESETS: &'static [&'static str] = &PRESET_NAMES;
    const HAS_DICE: bool = false;

    type Seat = Arm;
    type Rules = Rules;
    type Setup = Setup;
    type Position = Position;
    type Move = Move;
    type Roll = NoDice;
    type State = Engine;
    type Played = Played;
    type Outcome = Outcome;
    type Snapshot = GameRecord;
    type Memory = Memory;
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

    /// Every combination of Cờ nhảy's toggles can be played.
    fn check_rules(_rules: &Rules) -> Result<(), Error> {
        Ok(())
    }

    /// CO-NHAY.md §2: 2, 3, 4 or 6 players.
    fn seats_for(_rules: &Rules, players: usize) -> Result<Vec<Arm>, Error> {
        Players::from_count(players)
            .map(|p| p.arms().collect())
            .ok_or(Error::Players(players))
    }

    /// Arm 0 moves first (CO-NHAY.md §2): nothing is drawn.
    fn start<R: Rng + ?Sized>(rules: &Rules, seats: &[Arm], _rng: &mut R) -> Result<Engine, Error> {
        let mask = seats.iter().fold(0u8, |m, a| m | 1 << a.index());
        let players = Players::from_mask(mask)
            .filter(|p| p.count() == seats.len())
            .ok_or(Error::Seating)?;
        Ok(Engine::new(*rules, players))
    }

    fn start_first(rules: &Rules, seats: &[Arm], first: Arm) -> Result<Engine, Error> {
        // The start draws nothing: any generator does.
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0);
        let start = Self::start(rules, seats, &mut rng)?;
        if !seats.contains(&first) {
            return Err(Error::NotPlaying(first));
        }
        let mut setup = Self::setup(&start);
        setup.turn = Some(first);
        Self::from_setup(rules, &setup)
    }

    fn from_setup(rules: &Rules, setup: &Setup) -> Result<Engine, Error> {
        let position = Position::from_setup(setup, rules).map_err(Error::Position)?;
        Engine::from_position(*rules, &position).map_err(Error::Game)
    }

    fn from_snapshot(rules: &Rules, snapshot: GameRecord) -> Result<Engine, Error> {
        if snapshot.rules != *rules {
            return Err(Error::OtherRules);
        }
        Engine::try_from(snapshot).map_err(Error::Game)
    }

    fn position(state: &Engine) -> &Position {
        state.position()
    }

    fn setup(state: &Engine) -> Setup {
        state.position().to_setup()
    }

    fn seats(state: &Engine) -> Vec<Arm> {
        state.position().arms().collect()
    }

    fn turn(state: &Engine) -> Option<Arm> {
        state.turn()
    }

    fn is_over(state: &Engine) -> bool {
        state.is_over()
    }

    fn next(state: &Engine, roll: Option<NoDice>) -> Next<CoNhay> {
        if let Some(roll) = roll {
            match roll {}
        }
        let Some(arm) = state.turn() else {
            return Next::Over(CoNhay::ranking(&state.standings()));
        };
        let moves = state.legal_moves();
        if moves.is_empty() {
            Next::Pass(arm)
        } else {
            Next::Choose(arm, moves.iter().collect())
        }
    }

    fn roll<R: Rng + ?Sized>(_rules: &Rules, _rng: &mut R) -> Option<NoDice> {
        None
    }

    fn play(state: &mut Engine, roll: Option<NoDice>, mv: Option<Move>) -> Result<Played, Error> {
        if let Some(roll) = roll {
            match roll {}
        }
        let mv = match mv {
            Some(mv) if mv.is_pass() => return Err(Error::PassAsMove),
            Some(mv) => mv,
            None => Move::PASS,
        };
        let before = *state.position();
        let path = mv
            .ends()
            .and_then(|(from, to)| before.jump_path(from, to))
            .unwrap_or_default();
        let effects = state.play(mv).map_err(Error::Play)?;
        Ok(Played { effects, path })
    }

    /// Places still open are settled by the distance each player has left
    /// (the engine's standings do this for a game not over).
    fn conclude(_state: &mut Engine) {}

    fn outcome(state: &Engine) -> Outcome {
        state.standings()
    }

    fn places(outcome: &Outcome) -> Vec<(u8, Arm)> {
        outcome.standings()
    }

    fn decide(d: &Decision<CoNhay>) -> Option<Move> {
        let position = d.state.position();
        let rules = d.state.rules();
        let moves = position.legal_moves(rules);
        let decision = bots::Decision {
            rules,
            position,
            moves: &moves,
        };
        moves.first().map(|_| {
            Bot::with_budget(d.level, d.seed, d.budget)
                .with_memory(d.memory.clone())
                .choose(&decision)
        })
    }

    fn remember(memory: &mut Memory, before: &Position, played: &Played) {
        memory.record(before, played.effects.mv);
    }

    fn mover(played: &Played) -> Arm {
        played.effects.mover
    }
}
