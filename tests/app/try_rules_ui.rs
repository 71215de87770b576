//! The "Try these rules" panel through its accessibility tree
//! (egui_kittest): it shows progress and results as games finish, restarts
//! on a change of rules, and the settings open it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::wait::Deadline;
use crate::common::wait::wait_until;
use crate::ui_support::Window;
use ca_ngua::app::ca_ngua::try_rules::TryRulesPanel;
use ca_ngua_core::game::Level;
use ca_ngua_i18n::{I18n, Lang};
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use game_ca_ngua::engine::{Rules, Seat};
use game_ca_ngua::rules_lab::{Player, Trial};
use std::time::Duration;

struct State {
    panel: TryRulesPanel,
    trial: Trial,
    i18n: I18n,
}

fn open_panel(games: u64, rules: Rules, lang: Lang) -> Harness<'static, State> {
    let state = State {
        panel: TryRulesPanel::new(games),
        trial: Trial {
            rules,
            seats: vec![Seat::Red, Seat::Yellow],
            players: vec![Player::Person, Player::Bot(Level::Random)],
        },
        i18n: I18n::new(lang),
    };
    let window = Window::panel(egui::Vec2::new(640.0, 1400.0));
    crate::ui_support::harness_of(state, window, |ui, s: &mut State| {
        egui::ScrollArea::vertical().show(ui, |ui| s.panel.ui(ui, &s.i18n, &s.trial, "Thử nghiệm"));
    })
}

fn shows(h: &Harness<'_, State>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

/// Steps the UI until `done` holds of the state (the run plays on its own
/// thread, in real time).
fn step_until(h: &mut Harness<'_, State>, done: impl Fn(&State) -> bool) {
    wait_until("the run's report", Duration::from_secs(60), || {
        if done(h.state()) {
            return Some(());
        }
        h.step();
        None
    });
    h.step();
}

#[test]
fn the_panel_shows_progress_then_the_figures_and_charts() {
    let mut h = open_panel(120, Rules::traditional(), Lang::Vi);
    h.step();
    step_until(&mut h, |s| s.panel.report().is_some_and(|r| r.complete));
    assert!(!h.state().panel.is_running());
    assert!(shows(&h, "Xong: 120 ván"), "the progress bar says done");
    for text in [
        "Lượt gieo một ván (trung vị)",
        "Phút một ván (trung vị)",
        "Đỏ thắng",
        "Vàng thắng",
        "Lần đá ngựa mỗi ván",
        "Điểm đổi chủ mỗi ván",
        "Người gieo trước thắng",
        "Thử nghiệm",
        "Chuẩn",
        "Đỏ (người, máy mức Vừa chơi thay)",
    ] {
        assert!(shows(&h, text), "{text:?} missing");
    }
    // Traditional games are several times as long as standard ones: the
    // sentence says so.
    assert!(shows(&h, "Dài gấp "), "the comparison of lengths");
    // The two charts, each with a description a screen reader can read.
    for chart in ["độ dài ván", "khả năng thắng"] {
        let found = h
            .query_all_by(|n| {
                n.role() == Role::Image && n.label().is_some_and(|l| l.contains(chart))
            })
            .next()
            .is_some();
        assert!(found, "the chart of {chart}");
    }
    let report = h.state().panel.report().unwrap();
    let median = format!("{}", report.trial.rolls_median.value);
    assert!(shows(&h, &median), "the median {median} is shown");
}

#[test]
fn a_change_of_rules_cancels_the_run_and_starts_another() {
    let mut h = open_panel(10_000_000, Rules::standard(), Lang::En);
    h.step();
    step_until(&mut h, |s| {
        s.panel.report().is_some_and(|r| r.games_done >= 40)
    });
    assert!(h.state().panel.is_running());
    assert!(shows(&h, "games played"), "a progress bar while running");
    let before = h.state().panel.report().unwrap();
    assert_eq!(before.rules, Rules::standard());

    h.state_mut().trial.rules = Rules::casual();
    h.step();
    // The old run was stopped and joined; the new one plays the new rules.
    step_until(&mut h, |s| {
        s.panel
            .report()
            .is_some_and(|r| r.rules == Rules::casual() && r.games_done >= 20)
    });
    let after = h.state().panel.report().unwrap();
    assert!(after.baseline.is_some(), "casual against standard");
    assert!(shows(&h, "Casual") || shows(&h, "Thử nghiệm"));

    // A new baseline restarts it too; stopping leaves nothing running.
    h.state_mut().panel.set_baseline(Rules::traditional());
    h.step();
    step_until(&mut h, |s| {
        s.panel
            .report()
            .is_some_and(|r| r.baseline_rules == Some(Rules::traditional()))
    });
    h.state_mut().panel.stop();
    assert!(!h.state().panel.is_running());
    assert!(h.state().panel.report().is_none());
}

/// In the app: the settings' button opens the window on the rules being
/// edited, it runs, and closing it stops the run.
#[test]
fn the_settings_open_the_window_and_closing_it_stops_the_run() {
    use ca_ngua::app::App;
    use ca_ngua_data::prefs::PlayerKind;
    use ca_ngua_data::prefs::Prefs;
    let p = Prefs {
        lang: Some(Lang::En),
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Easy),
                    PlayerKind::Human,
                    PlayerKind::Human,
                ],
                rules: Rules::casual(),
                ..Default::default()
            },
            ..ca_ngua_data::prefs::GamePrefs::default()
        },
        ..Prefs::default()
    };
    let table = common::local_table(&p, 1);
    let mut h = crate::ui_support::harness(
        App::with_table(p, table),
        Window {
            size: egui::Vec2::new(1280.0, 900.0),
            // kittest's own step.
            step_dt: 0.25,
            ..Window::DEFAULT
        },
    );
    h.get_by_role_and_label(Role::Button, "Try these rules")
        .click();
    let deadline = Deadline::after(Duration::from_secs(120));
    let any_shows = |h: &Harness<'_, App>, text: &str| {
        h.query_all_by(|n| {
            n.label().is_some_and(|l| l.contains(text))
                || n.value().is_some_and(|v| v.contains(text))
        })
        .next()
        .is_some()
    };
    while !any_shows(&h, "Done:") {
        assert!(!deadline.passed(), "the run did not finish");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(any_shows(&h, "Try the rules: Casual"));
    assert!(any_shows(
        &h,
        "Red (a person, played by the Medium computer)"
    ));
    assert!(any_shows(
        &h,
        "Yellow (a person, played by the Medium computer)"
    ));
    assert!(any_shows(&h, "Casual"));
    h.get_by_role_and_label(Role::Button, "Close window")
        .click();
    h.step();
    h.step();
    assert!(!any_shows(&h, "Try the rules"));
}
