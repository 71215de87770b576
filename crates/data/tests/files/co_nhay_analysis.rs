//! Analysis of Cờ nhảy games (`ca_ngua_data::record::analysis`): the move that
//! finishes the arm is rated best, there is no luck without dice, the
//! same seed gives the same analysis on one thread or two, a rollout
//! stopped by the ply cap is scored by the places as they stand, every
//! legal move is rated once, and cancelling stops it. Few rollouts, few
//! moves. By default the moves are rated by Hard's search instead
//! (`SelfPlay::rate_moves`): the same figures every time, the best move
//! never below the one played, and a random player's moves costlier than
//! Hard's.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_core::game::{Game, Level, Next};
use ca_ngua_data::record::analysis::{
    Analysis, AnalysisConfig, AnalysisError, Play, analyse, sample_game,
};
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Rules, Setup};
use std::sync::atomic::{AtomicBool, Ordering};

fn config(rollouts: u32, threads: usize) -> AnalysisConfig {
    AnalysisConfig {
        rollouts,
        luck_rollouts: rollouts,
        level: Level::Medium,
        seed: 5,
        threads,
        max_plies: 400,
        evaluate: false,
    }
}

/// The game's defaults, rated by Hard's search, on `threads` threads.
fn by_search(threads: usize) -> AnalysisConfig {
    AnalysisConfig {
        threads,
        ..AnalysisConfig::for_game::<CoNhay>()
    }
}

fn state(text: &str) -> <CoNhay as Game>::State {
    let setup: Setup = text.parse().unwrap();
    CoNhay::from_setup(&Rules::standard(), &setup).unwrap()
}

fn run(
    start: &<CoNhay as Game>::State,
    plays: &[Play<CoNhay>],
    cfg: &AnalysisConfig,
) -> Result<Analysis<CoNhay>, AnalysisError> {
    let rules = Rules::standard();
    analyse::<CoNhay>(
        &rules,
        start,
        plays,
        cfg,
        &|_, _| {},
        &AtomicBool::new(false),
    )
}

/// Both players have nine pieces home and the tenth one step from its last
/// hole: arm 0, to move, wins with 106-114 (its own three other moves to
/// 114 leave 106 behind); any other move lets arm 3 finish with 17-9.
const RACE: &str = "106,111,112,113,115,116,117,118,119,120/-/-/0,1,2,3,4,5,6,7,8,17/-/- 0 -";

#[test]
fn the_move_that_finishes_the_arm_is_rated_best() {
    let start = state(RACE);
    let win = "106-114".parse().unwrap();
    let other = "112-114".parse().unwrap();
    let plays = [Play {
        roll: None,
        mv: Some(other),
    }];
    let a = run(&start, &plays, &config(6, 2)).unwrap();
    let step = &a.steps[0];
    assert_eq!(step.best_move(), Some(win));
    assert_eq!(step.played_move(), Some(other));
    assert_eq!(step.moves[step.best].win, 1.0);
    for m in &step.moves {
        if m.mv != Some(win) {
            assert!(m.win < 0.5, "{m:?}");
        }
    }
    assert!(step.cost > 0.5, "{}", step.cost);
    assert!(step.is_clear_mistake(), "{:?}", step.cost_ci95);
    assert_eq!(step.luck, None, "no dice, no luck");
    assert_eq!(a.players[0].luck, 0.0);
    assert_eq!(a.players[0].mistakes.len(), 1);
    assert_eq!(a.players[0].mistakes[0].best, Some(win));
    assert_eq!(a.players[1].decisions, 0);
    // Arm 3 then finishes at once: the series shows the swing.
    assert!(a.players[1].series[0] > 0.5);
}

