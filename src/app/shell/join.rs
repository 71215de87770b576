//! One step from an invite: a link the app was opened with (or handed by a
//! later start) shows one small dialog — the room (its game, its host, the
//! seats taken, asked of the server's `/api/room/CODE` on a thread), the
//! player's name (from the settings; saved once typed) and **Vào chơi**
//! (Join), or **Xem ván** (Watch). What goes wrong is said there in words
//! a player understands: a full room, a game already started (watch it
//! instead), no such room, a server out of reach. The first start's
//! welcome waits until the dialog is done.

use super::App;
use ca_ngua_client::{CloseReason, Request};
use ca_ngua_client::{HealthError, RoomInfo};
use ca_ngua_core::table::ErrorCode;
use ca_ngua_games::GameKind;
use ca_ngua_i18n::{Arg, I18n};
use ca_ngua_protocol::Invite;
use egui::{RichText, Ui, Vec2};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the room's description may take.
const INFO_TIMEOUT: Duration = Duration::from_secs(5);

/// The room's description, asked off the frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum RoomLookup {
    /// Asking the server.
    #[default]
    Asking,
    /// The server answered (`None`: no room has this code).
    Found(Option<RoomInfo>),
    /// The server could not be asked.
    Failed(HealthError),
}

/// The join dialog, while open.
#[derive(Debug)]
pub(super) struct JoinDialog {
    /// The room, when the link reads as one.
    invite: Result<Invite, String>,
    /// The room's description.
    lookup: Arc<Mutex<RoomLookup>>,
    /// The name typed.
    name: String,
    /// Why the last try failed, in words.
    error: Option<String>,
    /// Joining (or watching) now: the buttons wait.
    busy: bool,
    /// The name field has had the focus once.
    focused: bool,
}

/// What the dialog asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum JoinChoice {
    Join,
    Watch,
    Cancel,
}

impl JoinDialog {
    /// The dialog for `link`, its room asked for at once (`ctx` is woken
    /// with the answer).
    fn open(i18n: &I18n, link: &str, name: &str, ctx: &egui::Context) -> JoinDialog {
        let invite = crate::app::play::remote::join_target(link, "").map_err(|e| i18n.t(e.key()));
        let lookup = Arc::new(Mutex::new(RoomLookup::Asking));
        if let Ok(invite) = &invite {
            let (invite, lookup, ctx) = (invite.clone(), lookup.clone(), ctx.clone());
            ca_ngua_client::room_info_then(invite, INFO_TIMEOUT, move |answer| {
                let found = match answer {
                    Ok(info) => RoomLookup::Found(info),
                    Err(e) => RoomLookup::Failed(e),
                };
                if let Ok(mut l) = lookup.lock() {
                    *l = found;
                }
                ctx.request_repaint();
            });
        }
        JoinDialog {
            invite,
            lookup,
            name: name.to_string(),
            error: None,
            busy: false,
            focused: false,
        }
    }

