//! Analysis of Cờ Cá Ngựa games (`ca_ngua_data::record::analysis`): the move
//! that wins at once is rated best, a roll that wins is lucky and one that
//! lets the opponent in is not, the same seed gives the same analysis on
//! one thread or two, cancelling stops it, every legal move is rated once,
//! the totals add up, and bad plays are refused. Few rollouts, short games.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_core::game::selfplay::SelfPlay;
use ca_ngua_core::game::{Game, Level, Next};
use ca_ngua_data::record::analysis::{
    Analysis, AnalysisConfig, AnalysisError, Play, analyse, sample_game,
};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Dice, GameEnd, Rules, Seat, Setup};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

fn config(rollouts: u32, threads: usize) -> AnalysisConfig {
    AnalysisConfig {
        rollouts,
        luck_rollouts: rollouts,
        level: Level::Medium,
        seed: 7,
        threads,
        max_plies: 1_000,
        evaluate: false,
    }
}

fn state(rules: &Rules, text: &str) -> <CaNgua as Game>::State {
    let setup: Setup = text.parse().unwrap();
    CaNgua::from_setup(rules, &setup).unwrap()
}

fn play(roll: &str, mv: Option<&str>) -> Play<CaNgua> {
    Play {
        roll: Some(roll.parse().unwrap()),
        mv: mv.map(|m| m.parse().unwrap()),
    }
}

fn run(
    rules: &Rules,
    start: &<CaNgua as Game>::State,
    plays: &[Play<CaNgua>],
    cfg: &AnalysisConfig,
) -> Result<Analysis<CaNgua>, AnalysisError> {
    analyse::<CaNgua>(
        rules,
        start,
        plays,
        cfg,
        &|_, _| {},
        &AtomicBool::new(false),
    )
}

/// Two dice: both colours have one horse left on home cell 1. Red's 3+3
/// moves it 6 into the centre (the game won) or 3 (one die of the
/// double), after which yellow may come home first.
#[test]
fn the_move_that_wins_at_once_is_rated_best() {
    let rules = Rules {
        dice: Dice::Two,
        ..Rules::standard()
    };
    CaNgua::check_rules(&rules).unwrap();
    let start = state(&rules, "51,57,57,57/-/51,57,57,57/- r 0");
    let roll = "3+3".parse().unwrap();
    let Next::Choose(_, moves) = CaNgua::next(&start, Some(roll)) else {
        panic!("red has a choice");
    };
    let win = "51-57".parse().unwrap();
    assert!(moves.contains(&win) && moves.len() >= 2, "{moves:?}");

    // Played the other move: it cost red most of the game.
    let other = moves.iter().copied().find(|&m| m != win).unwrap();
    let plays = [Play {
        roll: Some(roll),
        mv: Some(other),
    }];
    let a = run(&rules, &start, &plays, &config(200, 2)).unwrap();
    let step = &a.steps[0];
    assert_eq!(step.best_move(), Some(win));
    assert_eq!(step.played_move(), Some(other));
    let best = &step.moves[step.best];
    assert_eq!(best.win, 1.0, "the game is won");
    assert!(
        best.ci95[0] > 0.95 && best.ci95[1] == 1.0,
        "{:?}",
        best.ci95
    );
    assert!(step.cost > 0.2, "cost {}", step.cost);
    assert!((step.cost - (best.win - step.moves[step.played].win)).abs() < 1e-9);
    // The same dice after both moves: the rollouts are sure of the cost.
    assert!(step.is_clear_mistake(), "{:?}", step.cost_ci95);
    assert!(step.cost_ci95[0] <= step.cost && step.cost <= step.cost_ci95[1]);
    // Red's totals: this one decision, its mistake.
    let red = &a.players[0];
    assert_eq!(red.seat, Seat::Red);
    assert_eq!(red.decisions, 1);
    assert_eq!(red.skill_lost, step.cost);
    assert_eq!(red.mistakes.len(), 1);
    assert_eq!(red.mistakes[0].best, Some(win));
    assert_eq!(red.mistakes[0].played, Some(other));
    assert_eq!(red.mistakes[0].setup, start.position().to_setup());
    assert_eq!(a.players[1].decisions, 0);
    assert!(a.players[1].mistakes.is_empty());
}

