//! The board's ground, under the horses: the yards with their players'
//! names, the track with its starts, stars and numbers, the home columns
//! and the centre.

use super::BoardInput;
use crate::app::ca_ngua::colours::{on_seat_colour, seat_colour, seat_tint};
use crate::app::ca_ngua::geometry::{CENTRE_CELL, TRACK, cell_centre, home_cell, yard_origin};
use crate::app::ca_ngua::paint::Transform;
use crate::app::theme::{Palette, lerp};
use egui::{Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, Vec2};
use game_ca_ngua::engine::{Seat, is_star_square};

/// The whole ground, drawn before anything on it.
pub(super) fn draw_board(
    painter: &egui::Painter,
    t: &Transform,
    pal: &Palette,
    input: &BoardInput,
) {
    let full = t.rect((0, 0), 15, 15);
    painter.rect_filled(full, CornerRadius::same(6), pal.background);
    let grid = Stroke::new((t.cell * 0.03).max(1.0), pal.grid);
    for seat in Seat::ALL {
        draw_yard(painter, t, pal, input, seat);
    }
    draw_track(painter, t, pal, input, grid);
    draw_homes(painter, t, pal, input, grid);
}

/// A seat's yard: its colour (faded when nobody plays it), the four
/// spots, the player's name and, on its turn, a ring.
fn draw_yard(
    painter: &egui::Painter,
    t: &Transform,
    pal: &Palette,
    input: &BoardInput,
    seat: Seat,
) {
    let playing = input.playing[seat.index()];
    let yard = t.rect(yard_origin(seat), 6, 6);
    let colour = if playing {
        seat_colour(seat)
    } else {
        lerp(seat_colour(seat), pal.background, 0.7)
    };
    painter.rect_filled(yard.shrink(t.cell * 0.08), CornerRadius::same(8), colour);
    let inner = yard.shrink(t.cell * 0.85);
    painter.rect_filled(inner, CornerRadius::same(10), pal.yard);
    for i in 0..4 {
        let c = t.point(crate::app::ca_ngua::geometry::yard_spot(seat, i));
        painter.circle(
            c,
            t.cell * 0.55,
            seat_tint(seat, input.dark),
            Stroke::new(1.0, lerp(colour, pal.grid, 0.3)),
        );
    }
    let name = &input.names[seat.index()];
    if playing && !name.is_empty() {
        draw_yard_name(painter, t, seat, yard, name);
    }
    if input.turn == Some(seat) {
        // The colour to play: a ring around its corner.
        painter.rect_stroke(
            yard.shrink(t.cell * 0.04),
            CornerRadius::same(9),
            Stroke::new(t.cell * 0.12, pal.highlight),
            egui::StrokeKind::Inside,
        );
    }
}

/// The player's name on the yard's outer band.
fn draw_yard_name(painter: &egui::Painter, t: &Transform, seat: Seat, yard: Rect, name: &str) {
    let top = matches!(seat, Seat::Red | Seat::Green);
    let y = if top { 0.47 } else { 5.53 };
    let (ox, oy) = yard_origin(seat);
    let c = t.point((f32::from(ox) + 3.0, f32::from(oy) + y));
    let room = t.cell * 5.4;
    let mut galley = painter.layout_no_wrap(
        name.to_owned(),
        FontId::proportional(t.cell * 0.42),
        on_seat_colour(seat),
    );
    if galley.size().x > room {
        // A long line (a name and how its player is connected)
        // gets smaller rather than cut, down to a size still read.
        let size = (t.cell * 0.42 * room / galley.size().x).max(t.cell * 0.3);
        galley = painter.layout_no_wrap(
            name.to_owned(),
            FontId::proportional(size),
            on_seat_colour(seat),
        );
    }
    let width = galley.size().x.min(room);
    let pos = c - Vec2::new(width * 0.5, galley.size().y * 0.5);
    painter
        .with_clip_rect(yard.shrink(t.cell * 0.1))
        .galley(pos, galley, on_seat_colour(seat));
}

