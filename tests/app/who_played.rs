//! Who played each step, in the app (issue 32): a seat handed to a
//! computer in the settings mid-game is recorded from that step; the
//! replay of a record whose seat changed hands names both players, in its
//! header, the list of past games, and at each step ("This step: Red
//! (Computer – Medium)"), in both languages.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::{PlayerKind, Prefs};
use ca_ngua_data::record::{AnyRecord, Player, PlayerChange, Record};
use ca_ngua_data::store::{RecordId, Store};
use ca_ngua_i18n::{I18n, Lang};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};

const WINDOW: Window = Window::DEFAULT;

/// The issue's game: Red a person for three steps, then "Computer –
/// Medium"; Yellow an Easy computer.
fn switched() -> Record<CaNgua> {
    common::records::handed_over::<CaNgua>(Rules::standard(), 2, 3, 3, Level::Medium, Level::Easy)
}

/// The steps of a span as the header says them ("2–3", or "4").
fn span((a, b): (usize, usize)) -> String {
    if a == b {
        format!("{}", a + 1)
    } else {
        format!("{}–{}", a + 1, b + 1)
    }
}

/// Goes to step `k` of the replay with its buttons (`en`: their English
/// names).
fn go_to(h: &mut Harness<'static, App>, k: usize, en: bool) {
    let (start, forward) = if en {
        ("To the start", "Step forward")
    } else {
        ("Về đầu", "Tiến một bước")
    };
    if replay(h).step() > 0 {
        h.get_by_label(start).click_accesskit();
        h.run_steps(2);
    }
    for _ in 0..k {
        h.get_by_label(forward).click_accesskit();
        h.run_steps(2);
    }
    assert_eq!(replay(h).step(), k);
}

/// The app, in `lang`, with `record` its one past game: the statistics
/// window opened and the game picked from its list by the line that
/// contains `listed`, its replay shown (and the app's folder).
fn replay_from_the_list(
    record: &Record<CaNgua>,
    lang: Lang,
    listed: &str,
) -> (common::TempDir, Harness<'static, App>) {
    let en = lang == Lang::En;
    let dir = common::temp_dir("who-played-replay");
    let store = Store::at(dir.path());
    store
        .save_prefs(&Prefs {
            lang: Some(lang),
            ..Prefs::default()
        })
        .unwrap();
    store
        .records()
        .save(&AnyRecord::of::<CaNgua>(record.clone()))
        .unwrap();
    let app = App::from_store(Store::at(dir.path()), None, lang, None).skip_welcome();
    let mut h = harness(app, WINDOW);
    h.get_by_label(if en { "Statistics" } else { "Thống kê" })
        .click_accesskit();
    h.run_steps(3);
    let line = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.contains(listed))
        .unwrap_or_else(|| panic!("the game in the list, with '{listed}'"));
    h.get_by_label(&line).click_accesskit();
    h.run_steps(3);
    (dir, h)
}

/// Step `k` of the replay names who played it (`who`), the board names
/// each seat's owner, and only a seat that changed hands has its player
/// said.
fn step_names_its_player(
    h: &mut Harness<'static, App>,
    record: &Record<CaNgua>,
    lang: Lang,
    k: usize,
    who: &str,
) {
    let en = lang == Lang::En;
    go_to(h, k, en);
    let by = if en {
        format!("This step: {who}")
    } else {
        format!("Bước này: {who}")
    };
    assert!(shows(h, &by), "step {k}: no '{by}' shown");
    // The board names a person's seat by its person at every
    // step, the computer's too (issue 55: it switched between
    // them); a computer's seat by its computer.
    let seat = record.steps[k - 1].seat;
    let board = replay(h).player_name(&I18n::new(lang), seat);
    let owner = match (seat, en) {
        (Seat::Red, true) => "Person",
        (Seat::Red, false) => "Người chơi",
        (_, true) => "Computer – Easy",
        (_, false) => "Máy – Dễ",
    };
    assert_eq!(board, owner, "step {k}");
    let said = replay(h)
        .announcements()
        .iter()
        .any(|a| a.text.contains(&by));
    // Only a seat that changed hands has its player said.
    assert_eq!(
        said,
        record.steps[k - 1].seat == Seat::Red,
        "step {k}: {:?}",
        replay(h).announcements()
    );
}

