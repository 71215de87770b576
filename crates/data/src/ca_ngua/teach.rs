//! Cờ Cá Ngựa's part of the lessons: its lesson, puzzle and tip files, and
//! its goals (leaving the yard, kicking, reaching a square or a home cell,
//! a horse home, the win).

use crate::learn::{Goal, GoalError, Teach};
use ca_ngua_core::game::Game;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Position, Seat, YARD};
use game_ca_ngua::game::Match;

fn in_yard(pos: &Position, seat: Seat) -> usize {
    pos.horses(seat).iter().filter(|&&h| h == YARD).count()
}

impl Teach for CaNgua {
    const LESSONS: (&'static str, &'static str) = (
        "ca-ngua.ron",
        include_str!("../../../../assets/lessons/ca-ngua.ron"),
    );
    const PUZZLES: (&'static str, &'static str) = (
        "ca-ngua.ron",
        include_str!("../../../../assets/puzzles/ca-ngua.ron"),
    );
    const TIPS: (&'static str, &'static str) = (
        "ca-ngua.ron",
        include_str!("../../../../assets/tips/ca-ngua.ron"),
    );
    const PUZZLE_ID: &'static str = "cn";

    fn check_goal(goal: &Goal) -> Result<(), GoalError> {
        match goal {
            Goal::Hole(_) | Goal::InTarget(_) => Err(GoalError::OtherGame {
                goal: goal.clone(),
                game: "Cờ nhảy",
            }),
            Goal::Reach(p) if *p > 57 => Err(GoalError::OutOfRange {
                goal: goal.clone(),
                range: "progress is 0–57",
            }),
            _ => Ok(()),
        }
    }

    fn reached(goal: &Goal, learner: Seat, before: &Match, after: &Match) -> bool {
        let (b, a) = (before.position(), after.position());
        let rules = after.rules();
        match goal {
            Goal::ExitYard => in_yard(a, learner) < in_yard(b, learner),
            Goal::Kick => Seat::ALL
                .into_iter()
                .filter(|s| *s != learner && a.is_playing(*s))
                .any(|s| in_yard(a, s) > in_yard(b, s)),
            Goal::Reach(p) => {
                let at = |pos: &Position| pos.horses(learner).iter().filter(|&&h| h == *p).count();
                at(a) > at(b)
            }
            Goal::Home => a.horses_home(learner, rules) > b.horses_home(learner, rules),
            Goal::Win => a.is_finished(learner, rules),
            Goal::Hole(_) | Goal::InTarget(_) | Goal::Moves | Goal::Question { .. } => false,
        }
    }

    fn turn_back(
        rules: &<CaNgua as Game>::Rules,
        state: &Match,
        learner: Seat,
    ) -> Result<Match, <CaNgua as Game>::Error> {
        let mut setup = CaNgua::setup(state);
        setup.turn = Some(learner);
        setup.streak = 0;
        CaNgua::from_setup(rules, &setup)
    }
}
