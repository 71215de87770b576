//! The analysis panel of the replay window (egui_kittest): asked for by its
//! button, it runs with a progress bar and can be stopped; run to the end
//! (a few rollouts, a short seeded game) it says each player's luck and
//! choices in words and takes the player to a mistake's position.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::played;
use crate::common::wait::Deadline;
use crate::common::wait::wait_until;
use crate::ui_support::harness_of;
use ca_ngua::app::play::analysis_ui::{AnalysisAsk, AnalysisPanel, Look};
use ca_ngua_core::game::{Game, Level, SeatId};
use ca_ngua_data::record::analysis::AnalysisConfig;
use ca_ngua_data::record::{Record, Recorder, UtcDate};
use ca_ngua_i18n::{I18n, Lang};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use std::time::Duration;

struct Panel {
    panel: AnalysisPanel<CaNgua>,
    record: Record<CaNgua>,
    i18n: I18n,
    asked: Option<AnalysisAsk>,
}

fn open_panel(config: AnalysisConfig) -> (Harness<'static, Panel>, Record<CaNgua>) {
    let table = played::<CaNgua>(CaNgua::standard_rules(), 2, Level::Random, 11);
    let record = Recorder::of_table(&table, UtcDate(0)).expect("a record");
    open_panel_of(config, record)
}

/// The panel of `record`, each seat's colour in words "Player r".
fn open_panel_of(
    config: AnalysisConfig,
    record: Record<CaNgua>,
) -> (Harness<'static, Panel>, Record<CaNgua>) {
    let state = Panel {
        panel: AnalysisPanel::with_config(config),
        record: record.clone(),
        i18n: I18n::new(Lang::En),
        asked: None,
    };
    let window = crate::ui_support::Window::panel(egui::Vec2::new(600.0, 900.0));
    let h = harness_of(state, window, |ui, s: &mut Panel| {
        let seat = |seat: <CaNgua as Game>::Seat| {
            (format!("Player {}", seat.code()), egui::Color32::DARK_RED)
        };
        let mv = |_: &<CaNgua as Game>::State, m: <CaNgua as Game>::Move| format!("move {m}");
        let look = Look {
            seat: &seat,
            mv: &mv,
        };
        if let Some(ask) = s.panel.ui(ui, &s.i18n, &s.record, &look, 0, || {}) {
            s.asked = Some(ask);
        }
    });
    (h, record)
}

