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

use super::text::one_line;
use super::{Player, Record, RecordDice, RecordError, RecordSeat, Step, UtcDate};
use crate::game::selfplay::{KeptGame, Seen};
use crate::game::{Game, Level, SeatId};
use crate::table::{Controller, Event, EventKind, SeatKind, Table};

/// Builds the record of one game from its events, in order.
#[derive(Clone, Debug)]
pub struct Recorder<G: Game> {
    rules: G::Rules,
    date: UtcDate,
    /// The computer players' levels by seat index, where known.
    levels: Vec<Option<Level>>,
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
    /// client's [`Revealed`](crate::net::client::ClientUpdate::Revealed));
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
            EventKind::Started { position, seats } => {
                let seats = seats
                    .iter()
                    .map(|info| RecordSeat {
                        seat: info.seat,
                        player: match info.kind {
                            SeatKind::Human => Player::Person,
                            SeatKind::Bot => Player::Computer(
                                self.levels.get(info.seat.index()).copied().flatten(),
                            ),
                        },
                        name: one_line(&info.name),
                    })
                    .collect();
                self.pending = None;
                // A game that ended and starts again without an `again`
                // (never online) is a new record too.
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
                });
                true
            }
            EventKind::Rolled { roll, .. } => {
                self.pending = Some(*roll);
                self.rolls = self.rolls.saturating_add(1);
                false
            }
            EventKind::Seeded { seat, client_seed } => {
                if self.rolls > 0 {
                    // Too late for this round's dice (the server refuses it).
                    return false;
                }
                self.seeds.retain(|(s, _)| s != seat);
                self.seeds.push((*seat, client_seed.clone()));
                match self.record.as_mut().and_then(|r| r.dice.as_mut()) {
                    Some(dice) => {
                        dice.seeds = sorted(&self.seeds);
                        true
                    }
                    None => false,
                }
            }
            EventKind::Again { round, dice_commit } => {
                if let Some(done) = self.record.take() {
                    self.finished.push(done);
                }
                self.pending = None;
                self.round = *round;
                self.rolls = 0;
                self.seeds.clear();
                if let Some(commit) = dice_commit {
                    self.commits.retain(|(r, _)| r != round);
                    self.commits.push((*round, commit.clone()));
                }
                // The new round began now (the first round keeps the date
                // the recorder was made with).
                self.date = UtcDate::now();
                true
            }
            EventKind::Moved { seat, mv, .. } => self.step(*seat, Some(*mv)),
            EventKind::Passed { seat, .. } => self.step(*seat, None),
            EventKind::Over { ranking } => match &mut self.record {
                Some(r) => {
                    r.result = Some(ranking.clone());
                    true
                }
                None => false,
            },
            EventKind::Seated { .. }
            | EventKind::Away { .. }
            | EventKind::Back { .. }
            | EventKind::Left { .. }
            | EventKind::TimedOut { .. } => false,
        }
    }

    fn step(&mut self, seat: G::Seat, mv: Option<G::Move>) -> bool {
        let roll = self.pending.take();
        match &mut self.record {
            Some(r) => {
                r.steps.push(Step { seat, roll, mv });
                true
            }
            None => false,
        }
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
    /// The record of a self-played game ([`run_keeping`](crate::game::selfplay::run_keeping)),
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
        };
        let states = record.replay()?;
        if let Some(end) = states.last().filter(|s| G::is_over(s)) {
            record.result = Some(G::ranking(&G::outcome(end)));
        }
        Ok(record)
    }
}
