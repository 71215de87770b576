//! Cờ Cá Ngựa's puzzles (issue 24): every shipped puzzle solved by its
//! answer and refusing every other move with its explanation; broken ones
//! refused by id; puzzles found in a game where a player went wrong.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::puzzles::*;
use ca_ngua_core::game::{Game, Level};
use ca_ngua_data::learn::{Difficulty, MineConfig, PuzzleFile, find_puzzles, puzzles_in};
use ca_ngua_data::record::analysis::sample_game;
use game_ca_ngua::CaNgua;
use std::sync::atomic::AtomicBool;

#[test]
fn every_shipped_puzzle_is_solved_by_its_answer_and_refuses_every_other_move() {
    let counts = every_shipped_puzzle_is_solved_and_refuses_the_rest::<CaNgua>();
    // Graded: some of every difficulty.
    assert!(counts.iter().all(|&n| n >= 3), "{counts:?}");
}

#[test]
fn a_broken_puzzle_is_refused_naming_it() {
    broken_puzzles_are_refused_by_id::<CaNgua>();
    // A move that is not legal with the roll.
    let mut d = first_def::<CaNgua>();
    d.moves.push(("0-57".into(), 0.0));
    let e = refusal::<CaNgua>(d.clone()).unwrap();
    assert!(e.contains(&d.id) && e.contains("0-57"), "{e}");
    // No roll.
    let mut d = first_def::<CaNgua>();
    d.roll = None;
    assert!(refusal::<CaNgua>(d).unwrap().contains("roll"));
}

#[test]
fn a_game_with_a_careless_player_gives_puzzles_that_read_back() {
    // Red plays at random, yellow at Medium: red's careless turns where
    // one move was clearly better are found, confirmed and graded.
    let rules = CaNgua::preset("standard").unwrap();
    let (start, plays) =
        sample_game::<CaNgua>(&rules, &[Level::Random, Level::Medium], 7, 5_000).unwrap();
    let seats = CaNgua::seats(&start);
    let mut config = MineConfig::for_game::<CaNgua>();
    config.screen.rollouts = 40;
    config.confirm_rollouts = 400;
    config.screen.threads = 2;
    config.mistakes_only = true;
    let cancel = AtomicBool::new(false);
    let found = find_puzzles::<CaNgua>(
        &rules,
        &start,
        &plays,
        &seats[..1],
        &config,
        "t-",
        "test",
        &cancel,
    )
    .unwrap();
    assert!(!found.is_empty(), "no puzzle in a game played at random");
    let mut file = PuzzleFile::new();
    assert_eq!(file.add(found.clone()), found.len());
    // Adding them again adds nothing.
    assert_eq!(file.add(found.clone()), 0);
    let lessons = puzzles_in::<CaNgua>(&file).unwrap();
    assert_eq!(lessons.len(), found.len());
    for (p, l) in found.iter().zip(&lessons) {
        // Only red's turns, where red did not play the answer.
        assert!(p.setup.contains(" r "), "{}", p.setup);
        let turn: usize = p.from.rsplit(' ').next().unwrap().parse().unwrap();
        assert_eq!(plays[turn - 1].roll.map(|r| r.to_string()), p.roll);
        assert_ne!(
            plays[turn - 1].mv.map(|m| m.to_string()),
            Some(p.moves[0].0.clone())
        );
        assert!(Difficulty::ALL.contains(&p.difficulty));
        assert!(p.moves[0].1 - p.moves[1].1 >= ca_ngua_data::learn::CLEAR_MARGIN);
        assert_eq!(l.solution.len(), 1);
    }
    // Asking for one difficulty (`puzzles make --only`) finds exactly the
    // puzzles of that difficulty, graded before their confirmation.
    for wanted in Difficulty::ALL {
        config.only = Some(wanted);
        let only = find_puzzles::<CaNgua>(
            &rules,
            &start,
            &plays,
            &seats[..1],
            &config,
            "t-",
            "test",
            &cancel,
        )
        .unwrap();
        let expected: Vec<_> = found
            .iter()
            .filter(|p| p.difficulty == wanted)
            .cloned()
            .collect();
        assert_eq!(only, expected, "{wanted:?}");
    }
}
