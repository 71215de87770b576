//! Online play on screen: the "Chơi qua mạng" section of the settings (host
//! a room, join one by link or by address and code, leave) and, in the play
//! panel, the lobby (the room's code and link, the seats filling, the
//! host's Start) and the connection's news.

use super::presence::Presence;
use super::remote::Remote;
use super::{OnlineNote, Play, View};
use ca_ngua_client::CloseReason;
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::SeatKind;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui, Vec2};

pub use super::online_settings::online_settings_ui;

/// The fields of the online section, kept between frames.
#[derive(Clone, Debug, Default)]
pub struct OnlineEdit {
    /// A link `ca-ngua://HOST:PORT/CODE`, or `HOST:PORT`.
    pub address: String,
    /// The room's code (when the address has none).
    pub code: String,
    /// Why the last attempt failed, if it did.
    pub error: Option<String>,
    /// The server's health check, when one was asked for.
    pub check: ServerCheck,
}

/// A server's health check, run off the frame.
#[derive(Clone, Debug, Default)]
pub struct ServerCheck(std::sync::Arc<std::sync::Mutex<CheckState>>);

/// Where a health check stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CheckState {
    /// None asked for.
    #[default]
    Idle,
    /// Asking the server.
    Checking,
    /// The server answered so.
    Done(Result<(), ca_ngua_client::HealthError>),
}

impl ServerCheck {
    /// Where the check stands.
    pub fn state(&self) -> CheckState {
        self.0.lock().map(|s| s.clone()).unwrap_or_default()
    }

    fn set(&self, state: CheckState) {
        if let Ok(mut s) = self.0.lock() {
            *s = state;
        }
    }

    /// Checks `text` (`HOST:PORT`) on a thread of its own; `ctx` is woken
    /// with the answer.
    pub fn start(&self, text: &str, ctx: &egui::Context) {
        let server = match server_address(text) {
            Ok(s) => s,
            Err(e) => {
                self.set(CheckState::Done(Err(ca_ngua_client::HealthError::Address(
                    e,
                ))));
                return;
            }
        };
        self.set(CheckState::Checking);
        let me = self.clone();
        let ctx = ctx.clone();
        ca_ngua_client::check_health_then(
            server,
            std::time::Duration::from_secs(4),
            move |answer| {
                me.set(CheckState::Done(answer));
                ctx.request_repaint();
            },
        );
    }
}

/// A server as typed: `HOST:PORT`, or its address as a page shows it
/// (`https://HOST/`, `http://HOST:PORT/`).
pub fn server_address(
    text: &str,
) -> Result<ca_ngua_protocol::ServerAddress, ca_ngua_protocol::InviteError> {
    text.parse()
}

/// What the player asked of online play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineAction {
    /// Open a room on this device.
    Host,
    /// Join a room.
    Join {
        /// The link or address typed.
        address: String,
        /// The code typed.
        code: String,
    },
    /// Leave the room: the player is asked first (issue 45), unless they
    /// only watch.
    Leave,
    /// Leave the room now (the question was answered, or another room is
    /// joined in its place).
    LeaveNow,
    /// Start the game (the host).
    Start,
}

/// The protocol's chat mode of the host's choice.
pub fn chat_mode(chat: ca_ngua_data::prefs::OnlineChat) -> ca_ngua_protocol::ChatMode {
    use ca_ngua_data::prefs::OnlineChat;
    use ca_ngua_protocol::ChatMode;
    match chat {
        OnlineChat::Phrases => ChatMode::Phrases,
        OnlineChat::Text => ChatMode::Text,
        OnlineChat::Off => ChatMode::Off,
    }
}

/// A sentence about the connection, or a refusal.
pub fn note_text(i18n: &I18n, note: &OnlineNote, server: &str) -> String {
    match note {
        OnlineNote::Connecting => {
            i18n.t_args("net-state-connecting", &[("server", Arg::from(server))])
        }
        OnlineNote::Reconnecting => i18n.t("online-reconnecting"),
        OnlineNote::Closed(reason) => match reason {
            CloseReason::ByUser => i18n.t("net-closed-by-user"),
            CloseReason::Left => i18n.t("net-closed-left"),
            CloseReason::Refused(r) => i18n.t_args(
                "net-closed-refused",
                &[(
                    "reason",
                    Arg::from(i18n.t(ca_ngua_protocol::error_key(r.code))),
                )],
            ),
            CloseReason::TakenOver => i18n.t("net-closed-taken-over"),
            CloseReason::Unreachable(why) => i18n.t_args(
                "net-closed-unreachable",
                &[("reason", Arg::from(why.to_string().as_str()))],
            ),
            CloseReason::OtherGame(game) => i18n.t_args(
                "net-closed-other-game",
                &[("game", Arg::from(game.as_str()))],
            ),
        },
        OnlineNote::Refused(code) => i18n.t(ca_ngua_protocol::error_key(*code)),
        OnlineNote::Unsupported(super::remote::Asked::Back) => i18n.t("online-old-server-back"),
        OnlineNote::Unsupported(super::remote::Asked::Rematch) => {
            i18n.t("online-old-server-rematch")
        }
    }
}