/// One die: both colours need an exact 6 to bring their last horse home
/// (each turn a 1 in 6 chance, whatever they do). Red's 6 wins the game;
/// with any other roll yellow has the next chance, and red's chance is
/// (5/6 · 1/6) / (1 - (5/6)²) = 5/11. Before the roll it was
/// 1/6 + 5/6 · 5/11 = 6/11: the 6 is worth +5/11, the 1 -1/11.
#[test]
fn a_roll_that_wins_is_lucky_and_one_that_does_not_is_unlucky() {
    let rules = Rules::standard();
    let start = state(&rules, "51,57,57,57/-/51,57,57,57/- r 0");
    let cfg = config(300, 2);

    let won = run(&rules, &start, &[play("6", Some("51-57"))], &cfg).unwrap();
    let luck = won.steps[0].luck.unwrap();
    assert_eq!(luck.after, 1.0);
    assert!((luck.before - 6.0 / 11.0).abs() < 0.08, "{luck:?}");
    assert!(luck.luck > 0.3, "{luck:?}");
    assert_eq!(won.players[0].luck, luck.luck);
    assert_eq!(won.steps[0].cost, 0.0, "a single legal move costs nothing");
    assert!(!won.steps[0].is_decision());
    assert_eq!(won.steps[0].win_after, vec![1.0, 0.0]);

    let missed = run(&rules, &start, &[play("1", Some("51-52"))], &cfg).unwrap();
    let luck = missed.steps[0].luck.unwrap();
    assert!((luck.after - 5.0 / 11.0).abs() < 0.08, "{luck:?}");
    assert!(luck.luck < -0.04, "{luck:?}");
    assert_eq!(missed.players[0].luck, luck.luck);
    assert_eq!(missed.players[1].luck, 0.0, "yellow did not roll");
}

/// A short seeded game between bots.
fn sample(players: usize, plays: usize, seed: u64) -> (<CaNgua as Game>::State, Vec<Play<CaNgua>>) {
    let levels = [Level::Medium, Level::Easy, Level::Random, Level::Medium];
    sample_game::<CaNgua>(&Rules::standard(), &levels[..players], seed, plays).unwrap()
}

#[test]
fn the_same_seed_gives_the_same_analysis_on_one_thread_or_two() {
    let rules = Rules::standard();
    let (start, plays) = sample(4, 40, 3);
    let one = run(&rules, &start, &plays, &config(6, 1)).unwrap();
    let two = run(&rules, &start, &plays, &config(6, 2)).unwrap();
    assert_eq!(one.steps, two.steps);
    assert_eq!(one.players, two.players);
    assert_eq!(one.to_json()["steps"], two.to_json()["steps"]);
    // The seed matters.
    let other = run(
        &rules,
        &start,
        &plays,
        &AnalysisConfig {
            seed: 8,
            ..config(6, 2)
        },
    )
    .unwrap();
    assert_ne!(one.steps, other.steps);
}

#[test]
fn cancelling_stops_the_analysis_early() {
    let rules = Rules::standard();
    let (start, plays) = sample(4, 60, 5);
    let cancel = AtomicBool::new(false);
    let last = AtomicU64::new(0);
    let total = AtomicU64::new(0);
    let result = analyse::<CaNgua>(
        &rules,
        &start,
        &plays,
        &config(20, 2),
        &|done, all| {
            last.fetch_max(done, Ordering::Relaxed);
            total.store(all, Ordering::Relaxed);
            if done > 0 {
                cancel.store(true, Ordering::Relaxed);
            }
        },
        &cancel,
    );
    assert_eq!(result, Err(AnalysisError::Cancelled));
    let (last, total) = (last.into_inner(), total.into_inner());
    assert!(last > 0 && last < total, "{last} of {total}");
}

#[test]
fn progress_counts_every_rollout() {
    let rules = Rules::standard();
    let (start, plays) = sample(2, 10, 9);
    let last = AtomicU64::new(0);
    let total = AtomicU64::new(0);
    let cancel = AtomicBool::new(false);
    let cfg = AnalysisConfig {
        luck_rollouts: 2,
        ..config(4, 2)
    };
    let a = analyse::<CaNgua>(
        &rules,
        &start,
        &plays,
        &cfg,
        &|done, all| {
            last.fetch_max(done, Ordering::Relaxed);
            total.store(all, Ordering::Relaxed);
        },
        &cancel,
    )
    .unwrap();
    // Four rollouts a move of the roll played, two a move of the others.
    let played: u64 = a.steps.iter().map(|s| 4 * s.moves.len() as u64).sum();
    let (last, total) = (last.into_inner(), total.into_inner());
    assert_eq!(last, total);
    assert!(total > played, "the other rolls are rolled out too");
}

