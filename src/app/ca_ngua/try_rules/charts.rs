//! The panel's two charts, drawn with the painter: the distribution of
//! game length and each colour's chance to win.

use super::text::{number, pct, share};
use crate::app::ca_ngua::colours::seat_colour;
use crate::app::theme::{Palette, lerp};
use ca_ngua_i18n::{Arg, I18n};
use egui::{Color32, CornerRadius, FontId, Pos2, Rect, Role, Sense, Shape, Stroke, Ui, Vec2};
use game_ca_ngua::engine::Seat;
use game_ca_ngua::rules_lab::{ColourWins, TrialReport};

/// The bar colour of the trial's histogram.
const BARS: Color32 = Color32::from_rgb(0x3C, 0x7D, 0xC4);

/// The distribution of game length: the trial as bars, the baseline as an
/// outline over the same bins.
pub(super) fn length_chart(ui: &mut Ui, i18n: &I18n, r: &TrialReport, dark: bool) {
    let description = length_words(i18n, r);
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
    length_axis(&painter, plot, bins, hist.bin_rolls, &pal);
}

/// What the length chart shows, for a screen reader: the median length of
/// the trial and of the baseline.
fn length_words(i18n: &I18n, r: &TrialReport) -> String {
    let lang = i18n.lang();
    i18n.t_args(
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
    )
}

/// The length chart's axis: the rolls at five of its `bins` (each
/// `bin_rolls` rolls wide), the last one "and more".
fn length_axis(painter: &egui::Painter, plot: Rect, bins: usize, bin_rolls: u32, pal: &Palette) {
    let slot = plot.width() / bins as f32;
    let font = FontId::proportional(11.0);
    for k in [0, bins / 4, bins / 2, 3 * bins / 4, bins - 1] {
        let x = plot.left() + slot * k as f32;
        let rolls = u64::from(bin_rolls) * k as u64;
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
pub(super) fn wins_chart(ui: &mut Ui, i18n: &I18n, r: &TrialReport, dark: bool) {
    let seats: Vec<Seat> = r
        .trial
        .colours
        .iter()
        .filter_map(|c| Seat::from_letter(c.colour))
        .collect();
    let description = wins_description(i18n, r, &seats);
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
    let axis = WinsAxis {
        plot,
        top: ((high * 10.0).ceil() / 10.0).clamp(0.1, 1.0) as f32,
    };
    axis.draw(&painter, &pal, seats.len());
    for (k, seat) in seats.iter().enumerate() {
        let cy = plot.top() + row * (k as f32 + 0.5);
        painter.text(
            Pos2::new(rect.left() + 8.0, cy),
            egui::Align2::LEFT_CENTER,
            i18n.t(crate::app::ca_ngua::text::colour_key(*seat)),
            FontId::proportional(12.0),
            pal.text,
        );
        let wins = |c: Option<&ColourWins>, dy: f32, filled: bool| {
            if let Some(c) = c {
                axis.draw_wins(&painter, &pal, *seat, c, cy + dy, filled);
            }
        };
        wins(r.trial.colours.get(k), -6.0, true);
        wins(
            r.baseline.as_ref().and_then(|b| b.colours.get(k)),
            7.0,
            false,
        );
    }
}

/// The wins chart in words, for a screen reader: each colour's share.
fn wins_description(i18n: &I18n, r: &TrialReport, seats: &[Seat]) -> String {
    let lang = i18n.lang();
    let list: Vec<String> = r
        .trial
        .colours
        .iter()
        .zip(seats)
        .map(|(c, s)| {
            format!(
                "{} {}",
                i18n.t(crate::app::ca_ngua::text::colour_key(*s)),
                share(lang, &c.wins)
            )
        })
        .collect();
    i18n.t_args(
        "try-chart-wins-label",
        &[("list", Arg::from(list.join(", ")))],
    )
}

/// The wins chart's axis: the chances from 0 to `top` across `plot`.
struct WinsAxis {
    plot: Rect,
    top: f32,
}

impl WinsAxis {
    /// Where a chance lies across the chart.
    fn x(&self, v: f64) -> f32 {
        self.plot.left() + (v as f32 / self.top).min(1.0) * self.plot.width()
    }

    /// The ticks every 10% with their labels, and the dashed line of an
    /// even share among `seats` colours.
    fn draw(&self, painter: &egui::Painter, pal: &Palette, seats: usize) {
        let plot = self.plot;
        let font = FontId::proportional(11.0);
        let mut tick = 0.0;
        while tick <= f64::from(self.top) + 1e-9 {
            let tx = self.x(tick);
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
        let fair = 1.0 / seats.max(1) as f64;
        painter.extend(Shape::dashed_line(
            &[
                Pos2::new(self.x(fair), plot.top()),
                Pos2::new(self.x(fair), plot.bottom()),
            ],
            Stroke::new(1.5, pal.ink),
            5.0,
            4.0,
        ));
    }

    /// One colour's chance at height `y`: its interval with end marks, and
    /// its marker, filled or hollow.
    fn draw_wins(
        &self,
        painter: &egui::Painter,
        pal: &Palette,
        seat: Seat,
        c: &ColourWins,
        y: f32,
        filled: bool,
    ) {
        let e = c.wins.rate;
        let stroke = Stroke::new(2.0, lerp(seat_colour(seat), pal.text, 0.3));
        painter.line_segment(
            [
                Pos2::new(self.x(e.ci95[0]), y),
                Pos2::new(self.x(e.ci95[1]), y),
            ],
            stroke,
        );
        for end in [e.ci95[0], e.ci95[1]] {
            painter.line_segment(
                [
                    Pos2::new(self.x(end), y - 4.0),
                    Pos2::new(self.x(end), y + 4.0),
                ],
                stroke,
            );
        }
        marker(
            painter,
            seat,
            Pos2::new(self.x(e.value), y),
            6.0,
            filled,
            pal,
        );
    }
}
