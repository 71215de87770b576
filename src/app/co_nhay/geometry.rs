//! Where every hole of the star is on screen (CO-NHAY.md §1): hole `h`
//! has the grid point `(x, row)` of `board::POINTS`; neighbours in a row
//! are two `x` units apart and rows are `√3` units apart, so the six
//! neighbours of a hole sit at equal distances and the star is regular.

use egui::{Pos2, Rect, Vec2};
use game_co_nhay::engine::board::{ARM_TIPS, POINTS, hex_distance};
use game_co_nhay::engine::{ARM_MASKS, Arm, HOLES, Holes};

const ROOT3: f32 = 1.732_050_8;
/// The centre of the grid (hole 60).
const CENTRE: (f32, f32) = (12.0, 8.0);
/// The star's rim beyond the outer holes, in spacings (the board is
/// drawn in [`star_triangles`] with this margin).
pub const RIM: f32 = 0.75;
/// Board extent in x units around the centre: the outer holes are 12
/// units out, and a grown triangle's corner moves out twice the margin
/// (an equilateral triangle's corners are twice as far from its centre as
/// its sides), here at 30° from the horizontal.
const HALF_WIDTH: f32 = 12.0 + 2.0 * RIM * 2.0 * 0.866 + 0.3;
/// Board extent in y units (rows × √3) around the centre: the tips are 8
/// rows out, the rim's corners twice the margin further.
const HALF_HEIGHT: f32 = 8.0 * ROOT3 + 2.0 * RIM * 2.0 + 0.3;

/// The grid point of a hole.
pub fn hole_point(hole: u8) -> (f32, f32) {
    let (x, y) = POINTS[usize::from(hole).min(HOLES - 1)];
    (f32::from(x), f32::from(y))
}

/// Grid points to screen points.
#[derive(Copy, Clone, Debug)]
pub struct Transform {
    /// Where hole 60 is drawn.
    pub centre: Pos2,
    /// The length of one x unit: half the distance between neighbours.
    pub unit: f32,
    /// Sixths of a turn the board is turned anticlockwise, so that arm
    /// `turn` is at the bottom (a puzzle is seen from its own colour, as
    /// its player sees it at the table).
    pub turn: u8,
}

impl Transform {
    /// The largest board that fits in `rect`, centred.
    pub fn fit(rect: Rect) -> Transform {
        let unit = (rect.width() / (2.0 * HALF_WIDTH)).min(rect.height() / (2.0 * HALF_HEIGHT));
        Transform {
            centre: rect.center(),
            unit: unit.max(1.0),
            turn: 0,
        }
    }

    /// The same board turned so that `arm` is at the bottom (the star is
    /// the same shape every sixth of a turn: it still fits).
    pub fn seen_from(self, arm: Arm) -> Transform {
        Transform {
            turn: arm.index() as u8 % 6,
            ..self
        }
    }

    /// The screen point of a grid point.
    pub fn point(&self, (x, y): (f32, f32)) -> Pos2 {
        let v = Vec2::new(
            (x - CENTRE.0) * self.unit,
            -(y - CENTRE.1) * ROOT3 * self.unit,
        );
        if self.turn == 0 {
            return self.centre + v;
        }
        // Anticlockwise on the screen (its y axis points down).
        let (sin, cos) = (f32::from(self.turn) * std::f32::consts::FRAC_PI_3).sin_cos();
        self.centre + Vec2::new(v.x * cos + v.y * sin, -v.x * sin + v.y * cos)
    }

    /// The screen point of a hole.
    pub fn hole(&self, hole: u8) -> Pos2 {
        self.point(hole_point(hole))
    }

    /// The distance between two neighbouring holes.
    pub fn spacing(&self) -> f32 {
        2.0 * self.unit
    }

    /// The rectangle the board takes.
    pub fn rect(&self) -> Rect {
        Rect::from_center_size(
            self.centre,
            Vec2::new(2.0 * HALF_WIDTH, 2.0 * HALF_HEIGHT) * self.unit,
        )
    }

    /// The hole nearest a screen point, if it is within half a spacing.
    pub fn hole_at(&self, p: Pos2) -> Option<u8> {
        (0..HOLES as u8)
            .map(|h| (h, self.hole(h).distance(p)))
            .filter(|(_, d)| *d <= self.unit)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(h, _)| h)
    }
}

/// A triangle grown about its centre so that each side moves out by
/// `margin` (an equilateral triangle's inradius is a third of its
/// height).
fn grown(corners: [Pos2; 3], margin: f32) -> Vec<Pos2> {
    let c = Pos2::new(
        (corners[0].x + corners[1].x + corners[2].x) / 3.0,
        (corners[0].y + corners[1].y + corners[2].y) / 3.0,
    );
    let inradius = c.distance(corners[0]) / 2.0;
    let scale = (inradius + margin) / inradius.max(1e-3);
    corners.iter().map(|p| c + (*p - c) * scale).collect()
}

