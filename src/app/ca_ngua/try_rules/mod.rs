//! The "Thử luật" / "Try these rules" panel: plays the rules and seats of
//! the settings (or a saved rule set) against a baseline in the background
//! and shows, as games finish, how long a game lasts, who wins, kicks, the
//! safety cap and ledger points, side by side, with two charts.
//!
//! [`TryRulesPanel`] is a self-contained widget: it owns its run, restarts
//! it when the trial changes and stops it when told or dropped. The run
//! plays on one background thread ([`game_ca_ngua::rules_lab::TrialRun`]).

mod charts;
mod text;

pub use text::first_player_sentence;

use super::tbl::seats_for;
use ca_ngua_data::prefs::PlayerKind;
use ca_ngua_i18n::{Arg, I18n};
use charts::{length_chart, wins_chart};
use egui::{RichText, Ui};
use game_ca_ngua::engine::{PRESET_NAMES, Rules};
use game_ca_ngua::rules_lab::{Player, RunConfig, Trial, TrialReport, TrialRun};
use std::time::Duration;
use text::{figures_ui, number, summary_ui};

/// What the window tries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrySource {
    /// The rules and players in the settings (they follow every change).
    Settings,
    /// A saved rule set, by name, with the players in the settings.
    Saved(String),
}

/// Games of each rule set the panel plays.
pub const PANEL_GAMES: u64 = game_ca_ngua::rules_lab::DEFAULT_GAMES;

/// The panel: its choice of baseline and its background run.
#[derive(Debug)]
pub struct TryRulesPanel {
    baseline: Rules,
    games: u64,
    run: Option<TrialRun>,
    /// Saved rule sets offered as baselines besides the presets.
    pub saved: Vec<(String, Rules)>,
}

impl Default for TryRulesPanel {
    fn default() -> Self {
        TryRulesPanel::new(PANEL_GAMES)
    }
}

impl TryRulesPanel {
    /// A panel that plays `games` games of each rule set, against the
    /// standard rules until the player picks another baseline.
    pub fn new(games: u64) -> TryRulesPanel {
        TryRulesPanel {
            baseline: Rules::standard(),
            games,
            run: None,
            saved: Vec::new(),
        }
    }

    /// The rules compared against.
    pub fn baseline(&self) -> Rules {
        self.baseline
    }

    /// Compares against other rules (the run restarts on the next frame).
    pub fn set_baseline(&mut self, rules: Rules) {
        self.baseline = rules;
    }

    /// The latest report of the current run.
    pub fn report(&self) -> Option<TrialReport> {
        self.run.as_ref().and_then(TrialRun::latest)
    }

    /// True while games are being played.
    pub fn is_running(&self) -> bool {
        self.run.as_ref().is_some_and(|r| !r.is_done())
    }

    /// Stops the run (it is also stopped when the panel is dropped).
    pub fn stop(&mut self) {
        if let Some(mut run) = self.run.take() {
            run.stop();
        }
    }

    /// Starts a run for `trial` unless one for it (and the baseline) is
    /// under way or done: a change of rules or players cancels the old run.
    fn ensure_run(&mut self, ctx: &egui::Context, trial: &Trial) {
        let current = self
            .run
            .as_ref()
            .is_some_and(|r| r.trial() == trial && *r.baseline() == self.baseline);
        if current {
            return;
        }
        self.stop();
        let wake = ctx.clone();
        let cfg = RunConfig {
            games: self.games,
            seed: 1,
            threads: 1,
            report_every: 20,
        };
        // At most ten frames a second from the run, however fast the games.
        self.run = Some(TrialRun::start(
            trial.clone(),
            self.baseline,
            cfg,
            move || wake.request_repaint_after(Duration::from_millis(100)),
        ));
    }

    /// Draws the panel for `trial`, whose rules the player knows as
    /// `rules_name`, and keeps its run going.
    pub fn ui(&mut self, ui: &mut Ui, i18n: &I18n, trial: &Trial, rules_name: &str) {
        self.ensure_run(ui.ctx(), trial);
        let baseline_name = rules_label(i18n, &self.baseline, &self.saved);
        ui.label(i18n.t_args(
            "try-intro",
            &[
                ("rules", Arg::from(rules_name)),
                ("baseline", Arg::from(baseline_name.as_str())),
            ],
        ));
        self.baseline_ui(ui, i18n, &baseline_name);
        if trial.rules == self.baseline {
            ui.label(RichText::new(i18n.t("try-same")).italics());
        }
        players_ui(ui, i18n, trial);

        let Some(run) = &self.run else {
            return;
        };
        if let Some(e) = run.error() {
            ui.colored_label(
                ui.visuals().error_fg_color,
                i18n.t_args("try-error", &[("reason", Arg::from(e.to_string()))]),
            );
            return;
        }
        let Some(report) = run.latest() else {
            ui.add(egui::ProgressBar::new(0.0).text(i18n.t("try-starting")));
            ui.ctx().request_repaint_after(Duration::from_millis(100));
            return;
        };
        let running = !run.is_done();
        report_ui(ui, i18n, &report, running, rules_name, &baseline_name);
    }

