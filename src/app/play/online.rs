//! A game's screen going online and back: the local table is set aside
//! (and kept, saved as it was) while the room's game is shown; the
//! connection's news is read each frame.

use super::remote::{Remote, RemoteNote};
use super::source::Source;
use super::{Play, View};
use ca_ngua_client::{CloseReason, ConnectionState};
use ca_ngua_core::game::Level;
use ca_ngua_core::table::{ErrorCode, Replica};

/// The state of an online game's connection, or a refusal, for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineNote {
    /// Reaching the server.
    Connecting,
    /// The connection dropped: reconnecting by itself.
    Reconnecting,
    /// The connection ended for good.
    Closed(CloseReason),
    /// A command was refused.
    Refused(ErrorCode),
    /// The server is too old for what was asked (one more game, or a seat
    /// back from the computer): what to do instead.
    Unsupported(super::remote::Asked),
}

impl<V: View> Play<V> {
    /// Goes online: the local table is set aside (and kept, saved as it
    /// was) while the game on the server is shown.
    pub fn go_online(&mut self, remote: Remote<V>) {
        let source = std::mem::replace(&mut self.source, Source::Remote(Box::new(remote)));
        if let Source::Local(table) = source {
            self.online.paused_local = Some(table);
            // The local game's record waits with its table; the room's
            // game is recorded apart (continued, if it was before).
            let local = std::mem::replace(
                &mut self.records.recording,
                super::recording::Recording::resuming(),
            );
            self.records.paused = Some(local);
        } else {
            let left = std::mem::replace(
                &mut self.records.recording,
                super::recording::Recording::resuming(),
            );
            self.records.retired.push(left);
        }
        self.reset_view();
        self.online.note = None;
        // Another room's talk, or none: nothing said before is kept.
        self.forget_talk();
    }

    /// Leaves the online game (for good: a computer takes the seat) and
    /// comes back to the local table.
    pub fn leave_online(&mut self) {
        if let Some(r) = self.source.remote_mut() {
            r.leave();
        }
        self.back_to_local();
        self.online.remember = Some(None);
    }

    /// Comes back to the local table (the connection closes; the seat is
    /// still ours through its token).
    fn back_to_local(&mut self) {
        if let Some(table) = self.online.paused_local.take() {
            self.source = Source::Local(table);
            let online = std::mem::replace(
                &mut self.records.recording,
                self.records.paused.take().unwrap_or_default(),
            );
            self.records.retired.push(online);
            self.reset_view();
        }
        self.online.note = None;
        // The room's talk stays with the room (issue 45): the log of the
        // game here shows none of it.
        self.forget_talk();
    }

    /// The host starts the online game; empty seats get computers.
    pub fn start_online(&mut self, level: Level) {
        if let Some(r) = self.source.remote_mut() {
            r.start(level);
        }
    }

    /// The online requests of the last frame.
    pub fn take_online_actions(&mut self) -> Vec<super::online_ui::OnlineAction> {
        std::mem::take(&mut self.online.actions)
    }

    /// What to tell the player about the connection.
    pub fn online_note(&self) -> Option<&OnlineNote> {
        self.online.note.as_ref()
    }

    /// The seat to remember (or forget: `Some(None)`), once, for the shell
    /// to save.
    pub fn take_remember(&mut self) -> Option<Option<super::remote::OnlineSeat>> {
        self.online.remember.take()
    }

    /// Reads the connection's news: a game sent again from its start, the
    /// seat to remember, the connection's state, refusals.
    pub(super) fn poll_remote(&mut self) {
        let notes = match &mut self.source {
            Source::Remote(r) => r.poll(),
            Source::Local(_) => return,
        };
        for note in notes {
            match note {
                RemoteNote::Rebuilt => {
                    let origin = self
                        .source
                        .remote()
                        .map(|r| r.origin().clone())
                        .unwrap_or_else(|| Replica::new(*self.source.rules()));
                    self.presenter = super::presenter::Presenter::new(origin.clone(), &[]);
                    self.tally.counted = origin;
                    self.tally.result_recorded = false;
                    self.end.closed = false;
                    self.end.focused = false;
                    self.clock.last_phase = None;
                }
                RemoteNote::Seated(seat) => {
                    self.online.remember = Some(Some(seat));
                    self.online.note = None;
                    self.online.watch.seated();
                }
                RemoteNote::Connection(state) => {
                    self.online.note = match state {
                        ConnectionState::Connected => None,
                        ConnectionState::Connecting => Some(OnlineNote::Connecting),
                        ConnectionState::Reconnecting { .. } => {
                            // Once seated, the computer takes the seat if
                            // we are not back in time: the count starts.
                            if self.source.remote().and_then(|r| r.seat()).is_some() {
                                self.online.watch.dropped();
                            }
                            Some(OnlineNote::Reconnecting)
                        }
                        ConnectionState::Closed(CloseReason::ByUser | CloseReason::Left) => None,
                        ConnectionState::Closed(reason) => {
                            // The seat cannot be had again: forget it and
                            // come back to the table here.
                            let note = OnlineNote::Closed(reason);
                            self.online.remember = Some(None);
                            self.back_to_local();
                            Some(note)
                        }
                    };
                }
                RemoteNote::Refused(r) => {
                    self.online.note = Some(OnlineNote::Refused(r.code));
                    self.online.refused_at = self.source.events().len();
                }
                RemoteNote::Said(said) => self.heard(said),
                RemoteNote::Rematch(seat, ready, left) => self.rematch_news(seat, ready, left),
                RemoteNote::Unsupported(asked) => {
                    self.online.note = Some(OnlineNote::Unsupported(asked));
                }
            }
            self.repaint = true;
        }
    }

    /// What the panel says while a question is open: a game here waits;
    /// a room's game does not (issue 55: the turn clock runs on, and the
    /// computer plays a turn it ends).
    pub fn question_open_words(&self, i18n: &ca_ngua_i18n::I18n) -> String {
        let Some(remote) = self.source.remote() else {
            return i18n.t("status-question-open");
        };
        let key = if remote.seat().is_none() {
            "status-question-open-watching"
        } else if remote.room_options().0 > 0 {
            "status-question-open-clock"
        } else {
            "status-question-open-online"
        };
        i18n.t(key)
    }

    /// The online part of the play panel, and what it asked for.
    pub(super) fn online_panel_ui(&mut self, ui: &mut egui::Ui, i18n: &ca_ngua_i18n::I18n) {
        if let Some(action) = self.online_ui(ui, i18n) {
            self.online.actions.push(action);
        }
    }
}
