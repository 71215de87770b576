//! Online play's tests, one binary (feature `net`): a real server on
//! 127.0.0.1, spoken to by a raw WebSocket test client (`common::net`) and
//! by the client library.

use ca_ngua_testkit as common;
#[path = "../support/cli.rs"]
mod cli_support;

mod client;
mod co_nhay;
mod dice_v3;
mod game;
mod headless;
mod pages;
mod presence;
mod refusals;
mod rematch;
mod resume;
mod table_v3;
mod tls;
mod watching;
mod web;
