//! Cờ nhảy at a table: the same shape as Cờ Cá Ngựa's [`super::Table`] —
//! numbered events out, commands in (with the number of the last event
//! their sender saw), typed refusals that change nothing, computer players
//! through a [`Runner`], a replica that checks every event against the
//! engine, and a record restored by replaying its events. There are no
//! dice: a command is a move, and a player with no legal move passes at
//! once (CO-NHAY.md §3).
//!
//! Only a table at this device exists for now; online play of Cờ nhảy would
//! add seats for people elsewhere, as Cờ Cá Ngựa's table has.

use super::event::{Controller, ErrorCode, Refusal, SeatKind};
use super::replica::ReplayError;
use super::runner::{Answer, Job, Runner};
use crate::co_nhay::bots::{Bot, Budget, Decision, Level, Memory};
use crate::co_nhay::engine::{
    ARMS, Arm, Effects, Game, Move, Outcome, Players, Position, Rules, Setup,
};
use rand::Rng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Places at the end of a game, best first; a shared place lists several
/// arms (`[[0], [2, 4]]`).
pub type NhayRanking = Vec<Vec<Arm>>;

/// Positions in events and files as their notation (CO-NHAY.md §5).
mod setup_text {
    use crate::co_nhay::engine::Setup;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(setup: &Setup, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&setup.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|e| serde::de::Error::custom(format!("position '{text}': {e}")))
    }
}

/// Moves in events and files as `FROM-TO`.
mod move_text {
    use crate::co_nhay::engine::Move;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&mv.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|e| serde::de::Error::custom(format!("move '{text}': {e}")))
    }
}

/// A player as every screen sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NhaySeat {
    /// The arm the player starts in.
    pub arm: Arm,
    /// The player's name (empty for a local game).
    pub name: String,
    /// A person or a computer player.
    pub kind: SeatKind,
}

/// One change at a Cờ nhảy table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum NhayEventKind {
    /// The game began from this position with these players.
    Started {
        /// The position, arm 0 to move at a start.
        #[serde(with = "setup_text")]
        position: Setup,
        /// Every player.
        seats: Vec<NhaySeat>,
    },
    /// The arm to move moved.
    Moved {
        /// Who moved.
        arm: Arm,
        /// The move (a step or a whole jump chain).
        #[serde(rename = "move", with = "move_text")]
        mv: Move,
        /// The position after it.
        #[serde(with = "setup_text")]
        position: Setup,
    },
    /// The arm to move had no legal move.
    Passed {
        /// Who passed.
        arm: Arm,
        /// The position after it.
        #[serde(with = "setup_text")]
        position: Setup,
    },
    /// The game is over.
    Over {
        /// The places.
        ranking: NhayRanking,
    },
}

/// A numbered event: numbers start at 1 and have no gaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NhayEvent {
    /// The event's number.
    pub seq: u64,
    /// What happened.
    pub event: NhayEventKind,
}

/// What applying one event did, for those who show or count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NhayApplied {
    /// The game started.
    Started,
    /// A move or a pass was played.
    Played {
        /// The position before it.
        before: Position,
        /// What it did (who moved, finishers, the end).
        effects: Effects,
        /// The holes the piece visited, both ends included (a step: two;
        /// a jump chain: every landing of its shortest chain; a pass:
        /// none).
        path: Vec<u8>,
    },
    /// The game ended.
    Over(Outcome),
}

impl NhayApplied {
    /// The jumps of a played move (0 for a step or a pass).
    pub fn jumps(&self) -> usize {
        match self {
            NhayApplied::Played { effects, path, .. } if effects.jump => path.len() - 1,
            _ => 0,
        }
    }
}

/// A position's setup as the notation writes it (holes ascending), so
/// that two setups of one position compare equal.
fn normalized(setup: &Setup) -> Setup {
    let mut s = setup.clone();
    for holes in s.pieces.iter_mut().flatten() {
        holes.sort_unstable();
    }
    s
}

/// A Cờ nhảy game as its events built it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NhayReplica {
    rules: Rules,
    game: Option<Game>,
    seats: Vec<NhaySeat>,
    seq: u64,
    ranking: Option<NhayRanking>,
    /// The game was ended before the engine's end (every person here had
    /// finished; the places left were settled by distance).
    concluded: bool,
}

