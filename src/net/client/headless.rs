//! A seat played by a computer player, without a window: `ca-ngua-cli
//! online join LINK`. It joins the room (of whichever game the server
//! names), plays its seat at a level whenever its turn comes, and tells
//! every update to the caller, until the game is over or the connection
//! ends.

use super::{ClientCommand, ClientUpdate, CloseReason, Connection, ConnectionState, Request};
use crate::game::{Decision, Game, Level, Ranking, SeatId};
use crate::net::Invite;
use crate::with_any;
use std::sync::mpsc;
use std::time::Duration;

/// How a headless seat's game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeadlessEnd {
    /// The game is over: the places, each a list of seat codes.
    Over(Vec<Vec<String>>),
    /// The connection ended before the game did.
    Closed(CloseReason),
}

/// One line of news from the room, already in words.
pub type Line = String;

/// Joins `invite` as `name` and plays the seat with a computer player of
/// `level` to the end, calling `on_line` with each update (an event as its
/// wire JSON, a state change or a refusal in words). Blocks until the end;
/// gives up when nothing comes for `quiet`.
pub fn play_seat(
    invite: &Invite,
    name: &str,
    level: Level,
    quiet: Duration,
    mut on_line: impl FnMut(Line),
) -> Result<HeadlessEnd, String> {
    let (wake_tx, wake) = mpsc::channel::<()>();
    let request = Request::Join {
        room: invite.room.clone(),
        name: name.to_string(),
    };
    let options = super::ClientOptions::table();
    let mut connection =
        Connection::connect_with(invite.server.clone(), request, options, move || {
            let _ = wake_tx.send(());
        })
        .map_err(|e| e.to_string())?;
    // Until the server names the room's game.
    let client = loop {
        if connection.poll().is_some() {
            match connection.into_client() {
                Ok(client) => break client,
                Err(c) => connection = *c,
            }
        }
        if let ConnectionState::Closed(reason) = connection.state().clone() {
            return Ok(HeadlessEnd::Closed(reason));
        }
        if wake.recv_timeout(quiet).is_err() {
            return Err("the server does not answer".into());
        }
    };
    with_any!(client, G, c => play::<G>(c, level, &wake, quiet, &mut on_line))
}

/// Plays a seated client of game `G` to the end.
fn play<G: Game>(
    mut client: super::Client<G>,
    level: Level,
    wake: &mpsc::Receiver<()>,
    quiet: Duration,
    on_line: &mut impl FnMut(Line),
) -> Result<HeadlessEnd, String> {
    let mut acted_at = None;
    loop {
        for update in client.poll() {
            match update {
                ClientUpdate::Event(e) => {
                    on_line(serde_json::to_string(&e).unwrap_or_default());
                }
                ClientUpdate::State(ConnectionState::Closed(reason)) => {
                    return Ok(HeadlessEnd::Closed(reason));
                }
                ClientUpdate::State(state) => on_line(format!("# connection: {state:?}")),
                ClientUpdate::Welcome { welcome, .. } => on_line(format!(
                    "# seated in room {} as {}",
                    welcome.room,
                    welcome
                        .seat
                        .map_or_else(|| "a watcher".to_string(), |s| s.code())
                )),
                ClientUpdate::Refused(r) => on_line(format!("# refused: {r}")),
                other => {
                    if let Some(line) = news_line(&other) {
                        on_line(line);
                    }
                }
            }
        }
        let Some(replica) = client.replica() else {
            if wake.recv_timeout(quiet).is_err() {
                return Err("the server does not answer".into());
            }
            continue;
        };
        if let Some(ranking) = replica.ranking() {
            let places = ranking_codes::<G>(ranking);
            client.close();
            return Ok(HeadlessEnd::Over(places));
        }
        // Our turn, once per event: roll, or choose a move.
        if replica.turn() == client.seat()
            && client.seat().is_some()
            && acted_at != Some(replica.seq())
            && let Some(state) = replica.game().cloned()
        {
            acted_at = Some(replica.seq());
            match replica.pending() {
                None if G::HAS_DICE => client.send(ClientCommand::Roll),
                pending => {
                    let decision = Decision {
                        level,
                        seed: replica.seq(),
                        budget: Default::default(),
                        state,
                        roll: pending.map(|p| p.roll),
                        memory: Default::default(),
                    };
                    if let Some(mv) = G::decide(&decision) {
                        client.send(ClientCommand::Move(mv));
                    }
                }
            }
        }
        if wake.recv_timeout(quiet).is_err() {
            return Err("nothing happened in the room for too long".into());
        }
    }
}

/// The places as seat codes.
fn ranking_codes<G: Game>(ranking: &Ranking<G::Seat>) -> Vec<Vec<String>> {
    ranking
        .iter()
        .map(|place| place.iter().map(|s| s.code()).collect())
        .collect()
}

/// A line for what version 3 tells beyond the events (presence, talk, the
/// clock, the dice), as the command line prints it.
pub fn news_line<G: Game>(update: &ClientUpdate<G>) -> Option<Line> {
    let seat_code = |s: Option<G::Seat>| s.map_or_else(|| "watcher".to_string(), |s| s.code());
    Some(match update {
        ClientUpdate::Presence(p) => match (p.seat, p.watchers) {
            (_, Some(w)) => format!("# watchers: {w}"),
            (Some(seat), _) if p.connected == Some(true) => format!("# {} connected", seat.code()),
            (Some(seat), _) => match p.away_in.flatten() {
                Some(secs) => format!(
                    "# {} disconnected, {secs} s before a computer plays",
                    seat.code()
                ),
                None => format!("# {} disconnected", seat.code()),
            },
            (None, None) => return None,
        },
        ClientUpdate::Said(said) => {
            let what = match &said.what {
                crate::net::protocol::Saying::Phrase(p) => format!("[{p}]"),
                crate::net::protocol::Saying::Emoji(e) => e.clone(),
                crate::net::protocol::Saying::Text(t) => t.clone(),
            };
            format!("# {} ({}): {what}", said.name, seat_code(said.seat))
        }
        ClientUpdate::Clock { secs, .. } => format!("# clock: {secs} s"),
        ClientUpdate::Revealed { round, .. } => format!("# round {round}: dice seed revealed"),
        ClientUpdate::DiceChecked(check) if check.ok() => format!(
            "# dice checked: {}/{} rolls of round {} match the revealed seed",
            check.matching, check.rolls, check.round
        ),
        ClientUpdate::DiceChecked(check) => match &check.first_wrong {
            Some((n, expected, made)) => format!(
                "# dice check FAILED: roll {n} of round {} was {made}, the seed gives {expected}",
                check.round
            ),
            None => format!(
                "# dice check FAILED: the revealed seed is not round {}'s commit",
                check.round
            ),
        },
        _ => return None,
    })
}
