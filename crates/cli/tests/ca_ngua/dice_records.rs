//! Records of online games keep the round's dice that anyone can check
//! (PROTOCOL.md version 3): the commit, every seat's seed, the rolls'
//! numbers and the revealed seed, in format 2 of the record; each round of
//! a room is its own record; `ca-ngua-cli record verify` checks the dice
//! again, refuses a record whose roll was changed, and says when a record
//! has no dice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::{DATE, played};
use ca_ngua::ca_ngua::CaNgua;
use ca_ngua::ca_ngua::engine::Roll;
use ca_ngua::ca_ngua::engine::{Rules, Seat};
use ca_ngua::game::{Game, Level};
use ca_ngua::record::{Record, RecordDice, Recorder};
use ca_ngua::table::{Controller, Dealer, Event, EventKind, InlineRunner, Step, Table};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The seeds two players send, by round.
fn client_seeds(round: u32) -> [(Seat, String); 2] {
    [
        (Seat::Red, format!("lan-{round}-3f9c0b")),
        (Seat::Yellow, format!("minh-{round}-8e21d4")),
    ]
}

/// A record of format 1 (before dice were kept), as an older version wrote
/// it.
const FORMAT_1: &str = "Record: 1\nGame: ca-ngua\nRules: CN1-000W4-00423\n\
Date: 2026-12-02T15:42:53Z\nSeat: r computer-easy\nSeat: y computer-medium\n\
Setup: Y,Y,Y,Y/-/Y,Y,Y,Y/- y 0\nResult: *\n\ny 2 pass\nr 4 pass\n";

#[test]
fn a_record_without_dice_is_still_format_1_and_older_records_load() {
    let t = played::<CaNgua>(Rules::standard(), 2, Level::Easy, 5);
    let text = Recorder::of_table(&t, DATE).unwrap().to_text();
    assert!(text.starts_with("Record: 1\n"), "{text}");
    assert!(!text.contains("Dice-"), "{text}");
    let old = Record::<CaNgua>::from_text(FORMAT_1).unwrap();
    assert_eq!(old.dice, None);
    assert_eq!(old.steps.len(), 2);
    assert_eq!(old.step_line(0), 10);
    old.replay().unwrap();
}

#[test]
fn dice_lines_are_read_back_and_a_bad_one_is_named_by_its_line() {
    let mut record = Record::<CaNgua>::from_text(FORMAT_1).unwrap();
    let mut dice = RecordDice::new(3, "ab".repeat(32));
    dice.seeds = vec![
        (Seat::Red, "x1".to_string()),
        (Seat::Yellow, "y2".to_string()),
    ];
    dice.first_roll = 1;
    dice.revealed = Some("cd".repeat(32));
    record.dice = Some(dice);
    let text = record.to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Record: 2");
    assert_eq!(
        lines[8..14],
        [
            "Dice-round: 3",
            &format!("Dice-commit: {}", "ab".repeat(32)),
            "Dice-client-seed: r x1",
            "Dice-client-seed: y y2",
            "Dice-first-roll: 1",
            &format!("Dice-seed: {}", "cd".repeat(32)),
        ]
    );
    assert_eq!(record.dice_line(), Some(9));
    assert_eq!(record.dice_seed_line(), Some(14));
    assert_eq!(lines[record.step_line(0) - 1], "y 2 pass");
    let back = Record::<CaNgua>::from_text(&text).unwrap();
    assert_eq!(back, record);
    back.replay().unwrap();

    let replace = |line: usize, with: &str| {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        l[line - 1] = with.to_string();
        l.join("\n") + "\n"
    };
    for (line, with, says) in [
        (10, "Dice-commit: 12345", "is not a commit"),
        (11, "Dice-client-seed: q x1", "is not a seat"),
        (
            11,
            "Dice-client-seed: r has space",
            "is not a player's seed",
        ),
        (12, "Dice-client-seed: r y2", "in seat order"),
        (13, "Dice-first-roll: 0", "is not a roll's number"),
        (14, "Dice-seed: nothex", "is not a dice seed"),
        (9, "Dice-round: two", "is not a round"),
    ] {
        let err = Record::<CaNgua>::from_text(&replace(line, with)).unwrap_err();
        assert_eq!(err.line, line, "{with}: {err}");
        assert!(err.message.contains(says), "{with}: {err}");
    }
    // A format this build does not know is still refused by name.
    let err = Record::<CaNgua>::from_text(&text.replacen("Record: 2", "Record: 4", 1)).unwrap_err();
    assert!(err.message.contains("newer version"), "{err}");
}

#[test]
fn cờ_nhảy_records_have_no_dice_lines() {
    let t = played::<ca_ngua::co_nhay::CoNhay>(
        ca_ngua::co_nhay::CoNhay::standard_rules(),
        2,
        Level::Random,
        3,
    );
    let text = Recorder::of_table(&t, DATE).unwrap().to_text();
    let with_dice = text.replacen(
        "\nResult:",
        &format!(
            "\nDice-round: 1\nDice-commit: {}\nDice-first-roll: 1\nResult:",
            "ab".repeat(32)
        ),
        1,
    );
    assert!(Record::<ca_ngua::co_nhay::CoNhay>::from_text(&with_dice).is_err());
}

