//! The desktop app's tests, one binary (feature `gui`): the app through
//! its accessibility tree (egui_kittest), both games and online play in it,
//! damaged files, its start through the real binary, and the installers'
//! files.

use ca_ngua_testkit as common;
mod ui_support;

mod a11y;
mod analysis_panel;
mod app_start;
mod bad_saves;
mod co_nhay_ui;
mod damaged_files;
mod feel;
mod first_minutes;
mod handoff;
mod invite_join;
mod learn_ui;
mod online_app;
mod online_co_nhay;
mod online_presence;
mod online_rematch;
mod online_table;
mod online_two_apps;
mod packaging;
mod phone;
mod phone_room;
mod phone_touch;
mod previous_version;
mod puzzles_ui;
mod records;
mod rule_codes;
mod table_steady;
mod table_trips;
mod teams;
mod tips_ui;
mod trips;
mod try_rules_ui;
mod ui;
mod who_played;
