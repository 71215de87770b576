//! The six colours of Cờ nhảy and their shapes: a colour also differs by
//! the shape of its pieces (circle, triangle, star, square, diamond,
//! hexagon), so no one needs to tell the colours apart. The four colours
//! Cờ Cá Ngựa has keep their values and shapes here.

use crate::app::theme::{Palette, lerp};
use egui::{Color32, Pos2, Shape, Stroke, Vec2};
use game_co_nhay::engine::Arm;

/// The colour of the pieces starting in `arm`, strong enough for both
/// looks.
pub fn arm_colour(arm: Arm) -> Color32 {
    match arm.number() {
        0 => Color32::from_rgb(0xD6, 0x3A, 0x3A),
        1 => Color32::from_rgb(0x2E, 0x9E, 0x4F),
        2 => Color32::from_rgb(0x8E, 0x52, 0xC9),
        3 => Color32::from_rgb(0xE8, 0xB2, 0x1E),
        4 => Color32::from_rgb(0x2F, 0x6F, 0xD6),
        _ => Color32::from_rgb(0xF0, 0x7C, 0x1A),
    }
}

/// A pale tint of an arm's colour, for its triangle on the board.
pub fn arm_tint(arm: Arm, dark: bool) -> Color32 {
    let bg = if dark {
        Color32::from_gray(40)
    } else {
        Color32::from_gray(250)
    };
    lerp(bg, arm_colour(arm), if dark { 0.34 } else { 0.28 })
}

/// An arm's colour for text on the panels: darker on the light look,
/// lighter on the dark one, at WCAG AA (4.5:1) on both.
pub fn arm_text_colour(arm: Arm, dark: bool) -> Color32 {
    if dark {
        match arm.number() {
            0 => Color32::from_rgb(0xFF, 0x8A, 0x80),
            1 => Color32::from_rgb(0x6B, 0xD3, 0x88),
            2 => Color32::from_rgb(0xCF, 0xA8, 0xF5),
            3 => Color32::from_rgb(0xF5, 0xCB, 0x5C),
            4 => Color32::from_rgb(0x8F, 0xB4, 0xFF),
            _ => Color32::from_rgb(0xFF, 0xB8, 0x70),
        }
    } else {
        match arm.number() {
            0 => Color32::from_rgb(0xB0, 0x25, 0x25),
            1 => Color32::from_rgb(0x1A, 0x6E, 0x36),
            2 => Color32::from_rgb(0x6E, 0x35, 0xA8),
            3 => Color32::from_rgb(0x80, 0x5A, 0x00),
            4 => Color32::from_rgb(0x1D, 0x52, 0xB0),
            _ => Color32::from_rgb(0x9A, 0x4A, 0x00),
        }
    }
}

/// A piece's outline: dark on the light look, light on the dark one, so a
/// piece stands out from any hole or tint (WCAG's 3:1 for shapes).
pub fn piece_outline(arm: Arm, dark: bool) -> Color32 {
    if dark {
        lerp(arm_colour(arm), Color32::WHITE, 0.75)
    } else {
        lerp(arm_colour(arm), Color32::BLACK, 0.62)
    }
}

/// The corners of a regular polygon of `n` sides around `c`, the first at
/// `start` radians.
fn polygon(c: Pos2, r: f32, n: usize, start: f32) -> Vec<Pos2> {
    (0..n)
        .map(|i| c + Vec2::angled(start + i as f32 * std::f32::consts::TAU / n as f32) * r)
        .collect()
}

/// Draws one piece of `arm` at `c` with radius `r`, in its shape, with a
/// small light dot for depth.
pub fn draw_piece(painter: &egui::Painter, arm: Arm, c: Pos2, r: f32, pal: &Palette) {
    draw_piece_shape(painter, arm, c, r, pal);
    painter.circle_filled(c + Vec2::new(-r * 0.28, -r * 0.28), r * 0.17, shine(arm));
}

/// The colour of a piece's light dot.
fn shine(arm: Arm) -> Color32 {
    lerp(arm_colour(arm), Color32::WHITE, 0.55)
}

