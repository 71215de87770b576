//! The table: commands in, numbered events out, refusals that change
//! nothing, computer players through an inline runner, and a game restored
//! from its events equal to the live one.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_core::game::Level;
use ca_ngua_core::table::{Controller, ErrorCode, InlineRunner};
use game_ca_ngua::engine::{Game, GameRecord, Move, Position, Roll, Rules, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;

use game_ca_ngua::CaNgua;
type Command = ca_ngua_core::table::Command<CaNgua>;
type Event = ca_ngua_core::table::Event<CaNgua>;
type EventKind = ca_ngua_core::table::EventKind<CaNgua>;
type Replica = ca_ngua_core::table::Replica<CaNgua>;
type Step = ca_ngua_core::table::Step<CaNgua>;
type Table = ca_ngua_core::table::Table<CaNgua>;
type TableRecord = ca_ngua_core::table::TableRecord<CaNgua>;
fn seats_for(n: usize) -> Vec<Seat> {
    use ca_ngua_core::game::Game;
    CaNgua::seats_for(&CaNgua::standard_rules(), n.clamp(2, 4)).unwrap()
}

fn computers(level: Level) -> [Controller; 4] {
    [Controller::Computer(level); 4]
}

fn table(rules: Rules, seats: &[Seat], controllers: [Controller; 4], seed: u64) -> Table {
    Table::local(
        rules,
        seats,
        &controllers,
        StdRng::seed_from_u64(seed),
        Box::new(InlineRunner::default()),
    )
    .expect("table")
}

/// Plays computer steps until the game is over (or `max` steps).
fn play_out(t: &mut Table, max: usize) {
    for _ in 0..max {
        match t.computer_step() {
            Step::Acted(_) => {}
            Step::Thinking => panic!("an inline runner never keeps thinking"),
            Step::Idle => break,
        }
    }
}

fn assert_numbered(events: &[Event]) {
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1, "event {i} is numbered {}", e.seq);
    }
}

#[test]
fn computers_play_a_whole_game_with_events_numbered_without_gaps() {
    for (n, rules) in [
        (4, Rules::standard()),
        (2, Rules::casual()),
        (3, Rules::traditional()),
    ] {
        let mut t = table(rules, &seats_for(n), computers(Level::Medium), n as u64);
        play_out(&mut t, 100_000);
        assert!(t.replica().is_over(), "{n} players: the game ended");
        let events = t.events();
        assert_numbered(events);
        assert!(matches!(events[0].event, EventKind::Started { .. }));
        assert!(matches!(
            events.last().map(|e| &e.event),
            Some(EventKind::Over { .. })
        ));
        // Every `moved` position is what the engine gives, replayed by hand.
        let mut game = Game::new(
            rules,
            &seats_for(n),
            t.replica().game().map_or(Seat::Red, |_| first_turn(events)),
        )
        .expect("game");
        let mut roll = None;
        for e in events {
            match &e.event {
                EventKind::Rolled {
                    roll: r,
                    moves,
                    seat,
                } => {
                    assert_eq!(game.turn(), Some(*seat));
                    assert_eq!(game.legal_moves(*r).to_vec(), *moves);
                    roll = Some(*r);
                }
                EventKind::Moved { mv, position, .. } => {
                    game.play(roll.take().expect("rolled"), Some(*mv))
                        .expect("legal");
                    assert_eq!(game.position().to_setup(), *position);
                }
                EventKind::Passed { position, .. } => {
                    game.play(roll.take().expect("rolled"), None).expect("pass");
                    assert_eq!(game.position().to_setup(), *position);
                }
                _ => {}
            }
        }
        assert!(game.is_over());
        assert_eq!(
            Some(&ca_ngua_core::table::ranking_of(
                &game.outcome().expect("over").standings()
            )),
            t.ranking()
        );
    }
}

fn first_turn(events: &[Event]) -> Seat {
    match &events[0].event {
        EventKind::Started { position, .. } => position.turn.expect("a turn"),
        _ => panic!("first event is not started"),
    }
}

#[test]
fn a_game_restored_from_its_events_equals_the_live_one() {
    let mut t = table(
        Rules::traditional(),
        &seats_for(4),
        computers(Level::Easy),
        7,
    );
    for steps in [1usize, 2, 3, 50, 400, 100_000] {
        for _ in 0..steps {
            if t.computer_step() == Step::Idle {
                break;
            }
        }
        let record = t.record();
        // Through the file format and back.
        let text = ron::to_string(&record).expect("ron");
        let back: TableRecord = ron::from_str(&text).expect("reads back");
        assert_eq!(back, record);
        let restored = Table::restore(
            back,
            StdRng::seed_from_u64(99),
            Box::new(InlineRunner::default()),
        )
        .expect("restores");
        assert_eq!(restored.replica(), t.replica(), "after {steps} steps");
        assert_eq!(restored.events(), t.events());
        assert_eq!(restored.controllers(), t.controllers());
        // A replica fed the events one by one agrees too.
        let mut r = Replica::new(Rules::traditional());
        for e in t.events() {
            r.apply(e).expect("follows");
        }
        assert_eq!(&r, t.replica());
    }
}