/// What a seat's player is doing, for the cards, the board and the
/// lobby: their name, and whether they are connected (`presence`, as
/// [`Play::presence`] knows it).
pub fn seat_state<G: Game>(
    i18n: &I18n,
    remote: &Remote<G>,
    seat: G::Seat,
    presence: Presence,
) -> String {
    let r = remote.latest();
    let Some(info) = r.seat(seat) else {
        return i18n.t("online-seat-empty");
    };
    let name = if info.name.trim().is_empty() {
        i18n.t("online-computer")
    } else {
        info.name.trim().to_string()
    };
    let name_arg = || ("name", Arg::from(name.as_str()));
    if Some(seat) == remote.seat() {
        return match presence {
            Presence::Reconnecting { secs, estimate } => i18n.t_args(
                if estimate {
                    "presence-seat-you-reconnecting-about"
                } else {
                    "presence-seat-you-reconnecting"
                },
                &[name_arg(), ("seconds", Arg::from(secs))],
            ),
            Presence::Computer => i18n.t_args("presence-seat-you-computer", &[name_arg()]),
            Presence::Offline => i18n.t_args("presence-seat-you-offline", &[name_arg()]),
            Presence::Connected => i18n.t_args("online-seat-you", &[name_arg()]),
        };
    }
    if remote.has_left(seat) {
        // A person who left: still named, the computer plays for them.
        return i18n.t_args("online-seat-left", &[name_arg()]);
    }
    if info.kind == SeatKind::Bot {
        return i18n.t("online-computer");
    }
    match presence {
        Presence::Computer => i18n.t_args("online-seat-away", &[name_arg()]),
        Presence::Reconnecting { secs, .. } => i18n.t_args(
            "presence-seat-reconnecting",
            &[name_arg(), ("seconds", Arg::from(secs))],
        ),
        Presence::Offline => i18n.t_args("online-seat-offline", &[name_arg()]),
        Presence::Connected => name,
    }
}

/// How long "copied" shows after a copy.
const COPIED_SECONDS: f64 = 3.0;

/// The address to give friends: the room's invite page (which opens the
/// app, and which chats turn into a link), on a host they can reach. For a
/// room hosted on this device that is its first address on the local
/// network (loopback only when it has none).
pub fn shareable_link(invite: &ca_ngua_protocol::Invite, hosted_port: Option<u16>) -> String {
    let server = hosted_port
        .and_then(|port| {
            crate::platform::host::lan_addresses()
                .first()
                .map(|ip| ca_ngua_protocol::ServerAddress::new(ip.to_string(), port))
        })
        .unwrap_or_else(|| invite.server.clone());
    ca_ngua_protocol::Invite::new(server, invite.room.clone()).page_url()
}

/// The turn clock of the room, said once in the panel's middle (the
/// cards and the Roll button count it down).
fn room_facts_ui<G: Game>(ui: &mut Ui, i18n: &I18n, remote: &Remote<G>) {
    let (turn_secs, _) = remote.room_options();
    if turn_secs > 0 {
        ui.label(
            RichText::new(i18n.t_args("clock-room", &[("seconds", Arg::from(turn_secs))])).small(),
        );
    }
}

/// The height of the room's line at the top of the play panel.
const ROOM_LINE: f32 = 22.0;
/// The height of the line of news under it (two rows of text).
const NEWS_LINES: f32 = 38.0;

