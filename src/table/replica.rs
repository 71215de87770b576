//! A game as seen through its events: the state every screen builds from
//! the numbered events of a table, checked against the engine at every
//! step. The table that owns a game keeps one (it is its state), the app
//! keeps one to show (it lags while a move animates), an online client
//! keeps one built from the server's events, and a saved game is restored
//! by replaying its events into one.

use super::event::{Event, EventKind, Ranking, SeatInfo, SeatKind};
use crate::ca_ngua::engine::{
    Effects, Game, GameError, Move, MoveList, Outcome, Position, Roll, Rules, Seat,
};
use std::fmt;

/// The roll waiting for its move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// Who rolled.
    pub seat: Seat,
    /// The roll.
    pub roll: Roll,
    /// Its legal moves (empty: a pass follows).
    pub moves: MoveList,
}

/// What applying one event did, for those who show or count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// A seat was taken before the start.
    Seats,
    /// A seat's person went away, came back or left (a computer plays it
    /// meanwhile, or for good).
    SeatNews(SeatNews),
    /// The game started.
    Started,
    /// A roll was made.
    Rolled(Pending),
    /// A move or a pass was played.
    Played {
        /// The position before it.
        before: Position,
        /// What it did (kicks, finishes, bonus rolls).
        effects: Effects,
        /// It was the game's Thầu mạ (the first horse straight from the
        /// door to cell 6).
        thau_ma: bool,
    },
    /// The game ended.
    Over(Outcome),
}

/// What happened to a seat's person during a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatNews {
    /// Away too long: a computer stands in.
    Away(Seat),
    /// Back: the seat is theirs again.
    Back(Seat),
    /// Left for good: a computer plays the seat.
    Left(Seat),
}

/// An event that does not follow from the state: a gap in the numbers, a
/// move the engine refuses, a position that is not what the move gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The event's number.
    pub seq: u64,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.seq, self.message)
    }
}

impl std::error::Error for ReplayError {}

/// A game as its events built it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replica {
    rules: Rules,
    game: Option<Game>,
    seats: Vec<SeatInfo>,
    /// Seats whose person is away (a computer stands in).
    away: [bool; 4],
    pending: Option<Pending>,
    seq: u64,
    ranking: Option<Ranking>,
    thau_ma_seen: bool,
}

impl Replica {
    /// Nothing has happened yet: a table under these rules.
    pub fn new(rules: Rules) -> Replica {
        Replica {
            rules,
            game: None,
            seats: Vec::new(),
            away: [false; 4],
            pending: None,
            seq: 0,
            ranking: None,
            thau_ma_seen: false,
        }
    }

