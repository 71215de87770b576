//! A game held by a server (in this app when it hosts, or on a friend's),
//! watched through a link to it and shown like a local one. The server
//! rolls and checks every move; this side only asks. What the app
//! remembers to rejoin after a restart is an [`OnlineSeat`].

use super::link::{Link, LinkUpdate};
use crate::platform::host::Host as ServerHandle;
use ca_ngua_client::{ClientCommand, ConnectionState, SeatLink};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::{Controller, ErrorCode, Event, Refusal, Replica, SeatKind};
use ca_ngua_protocol::dice::DiceCheck;
use ca_ngua_protocol::{ChatMode, SaidNews, Saying};
use ca_ngua_protocol::{Invite, ServerAddress};
use std::fmt;
use web_time::Instant;

pub use ca_ngua_data::store::{ONLINE_VERSION, OnlineSeat};

/// What happened to the connection since the last look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteNote<G: Game> {
    /// The game is sent again from its first event: forget what was shown.
    Rebuilt,
    /// Seated (again): the seat to remember.
    Seated(OnlineSeat),
    /// The connection changed.
    Connection(ConnectionState),
    /// The server refused a command (nothing changed).
    Refused(Refusal),
    /// Someone said something.
    Said(SaidNews<G::Seat>),
    /// A player chose about another round (`true`: one more game), or
    /// left the room after the game (the last `true`).
    Rematch(G::Seat, bool, bool),
    /// The server is older than what we asked of it (a choice about
    /// another round, or taking a seat back): it did not understand.
    Unsupported(Asked),
}

/// What we asked of the room that an older server may not know (issue 45,
/// additions to protocol version 3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// One more game, or not.
    Rematch,
    /// Our seat back from the computer.
    Back,
}

/// A game on a server.
pub struct Remote<G: Game> {
    link: Box<dyn Link<G>>,
    server: ServerAddress,
    events: Vec<Event<G>>,
    replica: Replica<G>,
    seat: Option<G::Seat>,
    state: ConnectionState,
    /// The room's latest event when we were last seated: the events up to
    /// it are history (shown at once, not counted as seen live).
    caught_up: u64,
    /// The server this app runs for the room, when it hosts.
    host: Option<ServerHandle>,
    /// The room's code, once seated.
    room: Option<String>,
    /// We watch the room rather than play in it.
    watching: bool,
    /// The number of the event the game was shown from (a watcher's
    /// welcome; 0 when every event is here).
    base: u64,
    /// The game before the first event here (new, or a watcher's start).
    origin: Replica<G>,
    /// Our own choice about another round (also when the server is too
    /// old to tell it to the others).
    own_rematch: bool,
    /// The last request an older server may not know, until answered.
    asked: Option<Asked>,
    /// The server does not know `back`: a seat comes back from the
    /// computer when its person rolls or moves (version 3 as written).
    back_by_playing: bool,
}

