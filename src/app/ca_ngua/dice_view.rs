//! The dice on the board: in the yard of the colour whose roll it is,
//! scaled with the board, bordered in that colour, tumbling for a moment
//! when cast, then the result large. Under them a short note: "Gieo
//! tiếp!" after a bonus roll, "no move" while a pass shows.

use crate::app::ca_ngua::colours::{on_seat_colour, seat_colour};
use crate::app::theme::{Palette, lerp};
use egui::{Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2};
use game_ca_ngua::engine::Seat;

/// Why a note shows under the dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// The same colour rolls again.
    RollAgain,
    /// The roll has no move, or is lost.
    NoMove,
}

/// The dice as the board shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct DieView {
    /// Whose roll it is (the dice sit in this colour's yard).
    pub seat: Seat,
    /// How many dice the rules use (1 or 2).
    pub count: usize,
    /// The faces showing; empty until this colour has rolled.
    pub faces: Vec<u8>,
    /// While the dice tumble: how far through (0–1); `None` at rest.
    pub tumble: Option<f32>,
    /// A note under the dice.
    pub note: Option<(String, NoteKind)>,
}

/// The pips of a die face, in unit coordinates.
pub fn pips(face: u8) -> &'static [(f32, f32)] {
    const C: f32 = 0.5;
    const L: f32 = 0.25;
    const H: f32 = 0.75;
    match face {
        1 => &[(C, C)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (C, C), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (C, C), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, C), (H, C), (L, H), (H, H)],
    }
}

/// A rounded square of half-side `h`, turned by `angle`, as a polygon.
fn rounded_square(c: Pos2, h: f32, angle: f32) -> Vec<Pos2> {
    let r = h * 0.28;
    let inner = h - r;
    let rot = Vec2::angled(angle);
    let turn = |v: Vec2| Vec2::new(v.x * rot.x - v.y * rot.y, v.x * rot.y + v.y * rot.x);
    let mut pts = Vec::with_capacity(24);
    for (k, (sx, sy)) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
        .into_iter()
        .enumerate()
    {
        let corner = Vec2::new(sx * inner, sy * inner);
        for i in 0..=5 {
            let a = std::f32::consts::FRAC_PI_2 * (k as f32 + i as f32 / 5.0);
            pts.push(c + turn(corner + Vec2::angled(a) * r));
        }
    }
    pts
}

/// Draws one die centred at `c` with half-side `h`.
fn draw_one(painter: &Painter, c: Pos2, h: f32, angle: f32, face: Option<u8>, border: Color32) {
    let shadow = rounded_square(c + Vec2::new(h * 0.12, h * 0.16), h, angle);
    painter.add(Shape::convex_polygon(
        shadow,
        Color32::from_black_alpha(70),
        Stroke::NONE,
    ));
    let body = rounded_square(c, h, angle);
    painter.add(Shape::convex_polygon(
        body,
        Color32::from_rgb(0xFB, 0xFA, 0xF6),
        Stroke::new((h * 0.14).max(1.5), border),
    ));
    let Some(face) = face else {
        return;
    };
    let rot = Vec2::angled(angle);
    for &(x, y) in pips(face) {
        let v = Vec2::new((x - 0.5) * 2.0 * h * 0.78, (y - 0.5) * 2.0 * h * 0.78);
        let p = c + Vec2::new(v.x * rot.x - v.y * rot.y, v.x * rot.y + v.y * rot.x);
        let ink = if face == 1 {
            // The one pip of a 1 is red, as on Vietnamese dice.
            Color32::from_rgb(0xC4, 0x1E, 0x1E)
        } else {
            Color32::from_rgb(0x1E, 0x1A, 0x16)
        };
        painter.circle_filled(p, h * if face == 1 { 0.24 } else { 0.16 }, ink);
    }
}

/// Draws the dice in the yard `yard` (a 6×6-cell square on screen, `cell`
/// points a cell).
pub fn draw(painter: &Painter, yard: Rect, cell: f32, die: &DieView, pal: &Palette) {
    let at = |x: f32, y: f32| yard.min + Vec2::new(x, y) * cell;
    let border = seat_colour(die.seat);
    let (count, half) = if die.count >= 2 {
        (2, cell * 0.52)
    } else {
        (1, cell * 0.76)
    };
    let centre = at(3.0, 2.55);
    let spread = if count == 2 { cell * 0.6 } else { 0.0 };
    for k in 0..count {
        let side = if k == 0 { -1.0 } else { 1.0 };
        let mut c = centre + Vec2::new(side * spread, 0.0);
        let mut angle = 0.0;
        let mut h = half;
        if let Some(u) = die.tumble {
            // Spinning down and bouncing, then a small pop as it lands.
            let spin = (1.0 - u).powi(2);
            angle = spin * 5.0 * side.max(0.6) + k as f32 * 0.4;
            let bounce = ((u * 9.0).sin().abs() * spin) * cell * 0.35;
            c.y -= bounce;
            c.x += (u * 13.0 + k as f32).sin() * spin * cell * 0.12;
            if u > 0.75 {
                h *= 1.0 + (1.0 - (u - 0.75) / 0.25) * 0.12;
            }
        }
        draw_one(painter, c, h, angle, die.faces.get(k).copied(), border);
    }
    if let Some((text, kind)) = &die.note {
        let font = FontId::proportional(cell * 0.4);
        let (fill, ink) = match kind {
            NoteKind::RollAgain => (border, on_seat_colour(die.seat)),
            NoteKind::NoMove => (pal.text, lerp(pal.text, pal.background, 1.0)),
        };
        let galley = painter.layout_no_wrap(text.clone(), font, ink);
        let size = galley.size() + Vec2::new(cell * 0.5, cell * 0.16);
        let max_w = cell * 4.2;
        let pill = Rect::from_center_size(at(3.0, 3.72), Vec2::new(size.x.min(max_w), size.y));
        painter.rect_filled(pill, size.y * 0.5, fill);
        painter.galley(pill.center() - galley.size() * 0.5, galley, ink);
    }
}

/// The face shown while the dice tumble at time `now` (a picture only:
/// the roll was made by the table's dice before the tumble started).
pub fn tumbling_face(now: f64, k: usize) -> u8 {
    let tick = (now * 14.0) as u64 + k as u64 * 7;
    (tick.wrapping_mul(2_654_435_761) >> 7) as u8 % 6 + 1
}
