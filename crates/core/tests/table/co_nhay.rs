//! The Cờ nhảy table: moves in, numbered events out, refusals that change
//! nothing, passes made at once, computer players through an inline
//! runner, and a game restored from its events equal to the live one.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_core::table::{Controller, ErrorCode, InlineRunner};
use game_co_nhay::bots::{Budget, Level};
use game_co_nhay::engine::{Arm, Game, Move, Players, Position, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;

use game_co_nhay::CoNhay;
type NhayApplied = ca_ngua_core::table::Applied<CoNhay>;
type NhayEvent = ca_ngua_core::table::Event<CoNhay>;
type NhayEventKind = ca_ngua_core::table::EventKind<CoNhay>;
type NhayReplica = ca_ngua_core::table::Replica<CoNhay>;
type NhayStep = ca_ngua_core::table::Step<CoNhay>;
type NhayTable = ca_ngua_core::table::Table<CoNhay>;
type Command = ca_ngua_core::table::Command<CoNhay>;
type NhayTableRecord = ca_ngua_core::table::TableRecord<CoNhay>;
use ca_ngua_core::table::ranking_of;

fn computers(level: Level) -> [Controller; 6] {
    [Controller::Computer(level); 6]
}

fn table(rules: Rules, players: Players, controllers: [Controller; 6], seed: u64) -> NhayTable {
    let arms: Vec<Arm> = players.arms().collect();
    NhayTable::local(
        rules,
        &arms,
        &controllers,
        StdRng::seed_from_u64(seed),
        Box::new(InlineRunner::default()),
    )
    .expect("table")
    .with_budget(Budget::TEST)
}

fn at(position: &str, controllers: [Controller; 6]) -> NhayTable {
    let rules = Rules::standard();
    NhayTable::starting_at(
        rules,
        &Position::parse(position, &rules).unwrap().to_setup(),
        &controllers,
        StdRng::seed_from_u64(3),
        Box::new(InlineRunner::default()),
    )
    .expect("table")
}

/// Computer steps until the game is over (or `max` steps).
fn play_out(t: &mut NhayTable, max: usize) {
    for _ in 0..max {
        match t.computer_step() {
            NhayStep::Acted(events) => assert!(!events.is_empty()),
            NhayStep::Thinking => panic!("an inline runner never keeps thinking"),
            NhayStep::Idle => break,
        }
    }
}

fn assert_numbered(events: &[NhayEvent]) {
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "event {i} is numbered {}", e.seq);
    }
}

/// Replays the events by hand on the engine's game: every move legal,
/// every position the engine's, the ranking the engine's.
fn check_against_engine(rules: Rules, events: &[NhayEvent]) {
    let NhayEventKind::Started { position, .. } = &events[0].event else {
        panic!("the first event is not started");
    };
    let start = Position::from_setup(position, &rules).unwrap();
    let mut game = Game::from_position(rules, &start).unwrap();
    let mut over = false;
    for e in &events[1..] {
        assert!(!over, "an event after the end");
        match &e.event {
            NhayEventKind::Moved {
                seat: arm,
                mv,
                position,
            } => {
                assert_eq!(game.turn(), Some(*arm));
                assert!(game.legal_moves().contains(*mv), "{mv} is legal");
                game.play(*mv).unwrap();
                assert_eq!(game.position().to_setup(), *position);
            }
            NhayEventKind::Passed {
                seat: arm,
                position,
            } => {
                assert_eq!(game.turn(), Some(*arm));
                assert!(game.legal_moves().is_empty(), "a pass with moves on offer");
                game.play(Move::PASS).unwrap();
                assert_eq!(game.position().to_setup(), *position);
            }
            NhayEventKind::Over { ranking } => {
                assert_eq!(*ranking, ranking_of(&game.standings().standings()));
                over = true;
            }
            other => panic!("not an event of a game at this device: {other:?}"),
        }
    }
}

#[test]
fn computers_play_whole_games_with_events_numbered_without_gaps() {
    for (players, level, rules) in [
        (Players::Two, Level::Easy, Rules::standard()),
        (Players::Two, Level::Hard, Rules::strict()),
        (Players::Three, Level::Medium, Rules::standard()),
        (Players::Four, Level::Medium, Rules::quick()),
        (Players::Six, Level::Medium, Rules::standard()),
    ] {
        let mut t = table(rules, players, computers(level), players.count() as u64);
        play_out(&mut t, 5_000);
        let what = format!("{players} players, {level}");
        assert!(t.replica().is_over(), "{what}: the game ended");
        let events = t.events();
        assert_numbered(events);
        assert!(matches!(
            events.last().map(|e| &e.event),
            Some(NhayEventKind::Over { .. })
        ));
        check_against_engine(rules, events);
        // Everyone has a place; the finishers come first, in order.
        let ranking = t.ranking().unwrap();
        let placed: usize = ranking.iter().map(Vec::len).sum();
        assert_eq!(placed, players.count(), "{what}");
        let finished: Vec<Arm> = t.replica().game().unwrap().finished().iter().collect();
        assert!(!finished.is_empty(), "{what}: someone finished");
        assert_eq!(ranking[0], vec![finished[0]], "{what}");
    }
}

