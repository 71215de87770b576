//! Cờ Cá Ngựa's lessons: every shipped lesson is solved by its intended
//! moves and refuses a wrong one with its explanation; a lesson whose
//! goal cannot be reached is refused, by name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_data::learn::{Lesson, LessonDef, Run, Verdict, lessons_of, read_lessons};
use game_ca_ngua::CaNgua;

/// Plays a lesson's intended moves: the last solves it with three stars.
fn solve(lesson: &Lesson<CaNgua>) {
    let mut run = Run::new(lesson.clone());
    let n = lesson.solution.len();
    for (i, mv) in lesson.solution.iter().enumerate() {
        assert!(run.needs_roll(), "{}: no roll due", lesson.def.id);
        run.roll_until_moves().unwrap();
        assert!(run.pending_roll().is_some());
        let v = run.play(*mv);
        if i + 1 == n {
            assert_eq!(v, Verdict::Solved { stars: 3 }, "{}", lesson.def.id);
        } else {
            assert_eq!(v, Verdict::Good, "{} move {mv}", lesson.def.id);
        }
    }
    assert_eq!(run.stars(), Some(3));
    // Every scripted roll was used.
    assert!(run.dice_left().is_empty(), "{}", lesson.def.id);
}

#[test]
fn every_lesson_is_solved_by_its_intended_moves() {
    let lessons = lessons_of::<CaNgua>().unwrap();
    assert!(lessons.len() >= 9, "{} lessons", lessons.len());
    for l in &lessons {
        solve(l);
    }
}

#[test]
fn every_lesson_refuses_a_wrong_move_with_its_explanation() {
    for l in lessons_of::<CaNgua>().unwrap() {
        let mut run = Run::new(l.clone());
        run.roll_until_moves().unwrap();
        let intended = run.hint().unwrap();
        // A listed wrong move, or else any legal move that is not the
        // intended one.
        let wrong = l
            .wrong
            .first()
            .map(|(m, _)| *m)
            .or_else(|| run.moves().into_iter().find(|m| *m != intended));
        let Some(wrong) = wrong else {
            // A single legal move (the first lessons): a move the engine
            // refuses is refused with its words, and nothing changes.
            let before = run.state().clone();
            let v = run.play("0-57".parse().unwrap());
            assert!(matches!(v, Verdict::Illegal { .. }), "{}: {v:?}", l.def.id);
            assert_eq!(run.state(), &before);
            continue;
        };
        let before = run.state().clone();
        let why = match run.play(wrong) {
            Verdict::Wrong { why } => why,
            v => panic!("{}: {wrong} gave {v:?}", l.def.id),
        };
        let expected = l
            .wrong
            .iter()
            .find(|(m, _)| *m == wrong)
            .map_or(l.def.why.clone(), |(_, k)| k.clone());
        assert_eq!(why, expected, "{}", l.def.id);
        // Refused: nothing moved, the roll still waits; solved after it,
        // the lesson gives two stars.
        assert_eq!(run.state(), &before);
        assert!(run.pending_roll().is_some());
        for mv in l.solution.iter() {
            run.roll_until_moves().unwrap();
            run.play(*mv);
        }
        assert_eq!(run.stars(), Some(2), "{}", l.def.id);
    }
}

#[test]
fn a_roll_without_a_move_is_passed_and_the_turn_comes_back() {
    // Leaving the yard: a 3 first (no horse can come out), then the 6.
    let l = lessons_of::<CaNgua>()
        .unwrap()
        .into_iter()
        .find(|l| l.def.id == "cn-exit")
        .unwrap();
    let mut run = Run::new(l.clone());
    assert_eq!(run.roll_if_due().unwrap(), Some("3".parse().unwrap()));
    assert!(run.needs_roll(), "the 3 is passed");
    assert_eq!(run.state().turn(), Some(game_ca_ngua::engine::Seat::Red));
    assert_eq!(run.roll_if_due().unwrap(), Some("6".parse().unwrap()));
    assert_eq!(run.moves(), vec!["Y-0".parse().unwrap()]);
}

