//! Every room and connection of a server, counted against its limits. The
//! registry knows a room only by its code and its inbox, never its game:
//! rooms of every game live side by side. A room holds a [`Lease`] on its
//! code, given back when the room's task ends; a connection holds a
//! [`Slot`], given back when it closes.

use super::codes::new_room_code;
use super::config::ServerConfig;
use super::mailbox::{ConnId, RoomMsg};
use super::presence::{Presence, SeatPresence};
use super::reopen::ReopenError;
use ca_ngua_core::table::{ErrorCode, Refusal};
use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, watch};

struct RoomEntry {
    inbox: mpsc::Sender<RoomMsg>,
    creator: IpAddr,
}

#[derive(Default)]
struct Counts {
    rooms: HashMap<String, RoomEntry>,
    rooms_by_ip: HashMap<IpAddr, usize>,
    conns_by_ip: HashMap<IpAddr, usize>,
    conns: usize,
}

/// Every room and connection of a server, and its limits.
pub(super) struct Registry {
    counts: Mutex<Counts>,
    config: Arc<ServerConfig>,
    stop: watch::Receiver<bool>,
    next_conn: AtomicU64,
    /// Events sent out since the server started (`/metrics`).
    events: AtomicU64,
    /// Who is connected in each room, for an app that runs this server
    /// in its own process (none for a server on its own).
    presence: Option<Presence>,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry").finish_non_exhaustive()
    }
}

fn decrement(map: &mut HashMap<IpAddr, usize>, ip: IpAddr) {
    if let Some(n) = map.get_mut(&ip) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(&ip);
        }
    }
}

impl Registry {
    /// A registry whose rooms keep `presence` up to date, when given.
    pub(super) fn new(
        config: ServerConfig,
        stop: watch::Receiver<bool>,
        presence: Option<Presence>,
    ) -> Registry {
        Registry {
            counts: Mutex::new(Counts::default()),
            config: Arc::new(config),
            stop,
            next_conn: AtomicU64::new(1),
            events: AtomicU64::new(0),
            presence,
        }
    }

    /// Rooms open now.
    pub(super) fn rooms_open(&self) -> usize {
        self.counts().rooms.len()
    }

    /// Events recorded by every room since the server started.
    pub(super) fn events_total(&self) -> u64 {
        self.events.load(Ordering::Relaxed)
    }

    /// Counts events a room recorded.
    pub(super) fn count_events(&self, n: usize) {
        self.events.fetch_add(n as u64, Ordering::Relaxed);
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // A panic elsewhere never leaves the counts half-written (every
        // change is one statement), so a poisoned lock is still good.
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How the server runs.
    pub(super) fn config(&self) -> &Arc<ServerConfig> {
        &self.config
    }

    /// Turns true when the server stops.
    pub(super) fn stop(&self) -> watch::Receiver<bool> {
        self.stop.clone()
    }

    /// A number for a new connection.
    pub(super) fn next_conn(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Connections open now.
    pub(super) fn connections(&self) -> usize {
        self.counts().conns
    }

    /// Counts a connection in, unless its address or the server is full.
    pub(super) fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let limits = &self.config.limits;
        let mut c = self.counts();
        let from_ip = c.conns_by_ip.get(&ip).copied().unwrap_or(0);
        if c.conns >= limits.max_connections || from_ip >= limits.max_connections_per_ip {
            return None;
        }
        c.conns += 1;
        *c.conns_by_ip.entry(ip).or_default() += 1;
        Some(Slot {
            registry: Arc::clone(self),
            ip,
        })
    }

    /// The inbox of the room with this code.
    pub(super) fn room(&self, code: &str) -> Option<mpsc::Sender<RoomMsg>> {
        self.counts().rooms.get(code).map(|r| r.inbox.clone())
    }

    /// Gives a new room, whose inbox is `inbox`, opened from `ip`, a code
    /// of its own, unless the server or the address has too many rooms.
    pub(super) fn reserve(
        self: &Arc<Self>,
        ip: IpAddr,
        inbox: mpsc::Sender<RoomMsg>,
    ) -> Result<Lease, Refusal> {
        let limits = &self.config.limits;
        let busy = || Refusal::new(ErrorCode::RateLimited, "the server cannot open a room now");
        let mut c = self.counts();
        if c.rooms.len() >= limits.max_rooms {
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                "the server has too many rooms open; try again later",
            ));
        }
        if c.rooms_by_ip.get(&ip).copied().unwrap_or(0) >= limits.max_rooms_per_ip {
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                "too many rooms open from your address; try again later",
            ));
        }
        let mut code = None;
        for _ in 0..64 {
            let candidate = new_room_code().ok_or_else(busy)?;
            if !c.rooms.contains_key(&candidate) {
                code = Some(candidate);
                break;
            }
        }
        let code = code.ok_or_else(busy)?;
        c.rooms
            .insert(code.clone(), RoomEntry { inbox, creator: ip });
        *c.rooms_by_ip.entry(ip).or_default() += 1;
        Ok(Lease {
            registry: Arc::clone(self),
            code,
        })
    }

    /// Takes the code of a room kept in the state folder by an earlier
    /// server (counted as a room, opened from no address).
    pub(super) fn reclaim(
        self: &Arc<Self>,
        code: &str,
        inbox: mpsc::Sender<RoomMsg>,
    ) -> Result<Lease, ReopenError> {
        let mut c = self.counts();
        if c.rooms.contains_key(code) {
            return Err(ReopenError::SameCode(code.to_string()));
        }
        let creator = IpAddr::V6(std::net::Ipv6Addr::UNSPECIFIED);
        c.rooms
            .insert(code.to_string(), RoomEntry { inbox, creator });
        *c.rooms_by_ip.entry(creator).or_default() += 1;
        Ok(Lease {
            registry: Arc::clone(self),
            code: code.to_string(),
        })
    }

    /// A room's task ended.
    fn close_room(&self, code: &str) {
        {
            let mut c = self.counts();
            if let Some(entry) = c.rooms.remove(code) {
                decrement(&mut c.rooms_by_ip, entry.creator);
            }
        }
        if let Some(p) = &self.presence {
            p.remove(code);
        }
    }
}

/// A room's hold on its code: the room is found by it until the lease is
/// dropped (when the room's task ends, however it ends).
pub(super) struct Lease {
    registry: Arc<Registry>,
    code: String,
}

impl Lease {
    /// Counts events the room recorded (`/metrics`).
    pub(super) fn count_events(&self, n: usize) {
        self.registry.count_events(n);
    }

    /// The room's code.
    pub(super) fn code(&self) -> &str {
        &self.code
    }

    /// Tells the app running this server (if one does) how the room's
    /// seats stand, by seat number.
    pub(super) fn publish_presence(&self, seats: impl FnOnce() -> Vec<SeatPresence>) {
        if let Some(p) = &self.registry.presence {
            p.set(&self.code, seats());
        }
    }
}

impl fmt::Debug for Lease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Lease").field(&self.code).finish()
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.registry.close_room(&self.code);
    }
}

/// A connection counted in; counted out when dropped.
pub(super) struct Slot {
    registry: Arc<Registry>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.registry.counts();
        c.conns = c.conns.saturating_sub(1);
        decrement(&mut c.conns_by_ip, self.ip);
    }
}
