//! Cờ Cá Ngựa's rooms: a link to a room through the network client, and
//! what the player typed to join.

use super::tbl::Event;
use crate::app::play::remote::{Link, LinkCommand, LinkUpdate, Remote};
use crate::ca_ngua::CaNgua;
use crate::net::client::{Client, ClientCommand, ClientUpdate, Request};
use crate::net::server::ServerHandle;
use crate::net::{Invite, ServerAddress};

impl Link<CaNgua> for Client {
    fn poll(&mut self) -> Vec<LinkUpdate<CaNgua>> {
        Client::poll(self)
            .into_iter()
            .map(|u| match u {
                ClientUpdate::Welcome { welcome, rebuilt } => LinkUpdate::Welcome {
                    seat: welcome.seat,
                    rules: welcome.rules,
                    room: welcome.room.clone(),
                    token: welcome.token.clone(),
                    seq: welcome.seq,
                    rebuilt,
                },
                ClientUpdate::Event(ev) => LinkUpdate::Event::<CaNgua>(Event {
                    seq: ev.seq,
                    event: ev.event,
                }),
                ClientUpdate::State(s) => LinkUpdate::State(s),
                ClientUpdate::Refused(r) => LinkUpdate::Refused(r),
            })
            .collect()
    }

    fn send(&mut self, cmd: LinkCommand<CaNgua>) {
        Client::send(
            self,
            match cmd {
                LinkCommand::Start(level) => ClientCommand::Start(level),
                LinkCommand::Roll => ClientCommand::Roll,
                LinkCommand::Move(mv) => ClientCommand::Move(mv),
                LinkCommand::Leave => ClientCommand::Leave,
            },
        );
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

/// Connects to `server` with `request`; `wake` is called when something
/// arrives. `host` is the server this app runs, when it hosts.
pub fn connect(
    server: ServerAddress,
    request: Request,
    wake: impl Fn() + Send + Sync + 'static,
    host: Option<ServerHandle>,
) -> Result<Remote<CaNgua>, String> {
    let client = Client::connect(server.clone(), request, wake).map_err(|e| e.to_string())?;
    Ok(Remote::new(Box::new(client), server, host))
}

/// What the player typed to join: a link, or an address and a code.
pub fn join_target(link_or_address: &str, code: &str) -> Result<Invite, crate::net::InviteError> {
    let text = link_or_address.trim();
    if text
        .get(..crate::net::INVITE_SCHEME.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(crate::net::INVITE_SCHEME))
    {
        return text.parse();
    }
    format!("{}{text}/{}", crate::net::INVITE_SCHEME, code.trim()).parse()
}
