//! The "Thử luật" / "Try these rules" panel: plays the rules and seats of
//! the settings (or a saved rule set) against a baseline in the background
//! and shows, as games finish, how long a game lasts, who wins, kicks, the
//! safety cap and ledger points, side by side, with two charts.
//!
//! [`TryRulesPanel`] is a self-contained widget: it owns its run, restarts
//! it when the trial changes and stops it when told or dropped. The run
//! plays on one background thread ([`crate::ca_ngua::rules_lab::TrialRun`]).

use super::settings;
use super::tbl::seats_for;
use crate::app::theme::{Palette, lerp, seat_colour};
use crate::ca_ngua::engine::{PRESET_NAMES, Rules, Seat};
use crate::ca_ngua::rules_lab::{
    Estimate, Figures, Player, RunConfig, Share, Trial, TrialReport, TrialRun,
};
use crate::i18n::{Arg, I18n, Lang};
use crate::prefs::PlayerKind;
use egui::{
    Color32, CornerRadius, FontId, Pos2, Rect, RichText, Role, Sense, Shape, Stroke, Ui, Vec2,
};
use std::time::Duration;

/// What the window tries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrySource {
    /// The rules and players in the settings (they follow every change).
    Settings,
    /// A saved rule set, by name, with the players in the settings.
    Saved(String),
}

/// Games of each rule set the panel plays.
pub const PANEL_GAMES: u64 = crate::ca_ngua::rules_lab::DEFAULT_GAMES;

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
        summary_ui(ui, i18n, &report, &baseline_name);
        ui.add_space(4.0);
        figures_ui(ui, i18n, &report, rules_name, &baseline_name);
        ui.label(RichText::new(i18n.t("try-legend")).small().weak());
        ui.add_space(6.0);
        let dark = ui.visuals().dark_mode;
        ui.strong(i18n.t("try-chart-length"));
        length_chart(ui, i18n, &report, dark);
        ui.label(RichText::new(i18n.t("try-chart-length-legend")).small());
        ui.add_space(6.0);
        ui.strong(i18n.t("try-chart-wins"));
        wins_chart(ui, i18n, &report, dark);
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