    /// The room's description as known now.
    pub(super) fn lookup(&self) -> RoomLookup {
        self.lookup.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

/// Why joining failed, in a player's words.
pub fn refusal_words(i18n: &I18n, reason: &CloseReason, server: &str) -> String {
    match reason {
        CloseReason::Refused(r) => match r.code {
            ErrorCode::RoomFull => i18n.t("join-full"),
            ErrorCode::AlreadyStarted => i18n.t("join-started"),
            ErrorCode::RoomNotFound => i18n.t("join-not-found"),
            ErrorCode::BadMessage => i18n.t("join-bad-name"),
            code => i18n.t(ca_ngua_protocol::error_key(code)),
        },
        CloseReason::Unreachable(_) => {
            i18n.t_args("join-unreachable", &[("server", Arg::from(server))])
        }
        other => crate::app::play::online_ui::note_text(
            i18n,
            &crate::app::play::OnlineNote::Closed(other.clone()),
            server,
        ),
    }
}

impl App {
    /// Shows the join dialog for `link` (the name from the settings).
    pub(super) fn open_join_dialog(&mut self, ctx: &egui::Context, link: &str) {
        let name = self.prefs.online_name.clone();
        self.join_dialog = Some(JoinDialog::open(&self.i18n, link, &name, ctx));
    }

    /// Joins (or watches) the open dialog's room at once under `name`, or
    /// the name remembered; with neither (or a link that names no room),
    /// the dialog stays and asks. What goes wrong is said in the dialog,
    /// as for a join from its button.
    pub(super) fn join_at_once(&mut self, ctx: &egui::Context, watch: bool, name: Option<String>) {
        let Some(d) = &mut self.join_dialog else {
            return;
        };
        if let Some(name) = name.filter(|n| !n.trim().is_empty()) {
            d.name = name;
        }
        if d.name.trim().is_empty() || d.invite.is_err() {
            return;
        }
        self.join_from_dialog(ctx, watch);
    }

    /// True while the join dialog is open.
    pub fn is_join_dialog_open(&self) -> bool {
        self.join_dialog.is_some()
    }

    /// A join started from the dialog ended before the welcome: why, in
    /// the dialog. Returns false when no dialog waits for it.
    pub(super) fn join_failed(&mut self, reason: &CloseReason) -> bool {
        let i18n = &self.i18n;
        let Some(d) = &mut self.join_dialog else {
            return false;
        };
        let server = d
            .invite
            .as_ref()
            .map(|i| i.server.to_string())
            .unwrap_or_default();
        d.error = Some(refusal_words(i18n, reason, &server));
        d.busy = false;
        true
    }

    /// The welcome came: the dialog's work is done.
    pub(super) fn join_done(&mut self) {
        self.join_dialog = None;
    }

    /// The join dialog: the room, the name, Join / Watch / Cancel.
    pub(super) fn join_modal(&mut self, ctx: &egui::Context) {
        let Some(d) = &mut self.join_dialog else {
            return;
        };
        let i18n = &self.i18n;
        let lookup = d.lookup();
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("join-room")).show(ctx, |ui| {
            // One width, whatever is typed or said: the buttons stay
            // under the pointer (issue 55: a window as wide as its words
            // re-centred as a name was typed).
            ui.set_width(crate::app::layout::dialog_width(ui.ctx(), 420.0));
            let (can_join, can_watch) = room_lookup_ui(ui, i18n, d, &lookup);
            // A game that has started takes no one: no Join to grey
            // (issue 45), Watch is the button.
            let started = matches!(&lookup, RoomLookup::Found(Some(info)) if info.started);
            let (named, enter) = join_name_ui(ui, i18n, d);
            let offer = Offer {
                join: can_join,
                watch: can_watch,
                show_join: !started,
            };
            choice = join_buttons_ui(ui, i18n, d, named && !d.busy, enter, offer);
        });
        match choice {
            Some(JoinChoice::Cancel) => {
                if let Some(j) = self.joining.take() {
                    j.close();
                }
                self.join_dialog = None;
            }
            Some(c) => self.join_from_dialog(ctx, c == JoinChoice::Watch),
            None => {}
        }
    }

    /// Joins (or watches) the dialog's room under the name typed, which
    /// the settings keep.
    fn join_from_dialog(&mut self, ctx: &egui::Context, watch: bool) {
        let Some(d) = &mut self.join_dialog else {
            return;
        };
        let Ok(invite) = d.invite.clone() else {
            return;
        };
        let name = d.name.trim().to_string();
        d.error = None;
        d.busy = true;
        if self.prefs.online_name.trim() != name {
            self.prefs.online_name = name.clone();
            self.saver.save_prefs(&self.prefs);
        }
        // A room shown here is left for this one.
        if self.any_online() {
            self.online(ctx, crate::app::play::online_ui::OnlineAction::LeaveNow);
        }
        let request = if watch {
            Request::Watch {
                room: invite.room.clone(),
                name,
            }
        } else {
            Request::Join {
                room: invite.room.clone(),
                name,
            }
        };
        self.connect(ctx, invite.server, request);
        if let Some(e) = self.online_edit.error.take()
            && let Some(d) = &mut self.join_dialog
        {
            d.error = Some(e);
            d.busy = false;
        }
    }
}

/// The room as its server describes it: the game, the host, the seats
/// taken, and whether it can still be joined.
fn room_ui(ui: &mut Ui, i18n: &I18n, info: &RoomInfo) {
    let game = GameKind::ALL
        .into_iter()
        .find(|k| k.id() == info.game)
        .map_or_else(
            || info.game.clone(),
            |k| i18n.t(&format!("game-{}", k.id())),
        );
    ui.label(RichText::new(game).strong().size(16.0));
    if let Some(host) = info.host() {
        ui.label(i18n.t_args("join-host", &[("name", Arg::from(host))]));
    }
    // The seats as the invite page says them, a computer's by its name
    // (issue 55).
    ui.label(seats_taken_words(i18n, info));
    if info.watchers > 0 {
        ui.label(i18n.t_args("watch-count", &[("n", Arg::from(info.watchers))]));
    }
    if info.started {
        ui.label(RichText::new(i18n.t("join-started")).strong());
    } else if info.full() {
        ui.label(RichText::new(i18n.t("join-full")).strong());
    }
}

/// The seats taken, as the invite page says them: "3 of 4 seats taken:
/// Minh, Lan, the computer" (a computer's seat by its name, issue 55).
pub fn seats_taken_words(i18n: &I18n, info: &RoomInfo) -> String {
    let seats = i18n.t_args(
        "invite-page-seats",
        &[
            ("seated", Arg::from(info.seated.len())),
            ("players", Arg::from(info.players)),
        ],
    );
    if info.seated.is_empty() {
        return seats;
    }
    let names = ca_ngua_protocol::seat_list(&info.seated, &i18n.t("invite-page-computer"));
    format!("{seats}: {names}")
}

/// The room's heading and what its server said of it; whether it can be
/// joined and watched.
fn room_lookup_ui(ui: &mut Ui, i18n: &I18n, d: &JoinDialog, lookup: &RoomLookup) -> (bool, bool) {
    let room = d
        .invite
        .as_ref()
        .map(|i| i.room.clone())
        .unwrap_or_default();
    ui.heading(i18n.t_args("join-title", &[("room", Arg::from(room))]));
    match (&d.invite, lookup) {
        (Err(e), _) => {
            ui.label(RichText::new(e).strong());
            (false, false)
        }
        (Ok(_), RoomLookup::Asking) => {
            ui.label(RichText::new(i18n.t("join-asking")).weak());
            (true, true)
        }
        (Ok(invite), RoomLookup::Failed(e)) => {
            ui.label(
                RichText::new(i18n.t_args(
                    "join-unreachable",
                    &[("server", Arg::from(invite.server.to_string()))],
                ))
                .strong(),
            );
            ui.label(RichText::new(i18n.t(e.key())).small());
            // The server may be older than its room pages: try.
            (true, true)
        }
        (Ok(_), RoomLookup::Found(None)) => {
            ui.label(RichText::new(i18n.t("join-not-found")).strong());
            (false, false)
        }
        (Ok(_), RoomLookup::Found(Some(info))) => {
            room_ui(ui, i18n, info);
            (!info.started && !info.full(), info.watch_open)
        }
    }
}

/// The name field (it takes the keys once the window has them) and what
/// is said under it; whether a name is typed and Enter was pressed in it.
fn join_name_ui(ui: &mut Ui, i18n: &I18n, d: &mut JoinDialog) -> (bool, bool) {
    ui.add_space(6.0);
    let label = ui.label(i18n.t("join-name"));
    let field = ui
        .add(egui::TextEdit::singleline(&mut d.name).desired_width(240.0))
        .labelled_by(label.id);
    crate::app::layout::keep_in_view(&field);
    // The name field takes the keys once the window has them: asked
    // before (a link opens the dialog on the very first frame), X11
    // windows under winit took no input at all afterwards (seen
    // under Xvfb: not a click, not a key).
    let window_focused = ui.input(|i| i.viewport().focused) != Some(false);
    if !d.focused && window_focused {
        d.focused = field.has_focus();
        field.request_focus();
    }
    let named = !d.name.trim().is_empty();
    // Its place kept once a name is typed: nothing below moves.
    ui.add_visible(
        !named,
        egui::Label::new(RichText::new(i18n.t("join-name-needed")).weak()).wrap(),
    );
    if let Some(e) = &d.error {
        ui.label(RichText::new(e).strong().color(ui.visuals().error_fg_color));
    }
    if d.busy {
        ui.label(RichText::new(i18n.t("join-busy")).weak());
    }
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    (named, enter)
}

/// What the dialog's buttons offer.
#[derive(Copy, Clone, Debug)]
struct Offer {
    /// Join is open.
    join: bool,
    /// Watch is open.
    watch: bool,
    /// Join is shown at all (not for a game that has started).
    show_join: bool,
}

/// Join, Watch and Cancel (`ready`: a name is typed and nothing is under
/// way); Enter joins, or watches a watch link or a room that has started.
fn join_buttons_ui(
    ui: &mut Ui,
    i18n: &I18n,
    d: &JoinDialog,
    ready: bool,
    enter: bool,
    offer: Offer,
) -> Option<JoinChoice> {
    let Offer {
        join: can_join,
        watch: can_watch,
        show_join,
    } = offer;
    let mut choice = None;
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        let big = |key: &str| {
            egui::Button::new(RichText::new(i18n.t(key)).size(17.0))
                .min_size(Vec2::new(120.0, 34.0))
        };
        // A watch link (an invite page's "Watch"), or a room that
        // has started: Enter watches.
        let prefer_watch = d.invite.as_ref().is_ok_and(|i| i.watch) || (!can_join && can_watch);
        let join = show_join
            && ui
                .add_enabled(ready && can_join, big("join-join"))
                .clicked();
        if join || (enter && ready && can_join && !prefer_watch) {
            choice = Some(JoinChoice::Join);
        }
        if ui
            .add_enabled(ready && can_watch, big("join-watch"))
            .clicked()
            || (enter && ready && can_watch && prefer_watch)
        {
            choice = Some(JoinChoice::Watch);
        }
        if ui.button(i18n.t("join-cancel")).clicked() {
            choice = Some(JoinChoice::Cancel);
        }
    });
    choice
}
