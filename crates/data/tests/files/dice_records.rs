//! Records of online games keep the round's dice that anyone can check
//! (PROTOCOL.md version 3): the commit, every seat's seed, the rolls'
//! numbers and the revealed seed, in format 2 of the record; each round of
//! a room is its own record; `ca-ngua-cli record verify` checks the dice
//! again, refuses a record whose roll was changed, and says when a record
//! has no dice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::fair::{self, client_seeds};
use crate::common::records::{DATE, played};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::EventKind;
use ca_ngua_data::record::{Record, RecordDice, Recorder};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};

/// A record of format 1 (before dice were kept), as an older version wrote
/// it.
const FORMAT_1: &str = "Record: 1\nGame: ca-ngua\nRules: CN1-000W4-00423\n\
Date: 2026-12-02T15:42:53Z\nSeat: r computer-easy\nSeat: y computer-medium\n\
Setup: Y,Y,Y,Y/-/Y,Y,Y,Y/- y 0\nResult: *\n\ny 2 pass\nr 4 pass\n";

#[test]
fn a_record_without_dice_is_still_format_1_and_older_records_load() {
    let t = played::<CaNgua>(Rules::standard(), 2, Level::Easy, 5);
    let text = Recorder::of_table(&t, DATE).unwrap().to_text();
    assert!(text.starts_with("Record: 1\n"), "{text}");
    assert!(!text.contains("Dice-"), "{text}");
    let old = Record::<CaNgua>::from_text(FORMAT_1).unwrap();
    assert_eq!(old.dice, None);
    assert_eq!(old.steps.len(), 2);
    assert_eq!(old.step_line(0), 10);
    old.replay().unwrap();
}

#[test]
fn dice_lines_are_read_back_and_a_bad_one_is_named_by_its_line() {
    let mut record = Record::<CaNgua>::from_text(FORMAT_1).unwrap();
    let mut dice = RecordDice::new(3, "ab".repeat(32));
    dice.seeds = vec![
        (Seat::Red, "x1".to_string()),
        (Seat::Yellow, "y2".to_string()),
    ];
    dice.first_roll = 1;
    dice.revealed = Some("cd".repeat(32));
    record.dice = Some(dice);
    let text = record.to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Record: 2");
    assert_eq!(
        lines[8..14],
        [
            "Dice-round: 3",
            &format!("Dice-commit: {}", "ab".repeat(32)),
            "Dice-client-seed: r x1",
            "Dice-client-seed: y y2",
            "Dice-first-roll: 1",
            &format!("Dice-seed: {}", "cd".repeat(32)),
        ]
    );
    assert_eq!(record.dice_line(), Some(9));
    assert_eq!(record.dice_seed_line(), Some(14));
    assert_eq!(lines[record.step_line(0) - 1], "y 2 pass");
    let back = Record::<CaNgua>::from_text(&text).unwrap();
    assert_eq!(back, record);
    back.replay().unwrap();

    let replace = |line: usize, with: &str| {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        l[line - 1] = with.to_string();
        l.join("\n") + "\n"
    };
    for (line, with, says) in [
        (10, "Dice-commit: 12345", "is not a commit"),
        (11, "Dice-client-seed: q x1", "is not a seat"),
        (
            11,
            "Dice-client-seed: r has space",
            "is not a player's seed",
        ),
        (12, "Dice-client-seed: r y2", "in seat order"),
        (13, "Dice-first-roll: 0", "is not a roll's number"),
        (14, "Dice-seed: nothex", "is not a dice seed"),
        (9, "Dice-round: two", "is not a round"),
    ] {
        let err = Record::<CaNgua>::from_text(&replace(line, with)).unwrap_err();
        assert_eq!(err.line, line, "{with}: {err}");
        assert!(err.message.contains(says), "{with}: {err}");
    }
    // A format this build does not know is still refused by name.
    let err = Record::<CaNgua>::from_text(&text.replacen("Record: 2", "Record: 4", 1)).unwrap_err();
    assert!(err.message.contains("newer version"), "{err}");
}

#[test]
fn cờ_nhảy_records_have_no_dice_lines() {
    let t =
        played::<game_co_nhay::CoNhay>(game_co_nhay::CoNhay::standard_rules(), 2, Level::Random, 3);
    let text = Recorder::of_table(&t, DATE).unwrap().to_text();
    let with_dice = text.replacen(
        "\nResult:",
        &format!(
            "\nDice-round: 1\nDice-commit: {}\nDice-first-roll: 1\nResult:",
            "ab".repeat(32)
        ),
        1,
    );
    assert!(Record::<game_co_nhay::CoNhay>::from_text(&with_dice).is_err());
}

#[test]
fn an_online_round_keeps_its_dice_and_they_check() {
    let (events, seeds) = fair::room(1);
    let r = fair::record_room(&events, &seeds);
    let record = r.record().unwrap().clone();
    let dice = record.dice.clone().expect("the record keeps the dice");
    assert_eq!(dice.round, 1);
    assert_eq!(dice.commit, seeds[0].commit());
    assert_eq!(dice.seeds, client_seeds(1).to_vec());
    assert_eq!(dice.first_roll, 1);
    assert_eq!(dice.revealed, Some(seeds[0].to_hex()));
    assert!(record.result.is_some());
    let text = record.to_text();
    assert!(text.starts_with("Record: 2\n"), "{text}");
    assert!(text.contains(&format!("\nDice-seed: {}\n", seeds[0].to_hex())));
    let back = Record::<CaNgua>::from_text(&text).unwrap();
    assert_eq!(back, record);
    back.replay().unwrap();
    let check = back.check_dice().unwrap();
    assert!(check.ok(), "{check:?}");
    assert_eq!(check.rolls as usize, record.steps.len());
    // Another seed, or another player's seed, gives other rolls.
    let mut wrong = back.clone();
    wrong.dice.as_mut().unwrap().seeds[1].1 = "someone-else".into();
    let check = wrong.check_dice().unwrap();
    assert!(check.commit_ok && check.first_wrong.is_some(), "{check:?}");
}

#[test]
fn each_round_of_a_room_is_its_own_record() {
    let (events, seeds) = fair::room(2);
    let mut r = fair::record_room(&events, &seeds);
    let finished = r.take_finished();
    assert_eq!(finished.len(), 1, "round 1 ended with the again");
    assert!(r.take_finished().is_empty(), "taken once");
    let first = &finished[0];
    let second = r.record().unwrap();
    assert_eq!(r.round(), 2);
    assert!(first.result.is_some() && second.result.is_some());
    assert_eq!(first.dice.as_ref().unwrap().round, 1);
    assert_eq!(first.dice.as_ref().unwrap().commit, seeds[0].commit());
    assert_eq!(second.dice.as_ref().unwrap().round, 2);
    assert_eq!(second.dice.as_ref().unwrap().commit, seeds[1].commit());
    assert_eq!(
        second.dice.as_ref().unwrap().seeds,
        client_seeds(2).to_vec()
    );
    // The rounds' steps are their own: together, every roll of the room.
    let rolls = events
        .iter()
        .filter(|e| matches!(e.event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(first.steps.len() + second.steps.len(), rolls);
    for record in [first, second] {
        let back = Record::<CaNgua>::from_text(&record.to_text()).unwrap();
        back.replay().unwrap();
        assert!(back.check_dice().unwrap().ok());
    }
}
