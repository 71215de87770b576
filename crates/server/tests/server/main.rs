//! `ca-ngua-server`, the real program: its command line, and a restart
//! that keeps the rooms (the state folder). The server's rooms, pages and
//! protocol are tested through the library with the client, in
//! `crates/cli/tests/net`.

use ca_ngua_testkit as common;

/// The client library's players (`crates/cli/tests/net/client.rs` plays
/// with the same).
mod client {
    pub(crate) use ca_ngua_testkit::net::players::{
        Player, all_over, assert_whole, guest_joins, lan_creates, play, welcomed,
    };
}

/// The server's pages, read over HTTP.
mod pages {
    pub(crate) use ca_ngua_testkit::net::http::get;
}

mod restart;
mod server_cli;