#[test]
fn a_rollout_stopped_by_the_ply_cap_goes_to_the_player_nearer_home() {
    // The start of a game, every first move forward: rollouts stopped at
    // once are scored by the places as they stand, by distance left, and
    // arm 0 is then ahead whatever it played.
    let rules = Rules::standard();
    let start = CoNhay::start(
        &rules,
        &CoNhay::seats_for(&rules, 2).unwrap(),
        &mut rand::rng(),
    )
    .unwrap();
    let Next::Choose(_, moves) = CoNhay::next(&start, None) else {
        panic!("arm 0 moves first");
    };
    let plays = [Play {
        roll: None,
        mv: moves.first().copied(),
    }];
    let cfg = AnalysisConfig {
        max_plies: 0,
        ..config(3, 1)
    };
    let a = run(&start, &plays, &cfg).unwrap();
    assert_eq!(a.steps[0].moves.len(), moves.len());
    for m in &a.steps[0].moves {
        assert_eq!(m.win, 1.0, "{m:?}");
    }
    assert_eq!(a.steps[0].win_after, vec![1.0, 0.0]);
    // Unstopped, the rollouts are whole games: first place is one arm's.
    let whole = run(&start, &plays, &config(3, 1)).unwrap();
    let after = &whole.steps[0].win_after;
    assert_eq!(after.iter().sum::<f64>(), 1.0);
}

#[test]
fn the_same_seed_gives_the_same_analysis_on_one_thread_or_two() {
    let rules = Rules::standard();
    let (start, plays) =
        sample_game::<CoNhay>(&rules, &[Level::Medium, Level::Easy], 2, 6).unwrap();
    let cfg = AnalysisConfig {
        max_plies: 60,
        ..config(3, 1)
    };
    let one = run(&start, &plays, &cfg).unwrap();
    let two = run(&start, &plays, &AnalysisConfig { threads: 2, ..cfg }).unwrap();
    assert_eq!(one.steps, two.steps);
    assert_eq!(one.players, two.players);
    // Every legal move once, in the engine's order.
    let mut game = start.clone();
    for (step, p) in one.steps.iter().zip(&plays) {
        let Next::Choose(_, legal) = CoNhay::next(&game, None) else {
            panic!("a move");
        };
        let rated: Vec<_> = step.moves.iter().map(|m| m.mv).collect();
        assert_eq!(rated, legal.into_iter().map(Some).collect::<Vec<_>>());
        assert_eq!(step.played_move(), p.mv);
        CoNhay::play(&mut game, None, p.mv).unwrap();
    }
    let json = one.to_json();
    assert_eq!(json["game"], "co-nhay");
    assert_eq!(json["seats"], serde_json::json!(["0", "3"]));
    assert!(json["steps"][0]["roll"].is_null());
    assert!(json["steps"][0]["luck"].is_null());
}

#[test]
fn cancelling_stops_the_analysis() {
    let start = state(RACE);
    let plays = [Play {
        roll: None,
        mv: Some("106-114".parse().unwrap()),
    }];
    let cancel = AtomicBool::new(true);
    let result = analyse::<CoNhay>(
        &Rules::standard(),
        &start,
        &plays,
        &config(50, 2),
        &|_, _| {},
        &cancel,
    );
    assert_eq!(result, Err(AnalysisError::Cancelled));
    cancel.store(false, Ordering::Relaxed);
    let a = analyse::<CoNhay>(
        &Rules::standard(),
        &start,
        &plays,
        &config(2, 2),
        &|_, _| {},
        &cancel,
    )
    .unwrap();
    assert_eq!(a.steps[0].cost, 0.0);
}

#[test]
fn a_move_that_is_not_legal_is_refused() {
    let start = state(RACE);
    let plays = [Play {
        roll: None,
        mv: Some("0-10".parse().unwrap()),
    }];
    let err = run(&start, &plays, &config(2, 1)).unwrap_err();
    assert!(matches!(err, AnalysisError::Play { index: 0, .. }), "{err}");
    assert!(err.to_string().contains("not legal"), "{err}");
}