fn person_table(seed: u64) -> Table {
    table(
        Rules::standard(),
        &seats_for(2),
        [Controller::Here; 4],
        seed,
    )
}

/// Asserts a command is refused with `code` and changes nothing.
fn refused(t: &mut Table, seat: Seat, seq: u64, cmd: Command, code: ErrorCode) {
    let before = (t.events().to_vec(), t.replica().clone());
    let err = t.command(seat, seq, cmd).expect_err("refused");
    assert_eq!(err.code, code, "{err}");
    assert!(!err.message.is_empty());
    assert_eq!((t.events().to_vec(), t.replica().clone()), before);
}

#[test]
fn out_of_turn_stale_and_illegal_commands_are_refused_and_change_nothing() {
    let mut t = person_table(3);
    let turn = t.replica().turn().expect("turn");
    let other = seats_for(2)
        .into_iter()
        .find(|s| *s != turn)
        .expect("other");
    let seq = t.seq();
    refused(&mut t, other, seq, Command::Roll, ErrorCode::NotYourTurn);
    refused(&mut t, turn, seq + 1, Command::Roll, ErrorCode::Stale);
    refused(&mut t, turn, 0, Command::Roll, ErrorCode::Stale);
    refused(
        &mut t,
        turn,
        seq,
        Command::Move(Move::EXIT),
        ErrorCode::NoRoll,
    );
    // Roll until a roll waits for its move.
    let mut rolled = None;
    for _ in 0..200 {
        let seat = t.replica().turn().expect("turn");
        let events = t.command(seat, t.seq(), Command::Roll).expect("roll");
        assert_eq!(
            events.first().map(|e| e.seq),
            Some(t.seq() - events.len() as u64 + 1)
        );
        if let Some(p) = t.replica().pending() {
            rolled = Some((seat, p.clone()));
            break;
        }
    }
    let (seat, pending) = rolled.expect("a roll with a move");
    let seq = t.seq();
    // The same click twice: the second is stale.
    refused(&mut t, seat, seq - 1, Command::Roll, ErrorCode::Stale);
    refused(&mut t, seat, seq, Command::Roll, ErrorCode::RollPending);
    let illegal = Move { from: 3, to: 40 };
    assert!(!pending.moves.contains(&illegal));
    refused(
        &mut t,
        seat,
        seq,
        Command::Move(illegal),
        ErrorCode::IllegalMove,
    );
    let other = seats_for(2)
        .into_iter()
        .find(|s| *s != seat)
        .expect("other");
    let mv = *pending.moves.first().expect("a move");
    refused(
        &mut t,
        other,
        seq,
        Command::Move(mv),
        ErrorCode::NotYourTurn,
    );
    let events = t.command(seat, seq, Command::Move(mv)).expect("moves");
    assert!(matches!(events[0].event, EventKind::Moved { .. }));
    assert_eq!(events[0].seq, seq + 1);
    // A late retry of the same move never plays twice.
    let now = t.seq();
    let err = t.command(seat, seq, Command::Move(mv)).expect_err("retry");
    assert!(matches!(
        err.code,
        ErrorCode::Stale | ErrorCode::NotYourTurn
    ));
    assert_eq!(t.seq(), now);
}

#[test]
fn a_roll_without_a_move_passes_at_once() {
    // Red has every horse in the yard: anything but a 6 passes.
    for seed in 0..40 {
        let mut t = person_table(seed);
        let seat = t.replica().turn().expect("turn");
        let events = t.command(seat, t.seq(), Command::Roll).expect("roll");
        match &events[..] {
            [
                Event {
                    event: EventKind::Rolled { roll, moves, .. },
                    ..
                },
                Event {
                    event: EventKind::Passed { position, .. },
                    ..
                },
            ] => {
                assert!(moves.is_empty());
                assert_ne!(*roll, Roll::die(6));
                assert_ne!(position.turn, Some(seat));
            }
            [
                Event {
                    event: EventKind::Rolled { roll, moves, .. },
                    ..
                },
            ] => {
                assert_eq!(*roll, Roll::die(6));
                assert_eq!(moves, &vec![Move::EXIT]);
            }
            other => panic!("unexpected events {other:?}"),
        }
    }
}

