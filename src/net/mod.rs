//! Online play (`PROTOCOL.md`): one server holds every game, rolls its
//! dice and checks every move on a [`Table`](crate::table::Table); each
//! person's client sends commands and rebuilds the game from the numbered
//! events it receives.
//!
//! - [`protocol`]: every message, as serde types, and the parsing that
//!   refuses bad input with the protocol's error codes;
//! - [`server`]: the axum server, rooms of every game side by side
//!   ([`server::spawn`] runs one in-process, [`server::serve`] on a
//!   runtime of the caller's);
//! - [`client`]: a client on a thread of its own that the app polls; it
//!   learns a room's game from the server's welcome.
//!
//! Also here, each in a module of its own and re-exported: a server's
//! address and the machine's addresses a host can give friends on the
//! same network (`address`), invite links (`ca-ngua://HOST:PORT/CODE`,
//! `invite`), asking a server over HTTP whether it answers and what it
//! says of a room (`health`), and the i18n keys of the network's
//! refusals (`keys`).

pub mod client;
pub mod dice;
pub mod protocol;
pub mod server;
pub mod tls;

mod address;
mod health;
mod invite;
mod keys;

pub use address::{InviteError, ServerAddress, after_http, lan_addresses};
pub use health::{HealthError, RoomInfo, check_health, http_get, room_info};
pub use invite::{INVITE_SCHEME, Invite};
pub use keys::error_key;
