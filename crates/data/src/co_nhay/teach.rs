//! Cờ nhảy's part of the lessons: its lesson, puzzle and tip files, and its
//! goals (a piece on a hole, pieces in the target, the win).

use crate::learn::{Goal, GoalError, Teach};
use ca_ngua_core::game::Game;
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Arm, Game as Engine};

impl Teach for CoNhay {
    const LESSONS: (&'static str, &'static str) = (
        "co-nhay.ron",
        include_str!("../../../../assets/lessons/co-nhay.ron"),
    );
    const PUZZLES: (&'static str, &'static str) = (
        "co-nhay.ron",
        include_str!("../../../../assets/puzzles/co-nhay.ron"),
    );
    const TIPS: (&'static str, &'static str) = (
        "co-nhay.ron",
        include_str!("../../../../assets/tips/co-nhay.ron"),
    );
    const PUZZLE_ID: &'static str = "nh";

    fn check_goal(goal: &Goal) -> Result<(), GoalError> {
        let out_of = |range| {
            Err(GoalError::OutOfRange {
                goal: goal.clone(),
                range,
            })
        };
        match goal {
            Goal::ExitYard | Goal::Kick | Goal::Reach(_) | Goal::Home => {
                Err(GoalError::OtherGame {
                    goal: goal.clone(),
                    game: "Cờ Cá Ngựa",
                })
            }
            Goal::Hole(h) if *h > 120 => out_of("holes are 0–120"),
            Goal::InTarget(n) if *n > 10 => out_of("an arm has 10 holes"),
            _ => Ok(()),
        }
    }

    fn reached(goal: &Goal, learner: Arm, before: &Engine, after: &Engine) -> bool {
        let (b, a) = (before.position(), after.position());
        let in_target = |p: &game_co_nhay::engine::Position| {
            (p.pieces(learner) & learner.target().holes()).count_ones()
        };
        match goal {
            Goal::Hole(h) => a.piece_at(*h) == Some(learner) && b.piece_at(*h) != Some(learner),
            Goal::InTarget(n) => in_target(a) >= u32::from(*n) && in_target(b) < u32::from(*n),
            Goal::Win => a.has_won(learner, after.rules()),
            _ => false,
        }
    }

    fn turn_back(
        rules: &<CoNhay as Game>::Rules,
        state: &Engine,
        learner: Arm,
    ) -> Result<Engine, <CoNhay as Game>::Error> {
        let mut setup = CoNhay::setup(state);
        setup.turn = Some(learner);
        CoNhay::from_setup(rules, &setup)
    }
}
