//! Drawing on the board's painter: the board-to-screen transform, a horse
//! (a shape per colour), and the marks of what just happened — the last
//! move, a kicked horse's square flashing, a landing previewed, a banner.

use super::geometry::{GRID, Place, place_centre};
use super::marks::LastMove;
use crate::app::ca_ngua::colours::{on_seat_colour, piece_outline, seat_colour};
use crate::app::theme::{Palette, lerp};
use egui::{Color32, CornerRadius, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2};
use game_ca_ngua::engine::{Move, Seat};

/// A landing shown before the move is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The colour moving.
    pub seat: Seat,
    /// The places it would pass through, both ends included.
    pub path: Vec<Place>,
    /// The move.
    pub mv: Move,
    /// Whom it kicks, in words ("kicks blue"), when it kicks.
    pub kicks: Option<String>,
}

/// Grid units to screen points.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Transform {
    pub(crate) origin: Pos2,
    pub(crate) cell: f32,
    pub(crate) mirrored: bool,
}

impl Transform {
    pub(crate) fn point(&self, (x, y): (f32, f32)) -> Pos2 {
        let x = if self.mirrored { GRID - x } else { x };
        self.origin + Vec2::new(x, y) * self.cell
    }

    pub(crate) fn cell_rect(&self, (x, y): (u8, u8)) -> Rect {
        let a = self.point((f32::from(x), f32::from(y)));
        let b = self.point((f32::from(x) + 1.0, f32::from(y) + 1.0));
        Rect::from_two_pos(a, b)
    }

    pub(crate) fn rect(&self, (x, y): (u8, u8), w: u8, h: u8) -> Rect {
        let a = self.point((f32::from(x), f32::from(y)));
        let b = self.point((f32::from(x + w), f32::from(y + h)));
        Rect::from_two_pos(a, b)
    }

    /// The square of a place on screen (a yard spot: a cell around it).
    pub(crate) fn place_rect(&self, p: Place) -> Rect {
        match p {
            Place::Cell(x, y) => self.cell_rect((x, y)),
            Place::Yard(..) => {
                Rect::from_center_size(self.point(place_centre(p)), Vec2::splat(self.cell * 1.1))
            }
        }
    }
}

/// Draws one horse: a circle, triangle, square or diamond by colour, so
/// that colours differ by shape too.
pub fn draw_horse(painter: &Painter, seat: Seat, c: Pos2, r: f32, pal: &Palette) {
    let fill = seat_colour(seat);
    let outline = Stroke::new((r * 0.17).max(1.5), piece_outline(seat, pal.dark));
    match seat {
        Seat::Red => {
            painter.circle(c, r, fill, outline);
        }
        Seat::Green => {
            let pts = (0..3)
                .map(|i| {
                    let a =
                        -std::f32::consts::FRAC_PI_2 + i as f32 * 2.0 * std::f32::consts::PI / 3.0;
                    c + Vec2::angled(a) * r * 1.15 + Vec2::new(0.0, r * 0.15)
                })
                .collect();
            painter.add(Shape::convex_polygon(pts, fill, outline));
        }
        Seat::Yellow => {
            let rect = Rect::from_center_size(c, Vec2::splat(r * 1.7));
            painter.rect(
                rect,
                CornerRadius::same(2),
                fill,
                outline,
                StrokeKind::Middle,
            );
        }
        Seat::Blue => {
            let d = r * 1.2;
            let pts = vec![
                c + Vec2::new(0.0, -d),
                c + Vec2::new(d, 0.0),
                c + Vec2::new(0.0, d),
                c + Vec2::new(-d, 0.0),
            ];
            painter.add(Shape::convex_polygon(pts, fill, outline));
        }
    }
    // A small light dot gives the piece some depth.
    painter.circle_filled(
        c + Vec2::new(-r * 0.3, -r * 0.3),
        r * 0.18,
        lerp(fill, pal.square, 0.6),
    );
}

/// The last move: a trail of dots in the mover's colour from where it
/// started (a dashed outline) to where it stopped (a solid frame).
pub(super) fn draw_last_move(painter: &Painter, t: &Transform, last: &LastMove, dark: bool) {
    let colour = seat_colour(last.seat);
    let frame = if dark {
        lerp(colour, Color32::WHITE, 0.35)
    } else {
        lerp(colour, Color32::BLACK, 0.2)
    };
    let width = (t.cell * 0.09).max(2.0);
    let n = last.path.len();
    for (i, p) in last.path.iter().enumerate() {
        if i == 0 || i + 1 == n {
            continue;
        }
        painter.circle_filled(
            t.point(place_centre(*p)),
            t.cell * 0.1,
            colour.gamma_multiply(0.75),
        );
    }
    // Where it came from, dashed; not a yard spot (another horse of the
    // yard may stand there now, and a dashed frame on it would look like
    // a horse to pick: an exit is marked by its landing on the start).
    if let Some(from) = last.path.first().filter(|p| !matches!(p, Place::Yard(..))) {
        let r = t.place_rect(*from).shrink(t.cell * 0.06);
        let pts = [
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
            r.left_top(),
        ];
        painter.extend(Shape::dashed_line(
            &pts,
            Stroke::new(width * 0.8, frame),
            t.cell * 0.16,
            t.cell * 0.1,
        ));
    }
    if let Some(to) = last.path.last() {
        painter.rect_stroke(
            t.place_rect(*to).shrink(t.cell * 0.04),
            CornerRadius::same(3),
            Stroke::new(width, frame),
            StrokeKind::Inside,
        );
    }
}

