//! The server, one binary: `ca-ngua-server`, the real program (its command
//! line, a restart that keeps the rooms), and the rooms, pages and protocol
//! through the library on 127.0.0.1, spoken to by a raw WebSocket test
//! client (`common::net`) and by the client library.

use ca_ngua_testkit as common;

/// The client library's players (`crates/client/tests/client` plays with
/// the same).
mod client {
    pub(crate) use ca_ngua_testkit::net::players::{
        Player, all_over, assert_whole, guest_joins, lan_creates, play, welcomed,
    };
}

mod co_nhay;
mod dice_v3;
mod game;
mod pages;
mod presence;
mod refusals;
mod rematch;
mod restart;
mod resume;
mod server_cli;
mod table_v3;
mod tls;
mod web;
