//! "Try these rules": the figures agree with known game lengths, runs are
//! reproducible, stream monotone partial reports and stop on a cancel.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::wait::wait_until;
use ca_ngua_core::game::Level;
use game_ca_ngua::engine::{Rules, Seat};
use game_ca_ngua::rules_lab::{self, Player, RunConfig, Trial, TrialReport, TrialRun};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn trial(rules: Rules, seats: &[Seat], player: Player) -> Trial {
    Trial {
        rules,
        seats: seats.to_vec(),
        players: vec![player; seats.len()],
    }
}

fn cfg(games: u64, seed: u64) -> RunConfig {
    RunConfig {
        games,
        seed,
        threads: 1,
        report_every: 50,
    }
}

const RANDOM: Player = Player::Bot(Level::Random);

/// Random players under the standard rules: 391.6 rolls a game with four
/// colours and 178.0 with two (200,000 games of `ca-ngua-cli selfplay`,
/// standard error 0.2; the issue quotes 391 and 178). The trial's mean
/// must hold them within three of its standard errors, and its interval
/// must be tight enough to mean something.
#[test]
fn standard_random_game_lengths_match_the_known_values() {
    for (seats, known) in [
        (&Seat::ALL[..], 391.6),
        (&[Seat::Red, Seat::Yellow][..], 178.0),
    ] {
        let t = trial(Rules::standard(), seats, RANDOM);
        let r = rules_lab::run(&t, &Rules::standard(), &cfg(3_000, 7)).unwrap();
        let m = r.trial.rolls_mean;
        assert!(m.se > 0.0 && m.se < 2.0, "{m:?}");
        assert!(
            (m.mean - known).abs() < 3.0 * m.se + 0.6,
            "{} players: mean {:.1} ± {:.1}, known {known}",
            seats.len(),
            m.mean,
            m.se
        );
        // The median's interval holds the median, and the longest tenth
        // starts above it.
        let med = r.trial.rolls_median;
        assert!(med.ci95[0] <= med.value && med.value <= med.ci95[1]);
        assert!(r.trial.rolls_p90.value > med.value);
        // Fair random players: each colour near 1/n, inside its interval
        // with the others' (a loose check of the seat bookkeeping).
        let fair = 1.0 / seats.len() as f64;
        for c in &r.trial.colours {
            assert!((c.wins.rate.value - fair).abs() < 0.05, "{c:?}");
        }
        // Same rules as the baseline: no second column.
        assert!(r.baseline.is_none());
        assert_eq!(r.trial.no_winner.count, 0);
    }
}

#[test]
fn the_same_seed_gives_the_same_report_whatever_the_threads() {
    let t = Trial {
        rules: Rules::casual(),
        seats: vec![Seat::Red, Seat::Green, Seat::Yellow],
        players: vec![Player::Person, RANDOM, Player::Bot(Level::Easy)],
    };
    let one = rules_lab::run(&t, &Rules::standard(), &cfg(300, 11)).unwrap();
    let again = rules_lab::run(&t, &Rules::standard(), &cfg(300, 11)).unwrap();
    let two = rules_lab::run(
        &t,
        &Rules::standard(),
        &RunConfig {
            threads: 2,
            ..cfg(300, 11)
        },
    )
    .unwrap();
    assert_eq!(one, again);
    assert_eq!(one, two);
    let other = rules_lab::run(&t, &Rules::standard(), &cfg(300, 12)).unwrap();
    assert_ne!(one.trial, other.trial);
}

fn wins_total(r: &TrialReport) -> u64 {
    r.trial.colours.iter().map(|c| c.wins.count).sum()
}

#[test]
fn partial_reports_grow_monotonically_to_the_final_one() {
    let t = trial(Rules::traditional(), &[Seat::Red, Seat::Yellow], RANDOM);
    let mut seen: Vec<TrialReport> = Vec::new();
    let never = AtomicBool::new(false);
    let last = rules_lab::run_with(
        &t,
        &Rules::standard(),
        &RunConfig {
            report_every: 40,
            ..cfg(200, 3)
        },
        &never,
        |r| seen.push(r.clone()),
    )
    .unwrap()
    .unwrap();
    let done: Vec<u64> = seen.iter().map(|r| r.games_done).collect();
    assert_eq!(done, [40, 80, 120, 160, 200]);
    for w in seen.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(wins_total(a) <= wins_total(b));
        assert!(a.trial.capped.count <= b.trial.capped.count);
        let base = |r: &TrialReport| r.baseline.as_ref().unwrap().games;
        assert_eq!(base(a), a.games_done, "the baseline keeps pace");
        assert!(base(a) < base(b));
        let hist = |r: &TrialReport| r.trial.length_histogram.counts.iter().sum::<u64>();
        assert_eq!(hist(a), a.games_done);
    }
    assert!(seen.iter().take(4).all(|r| !r.complete));
    assert!(last.complete);
    assert_eq!(seen.last(), Some(&last));
    // Both columns share the histogram's bins, so one chart can hold both.
    let b = last.baseline.as_ref().unwrap();
    assert_eq!(
        b.length_histogram.bin_rolls,
        last.trial.length_histogram.bin_rolls
    );
}

