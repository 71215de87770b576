//! Cờ nhảy's puzzles (issue 24): every shipped puzzle solved by its
//! answer and refusing every other move with its explanation; broken ones
//! refused by id.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::puzzles::*;
use game_co_nhay::CoNhay;

/// The easy and medium puzzles shipped (docs/LESSONS.md).
const MIN_EASY: usize = 10;
const MIN_MEDIUM: usize = 11;

#[test]
fn every_shipped_puzzle_is_solved_by_its_answer_and_refuses_every_other_move() {
    let counts = every_shipped_puzzle_is_solved_and_refuses_the_rest::<CoNhay>();
    assert!(counts.iter().sum::<usize>() >= 5, "{counts:?}");
    // Puzzles for beginners too (issue 45): easy and medium ones, mined
    // and graded as the hard ones are (docs/LESSONS.md).
    let [easy, medium, hard] = counts;
    assert!(
        easy >= MIN_EASY && medium >= MIN_MEDIUM && hard >= 10,
        "{counts:?}"
    );
}

#[test]
fn a_broken_puzzle_is_refused_naming_it() {
    broken_puzzles_are_refused_by_id::<CoNhay>();
    // A roll in a game without dice.
    let mut d = first_def::<CoNhay>();
    d.roll = Some("6".into());
    let e = refusal::<CoNhay>(d.clone()).unwrap();
    assert!(e.contains(&d.id), "{e}");
}
