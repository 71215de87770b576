//! The records of past games in the data folder: both games in one
//! folder, newest first, the newest 200 kept, a damaged record moved
//! aside with a notice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::records::played;
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::{Controller, InlineRunner, Table};
use ca_ngua_data::record::{AnyRecord, Player, Record, Recorder, UtcDate};
use ca_ngua_data::store::{RECORDS_KEPT, RecordId, Store, StoreNotice};
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The record of a game just begun, at `date`.
fn begun(date: u64) -> AnyRecord {
    let rules = CaNgua::standard_rules();
    let seats = CaNgua::seats_for(&rules, 2).unwrap();
    let t = Table::<CaNgua>::local(
        rules,
        &seats,
        &[Controller::Here; 4],
        StdRng::seed_from_u64(date),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    AnyRecord::CaNgua(Recorder::of_table(&t, UtcDate(date)).unwrap())
}

fn files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn records_of_both_games_are_listed_newest_first_and_load_back() {
    let dir = common::temp_dir("records-list");
    let store = Store::at(dir.path());
    let ngua = played::<CaNgua>(CaNgua::standard_rules(), 3, Level::Easy, 1);
    let ngua = Recorder::of_table(&ngua, UtcDate(1_773_480_413)).unwrap();
    let nhay = played::<CoNhay>(CoNhay::standard_rules(), 2, Level::Easy, 2);
    let nhay = Recorder::of_table(&nhay, UtcDate(1_773_480_500)).unwrap();
    let a = store
        .records()
        .save(&AnyRecord::CaNgua(ngua.clone()))
        .unwrap();
    let b = store
        .records()
        .save(&AnyRecord::CoNhay(nhay.clone()))
        .unwrap();
    assert_eq!(a.as_str(), "20260314-092653-ca-ngua");
    assert_eq!(b.as_str(), "20260314-092820-co-nhay");
    assert_eq!(
        files(&dir.join("records")),
        ["20260314-092653-ca-ngua.txt", "20260314-092820-co-nhay.txt"]
    );
    // The file is the record's text, readable as it is.
    let text = std::fs::read_to_string(dir.join("records").join("20260314-092820-co-nhay.txt"));
    assert_eq!(text.unwrap(), nhay.to_text());
    let (list, notices) = store.records().list();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].id, b, "newest first");
    assert_eq!(list[0].game, ca_ngua_games::GameKind::CoNhay);
    assert_eq!(list[1].date, UtcDate(1_773_480_413));
    assert_eq!(list[1].seats.len(), 3);
    assert_eq!(list[1].seats[0].player, Player::Computer(Some(Level::Easy)));
    assert_eq!(list[1].steps, ngua.steps.len());
    let places: Vec<Vec<String>> = ngua
        .result
        .clone()
        .unwrap()
        .iter()
        .map(|p| p.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(list[1].result, Some(places));
    assert_eq!(store.records().load(&a).unwrap(), AnyRecord::CaNgua(ngua));
    assert_eq!(store.records().load(&b).unwrap(), AnyRecord::CoNhay(nhay));
}

#[test]
fn a_game_in_progress_keeps_its_file_and_games_of_one_second_get_their_own() {
    let dir = common::temp_dir("records-progress");
    let store = Store::at(dir.path());
    let first = store.records().save(&begun(1_000_000)).unwrap();
    let second = store.records().save(&begun(1_000_000)).unwrap();
    assert_ne!(first, second);
    assert_eq!(second.as_str(), format!("{first}-2"));
    // The first game goes on: its file is written again, no new one.
    let mut more: Record<CaNgua> = store
        .records()
        .load(&first)
        .unwrap()
        .into_game::<CaNgua>()
        .unwrap();
    more.seats[0].name = "Lan".into();
    store
        .records()
        .replace(&first, &AnyRecord::CaNgua(more.clone()))
        .unwrap();
    assert_eq!(files(&dir.join("records")).len(), 2);
    assert_eq!(
        store.records().load(&first).unwrap(),
        AnyRecord::CaNgua(more)
    );
    // A store that keeps nothing answers and writes nothing.
    assert!(Store::none().records().save(&begun(5)).is_ok());
    assert!(Store::none().records().list().0.is_empty());
}

#[test]
fn only_the_newest_200_are_kept() {
    let dir = common::temp_dir("records-prune");
    let store = Store::at(dir.path());
    let record = begun(0);
    let at = |i: u64| match &record {
        AnyRecord::CaNgua(r) => {
            let mut r = r.clone();
            r.date = UtcDate(1_700_000_000 + 60 * i);
            AnyRecord::CaNgua(r)
        }
        AnyRecord::CoNhay(_) => unreachable!(),
    };
    let ids: Vec<RecordId> = (0..RECORDS_KEPT as u64 + 3)
        .map(|i| store.records().save(&at(i)).unwrap())
        .collect();
    let kept = files(&dir.join("records"));
    assert_eq!(kept.len(), RECORDS_KEPT);
    assert_eq!(kept[0], format!("{}.txt", ids[3]), "the three oldest went");
    assert_eq!(
        kept[RECORDS_KEPT - 1],
        format!("{}.txt", ids[RECORDS_KEPT + 2])
    );
    let (list, _) = store.records().list();
    assert_eq!(list.len(), RECORDS_KEPT);
    assert_eq!(list[0].id, ids[RECORDS_KEPT + 2]);
    assert_eq!(store.records().prune(), Ok(0));
}

#[test]
fn a_damaged_record_is_moved_aside_with_a_notice() {
    let dir = common::temp_dir("records-damaged");
    let store = Store::at(dir.path());
    let good = store.records().save(&begun(2_000_000)).unwrap();
    let bad = store.records().save(&begun(3_000_000)).unwrap();
    let newer = store.records().save(&begun(4_000_000)).unwrap();
    let folder = dir.join("records");
    let path = |id: &RecordId| folder.join(format!("{id}.txt"));
    // A step the engine refuses: the record reads, but does not replay.
    let text = std::fs::read_to_string(path(&bad)).unwrap();
    std::fs::write(path(&bad), format!("{text}r 6 40-46\n")).unwrap();
    let text = std::fs::read_to_string(path(&newer)).unwrap();
    std::fs::write(path(&newer), text.replacen("Record: 1", "Record: 7", 1)).unwrap();
    match store.records().load(&bad) {
        Err(StoreNotice::MovedAside {
            kept_as, reason, ..
        }) => {
            assert!(reason.starts_with("line 10: "), "{reason}");
            let name = kept_as.file_name().unwrap().to_string_lossy().into_owned();
            assert!(name.starts_with(&format!("{bad}.txt.bad-")), "{name}");
            assert!(kept_as.exists());
        }
        other => panic!("{other:?}"),
    }
    assert!(!path(&bad).exists());
    // The list meets the newer one: aside too, saying so.
    let (list, notices) = store.records().list();
    assert_eq!(list.iter().map(|s| &s.id).collect::<Vec<_>>(), [&good]);
    match notices.as_slice() {
        [StoreNotice::MovedAside { reason, .. }] => {
            assert!(reason.contains("newer version"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(files(&folder).len(), 3, "one record and two kept aside");
    // A record that is not there, or an id that is not a record's.
    assert!(matches!(
        store.records().load(&bad),
        Err(StoreNotice::Unreadable { .. })
    ));
}