    /// A table whose game continues from a saved state (`Started` must then
    /// name this game's position).
    pub fn continuing(game: Game) -> Replica {
        let mut r = Replica::new(*game.rules());
        r.thau_ma_seen = game.ledger().is_some_and(|l| l.thau_ma_taken);
        r.game = Some(game);
        r
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The engine's game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The position, once started.
    pub fn position(&self) -> Option<&Position> {
        self.game.as_ref().map(Game::position)
    }

    /// The seats: those taken before the start, then every playing seat.
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// One seat's information.
    pub fn seat(&self, seat: Seat) -> Option<&SeatInfo> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// True while the seat's person is away and a computer stands in.
    pub fn is_away(&self, seat: Seat) -> bool {
        self.away[seat.index()]
    }

    /// The roll waiting for its move.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// The number of the last event applied (0 before any).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// True once the game has started.
    pub fn is_started(&self) -> bool {
        self.game.is_some()
    }

    /// True once the `over` event arrived.
    pub fn is_over(&self) -> bool {
        self.ranking.is_some()
    }

    /// The places, once over.
    pub fn ranking(&self) -> Option<&Ranking> {
        self.ranking.as_ref()
    }

    /// The seat to roll or move now.
    pub fn turn(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.game.as_ref().and_then(Game::turn)
    }

    /// True once the game's Thầu mạ has happened.
    pub fn thau_ma_seen(&self) -> bool {
        self.thau_ma_seen
    }

    /// Applies the next event, checking that it follows from the state.
    pub fn apply(&mut self, ev: &Event) -> Result<Applied, ReplayError> {
        let fail = |message: String| ReplayError {
            seq: ev.seq,
            message,
        };
        if ev.seq != self.seq + 1 {
            return Err(fail(format!("expected event {}", self.seq + 1)));
        }
        if self.is_over() {
            return Err(fail("the game is over".into()));
        }
        let applied = self.apply_kind(&ev.event).map_err(fail)?;
        self.seq = ev.seq;
        Ok(applied)
    }

    fn apply_kind(&mut self, ev: &EventKind) -> Result<Applied, String> {
        match ev {
            EventKind::Seated { seat, name } => {
                if self.game.is_some() {
                    return Err("a seat taken after the start".into());
                }
                let info = SeatInfo {
                    seat: *seat,
                    name: name.clone(),
                    kind: SeatKind::Human,
                    connected: true,
                };
                match self.seats.iter_mut().find(|s| s.seat == *seat) {
                    Some(s) => *s = info,
                    None => self.seats.push(info),
                }
                Ok(Applied::Seats)
            }
            EventKind::Started { position, seats } => {
                let pos = Position::from_setup(position, &self.rules)
                    .map_err(|e| format!("start position: {e}"))?;
                match &self.game {
                    Some(g) if self.seq == 0 && *g.position() == pos => {}
                    Some(_) if self.seq == 0 => {
                        return Err("the start position is not the saved game's".into());
                    }
                    Some(_) => return Err("the game has already started".into()),
                    None => {
                        let game = Game::from_position(self.rules, pos).map_err(|e| match e {
                            GameError::Position(e) => format!("start position: {e}"),
                            e => e.to_string(),
                        })?;
                        self.game = Some(game);
                    }
                }
                for s in pos.playing_seats() {
                    if !seats.iter().any(|i| i.seat == s) {
                        return Err(format!("no seat information for {}", s.name()));
                    }
                }
                self.seats = seats
                    .iter()
                    .filter(|i| pos.is_playing(i.seat))
                    .cloned()
                    .collect();
                Ok(Applied::Started)
            }
            EventKind::Rolled { seat, roll, moves } => {
                let game = self.game.as_ref().ok_or("a roll before the start")?;
                if self.pending.is_some() {
                    return Err("a second roll before the move".into());
                }
                if game.turn() != Some(*seat) {
                    return Err(format!("{} rolled out of turn", seat.name()));
                }
                game.position()
                    .check_roll(&self.rules, *roll)
                    .map_err(|e| e.to_string())?;
                let legal = game.legal_moves(*roll);
                if legal.to_vec() != *moves {
                    return Err(format!(
                        "the moves listed for {roll} are not the legal ones"
                    ));
                }
                let pending = Pending {
                    seat: *seat,
                    roll: *roll,
                    moves: legal,
                };
                self.pending = Some(pending);
                Ok(Applied::Rolled(pending))
            }
            EventKind::Moved { seat, mv, position } => self.play(*seat, Some(*mv), position),
            EventKind::Passed { seat, position } => self.play(*seat, None, position),
            EventKind::Away { seat } => {
                self.known_seat(*seat)?;
                self.away[seat.index()] = true;
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.connected = false;
                }
                Ok(Applied::SeatNews(SeatNews::Away(*seat)))
            }
            EventKind::Back { seat } => {
                self.known_seat(*seat)?;
                self.away[seat.index()] = false;
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.connected = true;
                }
                Ok(Applied::SeatNews(SeatNews::Back(*seat)))
            }
            EventKind::Left { seat } => {
                self.known_seat(*seat)?;
                self.away[seat.index()] = false;
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.kind = SeatKind::Bot;
                    s.connected = true;
                }
                Ok(Applied::SeatNews(SeatNews::Left(*seat)))
            }
            EventKind::Over { ranking } => {
                let game = self.game.as_mut().ok_or("the end before the start")?;
                // Over before the engine's end: the remaining places were
                // settled early (every person here has finished).
                game.conclude();
                let outcome = game.standings();
                if ranking_of(&outcome) != *ranking {
                    return Err("the ranking is not the game's".into());
                }
                self.pending = None;
                self.ranking = Some(ranking.clone());
                Ok(Applied::Over(outcome))
            }
        }
    }

    fn known_seat(&self, seat: Seat) -> Result<(), String> {
        if self.seats.iter().any(|s| s.seat == seat) {
            Ok(())
        } else {
            Err(format!("{} has no seat", seat.name()))
        }
    }

    fn play(
        &mut self,
        seat: Seat,
        mv: Option<Move>,
        position: &crate::ca_ngua::engine::Setup,
    ) -> Result<Applied, String> {
        let pending = self.pending.ok_or("a move without a roll")?;
        if pending.seat != seat {
            return Err(format!("{} moved with another's roll", seat.name()));
        }
        let game = self.game.as_mut().ok_or("a move before the start")?;
        let before = *game.position();
        let effects = game
            .play(pending.roll, mv)
            .map_err(|e| format!("{}: {e}", mv.map_or("pass".into(), |m| m.to_string())))?;
        if game.position().to_setup() != *position {
            return Err(format!(
                "the position after it is {}, not {position}",
                game.position()
            ));
        }
        self.pending = None;
        let thau_ma = effects.door_to_top && !self.thau_ma_seen;
        self.thau_ma_seen |= thau_ma;
        Ok(Applied::Played {
            before,
            effects,
            thau_ma,
        })
    }
}

/// The places of an outcome, best first, shared places together.
pub fn ranking_of(outcome: &Outcome) -> Ranking {
    let mut places: Ranking = Vec::new();
    let mut last = None;
    for (rank, seat) in outcome.standings() {
        if last == Some(rank)
            && let Some(p) = places.last_mut()
        {
            p.push(seat);
        } else {
            places.push(vec![seat]);
        }
        last = Some(rank);
    }
    places
}
