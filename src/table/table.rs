//! The table that owns a game: its dice, its numbered events, and who
//! controls each seat. Commands come in (with the number of the last event
//! their sender saw), events or a typed refusal go out. The local game in
//! the app, the saved game, the statistics and every screen of an online
//! game are consumers of the same events.

use super::event::{Command, Controller, ErrorCode, Event, EventKind, Ranking, Refusal, SeatInfo};
use super::replica::{Applied, Pending, ReplayError, Replica, ranking_of};
use super::runner::{Answer, BotJob, Runner};
use crate::ca_ngua::dice;
use crate::ca_ngua::engine::{Game, GameError, GameRecord, Move, Position, Rules, Seat};
use crate::game::Level;
use rand::rngs::StdRng;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a computer's step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// It rolled or moved: these events.
    Acted(Vec<Event>),
    /// It is thinking (the runner will answer).
    Thinking,
    /// No computer is to act.
    Idle,
}

/// A table: one game, its seats, its dice, its events.
pub struct Table {
    replica: Replica,
    events: Vec<Event>,
    controllers: [Controller; 4],
    /// Seats to hand back to their person at the next change of turn.
    back_due: [bool; 4],
    /// Seats in the lobby, before the start: how many will play.
    players: usize,
    rng: StdRng,
    runner: Box<dyn Runner>,
    /// The decision the runner was asked about.
    asked: Option<u64>,
    /// The saved state the game continued from (a game saved by a version
    /// that kept no events).
    origin: Option<GameRecord>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("seq", &self.replica.seq())
            .field("position", &self.replica.position().map(|p| p.to_string()))
            .field("controllers", &self.controllers)
            .finish_non_exhaustive()
    }
}