/// A room's dice as the server makes them, for a table in a test: each
/// roll read from the round's seed, the round, the roll's number and the
/// seeds (`ca_ngua::net::dice`).
mod fair {
    use super::*;
    use ca_ngua::net::dice::{self, DiceSeed};
    use std::sync::{Arc, Mutex};

    #[derive(Debug, Default)]
    pub struct Dice {
        pub seed: Option<DiceSeed>,
        pub round: u32,
        pub n: u32,
        pub seeds: String,
    }

    #[derive(Debug, Clone, Default)]
    pub struct Shared(pub Arc<Mutex<Dice>>);

    impl Dealer<CaNgua> for Shared {
        fn roll(&mut self, rules: &Rules) -> Option<Roll> {
            let mut d = self.0.lock().unwrap();
            d.n += 1;
            dice::roll::<CaNgua>(rules, d.seed.as_ref()?, d.round, d.n, &d.seeds)
        }
    }

    /// Plays the computers to the end of the round.
    fn play_out(t: &mut Table<CaNgua>) {
        for _ in 0..100_000 {
            match t.computer_step() {
                Step::Acted(_) => {}
                Step::Thinking => panic!("an inline runner never keeps thinking"),
                Step::Idle => break,
            }
        }
        assert!(t.replica().is_over(), "the round ended");
    }

    /// A room of two people (played by computers) with dice anyone can
    /// check, `rounds` rounds of it: its events and each round's seed.
    pub fn room(rounds: u32) -> (Vec<Event<CaNgua>>, Vec<DiceSeed>) {
        let rules = Rules::standard();
        let mut t = Table::<CaNgua>::lobby(
            rules,
            2,
            "Lan",
            StdRng::seed_from_u64(11),
            Box::new(InlineRunner::default()),
        )
        .unwrap();
        t.join("Minh").unwrap();
        for seat in [Seat::Red, Seat::Yellow] {
            t.set_controller(seat, Controller::Computer(Level::Easy));
        }
        let shared = Shared::default();
        t.set_dealer(Box::new(shared.clone()));
        let mut seeds = Vec::new();
        for round in 1..=rounds {
            let seed = DiceSeed([round as u8 * 17; 32]);
            seeds.push(seed);
            if round > 1 {
                t.again(Some(seed.commit())).unwrap();
            }
            for (seat, s) in client_seeds(round) {
                t.seeded(seat, s);
            }
            {
                let mut d = shared.0.lock().unwrap();
                *d = Dice {
                    seed: Some(seed),
                    round,
                    n: 0,
                    seeds: dice::seeds_text(&client_seeds(round)),
                };
            }
            if round == 1 {
                t.start(Level::Easy, |s| format!("bot {s:?}")).unwrap();
            }
            play_out(&mut t);
        }
        (t.events().to_vec(), seeds)
    }

    /// The recorder an online client feeds: the welcome's commit (round 1),
    /// every event, the seed revealed after each `over`.
    pub fn record_room(events: &[Event<CaNgua>], seeds: &[DiceSeed]) -> Recorder<CaNgua> {
        let mut r = Recorder::new(Rules::standard(), DATE);
        r.note_dice_commit(1, seeds[0].commit());
        let mut round = 1;
        for ev in events {
            r.push(ev);
            match &ev.event {
                EventKind::Again { round: next, .. } => round = *next,
                EventKind::Over { .. } => {
                    assert!(r.note_revealed(round, seeds[round as usize - 1].to_hex()));
                }
                _ => {}
            }
        }
        r
    }
}

#[test]
fn an_online_round_keeps_its_dice_and_they_check() {
    let (events, seeds) = fair::room(1);
    let r = fair::record_room(&events, &seeds);
    let record = r.record().unwrap().clone();
    let dice = record.dice.clone().expect("the record keeps the dice");
    assert_eq!(dice.round, 1);
    assert_eq!(dice.commit, seeds[0].commit());
    assert_eq!(dice.seeds, client_seeds(1).to_vec());
    assert_eq!(dice.first_roll, 1);
    assert_eq!(dice.revealed, Some(seeds[0].to_hex()));
    assert!(record.result.is_some());
    let text = record.to_text();
    assert!(text.starts_with("Record: 2\n"), "{text}");
    assert!(text.contains(&format!("\nDice-seed: {}\n", seeds[0].to_hex())));
    let back = Record::<CaNgua>::from_text(&text).unwrap();
    assert_eq!(back, record);
    back.replay().unwrap();
    let check = back.check_dice().unwrap();
    assert!(check.ok(), "{check:?}");
    assert_eq!(check.rolls as usize, record.steps.len());
    // Another seed, or another player's seed, gives other rolls.
    let mut wrong = back.clone();
    wrong.dice.as_mut().unwrap().seeds[1].1 = "someone-else".into();
    let check = wrong.check_dice().unwrap();
    assert!(check.commit_ok && check.first_wrong.is_some(), "{check:?}");
}

