//! Who is connected, online, so that a room feels attended: our own
//! connection dropping (a countdown to the computer taking our seat, then
//! the computer playing for us, then "you are back"), and, in a room this
//! app hosts, every other seat as its room sees it (connected,
//! reconnecting with the seconds left, played by the computer), read from
//! the in-process server's snapshot. In a friend's room other seats show
//! only what the protocol sends (`away`, `back`, `STATE.connected`).
//! Each change is said to screen readers.

use super::remote::Remote;
use super::{Play, View};
use ca_ngua_client::SeatLink;
use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_core::table::SeatKind;
use ca_ngua_i18n::{Arg, I18n};
use ca_ngua_protocol::SeatPresence;
use std::time::Duration;
use web_time::Instant;

/// How long "you are back" stays in the play panel, in seconds.
const BACK_SECONDS: f64 = 8.0;

/// How a seat's person stands online, as this screen knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Connected, or nothing known against it (a computer's seat, an empty
    /// one, a game here).
    Connected,
    /// The connection is lost and being made again: a computer takes the
    /// seat in `secs` seconds unless its person is back first.
    Reconnecting {
        /// Seconds left.
        secs: u64,
        /// The time is this app's guess: a friend's server does not say
        /// how long it waits (PROTOCOL.md: `--away-secs`, 60 by default).
        estimate: bool,
    },
    /// The connection is lost; the computer plays the seat until its
    /// person is back.
    Computer,
    /// The connection is lost; nothing more is known (no computer is
    /// coming once the game is over; a friend's server said only that).
    Offline,
}

/// What the screen keeps about our own connection and what it last said.
#[derive(Clone, Debug, Default)]
pub(super) struct Watch {
    /// Our connection dropped since the last frame (its time is taken at
    /// the next one).
    dropping: bool,
    /// When our connection dropped (the frame's clock), until we are
    /// seated again.
    dropped_at: Option<f64>,
    /// "You are back" shows until then.
    back_until: Option<f64>,
    /// Each seat's presence as last said, by seat number.
    seen: Vec<Option<Presence>>,
    /// How many watched, as last said.
    watchers: Option<u32>,
    /// The computer held our seat (and "I'm back" showed), as last said.
    held: bool,
}

impl Watch {
    /// Our connection dropped (we held a seat).
    pub(super) fn dropped(&mut self) {
        if self.dropped_at.is_none() {
            self.dropping = true;
        }
    }

    /// Seated again.
    pub(super) fn seated(&mut self) {
        self.dropping = false;
        self.dropped_at = None;
    }

    /// A new round: nothing said of the last one's comings and goings
    /// stays on screen (issue 45).
    pub(super) fn new_round(&mut self) {
        self.back_until = None;
    }
}

/// The server's away time when a friend's server does not say it.
fn default_away() -> Duration {
    ca_ngua_protocol::DEFAULT_AWAY
}

/// Whole seconds until `left` (rounded up).
fn whole_seconds(left: f64) -> u64 {
    // Never negative, never more than a day: a cast that cannot wrap.
    left.clamp(0.0, 86_400.0).ceil() as u64
}

/// Seconds until the shown count changes, for a count with `left` to go.
fn next_tick(left: f64) -> f64 {
    let part = left - left.floor();
    if part <= 0.0 { 1.0 } else { part + 0.01 }
}

impl<G: Game> Remote<G> {
    /// How long the server gives a person to come back, and whether that
    /// is a guess: the in-process server's own time when this app hosts,
    /// the protocol's default otherwise.
    pub fn away_time(&self) -> (Duration, bool) {
        match self.host() {
            Some(h) => (h.away(), false),
            None => (default_away(), true),
        }
    }