impl<G: Game> fmt::Debug for Remote<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Remote")
            .field("server", &self.server)
            .field("seat", &self.seat)
            .field("seq", &self.replica.seq())
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Remote<G> {
    /// A game on `server` heard through `link`; `host` is the server this
    /// app runs, when it hosts.
    pub fn new(
        link: Box<dyn Link<G>>,
        server: ServerAddress,
        host: Option<ServerHandle>,
    ) -> Remote<G> {
        Remote {
            link,
            server,
            events: Vec::new(),
            replica: Replica::new(G::standard_rules()),
            seat: None,
            state: ConnectionState::Connecting,
            caught_up: 0,
            host,
            room: None,
            watching: false,
            base: 0,
            origin: Replica::new(G::standard_rules()),
            own_rematch: false,
            asked: None,
            back_by_playing: false,
        }
    }

    /// Reads what arrived: events join the game, the rest is told.
    pub fn poll(&mut self) -> Vec<RemoteNote<G>> {
        let mut notes = Vec::new();
        for update in self.link.poll() {
            match update {
                LinkUpdate::Welcome {
                    seat,
                    rules,
                    room,
                    token,
                    seq,
                    rebuilt,
                    watching,
                    start,
                } => {
                    self.watching = watching;
                    if let Some(start) = start.filter(|_| watching) {
                        // A watcher is sent no earlier event: the game
                        // starts from the room's state, every time.
                        self.events.clear();
                        self.base = start.seq();
                        self.origin = (*start).clone();
                        self.replica = *start;
                        self.seat = None;
                        self.room = Some(room);
                        self.caught_up = self.base;
                        notes.push(RemoteNote::Rebuilt);
                        continue;
                    }
                    if rebuilt || self.seat.is_none() || *self.replica.rules() != rules {
                        self.base = 0;
                        self.origin = Replica::new(rules);
                        self.events.clear();
                        self.replica = Replica::new(rules);
                        notes.push(RemoteNote::Rebuilt);
                    }
                    self.seat = seat;
                    self.room = Some(room.clone());
                    self.caught_up = self.caught_up.max(seq);
                    notes.push(RemoteNote::Seated(OnlineSeat {
                        version: ONLINE_VERSION,
                        server: self.server.to_string(),
                        room,
                        token,
                        hosted: self.host.is_some(),
                    }));
                }
                LinkUpdate::Event(ev) => self.take_event(ev),
                LinkUpdate::State(state) => {
                    self.state = state.clone();
                    notes.push(RemoteNote::Connection(state));
                }
                LinkUpdate::Refused(r) => notes.push(self.refused(r)),
                LinkUpdate::Said(said) => notes.push(RemoteNote::Said(said)),
                LinkUpdate::Rematch(news) => {
                    if Some(news.seat) == self.seat {
                        self.own_rematch = news.ready;
                        self.asked = None;
                    }
                    notes.push(RemoteNote::Rematch(news.seat, news.ready, news.left));
                }
            }
        }
        notes
    }

    /// The room's next event joins the game. The link checked it already;
    /// a copy that does not follow is left out rather than shown wrong.
    fn take_event(&mut self, ev: Event<G>) {
        if self.replica.apply(&ev).is_ok() {
            if matches!(ev.event, ca_ngua_core::table::EventKind::Again { .. }) {
                self.own_rematch = false;
            }
            // Whatever the room did since answers what we asked: it
            // understood.
            self.asked = None;
            self.events.push(ev);
        }
    }

    /// What a refusal tells: a server older than the request (it is not a
    /// refusal the person needs to read as one), or a refusal.
    fn refused(&mut self, r: Refusal) -> RemoteNote<G> {
        match self.asked.take() {
            Some(asked) if r.code == ErrorCode::BadMessage => {
                if asked == Asked::Back {
                    self.back_by_playing = true;
                }
                RemoteNote::Unsupported(asked)
            }
            _ => RemoteNote::Refused(r),
        }
    }

    /// The rules of the room.
    pub fn rules(&self) -> &G::Rules {
        self.replica.rules()
    }

    /// The game as its events built it.
    pub fn latest(&self) -> &Replica<G> {
        &self.replica
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event<G>] {
        &self.events
    }

    /// The number of the event before the first one here (a watcher's
    /// game starts from the room's state; 0 otherwise).
    pub fn base(&self) -> u64 {
        self.base
    }

    /// The game before the first event here: new, or as a watcher's
    /// welcome described it.
    pub fn origin(&self) -> &Replica<G> {
        &self.origin
    }

    /// True when we watch the room rather than play in it.
    pub fn is_watching(&self) -> bool {
        self.watching
    }

    /// How a seat's person is connected, as the room tells every client
    /// (protocol 3), when it does.
    pub fn seat_link(&self, seat: G::Seat) -> Option<SeatLink> {
        self.link.seat_link(seat)
    }

    /// How many watch the room.
    pub fn watchers(&self) -> u32 {
        self.link.watchers()
    }

    /// The seat to act and when its turn clock runs out, while one runs.
    pub fn clock(&self) -> Option<(G::Seat, Instant)> {
        self.link.clock()
    }

    /// The last round's dice check, once its seed was revealed.
    pub fn dice_check(&self) -> Option<DiceCheck> {
        self.link.dice_check()
    }

    /// Round `round`'s dice commit and revealed seed, as far as known.
    pub fn dice_of(&self, round: u32) -> (Option<String>, Option<String>) {
        self.link.dice_of(round)
    }

    /// The room's seconds per turn (0: none) and what may be said in it.
    pub fn room_options(&self) -> (u32, ChatMode) {
        self.link.room_options()
    }

    /// True when we are the room's host, started or not.
    pub fn hosts(&self) -> bool {
        self.link.hosts()
    }

    /// Says something to the room (a phrase, an emoji, a line of text).
    pub fn say(&mut self, what: Saying) {
        self.send(ClientCommand::Say(what));
    }

    /// The host asks for another round (the game is over).
    pub fn again(&mut self) {
        self.send(ClientCommand::Again);
    }

    /// Once the game is over, says whether we want another round (the
    /// host starts it when ready).
    pub fn want_rematch(&mut self, ready: bool) {
        self.own_rematch = ready;
        self.asked = Some(Asked::Rematch);
        self.send(ClientCommand::Rematch(ready));
    }

    /// True when the seat's person left the room once the game was over.
    pub fn left_after_over(&self, seat: G::Seat) -> bool {
        self.link.left_after_over(seat)
    }

    /// True when the server gives a seat back only to its person's roll or
    /// move (it does not know `back`).
    pub fn back_by_playing(&self) -> bool {
        self.back_by_playing
    }

    /// Takes back the seat the computer holds for us, now.
    pub fn take_back(&mut self) {
        self.asked = Some(Asked::Back);
        self.send(ClientCommand::Back);
    }

    /// True when the seat's person wants another round (once the game is
    /// over): our own choice as we made it, the others' as the room told.
    pub fn rematch_of(&self, seat: G::Seat) -> bool {
        if !self.replica.is_over() {
            return false;
        }
        if Some(seat) == self.seat {
            return self.own_rematch || self.link.rematch(seat);
        }
        self.link.rematch(seat)
    }

    /// The events up to this number were history when we were seated.
    pub fn caught_up(&self) -> u64 {
        self.caught_up
    }

    /// Our seat, once seated.
    pub fn seat(&self) -> Option<G::Seat> {
        self.seat
    }

    /// The connection's state.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    /// How many play in the room.
    pub fn players(&self) -> Option<usize> {
        self.link.players()
    }

    /// True when we may start the game.
    pub fn is_host(&self) -> bool {
        self.link.is_host()
    }

    /// The link friends use to join.
    pub fn invite(&self) -> Option<Invite> {
        self.link.invite()
    }

    /// The port of the server this app runs, when it hosts.
    pub fn hosted_port(&self) -> Option<u16> {
        self.host.as_ref().map(|h| h.addr().port())
    }

    /// The server this app runs for the room, when it hosts.
    pub fn host(&self) -> Option<&ServerHandle> {
        self.host.as_ref()
    }

    /// The room's code, once seated.
    pub fn room(&self) -> Option<&str> {
        self.room.as_deref()
    }

    /// Who plays a seat, as this screen sees it: us, a person elsewhere
    /// (a computer while they are away), or a computer.
    pub fn controller(&self, seat: G::Seat) -> Controller {
        if Some(seat) == self.seat {
            return Controller::Here;
        }
        match self.replica.seat(seat).map(|s| s.kind) {
            Some(SeatKind::Bot) => Controller::Computer(Level::Medium),
            _ if self.replica.is_away(seat) => Controller::StandIn(Level::Medium),
            _ => Controller::Elsewhere,
        }
    }

    /// Asks the server to carry out our command, made after event `seq`.
    pub fn command(
        &mut self,
        seat: G::Seat,
        seq: u64,
        cmd: ca_ngua_core::table::Command<G>,
    ) -> Result<(), Refusal> {
        if Some(seat) != self.seat {
            return Err(Refusal::new(ErrorCode::NotYourTurn, "not our seat"));
        }
        let cmd = match cmd {
            ca_ngua_core::table::Command::Roll => ClientCommand::Roll,
            ca_ngua_core::table::Command::Move(mv) => ClientCommand::Move(mv),
        };
        self.link.send_after(cmd, seq);
        Ok(())
    }

    /// Starts the game (the host); empty seats get computers of `level`.
    pub fn start(&mut self, level: Level) {
        self.send(ClientCommand::Start(level));
    }

    /// Leaves the room for good (a computer takes the seat).
    pub fn leave(&mut self) {
        self.send(ClientCommand::Leave);
    }

    /// Sends a command that carries no event's number (all but a roll and
    /// a move).
    fn send(&mut self, cmd: ClientCommand<G>) {
        self.link.send_after(cmd, self.replica.seq());
    }
}

/// What the player typed to join: a link, or an address and a code.
pub fn join_target(
    link_or_address: &str,
    code: &str,
) -> Result<Invite, ca_ngua_protocol::InviteError> {
    let text = link_or_address.trim();
    // An invite page's address (what chats turn into a link).
    if let Some(invite) = Invite::from_page_url(text) {
        return invite;
    }
    if text
        .get(..ca_ngua_protocol::INVITE_SCHEME.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(ca_ngua_protocol::INVITE_SCHEME))
    {
        return text.parse();
    }
    format!("{}{text}/{}", ca_ngua_protocol::INVITE_SCHEME, code.trim()).parse()
}
