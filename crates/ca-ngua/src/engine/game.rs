//! A game from start to finish: the position plus what the notation does
//! not hold (rolls so far, the order colours finished in, the ledger), and
//! the outcome with its rankings (RULES.md 2.4, 2.5, section 3 "game end").

use super::board::Seat;
use super::compiled::Compiled;
use super::moves::{Move, MoveList};
use super::notation::PositionError;
use super::play::{Effects, PlayError};
use super::position::Position;
use super::roll::Roll;
use super::rules::{GameEnd, Rules, RulesError};
use super::scoring::Ledger;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A game in progress or over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// `rules.compile()`, kept for the hot paths.
    compiled: Compiled,
    position: Position,
    rolls: u32,
    /// Colours in the order they finished.
    finished: [Option<Seat>; 4],
    capped: bool,
    concluded: bool,
    ledger: Option<Ledger>,
}

/// The standard four-player game, red to roll first.
impl Default for Game {
    fn default() -> Game {
        Game {
            rules: Rules::standard(),
            compiled: Rules::standard().compile(),
            position: Position::default(),
            rolls: 0,
            finished: [None; 4],
            capped: false,
            concluded: false,
            ledger: None,
        }
    }
}

/// How a game ended and who placed where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The first colour to bring every horse home, if any.
    pub winner: Option<Seat>,
    /// Rank per seat (1 is best; equal ranks are shared, competition
    /// style 1, 2, 2, 4); `None` for seats that do not play.
    pub ranks: [Option<u8>; 4],
    /// The safety cap stopped the game.
    pub capped: bool,
    /// The remaining places were settled early (`Game::conclude`).
    pub concluded: bool,
    /// Rolls played.
    pub rolls: u32,
    /// Ledger points per seat, when the scoring ledger is on.
    pub points: Option<[i32; 4]>,
}

