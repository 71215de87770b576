//! Cờ Cá Ngựa's files: in the config folder itself (`game.ron`,
//! `stats.ron`, `rules/`; the first game's files came before any folder),
//! and `game.ron` as version 1 wrote it (a state and a move log), read and
//! turned into today's.

use super::stats::Stats;
use crate::prefs::PlayerKind;
use crate::store::{Files, GameFile, ReadError};
use ca_ngua_core::table::{Event, EventKind, SeatInfo, TableRecord};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{GameRecord, Position, RollError, Rules, Seat};
use game_ca_ngua::rules_file::RuleSet;
use serde::Deserialize;

impl Files for CaNgua {
    const DIR: &'static str = "";
    type Stats = Stats;
    type RuleSet = RuleSet;

    fn upgrade(text: &str, version: u32) -> Result<GameFile<CaNgua>, ReadError> {
        match version {
            1 => ron::from_str::<GameFileV1>(text)
                .map_err(|e| ReadError::ron(&e))?
                .upgrade()
                .map(GameFile::upgraded),
            v => Err(ReadError::NeverWritten(v)),
        }
    }
}

/// `game.ron` as version 1 wrote it: the state and a move log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFileV1 {
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
    fn upgrade(self) -> Result<(TableRecord<CaNgua>, bool), ReadError> {
        let game = &self.session.game;
        let position = Position::parse(&game.position, &game.rules).map_err(ReadError::refused)?;
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
            let roll = text.parse().map_err(|e: RollError| ReadError::refused(e))?;
            let moves = position.legal_moves(&game.rules, roll).to_vec();
            let none = moves.is_empty();
            events.push(Event {
                seq: 2,
                event: EventKind::Rolled { seat, roll, moves },
            });
            if none {
                let mut after = game_ca_ngua::engine::Game::try_from(game.clone())
                    .map_err(ReadError::refused)?;
                after.play(roll, None).map_err(ReadError::refused)?;
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