/// Text cut to `rows` rows (the rest elided), as a label whose name a
/// screen reader reads whole.
fn rows_label(ui: &mut Ui, text: RichText, rows: usize) -> egui::Response {
    let whole = text.text().to_string();
    let job = egui::WidgetText::from(text).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        egui::Align::Min,
    );
    let mut job = std::sync::Arc::unwrap_or_clone(job);
    job.wrap = egui::text::TextWrapping {
        max_width: ui.available_width(),
        max_rows: rows,
        break_anywhere: false,
        overflow_character: Some('…'),
    };
    let r = ui.add(egui::Label::new(job).selectable(false));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &whole));
    r
}

/// Before the start, the link to give friends with its copy button, and
/// this device's addresses when it hosts the room (the room's code is on
/// the panel's top line).
fn invite_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    remote: &Remote<G>,
    invite: &ca_ngua_protocol::Invite,
    started: bool,
) {
    // The room's code is on the panel's top line.
    if started {
        return;
    }
    let link = shareable_link(invite, remote.hosted_port());
    ui.label(i18n.t_args("online-invite", &[("link", Arg::from(link.as_str()))]));
    let copied_id = ui.scope_id().with("invite-copied");
    let now = ui.input(|i| i.time);
    ui.horizontal(|ui| {
        if ui.button(i18n.t("online-copy-link")).clicked() {
            ui.ctx().copy_text(link.clone());
            ui.ctx().data_mut(|d| d.insert_temp(copied_id, now));
        }
        // A moment's word that the copy happened.
        let at: Option<f64> = ui.ctx().data(|d| d.get_temp(copied_id));
        if let Some(at) = at.filter(|at| now - at < COPIED_SECONDS) {
            ui.label(RichText::new(i18n.t("online-copied")).strong());
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(
                    COPIED_SECONDS - (now - at),
                ));
        }
    });
    if let Some(port) = remote.hosted_port() {
        let list: Vec<String> = crate::platform::host::lan_addresses()
            .into_iter()
            .map(|ip| ca_ngua_protocol::ServerAddress::new(ip.to_string(), port).to_string())
            .collect();
        if !list.is_empty() {
            ui.label(i18n.t_args("online-addresses", &[("list", Arg::from(list.join(", ")))]));
        }
    }
}

impl<V: View> Play<V> {
    /// The top of the play panel in an online room: the room's line (its
    /// code, how many watch) and the line of news (our connection, a
    /// refusal, "you are watching"), each of a fixed height whatever it
    /// says (issue 45: a watcher coming never pushes the cards down).
    pub fn room_top_ui(&self, ui: &mut Ui, i18n: &I18n) {
        if self.source.remote().is_none() {
            return;
        }
        self.room_line_ui(ui, i18n);
        let width = ui.available_width();
        ui.allocate_ui(Vec2::new(width, NEWS_LINES), |ui| {
            ui.set_min_height(NEWS_LINES);
            ui.set_max_height(NEWS_LINES);
            self.room_news_ui(ui, i18n);
        });
    }

