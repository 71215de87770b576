//! Cờ nhảy's lessons: every shipped lesson is solved by its intended move
//! (or answered right) and refuses a wrong move with its explanation; a
//! question whose shown move is not as the lesson says is refused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_data::learn::{Goal, Lesson, Run, Verdict, lessons_of, read_lessons};
use game_co_nhay::CoNhay;

#[test]
fn every_lesson_is_solved_by_its_intended_moves_or_its_right_answer() {
    let lessons = lessons_of::<CoNhay>().unwrap();
    assert!(lessons.len() >= 9, "{} lessons", lessons.len());
    for l in lessons {
        let mut run = Run::new(l.clone());
        assert!(!run.needs_roll());
        match &l.def.goal {
            Goal::Question { answers, right, .. } => {
                let wrong = (0..answers.len()).find(|a| a != right).unwrap();
                assert!(!run.answer(wrong), "{}", l.def.id);
                assert_eq!(run.stars(), None);
                assert!(run.answer(*right), "{}", l.def.id);
                assert_eq!(run.stars(), Some(2), "{}", l.def.id);
            }
            _ => {
                let n = l.solution.len();
                for (i, mv) in l.solution.iter().enumerate() {
                    let v = run.play(*mv);
                    let expected = if i + 1 == n {
                        Verdict::Solved { stars: 3 }
                    } else {
                        Verdict::Good
                    };
                    assert_eq!(v, expected, "{} {mv}", l.def.id);
                }
            }
        }
    }
}

#[test]
fn every_move_lesson_refuses_a_wrong_move_with_its_explanation() {
    for l in lessons_of::<CoNhay>().unwrap() {
        if matches!(l.def.goal, Goal::Question { .. }) {
            continue;
        }
        let mut run = Run::new(l.clone());
        let before = run.state().clone();
        // A legal move that neither is intended nor reaches the goal.
        let goal_holes: Vec<_> = l.solution.iter().map(|m| m.to()).collect();
        let wrong = l.wrong.first().map(|(m, _)| *m).unwrap_or_else(|| {
            run.moves()
                .into_iter()
                .find(|m| !goal_holes.contains(&m.to()))
                .unwrap()
        });
        let expected = l
            .wrong
            .iter()
            .find(|(m, _)| *m == wrong)
            .map_or(l.def.why.clone(), |(_, k)| k.clone());
        assert_eq!(
            run.play(wrong),
            Verdict::Wrong { why: expected },
            "{} {wrong}",
            l.def.id
        );
        assert_eq!(run.state(), &before, "{}", l.def.id);
    }
}

#[test]
fn the_chain_lesson_is_one_move_of_two_hops() {
    let l = lessons_of::<CoNhay>()
        .unwrap()
        .into_iter()
        .find(|l| l.def.id == "nhay-chain")
        .unwrap();
    let mut run = Run::new(l);
    assert!(run.moves().contains(&"60-81".parse().unwrap()));
    assert!(run.moves().contains(&"60-104".parse().unwrap()));
    assert_eq!(
        run.play("60-104".parse().unwrap()),
        Verdict::Solved { stars: 3 }
    );
}

#[test]
fn a_question_that_shows_a_move_wrongly_is_refused_by_name() {
    let (name, text) = <CoNhay as ca_ngua_data::learn::Teach>::LESSONS;
    let mut def = read_lessons(name, text)
        .unwrap()
        .lessons
        .into_iter()
        .find(|d| d.id == "nhay-quiz-two")
        .unwrap();
    // The file says hopping over two pieces is refused; claim it is
    // allowed.
    if let Goal::Question { legal, .. } = &mut def.goal {
        *legal = true;
    }
    def.id = "wrong-question".into();
    let err = Lesson::<CoNhay>::new(def).unwrap_err();
    assert_eq!(err.lesson, "wrong-question");
    assert!(err.message.contains("refuse"), "{err}");
}

#[test]
fn an_unreachable_hole_is_refused_by_name() {
    let (name, text) = <CoNhay as ca_ngua_data::learn::Teach>::LESSONS;
    let mut def = read_lessons(name, text).unwrap().lessons.remove(1);
    def.id = "too-far".into();
    def.goal = Goal::Hole(100);
    let err = Lesson::<CoNhay>::new(def).unwrap_err();
    assert_eq!(err.lesson, "too-far");
}
