//! Game files as older versions wrote them, read and turned into today's:
//! Cờ Cá Ngựa's `game.ron` version 1 (a state and a move log) and Cờ
//! nhảy's `co-nhay/game.ron` version 1 (arms as numbers, events of its
//! own shape). Each gives the table's record and whether the statistics
//! already count the game; `games.rs` makes today's file of them.

use crate::ca_ngua::CaNgua;
use crate::ca_ngua::engine::{GameRecord, Position, Rules, Seat};
use crate::co_nhay::CoNhay;
use crate::co_nhay::engine::Arm;
use crate::prefs::PlayerKind;
use crate::table::{Controller, Event, EventKind, SeatInfo, SeatKind, TableRecord};
use serde::Deserialize;

/// `game.ron` as version 1 wrote it: the state and a move log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameFileV1 {
    #[allow(dead_code)]
    version: u32,
    session: SessionV1,
    #[serde(default)]
    result_recorded: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionV1 {
    config: ConfigV1,
    game: GameRecord,
    pending_roll: Option<String>,
    /// The old move log: not carried over (the game goes on from its state).
    #[allow(dead_code)]
    #[serde(default)]
    log: serde::de::IgnoredAny,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigV1 {
    #[allow(dead_code)]
    seats: Vec<Seat>,
    players: [PlayerKind; 4],
    #[allow(dead_code)]
    rules: Rules,
}

impl GameFileV1 {
    /// The same game as a table that continues from the saved state.
    pub(super) fn upgrade(self) -> Result<(TableRecord<CaNgua>, bool), String> {
        let game = &self.session.game;
        let position = Position::parse(&game.position, &game.rules).map_err(|e| e.to_string())?;
        let controllers = self.session.config.players.map(PlayerKind::controller);
        let seats: Vec<Seat> = position.playing_seats().collect();
        let mut events = vec![Event {
            seq: 1,
            event: EventKind::Started {
                position: position.to_setup(),
                seats: SeatInfo::local_seats(&seats, &controllers),
            },
        }];
        if let (Some(text), Some(seat)) = (&self.session.pending_roll, position.turn()) {
            let roll = text
                .parse()
                .map_err(|e: crate::ca_ngua::engine::RollError| e.to_string())?;
            let moves = position.legal_moves(&game.rules, roll).to_vec();
            let none = moves.is_empty();
            events.push(Event {
                seq: 2,
                event: EventKind::Rolled { seat, roll, moves },
            });
            if none {
                let mut after = crate::ca_ngua::engine::Game::try_from(game.clone())
                    .map_err(|e| e.to_string())?;
                after.play(roll, None).map_err(|e| e.to_string())?;
                events.push(Event {
                    seq: 3,
                    event: EventKind::Passed {
                        seat,
                        position: after.position().to_setup(),
                    },
                });
            }
        }
        Ok((
            TableRecord {
                rules: game.rules,
                controllers: controllers.to_vec(),
                origin: Some(self.session.game),
                events,
            },
            self.result_recorded,
        ))
    }
}

/// `co-nhay/game.ron` as version 1 wrote it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NhayGameFileV1 {
    #[allow(dead_code)]
    version: u32,
    table: NhayTableV1,
    #[serde(default)]
    result_recorded: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NhayTableV1 {
    rules: crate::co_nhay::engine::Rules,
    controllers: [Controller; 6],
    events: Vec<NhayEventV1>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NhayEventV1 {
    seq: u64,
    event: NhayEventKindV1,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NhaySeatV1 {
    arm: Arm,
    name: String,
    kind: SeatKind,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum NhayEventKindV1 {
    Started {
        #[serde(with = "crate::game::wire::text")]
        position: crate::co_nhay::engine::Setup,
        seats: Vec<NhaySeatV1>,
    },
    Moved {
        arm: Arm,
        #[serde(rename = "move", with = "crate::game::wire::text")]
        mv: crate::co_nhay::engine::Move,
        #[serde(with = "crate::game::wire::text")]
        position: crate::co_nhay::engine::Setup,
    },
    Passed {
        arm: Arm,
        #[serde(with = "crate::game::wire::text")]
        position: crate::co_nhay::engine::Setup,
    },
    Over {
        ranking: Vec<Vec<Arm>>,
    },
}

impl NhayGameFileV1 {
    /// The same game in today's file: the same events, arms as seats.
    pub(super) fn upgrade(self) -> Result<(TableRecord<CoNhay>, bool), String> {
        let events = self
            .table
            .events
            .into_iter()
            .map(|e| Event {
                seq: e.seq,
                event: match e.event {
                    NhayEventKindV1::Started { position, seats } => EventKind::Started {
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
                    NhayEventKindV1::Moved { arm, mv, position } => EventKind::Moved {
                        seat: arm,
                        mv,
                        position,
                    },
                    NhayEventKindV1::Passed { arm, position } => EventKind::Passed {
                        seat: arm,
                        position,
                    },
                    NhayEventKindV1::Over { ranking } => EventKind::Over { ranking },
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