fn run_until(
    h: &mut Harness<'static, Panel>,
    secs: u64,
    what: &str,
    done: impl Fn(&Harness<'static, Panel>) -> bool,
) {
    wait_until(what, Duration::from_secs(secs), || {
        if done(h) {
            return Some(());
        }
        h.step();
        None
    });
}

#[test]
fn the_analysis_runs_with_progress_and_can_be_stopped() {
    let (mut h, _) = open_panel(AnalysisConfig::with_rollouts(2_000));
    h.get_by_role_and_label(Role::Button, "Analyse the game")
        .click();
    h.run_steps(2);
    assert!(h.state().panel.is_running());
    assert!(
        h.query_by(|n| n.role() == Role::ProgressIndicator)
            .is_some(),
        "a progress bar"
    );
    h.get_by_role_and_label(Role::Button, "Stop the analysis")
        .click();
    run_until(&mut h, 60, "stopped", |h| {
        h.query_by_label("The analysis was stopped.").is_some()
    });
    assert!(!h.state().panel.is_running());
    assert!(h.state().panel.analysis().is_none());
}

#[test]
fn a_finished_analysis_says_luck_and_choices_and_goes_to_a_mistake() {
    let mut config = AnalysisConfig::with_rollouts(12);
    config.seed = 5;
    let (mut h, record) = open_panel(config);
    h.get_by_role_and_label(Role::Button, "Analyse the game")
        .click();
    run_until(&mut h, 240, "the analysis", |h| {
        h.state().panel.analysis().is_some()
    });
    h.run_steps(2);
    // One line per seat, in words with units (issue 45): "Player r:
    // Random — won. The dice gave +12 points of chance to win; choices
    // cost 3 points."
    let winner = record.result.as_ref().unwrap()[0][0];
    for seat in [Seat::Red, Seat::Yellow] {
        let result = if seat == winner { "won" } else { "lost" };
        let line = format!("Player {}: Random — {result}. The dice ", seat.code());
        assert!(h.query_by_label_contains(&line).is_some(), "{line}");
    }
    assert_eq!(
        h.query_all_by_label_contains(" points of chance to win; choices cost ")
            .count(),
        2
    );
    // And how well each chose, with how sure the game is of it (issue 57).
    let said: usize = [
        "(sure).",
        "(fairly sure).",
        "Too short a game to tell how well they chose.",
    ]
    .iter()
    .map(|t| h.query_all_by_label_contains(t).count())
    .sum();
    assert_eq!(said, 2);
    // The mistakes name the moves as the move list does (here the
    // harness's "move …"), the played and the better one.
    let analysis = h.state().panel.analysis().unwrap();
    for m in analysis.players.iter().flat_map(|p| &p.mistakes) {
        let played = format!(
            "step {}: played move {}; better move {} (cost ",
            m.step + 1,
            m.played.unwrap(),
            m.best.unwrap()
        );
        assert!(h.query_by_label_contains(&played).is_some(), "{played}");
    }
    // No computer's mistakes behind a toggle where no person played.
    assert!(
        h.query_by_label("Show the computer's mistakes too")
            .is_none()
    );
    let analysis = h.state().panel.analysis().unwrap();
    assert_eq!(analysis.steps.len(), record.steps.len());
    let first = analysis
        .players
        .iter()
        .flat_map(|p| p.mistakes.first())
        .next()
        .cloned();
    match first {
        Some(m) => {
            h.get_by_label_contains(&format!("step {}: played", m.step + 1))
                .click();
            h.run_steps(2);
            assert_eq!(h.state().asked, Some(AnalysisAsk::GoTo(m.step)));
        }
        None => assert!(h.query_by_label_contains("No clear mistakes").is_some()),
    }
}

#[test]
fn a_seat_that_changed_hands_has_a_verdict_and_mistakes_for_each_player() {
    // Red a person for 40 steps, then "Computer – Medium".
    let record = crate::common::records::handed_over::<CaNgua>(
        CaNgua::standard_rules(),
        2,
        5,
        40,
        Level::Medium,
        Level::Easy,
    );
    let players = record.seat_players();
    let red: Vec<_> = players.iter().filter(|p| p.seat == Seat::Red).collect();
    assert_eq!(red.len(), 2);
    let spans = |p: &ca_ngua_data::record::SeatPlayer<Seat>| {
        let (a, b) = p.spans[0];
        format!("{}–{}", a + 1, b + 1)
    };
    let mut config = AnalysisConfig::with_rollouts(12);
    config.seed = 5;
    let (mut h, record) = open_panel_of(config, record);
    h.get_by_role_and_label(Role::Button, "Analyse the game")
        .click();
    run_until(&mut h, 240, "the analysis", |h| {
        h.state().panel.analysis().is_some()
    });
    h.run_steps(2);
    // One line per seat, Red's named by its person, with the steps the
    // computer played for them; Yellow's by its computer.
    for name in [
        format!(
            "Player r: Person (the computer played steps {}) — ",
            spans(red[1])
        ),
        "Player y: Computer – Easy — ".to_string(),
    ] {
        assert!(
            h.query_by_label_contains(&name).is_some(),
            "a line for {name}"
        );
    }
    assert_eq!(h.query_all_by_label_contains("; choices cost ").count(), 2);
    // The graph's legend names Red by its person.
    assert!(h.query_by_label("— Player r: Person").is_some());
    // The person's mistakes are listed; the computer's only once asked.
    let analysis = h.state().panel.analysis().unwrap().clone();
    let label = |p: &ca_ngua_data::record::SeatPlayer<Seat>,
                 m: &ca_ngua_data::record::analysis::Mistake<CaNgua>| {
        let who = match p.player {
            ca_ngua_data::record::Player::Person => "Person",
            _ if p.seat == Seat::Red => "Computer – Medium",
            _ => "Computer – Easy",
        };
        format!(
            "Player {}: {who}, step {}: played",
            p.seat.code(),
            m.step + 1
        )
    };
    let mistakes: Vec<(String, bool)> = players
        .iter()
        .flat_map(|p| {
            let t = analysis.totals_over(p.seat, &p.steps);
            let person = p.player == ca_ngua_data::record::Player::Person;
            t.mistakes
                .iter()
                .map(|m| (label(p, m), person))
                .collect::<Vec<_>>()
        })
        .collect();
    for (l, person) in &mistakes {
        assert_eq!(h.query_by_label_contains(l).is_some(), *person, "{l}");
    }
    h.get_by_label("Show the computer's mistakes too").click();
    h.run_steps(2);
    for (l, _) in &mistakes {
        assert!(h.query_by_label_contains(l).is_some(), "{l}");
    }
    let _ = spans(red[0]);
    assert_eq!(analysis.steps.len(), record.steps.len());
}

/// The replay window of a pasted two-player Cờ nhảy record, at `size`,
/// in English.
fn replay_at(size: egui::Vec2) -> (Harness<'static, ca_ngua::app::App>, crate::common::TempDir) {
    use game_co_nhay::CoNhay;
    let t = played::<CoNhay>(CoNhay::standard_rules(), 2, Level::Medium, 4);
    let record = Recorder::of_table(&t, crate::common::records::DATE).unwrap();
    let dir = crate::common::temp_dir("analysis-replay-size");
    let app = ca_ngua::app::App::from_store(
        ca_ngua_data::store::Store::at(dir.path()),
        None,
        Lang::En,
        None,
    )
    .skip_welcome();
    let window = crate::ui_support::Window {
        size,
        ..crate::ui_support::Window::DEFAULT
    };
    let mut h = crate::ui_support::harness(app, window);
    crate::ui_support::open_pasted_record(&mut h, &record.to_text());
    (h, dir)
}

#[test]
fn the_replay_window_keeps_inside_a_small_screen_after_its_analysis() {
    let size = egui::Vec2::new(800.0, 600.0);
    let (mut h, _dir) = replay_at(size);
    let window = |h: &Harness<'static, ca_ngua::app::App>| {
        h.ctx
            .memory(|m| m.area_rect(ca_ngua::app::play::replay_ui::window_id()))
            .expect("the replay window")
    };
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    assert!(screen.contains_rect(window(&h)), "{:?}", window(&h));
    h.get_by_role_and_label(Role::Button, "Analyse the game")
        .click_accesskit();
    let deadline = Deadline::after(Duration::from_secs(120));
    while h
        .query_by_label_contains("The costliest mistakes")
        .is_none()
        && h.query_by_label_contains("No clear mistakes").is_none()
    {
        assert!(!deadline.passed(), "timed out");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(4);
    let rect = window(&h);
    assert!(screen.contains_rect(rect), "{rect:?} outside {screen:?}");
    // The window takes the room it has, the graph with it.
    assert!(rect.width() > 700.0 && rect.height() > 450.0, "{rect:?}");
}

#[test]
fn at_800_by_600_the_analysed_replay_keeps_a_large_board_and_draws_a_mistake() {
    let size = egui::Vec2::new(800.0, 600.0);
    let (mut h, _dir) = replay_at(size);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    h.get_by_role_and_label(Role::Button, "Analyse the game")
        .click_accesskit();
    let deadline = Deadline::after(Duration::from_secs(120));
    while h
        .query_by_label_contains("The costliest mistakes")
        .is_none()
        && h.query_by_label_contains("No clear mistakes").is_none()
    {
        assert!(!deadline.passed(), "timed out");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(4);
    // The board at least half the window's height (issue 45), and every
    // control within the screen: nothing behind a sideways scroll bar.
    let board = h
        .get_by_label_contains("Chinese checkers star board")
        .rect();
    assert!(board.height() >= 300.0, "{board:?}");
    for label in [
        "Step forward",
        "To the end",
        "Save as file…",
        "Copy as text",
    ] {
        let r = h.get_by_role_and_label(Role::Button, label).rect();
        assert!(screen.contains_rect(r), "{label}: {r:?}");
    }
    // The graph says what it shows: the chance to win.
    assert!(
        h.query_by_label_contains("Chance to win").is_some() || {
            // egui_plot paints its axis label: at least the verdicts say it.
            h.query_all_by_label_contains("points of chance to win")
                .count()
                >= 2
        }
    );
    // A mistake, in the board's words, shows both moves on the board and
    // in words under it.
    let mistake = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.contains(": played from hole ") && l.contains("; better from hole "));
    if let Some(label) = mistake {
        h.get_by_label(&label).click_accesskit();
        h.run_steps(3);
        assert!(
            h.query_by_label_contains("Played (dashed red): from hole ")
                .is_some()
        );
        assert!(
            h.query_by_label_contains("Better (green arrow): from hole ")
                .is_some()
        );
    } else {
        assert!(h.query_by_label_contains("No clear mistakes").is_some());
    }
}