/// The replay's header: Red by its person, with the steps the computer
/// played for them (`computer`), and Yellow's computer.
fn header_names_each_player(h: &Harness<'static, App>, lang: Lang, computer: (usize, usize)) {
    let en = lang == Lang::En;
    let header = if en {
        format!("Red: Person (the computer played steps {})", span(computer))
    } else {
        format!("Đỏ: Người chơi (máy đi thay ở bước {})", span(computer))
    };
    assert!(shows(h, &header), "no '{header}' shown");
    let yellow_words = if en {
        "Yellow: Computer – Easy"
    } else {
        "Vàng: Máy – Dễ"
    };
    assert!(shows(h, yellow_words));
}

#[test]
fn a_record_with_a_seat_switched_mid_game_names_both_players_in_the_replay() {
    let record = switched();
    let players = record.seat_players();
    let red: Vec<_> = players.iter().filter(|p| p.seat == Seat::Red).collect();
    assert_eq!(red.len(), 2, "{players:?}");
    let person = red[0].spans[0];
    let computer = red[1].spans[0];
    // The first step the person played, the first the computer played,
    // and one of Yellow's.
    let (first_person, first_computer) = (red[0].steps[0] + 1, red[1].steps[0] + 1);
    let yellow = record
        .steps
        .iter()
        .position(|s| s.seat == Seat::Yellow)
        .unwrap()
        + 1;
    for lang in [Lang::En, Lang::Vi] {
        let en = lang == Lang::En;
        // The list of past games names Red by its person, whatever
        // steps a computer played for them (issue 45).
        let then = if en {
            "Red: Person, Yellow: Computer – Easy"
        } else {
            "Đỏ: Người chơi, Vàng: Máy – Dễ"
        };
        let (_dir, mut h) = replay_from_the_list(&record, lang, then);
        assert_eq!(replay(&h).record(), &record);

        let _ = person;
        header_names_each_player(&h, lang, computer);

        // Each step names who played it, and Red's are said too.
        for (k, who) in [
            (
                first_person,
                if en {
                    "Red (Person)"
                } else {
                    "Đỏ (Người chơi)"
                },
            ),
            (
                first_computer,
                // A computer's step in a person's seat says for whom
                // (issue 55).
                if en {
                    "Red (Computer – Medium, for Person)"
                } else {
                    "Đỏ (Máy – Vừa, đi thay Người chơi)"
                },
            ),
            (
                yellow,
                if en {
                    "Yellow (Computer – Easy)"
                } else {
                    "Vàng (Máy – Dễ)"
                },
            ),
        ] {
            step_names_its_player(&mut h, &record, lang, k, who);
        }
        // The other of Red's players is not said for a step it did not play.
        go_to(&mut h, first_computer, en);
        let person_by = if en {
            "This step: Red (Person)"
        } else {
            "Bước này: Đỏ (Người chơi)"
        };
        assert!(!shows(&h, person_by));
        assert_eq!(unnamed(&h), Vec::<String>::new(), "every node has a name");
    }
}

/// An app (its files in `dir`: two players, Red the person here) at a
/// game near its end, Yellow to roll and Red next.
fn red_plays_next(dir: &std::path::Path) -> App {
    let prefs = Prefs {
        lang: Some(Lang::En),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                fast_bots: true,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Bot(Level::Random),
                ],
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    };
    Store::at(dir).save_prefs(&prefs).unwrap();
    let random = Controller::Computer(Level::Random);
    // Yellow to roll; Red, the person here, plays next.
    let table = common::table_at(
        Rules::standard(),
        "Y,40,50,57/-/30,40,48,57/- y 0",
        None,
        [Controller::Here, random, random, random],
    );
    App::from_store(Store::at(dir), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers()
        .with_game_table(table)
}