#[test]
fn the_search_rates_the_same_record_alike_every_time() {
    let rules = Rules::standard();
    let (start, plays) =
        sample_game::<CoNhay>(&rules, &[Level::Hard, Level::Medium], 3, 24).unwrap();
    let cfg = by_search(2);
    assert!(cfg.evaluate);
    let one = run(&start, &plays, &cfg).unwrap();
    let again = run(&start, &plays, &cfg).unwrap();
    let single = run(&start, &plays, &by_search(1)).unwrap();
    assert_eq!(one, again);
    assert_eq!(one.steps, single.steps);
    assert_eq!(one.players, single.players);
    assert_eq!(one.steps.len(), plays.len());
    for step in &one.steps {
        // No rollouts: every figure exact.
        for m in &step.moves {
            assert_eq!(m.rollouts, 0);
            assert_eq!(m.ci95, [m.win, m.win]);
            assert!((0.0..=1.0).contains(&m.win), "{m:?}");
        }
        // The win chances of the two seats after the move make a whole.
        let sum: f64 = step.win_after.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{:?}", step.win_after);
    }
    // Not every move alike: the search tells them apart.
    assert!(one.steps.iter().any(|s| s.cost > 0.0));
    assert_eq!(one.to_json()["config"]["evaluate"], true);
}

#[test]
fn the_search_rates_the_best_move_at_least_as_high_as_the_move_played() {
    let rules = Rules::standard();
    let (start, plays) =
        sample_game::<CoNhay>(&rules, &[Level::Medium, Level::Easy], 7, 20).unwrap();
    let a = run(&start, &plays, &by_search(2)).unwrap();
    for step in &a.steps {
        let best = step.moves[step.best].win;
        let played = step.moves[step.played].win;
        assert!(best >= played, "{step:?}");
        assert!(step.moves.iter().all(|m| m.win <= best));
        assert_eq!(step.cost, best - played);
        assert_eq!(step.is_clear_mistake(), step.cost > 0.0);
        assert_eq!(
            step.win_after[a.seats.iter().position(|&s| s == step.seat).unwrap()],
            played
        );
    }
    // The race: the move that finishes the arm is a sure win, the others
    // let arm 3 finish.
    let win = "106-114".parse().unwrap();
    let other = "112-114".parse().unwrap();
    let race = run(
        &state(RACE),
        &[Play {
            roll: None,
            mv: Some(other),
        }],
        &by_search(1),
    )
    .unwrap();
    let step = &race.steps[0];
    assert_eq!(step.best_move(), Some(win));
    assert_eq!(step.moves[step.best].win, 1.0);
    assert!(step.cost > 0.9, "{}", step.cost);
    assert!(step.is_clear_mistake());
    assert_eq!(race.players[0].mistakes[0].best, Some(win));
}

#[test]
fn a_random_player_loses_more_per_decision_than_hard() {
    // Over a few seeded games (in one game a Random player soon hopeless
    // has every move cost next to nothing: the sum says more). The search's
    // costs tell Random from Hard only narrowly (about 0.0048 against
    // 0.0042 a decision): a known weakness of rating by the search alone,
    // left to issue 32's evaluator work.
    let rules = Rules::standard();
    let (mut lost, mut decisions) = ([0.0f64; 2], [0usize; 2]);
    for seed in 11..15 {
        let (start, plays) =
            sample_game::<CoNhay>(&rules, &[Level::Hard, Level::Random], seed, 60).unwrap();
        let a = run(&start, &plays, &by_search(2)).unwrap();
        for k in 0..2 {
            lost[k] += a.players[k].skill_lost;
            decisions[k] += a.players[k].decisions;
        }
    }
    let per_decision = |k: usize| lost[k] / decisions[k].max(1) as f64;
    let (hard, random) = (per_decision(0), per_decision(1));
    assert!(decisions[0] >= 80 && decisions[1] >= 80, "{decisions:?}");
    assert!(random > hard, "Hard {hard}, Random {random}");
}