#[test]
fn events_read_and_write_as_the_protocol_spells_them() {
    let pos: Position = "Y,Y,Y,0/-/Y,Y,Y,Y/- r 1".parse().expect("position");
    let cases = [
        (
            EventKind::Rolled {
                seat: Seat::Red,
                roll: Roll::die(6),
                moves: vec![Move::EXIT],
            },
            r#"{"kind":"rolled","seat":"r","roll":"6","moves":["Y-0"]}"#,
        ),
        (
            EventKind::Moved {
                seat: Seat::Red,
                mv: Move::EXIT,
                position: pos.to_setup(),
            },
            r#"{"kind":"moved","seat":"r","move":"Y-0","position":"Y,Y,Y,0/-/Y,Y,Y,Y/- r 1"}"#,
        ),
        (
            EventKind::Passed {
                seat: Seat::Green,
                position: pos.to_setup(),
            },
            r#"{"kind":"passed","seat":"g","position":"Y,Y,Y,0/-/Y,Y,Y,Y/- r 1"}"#,
        ),
        (
            EventKind::Seated {
                seat: Seat::Green,
                name: "Minh".into(),
            },
            r#"{"kind":"seated","seat":"g","name":"Minh"}"#,
        ),
        (
            EventKind::Away { seat: Seat::Green },
            r#"{"kind":"away","seat":"g"}"#,
        ),
        (
            EventKind::Back { seat: Seat::Blue },
            r#"{"kind":"back","seat":"b"}"#,
        ),
        (
            EventKind::Left { seat: Seat::Yellow },
            r#"{"kind":"left","seat":"y"}"#,
        ),
        (
            EventKind::Over {
                ranking: vec![
                    vec![Seat::Red],
                    vec![Seat::Green, Seat::Yellow],
                    vec![Seat::Blue],
                ],
            },
            r#"{"kind":"over","ranking":[["r"],["g","y"],["b"]]}"#,
        ),
    ];
    for (event, json) in cases {
        assert_eq!(serde_json::to_string(&event).expect("json"), json);
        let back: EventKind = serde_json::from_str(json).expect("reads");
        assert_eq!(back, event);
    }
    // Two dice, written low die first.
    let e: EventKind =
        serde_json::from_str(r#"{"kind":"rolled","seat":"b","roll":"3+4","moves":[]}"#)
            .expect("reads");
    assert!(matches!(e, EventKind::Rolled { roll, .. } if roll.to_string() == "3+4"));
    // Bad notation is refused, not guessed.
    for bad in [
        r#"{"kind":"rolled","seat":"x","roll":"6","moves":[]}"#,
        r#"{"kind":"rolled","seat":"r","roll":"7","moves":[]}"#,
        r#"{"kind":"moved","seat":"r","move":"Y-99","position":"Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0"}"#,
        r#"{"kind":"passed","seat":"r","position":"Y,Y,Y/-/Y,Y,Y,Y/- r 0"}"#,
    ] {
        assert!(serde_json::from_str::<EventKind>(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_replica_refuses_events_that_do_not_follow() {
    let mut t = table(
        Rules::standard(),
        &seats_for(4),
        computers(Level::Random),
        5,
    );
    play_out(&mut t, 60);
    let events = t.events().to_vec();
    // A gap.
    let mut r = Replica::new(Rules::standard());
    r.apply(&events[0]).expect("start");
    assert!(r.apply(&events[2]).is_err());
    // A forged position after a move.
    let mut r = Replica::new(Rules::standard());
    for e in &events {
        let mut forged = e.clone();
        if let EventKind::Moved { position, .. } = &mut forged.event {
            position.streak = (position.streak + 1) % 3;
            assert!(r.clone().apply(&forged).is_err(), "forged {forged:?}");
        }
        r.apply(e).expect("follows");
    }
    // A roll out of turn.
    let mut r = Replica::new(Rules::standard());
    r.apply(&events[0]).expect("start");
    let turn = r.turn().expect("turn");
    let wrong = Event {
        seq: 2,
        event: EventKind::Rolled {
            seat: turn.next(),
            roll: Roll::die(3),
            moves: vec![],
        },
    };
    assert!(r.apply(&wrong).is_err());
}

#[test]
fn a_lobby_seats_people_in_order_and_computers_fill_the_rest() {
    let mut t = Table::lobby(
        Rules::standard(),
        3,
        "Lan",
        StdRng::seed_from_u64(1),
        Box::new(InlineRunner::default()),
    )
    .expect("lobby");
    refused(&mut t, Seat::Red, 1, Command::Roll, ErrorCode::NotStarted);
    let (seat, events) = t.join("Minh").expect("joins");
    assert_eq!(seat, Seat::Green);
    assert_eq!(events[0].seq, 2);
    let (seat, _) = t.join("Hoa").expect("joins");
    assert_eq!(seat, Seat::Yellow);
    assert_eq!(t.join("Tư").expect_err("full").code, ErrorCode::RoomFull);
    let mut t = Table::lobby(
        Rules::standard(),
        4,
        "Lan",
        StdRng::seed_from_u64(1),
        Box::new(InlineRunner::default()),
    )
    .expect("lobby");
    t.join("Minh").expect("joins");
    let events = t
        .start(Level::Medium, |s| format!("bot {s}"))
        .expect("starts");
    let EventKind::Started { seats, .. } = &events[0].event else {
        panic!("not started: {events:?}");
    };
    let kinds: Vec<_> = seats.iter().map(|s| (s.seat, s.kind)).collect();
    use ca_ngua_core::table::SeatKind::{Bot, Human};
    assert_eq!(
        kinds,
        vec![
            (Seat::Red, Human),
            (Seat::Green, Human),
            (Seat::Yellow, Bot),
            (Seat::Blue, Bot)
        ]
    );
    assert_eq!(
        t.controller(Seat::Yellow),
        Controller::Computer(Level::Medium)
    );
    assert_eq!(
        t.join("Late").expect_err("started").code,
        ErrorCode::AlreadyStarted
    );
    assert_eq!(
        t.start(Level::Easy, |_| String::new())
            .expect_err("twice")
            .code,
        ErrorCode::AlreadyStarted
    );
    assert_numbered(t.events());
}

#[test]
fn an_away_seat_is_played_by_a_computer_and_handed_back_after_its_turn() {
    let mut t = Table::lobby(
        Rules::standard(),
        2,
        "Lan",
        StdRng::seed_from_u64(4),
        Box::new(InlineRunner::default()),
    )
    .expect("lobby");
    t.join("Minh").expect("joins");
    t.start(Level::Medium, |_| String::new()).expect("starts");
    let turn = t.replica().turn().expect("turn");
    // The person to play goes away: a computer stands in and plays.
    let ev = t.away(turn, Level::Medium);
    assert!(matches!(ev[..], [Event { event: EventKind::Away { seat }, .. }] if seat == turn));
    assert!(t.replica().is_away(turn));
    assert_eq!(t.computer_to_act().map(|c| c.0), Some(turn));
    // Back in the middle of the computer's turn: the seat returns once the
    // turn moves on.
    let Step::Acted(_) = t.computer_step() else {
        panic!("the stand-in rolls");
    };
    let still_turn = t.replica().turn() == Some(turn);
    let ev = t.back(turn);
    if still_turn {
        assert!(ev.is_empty(), "not back in the middle of its turn");
        assert!(t.replica().is_away(turn));
        // The stand-in finishes the turn.
        while t.replica().turn() == Some(turn) {
            assert!(matches!(t.computer_step(), Step::Acted(_)));
        }
    }
    assert!(!t.replica().is_away(turn), "back once the turn moved on");
    assert_eq!(t.controller(turn), Controller::Elsewhere);
    assert!(
        t.events()
            .iter()
            .any(|e| e.event == EventKind::Back { seat: turn })
    );
    // Leaving for good.
    let ev = t.leave(turn, Level::Hard);
    assert!(matches!(
        ev[..],
        [Event {
            event: EventKind::Left { .. },
            ..
        }]
    ));
    assert_eq!(t.controller(turn), Controller::StandIn(Level::Hard));
    assert_numbered(t.events());
}

#[test]
fn a_game_saved_before_events_continues_from_its_state() {
    let rules = Rules::traditional();
    let pos = Position::parse("Y,Y,12,30/Y,Y,Y,4/-/- g 0", &rules).expect("position");
    let game = Game::from_position(rules, pos).expect("game");
    let mut origin = GameRecord::from(&game);
    origin.rolls = 321;
    let record = TableRecord {
        rules,
        controllers: computers(Level::Easy).to_vec(),
        origin: Some(origin.clone()),
        events: vec![Event {
            seq: 1,
            event: EventKind::Started {
                position: pos.to_setup(),
                seats: vec![],
            },
        }],
    };
    // Seats must be named for every playing colour.
    assert!(
        Table::restore(
            record.clone(),
            StdRng::seed_from_u64(1),
            Box::new(InlineRunner::default())
        )
        .is_err()
    );
    let mut record = record;
    let seats = [Seat::Red, Seat::Green]
        .map(|seat| ca_ngua_core::table::SeatInfo {
            seat,
            name: String::new(),
            kind: ca_ngua_core::table::SeatKind::Bot,
            connected: true,
        })
        .to_vec();
    record.events[0].event = EventKind::Started {
        position: pos.to_setup(),
        seats,
    };
    let mut t = Table::restore(
        record,
        StdRng::seed_from_u64(1),
        Box::new(InlineRunner::default()),
    )
    .expect("restores");
    assert_eq!(t.replica().game().map(|g| g.rolls()), Some(321));
    play_out(&mut t, 10);
    assert_eq!(t.record().origin, Some(origin));
}