/// A kicked horse's square flashing in its colour, `u` of the way through.
pub(super) fn draw_flash(painter: &Painter, t: &Transform, place: Place, seat: Seat, u: f32) {
    let pulse = (u * std::f32::consts::PI * 3.0).sin().abs() * (1.0 - u);
    let r = t.place_rect(place);
    painter.rect_filled(
        r.expand(t.cell * 0.1 * pulse),
        CornerRadius::same(4),
        seat_colour(seat).gamma_multiply(0.35 + 0.5 * pulse),
    );
    painter.circle_stroke(
        r.center(),
        t.cell * (0.5 + 0.6 * u),
        Stroke::new(t.cell * 0.08 * (1.0 - u), seat_colour(seat)),
    );
}

/// Where a move would land: its path dotted, a faint horse on the landing.
pub(super) fn draw_preview(painter: &Painter, t: &Transform, p: &Preview, pal: &Palette) {
    let colour = seat_colour(p.seat);
    let n = p.path.len();
    for (i, place) in p.path.iter().enumerate() {
        if i == 0 || i + 1 == n {
            continue;
        }
        painter.circle_stroke(
            t.point(place_centre(*place)),
            t.cell * 0.1,
            Stroke::new((t.cell * 0.05).max(1.0), colour),
        );
    }
    if let Some(to) = p.path.last() {
        let c = t.point(place_centre(*to));
        painter.circle_filled(c, t.cell * 0.46, pal.highlight.gamma_multiply(0.18));
        draw_horse(painter, p.seat, c, t.cell * 0.3, pal);
        painter.circle_filled(c, t.cell * 0.34, pal.square.gamma_multiply(0.45));
        painter.circle_stroke(
            c,
            t.cell * 0.46,
            Stroke::new((t.cell * 0.08).max(2.0), pal.highlight),
        );
        if let Some(text) = &p.kicks {
            draw_kick_mark(painter, t, c, text);
        }
    }
}

/// A landing that kicks: a crossed red ring on the square and the words
/// ("kicks blue") on a pill above it.
fn draw_kick_mark(painter: &Painter, t: &Transform, c: Pos2, text: &str) {
    let red = Color32::from_rgb(0xC4, 0x1E, 0x1E);
    let stroke = Stroke::new((t.cell * 0.1).max(2.0), red);
    painter.circle_stroke(c, t.cell * 0.56, stroke);
    let d = t.cell * 0.3;
    painter.line_segment([c + Vec2::new(-d, -d), c + Vec2::new(d, d)], stroke);
    painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], stroke);
    let font = FontId::proportional((t.cell * 0.42).round().max(10.0));
    let galley = painter.layout_no_wrap(text.to_string(), font, Color32::WHITE);
    let size = galley.size() + Vec2::new(t.cell * 0.4, t.cell * 0.14);
    let pill = Rect::from_center_size(c - Vec2::new(0.0, t.cell * 1.0), size);
    painter.rect_filled(pill, size.y * 0.5, red);
    painter.galley(pill.center() - galley.size() * 0.5, galley, Color32::WHITE);
}

/// A banner across the middle of the board, fading in and out.
pub(super) fn draw_banner(painter: &Painter, t: &Transform, text: &str, seat: Seat, u: f32) {
    // It fades in and out; its text keeps one size (a font size that
    // changed every frame would make new glyphs every frame).
    let alpha = (u / 0.08).min(1.0).min((1.0 - u) / 0.2).clamp(0.0, 1.0);
    let font = FontId::proportional((t.cell * 0.62).round());
    let ink = on_seat_colour(seat);
    let galley = painter.layout_no_wrap(text.to_string(), font, ink.gamma_multiply(alpha));
    let centre = t.point((7.5, 7.5));
    let size = galley.size() + Vec2::new(t.cell * 1.2, t.cell * 0.5);
    let size = Vec2::new(size.x.min(t.cell * 14.0), size.y);
    let rect = Rect::from_center_size(centre, size);
    painter.rect(
        rect.translate(Vec2::new(t.cell * 0.08, t.cell * 0.12)),
        CornerRadius::same(12),
        Color32::from_black_alpha((90.0 * alpha) as u8),
        Stroke::NONE,
        StrokeKind::Inside,
    );
    painter.rect(
        rect,
        CornerRadius::same(12),
        seat_colour(seat).gamma_multiply(alpha),
        Stroke::new(2.0, ink.gamma_multiply(alpha * 0.8)),
        StrokeKind::Inside,
    );
    painter.galley(
        rect.center() - galley.size() * 0.5,
        galley,
        ink.gamma_multiply(alpha),
    );
}
