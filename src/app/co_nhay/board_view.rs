//! The star board, drawn with egui's painter (vector shapes, crisp at any
//! size) through a grid-to-screen transform: the star, each arm tinted in
//! its player's colour, the 121 holes, the pieces in their colours and
//! shapes, the last move, the move being shown hop by hop. Every piece
//! that can move and every hole the chosen piece can reach is a widget
//! with an accessible name, so the board can be played with the keyboard
//! and a screen reader.

use super::geometry::{RIM, Transform, arm_triangle, star_triangles};
use super::look::{arm_colour, arm_text_colour, arm_tint, draw_piece};
use crate::app::theme::{Palette, lerp};
use egui::{Color32, FontId, Pos2, Role, Sense, Shape, Stroke, Ui, Vec2};
use game_co_nhay::engine::board::{NEIGHBOUR, hex_distance};
use game_co_nhay::engine::{ARMS, Arm, HOLES, Move};

/// A piece the person to play may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovablePiece {
    /// Where it stands.
    pub hole: u8,
    /// Whose it is.
    pub arm: Arm,
    /// Its accessible name ("Quân đỏ ở ô 23, đi được đến 4 ô").
    pub label: String,
    /// It is the chosen piece.
    pub selected: bool,
}

/// A hole the chosen piece can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The move there.
    pub mv: Move,
    /// The hole.
    pub hole: u8,
    /// Its accessible name ("Nhảy đến ô 45, 3 lần nhảy").
    pub label: String,
    /// The holes the piece would visit, both ends included.
    pub path: Vec<u8>,
    /// Jumps on the way (0: a step).
    pub jumps: usize,
    /// The landings on the way, in words (its accessible description).
    pub via: Option<String>,
}

/// What the board shows.
#[derive(Clone, Debug)]
pub struct BoardInput {
    /// Pieces standing still: hole and owner.
    pub pieces: Vec<(u8, Arm)>,
    /// A piece in motion: owner, grid point, and how high it is in its
    /// hop (0–1).
    pub floating: Option<(Arm, (f32, f32), f32)>,
    /// Each arm's tint: the colour, and whether its player starts there
    /// (or only heads for it).
    pub tints: [Option<(Arm, bool)>; ARMS],
    /// The arm to move.
    pub turn: Option<Arm>,
    /// Pieces the person to play may choose.
    pub movable: Vec<MovablePiece>,
    /// Holes the chosen piece can reach.
    pub targets: Vec<Target>,
    /// The hinted move.
    pub hint: Option<Move>,
    /// A mistake shown by the analysis: the move played and the better
    /// one.
    pub compare: Option<(Move, Move)>,
    /// The last move, marked until the next one: who, and its path.
    pub last_move: Option<(Arm, Vec<u8>)>,
    /// The path of the target under the pointer (with none, those of the
    /// picked piece's chains of jumps, or of its only target).
    pub preview: Vec<(Arm, Vec<u8>)>,
    /// Dark look.
    pub dark: bool,
    /// The board's accessible name.
    pub label: String,
    /// The piece (by hole) to give the keyboard focus this frame.
    pub focus_piece: Option<u8>,
    /// The target hole to give the keyboard focus this frame.
    pub focus_target: Option<u8>,
    /// Number every hole.
    pub numbers: bool,
    /// The arm drawn at the bottom (arm 0 but in a lesson or a puzzle,
    /// seen from its learner's arm).
    pub bottom: Arm,
}

/// What a click on the board asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardAction {
    /// Choose (or put back) the piece on this hole.
    Select(u8),
    /// Make this move.
    Move(Move),
}

/// What the board reported this frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardOutput {
    /// What was clicked.
    pub action: Option<BoardAction>,
    /// The target under the pointer or the keyboard focus.
    pub hovered: Option<Move>,
    /// A board widget has the keyboard focus.
    pub focused: bool,
}

