//! A table saved and restored: `TableRecord<G>` (the rules, the
//! controllers and the events), and a table rebuilt from one.

use super::event::{Controller, Event};
use super::replica::{ReplayError, Replica};
use super::runner::{BotJob, Runner};
use super::table::Table;
use crate::game::{Game, wire};
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use std::fmt;

impl<G: Game> Table<G> {
    /// The table as saved: its rules, controllers and events (and the state
    /// it continued from, for a game saved by an older version).
    pub fn record(&self) -> TableRecord<G> {
        TableRecord {
            rules: *self.rules(),
            controllers: self.controllers.clone(),
            origin: self.origin.clone(),
            events: self.events.clone(),
        }
    }

    /// Restores a saved table by replaying its events (each checked
    /// against the engine), with fresh dice and computer players' seeds.
    pub fn restore(
        record: TableRecord<G>,
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Result<Table<G>, RestoreError> {
        let t = Table::replay(record, rng, runner)?;
        if !t.replica.is_started() {
            return Err(RestoreError::NotStarted);
        }
        Ok(t)
    }

    /// Restores a room's table, which may still be waiting for `players`
    /// people to sit down (a server's state folder).
    pub fn reopen(
        record: TableRecord<G>,
        players: usize,
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Result<Table<G>, RestoreError> {
        let mut t = Table::replay(record, rng, runner)?;
        if !t.replica.is_started() {
            G::seats_for(&t.rules().clone(), players)
                .map_err(|e| RestoreError::Game(e.to_string()))?;
            t.players = players;
        }
        Ok(t)
    }

    /// A table from its record's events, each checked against the engine.
    fn replay(
        record: TableRecord<G>,
        rng: StdRng,
        runner: Box<dyn Runner<BotJob<G>>>,
    ) -> Result<Table<G>, RestoreError> {
        G::check_rules(&record.rules).map_err(|e| RestoreError::Game(e.to_string()))?;
        if record.controllers.len() != G::SEATS {
            return Err(RestoreError::Game(format!(
                "controllers: {} seats, not {}",
                record.controllers.len(),
                G::SEATS
            )));
        }
        let replica = match &record.origin {
            Some(origin) => Replica::continuing(
                record.rules,
                G::from_snapshot(&record.rules, origin.clone())
                    .map_err(|e| RestoreError::Origin(e.to_string()))?,
            ),
            None => Replica::new(record.rules),
        };
        let mut t = Table::empty(record.rules, rng, runner);
        t.replica = replica;
        t.origin = record.origin;
        t.controllers = record.controllers;
        for ev in &record.events {
            let applied = t.replica.apply(ev).map_err(RestoreError::Replay)?;
            t.remember(&applied);
        }
        t.players = t.replica.seats().len();
        t.events = record.events;
        Ok(t)
    }
}

/// A table as saved: typed in memory, notation strings in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct TableRecord<G: Game> {
    /// The rules.
    pub rules: G::Rules,
    /// Who controls each seat, by seat index.
    #[serde(with = "wire::per_seat")]
    pub controllers: Vec<Controller>,
    /// The state the game continued from, when it was saved by a version
    /// that kept no events (the first event then starts from it).
    #[serde(default)]
    pub origin: Option<G::Snapshot>,
    /// Every event, oldest first.
    pub events: Vec<Event<G>>,
}

/// Why a saved table cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The rules or the seats do not make a game.
    Game(String),
    /// The saved state does not validate, or is under other rules.
    Origin(String),
    /// An event does not follow.
    Replay(ReplayError),
    /// No game was started.
    NotStarted,
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Game(e) | RestoreError::Origin(e) => f.write_str(e),
            RestoreError::Replay(e) => write!(f, "{e}"),
            RestoreError::NotStarted => f.write_str("the game never started"),
        }
    }
}

impl std::error::Error for RestoreError {}
