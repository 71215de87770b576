//! Teams (RULES.md section 3, "Teams", and the section 4 changes), beyond
//! the cases of the rules table (`crates/testkit/data/rules.txt`, "3 Teams"): the
//! ranking of a finished team game, four players and no fewer, the toggle
//! in rule files and rule codes, and thousands of random team games under
//! random toggles that all end with the invariants held.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use ca_ngua_core::game::Game as _;
use game_ca_ngua::engine::{Game, GameError, Position, Roll, Rules, Seat, YARD, track_square};
use game_ca_ngua::rules_file::RuleSet;
use game_ca_ngua::{CaNgua, dice, rules_code};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Red with yellow, green with blue.
fn partners(a: Seat, b: Seat) -> bool {
    a.index() ^ 2 == b.index()
}

#[test]
fn partners_sit_across_the_board() {
    assert_eq!(Seat::Red.partner(), Seat::Yellow);
    assert_eq!(Seat::Yellow.partner(), Seat::Red);
    assert_eq!(Seat::Green.partner(), Seat::Blue);
    assert_eq!(Seat::Blue.partner(), Seat::Green);
}

#[test]
fn the_team_home_first_takes_first_place_together() {
    // Yellow is home; red (its partner's turn over) rolls for itself and
    // brings its last horse home: red and yellow first, green and blue
    // second, whoever of them had horses home.
    let rules = Rules::teams();
    let pos = Position::parse("51,57,57,57/57,57,57,Y/57,57,57,57/Y,Y,Y,Y r 0", &rules).unwrap();
    let mut game = Game::from_position(rules, pos).unwrap();
    game.play("6".parse().unwrap(), Some("51-57".parse().unwrap()))
        .unwrap();
    assert!(game.is_over());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.ranks, [Some(1), Some(2), Some(1), Some(2)]);
    assert!(matches!(outcome.winner, Some(Seat::Red | Seat::Yellow)));
    let ranking: Vec<Vec<String>> = CaNgua::ranking(&outcome)
        .into_iter()
        .map(|place| place.into_iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(ranking, [["r", "y"], ["g", "b"]]);
}

#[test]
fn the_game_end_toggle_does_not_end_a_team_game() {
    // Under every game-end toggle, red coming home first goes on to green.
    for spec in [
        "teams",
        "teams+game_end=first_winner_by_distance",
        "teams+game_end=play_on",
    ] {
        let rules = common::rules_from_spec(spec);
        let pos = Position::parse("51,57,57,57/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0", &rules).unwrap();
        let (next, fx) = pos
            .play(&rules, "6".parse().unwrap(), Some("51-57".parse().unwrap()))
            .unwrap();
        assert!(fx.seat_finished && !fx.game_over, "{spec}");
        assert_eq!(fx.bonus, None, "{spec}: the turn ends");
        assert_eq!(next.turn(), Some(Seat::Green), "{spec}");
        // Red rolls again in its turn, for yellow.
        assert_eq!(next.mover(&rules), Some(Seat::Green));
        let at_red = Position::parse("57,57,57,57/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0", &rules).unwrap();
        assert_eq!(at_red.mover(&rules), Some(Seat::Yellow), "{spec}");
    }
}

#[test]
fn moving_for_a_partner_says_whose_horse_moved() {
    let rules = Rules::teams();
    let pos = Position::parse("57,57,57,57/Y,Y,Y,Y/Y,Y,10,20/Y,Y,Y,Y r 0", &rules).unwrap();
    let (_, fx) = pos
        .play(&rules, "3".parse().unwrap(), Some("10-13".parse().unwrap()))
        .unwrap();
    assert_eq!((fx.seat, fx.owner), (Seat::Red, Seat::Yellow));
    // Yellow's progress 13 is absolute square 39.
    assert_eq!(fx.square, Some(track_square(Seat::Yellow, 13)));
    assert_eq!(fx.square, Some(39));
}

#[test]
fn teams_need_four_players() {
    let rules = Rules::teams();
    for seats in &common::SEATINGS[..2] {
        assert_eq!(
            Game::new(rules, seats, seats[0]),
            Err(GameError::TeamsNeedFour(seats.len()))
        );
    }
    assert!(Game::new(rules, &Seat::ALL, Seat::Blue).is_ok());
    let err = Position::parse("Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0", &rules)
        .unwrap_err()
        .to_string();
    assert!(err.contains("teams need all four colours"), "{err}");
    // The same position is fine without teams.
    assert!(Position::parse("Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0", &Rules::standard()).is_ok());
}

#[test]
fn the_toggle_reads_and_writes_in_files_and_codes() {
    let set = RuleSet::new("đội", Rules::teams());
    let text = set.to_ron();
    assert!(text.contains("teams: true"), "{text}");
    assert_eq!(RuleSet::from_ron(&text), Ok(set));
    // A file written before the toggle existed reads as without teams.
    let old = RuleSet::new("cũ", Rules::standard())
        .to_ron()
        .replace("        teams: false,\n", "");
    assert!(!old.contains("teams"), "{old}");
    assert_eq!(RuleSet::from_ron(&old).unwrap().rules, Rules::standard());
    // The rule code carries it, and codes made before it read without it.
    let code = rules_code::encode(&Rules::teams());
    assert_eq!(rules_code::decode(&code), Ok(Rules::teams()));
    assert_ne!(code, rules_code::encode(&Rules::standard()));
    assert_eq!(
        rules_code::decode(&rules_code::encode(&Rules::standard())),
        Ok(Rules::standard())
    );
    assert_eq!(Rules::preset("teams"), Some(Rules::teams()));
    assert_eq!(Rules::teams().preset_name(), Some("teams"));
}

