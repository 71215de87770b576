//! Cờ nhảy's files: in `co-nhay/` (`game.ron`, `stats.ron`, `rules/`), and
//! `co-nhay/game.ron` as version 1 wrote it (arms as numbers, events of
//! its own shape), read and turned into today's.

use super::stats::Stats;
use crate::store::{Files, GameFile, ReadError};
use ca_ngua_core::table::{Controller, Event, EventKind, SeatInfo, SeatKind, TableRecord};
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Arm, Move, Rules, Setup};
use game_co_nhay::rules_file::RuleSet;
use serde::Deserialize;

impl Files for CoNhay {
    const DIR: &'static str = "co-nhay/";
    type Stats = Stats;
    type RuleSet = RuleSet;

    fn upgrade(text: &str, version: u32) -> Result<GameFile<CoNhay>, ReadError> {
        match version {
            1 => ron::from_str::<GameFileV1>(text)
                .map_err(|e| ReadError::ron(&e))?
                .upgrade()
                .map(GameFile::upgraded),
            v => Err(ReadError::NeverWritten(v)),
        }
    }
}

/// `co-nhay/game.ron` as version 1 wrote it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFileV1 {
    #[allow(dead_code)]
    version: u32,
    table: TableV1,
    #[serde(default)]
    result_recorded: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableV1 {
    rules: Rules,
    controllers: [Controller; 6],
    events: Vec<EventV1>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventV1 {
    seq: u64,
    event: EventKindV1,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatV1 {
    arm: Arm,
    name: String,
    kind: SeatKind,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum EventKindV1 {
    Started {
        #[serde(with = "ca_ngua_core::game::wire::text")]
        position: Setup,
        seats: Vec<SeatV1>,
    },
    Moved {
        arm: Arm,
        #[serde(rename = "move", with = "ca_ngua_core::game::wire::text")]
        mv: Move,
        #[serde(with = "ca_ngua_core::game::wire::text")]
        position: Setup,
    },
    Passed {
        arm: Arm,
        #[serde(with = "ca_ngua_core::game::wire::text")]
        position: Setup,
    },
    Over {
        ranking: Vec<Vec<Arm>>,
    },
}

impl GameFileV1 {
    /// The same game in today's file: the same events, arms as seats.
    fn upgrade(self) -> Result<(TableRecord<CoNhay>, bool), ReadError> {
        let events = self
            .table
            .events
            .into_iter()
            .map(|e| Event {
                seq: e.seq,
                event: match e.event {
                    EventKindV1::Started { position, seats } => EventKind::Started {
                        position,
                        seats: seats
                            .into_iter()
                            .map(|s| SeatInfo {
                                seat: s.arm,
                                name: s.name,
                                kind: s.kind,
                                connected: true,
                            })
                            .collect(),
                    },
                    EventKindV1::Moved { arm, mv, position } => EventKind::Moved {
                        seat: arm,
                        mv,
                        position,
                    },
                    EventKindV1::Passed { arm, position } => EventKind::Passed {
                        seat: arm,
                        position,
                    },
                    EventKindV1::Over { ranking } => EventKind::Over { ranking },
                },
            })
            .collect();
        Ok((
            TableRecord {
                rules: self.table.rules,
                controllers: self.table.controllers.to_vec(),
                origin: None,
                events,
            },
            self.result_recorded,
        ))
    }
}