impl Outcome {
    /// Playing seats sorted by rank (then seat order).
    pub fn standings(&self) -> Vec<(u8, Seat)> {
        let mut v: Vec<(u8, Seat)> = Seat::ALL
            .into_iter()
            .filter_map(|s| self.ranks[s.index()].map(|r| (r, s)))
            .collect();
        v.sort();
        v
    }
}

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The rules do not validate.
    Rules(RulesError),
    /// The position does not validate under the rules.
    Position(PositionError),
    /// Fewer than two players, or the first player does not play.
    Players,
    /// A saved finishing order that does not match the position.
    FinishOrder,
    /// A saved roll count over the rules' safety cap.
    Rolls,
    /// Teams with fewer than four players.
    TeamsNeedFour(usize),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Rules(e) => write!(f, "rules: {e}"),
            GameError::Position(e) => write!(f, "position: {e}"),
            GameError::Players => f.write_str(
                "a game needs two to four colours, and the first to roll must be one of them",
            ),
            GameError::FinishOrder => f.write_str(
                "the finishing order does not list exactly the colours that have finished",
            ),
            GameError::Rolls => f.write_str("more rolls played than the rules' safety cap allows"),
            GameError::TeamsNeedFour(n) => write!(
                f,
                "teams need four players (red with yellow against green with blue), not {n}"
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// Refuses a number of players the rules cannot seat: teams need four.
pub fn check_players(rules: &Rules, players: usize) -> Result<(), GameError> {
    if rules.teams && players != 4 {
        Err(GameError::TeamsNeedFour(players))
    } else {
        Ok(())
    }
}

impl Game {
    /// A new game: every horse in the yard, `first` to roll.
    pub fn new(rules: Rules, players: &[Seat], first: Seat) -> Result<Game, GameError> {
        rules.validate().map_err(GameError::Rules)?;
        check_players(&rules, players.len())?;
        // Valid under any rules: nobody has left the yard.
        let position = Position::start(players, first).ok_or(GameError::Players)?;
        Ok(Game::unchecked(rules, position, [None; 4]))
    }

    /// A game from a position valid under `rules`, with its finishing order.
    fn unchecked(rules: Rules, position: Position, finished: [Option<Seat>; 4]) -> Game {
        Game {
            compiled: rules.compile(),
            rules,
            position,
            rolls: 0,
            finished,
            capped: false,
            concluded: false,
            ledger: rules.scoring.then(Ledger::default),
        }
    }

    /// A game continuing from a position (validated under `rules`).
    pub fn from_position(rules: Rules, position: Position) -> Result<Game, GameError> {
        rules.validate().map_err(GameError::Rules)?;
        let position =
            Position::from_setup(&position.to_setup(), &rules).map_err(GameError::Position)?;
        let mut finished = [None; 4];
        let mut n = 0;
        for s in position.playing_seats() {
            if position.is_finished(s, &rules) {
                finished[n] = Some(s);
                n += 1;
            }
        }
        Ok(Game::unchecked(rules, position, finished))
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Rolls played so far (passed ones too).
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// The scoring ledger, when it is on.
    pub fn ledger(&self) -> Option<&Ledger> {
        self.ledger.as_ref()
    }

    /// Colours that have finished, in order.
    pub fn finish_order(&self) -> impl Iterator<Item = Seat> + '_ {
        self.finished.iter().map_while(|s| *s)
    }

    /// The first colour to bring every horse home, if any.
    pub fn winner(&self) -> Option<Seat> {
        self.finished[0]
    }

    /// True when the safety cap stopped the game.
    pub fn is_capped(&self) -> bool {
        self.capped
    }

    /// The colour to roll, `None` when the game is over.
    pub fn turn(&self) -> Option<Seat> {
        self.position.turn()
    }

    /// True when nobody rolls any more.
    pub fn is_over(&self) -> bool {
        self.position.turn().is_none()
    }

    /// The legal moves for a roll (empty: the roll is passed).
    #[inline(always)]
    pub fn legal_moves(&self, roll: Roll) -> MoveList {
        self.position.moves_for(&self.rules, &self.compiled, roll)
    }

    /// Plays a roll with a move (`None` to pass), checking both.
    pub fn play(&mut self, roll: Roll, mv: Option<Move>) -> Result<Effects, PlayError> {
        self.position.check_play(&self.rules, roll, mv)?;
        Ok(self.play_unchecked(roll, mv))
    }

    /// Plays a roll with a move the caller took from `legal_moves(roll)`
    /// (`None` when it was empty), and returns what happened.
    #[inline(always)]
    pub fn play_unchecked(&mut self, roll: Roll, mv: Option<Move>) -> Effects {
        let before = self.position;
        let finished = self.position.apply(&self.compiled, roll, mv);
        let fx = Effects::between(&self.rules, &before, &self.position, roll, mv);
        if let Some(ledger) = &mut self.ledger {
            ledger.record(&self.rules, &self.position, &fx);
        }
        self.book(finished.then_some(fx.owner));
        fx
    }

    /// `play_unchecked` without the effects: the fast path for self-play
    /// and bots, which need only the next position. Only the ledger needs
    /// the effects, and only then are they worked out.
    #[inline(always)]
    pub fn advance(&mut self, roll: Roll, mv: Option<Move>) {
        if self.ledger.is_some() {
            self.play_unchecked(roll, mv);
            return;
        }
        let seat = self.position.turn;
        // With teams the colour that finishes may be the roller's partner.
        let owner = if self.compiled.teams {
            self.position
                .owner_index(usize::from(seat), self.compiled.finished)
        } else {
            usize::from(seat)
        };
        let finished = self.position.apply(&self.compiled, roll, mv);
        self.book(finished.then(|| Seat::from_index(owner)));
    }

    /// Plays `roll` with the move `pick` chooses among the legal moves: it
    /// is given the position and the list (empty when the roll must be
    /// passed, which it then is whatever `pick` answers) and returns the
    /// index of its move in the list. Self-play's path: under plain rules
    /// without the ledger the list stays in registers, and the move's place
    /// in it says which horse moves, which saves looking for it.
    #[inline(always)]
    pub fn play_roll(&mut self, roll: Roll, pick: impl FnOnce(&Position, &MoveList) -> usize) {
        // The ledger is kept exactly when the rules score.
        if !self.compiled.plain_unscored {
            let moves = self.legal_moves(roll);
            let i = pick(&self.position, &moves);
            self.advance(roll, moves.get(i));
            return;
        }
        let c = &self.compiled;
        let moves = self.position.plain_moves_for(c, roll);
        let i = pick(&self.position, &moves);
        let seat = self.position.turn;
        let finished = self.position.apply_plain_nth(c, roll, &moves, i);
        self.book(finished.then(|| Seat::from_index(usize::from(seat))));
    }

    /// Counts the roll, notes the colour that `finished` with it, if one
    /// did, and applies the safety cap.
    #[inline(always)]
    fn book(&mut self, finished: Option<Seat>) {
        self.rolls += 1;
        if let Some(seat) = finished
            && let Some(slot) = self.finished.iter_mut().find(|s| s.is_none())
        {
            *slot = Some(seat);
        }
        if !self.is_over() && self.rolls >= self.rules.roll_cap {
            // RULES.md 2.5: the safety cap stops the game.
            self.capped = true;
            self.position.set_game_over();
        }
    }

    /// Ends the game now and settles the remaining places (the app does this
    /// when every human on the device has finished in a play-on game).
    pub fn conclude(&mut self) {
        if !self.is_over() {
            self.concluded = true;
            self.position.set_game_over();
        }
    }

    /// Who won, as self-play counts wins: the first colour home, or with
    /// teams the winning team's partners (the one home first, then the
    /// other).
    pub fn winners(&self) -> (Option<Seat>, Option<Seat>) {
        if self.rules.teams {
            let w = self.standings().winner;
            (w, w.map(Seat::partner))
        } else {
            (self.winner(), None)
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.standings())
    }

    /// The places as they stand now: finished colours in order, the rest by
    /// the rule set's ranking (horses home, or distance). A game settled
    /// early (`conclude`) breaks equal horses-home counts by distance
    /// (**decision**).
    pub fn standings(&self) -> Outcome {
        if self.rules.teams {
            return self.team_standings();
        }
        let pos = &self.position;
        let mut ranks = [None; 4];
        let mut placed = 0u8;
        for s in self.finish_order() {
            placed += 1;
            ranks[s.index()] = Some(placed);
        }
        let by_distance = self.rules.game_end == GameEnd::FirstWinnerByDistance;
        let key = |s: Seat| -> (u32, u32) {
            let home = pos.horses_home(s, &self.rules) as u32;
            if by_distance {
                (pos.distance(s), 0)
            } else if self.concluded {
                (home, pos.distance(s))
            } else {
                (home, 0)
            }
        };
        let rest: Vec<Seat> = pos
            .playing_seats()
            .filter(|s| ranks[s.index()].is_none())
            .collect();
        for &s in &rest {
            let better = rest.iter().filter(|&&o| key(o) > key(s)).count() as u8;
            ranks[s.index()] = Some(placed + 1 + better);
        }
        Outcome {
            winner: self.finished[0],
            ranks,
            capped: self.capped,
            concluded: self.concluded,
            rolls: self.rolls,
            points: self.ledger.as_ref().map(|l| l.points),
        }
    }

    /// The places with teams (RULES.md 3, "Teams"): the team whose partners
    /// are both home first together, the other second. A game the cap
    /// stopped, or settled early, ranks the teams by their horses home
    /// together (settled early: then by distance), equal teams sharing
    /// first place (**decision**). The winner named is the partner of the
    /// winning team who finished first.
    fn team_standings(&self) -> Outcome {
        let pos = &self.position;
        let rules = &self.rules;
        let key = |s: Seat| -> (u32, u32) {
            let home = (pos.horses_home(s, rules) + pos.horses_home(s.partner(), rules)) as u32;
            let distance = if self.concluded {
                pos.distance(s) + pos.distance(s.partner())
            } else {
                0
            };
            (home, distance)
        };
        let winners = pos.team_home(rules);
        let mut ranks = [None; 4];
        for s in pos.playing_seats() {
            let first = match winners {
                Some(w) => s.team() == w,
                None => key(s) >= key(Seat::from_index(s.index() + 1)),
            };
            ranks[s.index()] = Some(if first { 1 } else { 2 });
        }
        Outcome {
            winner: winners.and_then(|w| self.finish_order().find(|s| s.team() == w)),
            ranks,
            capped: self.capped,
            concluded: self.concluded,
            rolls: self.rolls,
            points: self.ledger.as_ref().map(|l| l.points),
        }
    }
}

/// A game as saved: the rules, the position in notation and the rest of the
/// state. Loading validates everything again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The rules in force.
    pub rules: Rules,
    /// The position, in RULES.md section 4 notation.
    pub position: String,
    /// Rolls played.
    pub rolls: u32,
    /// Colours in the order they finished.
    pub finished: Vec<Seat>,
    /// The safety cap stopped the game.
    pub capped: bool,
    /// The remaining places were settled early.
    pub concluded: bool,
    /// The scoring ledger, when on.
    pub ledger: Option<Ledger>,
}

