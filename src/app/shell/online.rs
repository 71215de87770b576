//! Online play from the shell: hosting a room of the game in front on this
//! device, joining a room by link or code (its game is learnt from the
//! server's welcome, and the room goes to that game's screen), leaving,
//! the host's start, and coming back to a remembered seat.

use super::{App, front};
use crate::app::play::online_ui::OnlineAction;
use crate::app::play::remote::{Remote, join_target};
use crate::app::play::{Play, View};
use crate::platform::host::Host as ServerHandle;
use ca_ngua_client::{Client, ClientOptions, CloseReason, Connection, ConnectionState, Request};
use ca_ngua_core::game::Level;
use ca_ngua_games::{with_any, with_game};
use ca_ngua_protocol::ServerAddress;

/// A wake-up for an online client: a repaint of the window.
fn waker(ctx: &egui::Context) -> impl Fn() + Send + Sync + 'static {
    let ctx = ctx.clone();
    move || ctx.request_repaint()
}

/// A connection to a room whose game the server has not named yet.
#[derive(Debug)]
pub(super) struct Joining {
    connection: Connection,
}

impl Joining {
    /// The server being reached.
    pub(super) fn server(&self) -> String {
        self.connection.server().to_string()
    }

    /// Gives up reaching the room.
    pub(super) fn close(self) {
        self.connection.close();
    }
}

/// Opens a room of game `V` on `address` (served by `host`) under the
/// settings, and shows it on `V`'s screen.
fn host<V: View>(
    app: &mut App,
    ctx: &egui::Context,
    address: ServerAddress,
    host: Option<ServerHandle>,
    name: String,
) -> Result<(), String> {
    let prefs = &app.prefs;
    let request = Request::open::<V>(
        name,
        V::prefs_seats(prefs).len(),
        &V::prefs_rules(prefs),
        crate::app::play::online_ui::chat_mode(prefs.online_chat),
        prefs.online_turn_secs,
    );
    let client =
        Client::<V>::connect_with(address.clone(), request, ClientOptions::table(), waker(ctx))
            .map_err(|e| e.to_string())?;
    if let Some(server) = &host {
        // Who is connected changes with no event: the window hears it.
        server.wake_on_presence(waker(ctx));
    }
    go_online::<V>(app, Remote::new(Box::new(client), address, host));
    Ok(())
}

/// Shows a room on its game's screen, in front.
fn go_online<V: View>(app: &mut App, remote: Remote<V>) {
    Play::go_online(app.play_mut::<V>(), remote);
    app.prefs.game = ca_ngua_games::GameKind::of::<V>();
    app.saver.save_prefs(&app.prefs);
}

impl App {
    /// Comes back to a remembered online seat (at the first frame), and
    /// hands a room being joined to its game's screen once the server has
    /// named its game.
    pub(super) fn resume_online(&mut self, ctx: &egui::Context) {
        // A link the app was opened with comes before a remembered seat.
        // It opens the join dialog: the room, the name, Join or Watch.
        if let Some(link) = self.pending_join.take() {
            self.pending_resume = None;
            self.open_join_dialog(ctx, &link);
            if let Some((watch, name)) = self.join_at_once.take() {
                self.join_at_once(ctx, watch, name);
            }
        }
        if let Some(seat) = self.pending_rehost.take() {
            self.rehost(seat);
        }
        if let Some(seat) = self.pending_resume.take() {
            let Ok(server) = seat.server.parse::<ServerAddress>() else {
                self.saver.save_online(None);
                return;
            };
            let request = Request::Resume {
                room: seat.room.clone(),
                token: seat.token.clone(),
            };
            self.connect(ctx, server, request);
        }
        self.poll_joining(ctx);
    }

    /// Starts a connection to a room of a game yet unknown.
    pub(super) fn connect(&mut self, ctx: &egui::Context, server: ServerAddress, request: Request) {
        match Connection::connect_with(server, request, ClientOptions::table(), waker(ctx)) {
            Ok(connection) => self.joining = Some(Joining { connection }),
            Err(e) => {
                self.online_edit.error = Some(self.i18n.t_args(
                    "online-join-failed",
                    &[("reason", ca_ngua_i18n::Arg::from(e.to_string()))],
                ));
            }
        }
    }

    /// A room being joined: its screen once its game is known; why not,
    /// when it ends before.
    fn poll_joining(&mut self, ctx: &egui::Context) {
        let Some(joining) = &mut self.joining else {
            return;
        };
        if joining.connection.poll().is_none() {
            if let ConnectionState::Closed(reason) = joining.connection.state().clone() {
                self.joining = None;
                // Said in the join dialog, when the join came from it.
                if !matches!(reason, CloseReason::ByUser) && self.join_failed(&reason) {
                    return;
                }
                if !matches!(reason, CloseReason::ByUser) {
                    self.saver.save_online(None);
                    let note = crate::app::play::OnlineNote::Closed(reason);
                    self.online_edit.error = Some(crate::app::play::online_ui::note_text(
                        &self.i18n, &note, "",
                    ));
                }
            }
            return;
        }
        let Some(Joining { connection }) = self.joining.take() else {
            return;
        };
        let server = connection.server().clone();
        match connection.into_client() {
            Ok(client) => {
                self.join_done();
                // A first start that went straight to a friend's table:
                // the table is the welcome (issue 45); "Learn" stays in
                // the top bar.
                if self.welcome {
                    self.welcome = false;
                    self.prefs.welcomed = true;
                    self.saver.save_prefs(&self.prefs);
                }
                let host = self.reopened_host.take();
                if let Some(server) = &host {
                    server.wake_on_presence(waker(ctx));
                }
                with_any!(client, G, c => go_online::<G>(self, Remote::new(Box::new(c), server, host)));
            }
            Err(connection) => {
                self.joining = Some(Joining {
                    connection: *connection,
                })
            }
        }
    }

