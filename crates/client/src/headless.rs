//! A seat played by a computer player, without a window: `ca-ngua-cli
//! online join LINK`. It joins the room (of whichever game the server
//! names), plays its seat at a level whenever its turn comes, and tells
//! every update to the caller, until the game is over or the connection
//! ends. [`watch_room`] (`ca-ngua-cli online watch LINK`) follows a room
//! the same way without a seat.
//!
//! When the game is over on a version 3 server, the round's dice seed is
//! revealed with the `over`: the client checks every roll of the round
//! against it, and the last lines before the end say what it found.

use super::{
    ClientCommand, ClientError, ClientUpdate, CloseReason, Connection, ConnectionState, Request,
};
use ca_ngua_core::game::{Decision, Game, Level, Ranking, SeatId};
use ca_ngua_core::table::EventKind;
use ca_ngua_games::{GameKind, Listed};
use ca_ngua_games::{with_any, with_game};
use ca_ngua_protocol::{Invite, ServerAddress};
use std::fmt;
use std::sync::mpsc;
use std::time::Duration;

/// Why a headless seat or watch gave up before the room ended it.
#[derive(Debug)]
pub enum HeadlessError {
    /// The connection could not be started.
    Start(ClientError),
    /// The server did not answer within the quiet time.
    NoAnswer,
    /// Nothing happened in the room within the quiet time.
    Idle,
    /// What was asked cannot be played (hosting: the rules, the players).
    Plan(String),
}

impl fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeadlessError::Start(e) => e.fmt(f),
            HeadlessError::NoAnswer => f.write_str("the server does not answer"),
            HeadlessError::Idle => f.write_str("nothing happened in the room for too long"),
            HeadlessError::Plan(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for HeadlessError {}

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
    on_line: impl FnMut(Line),
) -> Result<HeadlessEnd, HeadlessError> {
    let request = Request::Join {
        room: invite.room.clone(),
        name: name.to_string(),
    };
    follow(invite, request, Some(level), None, quiet, on_line)
}

/// Watches `invite`'s room as `name` (PROTOCOL.md version 3, "Watching"),
/// calling `on_line` with each update as [`play_seat`] does, until the game
/// is over (its dice checked, when it has them) or the connection ends.
/// Blocks until the end; gives up when nothing comes for `quiet`.
pub fn watch_room(
    invite: &Invite,
    name: &str,
    quiet: Duration,
    on_line: impl FnMut(Line),
) -> Result<HeadlessEnd, HeadlessError> {
    let request = Request::Watch {
        room: invite.room.clone(),
        name: name.to_string(),
    };
    follow(invite, request, None, None, quiet, on_line)
}

/// What [`host_room`] opens: the game's room and when it starts.
#[derive(Clone, Debug)]
pub struct HostPlan {
    /// The game.
    pub game: GameKind,
    /// How many play: one of the game's player counts.
    pub players: usize,
    /// The name of one of the game's rule presets.
    pub rules: String,
    /// Seconds per turn: 0 (no clock) or 10 to 120.
    pub turn_secs: u32,
    /// Start once this many others have taken a seat; the empty seats then
    /// get computer players.
    pub wait_for: usize,
}

/// Opens a room on `server` as `name` (PROTOCOL.md version 3's `open`),
/// tells its invite link (a `# invite: LINK` line, the first thing said
/// once the room is open), starts it when `plan.wait_for` others have
/// joined, with computers of `level` in the empty seats, and plays the
/// host's seat at `level` to the end as [`play_seat`] does. A plan the game
/// cannot play (an unknown preset, a player count it has not) is refused
/// before anything is sent.
pub fn host_room(
    server: &ServerAddress,
    name: &str,
    plan: &HostPlan,
    level: Level,
    quiet: Duration,
    on_line: impl FnMut(Line),
) -> Result<HeadlessEnd, HeadlessError> {
    let request = with_game!(plan.game, G => {
        let rules = G::preset(&plan.rules).ok_or_else(|| {
            HeadlessError::Plan(format!(
                "{} has no rules preset '{}' (presets: {})",
                G::NAME,
                plan.rules,
                G::PRESETS.join(", ")
            ))
        })?;
        if !G::PLAYER_COUNTS.contains(&plan.players) {
            return Err(HeadlessError::Plan(format!(
                "{} is played by {:?} players, not {}",
                G::NAME,
                G::PLAYER_COUNTS,
                plan.players
            )));
        }
        Request::open::<G>(name, plan.players, &rules, Default::default(), plan.turn_secs)
    });
    let invite = Invite {
        server: server.clone(),
        room: String::new(),
        watch: false,
    };
    follow(
        &invite,
        request,
        Some(level),
        Some(plan.wait_for),
        quiet,
        on_line,
    )
}

