//! The typed view of a room of game `G`: commands in, updates out, and the
//! game as the polled events built it.

use super::connection::Connection;
use super::messages::Report;
use super::worker::Timing;
use super::{ClientCommand, ClientError, ClientOptions, ClientUpdate, ConnectionState, Request};
use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_core::table::{Event, EventKind, Replica, SeatKind};
use ca_ngua_games::with_game;
use ca_ngua_games::{AnyGame, GameKind, Listed, PerGame};
use ca_ngua_protocol::dice::{self, DiceCheck, DiceSeed};
use ca_ngua_protocol::{ChatMode, ClientMessage, Welcome, host_of};
use ca_ngua_protocol::{Invite, ServerAddress};
use std::fmt;
use std::time::Duration;
// The browser's clock in a page (`std`'s has none there); `std`'s itself
// elsewhere.
use web_time::Instant;

/// A client in a room of game `G`, polled by its owner.
pub struct Client<G: Game> {
    link: Connection,
    replica: Option<Replica<G>>,
    welcome: Option<Welcome<G>>,
    /// What version 3 tells of the table: presence, the clock, the dice.
    table: TableNews<G>,
}

/// How a seat's person is connected, as a screen shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatLink {
    /// Connected.
    Connected,
    /// The connection dropped; a computer takes the seat at `until`
    /// unless they come back first.
    Reconnecting {
        /// When the computer takes over.
        until: Instant,
    },
    /// A computer plays the seat (for good, or until its person is back).
    Computer,
    /// Not connected, and no computer is coming (the game is over).
    Offline,
}

/// What version 3 tells of the table, kept from the polled updates.
#[derive(Debug)]
struct TableNews<G: Game> {
    /// Each seat's connection as last told: connected, and when a
    /// computer takes it if not.
    links: Vec<Option<(bool, Option<Instant>)>>,
    watchers: u32,
    /// The turn clock: the event after which it runs, and when it ends.
    clock: Option<(u64, Instant)>,
    /// The events of the round being played, from its start (when seen
    /// from its start).
    round_events: Vec<Event<G>>,
    /// The round's events were all seen.
    complete: bool,
    /// Each round's dice commit.
    commits: Vec<(u32, String)>,
    /// The welcome's commit, until its round is known: the welcome's event
    /// number and the commit.
    welcome_commit: Option<(u64, String)>,
    /// The `again` events seen: their number and round.
    agains: Vec<(u64, u32)>,
    /// The last round's dice check.
    dice_check: Option<DiceCheck>,
    /// Each round's revealed dice seed.
    revealed: Vec<(u32, String)>,
    /// Once the game is over, the seats whose person wants another round.
    rematch: Vec<bool>,
    /// Once the game is over, the seats whose person left the room.
    left: Vec<bool>,
}

impl<G: Game> Default for TableNews<G> {
    fn default() -> Self {
        TableNews {
            links: vec![None; G::SEATS],
            watchers: 0,
            clock: None,
            round_events: Vec::new(),
            complete: false,
            commits: Vec::new(),
            welcome_commit: None,
            agains: Vec::new(),
            dice_check: None,
            revealed: Vec::new(),
            rematch: vec![false; G::SEATS],
            left: vec![false; G::SEATS],
        }
    }
}

fn secs_from_now(secs: u32) -> Instant {
    Instant::now() + Duration::from_secs(u64::from(secs))
}

/// The clients of each game (the family [`AnyGame`] holds one of).
#[derive(Debug)]
pub struct Clients;

impl PerGame for Clients {
    type Of<G: Game> = Client<G>;
}

/// A client in a room of whichever game the server's welcome named.
pub type AnyClient = AnyGame<Clients>;

impl<G: Game> fmt::Debug for Client<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("game", &G::ID)
            .field("link", &self.link)
            .field("seq", &self.replica.as_ref().map(Replica::seq))
            .finish_non_exhaustive()
    }
}

