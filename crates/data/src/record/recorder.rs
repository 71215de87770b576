//! A record built from a table's events as they come: the local table's
//! (`Table::events`) and an online client's (each event its replica
//! applies) alike, so every game is recorded the same way whoever owns it.
//!
//! An online room may play several rounds (`again`, PROTOCOL.md version
//! 3): each round is a record of its own. When a round's `again` comes,
//! the record of the round before is finished and kept aside until
//! [`Recorder::take_finished`] takes it; the next `started` begins the new
//! round's record. The round's dice that anyone can check go with it: the
//! commit ([`Recorder::note_dice_commit`] for the welcome's, the `again`
//! event's for later rounds), each seat's `seeded` event, and the seed
//! revealed with `over` ([`Recorder::note_revealed`]).
//!
//! A seat may change hands during the game; the record notes each change
//! before the step its new player may play first ([`PlayerChange`]). Online
//! the events say so (`away`, `back`, `left`, a `timed_out` turn); a
//! local table hands a seat over without an event, so its screen tells the
//! recorder who plays each seat now ([`Recorder::note_controllers`]).

use super::text::one_line;
use super::{Player, PlayerChange, Record, RecordDice, RecordError, RecordSeat, Step, UtcDate};
use ca_ngua_core::game::selfplay::{KeptGame, Seen};
use ca_ngua_core::game::{Game, Level, SeatId};
use ca_ngua_core::table::{Controller, Event, EventKind, SeatInfo, SeatKind, Table};

/// Builds the record of one game from its events, in order.
#[derive(Clone, Debug)]
pub struct Recorder<G: Game> {
    rules: G::Rules,
    date: UtcDate,
    /// The computer players' levels by seat index, where known.
    levels: Vec<Option<Level>>,
    /// Each seat's player and name as the game started, by seat index (a
    /// person who is back online is theirs again).
    started: Vec<Option<(SeatKind, String)>>,
    /// Seats a computer plays for this turn only (their clock ran out).
    turn_only: Vec<bool>,
    /// The roll waiting for its move.
    pending: Option<G::Roll>,
    record: Option<Record<G>>,
    /// The round being played (1 until an `again`).
    round: u32,
    /// Rolls of the round so far.
    rolls: u32,
    /// The number of the record's first roll in its round.
    first_roll: u32,
    /// The players' seeds of the round, until its first roll.
    seeds: Vec<(G::Seat, String)>,
    /// Each round's dice commit, as noted or seen.
    commits: Vec<(u32, String)>,
    /// Each round's revealed seed, as noted before its record was there.
    revealed: Vec<(u32, String)>,
    /// Records of rounds that ended with an `again`, oldest first.
    finished: Vec<Record<G>>,
}

impl<G: Game> Recorder<G> {
    /// Nothing recorded yet: a game under `rules` that begins at `date`.
    pub fn new(rules: G::Rules, date: UtcDate) -> Recorder<G> {
        Recorder {
            rules,
            date,
            levels: vec![None; G::SEATS],
            started: vec![None; G::SEATS],
            turn_only: vec![false; G::SEATS],
            pending: None,
            record: None,
            round: 1,
            rolls: 0,
            first_roll: 1,
            seeds: Vec::new(),
            commits: Vec::new(),
            revealed: Vec::new(),
            finished: Vec::new(),
        }
    }

    /// Notes round `round`'s dice commit (an online welcome's
    /// `dice_commit`, for the round the welcome is in; later rounds' come
    /// with their `again` event).
    pub fn note_dice_commit(&mut self, round: u32, commit: impl Into<String>) {
        let commit = commit.into();
        self.commits.retain(|(r, _)| *r != round);
        self.commits.push((round, commit.clone()));
        if let Some(record) = &mut self.record
            && record.dice.is_none()
            && self.round == round
        {
            let mut dice = RecordDice::new(round, commit);
            dice.seeds = sorted(&self.seeds);
            dice.first_roll = self.first_roll;
            record.dice = Some(dice);
        }
    }

    /// Notes round `round`'s seed, revealed with its `over` (an online
    /// client's [`Revealed`](ca_ngua_client::ClientUpdate::Revealed));
    /// true when a record took it.
    pub fn note_revealed(&mut self, round: u32, dice_seed: impl Into<String>) -> bool {
        let seed = dice_seed.into();
        let records = self.record.iter_mut().chain(self.finished.iter_mut());
        for record in records {
            if let Some(dice) = record.dice.as_mut().filter(|d| d.round == round) {
                dice.revealed = Some(seed);
                return true;
            }
        }
        self.revealed.retain(|(r, _)| *r != round);
        self.revealed.push((round, seed));
        false
    }

    /// The records of the rounds that have ended since the last call,
    /// oldest first (a room's round ends when its host plays `again`; the
    /// round being played stays in [`Recorder::record`]).
    pub fn take_finished(&mut self) -> Vec<Record<G>> {
        std::mem::take(&mut self.finished)
    }