/// A number with the language's decimal mark.
fn number(lang: Lang, x: f64, digits: usize) -> String {
    let mut s = format!("{x:.digits$}");
    if s.contains('.') && digits > 0 {
        // Drop trailing zeros: 0.50 s reads 0.5 s.
        s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    match lang {
        Lang::Vi => s.replace('.', ","),
        Lang::En => s,
    }
}

/// A share as a percentage: whole points, one decimal below 10%
/// (so that a rare cap reads 0.2%, not 0%).
fn pct(x: f64) -> String {
    let p = 100.0 * x;
    if p > 0.0 && p < 10.0 && (p - p.round()).abs() > 0.05 {
        format!("{p:.1}")
    } else {
        format!("{p:.0}")
    }
}

/// `372 (365–380)`.
fn estimate(lang: Lang, e: &Estimate, digits: usize) -> String {
    format!(
        "{} ({}–{})",
        number(lang, e.value, digits),
        number(lang, e.ci95[0], digits),
        number(lang, e.ci95[1], digits)
    )
}

/// `27% (25–29)`.
fn share(lang: Lang, s: &Share) -> String {
    format!(
        "{}% ({}–{})",
        percent(lang, s.rate.value),
        percent(lang, s.rate.ci95[0]),
        percent(lang, s.rate.ci95[1])
    )
}

/// [`pct`] with the language's decimal mark.
fn percent(lang: Lang, x: f64) -> String {
    match lang {
        Lang::Vi => pct(x).replace('.', ","),
        Lang::En => pct(x),
    }
}

fn players_ui(ui: &mut Ui, i18n: &I18n, trial: &Trial) {
    let list: Vec<String> = trial
        .seats
        .iter()
        .zip(&trial.players)
        .map(|(s, p)| {
            let colour = Arg::from(i18n.t(settings::colour_key(*s)));
            match p {
                Player::Person => i18n.t_args("try-player-person", &[("colour", colour)]),
                Player::Bot(level) => i18n.t_args(
                    "try-player-bot",
                    &[
                        ("colour", colour),
                        ("level", Arg::from(i18n.t(&settings::level_key(*level)))),
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
        .contains(&Player::Bot(crate::game::Level::Hard))
    {
        ui.label(RichText::new(i18n.t("try-budget")).small());
    }
}

/// The plain sentences: how long a game takes, against the baseline, and
/// the first player's advantage.
fn summary_ui(ui: &mut Ui, i18n: &I18n, r: &TrialReport, baseline_name: &str) {
    let lang = i18n.lang();
    let f = &r.trial;
    let minutes = |x: f64| number(lang, x, if x < 10.0 { 1 } else { 0 });
    ui.label(i18n.t_args(
        "try-length",
        &[
            ("minutes", Arg::from(minutes(f.minutes_median.value))),
            ("rolls", Arg::from(number(lang, f.rolls_median.value, 0))),
            ("long", Arg::from(minutes(f.minutes_p90.value))),
        ],
    ));
    if let Some(b) = &r.baseline {
        let ratio = f.minutes_median.value / b.minutes_median.value.max(1e-9) - 1.0;
        let base = Arg::from(baseline_name);
        let text = if ratio.abs() < 0.05 {
            i18n.t_args("try-as-long", &[("baseline", base)])
        } else if ratio >= 0.95 {
            // Twice as long or more reads better as "n times".
            i18n.t_args(
                "try-times",
                &[
                    ("baseline", base),
                    ("times", Arg::from(number(lang, ratio + 1.0, 1))),
                ],
            )
        } else if ratio > 0.0 {
            i18n.t_args(
                "try-longer",
                &[("baseline", base), ("pct", Arg::from(percent(lang, ratio)))],
            )
        } else {
            i18n.t_args(
                "try-shorter",
                &[
                    ("baseline", base),
                    ("pct", Arg::from(percent(lang, -ratio))),
                ],
            )
        };
        ui.label(text);
    }
    ui.label(RichText::new(first_player_sentence(i18n, f)).strong());
}

/// "Người gieo trước thắng 27%, nhiều hơn 2 điểm": more or less only when
/// the fair share lies outside the interval.
pub fn first_player_sentence(i18n: &I18n, f: &Figures) -> String {
    let fp = &f.first_player;
    let rate = fp.wins.rate;
    let lang = i18n.lang();
    let args = |extra: Option<f64>| {
        let mut v = vec![
            ("pct", Arg::from(percent(lang, rate.value))),
            ("fair", Arg::from(percent(lang, fp.fair))),
        ];
        if let Some(p) = extra {
            v.push(("points", Arg::from(format!("{:.0}", p.abs().max(1.0)))));
        }
        v
    };
    if rate.ci95[0] > fp.fair {
        i18n.t_args("try-first-more", &args(Some(fp.advantage_points)))
    } else if rate.ci95[1] < fp.fair {
        i18n.t_args("try-first-less", &args(Some(fp.advantage_points)))
    } else {
        i18n.t_args("try-first-fair", &args(None))
    }
}

/// The table: a row per figure, the trial and the baseline side by side.
fn figures_ui(ui: &mut Ui, i18n: &I18n, r: &TrialReport, rules_name: &str, baseline_name: &str) {
    let lang = i18n.lang();
    let rows = |f: &Figures| -> Vec<String> {
        let mut v = vec![
            estimate(lang, &f.rolls_median, 0),
            estimate(lang, &f.rolls_p90, 0),
            estimate(lang, &f.minutes_median, 1),
            estimate(lang, &f.minutes_p90, 1),
        ];
        v.extend(f.colours.iter().map(|c| share(lang, &c.wins)));
        v.push(share(lang, &f.first_player.wins));
        v.push(format!(
            "{} ± {}",
            number(lang, f.kicks_per_game.mean, 1),
            number(lang, f.kicks_per_game.se, 1)
        ));
        v.push(share(lang, &f.capped));
        v.push(match &f.points_per_game {
            Some(m) => format!("{} ± {}", number(lang, m.mean, 1), number(lang, m.se, 1)),
            None => i18n.t("try-no-ledger"),
        });
        v
    };
    let mut labels: Vec<String> = [
        "try-row-rolls-median",
        "try-row-rolls-p90",
        "try-row-minutes-median",
        "try-row-minutes-p90",
    ]
    .iter()
    .map(|k| i18n.t(k))
    .collect();
    labels.extend(r.trial.colours.iter().map(|c| {
        let seat = Seat::from_letter(c.colour).unwrap_or(Seat::Red);
        i18n.t_args(
            "try-row-wins",
            &[("colour", Arg::from(i18n.t(settings::colour_key(seat))))],
        )
    }));
    labels.extend(
        [
            "try-row-first",
            "try-row-kicks",
            "try-row-capped",
            "try-row-points",
        ]
        .iter()
        .map(|k| i18n.t(k)),
    );
    let a = rows(&r.trial);
    let b = r.baseline.as_ref().map(rows);
    egui::Grid::new("try-figures")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            ui.strong(i18n.t("try-col-figure"));
            ui.strong(rules_name);
            if b.is_some() {
                ui.strong(baseline_name);
            }
            ui.end_row();
            for (i, label) in labels.iter().enumerate() {
                ui.label(label);
                ui.label(a.get(i).map(String::as_str).unwrap_or(""));
                if let Some(b) = &b {
                    ui.label(b.get(i).map(String::as_str).unwrap_or(""));
                }
                ui.end_row();
            }
        });
}

/// The bar colour of the trial's histogram.
const BARS: Color32 = Color32::from_rgb(0x3C, 0x7D, 0xC4);

/// The distribution of game length: the trial as bars, the baseline as an
/// outline over the same bins.
fn length_chart(ui: &mut Ui, i18n: &I18n, r: &TrialReport, dark: bool) {
    let lang = i18n.lang();
    let description = i18n.t_args(
        "try-chart-length-label",
        &[
            (
                "rolls",
                Arg::from(number(lang, r.trial.rolls_median.value, 0)),
            ),
            (
                "baseline",
                Arg::from(
                    r.baseline
                        .as_ref()
                        .map(|b| number(lang, b.rolls_median.value, 0))
                        .unwrap_or_else(|| "-".into()),
                ),
            ),
        ],
    );
    let width = ui.available_width().clamp(280.0, 520.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 170.0), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(Role::Image, true, &description));
    let pal = Palette::new(dark);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, CornerRadius::same(4), pal.background);
    let plot = Rect::from_min_max(
        rect.min + Vec2::new(12.0, 10.0),
        rect.max - Vec2::new(12.0, 24.0),
    );
    let hist = &r.trial.length_histogram;
    let base = r.baseline.as_ref().map(|b| &b.length_histogram);
    let bins = hist.counts.len().max(1);
    let share = |c: u64, n: u64| c as f32 / n.max(1) as f32;
    let top = hist
        .counts
        .iter()
        .map(|&c| share(c, r.trial.games))
        .chain(
            base.iter()
                .flat_map(|h| h.counts.iter())
                .map(|&c| share(c, r.trial.games)),
        )
        .fold(0.0f32, f32::max)
        .max(1e-6)
        * 1.1;
    let slot = plot.width() / bins as f32;
    let y = |v: f32| plot.bottom() - v / top * plot.height();
    for (i, &c) in hist.counts.iter().enumerate() {
        let x0 = plot.left() + slot * i as f32;
        let bar = Rect::from_min_max(
            Pos2::new(x0 + 1.0, y(share(c, r.trial.games))),
            Pos2::new(x0 + slot - 1.0, plot.bottom()),
        );
        painter.rect_filled(bar, CornerRadius::same(1), BARS);
    }
    if let (Some(h), Some(b)) = (base, &r.baseline) {
        // A step outline: the baseline's share in each bin.
        let mut pts = vec![Pos2::new(plot.left(), plot.bottom())];
        // Up to the last bin with games: no line along the axis after it.
        let used = h.counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
        for (i, &c) in h.counts.iter().enumerate().take(used) {
            let x0 = plot.left() + slot * i as f32;
            let v = y(share(c, b.games));
            pts.push(Pos2::new(x0, v));
            pts.push(Pos2::new(x0 + slot, v));
        }
        pts.push(Pos2::new(plot.left() + slot * used as f32, plot.bottom()));
        painter.add(Shape::line(pts, Stroke::new(2.0, pal.text)));
    }
    painter.line_segment(
        [plot.left_bottom(), plot.right_bottom()],
        Stroke::new(1.0, pal.ink),
    );
    let font = FontId::proportional(11.0);
    for k in [0, bins / 4, bins / 2, 3 * bins / 4, bins - 1] {
        let x = plot.left() + slot * k as f32;
        let rolls = u64::from(hist.bin_rolls) * k as u64;
        let text = if k == bins - 1 {
            format!("{rolls}+")
        } else {
            rolls.to_string()
        };
        painter.text(
            Pos2::new(x, plot.bottom() + 3.0),
            egui::Align2::LEFT_TOP,
            text,
            font.clone(),
            pal.text,
        );
    }
}

/// A colour's marker: its board shape, filled or hollow.
fn marker(painter: &egui::Painter, seat: Seat, c: Pos2, r: f32, filled: bool, pal: &Palette) {
    let colour = seat_colour(seat);
    let fill = if filled { colour } else { pal.background };
    let stroke = Stroke::new(
        if filled { 1.0 } else { 2.0 },
        if filled {
            lerp(colour, Color32::BLACK, 0.55)
        } else {
            colour
        },
    );
    let pts: Vec<Pos2> = match seat {
        Seat::Red => {
            painter.circle(c, r, fill, stroke);
            return;
        }
        Seat::Green => (0..3)
            .map(|i| {
                let a = -std::f32::consts::FRAC_PI_2 + i as f32 * 2.0 * std::f32::consts::PI / 3.0;
                c + Vec2::angled(a) * r * 1.15 + Vec2::new(0.0, r * 0.15)
            })
            .collect(),
        Seat::Yellow => {
            let d = r * 0.85;
            vec![
                c + Vec2::new(-d, -d),
                c + Vec2::new(d, -d),
                c + Vec2::new(d, d),
                c + Vec2::new(-d, d),
            ]
        }
        Seat::Blue => {
            let d = r * 1.2;
            vec![
                c + Vec2::new(0.0, -d),
                c + Vec2::new(d, 0.0),
                c + Vec2::new(0.0, d),
                c + Vec2::new(-d, 0.0),
            ]
        }
    };
    painter.add(Shape::convex_polygon(pts, fill, stroke));
}

/// Each colour's chance to win with its interval, the trial filled and the
/// baseline hollow, against the dashed line of an even share.
fn wins_chart(ui: &mut Ui, i18n: &I18n, r: &TrialReport, dark: bool) {
    let lang = i18n.lang();
    let seats: Vec<Seat> = r
        .trial
        .colours
        .iter()
        .filter_map(|c| Seat::from_letter(c.colour))
        .collect();
    let list: Vec<String> = r
        .trial
        .colours
        .iter()
        .zip(&seats)
        .map(|(c, s)| {
            format!(
                "{} {}",
                i18n.t(settings::colour_key(*s)),
                share(lang, &c.wins)
            )
        })
        .collect();
    let description = i18n.t_args(
        "try-chart-wins-label",
        &[("list", Arg::from(list.join(", ")))],
    );
    let width = ui.available_width().clamp(280.0, 520.0);
    let row = 30.0;
    let height = 22.0 + row * seats.len() as f32;
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(Role::Image, true, &description));
    let pal = Palette::new(dark);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, CornerRadius::same(4), pal.background);
    let plot = Rect::from_min_max(
        rect.min + Vec2::new(70.0, 6.0),
        rect.max - Vec2::new(14.0, 18.0),
    );
    // The axis reaches past the highest interval, in steps of 10%.
    let high = r
        .trial
        .colours
        .iter()
        .chain(r.baseline.iter().flat_map(|b| b.colours.iter()))
        .map(|c| c.wins.rate.ci95[1])
        .fold(0.0, f64::max);
    let top = ((high * 10.0).ceil() / 10.0).clamp(0.1, 1.0) as f32;
    let x = |v: f64| plot.left() + (v as f32 / top).min(1.0) * plot.width();
    let font = FontId::proportional(11.0);
    let mut tick = 0.0;
    while tick <= f64::from(top) + 1e-9 {
        let tx = x(tick);
        painter.line_segment(
            [Pos2::new(tx, plot.top()), Pos2::new(tx, plot.bottom())],
            Stroke::new(0.5, lerp(pal.background, pal.ink, 0.5)),
        );
        painter.text(
            Pos2::new(tx, plot.bottom() + 2.0),
            egui::Align2::CENTER_TOP,
            format!("{}%", pct(tick)),
            font.clone(),
            pal.text,
        );
        tick += 0.1;
    }
    let fair = 1.0 / seats.len().max(1) as f64;
    painter.extend(Shape::dashed_line(
        &[
            Pos2::new(x(fair), plot.top()),
            Pos2::new(x(fair), plot.bottom()),
        ],
        Stroke::new(1.5, pal.ink),
        5.0,
        4.0,
    ));
    for (k, seat) in seats.iter().enumerate() {
        let cy = plot.top() + row * (k as f32 + 0.5);
        painter.text(
            Pos2::new(rect.left() + 8.0, cy),
            egui::Align2::LEFT_CENTER,
            i18n.t(settings::colour_key(*seat)),
            FontId::proportional(12.0),
            pal.text,
        );
        let draw = |c: Option<&crate::ca_ngua::rules_lab::ColourWins>, dy: f32, filled: bool| {
            let Some(c) = c else {
                return;
            };
            let y = cy + dy;
            let e = c.wins.rate;
            let stroke = Stroke::new(2.0, lerp(seat_colour(*seat), pal.text, 0.3));
            painter.line_segment(
                [Pos2::new(x(e.ci95[0]), y), Pos2::new(x(e.ci95[1]), y)],
                stroke,
            );
            for end in [e.ci95[0], e.ci95[1]] {
                painter.line_segment(
                    [Pos2::new(x(end), y - 4.0), Pos2::new(x(end), y + 4.0)],
                    stroke,
                );
            }
            marker(&painter, *seat, Pos2::new(x(e.value), y), 6.0, filled, &pal);
        };
        draw(r.trial.colours.get(k), -6.0, true);
        draw(
            r.baseline.as_ref().and_then(|b| b.colours.get(k)),
            7.0,
            false,
        );
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