/// Draws the board in the space available.
pub fn board_ui(ui: &mut Ui, input: &BoardInput) -> BoardOutput {
    // The whole area is taken so the board never pushes the panels.
    let area = ui.available_rect_before_wrap();
    ui.allocate_rect(area, Sense::hover());
    let t = Transform::fit(area.shrink(4.0)).seen_from(input.bottom);
    let response = ui.interact(t.rect(), ui.scope_id().with("nhay-board"), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(Role::Image, true, &input.label));
    let pal = Palette::new(input.dark);
    let painter = ui.painter_at(area);
    draw_star(&painter, &t, &pal, input);
    if let Some((arm, path)) = &input.last_move {
        draw_path(&painter, &t, *arm, path, &pal, false);
    }
    let r = t.spacing() * 0.36;
    for (hole, arm) in &input.pieces {
        if input.numbers {
            // Nothing light under the number (issue 55).
            super::look::draw_piece_shape(&painter, *arm, t.hole(*hole), r, &pal);
        } else {
            draw_piece(&painter, *arm, t.hole(*hole), r, &pal);
        }
    }
    if input.numbers {
        // A piece carries its hole's number too: the hints, the log and
        // the moves name the hole a piece leaves (issue 45).
        let font = FontId::proportional(t.unit * 0.5);
        for (hole, arm) in &input.pieces {
            let ink = crate::app::theme::ink_on(arm_colour(*arm));
            painter.text(
                t.hole(*hole),
                egui::Align2::CENTER_CENTER,
                hole.to_string(),
                font.clone(),
                ink,
            );
        }
    }
    // The hops of the target under the pointer, over the pieces they clear
    // (under them, the pieces hid the whole path).
    for (arm, path) in &input.preview {
        draw_path(&painter, &t, *arm, path, &pal, true);
    }
    let out = interact(ui, &t, &pal, input);
    if let Some(mv) = input.hint {
        draw_hint(&painter, &t, mv);
    }
    if let Some((played, better)) = input.compare
        && let (Some((a, b)), Some((c, d))) = (played.ends(), better.ends())
    {
        let h = |x| t.hole(x);
        crate::app::move_marks::draw_compare(&painter, (h(a), h(b)), (h(c), h(d)), t.spacing());
    }
    if let Some((arm, at, lift)) = input.floating {
        let c = t.point(at);
        let up = Vec2::new(0.0, -lift * t.spacing() * 0.45);
        painter.circle_filled(
            c + Vec2::new(t.unit * 0.1, t.unit * 0.15),
            r * (1.0 + 0.15 * lift),
            Color32::from_black_alpha(60),
        );
        draw_piece(&painter, arm, c + up, r * (1.0 + 0.12 * lift), &pal);
    }
    out
}

/// The star, its tinted arms, the lines between holes and the holes.
fn draw_star(painter: &egui::Painter, t: &Transform, pal: &Palette, input: &BoardInput) {
    // The outline of the union of two triangles: both filled in the rim
    // colour, then both again, smaller, in the board's colour.
    let rim = lerp(pal.grid, pal.background, 0.15);
    for tri in star_triangles(t, RIM) {
        painter.add(Shape::convex_polygon(tri, rim, Stroke::NONE));
    }
    let board = pal.square;
    for tri in star_triangles(t, RIM - 0.1) {
        painter.add(Shape::convex_polygon(tri, board, Stroke::NONE));
    }
    for arm in Arm::ALL {
        let Some((colour, home)) = input.tints[arm.index()] else {
            continue;
        };
        let tint = if home {
            arm_tint(colour, pal.dark)
        } else {
            lerp(board, arm_tint(colour, pal.dark), 0.5)
        };
        painter.add(Shape::convex_polygon(
            arm_triangle(t, arm, 0.55),
            tint,
            Stroke::NONE,
        ));
    }
    if let Some(arm) = input.turn {
        // The home arm of the player to move, outlined in its colour.
        let mut tri = arm_triangle(t, arm, 0.55);
        tri.push(tri[0]);
        painter.add(Shape::line(
            tri,
            Stroke::new((t.unit * 0.14).max(2.0), arm_colour(arm)),
        ));
    }
    // Lines between neighbours: three directions from each hole draw
    // every line once.
    let line = Stroke::new(
        (t.unit * 0.06).max(1.0),
        lerp(pal.grid, board, if pal.dark { 0.35 } else { 0.6 }),
    );
    for (h, neighbours) in NEIGHBOUR.iter().enumerate() {
        for &n in &neighbours[..3] {
            if n != u8::MAX {
                painter.line_segment([t.hole(h as u8), t.hole(n)], line);
            }
        }
    }
    let pit = lerp(pal.grid, board, if pal.dark { 0.1 } else { 0.45 });
    let rim = Stroke::new((t.unit * 0.05).max(1.0), lerp(pal.grid, board, 0.2));
    let font = FontId::proportional(t.unit * 0.55);
    let occupied: Vec<u8> = input.pieces.iter().map(|(h, _)| *h).collect();
    for h in 0..HOLES as u8 {
        let c = t.hole(h);
        painter.circle(c, t.unit * 0.42, pit, rim);
        if input.numbers && !occupied.contains(&h) {
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                h.to_string(),
                font.clone(),
                pal.ink,
            );
        }
    }
}