impl NhayReplica {
    /// Nothing has happened yet: a table under these rules.
    pub fn new(rules: Rules) -> NhayReplica {
        NhayReplica {
            rules,
            game: None,
            seats: Vec::new(),
            seq: 0,
            ranking: None,
            concluded: false,
        }
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

    /// Every player, in turn order.
    pub fn seats(&self) -> &[NhaySeat] {
        &self.seats
    }

    /// One player's information.
    pub fn seat(&self, arm: Arm) -> Option<&NhaySeat> {
        self.seats.iter().find(|s| s.arm == arm)
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

    /// True when the game was ended early, the places left settled by the
    /// distance each player still had to go.
    pub fn is_concluded(&self) -> bool {
        self.concluded
    }

    /// The places, once over.
    pub fn ranking(&self) -> Option<&NhayRanking> {
        self.ranking.as_ref()
    }

    /// The arm to move now.
    pub fn turn(&self) -> Option<Arm> {
        if self.is_over() {
            return None;
        }
        self.game.as_ref().and_then(Game::turn)
    }

    /// The legal moves of the arm to move (empty when nobody moves).
    pub fn legal_moves(&self) -> crate::co_nhay::engine::MoveList {
        match (&self.game, self.is_over()) {
            (Some(g), false) => g.legal_moves(),
            _ => crate::co_nhay::engine::MoveList::EMPTY,
        }
    }

    /// Applies the next event, checking that it follows from the state.
    pub fn apply(&mut self, ev: &NhayEvent) -> Result<NhayApplied, ReplayError> {
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

    fn apply_kind(&mut self, ev: &NhayEventKind) -> Result<NhayApplied, String> {
        match ev {
            NhayEventKind::Started { position, seats } => {
                if self.game.is_some() {
                    return Err("the game has already started".into());
                }
                let pos = Position::from_setup(position, &self.rules)
                    .map_err(|e| format!("start position: {e}"))?;
                let game =
                    Game::from_position(self.rules, &pos).map_err(|e| format!("start: {e}"))?;
                let arms: Vec<Arm> = pos.arms().collect();
                let listed: Vec<Arm> = seats.iter().map(|s| s.arm).collect();
                if listed != arms {
                    return Err(format!(
                        "the players listed ({listed:?}) are not the arms in play ({arms:?})"
                    ));
                }
                self.game = Some(game);
                self.seats = seats.clone();
                Ok(NhayApplied::Started)
            }
            NhayEventKind::Moved { arm, mv, position } => {
                if mv.is_pass() {
                    return Err("a pass written as a move".into());
                }
                self.play(*arm, *mv, position)
            }
            NhayEventKind::Passed { arm, position } => self.play(*arm, Move::PASS, position),
            NhayEventKind::Over { ranking } => {
                let game = self.game.as_ref().ok_or("the end before the start")?;
                let outcome = game.standings();
                if ranking_of(&outcome) != *ranking {
                    return Err("the ranking is not the game's".into());
                }
                self.concluded = !game.is_over();
                self.ranking = Some(ranking.clone());
                Ok(NhayApplied::Over(outcome))
            }
        }
    }

    fn play(&mut self, arm: Arm, mv: Move, position: &Setup) -> Result<NhayApplied, String> {
        let game = self.game.as_mut().ok_or("a move before the start")?;
        if game.turn() != Some(arm) {
            return Err(format!("arm {arm} moved out of turn"));
        }
        let before = *game.position();
        let path = match mv.ends() {
            Some((from, to)) => before.jump_path(from, to).unwrap_or_default(),
            None => Vec::new(),
        };
        let effects = game.play(mv).map_err(|e| e.to_string())?;
        if normalized(&game.position().to_setup()) != normalized(position) {
            return Err(format!(
                "the position after {mv} is {}, not {position}",
                game.position()
            ));
        }
        Ok(NhayApplied::Played {
            before,
            effects,
            path,
        })
    }
}

/// The places of an outcome, best first, shared places together.
pub fn ranking_of(outcome: &Outcome) -> NhayRanking {
    let mut places: NhayRanking = Vec::new();
    let mut last = None;
    for (place, arm) in outcome.standings() {
        if last == Some(place)
            && let Some(p) = places.last_mut()
        {
            p.push(arm);
        } else {
            places.push(vec![arm]);
        }
        last = Some(place);
    }
    places
}

/// One decision of a Cờ nhảy computer player.
#[derive(Clone, Debug)]
pub struct NhayJob {
    /// Which decision (answers to an older one are ignored).
    pub ticket: u64,
    /// The player's level.
    pub level: Level,
    /// The player's seed for this decision.
    pub seed: u64,
    /// How much Hard may search.
    pub budget: Budget,
    /// The rules.
    pub rules: Rules,
    /// The position, the computer's arm to move.
    pub position: Position,
    /// What the player remembers of its own moves this game (so that it
    /// does not step back and forth while its way is blocked).
    pub memory: Memory,
}

impl NhayJob {
    /// The hint for the player to move: what Hard would play, fresh, with
    /// the default budget (as `co_nhay::bots::hint`).
    pub fn hint(ticket: u64, rules: Rules, position: Position) -> NhayJob {
        NhayJob {
            ticket,
            level: Level::Hard,
            seed: 0,
            budget: Budget::DEFAULT,
            rules,
            position,
            memory: Memory::default(),
        }
    }
}

impl Job for NhayJob {
    type Answer = Move;

    fn ticket(&self) -> u64 {
        self.ticket
    }

    fn decide(&self) -> Option<Move> {
        let moves = self.position.legal_moves(&self.rules);
        let decision = Decision {
            rules: &self.rules,
            position: &self.position,
            moves: &moves,
        };
        moves.first().map(|_| {
            Bot::with_budget(self.level, self.seed, self.budget)
                .with_memory(self.memory.clone())
                .choose(&decision)
        })
    }
}

/// What a computer's step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NhayStep {
    /// It moved: these events.
    Acted(Vec<NhayEvent>),
    /// It is thinking (the runner will answer).
    Thinking,
    /// No computer is to act.
    Idle,
}

/// A Cờ nhảy table at this device: one game, its players, its events.
pub struct NhayTable {
    replica: NhayReplica,
    events: Vec<NhayEvent>,
    controllers: [Controller; ARMS],
    /// Each arm's memory of its own moves (computer players use it).
    memories: [Memory; ARMS],
    /// Seeds for the computer players' decisions.
    rng: StdRng,
    runner: Box<dyn Runner<NhayJob>>,
    /// The decision the runner was asked about.
    asked: Option<u64>,
    /// How much a Hard player searches.
    budget: Budget,
}

impl fmt::Debug for NhayTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NhayTable")
            .field("seq", &self.replica.seq())
            .field("position", &self.replica.position().map(|p| p.to_string()))
            .field("controllers", &self.controllers)
            .finish_non_exhaustive()
    }
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

impl NhayTable {
    fn empty(rules: Rules, rng: StdRng, runner: Box<dyn Runner<NhayJob>>) -> NhayTable {
        NhayTable {
            replica: NhayReplica::new(rules),
            events: Vec::new(),
            controllers: [Controller::Computer(Level::Medium); ARMS],
            memories: Default::default(),
            rng,
            runner,
            asked: None,
            budget: Budget::DEFAULT,
        }
    }

