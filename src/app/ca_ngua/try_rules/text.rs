//! The panel's words: numbers with the language's decimal mark, figures
//! with their intervals, the plain sentences and the table of figures.

use ca_ngua_i18n::{Arg, I18n, Lang};
use egui::{RichText, Ui};
use game_ca_ngua::engine::Seat;
use game_ca_ngua::rules_lab::{Estimate, Figures, Share, TrialReport};

/// A number with the language's decimal mark.
pub(super) fn number(lang: Lang, x: f64, digits: usize) -> String {
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
pub(super) fn pct(x: f64) -> String {
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
pub(super) fn share(lang: Lang, s: &Share) -> String {
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

/// The plain sentences: how long a game takes, against the baseline, and
/// the first player's advantage.
pub(super) fn summary_ui(ui: &mut Ui, i18n: &I18n, r: &TrialReport, baseline_name: &str) {
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
pub(super) fn figures_ui(
    ui: &mut Ui,
    i18n: &I18n,
    r: &TrialReport,
    rules_name: &str,
    baseline_name: &str,
) {
    let labels = figure_labels(i18n, &r.trial);
    let a = figure_cells(i18n, &r.trial);
    let b = r.baseline.as_ref().map(|f| figure_cells(i18n, f));
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

/// One column of the table: each figure of a trial, in the rows' order.
fn figure_cells(i18n: &I18n, f: &Figures) -> Vec<String> {
    let lang = i18n.lang();
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
    // Teams last, so that a baseline without them lines up above.
    v.extend(f.teams.iter().flatten().map(|t| share(lang, &t.wins)));
    v
}

/// The rows' names: the figures of `trial`, its colours and its teams.
fn figure_labels(i18n: &I18n, trial: &Figures) -> Vec<String> {
    let mut labels: Vec<String> = [
        "try-row-rolls-median",
        "try-row-rolls-p90",
        "try-row-minutes-median",
        "try-row-minutes-p90",
    ]
    .iter()
    .map(|k| i18n.t(k))
    .collect();
    labels.extend(trial.colours.iter().map(|c| {
        let seat = Seat::from_letter(c.colour).unwrap_or(Seat::Red);
        i18n.t_args(
            "try-row-wins",
            &[(
                "colour",
                Arg::from(i18n.t(crate::app::ca_ngua::text::colour_key(seat))),
            )],
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
    labels.extend(trial.teams.iter().flatten().map(|t| {
        let first = t
            .colours
            .chars()
            .next()
            .and_then(Seat::from_letter)
            .unwrap_or(Seat::Red);
        i18n.t_args(
            "try-row-team-wins",
            &[(
                "team",
                Arg::from(crate::app::ca_ngua::cards::team_name(i18n, first)),
            )],
        )
    }));
    labels
}
