//! Players of the client library against a real server, and the checks
//! of what they saw (the tests of the client and of the server's restart).

use ca_ngua_client::{ClientCommand, Request};
use ca_ngua_core::table::ErrorCode;
use ca_ngua_games::GameKind;
use ca_ngua_protocol::RulesChoice;
use ca_ngua_protocol::ServerAddress;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Notify;

use game_ca_ngua::CaNgua;
pub type Event = ca_ngua_core::table::Event<CaNgua>;
pub type Client = ca_ngua_client::Client<CaNgua>;
pub type ClientUpdate = ca_ngua_client::ClientUpdate<CaNgua>;

pub const WAIT: Duration = Duration::from_secs(20);

/// Woken by every client, as the app's repaint would be.
pub static WOKEN: Notify = Notify::const_new();

/// Sleeps until a client has news (or a little while).
pub async fn woken() {
    let _ = tokio::time::timeout(Duration::from_millis(20), WOKEN.notified()).await;
}

/// A client and everything it reported.
pub struct Player {
    pub client: Client,
    pub updates: Vec<ClientUpdate>,
    pub wakes: Arc<AtomicUsize>,
    acted_at: Option<u64>,
    /// Updates before this one were looked at already.
    cursor: usize,
}

impl Player {
    pub fn connect(server: ServerAddress, request: Request) -> Player {
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = Arc::clone(&wakes);
        let client = Client::connect(server, request, move || {
            w.fetch_add(1, Ordering::Relaxed);
            WOKEN.notify_one();
        })
        .expect("client");
        Player {
            client,
            updates: Vec::new(),
            wakes,
            acted_at: None,
            cursor: 0,
        }
    }

    pub fn poll(&mut self) -> Vec<ClientUpdate> {
        let new = self.client.poll();
        self.updates.extend(new.iter().cloned());
        new
    }

    /// Polls until an update not looked at yet matches.
    pub async fn wait_for(
        &mut self,
        what: &str,
        f: impl Fn(&ClientUpdate) -> bool,
    ) -> ClientUpdate {
        let deadline = crate::wait::Deadline::after(WAIT);
        loop {
            self.poll();
            if let Some(i) = self.updates[self.cursor..].iter().position(&f) {
                self.cursor += i + 1;
                return self.updates[self.cursor - 1].clone();
            }
            assert!(
                !deadline.passed(),
                "waited too long for {what}: {:?}",
                self.updates.last()
            );
            woken().await;
        }
    }

    /// Plays one step if it is this client's turn (once per event).
    fn step(&mut self) {
        let Some(r) = self.client.replica() else {
            return;
        };
        if r.turn() != self.client.seat() || self.acted_at == Some(r.seq()) {
            return;
        }
        self.acted_at = Some(r.seq());
        match r.pending() {
            None => self.client.send(ClientCommand::Roll),
            Some(p) => {
                if let Some(mv) = p.moves.first() {
                    self.client.send(ClientCommand::Move(*mv));
                }
            }
        }
    }

    pub fn over(&self) -> bool {
        self.client.replica().is_some_and(|r| r.is_over())
    }

    pub fn events(&self) -> Vec<Event> {
        self.updates
            .iter()
            .filter_map(|u| match u {
                ClientUpdate::Event(e) => Some(e.clone()),
                _ => None,
            })
            .collect()
    }
}

/// Plays every player's turns until all games are over (or `until` says
/// to stop); a refused command is tried again on the next event.
pub async fn play(players: &mut [&mut Player], until: impl Fn(&[&mut Player]) -> bool) {
    let deadline = crate::wait::Deadline::after(Duration::from_secs(60));
    while !until(players) {
        for p in players.iter_mut() {
            for u in p.poll() {
                if let ClientUpdate::Refused(r) = u {
                    assert!(
                        matches!(r.code, ErrorCode::Stale | ErrorCode::NotYourTurn),
                        "{r}"
                    );
                    p.acted_at = None;
                }
            }
            p.step();
            p.cursor = p.updates.len();
        }
        deadline.check("the game ends in time");
        woken().await;
    }
}

pub fn all_over(players: &[&mut Player]) -> bool {
    players.iter().all(|p| p.over())
}

pub fn welcomed(u: &ClientUpdate) -> bool {
    matches!(u, ClientUpdate::Welcome { .. })
}

/// Lan opens a room for `players` under a preset.
pub fn lan_creates(players: usize, preset: &str) -> Request {
    Request::Create {
        game: GameKind::CaNgua,
        name: "Lan".into(),
        players,
        rules: RulesChoice::Preset(preset.into()),
    }
}

/// Minh joins `room` on `server`; answers once the host has heard of it
/// (the second event).
pub async fn guest_joins(host: &mut Player, server: ServerAddress, room: String) -> Player {
    let mut guest = Player::connect(
        server,
        Request::Join {
            room,
            name: "Minh".into(),
        },
    );
    guest.wait_for("the welcome", welcomed).await;
    host.wait_for(
        "the guest",
        |u| matches!(u, ClientUpdate::Event(e) if e.seq == 2),
    )
    .await;
    guest
}

/// Events numbered 1, 2, 3, … with no gap and none twice.
pub fn assert_whole(events: &[Event]) {
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "event {i}");
    }
}
