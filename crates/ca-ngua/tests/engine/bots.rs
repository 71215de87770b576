//! The computer players: every level returns a legal move under every
//! preset and random combinations of toggles, in positions from games and
//! in odd positions no game may reach; the same seed replays the same game;
//! Hard beats the random player by a margin no seed can undo; a hint is
//! Hard's move (the command line's `hint`: `crates/cli/tests/cli/bots.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use ca_ngua_core::game::selfplay::mix_seed;
use game_ca_ngua::bots::{self, Bot, BotRng, Budget, Decision, Level};
use game_ca_ngua::dice;
use game_ca_ngua::engine::{
    CENTRE, Dice, Game, PRESET_NAMES, Position, Roll, Rules, Seat, Setup, YARD,
};
use game_ca_ngua::selfplay::play_out;
use rand::{RngExt, SeedableRng};

/// A bot of every level, Hard on the small test budget so that the suite
/// stays quick.
fn bot(level: Level, seed: u64) -> Bot {
    Bot::with_budget(level, seed, Budget::TEST)
}

/// Plays one game with the given levels (one per seat), checking that every
/// move a bot returns is among the legal moves. Returns the game.
fn play_checked(rules: Rules, seats: &[Seat], levels: &[Level], seed: u64) -> Game {
    let mut rng = BotRng::seed_from_u64(seed);
    let first = seats[rng.random_range(0..seats.len())];
    let mut game = Game::new(rules, seats, first).unwrap();
    let mut bots: Vec<Bot> = levels
        .iter()
        .enumerate()
        .map(|(i, &l)| bot(l, mix_seed(seed, i as u64)))
        .collect();
    while let Some(seat) = game.turn() {
        let roll = dice::roll(&rules, &mut rng);
        let moves = game.legal_moves(roll);
        let mv = if moves.is_empty() {
            None
        } else {
            let k = seats.iter().position(|&s| s == seat).unwrap();
            let pos = *game.position();
            let d = Decision {
                rules: &rules,
                position: &pos,
                roll,
                moves: &moves,
            };
            let m = bots[k].choose(&d);
            assert!(
                moves.contains(m),
                "{} chose {m}, not among {moves}\nrules {rules:?}\nposition {pos} roll {roll}",
                levels[k]
            );
            Some(m)
        };
        game.play(roll, mv).unwrap();
    }
    game
}

/// Every level in every seat, rotating with the game number.
fn levels_for(game: usize, seats: usize) -> Vec<Level> {
    (0..seats)
        .map(|k| Level::ALL[(game + k) % Level::ALL.len()])
        .collect()
}

#[test]
fn every_level_plays_legal_moves_under_every_preset() {
    for name in PRESET_NAMES {
        let rules = Rules::preset(name).unwrap();
        // The traditional preset's games are long: fewer of them.
        let games = if name == "traditional" { 3 } else { 12 };
        for seats in common::SEATINGS {
            // Teams need four players.
            if rules.teams && seats.len() < 4 {
                continue;
            }
            for g in 0..games {
                let levels = levels_for(g, seats.len());
                let game = play_checked(rules, seats, &levels, 100 * g as u64 + seats.len() as u64);
                let outcome = game.outcome().unwrap();
                assert!(outcome.winner.is_some() || outcome.capped, "{name}");
            }
        }
    }
}

#[test]
fn every_level_plays_legal_moves_under_random_toggles() {
    let mut rng = BotRng::seed_from_u64(41);
    for i in 0..90 {
        let rules = common::random_rules(&mut rng, 3_000);
        assert_eq!(rules.validate(), Ok(()));
        let seats = common::SEATINGS[i % 3];
        play_checked(rules, seats, &levels_for(i, seats.len()), i as u64);
    }
}