/// Red, the person, rolls and plays once (the first move it has), then,
/// its turn to roll again, is handed to the computer (Medium) in the
/// settings: the game goes on. The record's steps before the change.
fn red_plays_then_goes_to_the_computer(h: &mut Harness<'static, App>) -> usize {
    let red_to_roll = |a: &App| {
        let latest = a.play::<CaNgua>().source().latest();
        latest.turn() == Some(Seat::Red)
            && latest.pending().is_none()
            && !a.play::<CaNgua>().is_animating()
    };
    step_until(h, 2_000, red_to_roll);
    h.get_by_role_and_label(Role::Button, "Roll").click();
    h.run_steps(2);
    let choices = h.state().play::<CaNgua>().source().latest().choices();
    if let Some(&mv) = choices.first() {
        h.state_mut()
            .play_mut::<CaNgua>()
            .send(ca_ngua_core::table::Command::Move(mv));
    }
    let played = |a: &App| {
        a.play::<CaNgua>()
            .record()
            .is_some_and(|r| r.steps.iter().any(|s| s.seat == Seat::Red))
    };
    step_until(h, 2_000, played);
    assert!(played(h.state()), "Red played a step");
    // Its turn to roll again (Yellow played in between, or Red rolled a 6).
    step_until(h, 2_000, red_to_roll);
    assert!(red_to_roll(h.state()));
    let before = h.state().play::<CaNgua>().record().unwrap().steps.len();
    // Red is handed to the computer (Medium) before its turn.
    h.get_by_role_and_label(Role::ComboBox, "Red: Person")
        .click();
    h.run_steps(2);
    h.query_all_by_label("Computer – Medium")
        .last()
        .unwrap()
        .click();
    h.run_steps(2);
    assert_eq!(
        h.state().play::<CaNgua>().source().controller(Seat::Red),
        Controller::Computer(Level::Medium)
    );
    assert!(!h.state().is_asking_anything(), "the game goes on");
    before
}

/// After a restart the game and its record go on: who played is the
/// record's (the table's events do not say), and nothing changed since.
fn the_record_goes_on_after_a_restart(
    dir: &std::path::Path,
    record: &Record<CaNgua>,
    id: &RecordId,
) {
    let app = App::from_store(Store::at(dir), None, Lang::En, None)
        .skip_welcome()
        .with_inline_computers();
    let mut h = harness(app, WINDOW);
    let steps = record.steps.len();
    step_until(&mut h, 5_000, |a| {
        a.play::<CaNgua>()
            .record()
            .is_some_and(|r| r.steps.len() > steps + 4 || r.result.is_some())
    });
    h.state_mut().finish_writing();
    let (past, _) = Store::at(dir).records().list();
    assert_eq!(past.len(), 1, "the same record: {past:?}");
    assert_eq!(&past[0].id, id);
    let kept = Store::at(dir).records().load(id).unwrap();
    let kept = kept.get::<CaNgua>().unwrap();
    assert!(kept.steps.len() > steps);
    assert_eq!(kept.seats, record.seats);
    assert_eq!(kept.changes, record.changes);
}

#[test]
fn a_seat_handed_to_the_computer_in_the_settings_is_recorded_from_that_step() {
    let dir = common::temp_dir("who-played-settings");
    let mut h = harness(red_plays_next(dir.path()), WINDOW);
    let before = red_plays_then_goes_to_the_computer(&mut h);
    // The computer plays Red from here.
    step_until(&mut h, 5_000, |a| {
        a.play::<CaNgua>()
            .record()
            .is_some_and(|r| r.steps.iter().skip(before).any(|s| s.seat == Seat::Red))
    });
    let record = h.state().play::<CaNgua>().record().unwrap().clone();
    assert_eq!(record.seats[0].player, Player::Person);
    assert_eq!(
        record.player_at(Seat::Red, before - 1),
        Some((Player::Person, ""))
    );
    assert_eq!(
        record.changes,
        [PlayerChange {
            step: before,
            seat: Seat::Red,
            player: Player::Computer(Some(Level::Medium)),
            name: String::new(),
        }]
    );
    // Kept as it goes: the file says so too.
    h.state_mut().finish_writing();
    let (past, _) = Store::at(dir.path()).records().list();
    assert_eq!(past.len(), 1);
    let kept = Store::at(dir.path()).records().load(&past[0].id).unwrap();
    let kept = kept.get::<CaNgua>().unwrap();
    assert_eq!(kept.changes[..], record.changes[..]);
    assert!(kept.to_text().starts_with("Record: 3\n"));
    let id = past[0].id.clone();

    drop(h);
    the_record_goes_on_after_a_restart(dir.path(), &record, &id);
}