    /// A game at this device, started at once from the start position of
    /// `players` (arm 0 moves first, CO-NHAY.md §2); `controllers` by arm
    /// (ignored for arms not in play). `rng` seeds the computer players:
    /// the OS-seeded secure generator in play, a seeded one in tests.
    pub fn local(
        rules: Rules,
        players: Players,
        controllers: [Controller; ARMS],
        rng: StdRng,
        runner: Box<dyn Runner<NhayJob>>,
    ) -> NhayTable {
        NhayTable::starting_at(rules, &Position::start(players), controllers, rng, runner)
    }

    /// A game at this device started from `position` (a position valid
    /// under `rules`; tests start near the end). A position that is not
    /// valid under `rules` gives the start position of its seating.
    pub fn starting_at(
        rules: Rules,
        position: &Position,
        controllers: [Controller; ARMS],
        rng: StdRng,
        runner: Box<dyn Runner<NhayJob>>,
    ) -> NhayTable {
        let position = Position::from_setup(&position.to_setup(), &rules)
            .unwrap_or_else(|_| Position::start(position.players()));
        let mut t = NhayTable::empty(rules, rng, runner);
        t.controllers = controllers;
        let seats = position
            .arms()
            .map(|arm| NhaySeat {
                arm,
                name: String::new(),
                kind: controllers[arm.index()].kind(),
            })
            .collect();
        t.emit(NhayEventKind::Started {
            position: position.to_setup(),
            seats,
        });
        t.settle();
        t
    }

