//! What every game shares, naming none: the [`Game`](game::Game) trait
//! and its companions, levels, random numbers, rule files' frame, rules in
//! plain language, self-play written once; and the table
//! ([`Table`](table::Table), [`Replica`](table::Replica)), a game being
//! played, generic over the game. No I/O, no async.
#![forbid(unsafe_code)]

pub mod game;
pub mod table;
