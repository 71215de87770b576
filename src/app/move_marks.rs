//! A mistake drawn on either game's board (issue 45), as lichess draws an
//! analysis: the move played as a dashed red line from a ring on the piece
//! to a ring where it went, the better move as a green arrow. Both boards
//! call it with their own screen points.

use egui::{Color32, Painter, Pos2, Shape, Stroke, Vec2};

/// The colour of the move played.
pub const PLAYED: Color32 = Color32::from_rgb(0xE0, 0x3A, 0x2F);
/// The colour of the better move.
pub const BETTER: Color32 = Color32::from_rgb(0x22, 0xA3, 0x4A);

/// Draws the move played (`played`, from and to) and the better one
/// (`better`) at the board's scale `size` (a square's or a hole's
/// spacing, in points).
pub fn draw_compare(painter: &Painter, played: (Pos2, Pos2), better: (Pos2, Pos2), size: f32) {
    let width = (size * 0.16).max(2.5);
    let halo = Stroke::new(width * 2.2, Color32::from_black_alpha(150));
    // The move played: dashed, over a dark halo that shows on any colour.
    let (a, b) = played;
    painter.line_segment([a, b], halo);
    painter.extend(Shape::dashed_line(
        &[a, b],
        Stroke::new(width, PLAYED),
        size * 0.35,
        size * 0.22,
    ));
    painter.circle_stroke(a, size * 0.48, Stroke::new(width, PLAYED));
    painter.circle_stroke(b, size * 0.4, Stroke::new(width, PLAYED));
    // The better move: a solid arrow, its head on the square it goes to.
    let (a, b) = better;
    painter.circle_stroke(a, size * 0.52, Stroke::new(width, BETTER));
    arrow(painter, a, b, width * 1.3, size, halo);
}

/// An arrow from `a` to `b`, its head `size` long, over a halo.
fn arrow(painter: &Painter, a: Pos2, b: Pos2, width: f32, size: f32, halo: Stroke) {
    let along = b - a;
    let length = along.length();
    if length < 1.0 {
        painter.circle_stroke(b, size * 0.4, Stroke::new(width, BETTER));
        return;
    }
    let dir = along / length;
    let head = (size * 0.55).min(length * 0.6);
    let base = b - dir * head;
    let side = Vec2::new(-dir.y, dir.x) * head * 0.55;
    painter.line_segment([a, base], halo);
    painter.line_segment([a, base], Stroke::new(width, BETTER));
    let tip = vec![b, base + side, base - side];
    painter.add(Shape::convex_polygon(
        tip,
        BETTER,
        Stroke::new(1.0, Color32::from_black_alpha(150)),
    ));
}
