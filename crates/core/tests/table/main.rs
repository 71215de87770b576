//! The table (`ca_ngua_core::table`), one binary: both games played
//! through `Table<G>`: commands, numbered events, refusals, rankings.

mod ca_ngua;
mod co_nhay;