#[test]
fn a_game_restored_from_its_events_equals_the_live_one() {
    let rules = Rules::standard();
    let mut t = table(rules, Players::Three, computers(Level::Medium), 7);
    for steps in [0usize, 1, 2, 30, 100, 5_000] {
        for _ in 0..steps {
            if t.computer_step() == NhayStep::Idle {
                break;
            }
        }
        // Through the file's text, as the app saves it.
        let text = ron::to_string(&t.record()).unwrap();
        let record: NhayTableRecord = ron::from_str(&text).unwrap();
        assert_eq!(record, t.record());
        let restored = NhayTable::restore(
            record,
            StdRng::seed_from_u64(1),
            Box::new(InlineRunner::default()),
        )
        .unwrap();
        assert_eq!(restored.replica(), t.replica(), "after {steps} more steps");
        assert_eq!(restored.events(), t.events());
        assert_eq!(restored.controllers(), t.controllers());
        // Anyone replaying the events builds the same state.
        let mut r = NhayReplica::new(rules);
        for e in t.events() {
            r.apply(e).unwrap();
        }
        assert_eq!(&r, t.replica());
    }
    assert!(t.replica().is_over());
}

#[test]
fn the_file_holds_moves_and_positions_as_notation() {
    let mut t = table(Rules::standard(), Players::Two, computers(Level::Easy), 2);
    play_out(&mut t, 3);
    let text = ron::ser::to_string_pretty(&t.record(), ron::ser::PrettyConfig::new()).unwrap();
    assert!(
        text.contains(
            "\"0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -\""
        ),
        "{text}"
    );
    let NhayEventKind::Moved { mv, .. } = &t.events()[1].event else {
        panic!("a move follows the start");
    };
    assert!(text.contains(&format!("move: \"{mv}\"")), "{text}");
    assert!(text.contains("kind: \"moved\""), "{text}");
}

#[test]
fn refusals_change_nothing() {
    let mut controllers = [Controller::Here; 6];
    controllers[3] = Controller::Computer(Level::Easy);
    let mut t = table(Rules::strict(), Players::Two, controllers, 5);
    let zero = Arm::new(0).unwrap();
    let three = Arm::new(3).unwrap();
    let before = (t.events().to_vec(), t.replica().clone());
    let seq = t.seq();
    let mv = |s: &str| s.parse::<Move>().unwrap();
    let cases = [
        (three, seq, mv("111-99"), ErrorCode::NotYourTurn),
        (zero, seq + 1, mv("3-14"), ErrorCode::Stale),
        (zero, 0, mv("3-14"), ErrorCode::Stale),
        (zero, seq, mv("0-1"), ErrorCode::IllegalMove),
        (zero, seq, mv("3-40"), ErrorCode::IllegalMove),
        (zero, seq, mv("50-51"), ErrorCode::IllegalMove),
        (zero, seq, mv("111-99"), ErrorCode::IllegalMove),
        (zero, seq, Move::PASS, ErrorCode::IllegalMove),
    ];
    for (arm, seq, m, code) in cases {
        let refusal = t.command(arm, seq, Command::Move(m)).expect_err("refused");
        assert_eq!(refusal.code, code, "{m} by {arm}: {refusal}");
        assert!(!refusal.message.is_empty());
        assert_eq!((t.events().to_vec(), t.replica().clone()), before);
    }
    // A legal move is taken; then it is the computer's turn, not ours.
    let events = t.command(zero, seq, Command::Move(mv("3-14"))).unwrap();
    assert_eq!(events.len(), 1);
    assert!(matches!(
        events[0].event,
        NhayEventKind::Moved { seat: arm, .. } if arm == zero
    ));
    let after = (t.events().to_vec(), t.replica().clone());
    let refusal = t
        .command(three, t.seq(), Command::Move(mv("111-99")))
        .unwrap_err();
    assert_eq!(refusal.code, ErrorCode::NotYourTurn, "{refusal}");
    let refusal = t
        .command(zero, t.seq(), Command::Move(mv("4-15")))
        .unwrap_err();
    assert_eq!(refusal.code, ErrorCode::NotYourTurn);
    assert_eq!((t.events().to_vec(), t.replica().clone()), after);
}