/// The seats for a player count (RULES.md 1: two players sit at opposite
/// corners, three leave blue's corner empty).
pub fn seats_for(count: usize) -> Vec<Seat> {
    match count {
        0..=2 => vec![Seat::Red, Seat::Yellow],
        3 => vec![Seat::Red, Seat::Green, Seat::Yellow],
        _ => Seat::ALL.to_vec(),
    }
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

impl Table {
    fn empty(rules: Rules, rng: StdRng, runner: Box<dyn Runner>) -> Table {
        Table {
            replica: Replica::new(rules),
            events: Vec::new(),
            controllers: [Controller::Computer(Level::Medium); 4],
            back_due: [false; 4],
            players: 0,
            rng,
            runner,
            asked: None,
            origin: None,
        }
    }

    /// A game at this device, started at once: `controllers` by seat index
    /// (ignored for seats that do not play), the first to roll drawn at
    /// random (RULES.md 2.6). `rng` rolls the dice: the OS-seeded secure
    /// generator in play, a seeded one in tests.
    pub fn local(
        rules: Rules,
        seats: &[Seat],
        controllers: [Controller; 4],
        rng: StdRng,
        runner: Box<dyn Runner>,
    ) -> Result<Table, GameError> {
        rules.validate().map_err(GameError::Rules)?;
        if seats.len() < 2 {
            return Err(GameError::Players);
        }
        Ok(Table::local_or_standard(
            rules,
            seats,
            controllers,
            rng,
            runner,
        ))
    }

    /// As [`Table::local`], but rules that do not validate or fewer than two
    /// seats give the standard four-player game instead (the app's
    /// preferences are checked when loaded; this keeps it panic-free).
    pub fn local_or_standard(
        rules: Rules,
        seats: &[Seat],
        controllers: [Controller; 4],
        mut rng: StdRng,
        runner: Box<dyn Runner>,
    ) -> Table {
        let (rules, seats) = if rules.validate().is_ok() && seats.len() >= 2 {
            (rules, seats.to_vec())
        } else {
            (Rules::standard(), Seat::ALL.to_vec())
        };
        let first = seats[rng.random_range(0..seats.len())];
        let position = Position::start(&seats, first).unwrap_or_default();
        let mut t = Table::empty(rules, rng, runner);
        t.controllers = controllers;
        t.players = seats.len();
        t.emit(EventKind::Started {
            position: position.to_setup(),
            seats: SeatInfo::local_seats(&position, &controllers),
        });
        t
    }

    /// A table waiting for `players` people (2 to 4), the host seated first.
    pub fn lobby(
        rules: Rules,
        players: usize,
        host: &str,
        rng: StdRng,
        runner: Box<dyn Runner>,
    ) -> Result<Table, GameError> {
        rules.validate().map_err(GameError::Rules)?;
        if !(2..=4).contains(&players) {
            return Err(GameError::Players);
        }
        let mut t = Table::empty(rules, rng, runner);
        t.players = players;
        let seat = seats_for(players)[0];
        t.controllers[seat.index()] = Controller::Elsewhere;
        t.emit(EventKind::Seated {
            seat,
            name: host.to_string(),
        });
        Ok(t)
    }

    /// Seats a person who joins before the start, in the next free seat.
    pub fn join(&mut self, name: &str) -> Result<(Seat, Vec<Event>), Refusal> {
        if self.replica.is_started() {
            return refuse(ErrorCode::AlreadyStarted, "the game has already started");
        }
        let Some(seat) = seats_for(self.players)
            .into_iter()
            .find(|s| self.replica.seat(*s).is_none())
        else {
            return refuse(ErrorCode::RoomFull, "every seat is taken");
        };
        self.controllers[seat.index()] = Controller::Elsewhere;
        let from = self.events.len();
        self.emit(EventKind::Seated {
            seat,
            name: name.to_string(),
        });
        Ok((seat, self.events[from..].to_vec()))
    }

    /// Starts a lobby's game: empty seats become computer players of
    /// `level` named by `bot_name`; the first to roll is drawn at random.
    pub fn start(
        &mut self,
        level: Level,
        bot_name: impl Fn(Seat) -> String,
    ) -> Result<Vec<Event>, Refusal> {
        if self.replica.is_started() {
            return refuse(ErrorCode::AlreadyStarted, "the game has already started");
        }
        let seats = seats_for(self.players);
        let first = seats[self.rng.random_range(0..seats.len())];
        let Some(position) = Position::start(&seats, first) else {
            return refuse(ErrorCode::BadRules, "no game for these seats");
        };
        let infos = seats
            .iter()
            .map(|&seat| match self.replica.seat(seat) {
                Some(info) => info.clone(),
                None => {
                    self.controllers[seat.index()] = Controller::Computer(level);
                    SeatInfo {
                        seat,
                        name: bot_name(seat),
                        kind: Controller::Computer(level).kind(),
                        connected: true,
                    }
                }
            })
            .collect();
        let from = self.events.len();
        self.emit(EventKind::Started {
            position: position.to_setup(),
            seats: infos,
        });
        Ok(self.events[from..].to_vec())
    }

    /// Appends an event and applies it. Events made here always follow
    /// from the state; should one not, it is dropped (never a panic).
    fn emit(&mut self, event: EventKind) -> Option<Applied> {
        let ev = Event {
            seq: self.replica.seq() + 1,
            event,
        };
        match self.replica.apply(&ev) {
            Ok(applied) => {
                self.events.push(ev);
                Some(applied)
            }
            Err(_) => None,
        }
    }

    /// Gives the table another runner for its computer players (a decision
    /// under way is asked again).
    pub fn set_runner(&mut self, runner: Box<dyn Runner>) {
        self.runner = runner;
        self.asked = None;
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.replica.rules()
    }

    /// The game's state, as its events built it.
    pub fn replica(&self) -> &Replica {
        &self.replica
    }

    /// Every event so far, oldest first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The events after number `seq`.
    pub fn events_since(&self, seq: u64) -> &[Event] {
        let from = usize::try_from(seq)
            .unwrap_or(usize::MAX)
            .min(self.events.len());
        &self.events[from..]
    }

    /// The number of the latest event.
    pub fn seq(&self) -> u64 {
        self.replica.seq()
    }

    /// Who controls a seat.
    pub fn controller(&self, seat: Seat) -> Controller {
        self.controllers[seat.index()]
    }

    /// Every seat's controller, by seat index.
    pub fn controllers(&self) -> [Controller; 4] {
        self.controllers
    }

    /// Hands a seat to someone else at this device (a person, or a
    /// computer at a level) — allowed during a game. Other screens are not
    /// told: a local table has none.
    pub fn set_controller(&mut self, seat: Seat, controller: Controller) {
        self.controllers[seat.index()] = controller;
        self.asked = None;
    }

    /// The seat to act now and, if a computer plays it, its level.
    pub fn computer_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self.replica.turn()?;
        Some((seat, self.controllers[seat.index()].computer()?))
    }

    /// Carries out a seat's command sent after it saw event `seq`.
    pub fn command(&mut self, seat: Seat, seq: u64, cmd: Command) -> Result<Vec<Event>, Refusal> {
        if !self.replica.is_started() {
            return refuse(ErrorCode::NotStarted, "the game has not started");
        }
        if self.replica.turn() != Some(seat) {
            return refuse(ErrorCode::NotYourTurn, "it is not your turn");
        }
        if self.controllers[seat.index()].computer().is_some() {
            return refuse(
                ErrorCode::NotYourTurn,
                "a computer plays this seat until the turn moves on",
            );
        }
        if seq != self.replica.seq() {
            return refuse(
                ErrorCode::Stale,
                format!("the latest event is {}, not {seq}", self.replica.seq()),
            );
        }
        self.act(seat, cmd)
    }

    /// Carries out a command for the seat to play, checked.
    fn act(&mut self, seat: Seat, cmd: Command) -> Result<Vec<Event>, Refusal> {
        let from = self.events.len();
        match cmd {
            Command::Roll => {
                if self.replica.pending().is_some() {
                    return refuse(ErrorCode::RollPending, "the roll is waiting for its move");
                }
                let rules = *self.rules();
                let roll = dice::roll(&rules, &mut self.rng);
                let moves = match self.replica.game() {
                    Some(g) => g.legal_moves(roll).to_vec(),
                    None => Vec::new(),
                };
                let none = moves.is_empty();
                self.emit(EventKind::Rolled { seat, roll, moves });
                if none {
                    self.play(seat, None);
                }
            }
            Command::Move(mv) => {
                let Some(pending) = self.replica.pending() else {
                    return refuse(ErrorCode::NoRoll, "roll first");
                };
                if !pending.moves.contains(mv) {
                    return refuse(
                        ErrorCode::IllegalMove,
                        format!("{mv} is not a legal move for {}", pending.roll),
                    );
                }
                self.play(seat, Some(mv));
            }
        }
        self.after_change();
        Ok(self.events[from..].to_vec())
    }

    /// Plays the waiting roll and emits what follows.
    fn play(&mut self, seat: Seat, mv: Option<Move>) {
        let Some(pending) = self.replica.pending().copied() else {
            return;
        };
        let Some(mut game) = self.replica.game().cloned() else {
            return;
        };
        if game.play(pending.roll, mv).is_err() {
            return;
        }
        let position = game.position().to_setup();
        self.emit(match mv {
            Some(mv) => EventKind::Moved { seat, mv, position },
            None => EventKind::Passed { seat, position },
        });
        if game.is_over() {
            self.emit(EventKind::Over {
                ranking: ranking_of(&game.standings()),
            });
        }
    }

    /// Seats whose person came back are theirs again once the turn has
    /// moved on from them.
    fn after_change(&mut self) {
        for seat in Seat::ALL {
            if self.back_due[seat.index()] && self.replica.turn() != Some(seat) {
                self.back_due[seat.index()] = false;
                self.controllers[seat.index()] = Controller::Elsewhere;
                self.emit(EventKind::Back { seat });
            }
        }
    }

    /// Lets a computer act if one is to: it rolls, or moves once its runner
    /// has decided (a single legal move needs no thinking).
    pub fn computer_step(&mut self) -> Step {
        let Some((seat, level)) = self.computer_to_act() else {
            return Step::Idle;
        };
        let Some(pending) = self.replica.pending().copied() else {
            return match self.act(seat, Command::Roll) {
                Ok(events) => Step::Acted(events),
                Err(_) => Step::Idle,
            };
        };
        let ticket = self.replica.seq();
        let mv = if pending.moves.len() <= 1 {
            pending.moves.first()
        } else {
            match self.runner.answer(ticket) {
                Answer::Ready(mv) if pending.moves.contains(mv) => Some(mv),
                Answer::Thinking if self.asked == Some(ticket) => return Step::Thinking,
                Answer::Failed | Answer::Ready(_) => pending.moves.first(),
                Answer::Thinking | Answer::NotAsked => {
                    self.ask(seat, level, &pending, ticket);
                    match self.runner.answer(ticket) {
                        Answer::Ready(mv) if pending.moves.contains(mv) => Some(mv),
                        Answer::Thinking => return Step::Thinking,
                        _ => pending.moves.first(),
                    }
                }
            }
        };
        let Some(mv) = mv else {
            return Step::Idle;
        };
        match self.act(seat, Command::Move(mv)) {
            Ok(events) => Step::Acted(events),
            Err(_) => Step::Idle,
        }
    }

    /// Starts the runner on the computer's decision, if it has one to make
    /// and has not been asked yet (the app calls this right after a roll,
    /// so the thinking overlaps the dice animation).
    pub fn prepare_computer(&mut self) {
        let Some((seat, level)) = self.computer_to_act() else {
            return;
        };
        let Some(pending) = self.replica.pending().copied() else {
            return;
        };
        let ticket = self.replica.seq();
        if pending.moves.len() > 1 && self.asked != Some(ticket) {
            self.ask(seat, level, &pending, ticket);
        }
    }

    fn ask(&mut self, _seat: Seat, level: Level, pending: &Pending, ticket: u64) {
        let Some(position) = self.replica.position().copied() else {
            return;
        };
        self.asked = Some(ticket);
        self.runner.start(BotJob {
            ticket,
            level,
            seed: self.rng.next_u64(),
            rules: *self.rules(),
            position,
            roll: pending.roll,
        });
    }

    /// True while the runner thinks about the current decision.
    pub fn computer_thinking(&mut self) -> bool {
        let ticket = self.replica.seq();
        self.asked == Some(ticket) && self.runner.answer(ticket) == Answer::Thinking
    }

    /// Ends the game now, the places still open settled (the app does this
    /// when every person at this device has finished in a play-on game).
    pub fn conclude(&mut self) -> Vec<Event> {
        let from = self.events.len();
        if let Some(game) = self.replica.game()
            && self.replica.is_started()
            && !self.replica.is_over()
        {
            let mut game = game.clone();
            game.conclude();
            self.emit(EventKind::Over {
                ranking: ranking_of(&game.standings()),
            });
        }
        self.events[from..].to_vec()
    }

    /// The seat's person has been away too long: a computer of `level`
    /// plays it from now.
    pub fn away(&mut self, seat: Seat, level: Level) -> Vec<Event> {
        let from = self.events.len();
        if self.controllers[seat.index()] == Controller::Elsewhere && !self.replica.is_over() {
            self.controllers[seat.index()] = Controller::StandIn(level);
            self.back_due[seat.index()] = false;
            self.emit(EventKind::Away { seat });
        }
        self.events[from..].to_vec()
    }

    /// The seat's person is back: the seat is theirs at once, or, when the
    /// computer standing in is in the middle of its turn, once the turn
    /// moves on.
    pub fn back(&mut self, seat: Seat) -> Vec<Event> {
        let from = self.events.len();
        if matches!(self.controllers[seat.index()], Controller::StandIn(_))
            && self.replica.is_away(seat)
        {
            self.back_due[seat.index()] = true;
            self.after_change();
        }
        self.events[from..].to_vec()
    }

    /// The seat's person left for good; a computer of `level` plays it.
    pub fn leave(&mut self, seat: Seat, level: Level) -> Vec<Event> {
        let from = self.events.len();
        let seated = self.replica.seat(seat).is_some();
        if (seated && self.controllers[seat.index()].computer().is_none())
            || self.replica.is_away(seat)
        {
            self.controllers[seat.index()] = Controller::StandIn(level);
            self.back_due[seat.index()] = false;
            self.emit(EventKind::Left { seat });
        }
        self.events[from..].to_vec()
    }

    /// The places, once the game is over.
    pub fn ranking(&self) -> Option<&Ranking> {
        self.replica.ranking()
    }

    /// The table as saved: its rules, controllers and events (and the state
    /// it continued from, for a game saved by an older version).
    pub fn record(&self) -> TableRecord {
        TableRecord {
            rules: *self.rules(),
            controllers: self.controllers,
            origin: self.origin.clone(),
            events: self.events.clone(),
        }
    }

    /// Restores a saved table by replaying its events (each checked
    /// against the engine), with fresh dice.
    pub fn restore(
        record: TableRecord,
        rng: StdRng,
        runner: Box<dyn Runner>,
    ) -> Result<Table, RestoreError> {
        record
            .rules
            .validate()
            .map_err(|e| RestoreError::Game(GameError::Rules(e)))?;
        let replica = match &record.origin {
            Some(origin) => {
                if origin.rules != record.rules {
                    return Err(RestoreError::Origin);
                }
                Replica::continuing(Game::try_from(origin.clone()).map_err(RestoreError::Game)?)
            }
            None => Replica::new(record.rules),
        };
        let mut t = Table::empty(record.rules, rng, runner);
        t.replica = replica;
        t.origin = record.origin;
        t.controllers = record.controllers;
        for ev in &record.events {
            t.replica.apply(ev).map_err(RestoreError::Replay)?;
        }
        if !t.replica.is_started() {
            return Err(RestoreError::NotStarted);
        }
        t.players = t.replica.seats().len();
        t.events = record.events;
        Ok(t)
    }
}

/// A table as saved: typed in memory, notation strings in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    /// The rules.
    pub rules: Rules,
    /// Who controls each seat, by seat index.
    pub controllers: [Controller; 4],
    /// The state the game continued from, when it was saved by a version
    /// that kept no events (the first event then starts from it).
    #[serde(default)]
    pub origin: Option<GameRecord>,
    /// Every event, oldest first.
    pub events: Vec<Event>,
}

/// Why a saved table cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The rules or the saved state do not validate.
    Game(GameError),
    /// The saved state is under other rules than the table's.
    Origin,
    /// An event does not follow.
    Replay(ReplayError),
    /// No game was started.
    NotStarted,
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Game(e) => write!(f, "{e}"),
            RestoreError::Origin => f.write_str("the saved state is under other rules"),
            RestoreError::Replay(e) => write!(f, "{e}"),
            RestoreError::NotStarted => f.write_str("the game never started"),
        }
    }
}

impl std::error::Error for RestoreError {}
