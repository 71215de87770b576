//! Cờ nhảy's notation (CO-NHAY.md): saved games read back and bad ones
//! refused, the other arms' holes, jump paths, and every refusal of a
//! setup's text.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::engine::{fill, mv};
use game_co_nhay::engine::{
    Arm, Game, GameEnd, GameError, GameRecord, Players, Position, PositionError, Rules,
};

#[test]
fn saved_games_round_trip_and_bad_ones_are_refused() {
    let mut game = Game::new(Rules::strict(), Players::Three);
    for _ in 0..7 {
        let last = game.legal_moves().iter().last().unwrap();
        game.play(last).unwrap();
    }
    assert_eq!(game.moves_played(), 7);
    let record = GameRecord::from(&game);
    let text = ron::to_string(&record).unwrap();
    let back: GameRecord = ron::from_str(&text).unwrap();
    assert_eq!(Game::try_from(back), Ok(game.clone()));
    let mut bad = record.clone();
    // Arm 1 does not play in a three-player game.
    bad.position = format!("{} 1 -", &bad.position[..bad.position.len() - 4]);
    let err = Game::try_from(bad).unwrap_err().to_string();
    assert!(
        err.starts_with("position: ") && err.contains("arm 1"),
        "{err}"
    );
    let mut bad = record;
    bad.capped = true;
    assert_eq!(Game::try_from(bad), Err(GameError::Capped));
}

#[test]
fn other_arms_forbidden_refuses_ends_in_other_arms_but_not_passing_through() {
    // Arm 0's piece on 24... rather: a piece next to arm 1 may not step in.
    let setup = fill(&[(0, &[37]), (3, &[])], 0, &[]);
    let strict = Rules::strict();
    let p = Position::from_setup(&setup, &strict).unwrap();
    let err = p.check_move(&strict, mv("37-36")).unwrap_err();
    assert!(err.to_string().contains("arm 1"), "{err}");
    assert!(p.check_move(&Rules::standard(), mv("37-36")).is_ok());
}

#[test]
fn jump_paths_follow_one_chain() {
    let p = Position::start(Players::Two);
    assert_eq!(p.jump_path(3, 14), Some(vec![3, 14]));
    assert_eq!(p.jump_path(0, 14), None, "no chain from 0 to 14");
    let game = Game::new(Rules::standard(), Players::Two);
    assert_eq!(game.jump_path(3, 14), Some(vec![3, 14]));
    assert_eq!(game.jump_path(6, 15), Some(vec![6, 15]));
    assert_eq!(game.jump_path(3, 25), None);
    assert_eq!(game.jump_path(111, 100), None, "not arm 3's turn");
}

// ---------------------------------------------------------------------------
// Every refusal of CO-NHAY.md §5.

const START_2: &str = "0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -";

fn refused(text: &str, rules: &Rules) -> PositionError {
    match Position::parse(text, rules) {
        Ok(p) => panic!("{text} accepted as {p}"),
        Err(e) => e,
    }
}

/// The data table of the refusals: a setup's text, its error, and words
/// the error's sentence must hold.
fn refusal_cases() -> Vec<(String, PositionError, &'static str)> {
    let a = |n: u8| Arm::new(n).unwrap();
    let home3 = "111,112,113,114,115,116,117,118,119,120";
    let home0 = "0,1,2,3,4,5,6,7,8,9";
    vec![
        // A field is malformed.
        ("0,1 0 -".into(), PositionError::ArmCount(1), "6 arm fields"),
        (
            format!("{home0}/-/-/{home3}/-/- 0"),
            PositionError::FieldCount(2),
            "3 fields",
        ),
        (
            format!("{home0}/-/-/{home3}/-/-  0 -"),
            PositionError::FieldCount(4),
            "single spaces",
        ),
        (
            format!("{home0}/-/-/{home3}/-/-/- 0 -"),
            PositionError::ArmCount(7),
            "6 arm",
        ),
        (
            format!("{}/-/-/{home3}/-/- 0 -", home0.replace('5', "x")),
            PositionError::BadHole {
                arm: a(0),
                token: "x".into(),
            },
            "bad hole 'x'",
        ),
        (
            format!("{home0},/-/-/{home3}/-/- 0 -"),
            PositionError::BadHole {
                arm: a(0),
                token: "".into(),
            },
            "bad hole ''",
        ),
        (
            format!("{home0}/-/-/{home3}/-/- 6 -"),
            PositionError::BadTurn("6".into()),
            "bad turn '6'",
        ),
        (
            format!("{home0}/-/-/{home3}/-/- x -"),
            PositionError::BadTurn("x".into()),
            "bad turn",
        ),
        (
            format!("{home0}/-/-/{home3}/-/- 0 0;3"),
            PositionError::BadFinished("0;3".into()),
            "bad finished list",
        ),
        (
            format!("{home0}/-/-/{home3}/-/- 0 3,3"),
            PositionError::FinishedTwice(a(3)),
            "listed twice",
        ),
        // A hole outside 0-120, or holding two pieces.
        (
            format!("{}/-/-/{home3}/-/- 0 -", home0.replace("9", "121")),
            PositionError::NoSuchHole {
                arm: a(0),
                token: "121".into(),
            },
            "hole 121 does not exist",
        ),
        (
            format!("{}/-/-/{home3}/-/- 0 -", home0.replace("9", "99999999999")),
            PositionError::NoSuchHole {
                arm: a(0),
                token: "99999999999".into(),
            },
            "does not exist",
        ),
        (
            format!("{}/-/-/{home3}/-/- 0 -", home0.replace("9", "8")),
            PositionError::SharedHole(8),
            "two pieces on hole 8",
        ),
        (
            format!("{}/-/-/{home3}/-/- 0 -", home0.replace("9", "111")),
            PositionError::SharedHole(111),
            "two pieces on hole 111",
        ),
        // An arm in play with other than 10 pieces.
        (
            format!("{}/-/-/{home3}/-/- 0 -", home0.replace(",9", "")),
            PositionError::PieceCount {
                arm: a(0),
                found: 9,
            },
            "exactly 10 pieces, found 9",
        ),
        (
            format!("{home0},60/-/-/{home3}/-/- 0 -"),
            PositionError::PieceCount {
                arm: a(0),
                found: 11,
            },
            "found 11",
        ),
        // Arms in play that are no seating.
        (
            format!("{home0}/-/-/-/-/- 0 -"),
            PositionError::Seating(0b1),
            "not a seating",
        ),
        (
            format!("{home0}/10,11,12,13,23,24,25,35,36,46/-/-/-/- 0 -"),
            PositionError::Seating(0b11),
            "arms in play 0, 1 are not a seating",
        ),
        // The turn names an arm not in play, or finished.
        (
            format!("{home0}/-/-/{home3}/-/- 1 -"),
            PositionError::TurnNotPlaying(a(1)),
            "does not play",
        ),
        // A listed finisher that does not play.
        (
            format!("{home0}/-/-/{home3}/-/- 0 2"),
            PositionError::FinisherNotPlaying(a(2)),
            "does not play",
        ),
        // A listed finisher with fewer than 10 (with anti-blocking: no)
        // pieces in its target.
        (
            format!("{home0}/-/-/{home3}/-/- - 0"),
            PositionError::NotFinished { arm: a(0), home: 0 },
            "has 0 of its pieces",
        ),
        // The turn is '-' but the game is not over.
        (
            format!("{home0}/-/-/{home3}/-/- - -"),
            PositionError::NotOver,
            "not over",
        ),
    ]
}