    /// The round being recorded (1 until an `again`).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The round's dice as far as they are known (`None` without a
    /// commit).
    fn dice_now(&self) -> Option<RecordDice<G::Seat>> {
        let commit = self
            .commits
            .iter()
            .find(|(r, _)| *r == self.round)
            .map(|(_, c)| c.clone())?;
        let mut dice = RecordDice::new(self.round, commit);
        dice.seeds = sorted(&self.seeds);
        dice.first_roll = self.first_roll;
        dice.revealed = self
            .revealed
            .iter()
            .find(|(r, _)| *r == self.round)
            .map(|(_, s)| s.clone());
        Some(dice)
    }

    /// Notes the computer players' levels (the table's controllers, by
    /// seat index): events only say that a seat is a computer.
    pub fn with_controllers(mut self, controllers: &[Controller]) -> Recorder<G> {
        for (level, c) in self.levels.iter_mut().zip(controllers) {
            *level = c.computer();
        }
        self
    }

    /// The record of a table's game so far (`None` before it starts),
    /// levels and all.
    pub fn of_table(table: &Table<G>, date: UtcDate) -> Option<Record<G>> {
        let mut r = Recorder::new(*table.rules(), date).with_controllers(table.controllers());
        for ev in table.events() {
            r.push(ev);
        }
        r.record
    }

    /// Takes in the next event; true when the record changed (a turn was
    /// played, the game started or ended), so that it is worth saving.
    pub fn push(&mut self, event: &Event<G>) -> bool {
        match &event.event {
            EventKind::Started { position, seats } => self.started(position, seats),
            EventKind::Rolled { roll, .. } => {
                self.pending = Some(*roll);
                self.rolls = self.rolls.saturating_add(1);
                false
            }
            EventKind::Seeded { seat, client_seed } => self.seeded(*seat, client_seed),
            EventKind::Again { round, dice_commit } => self.again(*round, dice_commit.as_deref()),
            EventKind::Moved { seat, mv, .. } => self.step(*seat, Some(*mv)),
            EventKind::Passed { seat, .. } => self.step(*seat, None),
            EventKind::Over { ranking } => match &mut self.record {
                Some(r) => {
                    r.result = Some(ranking.clone());
                    true
                }
                None => false,
            },
            // A computer stands in (its level is the room's, which a
            // client does not see), or the person is back.
            EventKind::Away { seat } | EventKind::Left { seat } => {
                self.turn_only[seat.index()] = false;
                self.hand_over(*seat, Player::Computer(None), "")
            }
            EventKind::TimedOut { seat } => {
                self.turn_only[seat.index()] = true;
                self.hand_over(*seat, Player::Computer(None), "")
            }
            EventKind::Back { seat } => {
                self.turn_only[seat.index()] = false;
                self.hand_back(*seat)
            }
            EventKind::Seated { .. } => false,
        }
    }

    /// A game starts: a new record, its seats as they sit.
    fn started(&mut self, position: &G::Setup, seats: &[SeatInfo<G::Seat>]) -> bool {
        self.started = vec![None; G::SEATS];
        for info in seats {
            if let Some(slot) = self.started.get_mut(info.seat.index()) {
                *slot = Some((info.kind, one_line(&info.name)));
            }
        }
        let seats = seats
            .iter()
            .map(|info| RecordSeat {
                seat: info.seat,
                player: match info.kind {
                    SeatKind::Human => Player::Person,
                    SeatKind::Bot => {
                        Player::Computer(self.levels.get(info.seat.index()).copied().flatten())
                    }
                },
                name: one_line(&info.name),
            })
            .collect();
        self.turn_only = vec![false; G::SEATS];
        self.pending = None;
        // A game that ended and starts again without an `again` (never
        // online) is a new record too.
        if let Some(done) = self.record.take_if(|r| r.result.is_some()) {
            self.finished.push(done);
        }
        self.first_roll = self.rolls.saturating_add(1);
        let dice = self.dice_now();
        self.record = Some(Record {
            rules: self.rules,
            date: self.date,
            seats,
            setup: position.clone(),
            steps: Vec::new(),
            result: None,
            dice,
            changes: Vec::new(),
        });
        true
    }

    /// A seat's part of the dice seed (before the round's first roll).
    fn seeded(&mut self, seat: G::Seat, client_seed: &str) -> bool {
        if self.rolls > 0 {
            // Too late for this round's dice (the server refuses it).
            return false;
        }
        self.seeds.retain(|(s, _)| *s != seat);
        self.seeds.push((seat, client_seed.to_string()));
        match self.record.as_mut().and_then(|r| r.dice.as_mut()) {
            Some(dice) => {
                dice.seeds = sorted(&self.seeds);
                true
            }
            None => false,
        }
    }

    /// Another round: the game played is finished, a new one comes.
    fn again(&mut self, round: u32, dice_commit: Option<&str>) -> bool {
        if let Some(done) = self.record.take() {
            self.finished.push(done);
        }
        self.pending = None;
        self.turn_only = vec![false; G::SEATS];
        self.round = round;
        self.rolls = 0;
        self.seeds.clear();
        if let Some(commit) = dice_commit {
            self.commits.retain(|(r, _)| *r != round);
            self.commits.push((round, commit.to_string()));
        }
        // The new round began now (the first round keeps the date the
        // recorder was made with).
        self.date = UtcDate::now();
        true
    }