/// A path through holes: the last move (solid, in the mover's colour, a
/// ring where it started) or a preview (dashed, in the highlight colour,
/// the piece seen faintly where it would land).
fn draw_path(
    painter: &egui::Painter,
    t: &Transform,
    arm: Arm,
    path: &[u8],
    pal: &Palette,
    preview: bool,
) {
    let Some(&start) = path.first() else {
        return;
    };
    let colour = arm_text_colour(arm, pal.dark);
    let width = (t.unit * 0.22).max(2.0);
    let points: Vec<Pos2> = path.iter().map(|h| t.hole(*h)).collect();
    if preview {
        // As Cờ Cá Ngựa's preview: the way in the highlight colour over a
        // dark halo (it shows over pieces of every colour), a dot at each
        // landing on the way, and the piece seen faintly where it lands.
        let halo = Color32::from_black_alpha(if pal.dark { 200 } else { 150 });
        painter.add(Shape::line(points.clone(), Stroke::new(width * 2.0, halo)));
        painter.extend(Shape::dashed_line(
            &points,
            Stroke::new(width, pal.highlight),
            t.unit * 0.5,
            t.unit * 0.3,
        ));
        for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
            painter.circle(
                *p,
                width * 1.3,
                pal.highlight,
                Stroke::new(width * 0.5, halo),
            );
        }
        if let Some(end) = points.last() {
            draw_piece(painter, arm, *end, t.spacing() * 0.3, pal);
            painter.circle_filled(*end, t.spacing() * 0.34, pal.square.gamma_multiply(0.45));
        }
        return;
    }
    painter.add(Shape::line(
        points.clone(),
        Stroke::new(width, colour.gamma_multiply(0.75)),
    ));
    painter.circle_stroke(
        t.hole(start),
        t.spacing() * 0.4,
        Stroke::new(width * 0.8, colour),
    );
    // Each landing on the way, a dot.
    for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
        painter.circle_filled(*p, width * 0.9, colour);
    }
}

/// The hint: a golden ring on the piece and on its target, joined.
fn draw_hint(painter: &egui::Painter, t: &Transform, mv: Move) {
    let Some((from, to)) = mv.ends() else {
        return;
    };
    let gold = Stroke::new((t.unit * 0.2).max(2.0), Color32::from_rgb(0xF2, 0xA9, 0x00));
    let (a, b) = (t.hole(from), t.hole(to));
    painter.circle_stroke(a, t.spacing() * 0.52, gold);
    painter.circle_stroke(b, t.spacing() * 0.42, gold);
    if hex_distance(from, to) > 1 {
        painter.line_segment([a, b], Stroke::new(gold.width * 0.5, gold.color));
    }
}

/// The keyboard focus: a thick ring in the text colour with a light halo,
/// unlike the hover ring, so it shows on every hole.
fn focus_ring(painter: &egui::Painter, c: Pos2, r: f32, pal: &Palette) {
    painter.circle_stroke(c, r + 2.0, Stroke::new(4.0, pal.square));
    painter.circle_stroke(c, r, Stroke::new(3.0, pal.text));
}

