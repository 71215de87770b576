//! Opening a room: a new one for its host (checked against the server's
//! limits, given a code and a file in the state folder), or again one that
//! a server before this one kept in its state folder.

use super::dice::FairDice;
use super::{Controllers, Room, all_seats};
use crate::mailbox::{Entered, Peer, RoomMsg, RoomOptions};
use crate::pool::PoolRunner;
use crate::registry::Registry;
use crate::reopen::ReopenError;
use crate::state::{RoomLog, SavedRoom};
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{Controller, ErrorCode, Event, Refusal, Table, TableRecord};
use ca_ngua_games::{GameKind, Listed};
use ca_ngua_protocol::ChatMode;
use ca_ngua_protocol::dice::DiceSeed;
use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::{Notify, mpsc};
use tracing::info;

/// Opens a room of game `G` whose host, named `name`, is `peer`: checks
/// the rules against the server's limits, takes a code, welcomes the host
/// and starts the room's task. Answers the room's code, inbox and the
/// host's seat.
pub(crate) fn open<G: Listed>(
    registry: &Arc<Registry>,
    ip: IpAddr,
    peer: Peer,
    name: &str,
    players: usize,
    rules: G::Rules,
    options: RoomOptions,
) -> Result<(String, mpsc::Sender<RoomMsg>, Entered), Refusal> {
    let config = Arc::clone(registry.config());
    check_roll_cap::<G>(&rules, config.limits.max_roll_cap)?;
    let busy = || Refusal::new(ErrorCode::RateLimited, "the server cannot open a room now");
    let token = crate::codes::new_token().ok_or_else(busy)?;
    let wake = Arc::new(Notify::new());
    let (table, dice) = lobby::<G>(rules, players, name, &wake, busy)?;
    let host = table
        .replica()
        .seats()
        .first()
        .map(|s| s.seat)
        .ok_or_else(busy)?;
    let (inbox, rx) = mpsc::channel(256);
    let lease = registry.reserve(ip, inbox.clone())?;
    let code = lease.code().to_string();
    info!(room = %code, game = %G::ID, players, "room opened");
    let log = config
        .state_dir
        .as_deref()
        .and_then(|dir| create_log::<G>(dir, &code, players, &rules, options, dice.as_ref()));
    let now = config.clock.now();
    let mut room = Room::new(lease, table, players, dice, wake, config, now);
    room.log = log;
    room.talk.chat = options.chat;
    room.clock.secs = options.turn_secs;
    let room = room.welcome_host(host, token, peer, options.protocol);
    tokio::spawn(room.run(rx, registry.stop()));
    let entered = Entered {
        seat: Some(host.index()),
        resent: 0,
    };
    Ok((code, inbox, entered))
}

/// Refuses rules for longer games than the server plays.
fn check_roll_cap<G: Listed>(rules: &G::Rules, max_roll_cap: u32) -> Result<(), Refusal> {
    match G::roll_cap(rules) {
        Some(cap) if cap > max_roll_cap => Err(Refusal::new(
            ErrorCode::BadRules,
            format!("rules.roll_cap: this server plays games of at most {max_roll_cap} rolls"),
        )),
        _ => Ok(()),
    }
}

/// The room's table waiting for its people, the host seated, and its dice
/// anyone can check (games with dice): refused when the rules or the
/// players make no game, `busy` when the dice cannot be drawn now.
fn lobby<G: Listed>(
    rules: G::Rules,
    players: usize,
    host: &str,
    wake: &Arc<Notify>,
    busy: impl Fn() -> Refusal,
) -> Result<(Table<G>, Option<FairDice<G>>), Refusal> {
    let mut table = Table::<G>::lobby(
        rules,
        players,
        host,
        ca_ngua_core::game::secure_rng(),
        PoolRunner::<G>::boxed(wake),
    )
    .map_err(|e| Refusal::new(ErrorCode::BadRules, e.to_string()))?;
    let dice = if G::HAS_DICE {
        Some(FairDice::<G>::new().ok_or_else(busy)?)
    } else {
        None
    };
    if let Some(dice) = &dice {
        table.set_dealer(dice.dealer());
    }
    Ok((table, dice))
}

