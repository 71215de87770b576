//! Keeping everything: preferences, the game in progress, statistics and
//! custom rule sets round-trip through their files; bad files are kept
//! aside and never cost the player anything.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::kept_aside;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::{Controller, InlineRunner};
use ca_ngua_data::ca_ngua::stats::Stats;
use ca_ngua_data::prefs::{Look, PlayerKind, Prefs};
use ca_ngua_data::store::{
    GameFile, MemoryShelf, Saver, Shelf, Store, StoreNotice, export_rule_set, import_rule_set,
};
use ca_ngua_i18n::Lang;
use game_ca_ngua::engine::{Rules, Seat};
use game_ca_ngua::rules_file::RuleSet;
use game_co_nhay::CoNhay;

use game_ca_ngua::CaNgua;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;

fn runner() -> Box<InlineRunner<ca_ngua_core::table::BotJob<CaNgua>>> {
    Box::new(InlineRunner::default())
}

fn some_prefs() -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        look: Look::Dark,
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 3,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Random),
                ],
                rules: Rules::traditional(),
                auto_roll: true,
                auto_move: true,
                fast_bots: true,
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    }
}

#[test]
fn every_file_type_round_trips() {
    let dir = common::temp_dir("round-trip");
    let store = Store::at(dir.path());
    // Missing files read as defaults, without a notice.
    assert_eq!(store.load_prefs(), (Prefs::default(), None));
    let (none, notice) = store.load_game::<CaNgua>(runner());
    assert!(none.is_none() && notice.is_none());
    assert_eq!(store.load_stats::<CaNgua>(), (Stats::default(), None));

    let prefs = some_prefs();
    store.save_prefs(&prefs).unwrap();
    assert_eq!(store.load_prefs(), (prefs.clone(), None));
    let text = std::fs::read_to_string(dir.join("prefs.ron")).unwrap();
    assert!(text.contains("version: 2"), "{text}");

    let mut table = common::local_table(&prefs, 3);
    common::play_on(&mut table, 30);
    while table.replica().pending().is_none() {
        common::play_on(&mut table, 1);
    }
    store
        .save_game::<CaNgua>(&GameFile::of(&table, true))
        .unwrap();
    let text = std::fs::read_to_string(dir.join("game.ron")).unwrap();
    // A person can read it: notation strings, not numbers.
    assert!(text.contains("kind: \"rolled\""), "{text}");
    assert!(text.contains("Y,Y"), "{text}");
    let (loaded, notice) = store.load_game::<CaNgua>(runner());
    assert_eq!(notice, None);
    let loaded = loaded.unwrap();
    assert!(loaded.result_recorded);
    assert_eq!(loaded.table.replica(), table.replica());
    assert_eq!(loaded.table.events(), table.events());
    assert_eq!(loaded.table.controllers(), table.controllers());
    assert_eq!(
        loaded.table.replica().pending(),
        table.replica().pending(),
        "the waiting roll is kept"
    );

    let stats = Stats {
        faces: [1, 2, 3, 4, 5, 6],
        games: 9,
        ..Stats::default()
    };
    store.save_stats::<CaNgua>(&stats).unwrap();
    assert_eq!(store.load_stats::<CaNgua>(), (stats, None));

    let set = RuleSet::new("Nhà ngoại", Rules::casual());
    store.save_rule_set::<CaNgua>(&set).unwrap();
    let (sets, notices) = store.rule_sets::<CaNgua>();
    assert!(notices.is_empty());
    assert_eq!(sets, std::slice::from_ref(&set));
    store
        .rename_rule_set::<CaNgua>("Nhà ngoại", "Nhà nội")
        .unwrap();
    let (sets, _) = store.rule_sets::<CaNgua>();
    assert_eq!(
        sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
        ["Nhà nội"]
    );
    store.delete_rule_set::<CaNgua>("Nhà nội").unwrap();
    assert!(store.rule_sets::<CaNgua>().0.is_empty());
    // No temporary files are left behind.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn bad_files_are_kept_aside_and_defaults_used() {
    let dir = common::temp_dir("bad");
    let store = Store::at(dir.path());
    let good = {
        store.save_prefs(&some_prefs()).unwrap();
        std::fs::read_to_string(dir.join("prefs.ron")).unwrap()
    };
    let cases = [
        ("corrupt", "this is not RON at all {{{".to_string()),
        ("truncated", good[..good.len() / 2].to_string()),
        ("future version", good.replace("version: 2", "version: 7")),
        ("bad rules", good.replace("roll_cap: 10000", "roll_cap: 0")),
    ];
    for (what, text) in cases {
        for old in kept_aside(&dir, "prefs.ron") {
            std::fs::remove_file(old).unwrap();
        }
        std::fs::write(dir.join("prefs.ron"), &text).unwrap();
        let (prefs, notice) = store.load_prefs();
        assert_eq!(prefs, Prefs::default(), "{what}");
        assert!(
            matches!(notice, Some(StoreNotice::MovedAside { .. })),
            "{what}: {notice:?}"
        );
        assert!(!dir.join("prefs.ron").exists(), "{what}");
        let kept = kept_aside(&dir, "prefs.ron");
        assert_eq!(kept.len(), 1, "{what}");
        assert_eq!(
            std::fs::read_to_string(&kept[0]).unwrap(),
            text,
            "{what}: the data is kept"
        );
    }
    // The same for the game and the statistics.
    std::fs::write(dir.join("game.ron"), "(version: 1, session: (").unwrap();
    let (game, notice) = store.load_game::<CaNgua>(runner());
    assert!(game.is_none() && matches!(notice, Some(StoreNotice::MovedAside { .. })));
    assert_eq!(kept_aside(&dir, "game.ron").len(), 1);
    std::fs::write(dir.join("stats.ron"), "(version: 99)").unwrap();
    let (stats, notice) = store.load_stats::<CaNgua>();
    assert_eq!(stats, Stats::default());
    let reason = match notice {
        Some(StoreNotice::MovedAside { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert!(reason.contains("newer version"), "{reason}");
    // A bad rule set is kept aside too; good ones still load.
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::write(dir.join("rules/broken.ron"), "(version: 1, name: \"x\"").unwrap();
    store
        .save_rule_set::<CaNgua>(&RuleSet::new("fine", Rules::casual()))
        .unwrap();
    let (sets, notices) = store.rule_sets::<CaNgua>();
    assert_eq!(sets.len(), 1);
    assert_eq!(notices.len(), 1);
    assert_eq!(kept_aside(&dir.join("rules"), "broken.ron").len(), 1);
}

#[test]
fn a_game_that_does_not_replay_is_kept_aside() {
    let dir = common::temp_dir("bad-game");
    let store = Store::at(dir.path());
    let mut table = common::local_table(&Prefs::default(), 1);
    common::play_on(&mut table, 40);
    let mut game = GameFile::of(&table, false);
    // A move to a position the move does not give.
    let moved = game
        .table
        .events
        .iter_mut()
        .find_map(|e| match &mut e.event {
            EventKind::Moved { position, .. } => Some(position),
            _ => None,
        })
        .expect("a move");
    moved.streak = (moved.streak + 1) % 3;
    store.save_game::<CaNgua>(&game).unwrap();
    let (loaded, notice) = store.load_game::<CaNgua>(runner());
    assert!(loaded.is_none());
    let reason = match notice {
        Some(StoreNotice::MovedAside { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert!(reason.contains("does not replay"), "{reason}");
    assert_eq!(kept_aside(&dir, "game.ron").len(), 1);
}

/// A game saved by the first version (the state and a move log) continues
/// from its state, its waiting roll and who plays each colour kept.
#[test]
fn a_game_saved_by_version_1_continues() {
    let dir = common::temp_dir("v1-game");
    let v1 = r#"(
    version: 1,
    session: (
        config: (
            seats: [Red, Green, Yellow, Blue],
            players: (human, bot(medium), bot(hard), human),
            rules: (dice: one, exit_rolls: six, bonus_after_kick: false, bonus_after_finish: false, three_in_a_row_forfeit: true, safe_squares: starts_and_stars, pairs: ordinary, no_passing: false, forced_kick: false, forced_exit: false, home_column: exact, game_end: first_winner_by_horses_home, direction: clockwise, scoring: false, roll_cap: 900),
        ),
        game: (
            rules: (dice: one, exit_rolls: six, bonus_after_kick: false, bonus_after_finish: false, three_in_a_row_forfeit: true, safe_squares: starts_and_stars, pairs: ordinary, no_passing: false, forced_kick: false, forced_exit: false, home_column: exact, game_end: first_winner_by_horses_home, direction: clockwise, scoring: false, roll_cap: 900),
            position: "Y,Y,5,57/Y,Y,Y,20/Y,Y,Y,Y/Y,Y,Y,Y r 0",
            rolls: 77,
            finished: [],
            capped: false,
            concluded: false,
            ledger: None,
        ),
        pending_roll: Some("4"),
        log: [(seat: Red, roll: "6", event: Exit), (seat: Green, roll: "2", event: Pass)],
    ),
    result_recorded: false,
)
"#;
    std::fs::write(dir.join("game.ron"), v1).unwrap();
    let store = Store::at(dir.path());
    let (loaded, notice) = store.load_game::<CaNgua>(runner());
    assert_eq!(notice, None);
    let saved = loaded.expect("loads");
    let r = saved.table.replica();
    let game = r.game().unwrap();
    assert_eq!(
        game.position().to_string(),
        "Y,Y,5,57/Y,Y,Y,20/Y,Y,Y,Y/Y,Y,Y,Y r 0"
    );
    assert_eq!(game.rolls(), 77);
    assert_eq!(r.pending().map(|p| p.roll.to_string()), Some("4".into()));
    assert_eq!(
        saved.table.controllers(),
        [
            Controller::Here,
            Controller::Computer(Level::Medium),
            Controller::Computer(Level::Hard),
            Controller::Here,
        ]
    );
    // Saved again, it is a version 2 file that restores the same.
    store
        .save_game::<CaNgua>(&GameFile::of(&saved.table, false))
        .unwrap();
    let (again, _) = store.load_game::<CaNgua>(runner());
    assert_eq!(again.unwrap().table.replica(), saved.table.replica());
}

/// The saver writes off the caller's thread, keeps only the newest of a
/// file, and has written everything once flushed or dropped.
#[test]
fn the_saver_writes_the_newest_and_loses_nothing() {
    let dir = common::temp_dir("saver");
    let saver = Saver::new(Store::at(dir.path()));
    for games in 0..50 {
        saver.save_stats::<CaNgua>(&Stats {
            games,
            ..Stats::default()
        });
    }
    saver.flush();
    let (stats, _) = Store::at(dir.path()).load_stats::<CaNgua>();
    assert_eq!(stats.games, 49);
    saver.save_prefs(&some_prefs());
    drop(saver);
    assert_eq!(Store::at(dir.path()).load_prefs().0, some_prefs());
    // An unwritable place: a notice, not a crash.
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, "x").unwrap();
    let (store, _) = Store::from_override(Some(blocker.join("sub")));
    let saver = Saver::new(store);
    saver.save_stats::<CaNgua>(&Stats::default());
    saver.flush();
    assert!(matches!(
        saver.notices().as_slice(),
        [StoreNotice::CannotWrite { .. }]
    ));
}

#[test]
fn an_unwritable_place_gives_notices_not_crashes() {
    let dir = common::temp_dir("unwritable");
    // A file where the directory should be: nothing can be created in it
    // (this holds even for root, unlike permissions).
    let blocker = dir.join("not-a-dir");
    std::fs::write(&blocker, "a file").unwrap();
    let (store, notice) = Store::from_override(Some(blocker.join("ca-ngua")));
    assert!(
        matches!(notice, Some(StoreNotice::CannotWrite { .. })),
        "{notice:?}"
    );
    let r = store.save_prefs(&Prefs::default());
    assert!(matches!(r, Err(StoreNotice::CannotWrite { .. })), "{r:?}");
    // Reading gives defaults (with a notice at most).
    let (prefs, notice) = store.load_prefs();
    assert_eq!(prefs, Prefs::default());
    assert!(!matches!(notice, Some(StoreNotice::MovedAside { .. })));
    assert!(store.save_stats::<CaNgua>(&Stats::default()).is_err());
}

#[test]
fn the_environment_override_picks_the_directory() {
    let dir = common::temp_dir("override");
    let (store, notice) = Store::from_override(Some(dir.to_path_buf()));
    assert_eq!(notice, None);
    assert_eq!(store.dir(), Some(dir.path()));
    // Without an override: the platform's config directory for the app.
    let (default, _) = Store::from_override(None);
    if let Some(d) = default.dir() {
        assert!(d.to_string_lossy().contains("ca-ngua"), "{}", d.display());
    }
}

#[test]
fn rule_sets_export_and_import_and_bad_imports_name_the_field() {
    let dir = common::temp_dir("export");
    let mut rules = Rules::standard();
    rules.no_passing = true;
    let set = RuleSet::new("Không vượt", rules);
    let file = dir.join("friend.ron");
    export_rule_set(&set, &file).unwrap();
    assert_eq!(import_rule_set::<RuleSet>(&file).unwrap(), set);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("forced_kick", "forced_kik")).unwrap();
    let err = import_rule_set::<RuleSet>(&file).unwrap_err().to_string();
    assert!(err.contains("forced_kik"), "{err}");
    std::fs::write(&file, text.replace("pairs: ordinary", "pairs: sometimes")).unwrap();
    let err = import_rule_set::<RuleSet>(&file).unwrap_err().to_string();
    assert!(err.contains("sometimes"), "{err}");
    let err = import_rule_set::<RuleSet>(&dir.join("missing.ron"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("missing.ron"), "{err}");
    assert!(!ca_ngua_data::store::valid_rule_set_name("../etc"));
    assert!(!ca_ngua_data::store::valid_rule_set_name("  "));
    assert!(ca_ngua_data::store::valid_rule_set_name("Luật nhà bà"));
    let _ = Seat::Red;
}

#[test]
fn statistics_from_a_hand_edited_file_never_overflow() {
    let dir = common::temp_dir("huge-stats");
    std::fs::write(
        dir.join("stats.ron"),
        "(version: 1, games: 18446744073709551615, \
         faces: (18446744073709551615, 18446744073709551615, 5, 0, 0, 1))",
    )
    .unwrap();
    let (mut stats, notice) = Store::at(dir.path()).load_stats::<CaNgua>();
    assert!(notice.is_none(), "{notice:?}");
    assert_eq!(stats.faces_rolled(), u64::MAX);
    stats.record_roll("1".parse().unwrap());
    stats.record_roll("3".parse().unwrap());
    assert_eq!(stats.faces[0], u64::MAX);
    assert_eq!(stats.faces[2], 6);
    assert!(stats.chi_squared().is_finite());
}

/// `prefs.ron` as the last build of version 1 wrote it (every field of
/// main at c8ad4fb, `prefs-version-1/` beside this file): it loads without a
/// notice to the same values, each game's settings in its own section, and
/// is written back as version 2, which reads back the same.
#[test]
fn preferences_of_version_1_load_to_the_same_values_and_save_as_version_2() {
    use ca_ngua_data::prefs::{GameKind, OnlineChat};
    use game_co_nhay::engine::{GameEnd, OtherArms, Rules as NhayRules};
    let dir = common::temp_dir("prefs-version-1");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/files/prefs-version-1/prefs.ron");
    std::fs::copy(&fixture, dir.join("prefs.ron")).unwrap();
    let store = Store::at(dir.path());
    let mut rules = Rules::standard();
    // The file's Cờ Cá Ngựa rules, field by field.
    rules.exit_rolls = game_ca_ngua::engine::ExitRolls::Six;
    rules.three_in_a_row_forfeit = true;
    rules.safe_squares = game_ca_ngua::engine::SafeSquares::StartsAndStars;
    rules.no_passing = false;
    rules.forced_kick = false;
    rules.forced_exit = false;
    rules.home_column = game_ca_ngua::engine::HomeColumn::Exact;
    rules.game_end = game_ca_ngua::engine::GameEnd::FirstWinnerByHorsesHome;
    rules.direction = game_ca_ngua::engine::Direction::Clockwise;
    rules.scoring = false;
    rules.roll_cap = 900;
    let expected = Prefs {
        lang: Some(Lang::En),
        look: Look::Light,
        muted: true,
        volume: 35,
        all_numbers: true,
        online_name: "Minh".into(),
        online_use_server: true,
        online_server: "127.0.0.1:9".into(),
        online_chat: OnlineChat::Text,
        online_turn_secs: 30,
        game: GameKind::CaNgua,
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Easy),
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Human,
                ],
                rules,
                auto_roll: false,
                auto_move: true,
                fast_bots: true,
            },
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 6,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Hard),
                    PlayerKind::Bot(Level::Easy),
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Medium),
                    PlayerKind::Bot(Level::Random),
                ],
                rules: NhayRules {
                    anti_blocking: false,
                    other_arms: OtherArms::Allowed,
                    game_end: GameEnd::FirstWinner,
                },
                fast_bots: true,
            },
        },
        welcomed: true,
        lesson_stars: [("cn-board".to_string(), 3), ("nh-board".to_string(), 1)]
            .into_iter()
            .collect(),
        ..Prefs::default()
    };
    assert_eq!(store.load_prefs(), (expected.clone(), None));
    store.save_prefs(&expected).unwrap();
    let text = std::fs::read_to_string(dir.join("prefs.ron")).unwrap();
    assert!(text.contains("version: 2"), "{text}");
    assert!(text.contains("co_nhay: ("), "{text}");
    // No game's setting is left at the top.
    assert!(!text.contains("\n    player_count"), "{text}");
    assert_eq!(store.load_prefs(), (expected, None));
}