#[test]
fn every_legal_move_is_rated_once_and_the_totals_add_up() {
    let rules = Rules::standard();
    let (start, plays) = sample(3, 80, 11);
    let a = run(&rules, &start, &plays, &config(4, 2)).unwrap();
    assert_eq!(a.steps.len(), plays.len());
    assert_eq!(a.seats, vec![Seat::Red, Seat::Green, Seat::Yellow]);
    let mut state = start.clone();
    for (step, p) in a.steps.iter().zip(&plays) {
        let legal: Vec<Option<_>> = match CaNgua::next(&state, p.roll) {
            Next::Choose(seat, moves) => {
                assert_eq!(step.seat, seat);
                moves.into_iter().map(Some).collect()
            }
            Next::Pass(seat) => {
                assert_eq!(step.seat, seat);
                vec![None]
            }
            other => panic!("{other:?}"),
        };
        let rated: Vec<_> = step.moves.iter().map(|m| m.mv).collect();
        assert_eq!(rated, legal);
        assert_eq!(rated.iter().collect::<HashSet<_>>().len(), rated.len());
        assert_eq!(step.played_move(), p.mv);
        assert_eq!(step.roll, p.roll);
        assert_eq!(step.setup, CaNgua::setup(&state));
        for m in &step.moves {
            assert!((0.0..=1.0).contains(&m.win));
            assert!(m.ci95[0] <= m.win && m.win <= m.ci95[1], "{m:?}");
            assert_eq!(m.rollouts, 4);
        }
        let best = step.moves[step.best].win;
        assert!(step.moves.iter().all(|m| m.win <= best));
        assert!(step.cost >= 0.0);
        assert!(step.cost_ci95[0] <= step.cost + 1e-12 && step.cost <= step.cost_ci95[1] + 1e-12);
        if step.best == step.played {
            assert_eq!((step.cost, step.cost_ci95), (0.0, [0.0, 0.0]));
        } else {
            let diff = step.moves[step.best].win - step.moves[step.played].win;
            assert!((step.cost - diff).abs() < 1e-9);
        }
        assert!(step.luck.is_some());
        CaNgua::play(&mut state, p.roll, p.mv).unwrap();
    }
    for (k, p) in a.players.iter().enumerate() {
        let own: Vec<_> = a.steps.iter().filter(|s| s.seat == p.seat).collect();
        let lost: f64 = own.iter().map(|s| s.cost).sum();
        let luck: f64 = own.iter().map(|s| s.luck.unwrap().luck).sum();
        assert!((p.skill_lost - lost).abs() < 1e-9);
        assert!((p.luck - luck).abs() < 1e-9);
        assert_eq!(
            p.decisions,
            own.iter().filter(|s| s.moves.len() >= 2).count()
        );
        assert!(p.mistakes.len() <= 3);
        assert!(p.mistakes.windows(2).all(|w| w[0].cost >= w[1].cost));
        assert!(
            p.mistakes
                .iter()
                .all(|m| m.cost_ci95[0] > 0.0 && m.cost > 0.0)
        );
        let clear = own.iter().filter(|s| s.is_clear_mistake()).count();
        assert_eq!(p.mistakes.len(), clear.min(3));
        let series: Vec<f64> = a.steps.iter().map(|s| s.win_after[k]).collect();
        assert_eq!(p.series, series);
    }
}

#[test]
fn the_json_writes_moves_and_positions_in_notation() {
    let rules = Rules::standard();
    let (start, plays) = sample(2, 20, 13);
    let a = run(&rules, &start, &plays, &config(3, 1)).unwrap();
    let json = a.to_json();
    assert_eq!(json["game"], "ca-ngua");
    assert_eq!(json["seats"], serde_json::json!(["r", "y"]));
    assert_eq!(json["config"]["rollouts"], 3);
    let steps = json["steps"].as_array().unwrap();
    assert_eq!(steps.len(), plays.len());
    for (s, (step, p)) in steps.iter().zip(a.steps.iter().zip(&plays)) {
        assert_eq!(s["position"], step.setup.to_string());
        assert_eq!(s["roll"], p.roll.unwrap().to_string());
        let played = p.mv.map_or("pass".to_string(), |m| m.to_string());
        assert_eq!(s["played"], played);
        let moves: Vec<&str> = s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        assert!(moves.contains(&played.as_str()));
        assert!(s["luck"]["luck"].is_f64());
    }
    assert_eq!(json["players"][1]["seat"], "y");
    assert_eq!(serde_json::to_value(&a).unwrap(), json);
}

