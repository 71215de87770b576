//! Property tests over thousands of random games: every preset and player
//! count, and random combinations of every toggle. The invariants of
//! DESIGN.md: 16 horses accounted for, no two colours on a square that is
//! not safe, every listed move playable, every game ends within its cap,
//! and the notation round-trips.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use game_ca_ngua::dice;
use game_ca_ngua::engine::{
    Game, HomeColumn, PRESET_NAMES, Pairs, Position, Rules, Seat, YARD, track_square,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn check_invariants(pos: &Position, rules: &Rules) -> Result<(), String> {
    let mut on_square: [Option<Seat>; 52] = [None; 52];
    let mut shared = false;
    for seat in Seat::ALL {
        let h = pos.horses(seat);
        if !pos.is_playing(seat) {
            if h != [YARD; 4] {
                return Err(format!("{seat:?} does not play but has horses {h:?}"));
            }
            continue;
        }
        for w in h.windows(2) {
            if w[0].wrapping_add(1) > w[1].wrapping_add(1) {
                return Err(format!("{seat:?}: horses not sorted {h:?}"));
            }
        }
        for p in h {
            if p != YARD && p > rules.last_progress() {
                return Err(format!("{seat:?}: horse at {p}"));
            }
            if rules.home_column == HomeColumn::Climb
                && p > 50
                && p != YARD
                && h.iter().filter(|&&q| q == p).count() > 1
            {
                return Err(format!("{seat:?}: two horses on home progress {p}"));
            }
            if p <= 50 {
                let sq = track_square(seat, p) as usize;
                match on_square[sq] {
                    // With teams, partners may share any square.
                    Some(other) if other != seat && !(rules.teams && other.partner() == seat) => {
                        shared |= !rules.is_safe_square(sq as u8)
                    }
                    _ => on_square[sq] = Some(seat),
                }
            }
        }
    }
    // RULES.md: never two colours on a square that is not safe. Under safe
    // pairs a pair's guest stays when the pair splits (a decision).
    if shared && rules.pairs != Pairs::SafePair {
        return Err("two colours share a square that is not safe".into());
    }
    if pos.streak() > 2 || (!rules.three_in_a_row_forfeit && pos.streak() != 0) {
        return Err(format!("streak {}", pos.streak()));
    }
    let text = pos.to_string();
    match Position::parse(&text, rules) {
        Ok(again) if again == *pos => Ok(()),
        Ok(again) => Err(format!("{text} parses back as {again}")),
        Err(e) => Err(format!("{text} does not parse back: {e}")),
    }
}

/// Plays one random game, checking every position and every listed move.
fn play_checked(rules: Rules, seats: &[Seat], seed: u64) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let first = seats[rng.random_range(0..seats.len())];
    let mut game = Game::new(rules, seats, first).unwrap();
    while !game.is_over() {
        let pos = *game.position();
        if let Err(e) = check_invariants(&pos, &rules) {
            panic!("{e}\nrules {rules:?}\nposition {pos}");
        }
        let roll = dice::roll(&rules, &mut rng);
        let moves = game.legal_moves(roll);
        // Sorted and listed once.
        let v = moves.to_vec();
        for w in v.windows(2) {
            assert!(w[0].sort_key() < w[1].sort_key(), "{pos} {roll}: {moves}");
        }
        // Every listed move plays (checked), and so does pass when none is.
        for m in &v {
            assert!(pos.play(&rules, roll, Some(*m)).is_ok(), "{pos} {roll} {m}");
        }
        let mv = moves.get(rng.random_range(0..moves.len().max(1)));
        game.play(roll, mv)
            .unwrap_or_else(|e| panic!("{pos} {roll}: {e}"));
        assert!(game.rolls() <= rules.roll_cap);
    }
    check_invariants(game.position(), &rules).unwrap();
    game
}

#[test]
fn presets_and_player_counts() {
    for name in PRESET_NAMES {
        let rules = Rules::preset(name).unwrap();
        // The traditional preset's games are long: fewer of them.
        let games = if name == "traditional" { 150 } else { 1000 };
        for seats in common::SEATINGS {
            // Teams need four players.
            if rules.teams && seats.len() < 4 {
                continue;
            }
            let mut capped = 0;
            for i in 0..games {
                let game = play_checked(rules, seats, 1000 * i + seats.len() as u64);
                let outcome = game.outcome().expect("over");
                capped += u32::from(outcome.capped);
                // Ranks: one per playing seat, starting at 1.
                let ranks: Vec<u8> = outcome.ranks.iter().flatten().copied().collect();
                assert_eq!(ranks.len(), seats.len());
                assert!(ranks.contains(&1));
                if !outcome.capped {
                    assert_eq!(outcome.ranks[outcome.winner.unwrap().index()], Some(1));
                }
            }
            // The cap is a safety net, not the way games end.
            assert!(
                capped * 100 <= games as u32,
                "{name} {seats:?}: {capped} capped"
            );
        }
    }
}

#[test]
fn random_toggle_combinations() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for i in 0..600 {
        let rules = common::random_rules(&mut rng, 20_000);
        assert_eq!(rules.validate(), Ok(()));
        let seats = common::SEATINGS[i % 3];
        let game = play_checked(rules, seats, i as u64);
        let outcome = game.outcome().expect("over");
        // Every game ends: by a winner, or (rarely, with blocks) the cap.
        assert!(outcome.winner.is_some() || outcome.capped, "{rules:?}");
        if let Some(points) = outcome.points {
            assert_eq!(points.iter().sum::<i32>(), 0, "the ledger is zero-sum");
        }
    }
}
