//! Cờ Cá Ngựa's game records: every preset and player count recorded from
//! a seeded table, written, read back and replayed to the same positions;
//! a wrong line named; a newer format refused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::{DATE, check_round_trip, played, with_line};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::{Controller, InlineRunner, Table};
use ca_ngua_data::record::AnyRecordExt;
use ca_ngua_data::record::{Player, Record, Recorder, read_any};
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A short game's record and its text (two players, casual rules).
fn sample() -> (Record<CaNgua>, String) {
    let rules = CaNgua::preset("casual").unwrap();
    let t = played::<CaNgua>(rules, 2, Level::Easy, 7);
    let record = Recorder::of_table(&t, DATE).unwrap();
    let text = record.to_text();
    (record, text)
}

#[test]
fn every_preset_and_player_count_is_recorded_and_replays_to_the_same_positions() {
    let mut games = 0;
    for preset in CaNgua::PRESETS {
        let rules = CaNgua::preset(preset).unwrap();
        for &players in CaNgua::PLAYER_COUNTS {
            if CaNgua::seats_for(&rules, players).is_err() {
                continue; // teams are four
            }
            for seed in 0..2 {
                let level = [Level::Random, Level::Easy][seed as usize];
                let t = played::<CaNgua>(rules, players, level, 100 + seed);
                let text = check_round_trip(&t, &format!("{preset}, {players} players, {seed}"));
                // The rules are written as their rule code.
                let code = game_ca_ngua::rules_code::encode(&rules);
                assert!(text.contains(&format!("\nRules: {code}\n")), "{text}");
                games += 1;
            }
        }
    }
    // standard, casual, traditional: 2, 3, 4 players; teams: 4.
    assert_eq!(games, 2 * (3 * 3 + 1));
}

#[test]
fn the_header_names_the_game_the_seats_their_players_and_the_result() {
    let rules = CaNgua::standard_rules();
    let seats = CaNgua::seats_for(&rules, 2).unwrap();
    let controllers = [
        Controller::Here,
        Controller::Computer(Level::Hard),
        Controller::Computer(Level::Easy),
        Controller::Here,
    ];
    let mut t = Table::<CaNgua>::local(
        rules,
        &seats,
        &controllers,
        StdRng::seed_from_u64(3),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    let record = Recorder::of_table(&t, DATE).unwrap();
    assert_eq!(record.seats[0].player, Player::Person);
    assert_eq!(record.seats[1].player, Player::Computer(Some(Level::Easy)));
    assert_eq!(record.result, None);
    let text = record.to_text();
    let head: Vec<&str> = text.lines().take(9).collect();
    assert_eq!(
        head,
        [
            "Record: 1",
            "Game: ca-ngua",
            &format!("Rules: {}", game_ca_ngua::rules_code::encode(&rules)),
            "Date: 2026-03-14T09:26:53Z",
            "Seat: r person",
            "Seat: y computer-easy",
            &format!("Setup: {}", record.setup),
            "Result: *",
            "",
        ]
    );
    // A game in progress replays as far as it went: the person at red
    // rolls and plays its first legal move, the computer at yellow plays.
    use ca_ngua_core::game::Next;
    use ca_ngua_core::table::Command;
    for _ in 0..20 {
        let seq = t.seq();
        match t.replica().next() {
            Some(Next::Roll(s)) if s == seats[0] => {
                t.command(s, seq, Command::Roll).unwrap();
            }
            Some(Next::Choose(s, moves)) if s == seats[0] => {
                t.command(s, seq, Command::Move(moves[0])).unwrap();
            }
            _ => {
                let _ = t.computer_step();
            }
        }
    }
    let record = Recorder::of_table(&t, DATE).unwrap();
    let back = Record::<CaNgua>::from_text(&record.to_text()).unwrap();
    assert_eq!(back.replay().unwrap().len(), record.steps.len() + 1);
}

#[test]
fn a_move_the_engine_refuses_is_named_by_its_line() {
    let (record, text) = sample();
    // The first step with a move to choose from.
    let (i, first) = record
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| s.mv.is_some())
        .unwrap();
    let line = record.step_line(i);
    let roll = first.roll.unwrap();
    let bad = with_line(&text, line, &format!("{} {roll} 40-46", first.seat));
    let err = Record::<CaNgua>::from_text(&bad)
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "line {line}: \"40-46\" is not a legal move for {} after {roll}",
            first.seat
        )
    );
    // Whose turn it is.
    let other = record.seats[1].seat;
    let bad = with_line(&text, line, &format!("{other} {roll} pass"));
    let err = Record::<CaNgua>::from_text(&bad)
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(err.line, line);
    assert!(err.message.contains("turn"), "{err}");
    // A step that is not a step at all fails to read, on its line.
    let later = record.step_line(5);
    for broken in ["r 9 Y-0", "r 6", "x 6 Y-0", "r 6 Y-0 extra", "r 6 jump"] {
        let err = Record::<CaNgua>::from_text(&with_line(&text, later, broken)).unwrap_err();
        assert_eq!(err.line, later, "{broken}: {err}");
    }
}

