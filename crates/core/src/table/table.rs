//! The table that owns a game, for any game: its dice, its numbered
//! events, and who controls each seat. Commands come in (with the number
//! of the last event their sender saw), events or a typed refusal go out.
//! The local game in the app, the saved game, the statistics and every
//! screen of an online game are consumers of the same events.

use super::event::{
    Command, Controller, ErrorCode, Event, EventKind, LobbyError, Refusal, SeatInfo,
};
use super::replica::{Applied, Replica};
use super::runner::{BotJob, Runner};
use crate::game::{Game, Level, Next, Ranking, SeatId};
use rand::rngs::StdRng;
use std::fmt;

/// What a computer's step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<G: Game> {
    /// It rolled or moved: these events.
    Acted(Vec<Event<G>>),
    /// It is thinking (the runner will answer).
    Thinking,
    /// No computer is to act.
    Idle,
}

/// Where a table's rolls come from when not from its generator: dice that
/// anyone can check afterwards (an online room's, PROTOCOL.md version 3).
pub trait Dealer<G: Game>: Send + fmt::Debug {
    /// The next roll under `rules` (`None`: roll with the generator).
    fn roll(&mut self, rules: &G::Rules) -> Option<G::Roll>;
}

/// A table: one game, its seats, its dice, its events.
pub struct Table<G: Game> {
    pub(super) replica: Replica<G>,
    pub(super) events: Vec<Event<G>>,
    /// Who controls each seat, by seat index.
    pub(super) controllers: Vec<Controller>,
    /// Seats to hand back to their person at the next change of turn.
    pub(super) back_due: Vec<bool>,
    /// Seats in the lobby, before the start: how many will play.
    pub(super) players: usize,
    /// Rolls the dice and seeds the computer players.
    pub(super) rng: StdRng,
    pub(super) runner: Box<dyn Runner<BotJob<G>>>,
    /// The decision the runner was asked about.
    pub(super) asked: Option<u64>,
    /// The saved state the game continued from (a game saved by a version
    /// that kept no events).
    pub(super) origin: Option<G::Snapshot>,
    /// What each seat's computer player remembers of the game.
    pub(super) memories: Vec<G::Memory>,
    /// How much a searching computer player may search.
    pub(super) budget: G::Budget,
    /// Rolls to make before the dice roll again, the next last (a lesson's
    /// scripted dice).
    pub(super) scripted: Vec<G::Roll>,
    /// Where rolls come from instead of `rng`, when set.
    pub(super) dealer: Option<Box<dyn Dealer<G>>>,
    /// Seats a computer plays for this turn only (their clock ran out):
    /// theirs again once they have moved or passed.
    pub(super) turn_only: Vec<bool>,
}

impl<G: Game> fmt::Debug for Table<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("game", &G::ID)
            .field("seq", &self.replica.seq())
            .field(
                "position",
                &self.replica.game().map(|g| G::setup(g).to_string()),
            )
            .field("controllers", &self.controllers)
            .finish_non_exhaustive()
    }
}

pub(super) fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