/// Connects with `request` and follows the room to the end, playing the
/// seat at `level` when there is one, and starting the room when hosting
/// (`start_with`: how many others to wait for).
fn follow(
    invite: &Invite,
    request: Request,
    level: Option<Level>,
    start_with: Option<usize>,
    quiet: Duration,
    mut on_line: impl FnMut(Line),
) -> Result<HeadlessEnd, HeadlessError> {
    let (wake_tx, wake) = mpsc::channel::<()>();
    let options = super::ClientOptions::table();
    let mut connection =
        Connection::connect_with(invite.server.clone(), request, options, move || {
            let _ = wake_tx.send(());
        })
        .map_err(HeadlessError::Start)?;
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
            return Err(HeadlessError::NoAnswer);
        }
    };
    let seat = Seat { level, start_with };
    with_any!(client, G, c => play::<G>(c, seat, &wake, quiet, &mut on_line))
}

/// What a headless client does at the table besides following it.
#[derive(Clone, Copy, Debug)]
struct Seat {
    /// The level its seat is played at (none: watching).
    level: Option<Level>,
    /// Hosting: start when this many others have a seat.
    start_with: Option<usize>,
}

/// How long a seat refused as too quick waits before trying again: more
/// than the server's time for one message (a tenth of a second by default).
const RATE_LIMITED_PAUSE: Duration = Duration::from_millis(500);

/// How long the end of a game waits for its dice seed, which comes with
/// the `over` (so at once, unless the connection drops just then).
const REVEAL_WAIT: Duration = Duration::from_secs(5);

/// Follows a client of game `G` to the end, playing its seat (if it has
/// one) at `level`.
fn play<G: Listed>(
    mut client: super::Client<G>,
    seat: Seat,
    wake: &mpsc::Receiver<()>,
    quiet: Duration,
    on_line: &mut impl FnMut(Line),
) -> Result<HeadlessEnd, HeadlessError> {
    let mut follow = Follow::default();
    loop {
        if let Some(end) = follow.take_news(&mut client, on_line) {
            return Ok(end);
        }
        follow.host(&mut client, &seat, on_line);
        let Some(replica) = client.replica() else {
            if wake.recv_timeout(quiet).is_err() {
                return Err(HeadlessError::NoAnswer);
            }
            continue;
        };
        if let Some(ranking) = replica.ranking() {
            // A room that commits to its dice reveals the seed with the
            // `over`: the check's line comes before the end.
            let reveals = G::HAS_DICE
                && follow.saw_over
                && client.welcome().is_some_and(|w| w.dice_commit.is_some());
            let since = *follow.over_at.get_or_insert_with(std::time::Instant::now);
            let waited = since.elapsed();
            if !reveals || follow.revealed || waited >= REVEAL_WAIT {
                let places = ranking_codes::<G>(ranking);
                client.close();
                return Ok(HeadlessEnd::Over(places));
            }
            let _ = wake.recv_timeout(REVEAL_WAIT - waited);
            continue;
        }
        follow.act(&client, seat.level);
        if wake.recv_timeout(quiet).is_err() {
            return Err(HeadlessError::Idle);
        }
    }
}

