//! A game from start to end: the position plus the move count, the move
//! cap, and the outcome with places (CO-NHAY.md §4).
//!
//! **Places.** Finishers take places 1, 2, … in the order of the finished
//! list. The others follow:
//! - under `play_on` the game ends with one player left, who takes the last
//!   place;
//! - under `first_winner` they are ranked by [`Position::distance_left`]
//!   (fewer steps left is better), equal distances sharing a place
//!   (competition style: 1, 2, 2, 4);
//! - a game stopped by the move cap ([`MOVE_CAP`]) is a draw among those
//!   still playing: they all share the place after the finishers, whatever
//!   their distances (the cap is a safety stop, so it should not reward
//!   whoever was ahead when it struck; a finisher keeps its place).

use super::board::ARMS;
use super::moves::{Move, MoveList};
use super::notation::PositionError;
use super::position::{Effects, PlayError, Position};
use super::rules::Rules;
use super::seats::{Arm, ArmList, Players};
use serde::{Deserialize, Serialize};
use std::fmt;

/// CO-NHAY.md §4: a game stops after this many moves (passes count), a
/// draw among the players still racing.
pub const MOVE_CAP: u32 = 2_000;

/// A game in progress or over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    position: Position,
    moves: u32,
    capped: bool,
}

/// How a game ended, or the places as they stand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Place per arm (1 is best; shared places repeat, and skip the places
    /// they cover); `None` for arms not in play.
    pub places: [Option<u8>; ARMS],
    /// The finished list, in order.
    pub finished: Vec<Arm>,
    /// Steps left per arm in play ([`Position::distance_left`]).
    pub distances: [Option<u32>; ARMS],
    /// The move cap stopped the game.
    pub capped: bool,
    /// Moves played, passes included.
    pub moves: u32,
}

impl Outcome {
    /// The first finisher, if anyone has finished.
    pub fn winner(&self) -> Option<Arm> {
        self.finished.first().copied()
    }

    /// The arms in play sorted by place, then arm.
    pub fn standings(&self) -> Vec<(u8, Arm)> {
        let mut v: Vec<(u8, Arm)> = Arm::ALL
            .into_iter()
            .filter_map(|a| self.places[a.index()].map(|p| (p, a)))
            .collect();
        v.sort();
        v
    }
}