/// Draws one piece of `arm` at `c` with radius `r`, in its shape, plain:
/// a piece that carries its hole's number has no light dot, which hid
/// the number's first digit (issue 55: "120" read "f20").
pub fn draw_piece_shape(painter: &egui::Painter, arm: Arm, c: Pos2, r: f32, pal: &Palette) {
    let fill = arm_colour(arm);
    let outline = Stroke::new((r * 0.16).max(1.2), piece_outline(arm, pal.dark));
    let up = -std::f32::consts::FRAC_PI_2;
    match arm.number() {
        0 => {
            painter.circle(c, r, fill, outline);
        }
        1 => {
            // The triangle's centre of mass sits a little low, so that it
            // looks centred in its hole.
            let pts = polygon(c + Vec2::new(0.0, r * 0.15), r * 1.18, 3, up);
            painter.add(Shape::convex_polygon(pts, fill, outline));
        }
        2 => {
            // A star is not convex: a fan of triangles, then the outline.
            let outer = polygon(c, r * 1.2, 5, up);
            let inner = polygon(c, r * 0.58, 5, up + std::f32::consts::PI / 5.0);
            let mut rim = Vec::with_capacity(10);
            for i in 0..5 {
                rim.push(outer[i]);
                rim.push(inner[i]);
            }
            for i in 0..10 {
                painter.add(Shape::convex_polygon(
                    vec![c, rim[i], rim[(i + 1) % 10]],
                    fill,
                    Stroke::NONE,
                ));
            }
            rim.push(rim[0]);
            painter.add(Shape::line(rim, outline));
        }
        3 => {
            let rect = egui::Rect::from_center_size(c, Vec2::splat(r * 1.7));
            painter.rect(
                rect,
                egui::CornerRadius::same(2),
                fill,
                outline,
                egui::StrokeKind::Middle,
            );
        }
        4 => {
            let pts = polygon(c, r * 1.22, 4, up);
            painter.add(Shape::convex_polygon(pts, fill, outline));
        }
        _ => {
            // A hexagon with a flat top, unlike the round red piece.
            let pts = polygon(c, r * 1.1, 6, 0.0);
            painter.add(Shape::convex_polygon(pts, fill, outline));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::theme::contrast;

    fn panel(dark: bool) -> Color32 {
        if dark {
            Color32::from_gray(27)
        } else {
            Color32::from_gray(248)
        }
    }

    /// The filled circles of the light dot's colour `draw` paints.
    fn shines(draw: impl Fn(&egui::Painter)) -> usize {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| draw(ui.painter()));
        out.textures_delta.clear();
        out.shapes
            .iter()
            .filter(|s| {
                matches!(&s.shape, Shape::Circle(c)
                    if Arm::ALL.iter().any(|&a| c.fill == shine(a)))
            })
            .count()
    }

    #[test]
    fn a_numbered_piece_has_no_light_dot_over_its_number() {
        let pal = Palette::new(false);
        for arm in Arm::ALL {
            let c = Pos2::new(50.0, 50.0);
            assert_eq!(shines(|p| draw_piece(p, arm, c, 20.0, &pal)), 1);
            assert_eq!(shines(|p| draw_piece_shape(p, arm, c, 20.0, &pal)), 0);
        }
    }

    #[test]
    fn colour_names_read_on_both_looks() {
        for dark in [false, true] {
            for arm in Arm::ALL {
                let c = contrast(arm_text_colour(arm, dark), panel(dark));
                assert!(c >= 4.5, "arm {arm} dark={dark}: {c:.2}");
            }
        }
    }

    #[test]
    fn every_piece_stands_out_from_every_ground() {
        for dark in [false, true] {
            let pal = Palette::new(dark);
            let mut grounds = vec![pal.square, pal.background, pal.yard];
            grounds.extend(Arm::ALL.map(|a| arm_tint(a, dark)));
            for arm in Arm::ALL {
                for &g in &grounds {
                    let c = contrast(piece_outline(arm, dark), g);
                    assert!(c >= 3.0, "arm {arm} on {g:?} dark={dark}: {c:.2}");
                }
            }
        }
    }

    #[test]
    fn the_six_colours_are_six() {
        for a in Arm::ALL {
            for b in Arm::ALL {
                if a != b {
                    assert_ne!(arm_colour(a), arm_colour(b));
                }
            }
        }
    }
}