impl<G: Listed> Client<G> {
    /// Connects to `server` and asks for a seat in a room of game `G`;
    /// `wake` is called (on the client's thread) whenever
    /// [`poll`](Client::poll) has something new. A welcome into a room of
    /// another game closes the client ([`CloseReason::OtherGame`](super::CloseReason::OtherGame)).
    pub fn connect(
        server: ServerAddress,
        request: Request,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<Client<G>, ClientError> {
        Client::connect_with(server, request, ClientOptions::default(), wake)
    }

    /// As [`Client::connect`], asking what `options` say (version 3, the
    /// dice's seeds: [`ClientOptions::table`]).
    pub fn connect_with(
        server: ServerAddress,
        request: Request,
        options: ClientOptions,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<Client<G>, ClientError> {
        let link = Connection::start(
            server,
            request,
            Some(GameKind::of::<G>()),
            options,
            wake,
            Timing::default(),
        )?;
        Ok(Client::on(link))
    }

    /// The typed view of a connection to a room of game `G`.
    pub(super) fn on(link: Connection) -> Client<G> {
        Client {
            link,
            replica: None,
            welcome: None,
            table: TableNews::default(),
        }
    }

    /// Sends a command, marked with the last event this side has polled
    /// (so a command made on an old view of the game is refused as
    /// `stale` rather than played). While disconnected, commands wait for
    /// the reconnection.
    pub fn send(&self, cmd: ClientCommand<G>) {
        self.send_after(cmd, self.replica.as_ref().map_or(0, Replica::seq));
    }

    /// Sends a command made after event `seq` (the last event the one who
    /// chose it saw), as [`send`](Client::send) does.
    pub fn send_after(&self, cmd: ClientCommand<G>, seq: u64) {
        self.link.send(ClientMessage::Room(cmd.command(seq)));
    }

    /// Everything that happened since the last poll, oldest first; the
    /// replica, welcome and state below already include it.
    pub fn poll(&mut self) -> Vec<ClientUpdate<G>> {
        let polled: Vec<ClientUpdate<G>> = self
            .link
            .take()
            .into_iter()
            .filter_map(|report| match report {
                Report::State(state) => Some(ClientUpdate::State(state)),
                Report::Refused(refusal) => Some(ClientUpdate::Refused(refusal)),
                // The worker keeps to one game: another's cannot come.
                Report::Game(update) => update.into_game::<G>(),
            })
            .collect();
        let mut updates = Vec::with_capacity(polled.len());
        for update in polled {
            let checked = self.take(&update);
            updates.push(update);
            updates.extend(checked.map(ClientUpdate::DiceChecked));
        }
        updates
    }

    /// Takes one update into the replica and what version 3 tells; a
    /// revealed seed answers the round's dice check.
    fn take(&mut self, update: &ClientUpdate<G>) -> Option<DiceCheck> {
        match update {
            ClientUpdate::Welcome { welcome, rebuilt } => self.take_welcome(welcome, *rebuilt),
            ClientUpdate::Event(ev) => self.take_event(ev),
            ClientUpdate::Presence(p) => {
                if let Some(w) = p.watchers {
                    self.table.watchers = w;
                }
                if let (Some(seat), Some(connected)) = (p.seat, p.connected) {
                    let until = p.away_in.flatten().map(secs_from_now);
                    self.table.links[seat.index()] = Some((connected, until));
                }
            }
            ClientUpdate::Rematch(r) => {
                if let Some(slot) = self.table.rematch.get_mut(r.seat.index()) {
                    *slot = r.ready;
                }
                if let Some(slot) = self.table.left.get_mut(r.seat.index()) {
                    *slot |= r.left;
                }
            }
            ClientUpdate::Clock { seq, secs } => {
                self.table.clock = Some((*seq, secs_from_now(*secs)));
            }
            ClientUpdate::Revealed { round, dice_seed } => {
                self.table.revealed.retain(|(r, _)| r != round);
                self.table.revealed.push((*round, dice_seed.clone()));
                let check = self.check_dice(*round, dice_seed);
                self.table.dice_check.clone_from(&check);
                return check;
            }
            ClientUpdate::State(_)
            | ClientUpdate::Refused(_)
            | ClientUpdate::Said(_)
            | ClientUpdate::DiceChecked(_) => {}
        }
        None
    }

    /// A welcome: the replica rebuilt (or the room's state, for a watcher)
    /// and what the room says of its seats, watchers, clock and dice.
    fn take_welcome(&mut self, welcome: &Welcome<G>, rebuilt: bool) {
        let watching = welcome.is_watching();
        if watching {
            self.replica = welcome.room_replica();
        } else if rebuilt || self.replica.is_none() {
            self.replica = Some(Replica::new(welcome.rules));
        }
        if rebuilt || watching {
            self.table.round_events.clear();
            self.table.agains.clear();
            self.table.complete = !watching;
        }
        let news = &mut self.table;
        news.rematch = vec![false; G::SEATS];
        news.left = vec![false; G::SEATS];
        for s in &welcome.state.seats {
            let until = s.away_in.flatten().map(secs_from_now);
            news.links[s.seat.index()] = Some((s.connected, until));
            if let Some(slot) = news.rematch.get_mut(s.seat.index()) {
                *slot = s.rematch;
            }
            if let Some(slot) = news.left.get_mut(s.seat.index()) {
                *slot = s.left;
            }
        }
        news.watchers = welcome.state.watchers.unwrap_or(0);
        news.clock = welcome
            .state
            .clock
            .flatten()
            .map(|secs| (welcome.seq, secs_from_now(secs)));
        if let Some(commit) = &welcome.dice_commit {
            news.welcome_commit = Some((welcome.seq, commit.clone()));
        }
        self.welcome = Some(welcome.clone());
        self.place_welcome_commit();
    }

    /// An event: into the replica, and what it says of the round, the
    /// seats' links and their choices of another round.
    fn take_event(&mut self, ev: &Event<G>) {
        if let Some(r) = &mut self.replica {
            // The worker applied the same event to the same
            // state before passing it on: it follows.
            let _ = r.apply(ev);
        }
        let news = &mut self.table;
        match &ev.event {
            EventKind::Again { round, dice_commit } => {
                // The choices were the round's that ended.
                news.rematch = vec![false; G::SEATS];
                news.left = vec![false; G::SEATS];
                news.round_events.clear();
                news.complete = true;
                news.agains.push((ev.seq, *round));
                if let Some(commit) = dice_commit {
                    news.commits.push((*round, commit.clone()));
                }
            }
            EventKind::Back { seat } => {
                news.links[seat.index()] = Some((true, None));
            }
            EventKind::Left { seat } => {
                if let Some(slot) = news.rematch.get_mut(seat.index()) {
                    *slot = false;
                }
            }
            _ => {}
        }
        news.round_events.push(ev.clone());
        self.place_welcome_commit();
    }

    /// Gives the welcome's commit its round once the events up to the
    /// welcome are in: the round of the last `again` at or before it (every
    /// `again` the replica took in is in `agains`).
    fn place_welcome_commit(&mut self) {
        let seq = self.replica.as_ref().map_or(0, Replica::seq);
        let news = &mut self.table;
        if let Some((at, commit)) = news.welcome_commit.clone()
            && seq >= at
        {
            let round = news
                .agains
                .iter()
                .rev()
                .find(|(s, _)| *s <= at)
                .map_or(1, |(_, r)| *r);
            news.commits.retain(|(r, _)| *r != round);
            news.commits.push((round, commit));
            news.welcome_commit = None;
        }
    }

    /// Checks every roll of round `round` against its revealed seed.
    fn check_dice(&self, round: u32, seed: &str) -> Option<DiceCheck> {
        if !G::HAS_DICE || !self.table.complete {
            return None;
        }
        let rules = *self.replica.as_ref()?.rules();
        let commit = self
            .table
            .commits
            .iter()
            .find(|(r, _)| *r == round)
            .map(|(_, c)| c.clone())?;
        let Some(seed) = DiceSeed::from_hex(seed) else {
            return Some(DiceCheck {
                round,
                rolls: 0,
                matching: 0,
                commit_ok: false,
                first_wrong: None,
            });
        };
        Some(dice::check_round::<G>(
            &rules,
            round,
            &self.table.round_events,
            &seed,
            &commit,
        ))
    }

    /// True when we watch rather than play.
    pub fn is_watching(&self) -> bool {
        self.welcome.as_ref().is_some_and(Welcome::is_watching)
    }

    /// How a seat's person is connected (version 3 tells every client;
    /// `None` for a seat nobody has taken).
    pub fn seat_link(&self, seat: G::Seat) -> Option<SeatLink> {
        let replica = self.replica.as_ref()?;
        let info = replica.seat(seat)?;
        if info.kind == SeatKind::Bot || replica.is_away(seat) {
            return Some(SeatLink::Computer);
        }
        if self.seat() == Some(seat) {
            return Some(match self.state() {
                ConnectionState::Connected => SeatLink::Connected,
                _ => SeatLink::Offline,
            });
        }
        Some(
            match self.table.links.get(seat.index()).copied().flatten() {
                None | Some((true, _)) => SeatLink::Connected,
                Some((false, Some(_))) if replica.is_over() => SeatLink::Offline,
                Some((false, Some(until))) => SeatLink::Reconnecting { until },
                Some((false, None)) => SeatLink::Offline,
            },
        )
    }

    /// True when the seat's person said, since the game ended, that they
    /// want another round (issue 45).
    pub fn rematch(&self, seat: G::Seat) -> bool {
        self.replica.as_ref().is_some_and(Replica::is_over)
            && self
                .table
                .rematch
                .get(seat.index())
                .copied()
                .unwrap_or(false)
    }

    /// True when the seat's person left the room once the game was over
    /// (issue 45: the next round's start names the seat a computer's).
    pub fn left_after_over(&self, seat: G::Seat) -> bool {
        self.replica.as_ref().is_some_and(Replica::is_over)
            && self.table.left.get(seat.index()).copied().unwrap_or(false)
    }

    /// The room's host: the first seat, in seat order, whose person has
    /// not left (during the game, or after it).
    fn host_seat(&self) -> Option<G::Seat> {
        let r = self.replica.as_ref()?;
        r.seats()
            .iter()
            .filter(|s| s.kind == SeatKind::Human && !self.left_after_over(s.seat))
            .map(|s| s.seat)
            .min()
    }

    /// How many are watching (version 3).
    pub fn watchers(&self) -> u32 {
        self.table.watchers
    }

    /// The seat to act and when its turn clock runs out, while one runs.
    pub fn clock(&self) -> Option<(G::Seat, Instant)> {
        let replica = self.replica.as_ref()?;
        let (seq, until) = self.table.clock?;
        (replica.seq() == seq).then_some((replica.turn()?, until))
    }

    /// Round `round`'s dice commit and, once its `over` came, its revealed
    /// seed (what a record of the round keeps).
    pub fn dice_of(&self, round: u32) -> (Option<String>, Option<String>) {
        let find = |list: &[(u32, String)]| {
            list.iter()
                .find(|(r, _)| *r == round)
                .map(|(_, s)| s.clone())
        };
        (find(&self.table.commits), find(&self.table.revealed))
    }

    /// The last round's dice check (once its `over` revealed the seed).
    pub fn dice_check(&self) -> Option<&DiceCheck> {
        self.table.dice_check.as_ref()
    }

    /// The room's seconds per turn (0: no clock) and what it lets its
    /// people say, as its welcome said (a version 2 server: no clock,
    /// nothing to say).
    pub fn room_options(&self) -> (u32, ChatMode) {
        self.welcome.as_ref().map_or((0, ChatMode::Off), |w| {
            (w.turn_secs.unwrap_or(0), w.chat.unwrap_or(ChatMode::Off))
        })
    }

    /// The game as the polled events built it.
    pub fn replica(&self) -> Option<&Replica<G>> {
        self.replica.as_ref()
    }

    /// The latest welcome (room, seat, token, rules).
    pub fn welcome(&self) -> Option<&Welcome<G>> {
        self.welcome.as_ref()
    }

    /// Our seat.
    pub fn seat(&self) -> Option<G::Seat> {
        self.welcome.as_ref().and_then(|w| w.seat)
    }

    /// True when we may start the game: before the start, the host is the
    /// first seat, in seat order, whose person has not left.
    pub fn is_host(&self) -> bool {
        match (&self.replica, self.seat()) {
            (Some(r), Some(seat)) => !r.is_started() && host_of(r) == Some(seat),
            _ => false,
        }
    }

    /// True when we are the room's host (whether or not it started): the
    /// one who may start another round once the game is over.
    pub fn hosts(&self) -> bool {
        self.seat().is_some() && self.host_seat() == self.seat()
    }

    /// The connection's state.
    pub fn state(&self) -> &ConnectionState {
        self.link.state()
    }

    /// The invite link to this room.
    pub fn invite(&self) -> Option<Invite> {
        self.welcome
            .as_ref()
            .map(|w| Invite::new(self.link.server().clone(), w.room.clone()))
    }

    /// Closes the connection (the seat stays ours: its token resumes it).
    pub fn close(self) {
        self.link.close();
    }
}

impl Connection {
    /// The typed client of the room's game, once the game is known; the
    /// connection back otherwise. Nothing polled is lost: the client's
    /// first poll reports it.
    pub fn into_client(self) -> Result<AnyClient, Box<Connection>> {
        match self.game() {
            Some(kind) => Ok(with_game!(kind, G, Wrap => Wrap(Client::<G>::on(self)))),
            None => Err(Box::new(self)),
        }
    }
}