#[test]
fn a_cancel_stops_the_run_within_the_game() {
    let t = trial(Rules::traditional(), &Seat::ALL, RANDOM);
    let cancel = AtomicBool::new(false);
    let mut reports = 0;
    let out = rules_lab::run_with(
        &t,
        &Rules::standard(),
        &RunConfig {
            report_every: 5,
            ..cfg(100_000, 1)
        },
        &cancel,
        |_| {
            reports += 1;
            cancel.store(true, Ordering::Relaxed);
        },
    )
    .unwrap();
    assert!(out.is_none());
    assert_eq!(reports, 1, "no report after the cancel");
}

/// The app's way: a background run, stopped when the rules change, and a
/// new run for the new rules. Stopping joins the thread.
#[test]
fn a_background_run_stops_and_a_new_one_starts() {
    let t = trial(Rules::standard(), &Seat::ALL, RANDOM);
    let wait_for = |run: &TrialRun, what: &dyn Fn(&TrialReport) -> bool| {
        wait_until("the run's report", Duration::from_secs(60), || {
            run.latest().is_some_and(|r| what(&r)).then_some(true)
        })
    };
    // Ten million games: hours of play, so only the stop can end it.
    let first = TrialRun::start(t.clone(), Rules::standard(), cfg(10_000_000, 1), || {});
    assert!(wait_for(&first, &|r| r.games_done >= 50));
    assert!(first.is_running(), "playing on by itself");
    assert!(!first.is_done());
    // Stopped from another thread, so that a stop the run ignored fails
    // here rather than hanging the test for hours.
    let (stopped, back) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut run = first;
        run.stop();
        let _ = stopped.send(run);
    });
    let first = back
        .recv_timeout(Duration::from_secs(60))
        .expect("the run heeds the stop");
    // It stopped early, and says so: done, without an error, its last
    // report a partial one of the ten million games asked for.
    assert!(first.is_done(), "stop returned before the run had ended");
    assert!(first.error().is_none(), "{:?}", first.error());
    let last = first.latest().unwrap();
    assert!(!last.complete, "a stopped run is not complete");
    assert_eq!(last.games_planned, 10_000_000);
    let stopped_at = last.games_done;
    assert!((50..10_000_000).contains(&stopped_at), "{stopped_at}");
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(
        first.latest().unwrap().games_done,
        stopped_at,
        "no game after the stop"
    );

    let changed = Trial {
        rules: Rules::casual(),
        ..t
    };
    let second = TrialRun::start(changed, Rules::standard(), cfg(100, 1), || {});
    assert!(wait_for(&second, &|r| r.complete));
    let r = second.latest().unwrap();
    assert_eq!(r.rules, Rules::casual());
    assert_eq!(r.games_done, 100);
    assert!(second.error().is_none());
    drop(second);
}

#[test]
fn a_person_plays_as_the_stand_in_but_takes_a_persons_time() {
    let seats = [Seat::Red, Seat::Yellow];
    let people = trial(Rules::standard(), &seats, Player::Person);
    let bots = trial(
        Rules::standard(),
        &seats,
        Player::Bot(rules_lab::PERSON_STAND_IN),
    );
    let p = rules_lab::run(&people, &Rules::standard(), &cfg(200, 5)).unwrap();
    let b = rules_lab::run(&bots, &Rules::standard(), &cfg(200, 5)).unwrap();
    assert_eq!(p.trial.rolls_mean, b.trial.rolls_mean, "the same moves");
    assert_eq!(p.trial.kicks_per_game, b.trial.kicks_per_game);
    // A person's allowances (1 s to roll and 1-3 s to move) are longer
    // than the computer's 0.4 s pauses.
    assert!(p.trial.minutes_mean.mean > b.trial.minutes_mean.mean);
    assert_eq!(p.seats[0].simulated_as, rules_lab::PERSON_STAND_IN);
    // Minutes follow the time model: at least the dice and the pauses of
    // every roll, at most that plus a full walk and a kick every roll.
    let tm = p.time_model;
    let per_roll_min = tm.dice_s + tm.think_s.min(tm.person_roll_s);
    let m = &b.trial;
    assert!(m.minutes_mean.mean * 60.0 > m.rolls_mean.mean * per_roll_min);
}