#[test]
fn the_kicking_lesson_kicks() {
    let l = lessons_of::<CaNgua>()
        .unwrap()
        .into_iter()
        .find(|l| l.def.id == "cn-kick")
        .unwrap();
    let mut run = Run::new(l);
    run.roll_if_due().unwrap();
    assert_eq!(
        run.play("5-7".parse().unwrap()),
        Verdict::Solved { stars: 3 }
    );
    let yellow = run
        .state()
        .position()
        .horses(game_ca_ngua::engine::Seat::Yellow);
    assert_eq!(yellow, [game_ca_ngua::engine::YARD; 4]);
}

/// The first lesson of the shipped file, changed by `edit`.
fn edited(edit: impl FnOnce(&mut LessonDef)) -> LessonDef {
    let (name, text) = <CaNgua as ca_ngua_data::learn::Teach>::LESSONS;
    let mut def = read_lessons(name, text).unwrap().lessons.remove(0);
    edit(&mut def);
    def
}

#[test]
fn a_lesson_whose_goal_cannot_be_reached_is_refused_by_name() {
    // The horse on square 1 cannot reach progress 30 with a 4.
    let def = edited(|d| {
        d.id = "impossible".into();
        d.goal = ca_ngua_data::learn::Goal::Reach(30);
    });
    let err = Lesson::<CaNgua>::new(def).unwrap_err();
    assert_eq!(err.lesson, "impossible");
    assert!(err.to_string().contains("impossible"), "{err}");
    assert!(err.message.contains("not reached"), "{err}");
}

#[test]
fn broken_lessons_are_refused_with_a_message_never_a_panic() {
    let cases: Vec<(LessonDef, &str)> = vec![
        (
            edited(|d| d.setup = "0,Y,Y/-/Y,Y,Y,Y/- r 0".into()),
            "setup",
        ),
        (edited(|d| d.dice = vec!["9".into()]), "dice"),
        (edited(|d| d.dice.clear()), "ran out"),
        (
            edited(|d| d.dice.push("5".into())),
            "never used by the solution",
        ),
        (edited(|d| d.solution = vec!["0-5".into()]), "solution"),
        (edited(|d| d.rules.preset = "nonsense".into()), "preset"),
        (
            edited(|d| {
                d.rules.set.insert("no_such_toggle".into(), "true".into());
            }),
            "no_such_toggle",
        ),
        (
            edited(|d| d.goal = ca_ngua_data::learn::Goal::Hole(3)),
            "Cờ nhảy",
        ),
        (edited(|d| d.game = "co-nhay".into()), "co-nhay"),
        (
            edited(|d| d.wrong = vec![("0-4".into(), "k".into())]),
            "not refused",
        ),
    ];
    for (def, says) in cases {
        let err = Lesson::<CaNgua>::new(def).unwrap_err();
        assert_eq!(err.lesson, "cn-board");
        assert!(err.message.contains(says), "{says}: {err}");
    }
    // A file that is not a lesson file names the file.
    let err = read_lessons("bad.ron", "(version: 1, lessons: [(id: 3)])").unwrap_err();
    assert_eq!(err.lesson, "bad.ron");
    let err = read_lessons("new.ron", "(version: 9, lessons: [])").unwrap_err();
    assert!(err.message.contains("version 9"), "{err}");
}

#[test]
fn rules_as_a_preset_and_fields_say_what_is_wrong_by_a_typed_error() {
    use ca_ngua_data::learn::{RulesDef, RulesError};
    let def = RulesDef {
        preset: "nonsense".into(),
        ..RulesDef::default()
    };
    let err = def.rules::<CaNgua>().unwrap_err();
    assert!(
        matches!(&err, RulesError::NoPreset { name, .. } if name == "nonsense"),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("rules: no preset 'nonsense' (one of standard, "),
        "{err}"
    );
    let mut def = RulesDef::default();
    def.set.insert("no_such_toggle".into(), "true".into());
    let err = def.rules::<CaNgua>().unwrap_err();
    assert_eq!(err, RulesError::NoField("no_such_toggle".into()));
    assert_eq!(err.to_string(), "rules: no field 'no_such_toggle'");
    // Rules written as a preset and fields read back as themselves.
    let mut rules = game_ca_ngua::engine::Rules::standard();
    rules.teams = true;
    let def = RulesDef::of::<CaNgua>(&rules).unwrap();
    assert_eq!(def.rules::<CaNgua>().unwrap(), rules);
}
