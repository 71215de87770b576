//! The link to a room on a server, as a game's [`Remote`](super::remote::Remote)
//! hears it and asks of it: the typed client of `ca-ngua-client`, or, in
//! the app's tests, events fed by hand. Commands go as the client's own
//! [`ClientCommand`].

use ca_ngua_client::{Client, ClientCommand, ClientUpdate, ConnectionState, SeatLink};
use ca_ngua_core::game::Game;
use ca_ngua_core::table::{Event, Refusal, Replica};
use ca_ngua_protocol::dice::DiceCheck;
use ca_ngua_protocol::{ChatMode, Invite, RematchNews, SaidNews};
use std::fmt;
use web_time::Instant;

/// What the link to a server hears.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkUpdate<G: Game> {
    /// Seated (after every connection and reconnection); with `rebuilt`
    /// the events that follow start again from event 1.
    Welcome {
        /// Our seat (`None` when we watch).
        seat: Option<G::Seat>,
        /// The room's rules.
        rules: G::Rules,
        /// The room's code.
        room: String,
        /// Our seat's token.
        token: String,
        /// The room's latest event.
        seq: u64,
        /// The game is sent again from its first event.
        rebuilt: bool,
        /// We watch: no token, and the game as the room's state describes
        /// it (`start`), no earlier event.
        watching: bool,
        /// A watcher's game as the welcome's state describes it.
        start: Option<Box<Replica<G>>>,
    },
    /// The next event of the game.
    Event(Event<G>),
    /// Someone in the room said something (not an event).
    Said(SaidNews<G::Seat>),
    /// A player's choice about another round, once the game is over.
    Rematch(RematchNews<G::Seat>),
    /// The connection changed.
    State(ConnectionState),
    /// A command was refused (and changed nothing).
    Refused(Refusal),
}

/// A connection to a room of one game.
pub trait Link<G: Game>: Send + fmt::Debug {
    /// Everything heard since the last poll, oldest first.
    fn poll(&mut self) -> Vec<LinkUpdate<G>>;
    /// Sends a command made after event `seq` (the last event the one who
    /// chose it saw; only a roll and a move carry it), as the client's
    /// [`Client::send_after`].
    fn send_after(&mut self, cmd: ClientCommand<G>, seq: u64);
    /// True when we may start the game.
    fn is_host(&self) -> bool;
    /// How many play in the room.
    fn players(&self) -> Option<usize>;
    /// The invite link to the room.
    fn invite(&self) -> Option<Invite>;
    /// How a seat's person is connected (protocol 3; `None`: not known).
    fn seat_link(&self, _seat: G::Seat) -> Option<SeatLink> {
        None
    }
    /// How many watch the room.
    fn watchers(&self) -> u32 {
        0
    }
    /// The seat to act and when its turn clock runs out, while one runs.
    fn clock(&self) -> Option<(G::Seat, Instant)> {
        None
    }
    /// The last round's dice check, once its seed was revealed.
    fn dice_check(&self) -> Option<DiceCheck> {
        None
    }
    /// Round `round`'s dice commit and revealed seed, as far as known.
    fn dice_of(&self, _round: u32) -> (Option<String>, Option<String>) {
        (None, None)
    }
    /// The room's seconds per turn (0: none) and what may be said in it.
    fn room_options(&self) -> (u32, ChatMode) {
        (0, ChatMode::Off)
    }
    /// True when we are the room's host, started or not (another round).
    fn hosts(&self) -> bool {
        false
    }
    /// True when the seat's person said, since the game ended, that they
    /// want another round.
    fn rematch(&self, _seat: G::Seat) -> bool {
        false
    }
    /// True when the seat's person left the room once the game was over.
    fn left_after_over(&self, _seat: G::Seat) -> bool {
        false
    }
}

impl<G: ca_ngua_games::Listed> Link<G> for Client<G> {
    fn poll(&mut self) -> Vec<LinkUpdate<G>> {
        Client::poll(self)
            .into_iter()
            .filter_map(|u| match u {
                ClientUpdate::Welcome { welcome, rebuilt } => {
                    let watching = welcome.is_watching();
                    tracing::info!("joined room {}", welcome.room);
                    let start = watching
                        .then(|| welcome.room_replica())
                        .flatten()
                        .map(Box::new);
                    Some(LinkUpdate::Welcome {
                        seat: welcome.seat,
                        rules: welcome.rules,
                        room: welcome.room.clone(),
                        token: welcome.token.clone(),
                        seq: welcome.seq,
                        rebuilt,
                        watching,
                        start,
                    })
                }
                ClientUpdate::Event(ev) => Some(LinkUpdate::Event(ev)),
                ClientUpdate::Said(said) => Some(LinkUpdate::Said(said)),
                ClientUpdate::Rematch(news) => Some(LinkUpdate::Rematch(news)),
                ClientUpdate::State(s) => Some(LinkUpdate::State(s)),
                ClientUpdate::Refused(r) => Some(LinkUpdate::Refused(r)),
                _ => None,
            })
            .collect()
    }

    fn send_after(&mut self, cmd: ClientCommand<G>, seq: u64) {
        Client::send_after(self, cmd, seq);
    }

    fn seat_link(&self, seat: G::Seat) -> Option<SeatLink> {
        Client::seat_link(self, seat)
    }

    fn watchers(&self) -> u32 {
        Client::watchers(self)
    }

    fn clock(&self) -> Option<(G::Seat, Instant)> {
        Client::clock(self)
    }

    fn dice_check(&self) -> Option<DiceCheck> {
        Client::dice_check(self).cloned()
    }

    fn dice_of(&self, round: u32) -> (Option<String>, Option<String>) {
        Client::dice_of(self, round)
    }

    fn room_options(&self) -> (u32, ChatMode) {
        Client::room_options(self)
    }

    fn hosts(&self) -> bool {
        Client::hosts(self)
    }

    fn rematch(&self, seat: G::Seat) -> bool {
        Client::rematch(self, seat)
    }

    fn left_after_over(&self, seat: G::Seat) -> bool {
        Client::left_after_over(self, seat)
    }

    fn is_host(&self) -> bool {
        Client::is_host(self)
    }

    fn players(&self) -> Option<usize> {
        self.welcome().map(|w| w.players)
    }

    fn invite(&self) -> Option<Invite> {
        Client::invite(self)
    }
}