#[test]
fn stronger_colours_win_more_and_the_first_player_is_measured() {
    let t = Trial {
        rules: Rules::standard(),
        seats: vec![Seat::Red, Seat::Yellow],
        players: vec![Player::Bot(Level::Medium), RANDOM],
    };
    let r = rules_lab::run(&t, &Rules::standard(), &cfg(600, 2)).unwrap();
    let red = &r.trial.colours[0];
    assert_eq!(red.colour, 'r');
    assert!(red.wins.rate.ci95[0] > 0.55, "{red:?}");
    let f = &r.trial.first_player;
    assert_eq!(f.fair, 0.5);
    assert!((f.advantage_points - 100.0 * (f.wins.rate.value - 0.5)).abs() < 1e-9);
    assert!(f.wins.count <= r.trial.games);
}

#[test]
fn ledger_points_and_the_safety_cap_are_counted() {
    let t = trial(Rules::traditional(), &[Seat::Red, Seat::Green], RANDOM);
    let r = rules_lab::run(&t, &Rules::standard(), &cfg(100, 4)).unwrap();
    let points = r.trial.points_per_game.unwrap();
    assert!(points.mean > 0.0);
    assert!(r.trial.kicks_per_game.mean > 0.0);
    assert!(r.baseline.as_ref().unwrap().points_per_game.is_none());

    let mut short = Rules::standard();
    short.roll_cap = 30;
    let capped = trial(short, &[Seat::Red, Seat::Green], RANDOM);
    let r = rules_lab::run(&capped, &Rules::standard(), &cfg(50, 4)).unwrap();
    assert_eq!(r.trial.capped.count, 50);
    assert_eq!(r.trial.no_winner.count, 50);
    assert_eq!(r.trial.rolls_p90.value, 30.0);
    assert_eq!(r.baseline.as_ref().unwrap().capped.count, 0);
}

#[test]
fn an_unplayable_trial_is_an_error_a_player_can_read() {
    let mut t = trial(Rules::standard(), &[Seat::Red], RANDOM);
    let e = rules_lab::run(&t, &Rules::standard(), &cfg(10, 1)).unwrap_err();
    assert!(e.to_string().contains("two to four"), "{e}");
    t.seats = vec![Seat::Red, Seat::Red];
    t.players = vec![RANDOM; 2];
    assert!(rules_lab::run(&t, &Rules::standard(), &cfg(10, 1)).is_err());
    let mut bad = Rules::standard();
    bad.roll_cap = 0;
    let t = trial(Rules::standard(), &[Seat::Red, Seat::Green], RANDOM);
    let e = rules_lab::run(&t, &bad, &cfg(10, 1)).unwrap_err();
    assert!(e.to_string().contains("baseline"), "{e}");
}

/// Teams in the rule lab: each team's wins, the partners of the team that
/// won both counted, the first player's team against a fair 50%; teams
/// with fewer than four players are refused, as trial or as baseline.
#[test]
fn the_lab_says_which_team_wins_how_often() {
    let t = trial(Rules::teams(), &Seat::ALL, Player::Bot(Level::Random));
    let r = rules_lab::run(&t, &Rules::standard(), &cfg(300, 5)).unwrap();
    let teams = r.trial.teams.as_ref().expect("team figures");
    assert_eq!(teams.len(), 2);
    assert_eq!(
        (teams[0].colours.as_str(), teams[1].colours.as_str()),
        ("ry", "gb")
    );
    let games = r.trial.games;
    let no_winner = r.trial.no_winner.count;
    assert_eq!(teams[0].wins.count + teams[1].wins.count + no_winner, games);
    // Partners win together: red's wins are yellow's, green's are blue's.
    let wins = |c: char| {
        r.trial
            .colours
            .iter()
            .find(|x| x.colour == c)
            .unwrap()
            .wins
            .count
    };
    assert_eq!((wins('r'), wins('g')), (wins('y'), wins('b')));
    assert_eq!(wins('r'), teams[0].wins.count);
    assert!((r.trial.first_player.fair - 0.5).abs() < 1e-9);
    // The baseline without teams has no team figures.
    assert!(r.baseline.as_ref().unwrap().teams.is_none());

    let three = trial(
        Rules::teams(),
        &[Seat::Red, Seat::Green, Seat::Yellow],
        Player::Bot(Level::Random),
    );
    let err = rules_lab::run(&three, &Rules::standard(), &cfg(10, 1)).unwrap_err();
    assert!(err.0.contains("teams need four players"), "{}", err.0);
    let two = trial(
        Rules::standard(),
        &[Seat::Red, Seat::Yellow],
        Player::Bot(Level::Random),
    );
    let err = rules_lab::run(&two, &Rules::teams(), &cfg(10, 1)).unwrap_err();
    assert!(
        err.0.starts_with("baseline rules: teams need four players"),
        "{}",
        err.0
    );
}
