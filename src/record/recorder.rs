//! A record built from a table's events as they come: the local table's
//! (`Table::events`) and an online client's (each event its replica
//! applies) alike, so every game is recorded the same way whoever owns it.

use super::text::one_line;
use super::{Player, Record, RecordError, RecordSeat, Step, UtcDate};
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
        }
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
                self.record = Some(Record {
                    rules: self.rules,
                    date: self.date,
                    seats,
                    setup: position.clone(),
                    steps: Vec::new(),
                    result: None,
                });
                true
            }
            EventKind::Rolled { roll, .. } => {
                self.pending = Some(*roll);
                false
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
            | EventKind::Seeded { .. }
            | EventKind::Again { .. }
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
        };
        let states = record.replay()?;
        if let Some(end) = states.last().filter(|s| G::is_over(s)) {
            record.result = Some(G::ranking(&G::outcome(end)));
        }
        Ok(record)
    }
}
