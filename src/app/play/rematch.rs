//! After an online game, and when the computer holds your seat (issue 45):
//! everyone at the table is offered one more game in the same room, as
//! lichess offers a rematch. The host starts it; each guest says "one
//! more game" (their cards show it to everyone) or leaves, after a
//! question; a watcher waits for the next game. While the computer plays
//! your seat (your connection was lost, or your clock ran out three turns
//! in a row), the main button is "I'm back": pressed, the seat is yours at
//! once, whoever's turn it is.

use super::remote::Remote;
use super::{Play, View};
use ca_ngua_client::ConnectionState;
use ca_ngua_core::game::Game;
use ca_ngua_core::table::SeatKind;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui};

/// What the results and the main button offer at the end of an online
/// game, to whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A game here: play again here.
    Local,
    /// The host: start one more game in the room.
    Host,
    /// A guest: say "one more game" (`ready` once said).
    Guest {
        /// Already said.
        ready: bool,
    },
    /// A watcher: nothing to play; the next game will show here.
    Watcher,
}

impl<G: Game> Remote<G> {
    /// True when a person's seat is played by the computer after they
    /// left (a seat that was a computer's from the start has no name).
    pub fn has_left(&self, seat: G::Seat) -> bool {
        self.left_after_over(seat)
            || self
                .latest()
                .seat(seat)
                .is_some_and(|s| s.kind == SeatKind::Bot && !s.name.trim().is_empty())
    }

    /// The seat of the room's host (the first seat whose person has not
    /// left, during the game or after it).
    pub fn host_seat(&self) -> Option<G::Seat> {
        self.latest()
            .seats()
            .iter()
            .filter(|s| s.kind == SeatKind::Human && !self.has_left(s.seat))
            .map(|s| s.seat)
            .min()
    }
}

impl<V: View> Play<V> {
    /// What the end of this game offers the person here.
    pub fn offer(&self) -> Offer {
        let Some(remote) = self.source.remote() else {
            return Offer::Local;
        };
        if remote.is_watching() || remote.seat().is_none() {
            return Offer::Watcher;
        }
        if remote.hosts() {
            return Offer::Host;
        }
        Offer::Guest {
            ready: remote.seat().is_some_and(|s| remote.rematch_of(s)),
        }
    }

    /// A guest says "one more game": their card shows it to everyone, and
    /// the host starts it.
    pub fn want_rematch(&mut self) {
        if let Some(r) = self.source.remote_mut() {
            r.want_rematch(true);
            self.repaint = true;
        }
    }

    /// True while the computer plays our own seat (our connection is back,
    /// but the seat was taken while it was down, or our clock ran out three
    /// turns in a row), and the room can still give it back.
    pub fn held_by_computer(&self) -> bool {
        let Some(remote) = self.source.remote() else {
            return false;
        };
        let Some(seat) = remote.seat() else {
            return false;
        };
        let latest = remote.latest();
        latest.is_started()
            && !latest.is_over()
            && latest.is_away(seat)
            && *remote.state() == ConnectionState::Connected
            && !remote.back_by_playing()
    }

    /// A player chose about another round: said to screen readers (the
    /// cards and the results show it).
    pub(super) fn rematch_news(&mut self, seat: V::Seat, ready: bool, left: bool) {
        self.repaint = true;
        let own = self.source.remote().and_then(Remote::seat) == Some(seat);
        if own || !(ready || left) {
            return;
        }
        self.online.rematch_said.push((seat, left));
    }

    /// Says the choices heard since the last frame (in the frame's
    /// language).
    pub(super) fn rematch_announce(&mut self, i18n: &I18n) {
        for (seat, left) in std::mem::take(&mut self.online.rematch_said) {
            let who = self.player_name(i18n, seat);
            let key = if left {
                "rematch-announce-left"
            } else {
                "rematch-announce"
            };
            self.announcer
                .say(i18n.t_args(key, &[("who", Arg::from(who))]), false);
        }
    }

    /// "I'm back": the seat is ours again, now.
    pub fn take_seat_back(&mut self) {
        if let Some(r) = self.source.remote_mut() {
            r.take_back();
            self.repaint = true;
        }
    }

    /// What a seat's card says of its person once the game is over: the
    /// host (who starts the next game), one more game (strong), left, or
    /// still deciding. Nothing during a game, or for a computer's seat.
    pub fn rematch_note(&self, i18n: &I18n, seat: V::Seat) -> Option<(String, bool)> {
        let remote = self.source.remote()?;
        if !self.presenter.shown().is_over() || !remote.latest().is_over() {
            return None;
        }
        let info = remote.latest().seat(seat)?;
        if remote.has_left(seat) {
            return Some((i18n.t("rematch-card-left"), false));
        }
        if info.kind == SeatKind::Bot {
            return None;
        }
        if remote.host_seat() == Some(seat) {
            return Some((i18n.t("rematch-card-host"), false));
        }
        if remote.rematch_of(seat) {
            return Some((i18n.t("rematch-card-ready"), true));
        }
        Some((i18n.t("rematch-card-deciding"), false))
    }

    /// The results' words about the next game: each person's choice, and
    /// what happens next for the one reading them.
    pub fn rematch_results_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        ui.add_space(8.0);
        ui.label(RichText::new(i18n.t("rematch-heading")).strong().size(16.0));
        let people: Vec<V::Seat> = remote
            .latest()
            .seats()
            .iter()
            .filter(|s| s.kind == SeatKind::Human || remote.has_left(s.seat))
            .map(|s| s.seat)
            .collect();
        let ready = people.iter().filter(|s| remote.rematch_of(**s)).count();
        for seat in &people {
            if let Some((note, strong)) = self.rematch_note(i18n, *seat) {
                // The name as the person gave it (their choice says the
                // rest), "(you)" for our own.
                let name = remote
                    .latest()
                    .seat(*seat)
                    .map(|s| s.name.trim().to_string())
                    .unwrap_or_default();
                let who = if remote.seat() == Some(*seat) {
                    i18n.t_args("online-seat-you", &[("name", Arg::from(name))])
                } else {
                    name
                };
                let line = i18n.t_args(
                    "rematch-line",
                    &[("who", Arg::from(who)), ("choice", Arg::from(note))],
                );
                let text = RichText::new(line);
                ui.label(if strong { text.strong() } else { text });
            }
        }
        let guests = people
            .iter()
            .filter(|s| Some(**s) != remote.host_seat() && !remote.has_left(**s))
            .count();
        let next = match self.offer() {
            Offer::Host => i18n.t_args(
                "rematch-help-host",
                &[("ready", Arg::from(ready)), ("guests", Arg::from(guests))],
            ),
            Offer::Guest { ready: false } => i18n.t("rematch-help-guest"),
            Offer::Guest { ready: true } => i18n.t("rematch-help-guest-ready"),
            Offer::Watcher => i18n.t("rematch-help-watcher"),
            Offer::Local => return,
        };
        ui.label(RichText::new(next).weak());
    }
}
