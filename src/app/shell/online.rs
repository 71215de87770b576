//! Online play from the shell: hosting a room on this device, joining
//! one, leaving, the host's start, and coming back to a remembered seat.

use super::CaNguaApp;
use crate::app::ca_ngua::online::{connect, join_target};
use crate::app::play::online_ui::OnlineAction;
use crate::app::play::remote::Remote;
use crate::ca_ngua::CaNgua;
use crate::game::Level;

/// A wake-up for an online client: a repaint of the window.
fn waker(ctx: &egui::Context) -> impl Fn() + Send + Sync + 'static {
    let ctx = ctx.clone();
    move || ctx.request_repaint()
}

impl CaNguaApp {
    /// Shows a room on its game's screen, in front.
    fn go_online(&mut self, remote: Remote<CaNgua>) {
        if let Some(play) = self.play_mut::<CaNgua>() {
            play.go_online(remote);
        }
        self.prefs.game = crate::any_game::GameKind::of::<CaNgua>();
    }

    /// Comes back to a remembered online seat (at the first frame).
    pub(super) fn resume_online(&mut self, ctx: &egui::Context) {
        let Some(seat) = self.pending_resume.take() else {
            return;
        };
        let Ok(server) = seat.server.parse::<crate::net::ServerAddress>() else {
            self.saver.save_online(None);
            return;
        };
        let request = crate::net::client::Request::Resume {
            room: seat.room.clone(),
            token: seat.token.clone(),
        };
        match connect(server, request, waker(ctx), None) {
            Ok(remote) => self.go_online(remote),
            Err(e) => self.online_edit.error = Some(e),
        }
    }

    /// Carries out a request about online play.
    pub(super) fn online(&mut self, ctx: &egui::Context, action: OnlineAction) {
        use crate::net::client::Request;
        use crate::net::protocol::RulesChoice;
        self.online_edit.error = None;
        let name = self.prefs.online_name.trim().to_string();
        match action {
            OnlineAction::Host => {
                let bind = std::net::SocketAddr::new(self.host_ip, 0);
                let server = match crate::net::server::spawn(bind, self.server_config.clone()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-host-failed",
                            &[("reason", crate::i18n::Arg::from(e.to_string()))],
                        ));
                        return;
                    }
                };
                let address = crate::net::ServerAddress::new("127.0.0.1", server.addr().port());
                let request = Request::Create {
                    name,
                    players: self.prefs.player_count,
                    rules: RulesChoice::Custom(self.prefs.rules),
                };
                match connect(address, request, waker(ctx), Some(server)) {
                    Ok(remote) => self.go_online(remote),
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-host-failed",
                            &[("reason", crate::i18n::Arg::from(e))],
                        ));
                    }
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
                match connect(invite.server, request, waker(ctx), None) {
                    Ok(remote) => self.go_online(remote),
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-join-failed",
                            &[("reason", crate::i18n::Arg::from(e))],
                        ));
                    }
                }
            }
            OnlineAction::Leave => self.front_mut().leave_online(),
            OnlineAction::Start => self.front_mut().start_online(Level::Medium),
        }
    }
}