    /// Another seat's person, as this app knows them: in a room it hosts,
    /// as the room itself sees them; elsewhere from the events.
    pub fn presence_of(&self, seat: G::Seat) -> Presence {
        let r = self.latest();
        let Some(info) = r.seat(seat) else {
            return Presence::Connected;
        };
        if info.kind == SeatKind::Bot {
            return Presence::Connected;
        }
        if r.is_away(seat) {
            return Presence::Computer;
        }
        // Protocol 3 tells every client how each seat is connected.
        if let Some(link) = self.seat_link(seat) {
            return match link {
                SeatLink::Connected => Presence::Connected,
                SeatLink::Reconnecting { until } => {
                    let left = until.saturating_duration_since(Instant::now());
                    Presence::Reconnecting {
                        secs: whole_seconds(left.as_secs_f64()).max(1),
                        estimate: false,
                    }
                }
                SeatLink::Computer => Presence::Computer,
                SeatLink::Offline => Presence::Offline,
            };
        }
        let hosted = self
            .host()
            .zip(self.room())
            .and_then(|(h, room)| h.presence(room));
        if let Some(seats) = hosted {
            return match seats.get(seat.index()) {
                Some(SeatPresence::Reconnecting { until }) => {
                    let left = until.saturating_duration_since(Instant::now());
                    Presence::Reconnecting {
                        secs: whole_seconds(left.as_secs_f64()).max(1),
                        estimate: false,
                    }
                }
                Some(SeatPresence::Computer) => Presence::Computer,
                Some(SeatPresence::Offline) => Presence::Offline,
                Some(SeatPresence::Connected | SeatPresence::Empty) | None => Presence::Connected,
            };
        }
        if info.connected {
            Presence::Connected
        } else {
            Presence::Offline
        }
    }

    /// Seconds until another seat's shown count changes (a room hosted
    /// here), if one is counting.
    fn next_tick_of(&self, seat: G::Seat) -> Option<f64> {
        if let Some(SeatLink::Reconnecting { until }) = self.seat_link(seat) {
            return Some(next_tick(
                until
                    .saturating_duration_since(Instant::now())
                    .as_secs_f64(),
            ));
        }
        let seats = self.host()?.presence(self.room()?)?;
        match seats.get(seat.index()) {
            Some(SeatPresence::Reconnecting { until }) => Some(next_tick(
                until
                    .saturating_duration_since(Instant::now())
                    .as_secs_f64(),
            )),
            _ => None,
        }
    }
}

impl<V: View> Play<V> {
    /// How a seat's person stands online (always connected in a game
    /// here): our own from our connection and the clock, another's from
    /// what this app knows of them.
    pub fn presence(&self, seat: V::Seat) -> Presence {
        let Some(remote) = self.source.remote() else {
            return Presence::Connected;
        };
        if Some(seat) != remote.seat() {
            let presence = remote.presence_of(seat);
            // Nobody plays a game that is over: the computer plays no seat
            // any more (what counts is who plays the next one).
            if presence == Presence::Computer && remote.latest().is_over() {
                return Presence::Connected;
            }
            return presence;
        }
        match self.own_left() {
            // Away after turns that timed out: the computer plays for us
            // until we are back (none once the game is over).
            None if remote.latest().is_away(seat) && !remote.latest().is_over() => {
                Presence::Computer
            }
            None => Presence::Connected,
            Some(_) if remote.latest().is_over() => Presence::Offline,
            Some(left) if left > 0.0 => Presence::Reconnecting {
                secs: whole_seconds(left),
                estimate: remote.away_time().1,
            },
            Some(_) => Presence::Computer,
        }
    }

    /// How a seat's player is connected, in a few words for their card,
    /// when it is not plainly.
    pub fn card_presence(&self, i18n: &I18n, seat: V::Seat) -> Option<String> {
        let own = self.source.remote()?.seat() == Some(seat);
        Some(match self.presence(seat) {
            Presence::Connected => return None,
            Presence::Reconnecting { secs, estimate } => i18n.t_args(
                if estimate {
                    "presence-card-reconnecting-about"
                } else {
                    "presence-card-reconnecting"
                },
                &[("seconds", Arg::from(secs))],
            ),
            Presence::Computer if own => i18n.t("presence-card-you-computer"),
            Presence::Computer => i18n.t("presence-card-computer"),
            Presence::Offline => i18n.t("presence-card-offline"),
        })
    }