    fn step(&mut self, seat: G::Seat, mv: Option<G::Move>) -> bool {
        let roll = self.pending.take();
        let Some(r) = &mut self.record else {
            return false;
        };
        r.steps.push(Step { seat, roll, mv });
        if std::mem::take(&mut self.turn_only[seat.index()]) {
            // The turn its clock lost is played: the seat is its person's.
            self.hand_back(seat);
        }
        true
    }

    /// `player` plays `seat` from the next step; true when the record
    /// changed.
    fn hand_over(&mut self, seat: G::Seat, player: Player, name: &str) -> bool {
        self.record
            .as_mut()
            .is_some_and(|r| r.note_player(seat, player, name))
    }

    /// The person who sat at `seat` when the game started plays it again.
    fn hand_back(&mut self, seat: G::Seat) -> bool {
        let name = match self.started.get(seat.index()) {
            Some(Some((SeatKind::Human, name))) => name.clone(),
            _ => String::new(),
        };
        self.hand_over(seat, Player::Person, &name)
    }

    /// Notes who plays each seat now (a local table's controllers, by seat
    /// index: a seat handed to a computer in the settings, or taken back),
    /// from the next step on; true when the record changed. Called as the
    /// change is made, after the events before it were taken in.
    pub fn note_controllers(&mut self, controllers: &[Controller]) -> bool {
        let Some(record) = &self.record else {
            return false;
        };
        let seats: Vec<G::Seat> = record.seats.iter().map(|s| s.seat).collect();
        let mut changed = false;
        for seat in seats {
            let Some(c) = controllers.get(seat.index()) else {
                continue;
            };
            let (player, kind) = match c.computer() {
                Some(level) => (Player::Computer(Some(level)), SeatKind::Bot),
                None => (Player::Person, SeatKind::Human),
            };
            // The name the seat started with, for the player it started with.
            let name = match self.started.get(seat.index()) {
                Some(Some((k, name))) if *k == kind => name.clone(),
                _ => String::new(),
            };
            changed |= self.hand_over(seat, player, &name);
        }
        changed
    }

    /// Takes up who played each seat from `old`, the record this one
    /// continues (the same start and seats, its steps the first of these):
    /// a local table's changes of hands are in no event, so a game
    /// restored after a restart learns them from the record it wrote.
    pub fn continue_from(&mut self, old: &Record<G>) {
        let Some(record) = &mut self.record else {
            return;
        };
        for seat in &mut record.seats {
            if let Some(o) = old.seats.iter().find(|o| o.seat == seat.seat) {
                seat.player = o.player;
                seat.name = o.name.clone();
            }
        }
        let steps = record.steps.len();
        record.changes = old
            .changes
            .iter()
            .filter(|c| c.step <= steps)
            .cloned()
            .collect::<Vec<PlayerChange<G::Seat>>>();
    }

    /// The record so far; `None` until the game has started.
    pub fn record(&self) -> Option<&Record<G>> {
        self.record.as_ref()
    }

    /// The record, taken out.
    pub fn into_record(self) -> Option<Record<G>> {
        self.record
    }
}

/// Seeds in seat order.
fn sorted<S: SeatId>(seeds: &[(S, String)]) -> Vec<(S, String)> {
    let mut seeds = seeds.to_vec();
    seeds.sort_by_key(|(s, _)| s.index());
    seeds
}

impl<G: Game> Record<G> {
    /// The record of a self-played game ([`run_keeping`](ca_ngua_core::game::selfplay::run_keeping)),
    /// its result found by replaying it (which also checks every turn).
    pub fn of_selfplay(
        rules: G::Rules,
        game: &KeptGame<G>,
        date: UtcDate,
    ) -> Result<Record<G>, RecordError> {
        let mut setup = None;
        let mut steps = Vec::new();
        for seen in &game.seen {
            match seen {
                Seen::Start(s) => setup = Some(s.clone()),
                Seen::Turn { seat, roll, mv } => steps.push(Step {
                    seat: *seat,
                    roll: *roll,
                    mv: *mv,
                }),
            }
        }
        let setup = setup.ok_or_else(|| RecordError::new(1, "the game never started"))?;
        let seats = game
            .players
            .iter()
            .map(|&(seat, level)| RecordSeat {
                seat,
                player: Player::Computer(Some(level)),
                name: String::new(),
            })
            .collect();
        let mut record = Record {
            rules,
            date,
            seats,
            setup,
            steps,
            result: None,
            dice: None,
            changes: Vec::new(),
        };
        let states = record.replay()?;
        if let Some(end) = states.last().filter(|s| G::is_over(s)) {
            record.result = Some(G::ranking(&G::outcome(end)));
        }
        Ok(record)
    }
}
