//! The statistics window: results by kind of player and by colour, kicks
//! (and Thầu mạ and Sập hầm, only under rules where they happen), the
//! longest game, and a chart of every die face rolled against the line
//! fair dice would draw, with a verdict in plain words.

use crate::app::play::stats_view::{StatsTable, kind_name};
use crate::app::theme::Palette;
use ca_ngua_data::ca_ngua::stats::{Record, Stats};
use ca_ngua_i18n::{Arg, I18n};
use egui::{Color32, CornerRadius, FontId, Pos2, Rect, RichText, Role, Sense, Stroke, Ui, Vec2};
use game_ca_ngua::engine::{HomeColumn, Rules, Seat};

/// Thầu mạ and Sập hầm exist only with the traditional climb and the
/// scoring ledger: elsewhere their columns would always read 0.
pub fn climb_columns(rules: &Rules) -> bool {
    rules.scoring && rules.home_column == HomeColumn::Climb
}

/// A record's cells after Played and Won: kicks (and Thầu mạ and Sập
/// hầm under rules where they happen).
fn cells(r: &Record, climb: bool) -> Vec<String> {
    let mut v = vec![
        r.played.to_string(),
        r.won.to_string(),
        r.kicks_made.to_string(),
        r.kicks_suffered.to_string(),
    ];
    if climb {
        v.extend([r.thau_ma.to_string(), r.sap_ham.to_string()]);
    }
    v
}

/// The statistics as the window's tables show them: every colour of the
/// board (a colour nobody has played shows zeros), columns as the rules
/// give them meaning.
pub fn stats_table(stats: &Stats, i18n: &I18n, rules: &Rules) -> StatsTable {
    let climb = climb_columns(rules);
    let mut columns = vec![i18n.t("stats-kicks-made"), i18n.t("stats-kicks-suffered")];
    if climb {
        columns.extend([i18n.t("stats-thau-ma"), i18n.t("stats-sap-ham")]);
    }
    StatsTable {
        games: stats.games,
        lines: {
            let mut lines =
                vec![i18n.t_args("stats-longest", &[("rolls", Arg::from(stats.longest_game))])];
            // Team games are counted apart.
            let t = &stats.teams;
            if t.games > 0 {
                lines.push(i18n.t_args(
                    "stats-team-games",
                    &[
                        ("games", Arg::Num(t.games as i64)),
                        ("ry", Arg::Num(t.by_team[0].won as i64)),
                        ("gb", Arg::Num(t.by_team[1].won as i64)),
                    ],
                ));
            }
            lines
        },
        columns,
        by_kind: stats
            .by_kind
            .iter()
            .map(|(k, r)| (kind_name(i18n, k), cells(r, climb)))
            .collect(),
        by_colour: Seat::ALL
            .into_iter()
            .map(|s| {
                (
                    i18n.t(super::text::colour_key(s)),
                    cells(&stats.by_colour[s.index()], climb),
                )
            })
            .collect(),
    }
}

/// The chart of die faces: one bar per face, the expected count of fair
/// dice as a dashed line.
fn faces_chart(ui: &mut Ui, i18n: &I18n, stats: &Stats, dark: bool) {
    let total = stats.faces_rolled();
    let expected = total as f64 / 6.0;
    let description = i18n.t_args(
        "stats-chart-label",
        &[
            ("total", Arg::Num(total as i64)),
            (
                "faces",
                Arg::from(
                    stats
                        .faces
                        .iter()
                        .enumerate()
                        .map(|(i, n)| format!("{}: {n}", i + 1))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ),
        ],
    );
    // As wide as the window lets it be, up to 360 points (a phone).
    let width = ui.available_width().clamp(200.0, 360.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 190.0), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(Role::Image, true, &description));
    let pal = Palette::new(dark);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, CornerRadius::same(4), pal.background);
    let plot = Rect::from_min_max(
        rect.min + Vec2::new(34.0, 10.0),
        rect.max - Vec2::new(10.0, 26.0),
    );
    let max = stats.faces.iter().copied().max().unwrap_or(0).max(1) as f64;
    let top = (max.max(expected) * 1.15).max(1.0);
    let y = |v: f64| plot.bottom() - (v / top) as f32 * plot.height();
    let slot = plot.width() / 6.0;
    let font = FontId::proportional(12.0);
    for (i, &n) in stats.faces.iter().enumerate() {
        let x0 = plot.left() + slot * i as f32 + slot * 0.18;
        let bar = Rect::from_min_max(
            Pos2::new(x0, y(n as f64)),
            Pos2::new(x0 + slot * 0.64, plot.bottom()),
        );
        painter.rect_filled(
            bar,
            CornerRadius::same(2),
            Color32::from_rgb(0x3C, 0x7D, 0xC4),
        );
        painter.text(
            Pos2::new(x0 + slot * 0.32, plot.bottom() + 4.0),
            egui::Align2::CENTER_TOP,
            (i + 1).to_string(),
            font.clone(),
            pal.text,
        );
        painter.text(
            Pos2::new(x0 + slot * 0.32, y(n as f64) - 2.0),
            egui::Align2::CENTER_BOTTOM,
            n.to_string(),
            font.clone(),
            pal.text,
        );
    }
    painter.line_segment(
        [
            Pos2::new(plot.left(), plot.bottom()),
            Pos2::new(plot.right(), plot.bottom()),
        ],
        Stroke::new(1.0, pal.ink),
    );
    if total > 0 {
        let ey = y(expected);
        painter.extend(egui::Shape::dashed_line(
            &[Pos2::new(plot.left(), ey), Pos2::new(plot.right(), ey)],
            Stroke::new(1.5, Color32::from_rgb(0xD6, 0x3A, 0x3A)),
            6.0,
            4.0,
        ));
    }
}

/// The die faces against fair dice, with a verdict in plain words.
pub fn dice_ui(ui: &mut Ui, i18n: &I18n, stats: &Stats, dark: bool) {
    ui.add_space(8.0);
    ui.label(
        RichText::new(i18n.t("stats-fair-heading"))
            .strong()
            .size(16.0),
    );
    faces_chart(ui, i18n, stats, dark);
    ui.label(i18n.t("stats-dice-legend"));
    // The verdict in words: Pearson's test at 5% (11.07 with 5 degrees
    // of freedom), after enough rolls for it to mean something.
    let n = stats.faces_rolled();
    let verdict = if n < 60 {
        i18n.t("stats-fair-too-few")
    } else if stats.chi_squared() <= 11.07 {
        i18n.t_args("stats-fair-yes", &[("n", Arg::Num(n as i64))])
    } else {
        i18n.t_args("stats-fair-unusual", &[("n", Arg::Num(n as i64))])
    };
    ui.label(RichText::new(verdict).strong());
}
