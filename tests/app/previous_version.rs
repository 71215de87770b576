//! Files written by the release before the games shared one shape (the
//! commit before `src/game/` existed): preferences, both games in progress,
//! both statistics, a saved rule set and a remembered online seat, kept in
//! `tests/data/previous-version/` as that build wrote them (the online
//! seat's server then changed to a loopback address, so that nothing here
//! could ever reach another machine). This
//! build reads every one of them without a notice, to the same values, and
//! the app opens on them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::{Window, harness};
use ca_ngua::app::App;
use ca_ngua_core::table::{Controller, InlineRunner};
use ca_ngua_data::prefs::{GameKind, Look, PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use game_ca_ngua::CaNgua;
use game_ca_ngua::bots::Level;
use game_ca_ngua::engine::Rules;
use game_co_nhay::CoNhay;
use game_co_nhay::engine::Rules as NhayRules;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/previous-version")
}

/// A copy of the fixtures to load (loading may write files back).
fn copy(to: &Path) {
    fn walk(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), &target).unwrap();
            }
        }
    }
    walk(&fixtures(), to);
}

/// The preferences the previous build saved.
fn saved_prefs() -> Prefs {
    Prefs {
        lang: Some(Lang::Vi),
        look: Look::Dark,
        online_name: "Lan".into(),
        game: GameKind::CoNhay, // Written before the welcome existed: a player who knows the app.
        welcomed: true,
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 3,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Hard),
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Easy),
                ],
                rules: Rules::traditional(),
                auto_roll: true,
                fast_bots: true,
                ..Default::default()
            },
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 3,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Hard),
                    PlayerKind::Bot(Level::Easy),
                    PlayerKind::Human,
                    PlayerKind::Human,
                    PlayerKind::Human,
                ],
                rules: NhayRules::strict(),
                fast_bots: false,
            },
        },
        ..Prefs::default()
    }
}

/// Where the previous build left each game in progress.
const CA_NGUA_SEQ: u64 = 80;
const CA_NGUA_POSITION: &str = "Y,Y,Y,Y/Y,Y,25,47/Y,6,19,33/- g 0";
const CO_NHAY_SEQ: u64 = 13;
const CO_NHAY_POSITION: &str = "1,2,3,4,5,6,7,8,9,14/-/66,67,75,76,86,87,88,99,100,101/-/73,74,83,84,85,95,97,106,107,108/- 0 -";

#[test]
fn every_file_of_the_previous_release_loads_to_the_same_values() {
    let dir = common::temp_dir("previous-version");
    copy(dir.path());
    let store = Store::at(dir.path());

    assert_eq!(store.load_prefs(), (saved_prefs(), None));

    let (game, notice) = store.load_game::<CaNgua>(Box::new(InlineRunner::default()));
    assert_eq!(notice, None);
    let game = game.expect("the Cờ Cá Ngựa game in progress");
    assert!(!game.result_recorded);
    assert_eq!(game.table.seq(), CA_NGUA_SEQ);
    assert_eq!(
        game.table.replica().position().unwrap().to_string(),
        CA_NGUA_POSITION
    );
    assert_eq!(
        game.table.controllers(),
        &[
            Controller::Here,
            Controller::Computer(Level::Hard),
            Controller::Here,
            Controller::Computer(Level::Easy)
        ]
    );
    assert_eq!(*game.table.rules(), Rules::traditional());

    let (game, notice) = store.load_game::<CoNhay>(Box::new(InlineRunner::default()));
    assert_eq!(notice, None);
    let game = game.expect("the Cờ nhảy game in progress");
    assert_eq!(game.table.seq(), CO_NHAY_SEQ);
    assert_eq!(
        game.table.replica().position().unwrap().to_string(),
        CO_NHAY_POSITION
    );
    assert_eq!(*game.table.rules(), NhayRules::strict());
    assert_eq!(game.table.controllers()[0], Controller::Here);

    let (stats, notice) = store.load_stats::<CaNgua>();
    assert_eq!(notice, None);
    assert_eq!(
        (stats.games, stats.faces_rolled(), stats.longest_game),
        (1, 438, 438)
    );
    let (stats, notice) = store.load_stats::<CoNhay>();
    assert_eq!(notice, None);
    assert_eq!(
        (stats.games, stats.longest_chain, stats.shortest_win),
        (1, 3, Some(81))
    );

    let (sets, notices) = store.rule_sets::<CaNgua>();
    assert_eq!(notices, vec![]);
    assert_eq!(sets.len(), 1);
    assert_eq!(
        (sets[0].name.as_str(), sets[0].rules.roll_cap),
        ("nhà Lan", 900)
    );

    let (seat, notice) = store.load_online();
    assert_eq!(notice, None);
    let seat = seat.expect("the remembered seat");
    assert_eq!(
        (seat.server.as_str(), seat.room.as_str(), seat.hosted),
        ("127.0.0.1:9", "K7M2QX", false)
    );
}

#[test]
fn the_app_opens_on_the_previous_release_files_where_the_player_left() {
    let dir = common::temp_dir("previous-version-app");
    copy(dir.path());
    // Not the online seat: coming back to it would reach for the network.
    std::fs::remove_file(dir.join("online.ron")).unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::En, None).with_inline_computers();
    assert_eq!(app.notices(), &[] as &[String]);
    assert_eq!(app.front(), GameKind::CoNhay);
    assert_eq!(app.prefs().lang, Some(Lang::Vi));
    let ngua = app.play::<CaNgua>().table().expect("a local game");
    assert_eq!(ngua.seq(), CA_NGUA_SEQ);
    let nhay = app.play::<CoNhay>().table().expect("a local game");
    assert_eq!(nhay.seq(), CO_NHAY_SEQ);
    assert_eq!(app.play::<CoNhay>().stats().games, 1);
    assert_eq!(app.play::<CaNgua>().stats().games, 1);
    // It draws, and the person (red, to move) can play on.
    let mut h = harness(app, Window::DEFAULT);
    h.run_steps(3);
    assert_eq!(h.state().phase(), ca_ngua::app::play::phase::Phase::Choose);
    assert_eq!(
        h.state()
            .play::<CoNhay>()
            .shown()
            .position()
            .unwrap()
            .to_string(),
        CO_NHAY_POSITION
    );
}