    /// Hosts again, on its port and from its kept state, the room this app
    /// hosted before it closed, and goes back into its seat; the friends'
    /// apps reconnect by themselves. If the port is taken meanwhile, says
    /// so and forgets the room.
    fn rehost(&mut self, seat: ca_ngua_data::store::OnlineSeat) {
        let port = seat.server.parse::<ServerAddress>().map(|a| a.port);
        let spawned = port.map_err(|e| e.to_string()).and_then(|port| {
            let bind = std::net::SocketAddr::new(self.host_ip, port);
            crate::platform::host::spawn(bind, self.server_config.clone())
                .map_err(|e| e.to_string())
        });
        match spawned {
            Ok(server) => {
                self.reopened_host = Some(server);
                self.pending_resume = Some(seat);
            }
            Err(e) => {
                self.saver.save_online(None);
                self.online_edit.error = Some(self.i18n.t_args(
                    "online-host-failed",
                    &[("reason", ca_ngua_i18n::Arg::from(e))],
                ));
            }
        }
    }

    /// Asks "Leave the room?" before leaving it. A watcher's "Stop
    /// watching" says what it does and is done at once; a watcher's "New
    /// game" asks first too (issue 55: it leaves the room as well).
    pub(super) fn ask_to_leave(&mut self, ctx: &egui::Context, then: super::LeaveThen) {
        let watching = front!(&self, _V, s => s.remote().is_some_and(|r| r.is_watching()));
        if watching && then != super::LeaveThen::NewGame {
            front!(&mut self, _V, s => s.leave_online());
            if then == super::LeaveThen::NewGame {
                self.intents.push(super::Intent::NewGame);
            }
            return;
        }
        self.leave_question = Some(then);
        self.confirm_focused = false;
        self.focus_before = ctx.memory(|m| m.focused());
    }

    /// True while a room is being joined and has not named its game yet.
    pub fn is_joining(&self) -> bool {
        self.joining.is_some()
    }

    /// Carries out a request about online play.
    pub(super) fn online(&mut self, ctx: &egui::Context, action: OnlineAction) {
        self.online_edit.error = None;
        let name = self.prefs.online_name.trim().to_string();
        match action {
            OnlineAction::Host if self.prefs.online_use_server => {
                // A room on the server named in the settings.
                let address =
                    match crate::app::play::online_ui::server_address(&self.prefs.online_server) {
                        Ok(a) => a,
                        Err(e) => {
                            self.online_edit.error = Some(self.i18n.t(e.key()));
                            return;
                        }
                    };
                let kind = self.prefs.game;
                let hosted = with_game!(kind, G => host::<G>(self, ctx, address, None, name));
                if let Err(e) = hosted {
                    self.online_edit.error = Some(self.i18n.t_args(
                        "online-host-failed",
                        &[("reason", ca_ngua_i18n::Arg::from(e))],
                    ));
                }
            }
            OnlineAction::Host => {
                let bind = std::net::SocketAddr::new(self.host_ip, 0);
                // One room hosted here at a time: an older one's state goes.
                if let Some(dir) = &self.server_config.state_dir {
                    let _ = std::fs::remove_dir_all(dir.join("rooms"));
                }
                let server = match crate::platform::host::spawn(bind, self.server_config.clone()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-host-failed",
                            &[("reason", ca_ngua_i18n::Arg::from(e.to_string()))],
                        ));
                        return;
                    }
                };
                let address = ServerAddress::new("127.0.0.1", server.addr().port());
                let kind = self.prefs.game;
                let hosted =
                    with_game!(kind, G => host::<G>(self, ctx, address, Some(server), name));
                if let Err(e) = hosted {
                    self.online_edit.error = Some(self.i18n.t_args(
                        "online-host-failed",
                        &[("reason", ca_ngua_i18n::Arg::from(e))],
                    ));
                }
            }
            OnlineAction::Join { address, code } => {
                let invite = match join_target(&address, &code) {
                    Ok(i) => i,
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t(e.key()));
                        return;
                    }
                };
                let request = Request::Join {
                    room: invite.room.clone(),
                    name,
                };
                self.connect(ctx, invite.server, request);
            }
            OnlineAction::Leave => self.ask_to_leave(ctx, super::LeaveThen::Back),
            OnlineAction::LeaveNow => front!(&mut self, _V, s => s.leave_online()),
            OnlineAction::Start => front!(&mut self, _V, s => s.start_online(Level::Medium)),
        }
    }
}