/// Issue 55's room: Minh (Red) lets his first turn's clock run out, so the
/// computer plays the game's first step for him; Lan leaves before her
/// first step, and the computer plays her seat to the end. As her app and
/// his record it: from the room's events.
pub(crate) fn left_room() -> (Record<CaNgua>, Seat) {
    use ca_ngua_core::table::{InlineRunner, Table};
    use rand::SeedableRng;
    let mut t = Table::<CaNgua>::lobby(
        Rules::standard(),
        2,
        "Minh",
        rand::rngs::StdRng::seed_from_u64(55),
        Box::new(InlineRunner::default()),
    )
    .unwrap();
    let (lan, _) = t.join("Lan").unwrap();
    t.start(Level::Easy, |_| "bot".into()).unwrap();
    assert_eq!(t.replica().turn(), Some(Seat::Red));
    assert_eq!(t.time_out(Seat::Red, Level::Easy, false).len(), 1);
    assert_eq!(t.leave(lan, Level::Easy).len(), 1);
    while common::records::play_one(&mut t) {}
    let mut r = ca_ngua_data::record::Recorder::new(Rules::standard(), common::records::DATE);
    for ev in t.events() {
        r.push(ev);
    }
    (r.into_record().unwrap(), lan)
}

/// A colour's name in `lang`.
fn colour(lang: Lang, seat: Seat) -> String {
    let key = match seat {
        Seat::Red => "colour-red",
        Seat::Green => "colour-green",
        Seat::Yellow => "colour-yellow",
        Seat::Blue => "colour-blue",
    };
    I18n::new(lang).t(key)
}

#[test]
fn a_replay_names_each_person_at_every_step_and_says_where_the_computer_played() {
    let (record, lan) = left_room();
    assert_eq!(record.steps[0].seat, Seat::Red);
    // Both seats are their people's in the record itself.
    assert_eq!(record.seats[0].name, "Minh");
    assert_eq!(record.seats[1].name, "Lan");
    for lang in [Lang::En, Lang::Vi] {
        let en = lang == Lang::En;
        // The list of past games names Lan, not "Computer" (issue 55).
        let seats = format!(
            "{}: Minh, {}: Lan",
            colour(lang, Seat::Red),
            colour(lang, lan)
        );
        let (_dir, mut h) = replay_from_the_list(&record, lang, &seats);
        // The header names each person and where the computer played for
        // them.
        let minh = if en {
            format!(
                "{}: Minh (the computer played step 1)",
                colour(lang, Seat::Red)
            )
        } else {
            format!("{}: Minh (máy đi thay ở bước 1)", colour(lang, Seat::Red))
        };
        assert!(shows(&h, &minh), "no '{minh}'");
        let lan_words = if en {
            format!("{}: Lan (the computer played steps ", colour(lang, lan))
        } else {
            format!("{}: Lan (máy đi thay ở bước ", colour(lang, lan))
        };
        assert!(shows(&h, &lan_words), "no '{lan_words}'");
        // At every step, the start too, the board names both people.
        let i18n = I18n::new(lang);
        for k in [0, 1, 2, 3, 4, 5] {
            go_to(&mut h, k, en);
            assert_eq!(replay(&h).player_name(&i18n, Seat::Red), "Minh", "step {k}");
            assert_eq!(replay(&h).player_name(&i18n, lan), "Lan", "step {k}");
        }
        // The first step says the computer played it for Minh.
        go_to(&mut h, 1, en);
        let by = if en {
            format!(
                "This step: {} (Computer, for Minh)",
                colour(lang, Seat::Red)
            )
        } else {
            format!("Bước này: {} (Máy, đi thay Minh)", colour(lang, Seat::Red))
        };
        assert!(shows(&h, &by), "no '{by}'");
        assert_eq!(unnamed(&h), Vec::<String>::new(), "every node has a name");
    }
}