    fn baseline_ui(&mut self, ui: &mut Ui, i18n: &I18n, current: &str) {
        let mut choices: Vec<(String, Rules)> = PRESET_NAMES
            .iter()
            .filter_map(|name| Some((i18n.t(&format!("preset-{name}")), Rules::preset(name)?)))
            .collect();
        choices.extend(self.saved.iter().cloned());
        ui.horizontal(|ui| {
            let label = ui.label(i18n.t("try-baseline"));
            egui::ComboBox::from_id_salt("try-baseline")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (name, rules) in &choices {
                        let selected = *rules == self.baseline;
                        if ui.selectable_label(selected, name).clicked() && !selected {
                            self.baseline = *rules;
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }
}

/// The trial's progress and what it found so far: the summary, the table
/// of figures, the two charts and how the time is modelled.
fn report_ui(
    ui: &mut Ui,
    i18n: &I18n,
    report: &TrialReport,
    running: bool,
    rules_name: &str,
    baseline_name: &str,
) {
    let fraction = report.games_done as f32 / report.games_planned.max(1) as f32;
    let progress = if report.complete {
        i18n.t_args("try-done", &[("done", Arg::Num(report.games_done as i64))])
    } else {
        i18n.t_args(
            "try-progress",
            &[
                ("done", Arg::Num(report.games_done as i64)),
                ("planned", Arg::Num(report.games_planned as i64)),
            ],
        )
    };
    ui.add(egui::ProgressBar::new(fraction).text(progress));
    if running {
        // A fallback in case a wake-up from the run is missed.
        ui.ctx().request_repaint_after(Duration::from_millis(250));
    }
    ui.add_space(4.0);
    summary_ui(ui, i18n, report, baseline_name);
    ui.add_space(4.0);
    figures_ui(ui, i18n, report, rules_name, baseline_name);
    ui.label(RichText::new(i18n.t("try-legend")).small().weak());
    ui.add_space(6.0);
    let dark = ui.visuals().dark_mode;
    ui.strong(i18n.t("try-chart-length"));
    length_chart(ui, i18n, report, dark);
    ui.label(RichText::new(i18n.t("try-chart-length-legend")).small());
    ui.add_space(6.0);
    ui.strong(i18n.t("try-chart-wins"));
    wins_chart(ui, i18n, report, dark);
    ui.label(RichText::new(i18n.t("try-chart-wins-legend")).small());
    ui.add_space(4.0);
    egui::CollapsingHeader::new(i18n.t("try-help-heading"))
        .id_salt("try-help")
        .default_open(false)
        .show(ui, |ui| {
            let tm = &report.time_model;
            let s = |x: f64| Arg::from(number(i18n.lang(), x, 2));
            ui.label(i18n.t_args(
                "try-help",
                &[
                    ("dice", s(tm.dice_s)),
                    ("step", s(tm.step_s)),
                    ("think", s(tm.think_s)),
                    ("pass", s(tm.pass_s)),
                    ("kick", s(tm.kick_s)),
                    ("roll", s(tm.person_roll_s)),
                    ("move", s(tm.person_move_s)),
                    ("choice", s(tm.person_choice_s)),
                ],
            ));
        });
}

impl Drop for TryRulesPanel {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A rule set's name: a preset's, a saved set's, or "custom".
pub fn rules_label(i18n: &I18n, rules: &Rules, saved: &[(String, Rules)]) -> String {
    if let Some(name) = rules.preset_name() {
        return i18n.t(&format!("preset-{name}"));
    }
    saved
        .iter()
        .find(|(_, r)| r == rules)
        .map(|(n, _)| n.clone())
        .unwrap_or_else(|| i18n.t("preset-custom"))
}

fn players_ui(ui: &mut Ui, i18n: &I18n, trial: &Trial) {
    let list: Vec<String> = trial
        .seats
        .iter()
        .zip(&trial.players)
        .map(|(s, p)| {
            let colour = Arg::from(i18n.t(crate::app::ca_ngua::text::colour_key(*s)));
            match p {
                Player::Person => i18n.t_args("try-player-person", &[("colour", colour)]),
                Player::Bot(level) => i18n.t_args(
                    "try-player-bot",
                    &[
                        ("colour", colour),
                        (
                            "level",
                            Arg::from(i18n.t(&crate::app::widgets::level_key(*level))),
                        ),
                    ],
                ),
            }
        })
        .collect();
    ui.label(
        RichText::new(i18n.t_args("try-players", &[("list", Arg::from(list.join(", ")))])).small(),
    );
    if trial
        .players
        .contains(&Player::Bot(ca_ngua_core::game::Level::Hard))
    {
        ui.label(RichText::new(i18n.t("try-budget")).small());
    }
}

/// The trial the settings describe: the rules given, the colours of the
/// player count and who plays each.
pub fn trial_from_settings(rules: Rules, player_count: usize, players: &[PlayerKind; 4]) -> Trial {
    let seats = seats_for(player_count);
    let players = seats
        .iter()
        .map(|s| match players[s.index()] {
            PlayerKind::Human => Player::Person,
            PlayerKind::Bot(level) => Player::Bot(level),
        })
        .collect();
    Trial {
        rules,
        seats,
        players,
    }
}

/// The window: what it tries and its panel.
#[derive(Debug)]
pub struct TryWindow {
    /// What it tries.
    pub source: TrySource,
    /// The panel and its run.
    pub panel: TryRulesPanel,
}