    /// Sets how much Hard players search (tests use a small budget).
    pub fn with_budget(mut self, budget: Budget) -> NhayTable {
        self.budget = budget;
        self
    }

    /// Appends an event and applies it. Events made here always follow
    /// from the state; should one not, it is dropped (never a panic).
    fn emit(&mut self, event: NhayEventKind) -> Option<NhayApplied> {
        let ev = NhayEvent {
            seq: self.replica.seq() + 1,
            event,
        };
        match self.replica.apply(&ev) {
            Ok(applied) => {
                self.remember(&applied);
                self.events.push(ev);
                Some(applied)
            }
            Err(_) => None,
        }
    }

    /// Notes a move in its player's memory.
    fn remember(&mut self, applied: &NhayApplied) {
        if let NhayApplied::Played {
            before, effects, ..
        } = applied
        {
            self.memories[effects.mover.index()].record(before, effects.mv);
        }
    }

    /// Gives the table another runner for its computer players (a decision
    /// under way is asked again).
    pub fn set_runner(&mut self, runner: Box<dyn Runner<NhayJob>>) {
        self.runner = runner;
        self.asked = None;
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.replica.rules()
    }

    /// The game's state, as its events built it.
    pub fn replica(&self) -> &NhayReplica {
        &self.replica
    }

    /// Every event so far, oldest first.
    pub fn events(&self) -> &[NhayEvent] {
        &self.events
    }

    /// The events after number `seq`.
    pub fn events_since(&self, seq: u64) -> &[NhayEvent] {
        let from = usize::try_from(seq)
            .unwrap_or(usize::MAX)
            .min(self.events.len());
        &self.events[from..]
    }

    /// The number of the latest event.
    pub fn seq(&self) -> u64 {
        self.replica.seq()
    }

    /// Who controls an arm.
    pub fn controller(&self, arm: Arm) -> Controller {
        self.controllers[arm.index()]
    }

    /// Every arm's controller, by arm.
    pub fn controllers(&self) -> [Controller; ARMS] {
        self.controllers
    }

    /// Hands an arm to someone else at this device (a person, or a
    /// computer at a level) — allowed during a game.
    pub fn set_controller(&mut self, arm: Arm, controller: Controller) {
        self.controllers[arm.index()] = controller;
        self.asked = None;
    }

    /// The arm to move now and, if a computer plays it, its level.
    pub fn computer_to_act(&self) -> Option<(Arm, Level)> {
        let arm = self.replica.turn()?;
        Some((arm, self.controllers[arm.index()].computer()?))
    }

    /// Carries out an arm's move sent after it saw event `seq`.
    pub fn command(&mut self, arm: Arm, seq: u64, mv: Move) -> Result<Vec<NhayEvent>, Refusal> {
        if !self.replica.is_started() {
            return refuse(ErrorCode::NotStarted, "the game has not started");
        }
        if self.replica.turn() != Some(arm) {
            return refuse(ErrorCode::NotYourTurn, "it is not your turn");
        }
        if self.controllers[arm.index()].computer().is_some() {
            return refuse(ErrorCode::NotYourTurn, "a computer plays this arm");
        }
        if seq != self.replica.seq() {
            return refuse(
                ErrorCode::Stale,
                format!("the latest event is {}, not {seq}", self.replica.seq()),
            );
        }
        if let Some(game) = self.replica.game()
            && let Err(e) = game.position().check_move(game.rules(), mv)
        {
            return refuse(ErrorCode::IllegalMove, e.to_string());
        }
        let from = self.events.len();
        self.play(arm, mv);
        Ok(self.events[from..].to_vec())
    }

    /// Plays a checked move (or pass) and what follows: the end, or the
    /// passes of the players who cannot move.
    fn play(&mut self, arm: Arm, mv: Move) {
        let Some(mut game) = self.replica.game().cloned() else {
            return;
        };
        if game.play(mv).is_err() {
            return;
        }
        let position = game.position().to_setup();
        self.emit(if mv.is_pass() {
            NhayEventKind::Passed { arm, position }
        } else {
            NhayEventKind::Moved { arm, mv, position }
        });
        if game.is_over() {
            self.emit(NhayEventKind::Over {
                ranking: ranking_of(&game.standings()),
            });
        }
        self.settle();
    }

    /// CO-NHAY.md §3: a player with no legal move passes; the table passes
    /// for them at once (the move cap bounds a run of passes).
    fn settle(&mut self) {
        if let Some(arm) = self.replica.turn()
            && self.replica.legal_moves().is_empty()
        {
            self.play(arm, Move::PASS);
        }
    }