    /// A seat's player in a few words for a label on the board: their
    /// name, and how they are connected when it is not plainly.
    pub fn board_name(&self, i18n: &I18n, seat: V::Seat) -> String {
        let presence = self.presence(seat);
        let info = self
            .source
            .remote()
            .and_then(|r| r.latest().seat(seat).map(|s| (r.seat() == Some(seat), s)));
        let Some((own, info)) = info.filter(|(_, s)| s.kind == SeatKind::Human) else {
            return self.player_name(i18n, seat);
        };
        let name = info.name.trim();
        let who = if own {
            i18n.t_args("online-seat-you", &[("name", Arg::from(name))])
        } else {
            name.to_string()
        };
        let who = ("who", Arg::from(who));
        match presence {
            Presence::Connected => self.player_name(i18n, seat),
            Presence::Reconnecting { secs, .. } => i18n.t_args(
                "presence-board-reconnecting",
                &[who, ("seconds", Arg::from(secs))],
            ),
            Presence::Computer => i18n.t_args("presence-board-computer", &[who]),
            Presence::Offline => i18n.t_args("presence-board-offline", &[who]),
        }
    }

    /// Seconds before the computer takes our seat, while our connection
    /// is down (negative once it has).
    fn own_left(&self) -> Option<f64> {
        let at = self.online.watch.dropped_at?;
        let away = self.source.remote()?.away_time().0;
        Some(away.as_secs_f64() - (self.now - at))
    }

    /// The sentence about our own connection for the play panel, while it
    /// is down or just after it came back.
    pub fn own_presence_note(&self, i18n: &I18n) -> Option<String> {
        let seat = self.source.remote()?.seat()?;
        let seconds = |secs: u64| [("seconds", Arg::from(secs))];
        match self.presence(seat) {
            Presence::Reconnecting {
                secs,
                estimate: false,
            } => Some(i18n.t_args("presence-you-reconnecting", &seconds(secs))),
            Presence::Reconnecting {
                secs,
                estimate: true,
            } => Some(i18n.t_args("presence-you-reconnecting-about", &seconds(secs))),
            // Connected, the computer still holding the seat: the main
            // button is "I'm back" (issue 45).
            Presence::Computer if self.online.watch.dropped_at.is_none() => {
                Some(i18n.t("presence-you-held"))
            }
            Presence::Computer => Some(i18n.t("presence-you-computer")),
            Presence::Offline => Some(i18n.t("online-reconnecting")),
            Presence::Connected => self
                .online
                .watch
                .back_until
                .filter(|t| self.now < *t)
                .map(|_| i18n.t("presence-you-back")),
        }
    }

    /// Takes the time of a drop noticed since the last frame, says what
    /// changed in who is connected (to screen readers), and asks for a
    /// frame when a count changes or "you are back" goes. Call once a
    /// frame, after the events' announcements.
    pub(super) fn presence_news(&mut self, ctx: &egui::Context, now: f64, i18n: &I18n) {
        if std::mem::take(&mut self.online.watch.dropping) && self.online.watch.dropped_at.is_none()
        {
            self.online.watch.dropped_at = Some(now);
        }
        let Some(remote) = self.source.remote() else {
            self.online.watch.seen.clear();
            return;
        };
        let own = remote.seat();
        let remote_over = remote.latest().is_over();
        let seats: Vec<V::Seat> = remote.latest().seats().iter().map(|s| s.seat).collect();
        self.online.watch.seen.resize(V::SEATS, None);
        let mut said = Vec::new();
        let mut tick: Option<f64> = None;
        let mut tick_at = |t: f64| tick = Some(tick.map_or(t, |old: f64| old.min(t)));
        for seat in seats {
            let now_p = self.presence(seat);
            let i = seat.index();
            let before = self.online.watch.seen.get(i).copied().flatten();
            if let Presence::Reconnecting { .. } = now_p {
                if Some(seat) == own {
                    if let Some(left) = self.own_left() {
                        tick_at(next_tick(left));
                    }
                } else if let Some(t) = self.source.remote().and_then(|r| r.next_tick_of(seat)) {
                    tick_at(t);
                }
            }
            if let Some(before) = before
                && let Some(text) =
                    self.presence_change(i18n, seat, Some(seat) == own, before, now_p)
            {
                said.push(text);
            }
            if Some(seat) == own
                && matches!(before, Some(b) if b != Presence::Connected)
                && now_p == Presence::Connected
                && !remote_over
            {
                self.online.watch.back_until = Some(now + BACK_SECONDS);
            }
            if let Some(slot) = self.online.watch.seen.get_mut(i) {
                *slot = Some(now_p);
            }
        }
        // The computer holds our seat while we are here: said once, with
        // the button that gives it back.
        let held = self.held_by_computer();
        if held && !self.online.watch.held {
            said.push((i18n.t("presence-announce-you-held"), true));
        }
        self.online.watch.held = held;
        let watchers = self.source.remote().map_or(0, Remote::watchers);
        if let Some(before) = self.online.watch.watchers
            && before != watchers
        {
            said.push((
                i18n.t_args("talk-watchers-now", &[("n", Arg::from(watchers))]),
                false,
            ));
        }
        self.online.watch.watchers = Some(watchers);
        for (text, assertive) in said {
            self.announcer.say(text, assertive);
            self.repaint = true;
        }
        if let Some(until) = self.online.watch.back_until {
            if now < until {
                tick_at(until - now);
            } else {
                self.online.watch.back_until = None;
                self.repaint = true;
            }
        }
        if let Some(t) = tick {
            ctx.request_repaint_after(Duration::from_secs_f64(t.max(0.01)));
        }
    }