/// What a headless seat remembers while it follows its room.
#[derive(Debug, Default)]
struct Follow {
    /// The event it last acted on (it acts once per event).
    acted_at: Option<u64>,
    /// The host's invite was said.
    told_invite: bool,
    /// The host asked for the start.
    started: bool,
    /// The game is over: since when, waiting for its dice seed.
    over_at: Option<std::time::Instant>,
    /// The dice seed came.
    revealed: bool,
    /// The `over` came while it followed (not in the welcome's state).
    saw_over: bool,
}

impl Follow {
    /// Takes the client's news, a line each: the end when the connection
    /// closed.
    fn take_news<G: Listed>(
        &mut self,
        client: &mut super::Client<G>,
        on_line: &mut impl FnMut(Line),
    ) -> Option<HeadlessEnd> {
        for update in client.poll() {
            match &update {
                ClientUpdate::Revealed { .. } => self.revealed = true,
                ClientUpdate::Event(e) if matches!(e.event, EventKind::Over { .. }) => {
                    self.saw_over = true;
                }
                _ => {}
            }
            match update {
                ClientUpdate::Event(e) => match serde_json::to_string(&e) {
                    Ok(line) => on_line(line),
                    Err(err) => tracing::warn!("an event does not write as JSON: {err}"),
                },
                ClientUpdate::State(ConnectionState::Closed(reason)) => {
                    return Some(HeadlessEnd::Closed(reason));
                }
                ClientUpdate::State(state) => on_line(format!("# connection: {state:?}")),
                ClientUpdate::Welcome { welcome, .. } => on_line(format!(
                    "# seated in room {} as {}",
                    welcome.room,
                    welcome
                        .seat
                        .map_or_else(|| "a watcher".to_string(), |s| s.code())
                )),
                ClientUpdate::Refused(r) => {
                    on_line(format!("# refused: {r}"));
                    // Too quick for the server: our roll or move did not
                    // count. Try again after a pause, or the seat would
                    // wait for an event that never comes.
                    if r.code == ca_ngua_core::table::ErrorCode::RateLimited {
                        std::thread::sleep(RATE_LIMITED_PAUSE);
                        self.acted_at = None;
                    }
                }
                other => {
                    if let Some(line) = news_line(&other) {
                        on_line(line);
                    }
                }
            }
        }
        None
    }

    /// The host's part (`online host`): says the invite once, and starts
    /// when enough others have joined.
    fn host<G: Listed>(
        &mut self,
        client: &mut super::Client<G>,
        seat: &Seat,
        on_line: &mut impl FnMut(Line),
    ) {
        let Some(others) = seat.start_with else {
            return;
        };
        if !client.is_host() {
            return;
        }
        if !self.told_invite
            && let Some(invite) = client.invite()
        {
            self.told_invite = true;
            on_line(format!("# invite: {invite}"));
        }
        if !self.started
            && let (Some(replica), Some(level)) = (client.replica(), seat.level)
            && !replica.is_started()
            && replica.seats().len() > others
        {
            self.started = true;
            on_line("# starting".to_string());
            client.send(ClientCommand::Start(level));
        }
    }

    /// Our turn, once per event: roll, or choose a move.
    fn act<G: Listed>(&mut self, client: &super::Client<G>, level: Option<Level>) {
        let Some(replica) = client.replica() else {
            return;
        };
        if let Some(level) = level
            && replica.turn() == client.seat()
            && client.seat().is_some()
            && self.acted_at != Some(replica.seq())
            && let Some(state) = replica.game().cloned()
        {
            self.acted_at = Some(replica.seq());
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
                ca_ngua_protocol::Saying::Phrase(p) => format!("[{p}]"),
                ca_ngua_protocol::Saying::Emoji(e) => e.clone(),
                ca_ngua_protocol::Saying::Text(t) => t.clone(),
            };
            format!("# {} ({}): {what}", said.name, seat_code(said.seat))
        }
        ClientUpdate::Rematch(r) if r.ready => format!("# {}: one more game", r.seat.code()),
        ClientUpdate::Rematch(r) => format!("# {}: no more games for now", r.seat.code()),
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
