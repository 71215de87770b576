//! The analysis panel of the replay window (egui_kittest): asked for by its
//! button, it runs with a progress bar and can be stopped; run to the end
//! (a few rollouts, a short seeded game) it says each player's luck and
//! choices in words and takes the player to a mistake's position.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::records::played;
use ca_ngua::app::play::analysis_ui::{AnalysisAsk, AnalysisPanel};
use ca_ngua::ca_ngua::CaNgua;
use ca_ngua::game::{Game, Level, SeatId};
use ca_ngua::i18n::{I18n, Lang};
use ca_ngua::record::analysis::AnalysisConfig;
use ca_ngua::record::{Record, Recorder, UtcDate};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

struct Panel {
    panel: AnalysisPanel<CaNgua>,
    record: Record<CaNgua>,
    i18n: I18n,
    asked: Option<AnalysisAsk>,
}

fn harness(config: AnalysisConfig) -> (Harness<'static, Panel>, Record<CaNgua>) {
    let table = played::<CaNgua>(CaNgua::standard_rules(), 2, Level::Random, 11);
    let record = Recorder::of_table(&table, UtcDate(0)).expect("a record");
    let state = Panel {
        panel: AnalysisPanel::with_config(config),
        record: record.clone(),
        i18n: I18n::new(Lang::En),
        asked: None,
    };
    let h = Harness::builder()
        .with_size(egui::Vec2::new(600.0, 900.0))
        .build_ui_state(
            |ui, s: &mut Panel| {
                let seat = |seat: <CaNgua as Game>::Seat| {
                    (format!("Player {}", seat.code()), egui::Color32::DARK_RED)
                };
                if let Some(ask) = s.panel.ui(ui, &s.i18n, &s.record, &seat, 0, || {}) {
                    s.asked = Some(ask);
                }
            },
            state,
        );
    (h, record)
}

fn run_until(
    h: &mut Harness<'static, Panel>,
    secs: u64,
    what: &str,
    done: impl Fn(&Harness<'static, Panel>) -> bool,
) {
    let start = Instant::now();
    while !done(h) {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out: {what}"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_analysis_runs_with_progress_and_can_be_stopped() {
    let (mut h, _) = harness(AnalysisConfig::with_rollouts(2_000));
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
    let (mut h, record) = harness(config);
    h.get_by_role_and_label(Role::Button, "Analyse the game")
        .click();
    run_until(&mut h, 240, "the analysis", |h| {
        h.state().panel.analysis().is_some()
    });
    h.run_steps(2);
    for seat in ["r", "y"] {
        let name = format!("Player {seat}");
        assert!(
            h.query_by_label_contains(&format!("{name} lost")).is_some()
                || h.query_by_label_contains(&format!("{name} gained"))
                    .is_some(),
            "a verdict for {name}"
        );
    }
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