/// The room's file in the state folder `dir`, its options and first dice
/// seed written; `None` (logged) when it cannot be kept there.
fn create_log<G: Listed>(
    dir: &std::path::Path,
    code: &str,
    players: usize,
    rules: &G::Rules,
    options: RoomOptions,
    dice: Option<&FairDice<G>>,
) -> Option<RoomLog> {
    let cannot_keep = |e: &dyn fmt::Display| {
        tracing::error!(room = %code, "cannot keep the room in the state folder: {e}");
    };
    // A room file with `null` rules would not open again: none at all.
    let rules = serde_json::to_value(rules)
        .map_err(|e| cannot_keep(&e))
        .ok()?;
    let mut log = RoomLog::create(dir, GameKind::of::<G>(), code, players, rules)
        .map_err(|e| cannot_keep(&e))
        .ok()?;
    if options.chat != ChatMode::default() || options.turn_secs != 0 {
        log.options(options.chat, options.turn_secs);
    }
    if let Some(seed) = dice.and_then(|d| d.seed_of(1)) {
        log.dice(1, seed.to_hex());
    }
    Some(log)
}

/// Opens again a room of game `G` that a server before this one kept in
/// its state folder: its table is rebuilt from its events (each checked
/// with the engine), its seats wait for their people to resume (or go to
/// computers after the away time), and it goes on writing its file.
pub(crate) fn reopen<G: Listed>(
    registry: &Arc<Registry>,
    mut saved: SavedRoom,
) -> Result<(), ReopenError> {
    let config = Arc::clone(registry.config());
    let record = saved_table::<G>(
        std::mem::take(&mut saved.rules),
        std::mem::take(&mut saved.events),
        saved.controllers.take(),
    )?;
    let wake = Arc::new(Notify::new());
    let dice_seeds: Vec<(u32, DiceSeed)> = saved
        .dice
        .iter()
        .filter_map(|(round, hex)| DiceSeed::from_hex(hex).map(|s| (*round, s)))
        .collect();
    let dice = if dice_seeds.is_empty() {
        // Kept by a server before version 3: its rolls were not committed.
        None
    } else {
        FairDice::<G>::reopen(dice_seeds, &record.events)
    };
    let mut table = Table::<G>::reopen(
        record,
        saved.players,
        ca_ngua_core::game::secure_rng(),
        PoolRunner::<G>::boxed(&wake),
    )
    .map_err(ReopenError::Restore)?;
    if let Some(dice) = &dice {
        table.set_dealer(dice.dealer());
    }
    let log = RoomLog::reopen(&saved.path).map_err(ReopenError::Write)?;
    let (inbox, rx) = mpsc::channel(256);
    let lease = registry.reclaim(&saved.code, inbox)?;
    let mut tokens = saved.tokens;
    tokens.resize(G::SEATS, None);
    let now = config.clock.now();
    let over = table.replica().is_over();
    // Everyone left with the old server: each person has the away time to
    // come back before a computer plays for them.
    let away_due = all_seats::<G>()
        .map(|s| {
            (table.controller(s) == Controller::Elsewhere && !over && tokens[s.index()].is_some())
                .then(|| now + config.away)
        })
        .collect();
    info!(room = %saved.code, game = %G::ID, seq = table.seq(), "room reopened");
    let extras = super::events::extras_of(table.events());
    let logged_controllers = table.controllers().to_vec();
    let mut room = Room::new(lease, table, saved.players, dice, wake, config, now);
    room.logged_controllers = logged_controllers;
    room.seats.tokens = tokens;
    room.log = Some(log);
    room.seats.away_due = away_due;
    room.seats.empty_since = Some(now);
    room.level = saved.level;
    room.talk.chat = saved.chat;
    room.clock.secs = saved.turn_secs;
    room.dice.extras = extras;
    room.arm_clock();
    tokio::spawn(room.run(rx, registry.stop()));
    Ok(())
}

/// A kept room's table as its file holds it: its rules, events and
/// controllers read in the terms of game `G`.
fn saved_table<G: Listed>(
    rules: serde_json::Value,
    events: Vec<serde_json::Value>,
    controllers: Option<serde_json::Value>,
) -> Result<TableRecord<G>, ReopenError> {
    let rules: G::Rules = serde_json::from_value(rules).map_err(ReopenError::Rules)?;
    let events: Vec<Event<G>> = events
        .into_iter()
        .enumerate()
        .map(|(i, ev)| serde_json::from_value(ev).map_err(|e| ReopenError::Event(i + 1, e)))
        .collect::<Result<_, _>>()?;
    let controllers = match controllers {
        Some(c) => {
            serde_json::from_value::<Controllers>(c)
                .map_err(ReopenError::Controllers)?
                .0
        }
        None => vec![Controller::Elsewhere; G::SEATS],
    };
    Ok(TableRecord {
        rules,
        controllers,
        origin: None,
        events,
    })
}