#[test]
fn every_refusal_of_the_notation() {
    let r = Rules::standard();
    for (text, want, needle) in refusal_cases() {
        let got = refused(&text, &r);
        assert_eq!(got, want, "{text}");
        let msg = got.to_string();
        assert!(msg.contains(needle), "{msg:?} lacks {needle:?}");
    }
    assert_eq!(Position::parse(START_2, &r).unwrap().to_string(), START_2);
    // Pieces in any order on input, ascending on output.
    let shuffled = START_2.replacen("0,1,2", "2,0,1", 1);
    assert_eq!(Position::parse(&shuffled, &r).unwrap().to_string(), START_2);
}

#[test]
fn refusals_about_finishers_and_the_end() {
    // Arm 0 won (all ten in arm 3); arm 3 sits in the middle rows.
    let won = "111,112,113,114,115,116,117,118,119,120";
    let mid = "56,57,58,59,60,61,62,63,64,50";
    let standard = Rules::standard();
    let quick = Rules::quick();
    // Two players, play on: the game is over once arm 0 is listed.
    let p = Position::parse(&format!("{won}/-/-/{mid}/-/- - 0"), &standard).unwrap();
    assert!(p.is_over());
    assert_eq!(
        refused(&format!("{won}/-/-/{mid}/-/- 3 0"), &standard),
        PositionError::Over(Arm::ALL[3])
    );
    // A winner left out of the list.
    assert_eq!(
        refused(&format!("{won}/-/-/{mid}/-/- 3 -"), &standard),
        PositionError::UnlistedWinner(Arm::ALL[0])
    );
    // Six players, play on: after one finisher the game goes on; the turn
    // may not name the finisher.
    let six = format!(
        "{won}/10,11,12,13,23,24,25,35,36,46/65,75,76,86,87,88,98,99,100,101/{mid}/74,84,85,95,96,97,107,108,109,110/19,20,21,22,32,33,34,44,45,55"
    );
    assert!(Position::parse(&format!("{six} 1 0"), &standard).is_ok());
    assert_eq!(
        refused(&format!("{six} 0 0"), &standard),
        PositionError::TurnFinished(Arm::ALL[0])
    );
    assert_eq!(
        refused(&format!("{six} - 0"), &standard),
        PositionError::NotOver
    );
    // Under first winner the same position is over.
    assert!(Position::parse(&format!("{six} - 0"), &quick).is_ok());
    assert_eq!(
        refused(&format!("{six} 1 0"), &quick),
        PositionError::Over(Arm::ALL[1])
    );
    // A listed finisher with some pieces home: enough with anti-blocking
    // only if it has at least one there (the owner may have left since),
    // and without anti-blocking it needs all ten.
    let partly = "111,112,113,114,115,116,117,118,119,9";
    let text = format!("{partly}/-/-/{mid}/-/- - 0");
    assert!(Position::parse(&text, &standard).is_ok());
    let no_ab = Rules {
        anti_blocking: false,
        ..standard
    };
    assert_eq!(
        refused(&text, &no_ab),
        PositionError::NotFinished {
            arm: Arm::ALL[0],
            home: 9
        }
    );
    // Game-end toggles are named in the rules, not the notation.
    assert_eq!(
        Rules {
            game_end: GameEnd::FirstWinner,
            ..standard
        },
        quick
    );
}