#[test]
fn plays_that_cannot_be_played_are_refused_with_their_number() {
    let rules = Rules::standard();
    let start = state(&rules, "51,57,57,57/-/51,57,57,57/- r 0");
    let cfg = config(2, 1);
    let err = run(
        &rules,
        &start,
        &[play("1", Some("51-52")), play("4", Some("51-56"))],
        &cfg,
    )
    .unwrap_err();
    assert!(matches!(err, AnalysisError::Play { index: 1, .. }), "{err}");
    assert!(err.to_string().starts_with("play 2: "), "{err}");
    let missing = Play::<CaNgua> {
        roll: None,
        mv: None,
    };
    let err = run(&rules, &start, &[missing], &cfg).unwrap_err();
    assert!(matches!(err, AnalysisError::Play { index: 0, .. }), "{err}");
    let over = [play("6", Some("51-57")), play("6", None)];
    let err = run(&rules, &start, &over, &cfg).unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
    let none = AnalysisConfig { rollouts: 0, ..cfg };
    assert!(matches!(
        run(&rules, &start, &[], &none),
        Err(AnalysisError::Config(_))
    ));
}

/// Play on: red is home, green and yellow race on for second place. First
/// place is settled, so rollouts stop at once and red wins every one.
#[test]
fn rollouts_stop_once_first_place_is_settled() {
    let rules = Rules {
        game_end: GameEnd::PlayOn,
        ..Rules::standard()
    };
    let start = state(&rules, "57,57,57,57/Y,Y,Y,Y/Y,Y,Y,Y/- g 0");
    assert_eq!(CaNgua::turn(&start), Some(Seat::Green));
    let mut rolled = start.clone();
    let seats = CaNgua::seats(&start);
    let mut bots: Vec<_> = (0..seats.len())
        .map(|k| CaNgua::bot(Level::Medium, k as u64, &()))
        .collect();
    CaNgua::play_on(&mut rolled, &seats, &mut bots, 1, 1_000);
    assert_eq!(rolled, start, "nothing left to play for first place");

    let a = run(&rules, &start, &[play("6", Some("Y-0"))], &config(5, 1)).unwrap();
    assert_eq!(a.steps[0].win_after, vec![1.0, 0.0, 0.0]);
    let luck = a.steps[0].luck.unwrap();
    assert_eq!((luck.before, luck.after, luck.luck), (0.0, 0.0, 0.0));
}

/// Teams: red brings its last horse home with yellow already home, and the
/// team wins: a whole win for each partner, none for the other team.
#[test]
fn a_team_that_wins_wins_for_both_partners() {
    let rules = Rules::teams();
    assert!(CaNgua::allies(&rules, Seat::Red, Seat::Yellow));
    assert!(!CaNgua::allies(&rules, Seat::Red, Seat::Green));
    assert!(!CaNgua::allies(&Rules::standard(), Seat::Red, Seat::Yellow));
    let start = state(&rules, "51,57,57,57/57,57,57,Y/57,57,57,57/Y,Y,Y,Y r 0");
    let a = run(&rules, &start, &[play("6", Some("51-57"))], &config(3, 1)).unwrap();
    assert_eq!(a.steps[0].win_after, vec![1.0, 0.0, 1.0, 0.0]);
    assert_eq!(a.steps[0].moves[0].win, 1.0);
}

#[test]
fn every_roll_is_listed_once_with_its_probability() {
    let one = CaNgua::all_rolls(&Rules::standard());
    let two = CaNgua::all_rolls(&Rules {
        dice: Dice::Two,
        ..Rules::standard()
    });
    for (rolls, count) in [(&one, 6), (&two, 21)] {
        assert_eq!(rolls.len(), count);
        let total: f64 = rolls.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
        let distinct: HashSet<String> = rolls.iter().map(|(r, _)| r.to_string()).collect();
        assert_eq!(distinct.len(), count);
    }
    let p = |text: &str| {
        two.iter()
            .find(|(r, _)| r.to_string() == text)
            .map(|(_, p)| *p)
    };
    assert_eq!(p("3+3"), Some(1.0 / 36.0));
    assert_eq!(p("1+6"), Some(2.0 / 36.0));
    assert_eq!(p("6+1"), None, "the notation writes the low die first");
    assert!(one.iter().all(|(_, p)| *p == 1.0 / 6.0));
}
