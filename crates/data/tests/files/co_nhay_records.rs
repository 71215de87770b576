//! Cờ nhảy's game records: every preset and player count recorded from a
//! seeded table, written, read back and replayed to the same positions; a
//! wrong line named; a newer format refused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::{DATE, check_round_trip, played, with_line};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_data::record::AnyRecordExt;
use ca_ngua_data::record::{Player, Record, Recorder, read_any};
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;

fn sample() -> (Record<CoNhay>, String) {
    let t = played::<CoNhay>(CoNhay::preset("quick").unwrap(), 2, Level::Medium, 5);
    let record = Recorder::of_table(&t, DATE).unwrap();
    let text = record.to_text();
    (record, text)
}

#[test]
fn every_preset_and_player_count_is_recorded_and_replays_to_the_same_positions() {
    let mut games = 0;
    for preset in CoNhay::PRESETS {
        let rules = CoNhay::preset(preset).unwrap();
        for &players in CoNhay::PLAYER_COUNTS {
            let t = played::<CoNhay>(rules, players, Level::Easy, 200 + players as u64);
            let text = check_round_trip(&t, &format!("{preset}, {players} players"));
            // A preset's rules are written by its name.
            assert!(text.contains(&format!("\nRules: {preset}\n")), "{text}");
            games += 1;
        }
    }
    assert_eq!(games, 3 * 4);
}

#[test]
fn every_rule_set_is_written_on_one_line_and_read_back() {
    let mut json = 0;
    for rules in game_co_nhay::engine::Rules::all() {
        let text = CoNhay::rules_to_text(&rules);
        assert!(!text.contains('\n'), "{text}");
        match rules.preset_name() {
            Some(name) => assert_eq!(text, name),
            None => {
                assert!(text.starts_with('{'), "{text}");
                json += 1;
            }
        }
        assert_eq!(CoNhay::rules_from_text(&text), Ok(rules));
    }
    assert_eq!(json, 8 - CoNhay::PRESETS.len());
    let err = CoNhay::rules_from_text("fast").unwrap_err().to_string();
    assert!(err.contains("standard, quick, strict"), "{err}");
    assert!(CoNhay::rules_from_text("{\"play_on\":").is_err());
}

#[test]
fn a_move_the_engine_refuses_is_named_by_its_line() {
    let (record, text) = sample();
    assert_eq!(
        record.seats[0].player,
        Player::Computer(Some(Level::Medium))
    );
    assert!(text.contains("\nSeat: 0 computer-medium\nSeat: 3 computer-medium\n"));
    let line = record.step_line(2);
    let seat = record.steps[2].seat;
    let bad = with_line(&text, line, &format!("{seat} 60-61"));
    let err = Record::<CoNhay>::from_text(&bad)
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("line {line}: \"60-61\" is not a legal move for {seat}")
    );
    // Cờ nhảy has no dice: a roll in a step does not read.
    for broken in [
        format!("{seat} 6 3-14"),
        format!("{seat} 3-999"),
        "9 3-14".to_string(),
    ] {
        let err = Record::<CoNhay>::from_text(&with_line(&text, line, &broken)).unwrap_err();
        assert_eq!(err.line, line, "{broken}: {err}");
    }
    // Passing with a move to make.
    let bad = with_line(&text, line, &format!("{seat} pass"));
    let err = Record::<CoNhay>::from_text(&bad)
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(err.message.contains("cannot pass"), "{err}");
}

#[test]
fn a_newer_format_or_another_game_is_refused() {
    let (record, text) = sample();
    let err = read_any(&with_line(&text, 1, "Record: 9")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1: written by a newer version of the game (record format 9; this one reads 3)"
    );
    let err = Record::<CaNgua>::from_text(&text).unwrap_err();
    assert_eq!(err.line, 2);
    let any = read_any(&text).unwrap();
    assert_eq!(any.get::<CoNhay>(), Some(&record));
    assert_eq!(any.check(), Ok(record.steps.len()));
    // The start of a two-player game, as the notation writes it.
    assert!(text.contains(
        "\nSetup: 0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -\n"
    ));
}