/// Track squares, numbered where a number helps: the starts, the stars
/// and every fifth square (or all of them, if the player wants).
fn draw_track(
    painter: &egui::Painter,
    t: &Transform,
    pal: &Palette,
    input: &BoardInput,
    grid: Stroke,
) {
    let font = FontId::proportional(t.cell * 0.3);
    for (square, &cell) in TRACK.iter().enumerate() {
        let square = square as u8;
        let r = t.cell_rect(cell);
        let start = Seat::ALL.into_iter().find(|s| s.start_square() == square);
        let fill = match start {
            Some(seat) => seat_tint(seat, input.dark),
            None => pal.square,
        };
        painter.rect_filled(r, CornerRadius::ZERO, fill);
        painter.rect_stroke(r, CornerRadius::ZERO, grid, egui::StrokeKind::Middle);
        if let Some(seat) = start {
            draw_start_arrow(painter, t, seat, r);
        } else if input.stars && is_star_square(square) {
            draw_star(
                painter,
                r.center(),
                t.cell * 0.36,
                lerp(pal.ink, pal.square, 0.35),
            );
        }
        let label = u32::from(square) + 1;
        if input.all_numbers || start.is_some() || is_star_square(square) || label.is_multiple_of(5)
        {
            painter.text(
                r.left_top() + Vec2::new(t.cell * 0.06, t.cell * 0.01),
                egui::Align2::LEFT_TOP,
                label.to_string(),
                font.clone(),
                if start.is_some() { pal.text } else { pal.ink },
            );
        }
    }
}

/// Home columns with their numbers, and the centre.
fn draw_homes(
    painter: &egui::Painter,
    t: &Transform,
    pal: &Palette,
    input: &BoardInput,
    grid: Stroke,
) {
    let number = FontId::proportional(t.cell * 0.42);
    for seat in Seat::ALL {
        for n in 1..=6u8 {
            let r = t.cell_rect(home_cell(seat, n));
            painter.rect_filled(r, CornerRadius::ZERO, seat_tint(seat, input.dark));
            painter.rect_stroke(r, CornerRadius::ZERO, grid, egui::StrokeKind::Middle);
            painter.text(
                r.center(),
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                number.clone(),
                pal.text,
            );
        }
    }
    draw_centre(painter, t, pal, grid);
}

/// The centre: a triangle per seat pointing at its home column, and the
/// four corners between the arms.
fn draw_centre(painter: &egui::Painter, t: &Transform, pal: &Palette, grid: Stroke) {
    let centre = t.cell_rect(CENTRE_CELL);
    painter.rect_filled(centre, CornerRadius::ZERO, pal.square);
    for seat in Seat::ALL {
        // A triangle in the seat's colour points at its home column.
        let (hx, hy) = cell_centre(home_cell(seat, 6));
        let (cx, cy) = cell_centre(CENTRE_CELL);
        let dir = Vec2::new(hx - cx, hy - cy);
        let side = Vec2::new(-dir.y, dir.x);
        let c = t.point((cx, cy));
        let edge = |v: Vec2| t.point((cx + v.x * 0.5, cy + v.y * 0.5)) - c;
        let tip = c;
        let a = c + edge(dir) + edge(side);
        let b = c + edge(dir) - edge(side);
        painter.add(Shape::convex_polygon(
            vec![tip, a, b],
            lerp(seat_colour(seat), pal.square, 0.25),
            Stroke::NONE,
        ));
    }
    painter.rect_stroke(centre, CornerRadius::ZERO, grid, egui::StrokeKind::Middle);
    // The four corners of the centre region, between the arms.
    for (x, y) in [(6, 6), (8, 6), (6, 8), (8, 8)] {
        let r = t.cell_rect((x, y));
        painter.rect_filled(r, CornerRadius::ZERO, lerp(pal.background, pal.grid, 0.12));
    }
}

fn draw_start_arrow(painter: &egui::Painter, t: &Transform, seat: Seat, r: Rect) {
    // The arrow points along the direction of travel out of the start.
    let here = cell_centre(TRACK[usize::from(seat.start_square())]);
    let next = cell_centre(TRACK[usize::from(seat.start_square()) + 1]);
    let a = t.point(here);
    let b = t.point(next);
    let dir = (b - a).normalized();
    let c = r.center();
    let len = t.cell * 0.32;
    let tip = c + dir * len;
    let tail = c - dir * len;
    let side = Vec2::new(-dir.y, dir.x) * len * 0.7;
    let colour = seat_colour(seat);
    painter.line_segment([tail, c], Stroke::new(t.cell * 0.09, colour));
    painter.add(Shape::convex_polygon(
        vec![
            tip,
            c + side * 0.9 - dir * len * 0.1,
            c - side * 0.9 - dir * len * 0.1,
        ],
        colour,
        Stroke::NONE,
    ));
}

fn draw_star(painter: &egui::Painter, c: Pos2, r: f32, colour: Color32) {
    let mut points = Vec::with_capacity(10);
    for i in 0..10 {
        let angle = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        let radius = if i % 2 == 0 { r } else { r * 0.45 };
        points.push(c + Vec2::angled(angle) * radius);
    }
    // A star is not convex: draw it as a fan of triangles from the centre.
    for i in 0..10 {
        painter.add(Shape::convex_polygon(
            vec![c, points[i], points[(i + 1) % 10]],
            colour,
            Stroke::NONE,
        ));
    }
}