    /// Lets a computer act if one is to: it moves once its runner has
    /// decided (a single legal move needs no thinking).
    pub fn computer_step(&mut self) -> NhayStep {
        let Some((arm, level)) = self.computer_to_act() else {
            return NhayStep::Idle;
        };
        let moves = self.replica.legal_moves();
        let ticket = self.replica.seq();
        let mv = if moves.len() <= 1 {
            moves.first()
        } else {
            match self.runner.answer(ticket) {
                Answer::Ready(mv) if moves.contains(mv) => Some(mv),
                Answer::Thinking if self.asked == Some(ticket) => return NhayStep::Thinking,
                Answer::Failed | Answer::Ready(_) => moves.first(),
                Answer::Thinking | Answer::NotAsked => {
                    self.ask(arm, level, ticket);
                    match self.runner.answer(ticket) {
                        Answer::Ready(mv) if moves.contains(mv) => Some(mv),
                        Answer::Thinking => return NhayStep::Thinking,
                        _ => moves.first(),
                    }
                }
            }
        };
        let Some(mv) = mv else {
            return NhayStep::Idle;
        };
        let from = self.events.len();
        self.play(arm, mv);
        NhayStep::Acted(self.events[from..].to_vec())
    }

    /// Starts the runner on the computer's decision, if it has one to make
    /// and has not been asked yet (the app calls this while the last move
    /// is still shown, so the thinking overlaps the animation).
    pub fn prepare_computer(&mut self) {
        let Some((arm, level)) = self.computer_to_act() else {
            return;
        };
        let ticket = self.replica.seq();
        if self.replica.legal_moves().len() > 1 && self.asked != Some(ticket) {
            self.ask(arm, level, ticket);
        }
    }

    fn ask(&mut self, arm: Arm, level: Level, ticket: u64) {
        let Some(position) = self.replica.position().copied() else {
            return;
        };
        self.asked = Some(ticket);
        self.runner.start(NhayJob {
            ticket,
            level,
            seed: self.rng.next_u64(),
            budget: self.budget,
            rules: *self.rules(),
            position,
            memory: self.memories[arm.index()].clone(),
        });
    }

    /// True while the runner thinks about the current decision.
    pub fn computer_thinking(&mut self) -> bool {
        let ticket = self.replica.seq();
        self.asked == Some(ticket) && self.runner.answer(ticket) == Answer::Thinking
    }

    /// Ends the game now, the places still open settled by the distance
    /// each player has left (the app does this when every person at this
    /// device has finished and only computer players race on).
    pub fn conclude(&mut self) -> Vec<NhayEvent> {
        let from = self.events.len();
        if let Some(game) = self.replica.game()
            && !self.replica.is_over()
        {
            let ranking = ranking_of(&game.standings());
            self.emit(NhayEventKind::Over { ranking });
        }
        self.events[from..].to_vec()
    }

    /// The places, once the game is over.
    pub fn ranking(&self) -> Option<&NhayRanking> {
        self.replica.ranking()
    }

    /// The table as saved: its rules, controllers and events.
    pub fn record(&self) -> NhayTableRecord {
        NhayTableRecord {
            rules: *self.rules(),
            controllers: self.controllers,
            events: self.events.clone(),
        }
    }

    /// Restores a saved table by replaying its events (each checked
    /// against the engine); `rng` seeds its computer players from now on.
    pub fn restore(
        record: NhayTableRecord,
        rng: StdRng,
        runner: Box<dyn Runner<NhayJob>>,
    ) -> Result<NhayTable, ReplayError> {
        let mut t = NhayTable::empty(record.rules, rng, runner);
        t.controllers = record.controllers;
        for ev in &record.events {
            let applied = t.replica.apply(ev)?;
            t.remember(&applied);
        }
        if !t.replica.is_started() {
            return Err(ReplayError {
                seq: 0,
                message: "the game never started".into(),
            });
        }
        t.events = record.events;
        Ok(t)
    }
}

/// A Cờ nhảy table as saved: typed in memory, notation strings in the
/// file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NhayTableRecord {
    /// The rules.
    pub rules: Rules,
    /// Who controls each arm, by arm.
    pub controllers: [Controller; ARMS],
    /// Every event, oldest first.
    pub events: Vec<NhayEvent>,
}