fn dashed_circle(painter: &egui::Painter, c: Pos2, r: f32, stroke: Stroke) {
    let n = 32;
    let points: Vec<Pos2> = (0..=n)
        .map(|i| c + Vec2::angled(i as f32 / n as f32 * std::f32::consts::TAU) * r)
        .collect();
    painter.extend(Shape::dashed_line(&points, stroke, r * 0.3, r * 0.2));
}

/// Each target's and each piece's centre, with what a tap there asks: a
/// tap between two goes to the nearest.
fn taps(t: &Transform, input: &BoardInput) -> Vec<(Pos2, BoardAction)> {
    input
        .targets
        .iter()
        .map(|target| (t.hole(target.hole), BoardAction::Move(target.mv)))
        .chain(
            input
                .movable
                .iter()
                .map(|m| (t.hole(m.hole), BoardAction::Select(m.hole))),
        )
        .collect()
}

fn interact(ui: &mut Ui, t: &Transform, pal: &Palette, input: &BoardInput) -> BoardOutput {
    let mut out = BoardOutput::default();
    let painter = ui.painter().clone();
    let stroke = Stroke::new((t.unit * 0.12).max(1.5), pal.highlight);
    let size = t.spacing() * 0.95;
    let taps = taps(t, input);
    // With a piece chosen, its targets come first in the keyboard order.
    for target in &input.targets {
        let c = t.hole(target.hole);
        if input.numbers {
            // The hole's number stays readable: a ring around it, no dot.
            painter.circle_stroke(c, t.spacing() * 0.46, stroke);
        } else {
            painter.circle_stroke(c, t.spacing() * 0.3, stroke);
            painter.circle_filled(c, t.spacing() * 0.1, pal.highlight);
        }
        let id = ui.scope_id().with(("nhay-target", target.mv.ends()));
        // A thumb's size on a phone, whatever the hole's.
        let rect = crate::app::touch::target_rect(ui, c, size);
        let response = ui.interact(rect, id, Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, &target.label));
        if let Some(via) = &target.via {
            ui.ctx()
                .accesskit_node_builder(response.id, |node| node.set_description(via.clone()));
        }
        if input.focus_target == Some(target.hole) {
            response.request_focus();
        }
        if response.has_focus() {
            focus_ring(&painter, c, t.spacing() * 0.45, pal);
            out.focused = true;
            out.hovered = Some(target.mv);
        } else if response.hovered() {
            painter.circle_stroke(
                c,
                t.spacing() * 0.42,
                Stroke::new(stroke.width, pal.highlight),
            );
        }
        if response.hovered() {
            out.hovered = Some(target.mv);
        }
        if response.clicked() {
            out.action = Some(
                crate::app::touch::nearest(&response, &taps)
                    .unwrap_or(BoardAction::Move(target.mv)),
            );
        }
    }
    for m in &input.movable {
        let c = t.hole(m.hole);
        let r = t.spacing() * 0.5;
        if m.selected {
            painter.circle_stroke(c, r, Stroke::new(stroke.width * 1.6, pal.highlight));
        } else {
            dashed_circle(&painter, c, r, stroke);
        }
        let id = ui.scope_id().with(("nhay-piece", m.hole));
        let rect = crate::app::touch::target_rect(ui, c, size);
        let response = ui.interact(rect, id, Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, &m.label));
        if input.focus_piece == Some(m.hole) {
            response.request_focus();
        }
        if response.has_focus() {
            focus_ring(&painter, c, r * 1.15, pal);
            out.focused = true;
        } else if response.hovered() {
            painter.circle_stroke(c, r * 1.1, Stroke::new(stroke.width * 0.7, pal.highlight));
        }
        if response.clicked() {
            out.action = Some(
                crate::app::touch::nearest(&response, &taps).unwrap_or(BoardAction::Select(m.hole)),
            );
        }
    }
    out
}