impl From<&Game> for GameRecord {
    fn from(g: &Game) -> GameRecord {
        GameRecord {
            rules: g.rules,
            position: g.position.to_string(),
            rolls: g.rolls,
            finished: g.finish_order().collect(),
            capped: g.capped,
            concluded: g.concluded,
            ledger: g.ledger.clone(),
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = GameError;

    fn try_from(r: GameRecord) -> Result<Game, GameError> {
        let position = Position::parse(&r.position, &r.rules).map_err(GameError::Position)?;
        let mut game = Game::from_position(r.rules, position)?;
        if r.rolls > r.rules.roll_cap {
            return Err(GameError::Rolls);
        }
        let actually_finished: Vec<Seat> = game.finish_order().collect();
        let mut listed = r.finished.clone();
        listed.dedup();
        let mut sorted_listed = listed.clone();
        sorted_listed.sort();
        let mut sorted_actual = actually_finished.clone();
        sorted_actual.sort();
        if sorted_listed != sorted_actual {
            return Err(GameError::FinishOrder);
        }
        game.finished = [None; 4];
        for (slot, s) in game.finished.iter_mut().zip(listed) {
            *slot = Some(s);
        }
        game.rolls = r.rolls;
        game.capped = r.capped;
        game.concluded = r.concluded;
        if game.rules.scoring {
            game.ledger = Some(r.ledger.unwrap_or_default());
        }
        Ok(game)
    }
}
