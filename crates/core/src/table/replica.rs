//! A game as seen through its events: the state every screen builds from
//! the numbered events of a table, checked against the engine at every
//! step. The table that owns a game keeps one (it is its state), the app
//! keeps one to show (it lags while a move animates), an online client
//! keeps one built from the server's events, and a saved game is restored
//! by replaying its events into one.

use super::event::{Event, EventKind, SeatInfo, SeatKind};
use crate::game::{Game, Next, Ranking, SeatId};
use std::fmt;

/// The roll waiting for its move (only in a game with dice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending<G: Game> {
    /// Who rolled.
    pub seat: G::Seat,
    /// The roll.
    pub roll: G::Roll,
    /// Its legal moves (empty: a pass follows).
    pub moves: Vec<G::Move>,
}

/// What applying one event did, for those who show or count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied<G: Game> {
    /// A seat was taken before the start.
    Seats,
    /// A seat's person went away, came back or left (a computer plays it
    /// meanwhile, or for good).
    SeatNews(SeatNews<G::Seat>),
    /// The game started.
    Started,
    /// A roll was made.
    Rolled(Pending<G>),
    /// A move or a pass was played.
    Played {
        /// The position before it.
        before: G::Position,
        /// What it did.
        played: G::Played,
    },
    /// The game ended.
    Over(G::Outcome),
    /// The room plays another round (version 3): the game was cleared, the
    /// seats stay; a `Started` follows.
    Again {
        /// The new round's number.
        round: u32,
    },
    /// Something that changes no position: a seat's dice seed.
    Noted,
}

/// What happened to a seat's person during a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatNews<S> {
    /// Away too long: a computer stands in.
    Away(S),
    /// Back: the seat is theirs again.
    Back(S),
    /// Left for good: a computer plays the seat.
    Left(S),
    /// Let the turn clock run out: a computer plays this turn for them.
    TimedOut(S),
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
pub struct Replica<G: Game> {
    rules: G::Rules,
    game: Option<G::State>,
    seats: Vec<SeatInfo<G::Seat>>,
    /// Seats whose person is away (a computer stands in), by seat index.
    away: Vec<bool>,
    pending: Option<Pending<G>>,
    seq: u64,
    ranking: Option<Ranking<G::Seat>>,
    /// The game was ended before the engine's end (the places left were
    /// settled as the rules settle them).
    concluded: bool,
    /// The round being played: 1, then one more at each `again`.
    round: u32,
}

impl<G: Game> Replica<G> {
    /// Nothing has happened yet: a table under these rules.
    pub fn new(rules: G::Rules) -> Replica<G> {
        Replica {
            rules,
            game: None,
            seats: Vec::new(),
            away: vec![false; G::SEATS],
            pending: None,
            seq: 0,
            ranking: None,
            concluded: false,
            round: 1,
        }
    }

    /// A table whose game continues from a saved state (`Started` must then
    /// name this game's position).
    pub fn continuing(rules: G::Rules, game: G::State) -> Replica<G> {
        let mut r = Replica::new(rules);
        r.game = Some(game);
        r
    }

    /// A game as a room's state describes it (a watcher, who is sent no
    /// earlier events): the seats, the position, the roll waiting and the
    /// places, after event `seq`; checked against the engine.
    pub fn from_room_state(
        rules: G::Rules,
        seq: u64,
        seats: Vec<SeatInfo<G::Seat>>,
        position: Option<&G::Setup>,
        roll: Option<G::Roll>,
        ranking: Option<Ranking<G::Seat>>,
    ) -> Option<Replica<G>> {
        let mut r = Replica::new(rules);
        r.seq = seq;
        r.seats = seats;
        if let Some(position) = position {
            let game = G::from_setup(&rules, position).ok()?;
            if let Some(roll) = roll {
                let seat = G::turn(&game)?;
                let moves = match G::next(&game, Some(roll)) {
                    Next::Choose(_, moves) => moves,
                    _ => Vec::new(),
                };
                r.pending = Some(Pending { seat, roll, moves });
            }
            r.game = Some(game);
        }
        r.ranking = ranking;
        Some(r)
    }

    /// The rules.
    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// The game in progress, once started.
    pub fn game(&self) -> Option<&G::State> {
        self.game.as_ref()
    }

    /// The position, once started.
    pub fn position(&self) -> Option<&G::Position> {
        self.game.as_ref().map(G::position)
    }

    /// The seats: those taken before the start, then every playing seat.
    pub fn seats(&self) -> &[SeatInfo<G::Seat>] {
        &self.seats
    }

    /// One seat's information.
    pub fn seat(&self, seat: G::Seat) -> Option<&SeatInfo<G::Seat>> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// One seat's information, to change who it shows playing (a replay
    /// names the player of the step shown).
    pub fn seat_mut(&mut self, seat: G::Seat) -> Option<&mut SeatInfo<G::Seat>> {
        self.seats.iter_mut().find(|s| s.seat == seat)
    }