#[test]
fn each_round_of_a_room_is_its_own_record() {
    let (events, seeds) = fair::room(2);
    let mut r = fair::record_room(&events, &seeds);
    let finished = r.take_finished();
    assert_eq!(finished.len(), 1, "round 1 ended with the again");
    assert!(r.take_finished().is_empty(), "taken once");
    let first = &finished[0];
    let second = r.record().unwrap();
    assert_eq!(r.round(), 2);
    assert!(first.result.is_some() && second.result.is_some());
    assert_eq!(first.dice.as_ref().unwrap().round, 1);
    assert_eq!(first.dice.as_ref().unwrap().commit, seeds[0].commit());
    assert_eq!(second.dice.as_ref().unwrap().round, 2);
    assert_eq!(second.dice.as_ref().unwrap().commit, seeds[1].commit());
    assert_eq!(
        second.dice.as_ref().unwrap().seeds,
        client_seeds(2).to_vec()
    );
    // The rounds' steps are their own: together, every roll of the room.
    let rolls = events
        .iter()
        .filter(|e| matches!(e.event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(first.steps.len() + second.steps.len(), rolls);
    for record in [first, second] {
        let back = Record::<CaNgua>::from_text(&record.to_text()).unwrap();
        back.replay().unwrap();
        assert!(back.check_dice().unwrap().ok());
    }
}

/// `record verify` on the real binary.
#[test]
fn record_verify_passes_an_untouched_record_and_refuses_a_changed_roll() {
    use crate::cli_support::{cli, stderr, stdout};
    let dir = crate::common::temp_dir("verify");
    let (events, seeds) = fair::room(1);
    let record = fair::record_room(&events, &seeds).record().unwrap().clone();
    let good = dir.join("good.txt");
    std::fs::write(&good, record.to_text()).unwrap();
    let out = cli(&["record", "verify", good.to_str().unwrap()]);
    let n = record.steps.len();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("dice verified: {n}/{n} rolls match the revealed seed (round 1)\n")
    );

    // A roll changed where the game still replays (a pass whose roll
    // could have been another that also passes).
    let (i, changed) = record
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.mv.is_none())
        .find_map(|(i, s)| {
            (1..=6)
                .map(|d| d.to_string().parse::<Roll>().unwrap())
                .filter(|r| Some(*r) != s.roll)
                .map(|r| {
                    let mut c = record.clone();
                    c.steps[i].roll = Some(r);
                    c
                })
                .find(|c| c.replay().is_ok())
                .map(|c| (i, c))
        })
        .expect("a pass whose roll can change");
    let tampered = dir.join("tampered.txt");
    std::fs::write(&tampered, changed.to_text()).unwrap();
    assert!(
        cli(&["record", "check", tampered.to_str().unwrap()])
            .status
            .success()
    );
    let out = cli(&["record", "verify", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let was = changed.steps[i].roll.unwrap();
    let gives = record.steps[i].roll.unwrap();
    assert_eq!(
        stdout(&out),
        format!(
            "dice NOT verified: roll {} (line {}) was {was}, the seed gives {gives} ({}/{n} rolls match)\n",
            i + 1,
            record.step_line(i),
            n - 1
        )
    );

    // A revealed seed that is not the committed one.
    let mut other = record.clone();
    other.dice.as_mut().unwrap().revealed = Some("0".repeat(64));
    let other_file = dir.join("other-seed.txt");
    std::fs::write(&other_file, other.to_text()).unwrap();
    let out = cli(&["record", "verify", other_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("does not match round 1's commit"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn record_verify_says_when_there_is_nothing_to_check() {
    use crate::cli_support::{cli, stderr, stdout};
    let dir = crate::common::temp_dir("verify-none");
    let t = played::<CaNgua>(Rules::standard(), 2, Level::Easy, 9);
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, Recorder::of_table(&t, DATE).unwrap().to_text()).unwrap();
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "not a record\n").unwrap();
    let missing = dir.join("missing.txt");
    // An online game that is not over: its seed is not revealed yet.
    let (events, seeds) = fair::room(1);
    let mut r = Recorder::new(Rules::standard(), DATE);
    r.note_dice_commit(1, seeds[0].commit());
    for ev in &events[..events.len() / 2] {
        r.push(ev);
    }
    let unrevealed = dir.join("unrevealed.txt");
    std::fs::write(&unrevealed, r.record().unwrap().to_text()).unwrap();
    for (file, says) in [
        (&plain, "keeps no dice"),
        (&junk, "not a game record"),
        (&missing, "cannot read"),
        (&unrevealed, "never revealed"),
    ] {
        let out = cli(&["record", "verify", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", file.display());
        assert_eq!(stdout(&out), "");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(says), "{err}");
    }
}
