//! Cờ nhảy's files: the game in progress and the statistics round-trip
//! through `co-nhay/game.ron` and `co-nhay/stats.ron`, the saver writes
//! them off the frame, bad files are kept aside beside them, and old
//! preferences (without Cờ nhảy's fields) still load.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::kept_aside;
use ca_ngua_core::table::{Controller, InlineRunner};
use ca_ngua_data::co_nhay::stats::Stats;
use ca_ngua_data::prefs::{GameKind, PlayerKind, Prefs};
use ca_ngua_data::store::{GameFile, Saver, Store, StoreNotice};
use game_co_nhay::bots::{Budget, Level};
use game_co_nhay::engine::{Players, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;

use game_co_nhay::CoNhay;
type NhayStep = ca_ngua_core::table::Step<CoNhay>;
type NhayTable = ca_ngua_core::table::Table<CoNhay>;

/// A three-player game under way: a person and two computer players.
fn game_under_way() -> NhayTable {
    let mut controllers = [Controller::Computer(Level::Medium); 6];
    controllers[0] = Controller::Here;
    let arms: Vec<_> = Players::Three.arms().collect();
    let mut t = NhayTable::local(
        Rules::strict(),
        &arms,
        &controllers,
        StdRng::seed_from_u64(5),
        Box::new(InlineRunner::default()),
    )
    .expect("table")
    .with_budget(Budget::TEST);
    for _ in 0..12 {
        let arm = t.replica().turn().unwrap();
        if t.computer_to_act().is_some() {
            assert!(matches!(t.computer_step(), NhayStep::Acted(_)));
        } else {
            let mv = *t.replica().choices().first().unwrap();
            t.command(arm, t.seq(), ca_ngua_core::table::Command::Move(mv))
                .unwrap();
        }
    }
    t
}

#[test]
fn the_game_and_the_statistics_round_trip() {
    let dir = common::temp_dir("nhay-round-trip");
    let store = Store::at(dir.path());
    let (none, notice) = store.load_game::<CoNhay>(Box::new(InlineRunner::default()));
    assert!(none.is_none() && notice.is_none());
    assert_eq!(store.load_stats::<CoNhay>(), (Stats::default(), None));

    let table = game_under_way();
    store
        .save_game::<CoNhay>(&GameFile::of(&table, false))
        .unwrap();
    let text = std::fs::read_to_string(dir.join("co-nhay/game.ron")).unwrap();
    assert!(text.contains("kind: \"moved\""), "{text}");
    let (loaded, notice) = store.load_game::<CoNhay>(Box::new(InlineRunner::default()));
    assert_eq!(notice, None);
    let loaded = loaded.unwrap();
    assert!(!loaded.result_recorded);
    assert_eq!(loaded.table.replica(), table.replica());
    assert_eq!(loaded.table.controllers(), table.controllers());

    let mut stats = Stats::default();
    stats.record_move(game_co_nhay::engine::Arm::ALL[2], Controller::Here, 4);
    store.save_stats::<CoNhay>(&stats).unwrap();
    assert_eq!(store.load_stats::<CoNhay>(), (stats, None));
}

#[test]
fn the_saver_writes_cờ_nhảy_files_beside_the_others() {
    let dir = common::temp_dir("nhay-saver");
    let table = game_under_way();
    {
        let saver = Saver::new(Store::at(dir.path()));
        saver.save_game::<CoNhay>(GameFile::of(&table, true));
        let stats = Stats {
            games: 3,
            ..Stats::default()
        };
        saver.save_stats::<CoNhay>(&stats);
        saver.save_prefs(&Prefs::default());
        saver.flush();
        assert!(saver.notices().is_empty());
    }
    let store = Store::at(dir.path());
    let (loaded, _) = store.load_game::<CoNhay>(Box::new(InlineRunner::default()));
    assert!(loaded.unwrap().result_recorded);
    assert_eq!(store.load_stats::<CoNhay>().0.games, 3);
    assert!(dir.join("prefs.ron").exists());
}

#[test]
fn bad_files_are_kept_aside_in_their_folder() {
    let dir = common::temp_dir("nhay-bad");
    let store = Store::at(dir.path());
    std::fs::create_dir_all(dir.join("co-nhay")).unwrap();
    let table = game_under_way();
    store
        .save_game::<CoNhay>(&GameFile::of(&table, false))
        .unwrap();
    // A move changed by hand: the events no longer replay.
    let text = std::fs::read_to_string(dir.join("co-nhay/game.ron")).unwrap();
    let moved = text.find("move: \"").unwrap() + "move: \"".len();
    let end = moved + text[moved..].find('"').unwrap();
    let damaged = format!("{}0-1{}", &text[..moved], &text[end..]);
    std::fs::write(dir.join("co-nhay/game.ron"), damaged).unwrap();
    std::fs::write(dir.join("co-nhay/stats.ron"), "(version: 1, games: -3)").unwrap();

    let (game, notice) = store.load_game::<CoNhay>(Box::new(InlineRunner::default()));
    assert!(game.is_none());
    match notice {
        Some(StoreNotice::MovedAside { file, reason, .. }) => {
            assert_eq!(file, "co-nhay/game.ron");
            assert!(reason.contains("does not replay"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let (stats, notice) = store.load_stats::<CoNhay>();
    assert_eq!(stats, Stats::default());
    assert!(
        matches!(notice, Some(StoreNotice::MovedAside { .. })),
        "{notice:?}"
    );
    let folder = dir.join("co-nhay");
    assert_eq!(kept_aside(&folder, "game.ron").len(), 1);
    assert_eq!(kept_aside(&folder, "stats.ron").len(), 1);
    assert!(!folder.join("game.ron").exists() && !folder.join("stats.ron").exists());
    // A file from a newer version says so.
    std::fs::write(
        folder.join("stats.ron"),
        "(version: 9, games: 1, future_field: 2)",
    )
    .unwrap();
    match store.load_stats::<CoNhay>().1 {
        Some(StoreNotice::MovedAside { reason, .. }) => {
            assert!(reason.contains("newer version"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn preferences_keep_both_games_and_old_files_still_load() {
    let dir = common::temp_dir("nhay-prefs");
    let store = Store::at(dir.path());
    let prefs = Prefs {
        game: GameKind::CoNhay,
        games: ca_ngua_data::prefs::GamePrefs {
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 6,
                players: [PlayerKind::Bot(Level::Hard); 6],
                rules: Rules::quick(),
                fast_bots: true,
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    };
    store.save_prefs(&prefs).unwrap();
    assert_eq!(store.load_prefs(), (prefs, None));
    // A file written before Cờ nhảy came: Cờ Cá Ngựa in front, Cờ nhảy's
    // defaults.
    std::fs::write(
        dir.join("prefs.ron"),
        "(version: 1, player_count: 3, fast_bots: true)",
    )
    .unwrap();
    let (old, notice) = store.load_prefs();
    assert_eq!(notice, None);
    assert_eq!(old.game, GameKind::CaNgua);
    assert_eq!(old.games.ca_ngua.player_count, 3);
    assert_eq!(
        old.games.co_nhay,
        ca_ngua_data::co_nhay::prefs::Prefs::default()
    );
    // Five players is not a Cờ nhảy game: the file is kept aside.
    std::fs::write(
        dir.join("prefs.ron"),
        "(version: 1, game: co_nhay, nhay: (player_count: 5))",
    )
    .unwrap();
    let (p, notice) = store.load_prefs();
    assert_eq!(p, Prefs::default());
    match notice {
        Some(StoreNotice::MovedAside { reason, .. }) => {
            assert!(reason.contains("nhay.player_count"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}
