//! Who played each step (issue 32): a seat handed to a computer in the
//! middle of a game, a computer standing in online for a person away or
//! playing the turn whose clock ran out; the record notes each change at
//! its step (format 3, `Player:` lines), reads back, replays, and says who
//! played every step; bad `Player:` lines are named by their line; records
//! of formats 1 and 2 (fixtures an older version wrote) still load.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::{
    self, DATE, play_one, play_to_step, steps_played as steps, with_line,
};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::{Controller, Event, InlineRunner, Table};
use ca_ngua_data::record::AnyRecordExt;
use ca_ngua_data::record::{Player, PlayerChange, Record, Recorder, SeatPlayer, read_any};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};
use game_co_nhay::CoNhay;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Feeds the recorder the table's events after the first `fed`.
fn feed<G: Game>(r: &mut Recorder<G>, t: &Table<G>, fed: &mut usize) {
    for ev in &t.events()[*fed..] {
        r.push(ev);
    }
    *fed = t.events().len();
}

/// The game: Red is a person for three steps, then handed to
/// "Máy – Vừa" in the settings; Yellow is an Easy computer throughout.
fn handed_over() -> Record<CaNgua> {
    records::handed_over::<CaNgua>(Rules::standard(), 2, 3, 3, Level::Medium, Level::Easy)
}

#[test]
fn a_seat_handed_to_a_computer_is_recorded_from_its_step_and_read_back() {
    let record = handed_over();
    assert_eq!(
        record.changes,
        [PlayerChange {
            step: 3,
            seat: Seat::Red,
            player: Player::Computer(Some(Level::Medium)),
            name: String::new(),
        }]
    );
    assert_eq!(record.seats[0].player, Player::Person, "who began");
    let text = record.to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Record: 3");
    assert_eq!(record.change_line(0), record.result_line() + 1);
    assert_eq!(
        lines[record.change_line(0) - 1],
        "Player: 4 r computer-medium"
    );
    // The blank line, then the first step.
    assert_eq!(lines[record.step_line(0) - 2], "");
    assert!(lines[record.step_line(0) - 1].starts_with("y "), "{text}");
    let back = Record::<CaNgua>::from_text(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.to_text(), text);
    back.replay().unwrap();
    assert!(read_any(&text).unwrap().check().is_ok());

    // Who played each step.
    for (k, step) in record.steps.iter().enumerate() {
        let (player, _) = record.player_at(step.seat, k).unwrap();
        let expected = match step.seat {
            Seat::Red if k < 3 => Player::Person,
            Seat::Red => Player::Computer(Some(Level::Medium)),
            _ => Player::Computer(Some(Level::Easy)),
        };
        assert_eq!(player, expected, "step {}", k + 1);
    }
    let players = record.seat_players();
    let red: Vec<&SeatPlayer<Seat>> = players.iter().filter(|p| p.seat == Seat::Red).collect();
    assert_eq!(red.len(), 2, "{players:?}");
    assert_eq!(red[0].player, Player::Person);
    assert_eq!(red[1].player, Player::Computer(Some(Level::Medium)));
    let reds: Vec<usize> = (0..record.steps.len())
        .filter(|&k| record.steps[k].seat == Seat::Red)
        .collect();
    assert!(red[0].steps.iter().all(|&k| k < 3));
    assert!(red[1].steps.iter().all(|&k| k >= 3));
    let mut both = red[0].steps.clone();
    both.extend(&red[1].steps);
    assert_eq!(both, reds, "every step of Red, once");
    assert_eq!(red[1].spans, [(red[1].steps[0], *reds.last().unwrap())]);
    let yellow: Vec<_> = players.iter().filter(|p| p.seat == Seat::Yellow).collect();
    assert_eq!(yellow.len(), 1);
    assert_eq!(yellow[0].steps.len(), record.steps.len() - reds.len());
}