impl<G: Game> Table<G> {
    pub(super) fn empty(
        rules: G::Rules,
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Table<G> {
        Table {
            replica: Replica::new(rules),
            events: Vec::new(),
            controllers: vec![Controller::Computer(Level::Medium); G::SEATS],
            back_due: vec![false; G::SEATS],
            players: 0,
            rng,
            runner,
            asked: None,
            origin: None,
            memories: vec![G::Memory::default(); G::SEATS],
            budget: G::Budget::default(),
            scripted: Vec::new(),
            dealer: None,
            turn_only: vec![false; G::SEATS],
        }
    }

    /// A game at this device, started at once: `controllers` by seat index
    /// (ignored for seats that do not play; missing ones are computers),
    /// the first to play as the rules say (drawn with `rng` where they draw
    /// it). `rng` rolls the dice and seeds the computer players: the
    /// OS-seeded secure generator in play, a seeded one in tests.
    pub fn local(
        rules: G::Rules,
        seats: &[G::Seat],
        controllers: &[Controller],
        mut rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Result<Table<G>, G::Error> {
        G::check_rules(&rules)?;
        let state = G::start(&rules, seats, &mut rng)?;
        Ok(Table::from_state(rules, state, controllers, rng, runner))
    }

    /// As [`Table::local`], but rules that do not validate or seats that
    /// make no game give the standard game for the most players instead
    /// (the app's preferences are checked when loaded; this keeps it
    /// panic-free).
    pub fn local_or_standard(
        rules: G::Rules,
        seats: &[G::Seat],
        controllers: &[Controller],
        mut rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Table<G> {
        let state = G::check_rules(&rules)
            .and_then(|()| G::start(&rules, seats, &mut rng))
            .map(|s| (rules, s))
            .or_else(|_| {
                let rules = G::standard_rules();
                let most = G::PLAYER_COUNTS.last().copied().unwrap_or(2);
                let seats = G::seats_for(&rules, most)?;
                G::start(&rules, &seats, &mut rng).map(|s| (rules, s))
            });
        match state {
            Ok((rules, state)) => Table::from_state(rules, state, controllers, rng, runner),
            // Unreachable with the games' standard rules; an empty table
            // (no game) rather than a panic.
            Err(_) => Table::empty(rules, rng, runner),
        }
    }

    /// A game at this device started from a written position (tests start
    /// near the end); the position is checked under `rules`.
    pub fn starting_at(
        rules: G::Rules,
        setup: &G::Setup,
        controllers: &[Controller],
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Result<Table<G>, G::Error> {
        G::check_rules(&rules)?;
        let state = G::from_setup(&rules, setup)?;
        Ok(Table::from_state(rules, state, controllers, rng, runner))
    }

    fn from_state(
        rules: G::Rules,
        state: G::State,
        controllers: &[Controller],
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Table<G> {
        let mut t = Table::empty(rules, rng, runner);
        for (slot, c) in t.controllers.iter_mut().zip(controllers) {
            *slot = *c;
        }
        let seats = G::seats(&state);
        t.players = seats.len();
        t.emit(EventKind::Started {
            position: G::setup(&state),
            seats: SeatInfo::local_seats(&seats, &t.controllers),
        });
        t.settle();
        t
    }

    /// A table waiting for `players` people, the host seated first.
    pub fn lobby(
        rules: G::Rules,
        players: usize,
        host: &str,
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Result<Table<G>, LobbyError> {
        let game = |e: G::Error| LobbyError::Game(e.to_string());
        G::check_rules(&rules).map_err(game)?;
        let seats = G::seats_for(&rules, players).map_err(game)?;
        let Some(&seat) = seats.first() else {
            return Err(LobbyError::NoSeat);
        };
        let mut t = Table::empty(rules, rng, runner);
        t.players = players;
        t.controllers[seat.index()] = Controller::Elsewhere;
        t.emit(EventKind::Seated {
            seat,
            name: host.to_string(),
        });
        Ok(t)
    }

    /// The seats of the game the lobby waits for.
    fn lobby_seats(&self) -> Vec<G::Seat> {
        G::seats_for(self.rules(), self.players).unwrap_or_default()
    }

    /// Seats a person who joins before the start, in the next free seat.
    pub fn join(&mut self, name: &str) -> Result<(G::Seat, Vec<Event<G>>), Refusal> {
        if self.replica.is_started() {
            return refuse(ErrorCode::AlreadyStarted, "the game has already started");
        }
        let Some(seat) = self
            .lobby_seats()
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
    /// `level` named by `bot_name`; who begins is as the rules say.
    pub fn start(
        &mut self,
        level: Level,
        bot_name: impl Fn(G::Seat) -> String,
    ) -> Result<Vec<Event<G>>, Refusal> {
        if self.replica.is_started() {
            return refuse(ErrorCode::AlreadyStarted, "the game has already started");
        }
        let seats = self.lobby_seats();
        let rules = *self.rules();
        let state = match G::start(&rules, &seats, &mut self.rng) {
            Ok(s) => s,
            Err(e) => return refuse(ErrorCode::BadRules, e.to_string()),
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
            position: G::setup(&state),
            seats: infos,
        });
        self.settle();
        Ok(self.events[from..].to_vec())
    }

    /// Appends an event and applies it. Events made here always follow
    /// from the state; should one not, it is dropped (never a panic).
    pub(super) fn emit(&mut self, event: EventKind<G>) -> Option<Applied<G>> {
        let ev = Event {
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
    pub(super) fn remember(&mut self, applied: &Applied<G>) {
        if let Applied::Played { before, played } = applied
            && let Some(memory) = self.memories.get_mut(G::mover(played).index())
        {
            G::remember(memory, before, played);
        }
    }

    /// Gives the table another runner for its computer players (a decision
    /// under way is asked again).
    pub fn set_runner(&mut self, runner: Box<dyn Runner<BotJob<G>>>) {
        self.runner = runner;
        self.asked = None;
    }

    /// Sets how much searching computer players search (tests use a small
    /// budget).
    pub fn with_budget(mut self, budget: G::Budget) -> Table<G> {
        self.budget = budget;
        self
    }

    /// The next rolls are these, in order, before the dice roll again (a
    /// lesson's scripted dice, checked when the lesson was read).
    pub fn with_scripted_rolls(mut self, rolls: &[G::Roll]) -> Table<G> {
        self.scripted = rolls.iter().rev().copied().collect();
        self
    }

    /// The rules.
    pub fn rules(&self) -> &G::Rules {
        self.replica.rules()
    }

    /// The game's state, as its events built it.
    pub fn replica(&self) -> &Replica<G> {
        &self.replica
    }

    /// Every event so far, oldest first.
    pub fn events(&self) -> &[Event<G>] {
        &self.events
    }

    /// The events after number `seq`.
    pub fn events_since(&self, seq: u64) -> &[Event<G>] {
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
    pub fn controller(&self, seat: G::Seat) -> Controller {
        self.controllers
            .get(seat.index())
            .copied()
            .unwrap_or(Controller::Elsewhere)
    }

    /// Every seat's controller, by seat index.
    pub fn controllers(&self) -> &[Controller] {
        &self.controllers
    }

    /// Hands a seat to someone else at this device (a person, or a
    /// computer at a level) — allowed during a game. Other screens are not
    /// told: a local table has none.
    pub fn set_controller(&mut self, seat: G::Seat, controller: Controller) {
        if let Some(c) = self.controllers.get_mut(seat.index()) {
            *c = controller;
        }
        self.asked = None;
    }

    /// The seat to act now and, if a computer plays it, its level.
    pub fn computer_to_act(&self) -> Option<(G::Seat, Level)> {
        let seat = self.replica.turn()?;
        Some((seat, self.controller(seat).computer()?))
    }

    /// Checks a seat's command sent after it saw event `seq` without
    /// carrying it out: the refusal [`Table::command`] would give, if any.
    pub fn check_command(&self, seat: G::Seat, seq: u64, cmd: Command<G>) -> Result<(), Refusal> {
        self.refusal(seat, seq, cmd).map_or(Ok(()), Err)
    }

    fn refusal(&self, seat: G::Seat, seq: u64, cmd: Command<G>) -> Option<Refusal> {
        if cmd == Command::Roll && !G::HAS_DICE {
            return Some(Refusal::new(ErrorCode::NoDice, "this game has no dice"));
        }
        if !self.replica.is_started() {
            return Some(Refusal::new(
                ErrorCode::NotStarted,
                "the game has not started",
            ));
        }
        if self.replica.turn() != Some(seat) {
            return Some(Refusal::new(ErrorCode::NotYourTurn, "it is not your turn"));
        }
        if self.controller(seat).computer().is_some() {
            return Some(Refusal::new(
                ErrorCode::NotYourTurn,
                "a computer plays this seat until the turn moves on",
            ));
        }
        if !self.is_current(seq) {
            return Some(Refusal::new(
                ErrorCode::Stale,
                format!("the latest event is {}, not {seq}", self.replica.seq()),
            ));
        }
        match (cmd, self.replica.next()) {
            (Command::Roll, Some(Next::Roll(_))) => None,
            (Command::Roll, _) => Some(Refusal::new(
                ErrorCode::RollPending,
                "the roll is waiting for its move",
            )),
            (Command::Move(_), Some(Next::Roll(_))) => {
                Some(Refusal::new(ErrorCode::NoRoll, "roll first"))
            }
            (Command::Move(mv), Some(Next::Choose(_, moves))) if moves.contains(&mv) => None,
            (Command::Move(mv), _) => {
                Some(Refusal::new(ErrorCode::IllegalMove, self.why_illegal(mv)))
            }
        }
    }

    /// True when a command sent after event `seq` answers the game as it
    /// stands: `seq` is the latest event, or only dice seeds (which change
    /// nothing on the board) came after it.
    pub fn is_current(&self, seq: u64) -> bool {
        let latest = self.replica.seq();
        if seq > latest {
            return false;
        }
        let after = usize::try_from(seq).unwrap_or(usize::MAX);
        self.events
            .get(after.min(self.events.len())..)
            .is_some_and(|later| {
                later
                    .iter()
                    .all(|ev| matches!(ev.event, EventKind::Seeded { .. }))
            })
    }

    /// Carries out a seat's command sent after it saw event `seq`.
    pub fn command(
        &mut self,
        seat: G::Seat,
        seq: u64,
        cmd: Command<G>,
    ) -> Result<Vec<Event<G>>, Refusal> {
        self.check_command(seat, seq, cmd)?;
        self.act(seat, cmd)
    }

    /// Carries out a command for the seat to play, checked.
    pub(super) fn act(&mut self, seat: G::Seat, cmd: Command<G>) -> Result<Vec<Event<G>>, Refusal> {
        let from = self.events.len();
        let Some(next) = self.replica.next() else {
            return refuse(ErrorCode::NotStarted, "the game has not started");
        };
        match cmd {
            Command::Roll => {
                if !matches!(next, Next::Roll(_)) {
                    return refuse(ErrorCode::RollPending, "the roll is waiting for its move");
                }
                let rules = *self.rules();
                let scripted = self.scripted.pop();
                let dealt = match (&mut self.dealer, scripted) {
                    (Some(dealer), None) => dealer.roll(&rules),
                    _ => None,
                };
                let Some(roll) = scripted
                    .or(dealt)
                    .or_else(|| G::roll(&rules, &mut self.rng))
                else {
                    return refuse(ErrorCode::NoDice, "this game has no dice");
                };
                let moves = match self.replica.game().map(|g| G::next(g, Some(roll))) {
                    Some(Next::Choose(_, moves)) => moves,
                    _ => Vec::new(),
                };
                self.emit(EventKind::Rolled { seat, roll, moves });
            }
            Command::Move(mv) => match next {
                Next::Roll(_) => return refuse(ErrorCode::NoRoll, "roll first"),
                Next::Choose(_, moves) if moves.contains(&mv) => self.play(seat, Some(mv)),
                _ => return refuse(ErrorCode::IllegalMove, self.why_illegal(mv)),
            },
        }
        self.settle();
        self.after_change();
        Ok(self.events[from..].to_vec())
    }

    /// Why a move is not legal now, in the engine's words.
    fn why_illegal(&self, mv: G::Move) -> String {
        let roll = self.replica.pending().map(|p| p.roll);
        let engine = self
            .replica
            .game()
            .and_then(|g| G::play(&mut g.clone(), roll, Some(mv)).err());
        match (engine, roll) {
            (Some(e), _) => e.to_string(),
            (None, Some(roll)) => format!("{mv} is not a legal move for {roll}"),
            (None, None) => format!("{mv} is not a legal move now"),
        }
    }

    /// Plays a move (or a pass) with the waiting roll, and the end if it
    /// comes.
    fn play(&mut self, seat: G::Seat, mv: Option<G::Move>) {
        let roll = self.replica.pending().map(|p| p.roll);
        let Some(mut game) = self.replica.game().cloned() else {
            return;
        };
        if G::play(&mut game, roll, mv).is_err() {
            return;
        }
        let position = G::setup(&game);
        self.emit(match mv {
            Some(mv) => EventKind::Moved { seat, mv, position },
            None => EventKind::Passed { seat, position },
        });
        if self.turn_only[seat.index()] {
            // The turn its clock lost is played: the seat is its person's.
            self.turn_only[seat.index()] = false;
            self.controllers[seat.index()] = Controller::Elsewhere;
            self.asked = None;
        }
        if G::is_over(&game) {
            self.emit(EventKind::Over {
                ranking: G::ranking(&G::outcome(&game)),
            });
        }
    }

    /// A seat with no legal move passes; the table passes for it at once
    /// (RULES.md 2.1, CO-NHAY.md §3). The rules' caps bound a run of
    /// passes; so does this loop, should an event not follow.
    pub(super) fn settle(&mut self) {
        while let Some(Next::Pass(seat)) = self.replica.next() {
            let seq = self.replica.seq();
            self.play(seat, None);
            if self.replica.seq() == seq {
                break;
            }
        }
    }

    /// Seats whose person came back are theirs again once the turn has
    /// moved on from them.
    pub(super) fn after_change(&mut self) {
        for index in 0..G::SEATS {
            let Some(seat) = G::Seat::from_index(index) else {
                continue;
            };
            if self.back_due[index] && self.replica.turn() != Some(seat) {
                self.back_due[index] = false;
                self.controllers[index] = Controller::Elsewhere;
                self.emit(EventKind::Back { seat });
            }
        }
    }

    /// Ends the game now, the places still open settled as the rules
    /// settle them (the app does this when every person at this device has
    /// finished and only computer players race on).
    pub fn conclude(&mut self) -> Vec<Event<G>> {
        let from = self.events.len();
        if let Some(game) = self.replica.game()
            && self.replica.is_started()
            && !self.replica.is_over()
        {
            let mut game = game.clone();
            G::conclude(&mut game);
            self.emit(EventKind::Over {
                ranking: G::ranking(&G::outcome(&game)),
            });
        }
        self.events[from..].to_vec()
    }

    /// The places, once the game is over.
    pub fn ranking(&self) -> Option<&Ranking<G::Seat>> {
        self.replica.ranking()
    }
}