/// The invariants of a team position: sixteen horses, sorted, on squares
/// they may stand on; only partners (or a safe square) share a square.
fn check_team_position(pos: &Position, rules: &Rules) -> Result<(), String> {
    let mut on_square: [Vec<Seat>; 52] = std::array::from_fn(|_| Vec::new());
    let mut horses = 0;
    for seat in Seat::ALL {
        if !pos.is_playing(seat) {
            return Err(format!("{seat:?} does not play"));
        }
        for p in pos.horses(seat) {
            horses += 1;
            if p != YARD && p > rules.last_progress() {
                return Err(format!("{seat:?}: horse at {p}"));
            }
            if p <= 50 {
                let sq = track_square(seat, p);
                if !on_square[sq as usize].contains(&seat) {
                    on_square[sq as usize].push(seat);
                }
            }
        }
    }
    if horses != 16 {
        return Err(format!("{horses} horses"));
    }
    for (sq, seats) in on_square.iter().enumerate() {
        let opponents = seats
            .iter()
            .any(|&a| seats.iter().any(|&b| a != b && !partners(a, b)));
        if opponents
            && !rules.is_safe_square(sq as u8)
            && rules.pairs != game_ca_ngua::engine::Pairs::SafePair
        {
            return Err(format!("opponents share square {sq}: {seats:?}"));
        }
    }
    let text = pos.to_string();
    match Position::parse(&text, rules) {
        Ok(again) if again == *pos => Ok(()),
        Ok(again) => Err(format!("{text} parses back as {again}")),
        Err(e) => Err(format!("{text} does not parse back: {e}")),
    }
}

#[test]
fn random_team_games_under_random_toggles_end_with_the_invariants_held() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(25);
    let mut finished_games = 0;
    for i in 0..600u64 {
        let mut rules = if i % 3 == 0 {
            Rules::teams()
        } else {
            common::random_rules(&mut rng, 20_000)
        };
        rules.teams = true;
        let first = Seat::ALL[(i % 4) as usize];
        let mut game = Game::new(rules, &Seat::ALL, first).unwrap();
        while !game.is_over() {
            let pos = *game.position();
            check_team_position(&pos, &rules)
                .unwrap_or_else(|e| panic!("{e}\nrules {rules:?}\nposition {pos}"));
            let mover = pos.mover(&rules).unwrap();
            let turn = pos.turn().unwrap();
            // The roller moves its own horses until they are all home.
            assert_eq!(
                mover == turn,
                !pos.is_finished(turn, &rules),
                "{pos}: {turn:?} moves {mover:?}"
            );
            let roll: Roll = dice::roll(&rules, &mut rng);
            let moves = game.legal_moves(roll);
            let mv = moves.get(rng.random_range(0..moves.len().max(1)));
            let fx = game.play(roll, mv).unwrap();
            // Partners never kick each other.
            assert_eq!(fx.kicked[fx.owner.partner().index()], 0, "{pos} {roll}");
            assert_eq!(fx.kicked[fx.owner.index()], 0, "{pos} {roll}");
            // After the roll, turn order skipped no one.
            if let Some(next) = game.turn()
                && fx.bonus.is_none()
                && next != turn
            {
                assert_eq!(next.index(), (turn.index() + 1) % 4, "{pos} {roll}");
            }
        }
        let pos = *game.position();
        check_team_position(&pos, &rules).unwrap();
        let outcome = game.outcome().unwrap();
        if outcome.capped {
            continue;
        }
        finished_games += 1;
        // The winning team: both partners home, first together.
        let winner = outcome.winner.expect("a winning team");
        assert!(pos.is_finished(winner, &rules) && pos.is_finished(winner.partner(), &rules));
        for s in Seat::ALL {
            let first = s == winner || s == winner.partner();
            assert_eq!(outcome.ranks[s.index()], Some(if first { 1 } else { 2 }));
        }
        // The other team is not both home.
        let other = Seat::from_index(winner.index() + 1);
        assert!(!(pos.is_finished(other, &rules) && pos.is_finished(other.partner(), &rules)));
        if let Some(points) = outcome.points {
            assert_eq!(points.iter().sum::<i32>(), 0, "the ledger is zero-sum");
        }
    }
    assert!(finished_games > 500, "{finished_games} games finished");
}

/// The bots play for their partner: red, home, rolls a 6 for yellow, whose
/// horse on square 15 has green's horse two squares behind; moving it to
/// the star on square 21 saves it. Medium and Hard take it.
#[test]
fn bots_save_their_partners_horse() {
    use game_ca_ngua::bots::{Bot, Budget, Decision, Level};
    let rules = Rules::teams();
    let pos = Position::parse("57,57,57,57/Y,Y,Y,0/Y,Y,10,41/Y,Y,Y,Y r 0", &rules).unwrap();
    assert_eq!(pos.mover(&rules), Some(Seat::Yellow));
    let roll: Roll = "6".parse().unwrap();
    let moves = pos.legal_moves(&rules, roll);
    assert_eq!(moves.to_string(), "Y-0 10-16 41-47");
    assert!(rules.is_safe_square(track_square(Seat::Yellow, 47)));
    for level in [Level::Medium, Level::Hard] {
        for seed in 0..5 {
            let mut bot = Bot::with_budget(level, seed, Budget::TEST);
            let mv = bot.choose(&Decision {
                rules: &rules,
                position: &pos,
                roll,
                moves: &moves,
            });
            assert_eq!(mv.to_string(), "41-47", "{level:?} seed {seed}");
        }
    }
}