    /// What to say when a seat's presence goes from `before` to `after`;
    /// assertive for our own connection dropping. A computer taking
    /// another's seat, and their coming back after, are the room's `away`
    /// and `back` events, said with the events.
    fn presence_change(
        &self,
        i18n: &I18n,
        seat: V::Seat,
        own: bool,
        before: Presence,
        after: Presence,
    ) -> Option<(String, bool)> {
        use Presence::{Computer, Connected, Offline, Reconnecting};
        let seconds = |secs: u64| Arg::from(secs);
        match (before, after) {
            (Reconnecting { .. }, Reconnecting { .. }) => None,
            (_, Reconnecting { secs, estimate }) if own => {
                let key = if estimate {
                    "presence-announce-you-dropped-about"
                } else {
                    "presence-announce-you-dropped"
                };
                Some((i18n.t_args(key, &[("seconds", seconds(secs))]), true))
            }
            (Reconnecting { .. }, Computer) if own => {
                Some((i18n.t("presence-announce-you-computer"), false))
            }
            // The game ended while the computer held the seat: nobody is
            // back, the game is over (its results are said).
            (Computer, Connected) if own && self.source.latest().is_over() => None,
            (Reconnecting { .. } | Computer | Offline, Connected) if own => {
                Some((i18n.t("presence-announce-you-back"), false))
            }
            (Connected, Reconnecting { secs, .. }) => Some((
                i18n.t_args(
                    "presence-announce-dropped",
                    &[
                        ("player", Arg::from(self.presence_player(i18n, seat))),
                        ("seconds", seconds(secs)),
                    ],
                ),
                false,
            )),
            (Reconnecting { .. }, Connected) => Some((
                i18n.t_args(
                    "presence-announce-reconnected",
                    &[("player", Arg::from(self.presence_player(i18n, seat)))],
                ),
                false,
            )),
            _ => None,
        }
    }

    /// A seat's colour and its person's name, for what is said.
    fn presence_player(&self, i18n: &I18n, seat: V::Seat) -> String {
        let colour = V::colour(i18n, seat);
        let name = self
            .source
            .remote()
            .and_then(|r| r.latest().seat(seat).map(|s| s.name.trim().to_string()))
            .unwrap_or_default();
        if name.is_empty() {
            colour
        } else {
            i18n.t_args(
                "presence-player",
                &[("colour", Arg::from(colour)), ("name", Arg::from(name))],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_round_up_and_tick_at_the_next_whole_second() {
        assert_eq!(whole_seconds(59.2), 60);
        assert_eq!(whole_seconds(60.0), 60);
        assert_eq!(whole_seconds(-3.0), 0);
        assert_eq!(whole_seconds(f64::NAN), 0);
        assert!((next_tick(59.25) - 0.26).abs() < 1e-9);
        assert!((next_tick(59.0) - 1.0).abs() < 1e-9);
    }
}
