use super::*;
use crate::engine::rules::ExitRolls;

#[test]
fn rolls_parse_and_print() {
    assert_eq!("6".parse::<Roll>().map(|r| r.to_string()), Ok("6".into()));
    assert_eq!(
        "4+3".parse::<Roll>().map(|r| r.to_string()),
        Ok("3+4".into())
    );
    for bad in ["0", "7", "", "3+", "+3", "3+7", "a", "66", "3+3+3", " 3"] {
        assert!(bad.parse::<Roll>().is_err(), "{bad:?}");
    }
}

#[test]
fn roll_values_and_bonus() {
    let r = |s: &str| s.parse::<Roll>().expect("roll");
    assert_eq!(r("3+3").move_values(), ([3, 6], 2));
    assert_eq!(r("1+6").move_values(), ([7, 0], 1));
    assert!(r("1+6").grants_bonus() && r("2+2").grants_bonus() && r("6").grants_bonus());
    assert!(!r("5").grants_bonus() && !r("5+6").grants_bonus());
    let std = Rules::standard();
    let mut one_or_six = Rules::standard();
    one_or_six.exit_rolls = ExitRolls::OneOrSix;
    assert!(!r("1").exits(&std) && r("1").exits(&one_or_six) && r("6").exits(&std));
}

#[test]
fn moves_parse_and_print() {
    for text in ["Y-0", "12-18", "50-51", "0-6"] {
        assert_eq!(text.parse::<Move>().map(|m| m.to_string()), Ok(text.into()));
    }
    for bad in ["Y0", "3-", "-3", "Y-", "3-58", "a-b", "Y-Y"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?}");
    }
}

/// The fast generator of plain rules and the general one agree on every
/// position of many random games, and so do `Game::play_roll` (which
/// finds the horse by its place in a plain list) and
/// `Game::play_unchecked`.
#[test]
fn plain_path_agrees_with_the_general_one() {
    use crate::engine::{Game, GameEnd, SafeSquares, Seat};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for i in 0..400u32 {
        let mut rules = Rules::standard();
        rules.exit_rolls = if i % 2 == 0 {
            ExitRolls::Six
        } else {
            ExitRolls::OneOrSix
        };
        rules.three_in_a_row_forfeit = i % 3 != 0;
        rules.safe_squares = [
            SafeSquares::StartsAndStars,
            SafeSquares::StartsOnly,
            SafeSquares::None,
        ][(i % 5 % 3) as usize];
        rules.bonus_after_kick = i % 7 < 3;
        rules.bonus_after_finish = i % 11 < 5;
        rules.game_end = if i % 4 == 1 {
            GameEnd::PlayOn
        } else {
            GameEnd::FirstWinnerByHorsesHome
        };
        assert!(rules.is_plain());
        let seats: &[Seat] = if i % 3 == 2 {
            &[Seat::Green, Seat::Blue]
        } else {
            &Seat::ALL
        };
        let mut game = Game::new(rules, seats, seats[i as usize % seats.len()]).expect("game");
        let mut twin = game.clone();
        while !game.is_over() {
            let roll = Roll::die(rng.random_range(1..=6));
            let pos = *game.position();
            let mut c = rules.compile();
            let fast = pos.moves_for(&rules, &c, roll);
            c.plain = false;
            let general = pos.moves_for(&rules, &c, roll);
            assert_eq!(fast, general, "{pos} {roll}");
            let n = rng.random_range(0..fast.len().max(1));
            game.play_unchecked(roll, fast.get(n));
            twin.play_roll(roll, |_, _| n);
            assert_eq!(twin, game, "{pos} {roll} {n}");
        }
    }
}

#[test]
fn bit_ranges() {
    assert_eq!(bit_range(3, 2), 0);
    assert_eq!(bit_range(0, 0), 1);
    assert_eq!(bit_range(1, 3), 0b1110);
    assert_eq!(bit_range(51, 56), 0b111111 << 51);
}