    /// The room's line: its code, how many watch.
    pub(super) fn room_line_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        let width = ui.available_width();
        ui.allocate_ui(Vec2::new(width, ROOM_LINE), |ui| {
            ui.set_min_height(ROOM_LINE);
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                if let Some(room) = remote.room() {
                    let line = i18n.t_args("online-room", &[("room", Arg::from(room))]);
                    ui.label(RichText::new(line).size(14.5).strong());
                }
                let watchers = remote.watchers();
                if watchers > 0 {
                    let line = i18n.t_args("watch-count", &[("n", Arg::from(watchers))]);
                    rows_label(ui, RichText::new(line).size(13.0), 1);
                }
            });
        });
    }

    /// The room's news, if any, in two rows at most (a phone shows it
    /// over what lies under the strip, where it takes no room when there
    /// is none).
    pub(super) fn room_news_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        if let Some(news) = self.news_text(i18n, remote) {
            rows_label(ui, RichText::new(news).strong(), 2);
        } else if remote.is_watching() {
            // Said plainly: nothing here plays.
            rows_label(ui, RichText::new(i18n.t("watch-you-watch")).strong(), 2);
        }
    }

    /// The online part of the play panel's middle: the turn clock, and
    /// before the start the invite and the lobby. Returns the host's
    /// Start, if pressed.
    pub fn online_ui(&mut self, ui: &mut Ui, i18n: &I18n) -> Option<OnlineAction> {
        let remote = self.source.remote()?;
        room_facts_ui(ui, i18n, remote);
        let started = remote.latest().is_started();
        if let Some(invite) = remote.invite() {
            invite_ui(ui, i18n, remote, &invite, started);
        }
        if !started && (remote.seat().is_some() || remote.is_watching()) {
            return self.lobby_ui(ui, i18n, remote);
        }
        None
    }

    /// Our own connection down (the count before the computer takes our
    /// seat), or just back; else the connection's other news.
    fn news_text(&self, i18n: &I18n, remote: &Remote<V>) -> Option<String> {
        let own = match &self.online.note {
            Some(OnlineNote::Reconnecting) | None => self.own_presence_note(i18n),
            Some(_) => None,
        };
        if own.is_some() {
            return own;
        }
        let note = self.online.note.as_ref()?;
        let server = remote
            .invite()
            .map(|i| i.server.to_string())
            .unwrap_or_default();
        Some(note_text(i18n, note, &server))
    }

    /// The seats filling before the start, each with its player, and the
    /// host's Start (returned when pressed).
    fn lobby_ui(&self, ui: &mut Ui, i18n: &I18n, remote: &Remote<V>) -> Option<OnlineAction> {
        let mut action = None;
        let r = remote.latest();
        let players = r.seats().len().max(2);
        let wanted = remote.players().unwrap_or(players);
        let seated = r.seats().len();
        // A full room waits for nobody but the host (issue 45).
        let key = if seated >= wanted {
            "online-lobby-full"
        } else {
            "net-waiting-players"
        };
        ui.label(i18n.t_args(
            key,
            &[
                ("seated", Arg::from(seated)),
                ("players", Arg::from(wanted)),
            ],
        ));
        for seat in V::seats_for(r.rules(), wanted).unwrap_or_default() {
            ui.label(format!(
                "{}: {}",
                V::colour(i18n, seat),
                seat_state(i18n, remote, seat, self.presence(seat))
            ));
        }
        if remote.is_watching() {
            ui.label(i18n.t("online-wait-host"));
        } else if remote.is_host() {
            // On a phone the main button is the Start.
            if !crate::app::layout::Layout::current(ui.ctx()).is_phone()
                && ui.button(i18n.t("online-start")).clicked()
            {
                action = Some(OnlineAction::Start);
            }
            ui.label(RichText::new(i18n.t("online-start-help")).small());
        } else {
            ui.label(i18n.t("online-wait-host"));
        }
        action
    }

    /// The room's settings, read-only: the host chose its rules and
    /// seats, and nothing here changes them (the settings of the game here
    /// are kept for the next game at this device).
    pub fn room_settings_ui(&mut self, ui: &mut Ui, i18n: &I18n) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        let mut mutes = Vec::new();
        ui.heading(i18n.t("online-room-settings-heading"));
        ui.label(RichText::new(i18n.t("online-room-settings-help")).weak());
        let r = remote.latest();
        let players = remote.players().unwrap_or(r.seats().len());
        ui.add_space(4.0);
        ui.strong(i18n.t_args("online-room-players", &[("n", Arg::from(players))]));
        for seat in V::seats_for(r.rules(), players).unwrap_or_default() {
            ui.label(format!(
                "{}: {}",
                V::colour(i18n, seat),
                seat_state(i18n, remote, seat, self.presence(seat))
            ));
        }
        // Mute a player: what they say is not shown, on this screen only.
        let own = remote.seat();
        let others: Vec<(V::Seat, String)> = r
            .seats()
            .iter()
            .filter(|s| Some(s.seat) != own && s.kind == SeatKind::Human)
            .map(|s| (s.seat, s.name.trim().to_string()))
            .collect();
        let (_, chat) = remote.room_options();
        if !others.is_empty() && chat != ca_ngua_protocol::ChatMode::Off {
            ui.add_space(4.0);
            ui.label(RichText::new(i18n.t("talk-mute")).strong());
            for (seat, name) in others {
                let mut muted = self.is_muted(seat);
                let label = if name.is_empty() {
                    V::colour(i18n, seat)
                } else {
                    name
                };
                if ui.checkbox(&mut muted, label).changed() {
                    mutes.push((seat, muted));
                }
            }
        }
        ui.add_space(4.0);
        egui::CollapsingHeader::new(i18n.t("online-room-rules"))
            .id_salt(("room-rules", V::ID))
            .default_open(true)
            .show(ui, |ui| V::rules_ui(r.rules(), ui, i18n));
        for (seat, muted) in mutes {
            self.set_muted(seat, muted);
        }
    }

    /// Starts the online game with computers of the default level.
    pub fn start_online_default(&mut self) {
        self.start_online(Level::Medium);
    }
}