#[test]
fn a_change_before_the_first_step_is_the_seat_line_and_a_change_undone_leaves_nothing() {
    let rules = CaNgua::standard_rules();
    let seats = CaNgua::seats_for(&rules, 2).unwrap();
    let mut t = Table::<CaNgua>::local(
        rules,
        &seats,
        &[Controller::Here; 4],
        StdRng::seed_from_u64(4),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    let mut r = Recorder::new(rules, DATE).with_controllers(t.controllers());
    let mut fed = 0;
    feed(&mut r, &t, &mut fed);
    t.set_controller(Seat::Yellow, Controller::Computer(Level::Easy));
    r.note_controllers(t.controllers());
    let record = r.record().unwrap();
    assert!(record.changes.is_empty());
    assert_eq!(record.seats[1].player, Player::Computer(Some(Level::Easy)));
    assert!(record.to_text().starts_with("Record: 1\n"));

    play_to_step(&mut t, 2);
    feed(&mut r, &t, &mut fed);
    // Handed over and back before anyone played: no change.
    t.set_controller(Seat::Red, Controller::Computer(Level::Hard));
    r.note_controllers(t.controllers());
    assert_eq!(r.record().unwrap().changes.len(), 1);
    t.set_controller(Seat::Red, Controller::Here);
    r.note_controllers(t.controllers());
    assert!(r.record().unwrap().changes.is_empty());
    // Two changes before anyone played: the last one counts.
    t.set_controller(Seat::Red, Controller::Computer(Level::Hard));
    r.note_controllers(t.controllers());
    t.set_controller(Seat::Red, Controller::Computer(Level::Random));
    r.note_controllers(t.controllers());
    assert_eq!(
        r.record().unwrap().changes,
        [PlayerChange {
            step: 2,
            seat: Seat::Red,
            player: Player::Computer(Some(Level::Random)),
            name: String::new(),
        }]
    );
}

/// An online room of Lan (Red) and Minh (Yellow) as its server plays it:
/// Red's clock runs out once, Yellow is away for a while and comes back.
/// Its events, and at which step each change came.
fn online_room() -> (Vec<Event<CaNgua>>, usize, usize, usize) {
    let rules = Rules::standard();
    let mut t = Table::<CaNgua>::lobby(
        rules,
        2,
        "Lan",
        StdRng::seed_from_u64(21),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    t.join("Minh").unwrap();
    t.start(Level::Easy, |_| "bot".into()).unwrap();
    play_to_step(&mut t, 4);
    // The next seat to act lets its clock run out.
    let timed_out = steps(&t);
    let seat = t.replica().turn().unwrap();
    assert_eq!(
        t.time_out(seat, Level::Easy, false).len(),
        1,
        "a timed_out event"
    );
    play_to_step(&mut t, 30);
    let away = steps(&t);
    assert_eq!(t.away(Seat::Yellow, Level::Easy).len(), 1);
    play_to_step(&mut t, 60);
    // Minh is back (his turn or not: the seat is his once the turn moves
    // on).
    t.back_now(Seat::Yellow);
    let back = steps(&t);
    while play_one(&mut t) {}
    (t.events().to_vec(), timed_out, away, back)
}

#[test]
fn online_a_computer_standing_in_is_recorded_and_the_person_back_named() {
    let (events, timed_out, away, back) = online_room();
    // A client sees the events only: computers without their level.
    let mut r = Recorder::new(Rules::standard(), DATE);
    for ev in &events {
        r.push(ev);
    }
    let record = r.into_record().unwrap();
    let late = record.steps[timed_out].seat;
    let name = |s: Seat| if s == Seat::Red { "Lan" } else { "Minh" };
    let mut expected = vec![
        PlayerChange {
            step: timed_out,
            seat: late,
            player: Player::Computer(None),
            name: String::new(),
        },
        PlayerChange {
            step: timed_out + 1,
            seat: late,
            player: Player::Person,
            name: name(late).into(),
        },
    ];
    expected.push(PlayerChange {
        step: away,
        seat: Seat::Yellow,
        player: Player::Computer(None),
        name: String::new(),
    });
    expected.push(PlayerChange {
        step: back,
        seat: Seat::Yellow,
        player: Player::Person,
        name: "Minh".into(),
    });
    assert_eq!(record.changes, expected);
    let text = record.to_text();
    assert!(
        text.contains(&format!(
            "\nPlayer: {} {} computer\nPlayer: {} {} person {}\n",
            timed_out + 1,
            ca_ngua_core::game::SeatId::code(late),
            timed_out + 2,
            ca_ngua_core::game::SeatId::code(late),
            name(late)
        )),
        "{text}"
    );
    let back_again = Record::<CaNgua>::from_text(&text).unwrap();
    assert_eq!(back_again, record);
    back_again.replay().unwrap();
    // Minh played before he was away and after he was back, as one
    // player over two stretches; a computer played in between.
    let players = record.seat_players();
    let minh = players
        .iter()
        .find(|p| p.seat == Seat::Yellow && p.player == Player::Person)
        .unwrap();
    assert_eq!(minh.name, "Minh");
    assert!(minh.spans.len() >= 2, "{minh:?}");
    assert!(
        minh.steps
            .iter()
            .all(|&k| (k < away || k >= back) && k != timed_out),
        "{minh:?}"
    );
    let stand_in = players
        .iter()
        .find(|p| p.seat == Seat::Yellow && p.player == Player::Computer(None))
        .unwrap();
    assert!(
        stand_in
            .steps
            .iter()
            .all(|&k| (away..back).contains(&k) || k == timed_out),
        "{stand_in:?}"
    );
}

#[test]
fn a_bad_player_line_is_named_by_its_line() {
    let record = handed_over();
    let text = record.to_text();
    let line = record.change_line(0);
    let steps = record.steps.len();
    for (with, says) in [
        ("Player: 0 r computer-medium", "is not a step's number"),
        ("Player: four r computer-medium", "is not a step's number"),
        ("Player: 4 q computer-medium", "is not a seat"),
        ("Player: 4 r robot", "is not a player"),
        ("Player: 4 g computer-medium", "does not play"),
        (
            &format!("Player: {} r person", steps + 2),
            "but the game has",
        ),
    ] {
        let err = Record::<CaNgua>::from_text(&with_line(&text, line, with))
            .and_then(|r| r.replay().map(|_| r))
            .unwrap_err();
        assert_eq!(err.line, line, "{with}: {err}");
        assert!(err.message.contains(says), "{with}: {err}");
    }
    // A change for the step after the last: the record of a game that
    // goes on.
    let next = with_line(&text, line, &format!("Player: {} r person", steps + 1));
    Record::<CaNgua>::from_text(&next)
        .unwrap()
        .replay()
        .unwrap();
    // Two changes out of order, or twice at one step.
    let mut r = record.clone();
    r.changes.push(PlayerChange {
        step: 1,
        seat: Seat::Yellow,
        player: Player::Person,
        name: String::new(),
    });
    let err = Record::<CaNgua>::from_text(&r.to_text()).unwrap_err();
    assert_eq!(err.line, r.change_line(1));
    assert!(err.message.contains("order of their steps"), "{err}");
    r.changes[1].step = 3;
    r.changes[1].seat = Seat::Red;
    let err = Record::<CaNgua>::from_text(&r.to_text()).unwrap_err();
    assert_eq!(err.line, r.change_line(1));
    assert!(err.message.contains("twice"), "{err}");
    // A format this build does not know is refused by name.
    let err = Record::<CaNgua>::from_text(&text.replacen("Record: 3", "Record: 4", 1)).unwrap_err();
    assert!(err.message.contains("newer version"), "{err}");
}

#[test]
fn cờ_nhảy_records_a_seat_handed_over_too() {
    let rules = CoNhay::standard_rules();
    let seats = CoNhay::seats_for(&rules, 2).unwrap();
    let mut t = Table::<CoNhay>::local(
        rules,
        &seats,
        &[Controller::Computer(Level::Random); CoNhay::SEATS],
        StdRng::seed_from_u64(8),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    let mut r = Recorder::new(rules, DATE).with_controllers(t.controllers());
    let mut fed = 0;
    play_to_step(&mut t, 5);
    feed(&mut r, &t, &mut fed);
    let seat = seats[1];
    t.set_controller(seat, Controller::Computer(Level::Easy));
    r.note_controllers(t.controllers());
    play_to_step(&mut t, 12);
    feed(&mut r, &t, &mut fed);
    let record = r.into_record().unwrap();
    let text = record.to_text();
    assert!(text.starts_with("Record: 3\n"), "{text}");
    assert!(text.contains("\nPlayer: 6 3 computer-easy\n"), "{text}");
    let back = Record::<CoNhay>::from_text(&text).unwrap();
    assert_eq!(back, record);
    back.replay().unwrap();
    assert_eq!(
        record.player_at(seat, 4),
        Some((Player::Computer(Some(Level::Random)), ""))
    );
    assert_eq!(
        record.player_at(seat, 5),
        Some((Player::Computer(Some(Level::Easy)), ""))
    );
}

#[test]
fn the_analysis_speaks_of_each_players_own_steps() {
    use ca_ngua_data::record::analysis::{AnalysisConfig, analyse};
    // Red a person for 40 steps, then a Medium computer.
    let record =
        records::handed_over::<CaNgua>(Rules::standard(), 2, 5, 40, Level::Medium, Level::Easy);
    let start = CaNgua::from_setup(&record.rules, &record.setup).unwrap();
    let mut config = AnalysisConfig::with_rollouts(2);
    config.threads = 2;
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let analysis = analyse::<CaNgua>(
        &record.rules,
        &start,
        &record.plays(),
        &config,
        &|_, _| {},
        &cancel,
    )
    .unwrap();
    let players = record.seat_players();
    let red: Vec<_> = players.iter().filter(|p| p.seat == Seat::Red).collect();
    assert_eq!(red.len(), 2, "{players:?}");
    assert!(red[0].steps.iter().all(|&k| k < 40));
    assert!(red[1].steps.iter().all(|&k| k >= 40));
    for whole in &analysis.players {
        let parts: Vec<_> = players.iter().filter(|p| p.seat == whole.seat).collect();
        let (mut decisions, mut luck, mut lost) = (0, 0.0, 0.0);
        for part in &parts {
            let t = analysis.totals_over(part.seat, &part.steps);
            // Its own steps only: its decisions, its rolls, its mistakes.
            let own: Vec<_> = part.steps.iter().map(|&k| &analysis.steps[k]).collect();
            assert!(own.iter().all(|s| s.seat == part.seat));
            assert_eq!(t.decisions, own.iter().filter(|s| s.is_decision()).count());
            let own_luck: f64 = own.iter().filter_map(|s| s.luck.map(|l| l.luck)).sum();
            assert!((t.luck - own_luck).abs() < 1e-9, "{} {own_luck}", t.luck);
            for m in &t.mistakes {
                assert!(part.steps.contains(&m.step), "{m:?} not of {part:?}");
                assert_eq!(
                    record.player_at(part.seat, m.step),
                    Some((part.player, part.name.as_str()))
                );
            }
            assert_eq!(t.series, whole.series, "the seat's graph");
            decisions += t.decisions;
            luck += t.luck;
            lost += t.skill_lost;
        }
        // The seat's players together played all its steps, once.
        assert_eq!(decisions, whole.decisions, "{:?}", whole.seat);
        assert!((luck - whole.luck).abs() < 1e-9);
        assert!((lost - whole.skill_lost).abs() < 1e-9);
    }
    // The person made decisions of their own before the change.
    let person = analysis.totals_over(Seat::Red, &red[0].steps);
    let computer = analysis.totals_over(Seat::Red, &red[1].steps);
    assert!(person.decisions > 0 && computer.decisions > 0);
}

#[test]
fn records_of_every_format_still_load_replay_and_write_back_the_same() {
    for (file, format, text) in records::FORMATS {
        let record = read_any(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let steps = record.check().unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(steps > 10, "{file}: {steps} steps");
        assert_eq!(record.to_text(), text, "{file}: written back the same");
        let r = record.get::<CaNgua>().expect("a Cờ Cá Ngựa record");
        assert_eq!(r.format(), format, "{file}");
        // Who played every step is known in every format.
        for (k, step) in r.steps.iter().enumerate() {
            assert!(r.player_at(step.seat, k).is_some(), "{file}: step {k}");
        }
        let changed = r.seat_players().len() > r.seats.len();
        assert_eq!(changed, format == 3, "{file}: a seat changed hands");
    }
}
