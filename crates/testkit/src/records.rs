//! Game records, for any game: a seeded table of computers played to its
//! end, recorded from its events, written, read back and replayed.

use ca_ngua_core::game::{Game, Level, Next, SeatId};
use ca_ngua_core::table::{Command, Controller, EventKind, InlineRunner, Step, Table};
use ca_ngua_data::record::{Record, Recorder, UtcDate};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A fixed date, so that records are reproducible.
pub const DATE: UtcDate = UtcDate(1_773_480_413);

/// A table of computers of `level` under `rules`, seeded, played to its end.
pub fn played<G: Game>(rules: G::Rules, players: usize, level: Level, seed: u64) -> Table<G> {
    let seats = G::seats_for(&rules, players).expect("seats");
    let mut t = Table::<G>::local(
        rules,
        &seats,
        &vec![Controller::Computer(level); G::SEATS],
        StdRng::seed_from_u64(seed),
        Box::new(InlineRunner::default()),
    )
    .expect("table");
    for _ in 0..100_000 {
        match t.computer_step() {
            Step::Acted(_) => {}
            Step::Thinking => panic!("an inline runner never keeps thinking"),
            Step::Idle => break,
        }
    }
    assert!(t.replica().is_over(), "the game ended");
    t
}

/// The positions the table's game went through, as its events wrote them
/// (the start, then after every move and pass).
pub fn positions<G: Game>(t: &Table<G>) -> Vec<String> {
    t.events()
        .iter()
        .filter_map(|e| match &e.event {
            EventKind::Started { position, .. }
            | EventKind::Moved { position, .. }
            | EventKind::Passed { position, .. } => Some(position.to_string()),
            _ => None,
        })
        .collect()
}

/// Records the table's game and checks the record all the way: text and
/// back unchanged, the same text again, replayed to the same positions
/// and the same result. Returns the record's text.
pub fn check_round_trip<G: Game>(t: &Table<G>, what: &str) -> String {
    let record = Recorder::of_table(t, DATE).expect("a started game has a record");
    assert_eq!(
        record.result.as_ref(),
        t.ranking(),
        "{what}: the record keeps the result"
    );
    let text = record.to_text();
    let back = Record::<G>::from_text(&text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    assert_eq!(back, record, "{what}: text and back");
    assert_eq!(back.to_text(), text, "{what}: the same text again");
    let states = back
        .replay()
        .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    let replayed: Vec<String> = states.iter().map(|s| G::setup(s).to_string()).collect();
    assert_eq!(replayed, positions(t), "{what}: the same positions");
    let last = states.last().expect("the start at least");
    assert!(G::is_over(last), "{what}: the replay ends the game");
    text
}

/// The text with line `line` (from 1) replaced.
pub fn with_line(text: &str, line: usize, new: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == line { new } else { l })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Plays the seat to act: its computer if a computer plays it, else its
/// person (the roll, then the first legal move). False once the game is
/// over.
pub fn play_one<G: Game>(t: &mut Table<G>) -> bool {
    if t.replica().is_over() {
        return false;
    }
    if t.computer_to_act().is_some() {
        return match t.computer_step() {
            Step::Acted(_) => true,
            Step::Thinking => panic!("an inline runner never keeps thinking"),
            Step::Idle => false,
        };
    }
    let Some(seat) = t.replica().turn() else {
        return false;
    };
    let cmd = match t.replica().next() {
        Some(Next::Roll(_)) => Command::Roll,
        Some(Next::Choose(_, moves)) => Command::Move(moves[0]),
        _ => return false,
    };
    t.command(seat, t.seq(), cmd).expect("a legal command");
    true
}

/// The steps the table has played (moves and passes).
pub fn steps_played<G: Game>(t: &Table<G>) -> usize {
    t.events()
        .iter()
        .filter(|e| matches!(e.event, EventKind::Moved { .. } | EventKind::Passed { .. }))
        .count()
}

/// Plays until the table has played `n` steps (or the game is over).
pub fn play_to_step<G: Game>(t: &mut Table<G>, n: usize) {
    while steps_played(t) < n && play_one(t) {}
}

/// The record of a seeded game of `players` under `rules` whose first
/// seat is a person (playing the first legal move) for its first `at`
/// steps, then handed to a computer of `level` in the settings; the other
/// seats are computers of `others` throughout. Recorded as the app records
/// it: the change noted as it is made, after the steps before it.
pub fn handed_over<G: Game>(
    rules: G::Rules,
    players: usize,
    seed: u64,
    at: usize,
    level: Level,
    others: Level,
) -> Record<G> {
    let seats = G::seats_for(&rules, players).expect("seats");
    let mut controllers = vec![Controller::Computer(others); G::SEATS];
    controllers[seats[0].index()] = Controller::Here;
    let mut t = Table::<G>::local(
        rules,
        &seats,
        &controllers,
        StdRng::seed_from_u64(seed),
        Box::new(InlineRunner::default()),
    )
    .expect("table");
    let mut r = Recorder::new(rules, DATE).with_controllers(t.controllers());
    play_to_step(&mut t, at);
    for ev in t.events() {
        r.push(ev);
    }
    let fed = t.events().len();
    t.set_controller(seats[0], Controller::Computer(level));
    assert!(r.note_controllers(t.controllers()), "the record changes");
    // Told again: nothing new.
    assert!(!r.note_controllers(t.controllers()));
    while play_one(&mut t) {}
    for ev in &t.events()[fed..] {
        r.push(ev);
    }
    assert!(t.replica().is_over());
    r.into_record().expect("a record")
}

/// Records of every format this build reads, as the version that wrote
/// each of them wrote it (`crates/testkit/data/records/`).
pub const FORMATS: [(&str, u32, &str); 4] = [
    (
        "format-1.txt",
        1,
        include_str!("../data/records/format-1.txt"),
    ),
    (
        "format-2.txt",
        2,
        include_str!("../data/records/format-2.txt"),
    ),
    (
        "format-3.txt",
        3,
        include_str!("../data/records/format-3.txt"),
    ),
    (
        "format-3-online.txt",
        3,
        include_str!("../data/records/format-3-online.txt"),
    ),
];

/// The path of one of the records in `crates/testkit/data/records/`
/// (`FORMATS`), for a program that reads the file itself.
pub fn fixture(file: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/records")
        .join(file)
}