#[test]
fn a_pass_with_a_legal_move_and_a_wrong_result_are_refused() {
    let (record, text) = sample();
    // The first step with a move: passing instead is refused.
    let (i, step) = record
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| s.mv.is_some())
        .unwrap();
    let pass = format!("{} {} pass", step.seat, step.roll.unwrap());
    let err = Record::<CaNgua>::from_text(&with_line(&text, record.step_line(i), &pass))
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(err.line, record.step_line(i));
    assert!(err.message.contains("cannot pass"), "{err}");
    // The places reversed.
    let result = record.result.clone().unwrap();
    let reversed: Vec<String> = result.iter().rev().map(|p| p[0].to_string()).collect();
    let bad = with_line(
        &text,
        record.result_line(),
        &format!("Result: {}", reversed.join(" ")),
    );
    let err = Record::<CaNgua>::from_text(&bad)
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(err.line, record.result_line());
    assert!(err.message.contains("the moves give"), "{err}");
    // A step after the end.
    let extra = format!("{text}r 6 Y-0\n");
    let err = Record::<CaNgua>::from_text(&extra)
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(err.line, record.step_line(record.steps.len()));
    assert_eq!(err.message, "the game is already over");
}

#[test]
fn a_newer_format_another_game_or_a_broken_header_is_refused_by_its_line() {
    let (record, text) = sample();
    let newer = with_line(&text, 1, "Record: 4");
    for err in [
        Record::<CaNgua>::from_text(&newer).unwrap_err(),
        read_any(&newer).unwrap_err(),
    ] {
        assert_eq!(err.line, 1);
        assert!(err.message.contains("newer version"), "{err}");
    }
    let err = Record::<CoNhay>::from_text(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: this is a Cờ Cá Ngựa record, not a Cờ nhảy one"
    );
    let cases = [
        (1, "Game record"),
        (2, "Game: chess"),
        (3, "Rules: CN1-00000-00000"),
        (4, "Date: yesterday"),
        (5, "Seat: r alien"),
        (record.setup_line(), "Setup: Y,Y,Y/-/-/- r 0"),
        (record.result_line(), "Result: r q"),
        (record.result_line() + 1, "r 6 Y-0"),
    ];
    for (line, new) in cases {
        let err = Record::<CaNgua>::from_text(&with_line(&text, line, new)).unwrap_err();
        assert_eq!(err.line, line, "{new}: {err}");
    }
    // A seat that does not play, or one missing, is named on replay.
    let bad = with_line(&text, 5, "Seat: g person");
    let err = Record::<CaNgua>::from_text(&bad)
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(err.line, 5, "{err}");
    // Cut short: the line after the last names what is missing.
    let err = Record::<CaNgua>::from_text("Record: 1\nGame: ca-ngua\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 3: the record ends before its 'Rules:' line"
    );
    assert_eq!(read_any("").unwrap_err().line, 1);
    // And the sample itself reads as either kind's record.
    let any = read_any(&text).unwrap();
    assert_eq!(any.to_text(), text);
    assert_eq!(any.check(), Ok(record.steps.len()));
}

#[test]
fn a_game_begun_from_a_written_position_is_recorded_from_it() {
    let rules = CaNgua::standard_rules();
    let setup = "Y,Y,8,57/-/Y,Y,Y,Y/- y 0".parse().unwrap();
    let mut t = Table::<CaNgua>::starting_at(
        rules,
        &setup,
        &[Controller::Computer(Level::Medium); 4],
        StdRng::seed_from_u64(11),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    while let ca_ngua_core::table::Step::Acted(_) = t.computer_step() {}
    let text = check_round_trip(&t, "from a position");
    assert!(
        text.contains("\nSetup: Y,Y,8,57/-/Y,Y,Y,Y/- y 0\n"),
        "{text}"
    );
}

#[test]
fn every_preset_is_written_as_its_rule_code_and_read_back() {
    for preset in CaNgua::PRESETS {
        let rules = CaNgua::preset(preset).unwrap();
        let text = CaNgua::rules_to_text(&rules);
        assert!(text.starts_with("CN1-"), "{text}");
        assert_eq!(CaNgua::rules_from_text(&text), Ok(rules));
    }
    assert!(CaNgua::rules_from_text("standard").is_err());
}