/// Why a saved game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The position is not valid under the rules.
    Position(PositionError),
    /// More moves than the cap allows.
    Moves(u32),
    /// The record says the cap stopped the game, but it did not (or the
    /// other way round).
    Capped,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Position(e) => write!(f, "position: {e}"),
            GameError::Moves(n) => write!(
                f,
                "moves: {n} moves played, but a game stops after {MOVE_CAP}"
            ),
            GameError::Capped => f.write_str(
                "capped: a game is stopped by the move cap exactly when it reaches the cap unfinished",
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl Game {
    /// A new game for a seating: every piece at home, arm 0 to move.
    pub fn new(rules: Rules, players: Players) -> Game {
        Game {
            rules,
            position: Position::start(players),
            moves: 0,
            capped: false,
        }
    }

    /// A game going on from `position`, checked again under `rules`.
    pub fn from_position(rules: Rules, position: &Position) -> Result<Game, GameError> {
        let position =
            Position::from_setup(&position.to_setup(), &rules).map_err(GameError::Position)?;
        Ok(Game {
            rules,
            position,
            moves: 0,
            capped: false,
        })
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The seating.
    pub fn players(&self) -> Players {
        self.position.players()
    }

    /// Moves played, passes included.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// True when the move cap stopped the game.
    pub fn is_capped(&self) -> bool {
        self.capped
    }

    /// The arm to move, `None` when the game is over.
    pub fn turn(&self) -> Option<Arm> {
        if self.capped {
            None
        } else {
            self.position.turn()
        }
    }

    /// True when nobody moves any more: the game ended by the rules, or the
    /// cap stopped it (the position then keeps the turn it stopped on, so
    /// that it stays valid notation).
    pub fn is_over(&self) -> bool {
        self.capped || self.position.is_over()
    }

    /// The finished list.
    pub fn finished(&self) -> &ArmList {
        self.position.finished()
    }

    /// The first finisher, if any.
    pub fn winner(&self) -> Option<Arm> {
        self.position.finished().get(0)
    }

    /// The legal moves of the player to move; empty means it must pass (or
    /// the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.capped {
            return MoveList::EMPTY;
        }
        self.position.legal_moves(&self.rules)
    }

    /// Plays `mv` (or `Move::PASS`), checking it.
    pub fn play(&mut self, mv: Move) -> Result<Effects, PlayError> {
        if self.capped {
            return Err(PlayError::GameOver);
        }
        self.position.check_move(&self.rules, mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move taken from `legal_moves` (`Move::PASS` when it was
    /// empty).
    pub fn play_unchecked(&mut self, mv: Move) -> Effects {
        let mut fx = self.position.play_unchecked(&self.rules, mv);
        self.moves += 1;
        if !fx.game_over && self.moves >= MOVE_CAP {
            self.capped = true;
            fx.game_over = true;
            fx.capped = true;
        }
        fx
    }

    /// The holes the piece visits on a legal move `from`-`to` (see
    /// [`Position::jump_path`]), for drawing; `None` when the move is not
    /// legal now.
    pub fn jump_path(&self, from: u8, to: u8) -> Option<Vec<u8>> {
        let mv = Move::new(from, to)?;
        self.legal_moves()
            .contains(mv)
            .then(|| self.position.jump_path(from, to))
            .flatten()
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.standings())
    }

    /// The places as they stand (see the module's documentation).
    pub fn standings(&self) -> Outcome {
        let pos = &self.position;
        let mut places = [None; ARMS];
        let mut distances = [None; ARMS];
        for a in pos.arms() {
            distances[a.index()] = Some(pos.distance_left(a));
        }
        let mut placed = 0u8;
        for a in pos.finished().iter() {
            placed += 1;
            places[a.index()] = Some(placed);
        }
        let rest: Vec<Arm> = pos
            .arms()
            .filter(|a| !pos.finished().contains(*a))
            .collect();
        for &a in &rest {
            let better = if self.capped {
                0
            } else {
                let d = pos.distance_left(a);
                rest.iter().filter(|&&o| pos.distance_left(o) < d).count() as u8
            };
            places[a.index()] = Some(placed + 1 + better);
        }
        Outcome {
            places,
            finished: pos.finished().iter().collect(),
            distances,
            capped: self.capped,
            moves: self.moves,
        }
    }
}

/// A game as saved: the rules, the position in notation, the moves played
/// and whether the cap stopped it. Loading checks everything again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The rules in force.
    pub rules: Rules,
    /// The position, in CO-NHAY.md §5 notation (of a capped game: as it
    /// was when the cap struck, with its turn).
    pub position: String,
    /// Moves played.
    pub moves: u32,
    /// The move cap stopped the game.
    pub capped: bool,
}

impl From<&Game> for GameRecord {
    fn from(g: &Game) -> GameRecord {
        GameRecord {
            rules: g.rules,
            position: g.position.to_string(),
            moves: g.moves,
            capped: g.capped,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = GameError;

    fn try_from(r: GameRecord) -> Result<Game, GameError> {
        let position = Position::parse(&r.position, &r.rules).map_err(GameError::Position)?;
        if r.moves > MOVE_CAP {
            return Err(GameError::Moves(r.moves));
        }
        // The cap stops exactly the games that reach it unfinished.
        let should_cap = r.moves == MOVE_CAP && !position.is_over();
        if r.capped != should_cap {
            return Err(GameError::Capped);
        }
        Ok(Game {
            rules: r.rules,
            position,
            moves: r.moves,
            capped: r.capped,
        })
    }
}
