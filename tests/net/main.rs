//! Online play's tests, one binary (feature `net`): a real server on
//! 127.0.0.1, spoken to by a raw WebSocket test client (`common::net`) and
//! by the client library.

#[path = "../common/mod.rs"]
mod common;

mod client;
mod co_nhay;
mod dice_v3;
mod game;
mod headless;
mod pages;
mod presence;
mod refusals;
mod rematch;
mod restart;
mod resume;
mod server_cli;
mod table_v3;
mod tls;
mod watching;