/// The star's outline as two triangles (pointing up and down), grown by
/// `margin` spacings beyond the outer holes.
pub fn star_triangles(t: &Transform, margin: f32) -> [Vec<Pos2>; 2] {
    let m = margin * t.spacing();
    [
        grown(
            [
                t.point((0.0, 4.0)),
                t.point((24.0, 4.0)),
                t.point((12.0, 16.0)),
            ],
            m,
        ),
        grown(
            [
                t.point((12.0, 0.0)),
                t.point((24.0, 12.0)),
                t.point((0.0, 12.0)),
            ],
            m,
        ),
    ]
}

/// The three corner holes of an arm: its tip and the two ends of its row
/// nearest the middle.
pub fn arm_corners(arm: Arm) -> [u8; 3] {
    let tip = ARM_TIPS[arm.index()];
    let far: Vec<u8> = Holes(ARM_MASKS[arm.index()])
        .filter(|&h| hex_distance(h, tip) == 3)
        .collect();
    let mut best = (tip, tip, 0.0f32);
    for &a in &far {
        for &b in &far {
            let (pa, pb) = (hole_point(a), hole_point(b));
            let d = (pa.0 - pb.0).powi(2) + ((pa.1 - pb.1) * ROOT3).powi(2);
            if d > best.2 {
                best = (a, b, d);
            }
        }
    }
    [tip, best.0, best.1]
}

/// An arm's triangle on screen, grown by `margin` spacings.
pub fn arm_triangle(t: &Transform, arm: Arm, margin: f32) -> Vec<Pos2> {
    let [a, b, c] = arm_corners(arm);
    grown([t.hole(a), t.hole(b), t.hole(c)], margin * t.spacing())
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_co_nhay::engine::board::NEIGHBOURS;

    #[test]
    fn neighbours_are_one_spacing_apart_and_others_further() {
        let t = Transform::fit(Rect::from_min_size(Pos2::ZERO, Vec2::splat(700.0)));
        for a in 0..HOLES as u8 {
            for b in Holes(NEIGHBOURS[usize::from(a)]) {
                let d = t.hole(a).distance(t.hole(b));
                assert!((d - t.spacing()).abs() < 0.01, "{a}-{b}: {d}");
            }
            for b in 0..HOLES as u8 {
                if a != b && NEIGHBOURS[usize::from(a)] >> b & 1 == 0 {
                    assert!(t.hole(a).distance(t.hole(b)) > t.spacing() * 1.5);
                }
            }
        }
    }

    #[test]
    fn the_board_fits_its_rectangle_with_arm_0_at_the_bottom() {
        for size in [Vec2::new(300.0, 700.0), Vec2::new(900.0, 500.0)] {
            let area = Rect::from_min_size(Pos2::new(10.0, 20.0), size);
            let t = Transform::fit(area);
            for h in 0..HOLES as u8 {
                assert!(area.contains(t.hole(h)), "hole {h}");
                assert_eq!(t.hole_at(t.hole(h)), Some(h));
            }
            assert!(area.expand(0.5).contains_rect(t.rect()));
            // Hole 0 is the bottom tip, 120 the top one.
            assert!(t.hole(0).y > t.hole(60).y && t.hole(120).y < t.hole(60).y);
        }
    }

    #[test]
    fn a_board_seen_from_an_arm_has_that_arm_at_the_bottom_and_still_fits() {
        let area = Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(600.0, 640.0));
        for arm in Arm::ALL {
            let t = Transform::fit(area).seen_from(arm);
            let tip = ARM_TIPS[arm.index()];
            let lowest = (0..HOLES as u8)
                .max_by(|a, b| t.hole(*a).y.total_cmp(&t.hole(*b).y))
                .unwrap_or(0);
            assert_eq!(lowest, tip, "arm {}", arm.index());
            // Its tip straight under the centre, the star within the area.
            assert!((t.hole(tip).x - t.hole(60).x).abs() < 0.01);
            for h in 0..HOLES as u8 {
                assert!(area.expand(1.0).contains(t.hole(h)), "hole {h}");
                assert_eq!(t.hole_at(t.hole(h)), Some(h));
            }
            for (a, b) in [(0u8, 1u8), (60, 61)] {
                let d = t.hole(a).distance(t.hole(b));
                assert!((d - t.spacing()).abs() < 0.01);
            }
        }
    }

    #[test]
    fn every_arm_has_its_tip_and_two_far_corners() {
        for arm in Arm::ALL {
            let [tip, b, c] = arm_corners(arm);
            assert_eq!(tip, ARM_TIPS[arm.index()]);
            assert_ne!(b, c);
            for h in [b, c] {
                assert!(ARM_MASKS[arm.index()] >> h & 1 == 1);
                assert_eq!(hex_distance(tip, h), 3);
            }
        }
        // Arm 0 (CO-NHAY.md §1): tip 0, row 3 from 6 to 9.
        let [_, b, c] = arm_corners(Arm::ALL[0]);
        assert_eq!((b.min(c), b.max(c)), (6, 9));
    }
}