/// Positions no game needs to reach (horses anywhere the notation allows,
/// any streak), under random rules: every level still answers with a
/// legal move, for every roll.
#[test]
fn every_level_answers_in_odd_positions() {
    let mut rng = BotRng::seed_from_u64(5);
    let mut checked = 0;
    let mut bots: Vec<Bot> = Level::ALL.iter().map(|&l| bot(l, 9)).collect();
    while checked < 400 {
        let rules = common::random_rules(&mut rng, 3_000);
        let n = rng.random_range(2..=4);
        let mut horses = [None; 4];
        for h in horses.iter_mut().take(n) {
            let mut four = [YARD; 4];
            for p in &mut four {
                if rng.random_range(0..3) > 0 {
                    *p = rng.random_range(0..=CENTRE);
                }
            }
            *h = Some(four);
        }
        let setup = Setup {
            horses,
            turn: Some(Seat::from_index(rng.random_range(0..n))),
            streak: rng.random_range(0..=2),
        };
        let Ok(pos) = Position::from_setup(&setup, &rules) else {
            continue; // the notation refuses it: not a position
        };
        checked += 1;
        let rolls: Vec<Roll> = match rules.dice {
            Dice::One => (1..=6).map(Roll::die).collect(),
            Dice::Two => (1..=6)
                .flat_map(|a| (a..=6).map(move |b| Roll::dice_pair(a, b)))
                .collect(),
        };
        for roll in rolls {
            let moves = pos.legal_moves(&rules, roll);
            if moves.is_empty() {
                assert_eq!(bots::hint(&rules, &pos, roll), None, "{pos} {roll}");
                continue;
            }
            let d = Decision {
                rules: &rules,
                position: &pos,
                roll,
                moves: &moves,
            };
            for b in &mut bots {
                let m = b.choose(&d);
                assert!(moves.contains(m), "{}: {m} in {pos} {roll}", b.level());
            }
            let h = bots::hint(&rules, &pos, roll);
            assert!(h.is_some_and(|m| moves.contains(m)), "hint {pos} {roll}");
        }
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    for rules in [Rules::standard(), Rules::traditional()] {
        let seats = [Seat::Red, Seat::Green, Seat::Yellow, Seat::Blue];
        let levels = [Level::Hard, Level::Medium, Level::Easy, Level::Hard];
        let a = play_checked(rules, &seats, &levels, 77);
        let b = play_checked(rules, &seats, &levels, 77);
        assert_eq!(a.position(), b.position());
        assert_eq!(a.rolls(), b.rolls());
    }
}

/// Wins of `strong` against `weak` over `games` two-player games, seats
/// alternating, Hard on the test budget.
fn duel(rules: Rules, strong: Level, weak: Level, games: u64, seed: u64) -> u64 {
    let seats = [Seat::Red, Seat::Yellow];
    let mut wins = 0;
    for g in 0..games {
        let s = mix_seed(seed, g);
        let swap = g % 2 == 1;
        let levels = if swap { [weak, strong] } else { [strong, weak] };
        let mut bots: Vec<Bot> = levels
            .iter()
            .enumerate()
            .map(|(k, &l)| bot(l, mix_seed(s, 1 + k as u64)))
            .collect();
        let mut rng = BotRng::seed_from_u64(s);
        let first = seats[rng.random_range(0..2)];
        let mut game = Game::new(rules, &seats, first).unwrap();
        play_out(&mut game, &seats, &mut bots, &mut rng, |_, _| {});
        let strong_seat = if swap { Seat::Yellow } else { Seat::Red };
        if game.standings().winner == Some(strong_seat) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn hard_beats_random_by_a_wide_margin() {
    // Hard wins about 93% of two-player games against the random player
    // even on the test budget; 70% of 150 games is eleven standard
    // deviations (2.1 points each) below that, so no seed can make this
    // fail by bad luck alone.
    let games = 150;
    let wins = duel(Rules::standard(), Level::Hard, Level::Random, games, 2024);
    assert!(wins * 100 >= games * 70, "Hard won {wins} of {games}");
}

#[test]
fn levels_parse_by_name() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    let err = "expert".parse::<Level>().unwrap_err();
    assert!(err.contains("random, easy, medium, hard"), "{err}");
}

#[test]
fn a_hint_is_hard_s_move_and_stable() {
    let rules = Rules::standard();
    let pos = Position::parse("Y,Y,3,20/Y,Y,Y,11/-/- r 0", &rules).unwrap();
    let roll = Roll::die(4);
    let moves = pos.legal_moves(&rules, roll);
    let d = Decision {
        rules: &rules,
        position: &pos,
        roll,
        moves: &moves,
    };
    let hint = bots::hint(&rules, &pos, roll).unwrap();
    // Red's horse on 20 kicks green's horse on square 24 (green's 11).
    assert_eq!(hint.to_string(), "20-24");
    assert_eq!(Bot::new(Level::Hard, 123).choose(&d), hint);
    assert_eq!(bots::hint(&rules, &pos, roll), Some(hint));
    // Nothing to move: pass.
    let start = Position::start(&[Seat::Red, Seat::Yellow], Seat::Red).unwrap();
    assert_eq!(bots::hint(&rules, &start, Roll::die(5)), None);
}
