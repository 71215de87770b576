//! Targets on a board for a finger (issue 54): on a phone's layout each
//! piece that can move and each square it can go to is a target at least
//! a thumb's size (egui's `interact_size`, which the layout sets), larger
//! than the square it stands on; where two such targets overlap, a tap
//! goes to the one whose centre is nearest.

use egui::{Pos2, Rect, Response, Ui, Vec2};

/// A target's rectangle around `centre`: `side`, or the layout's least
/// target where that is larger.
pub fn target_rect(ui: &Ui, centre: Pos2, side: f32) -> Rect {
    Rect::from_center_size(centre, Vec2::splat(side.max(ui.spacing().interact_size.y)))
}

/// Of `candidates` (each a centre and what it stands for), the one a
/// pointer's tap on `response` meant: the nearest to where the tap was.
/// `None` when the click came from no pointer (a key, a screen reader),
/// which means the response's own target.
pub fn nearest<T: Clone>(response: &Response, candidates: &[(Pos2, T)]) -> Option<T> {
    let at = response.interact_pointer_pos()?;
    candidates
        .iter()
        .min_by(|a, b| a.0.distance_sq(at).total_cmp(&b.0.distance_sq(at)))
        .map(|(_, t)| t.clone())
}