/// In a browser the files are texts on the page's storage (a shelf): the
/// same round trips, under `ca-ngua/` and each file's name, a bad text kept
/// aside beside itself, and nothing written outside the prefix.
#[test]
fn a_store_on_a_shelf_keeps_the_same_files_as_texts() {
    let shelf = std::sync::Arc::new(MemoryShelf::default());
    shelf.set("someone-else", "theirs").unwrap();
    let store = Store::on_shelf(shelf.clone());
    assert!(store.is_on_shelf() && store.dir().is_none());
    assert_eq!(store.load_prefs(), (Prefs::default(), None));

    let prefs = some_prefs();
    store.save_prefs(&prefs).unwrap();
    assert_eq!(store.load_prefs(), (prefs.clone(), None));
    let text = shelf.get("ca-ngua/prefs.ron").unwrap().unwrap();
    assert!(text.contains("version: 2"), "{text}");

    // A game in progress comes back from the shelf as it was left.
    let mut table = common::local_table(&prefs, 3);
    common::play_on(&mut table, 30);
    store
        .save_game::<CaNgua>(&GameFile::of(&table, false))
        .unwrap();
    assert!(shelf.get("ca-ngua/game.ron").unwrap().is_some());
    let (loaded, notice) = store.load_game::<CaNgua>(runner());
    assert_eq!(notice, None);
    assert_eq!(loaded.unwrap().table.events(), table.events());

    // Rule sets, by name, in the game's folder of keys.
    store
        .save_rule_set::<CaNgua>(&RuleSet::new("Nhà ngoại", Rules::casual()))
        .unwrap();
    store
        .save_rule_set::<CoNhay>(&game_co_nhay::rules_file::RuleSet::new(
            "Nhảy xa",
            game_co_nhay::engine::Rules::default(),
        ))
        .unwrap();
    let names = |sets: Vec<RuleSet>| sets.into_iter().map(|s| s.name).collect::<Vec<_>>();
    assert_eq!(names(store.rule_sets::<CaNgua>().0), ["Nhà ngoại"]);
    assert_eq!(store.rule_sets::<CoNhay>().0.len(), 1);
    store.delete_rule_set::<CaNgua>("Nhà ngoại").unwrap();
    assert!(store.rule_sets::<CaNgua>().0.is_empty());

    // A bad text is kept aside under its own key, and defaults are used.
    shelf.set("ca-ngua/prefs.ron", "not RON {{{").unwrap();
    let (back, notice) = store.load_prefs();
    assert_eq!(back, Prefs::default());
    let kept_as = match notice {
        Some(StoreNotice::MovedAside { kept_as, .. }) => kept_as,
        other => panic!("{other:?}"),
    };
    let kept_key = kept_as.to_string_lossy().into_owned();
    assert!(kept_key.starts_with("ca-ngua/prefs.ron.bad-"), "{kept_key}");
    assert_eq!(
        shelf.get(&kept_key).unwrap().as_deref(),
        Some("not RON {{{")
    );
    assert_eq!(shelf.get("ca-ngua/prefs.ron").unwrap(), None);

    let mut keys = shelf.keys();
    keys.retain(|k| !k.starts_with("ca-ngua/"));
    assert_eq!(keys, ["someone-else"], "nothing outside the prefix");
}