    /// True while the seat's person is away and a computer stands in.
    pub fn is_away(&self, seat: G::Seat) -> bool {
        self.away.get(seat.index()).copied().unwrap_or(false)
    }

    /// The roll waiting for its move.
    pub fn pending(&self) -> Option<&Pending<G>> {
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

    /// True when the game was ended early, the places left settled as the
    /// rules settle them.
    pub fn is_concluded(&self) -> bool {
        self.concluded
    }

    /// The places, once over.
    pub fn ranking(&self) -> Option<&Ranking<G::Seat>> {
        self.ranking.as_ref()
    }

    /// The round being played (1 until an `again`).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The seat to roll or move now.
    pub fn turn(&self) -> Option<G::Seat> {
        if self.is_over() {
            return None;
        }
        self.game.as_ref().and_then(G::turn)
    }

    /// What the game waits for now (`None` before the start and once the
    /// `over` event arrived).
    pub fn next(&self) -> Option<Next<G>> {
        if self.is_over() {
            return None;
        }
        let game = self.game.as_ref()?;
        Some(G::next(game, self.pending.as_ref().map(|p| p.roll)))
    }

    /// The moves the seat to act may choose now (empty when it is to
    /// roll, pass, or nobody acts).
    pub fn choices(&self) -> Vec<G::Move> {
        match self.next() {
            Some(Next::Choose(_, moves)) => moves,
            _ => Vec::new(),
        }
    }

    /// Applies the next event, checking that it follows from the state.
    pub fn apply(&mut self, ev: &Event<G>) -> Result<Applied<G>, ReplayError> {
        let fail = |message: String| ReplayError {
            seq: ev.seq,
            message,
        };
        if ev.seq != self.seq + 1 {
            return Err(fail(format!("expected event {}", self.seq + 1)));
        }
        if self.is_over() && !matches!(ev.event, EventKind::Again { .. }) {
            return Err(fail("the game is over".into()));
        }
        let applied = self.apply_kind(&ev.event).map_err(fail)?;
        self.seq = ev.seq;
        Ok(applied)
    }

    fn apply_kind(&mut self, ev: &EventKind<G>) -> Result<Applied<G>, String> {
        match ev {
            EventKind::Seated { seat, name } => self.seated(seat, name),
            EventKind::Started { position, seats } => self.started(position, seats),
            EventKind::Rolled { seat, roll, moves } => self.rolled(seat, roll, moves),
            EventKind::Moved { seat, mv, position } => self.play(*seat, Some(*mv), position),
            EventKind::Passed { seat, position } => self.play(*seat, None, position),
            EventKind::Away { seat } => {
                self.known_seat(*seat)?;
                self.set_away(*seat, true);
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.connected = false;
                }
                Ok(Applied::SeatNews(SeatNews::Away(*seat)))
            }
            EventKind::Back { seat } => {
                self.known_seat(*seat)?;
                self.set_away(*seat, false);
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.connected = true;
                }
                Ok(Applied::SeatNews(SeatNews::Back(*seat)))
            }
            EventKind::Left { seat } => {
                self.known_seat(*seat)?;
                self.set_away(*seat, false);
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.kind = SeatKind::Bot;
                    s.connected = true;
                }
                Ok(Applied::SeatNews(SeatNews::Left(*seat)))
            }
            EventKind::Over { ranking } => self.over(ranking),
            EventKind::Seeded { seat, client_seed } => {
                self.known_seat(*seat)?;
                if !G::HAS_DICE {
                    return Err("a dice seed in a game without dice".into());
                }
                if client_seed.is_empty() {
                    return Err("an empty dice seed".into());
                }
                Ok(Applied::Noted)
            }
            EventKind::Again { round, .. } => self.again(round),
            EventKind::TimedOut { seat } => {
                let game = self
                    .game
                    .as_ref()
                    .ok_or("a timed-out turn before the start")?;
                if G::turn(game) != Some(*seat) {
                    return Err(format!("{} timed out out of turn", seat.code()));
                }
                Ok(Applied::SeatNews(SeatNews::TimedOut(*seat)))
            }
        }
    }

    /// Seated: a person took a seat in the lobby.
    fn seated(&mut self, seat: &G::Seat, name: &str) -> Result<Applied<G>, String> {
        if self.game.is_some() {
            return Err("a seat taken after the start".into());
        }
        let info = SeatInfo {
            seat: *seat,
            name: name.to_string(),
            kind: SeatKind::Human,
            connected: true,
        };
        match self.seats.iter_mut().find(|s| s.seat == *seat) {
            Some(s) => *s = info,
            None => self.seats.push(info),
        }
        Ok(Applied::Seats)
    }

    /// Started: the game from its position, with the seats that play.
    fn started(
        &mut self,
        position: &G::Setup,
        seats: &[SeatInfo<G::Seat>],
    ) -> Result<Applied<G>, String> {
        let state =
            G::from_setup(&self.rules, position).map_err(|e| format!("start position: {e}"))?;
        match &self.game {
            Some(g) if self.seq == 0 && G::position(g) == G::position(&state) => {}
            Some(_) if self.seq == 0 => {
                return Err("the start position is not the saved game's".into());
            }
            Some(_) => return Err("the game has already started".into()),
            None => self.game = Some(state.clone()),
        }
        let playing = G::seats(&state);
        for s in &playing {
            if !seats.iter().any(|i| i.seat == *s) {
                return Err(format!("no seat information for {}", s.code()));
            }
        }
        self.seats = seats
            .iter()
            .filter(|i| playing.contains(&i.seat))
            .cloned()
            .collect();
        Ok(Applied::Started)
    }

    /// Rolled: the roll and its legal moves, checked against the engine.
    fn rolled(
        &mut self,
        seat: &G::Seat,
        roll: &G::Roll,
        moves: &[G::Move],
    ) -> Result<Applied<G>, String> {
        let game = self.game.as_ref().ok_or("a roll before the start")?;
        if self.pending.is_some() {
            return Err("a second roll before the move".into());
        }
        if G::turn(game) != Some(*seat) {
            return Err(format!("{} rolled out of turn", seat.code()));
        }
        G::check_roll(game, *roll).map_err(|e| e.to_string())?;
        let legal = match G::next(game, Some(*roll)) {
            Next::Choose(_, legal) => legal,
            Next::Pass(_) => Vec::new(),
            Next::Roll(_) | Next::Over(_) => {
                return Err(format!("the roll {roll} cannot be played"));
            }
        };
        if legal != *moves {
            return Err(format!(
                "the moves listed for {roll} are not the legal ones"
            ));
        }
        let pending = Pending {
            seat: *seat,
            roll: *roll,
            moves: legal,
        };
        self.pending = Some(pending.clone());
        Ok(Applied::Rolled(pending))
    }

    /// Over: the game concluded with the engine's ranking.
    fn over(&mut self, ranking: &Ranking<G::Seat>) -> Result<Applied<G>, String> {
        let game = self.game.as_mut().ok_or("the end before the start")?;
        // Over before the engine's end: the remaining places were
        // settled early (every person here has finished).
        let concluded = !G::is_over(game);
        G::conclude(game);
        let outcome = G::outcome(game);
        if G::ranking(&outcome) != *ranking {
            return Err("the ranking is not the game's".into());
        }
        self.pending = None;
        self.concluded = concluded;
        self.ranking = Some(ranking.clone());
        Ok(Applied::Over(outcome))
    }

    /// Again: another round after the game is over.
    fn again(&mut self, round: &u32) -> Result<Applied<G>, String> {
        if !self.is_over() {
            return Err("another round before the game is over".into());
        }
        if *round != self.round + 1 {
            return Err(format!(
                "round {round} after round {}, not {}",
                self.round,
                self.round + 1
            ));
        }
        self.round = *round;
        self.game = None;
        self.pending = None;
        self.ranking = None;
        self.concluded = false;
        Ok(Applied::Again { round: *round })
    }

    fn set_away(&mut self, seat: G::Seat, away: bool) {
        if let Some(a) = self.away.get_mut(seat.index()) {
            *a = away;
        }
    }

    fn known_seat(&self, seat: G::Seat) -> Result<(), String> {
        if self.seats.iter().any(|s| s.seat == seat) {
            Ok(())
        } else {
            Err(format!("{} has no seat", seat.code()))
        }
    }

    fn play(
        &mut self,
        seat: G::Seat,
        mv: Option<G::Move>,
        position: &G::Setup,
    ) -> Result<Applied<G>, String> {
        let game = self.game.as_mut().ok_or("a move before the start")?;
        let roll = match &self.pending {
            Some(p) if p.seat != seat => {
                return Err(format!("{} moved with another's roll", seat.code()));
            }
            Some(p) => Some(p.roll),
            None if matches!(G::next(game, None), Next::Roll(_)) => {
                return Err("a move without a roll".into());
            }
            None => None,
        };
        if G::turn(game) != Some(seat) {
            return Err(format!("{} moved out of turn", seat.code()));
        }
        let before = *G::position(game);
        let played = G::play(game, roll, mv).map_err(|e| {
            format!(
                "{}: {e}",
                mv.map_or_else(|| "pass".to_string(), |m| m.to_string())
            )
        })?;
        if G::setup(game) != *position {
            return Err(format!(
                "the position after it is {}, not {position}",
                G::setup(game)
            ));
        }
        self.pending = None;
        Ok(Applied::Played { before, played })
    }
}