#[test]
fn a_player_without_a_move_passes_at_once() {
    // Arm 0 walled in at home (the position of crates/cli/tests/cli/co_nhay.rs): the table
    // passes for it as the game starts, and arm 2 is to move.
    let p = "0,1,2,3,4,5,6,7,8,9/-/14,15,16,17,18,26,27,28,29,30/-/31,74,84,85,95,96,97,107,108,109/- 0 -";
    let t = at(p, [Controller::Here; 6]);
    let kinds: Vec<&NhayEventKind> = t.events().iter().map(|e| &e.event).collect();
    assert!(matches!(
        kinds.as_slice(),
        [NhayEventKind::Started { .. }, NhayEventKind::Passed { seat: arm, .. }] if arm.number() == 0
    ));
    assert_eq!(t.replica().turn(), Arm::new(2));
    assert_numbered(t.events());
}

#[test]
fn the_winning_move_ends_a_two_player_game() {
    // Arm 0 has nine pieces home and one a step away (102 is next to 111).
    let p = "102,112,113,114,115,116,117,118,119,120/-/-/0,1,2,3,4,5,6,7,8,60/-/- 0 -";
    let mut t = at(p, [Controller::Here; 6]);
    let zero = Arm::new(0).unwrap();
    let events = t
        .command(zero, t.seq(), Command::Move("102-111".parse().unwrap()))
        .unwrap();
    let kinds: Vec<&NhayEventKind> = events.iter().map(|e| &e.event).collect();
    match kinds.as_slice() {
        [NhayEventKind::Moved { .. }, NhayEventKind::Over { ranking }] => {
            assert_eq!(ranking, &vec![vec![zero], vec![Arm::new(3).unwrap()]]);
        }
        other => panic!("{other:?}"),
    }
    assert!(t.replica().is_over() && !t.replica().is_concluded());
    assert_eq!(t.replica().turn(), None);
    let refusal = t
        .command(zero, t.seq(), Command::Move("112-100".parse().unwrap()))
        .unwrap_err();
    assert_eq!(refusal.code, ErrorCode::NotYourTurn);
}

#[test]
fn concluding_settles_the_places_left_by_distance() {
    let mut t = table(
        Rules::standard(),
        Players::Three,
        computers(Level::Medium),
        9,
    );
    for _ in 0..40 {
        t.computer_step();
    }
    let events = t.conclude();
    let [
        NhayEvent {
            event: NhayEventKind::Over { ranking },
            ..
        },
    ] = events.as_slice()
    else {
        panic!("{events:?}");
    };
    // Nobody has finished: fewer steps left is better.
    let pos = *t.replica().position().unwrap();
    let order: Vec<u32> = ranking
        .iter()
        .map(|place| pos.distance_left(place[0]))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert!(t.replica().is_concluded());
    assert_eq!(t.computer_step(), NhayStep::Idle);
    assert!(t.conclude().is_empty(), "once over, nothing more");
    let restored = NhayTable::restore(
        t.record(),
        StdRng::seed_from_u64(0),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    assert!(restored.replica().is_concluded());
}

#[test]
fn events_that_do_not_follow_are_refused_on_restore() {
    let mut t = table(Rules::standard(), Players::Two, computers(Level::Easy), 4);
    play_out(&mut t, 6);
    let good = t.record();
    let restore = |r: NhayTableRecord| {
        NhayTable::restore(
            r,
            StdRng::seed_from_u64(0),
            Box::new(InlineRunner::default()),
        )
    };
    assert!(restore(good.clone()).is_ok());
    // A gap in the numbers.
    let mut r = good.clone();
    r.events.remove(2);
    assert!(
        restore(r)
            .unwrap_err()
            .to_string()
            .contains("expected event")
    );
    // A move that is not the one the position after it shows.
    let mut r = good.clone();
    if let NhayEventKind::Moved { position, .. } = &mut r.events[1].event {
        position.pieces[0] = Some(vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 60]);
    }
    assert!(
        restore(r)
            .unwrap_err()
            .to_string()
            .contains("the position after")
    );
    // A move out of turn.
    let mut r = good.clone();
    if let NhayEventKind::Moved { seat: arm, .. } = &mut r.events[2].event {
        *arm = Arm::new(0).unwrap();
    }
    assert!(restore(r).is_err());
    // No start at all.
    let mut r = good;
    r.events.clear();
    assert!(restore(r).is_err());
}

#[test]
fn replaying_reports_each_move_with_its_path() {
    let mut t = table(Rules::standard(), Players::Two, computers(Level::Medium), 8);
    play_out(&mut t, 60);
    let mut r = NhayReplica::new(*t.rules());
    let mut jumps = 0;
    for e in t.events() {
        let applied = r.apply(e).unwrap();
        if let (NhayEventKind::Moved { mv, .. }, NhayApplied::Played { played, .. }) =
            (&e.event, &applied)
        {
            let (path, effects) = (&played.path, &played.effects);
            let (from, to) = mv.ends().unwrap();
            assert_eq!(path.first(), Some(&from));
            assert_eq!(path.last(), Some(&to));
            if path.len() > 2 {
                assert!(effects.jump, "{mv}: {path:?}");
            }
            jumps = jumps.max(played.jumps());
        }
    }
    assert!(jumps >= 2, "Medium makes a jump chain in 60 moves");
}
