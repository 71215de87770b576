//! The board: drawn with egui's painter (vector shapes, crisp at any size)
//! through a board-to-screen transform. Clicks on horses and target squares
//! become actions; every horse that can move is also a widget with an
//! accessible name, so the board can be played with a screen reader.

use super::dice_view::{self, DieView};
use super::geometry::{CENTRE_CELL, GRID, Place, place_centre, yard_origin};
use super::marks::LastMove;
use super::paint::{self as fx, Preview, Transform, draw_horse};
use crate::app::ca_ngua::colours::{seat_colour, seat_tint};
use crate::app::theme::{Palette, lerp};
use egui::{
    Color32, CornerRadius, FontId, Pos2, Rect, Response, Role, Sense, Shape, Stroke, Ui, Vec2,
};
use game_ca_ngua::engine::{Move, Seat};
use std::collections::BTreeMap;

mod ground;
use ground::draw_board;

/// One horse to draw.
#[derive(Clone, Debug)]
pub struct Sprite {
    /// Its colour.
    pub seat: Seat,
    /// Its number (1–4), the same for the whole game.
    pub number: u8,
    /// Where it stands (for grouping with others).
    pub place: Place,
}

/// A horse that can move, with the move(s) it offers.
#[derive(Clone, Debug)]
pub struct Movable {
    /// Its colour.
    pub seat: Seat,
    /// Its progress (the FROM of its moves).
    pub from: u8,
    /// Its number (1–4), the same for the whole game.
    pub number: u8,
    /// Where it is drawn.
    pub place: Place,
    /// Its accessible name ("Ngựa đỏ 2, ô 15, đi đến ô 21, đá Xanh lá").
    pub label: String,
}

/// What the board shows.
#[derive(Clone, Debug)]
pub struct BoardInput {
    /// Horses standing still.
    pub sprites: Vec<Sprite>,
    /// A horse in motion, drawn on top at a point in grid units.
    pub floating: Vec<(Seat, (f32, f32))>,
    /// The colours that play.
    pub playing: [bool; 4],
    /// The colour to move, for the turn marker.
    pub turn: Option<Seat>,
    /// Horses the person to play may click.
    pub movable: Vec<Movable>,
    /// Target squares of the selected horse, when it has several moves.
    pub targets: Vec<(Move, Place, String)>,
    /// Counter-clockwise play: the board is mirrored.
    pub mirrored: bool,
    /// The hinted move: from where to where.
    pub hint: Option<(Place, Place)>,
    /// A mistake shown by the analysis: the move played and the better
    /// one, each from and to.
    pub compare: Option<((Place, Place), (Place, Place))>,
    /// Star squares are safe under the rules in force (drawn only then, so
    /// that the board never promises a safety the rules do not give).
    pub stars: bool,
    /// Dark look.
    pub dark: bool,
    /// Accessible name of the whole board.
    pub label: String,
    /// The horse (by number) to give the keyboard focus this frame.
    pub focus_horse: Option<u8>,
    /// The dice, in the yard of whose roll it is.
    pub die: Option<DieView>,
    /// The dice roll when clicked (a person here is to roll): their
    /// accessible name and tooltip.
    pub die_rolls: Option<String>,
    /// Who plays each colour, written on its yard ("Bạn", "Máy – Vừa").
    pub names: [String; 4],
    /// The last move, marked until the next one.
    pub last_move: Option<LastMove>,
    /// Squares flashing where horses were kicked: colour and progress 0–1.
    pub flashes: Vec<(Place, Seat, f32)>,
    /// A banner over the board: text, colour and progress 0–1.
    pub banner: Option<(String, Seat, f32)>,
    /// Where the horse under the pointer (or the move under it in the
    /// list) would land.
    pub preview: Vec<Preview>,
    /// Every track square numbered (otherwise the starts, the stars and
    /// every fifth square).
    pub all_numbers: bool,
}

/// What a click on the board asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardAction {
    /// A horse was picked: its move is made, or, with several, its
    /// targets shown.
    Select {
        /// Where it stands.
        from: u8,
        /// Its number.
        number: u8,
    },
    /// Make this move.
    Move(Move),
    /// Roll the dice (the blank die in the yard was clicked).
    Roll,
}

/// Draws the board in the space available and returns what was clicked.
pub fn board_ui(ui: &mut Ui, input: &BoardInput) -> Option<BoardAction> {
    board_ui_with_hover(ui, input).0
}

/// Draws the board; returns what was clicked and the progress of the
/// movable horse under the pointer, if any.
pub fn board_ui_with_hover(ui: &mut Ui, input: &BoardInput) -> (Option<BoardAction>, Option<u8>) {
    // The largest square that fits, centred; the whole area is taken so
    // the board never pushes the panels around.
    let area = ui.available_rect_before_wrap();
    let side = area.width().min(area.height()).max(120.0);
    let rect = Rect::from_center_size(area.center(), Vec2::splat(side));
    ui.allocate_rect(area, Sense::hover());
    let board_response = ui.interact(rect, ui.scope_id().with("board"), Sense::hover());
    board_response.widget_info(|| egui::WidgetInfo::labeled(Role::Image, true, &input.label));
    let t = Transform {
        origin: rect.min,
        cell: side / GRID,
        mirrored: input.mirrored,
    };
    say_where(ui, &t);
    let pal = Palette::new(input.dark);
    let painter = ui.painter_at(rect);
    draw_board(&painter, &t, &pal, input);
    if let Some(last) = &input.last_move {
        fx::draw_last_move(&painter, &t, last, input.dark);
    }
    for (place, seat, u) in &input.flashes {
        fx::draw_flash(&painter, &t, *place, *seat, *u);
    }
    draw_horses(&painter, &t, &pal, input);
    if let Some(die) = &input.die {
        let yard = t.rect(yard_origin(die.seat), 6, 6);
        dice_view::draw(&painter, yard, t.cell, die, &pal);
    }
    for p in &input.preview {
        fx::draw_preview(&painter, &t, p, &pal);
    }
    let out = interact(ui, &t, &pal, input);
    if let Some((text, seat, u)) = &input.banner {
        fx::draw_banner(&painter, &t, text, *seat, *u);
    }
    out
}

/// In a browser's page, says in its console where the board is whenever
/// that changes (a new window's size, the phone turned): `board at X Y
/// cell C [mirrored]`, in CSS pixels, the grid's corner and one cell's
/// side. A bug report then says what the player's screen showed, and the
/// browser tests (tests/browser) tap the horses where a finger
/// would. The desktop's log stays quiet as a window is dragged larger.
fn say_where(ui: &Ui, t: &Transform) {
    if !cfg!(target_arch = "wasm32") {
        return;
    }
    let id = egui::Id::unique("ca-ngua board at");
    let now = (t.origin.x, t.origin.y, t.cell, t.mirrored);
    let before = ui.ctx().data(|d| d.get_temp::<(f32, f32, f32, bool)>(id));
    if before != Some(now) {
        ui.ctx().data_mut(|d| d.insert_temp(id, now));
        let mirrored = if t.mirrored { " mirrored" } else { "" };
        tracing::info!(
            "board at {:.1} {:.1} cell {:.3}{mirrored}",
            t.origin.x,
            t.origin.y,
            t.cell
        );
    }
}

/// `n` horses of one colour at `c`: one horse, or a stack (a second horse
/// peeking out below it) with the count drawn on the top horse itself, so
/// the number can belong to no other piece.
fn stack(painter: &egui::Painter, seat: Seat, c: Pos2, r: f32, n: usize, pal: &Palette) {
    if n > 1 {
        draw_horse(painter, seat, c + Vec2::new(r * 0.28, r * 0.28), r, pal);
    }
    draw_horse(painter, seat, c, r, pal);
    if n > 1 {
        let ink = crate::app::theme::ink_on(seat_colour(seat));
        let halo = if ink == Color32::WHITE {
            Color32::from_black_alpha(140)
        } else {
            Color32::from_white_alpha(160)
        };
        let font = FontId::proportional((r * 1.3).max(9.0));
        let at = c + Vec2::new(r * 0.05, r * 0.08);
        // A faint halo under the digit keeps it readable over the
        // piece's light spot.
        for d in [
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, -1.0),
        ] {
            painter.text(
                at + d,
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                font.clone(),
                halo,
            );
        }
        painter.text(at, egui::Align2::CENTER_CENTER, n.to_string(), font, ink);
    }
}

/// The corner of the centre region where a colour's horses home are shown:
/// the one clockwise of its home column (red's is above red's column).
const fn home_corner(seat: Seat) -> (u8, u8) {
    match seat {
        Seat::Red => (6, 6),
        Seat::Green => (8, 6),
        Seat::Yellow => (8, 8),
        Seat::Blue => (6, 8),
    }
}

fn draw_horses(painter: &egui::Painter, t: &Transform, pal: &Palette, input: &BoardInput) {
    // Group horses by place: several on one square stay visible and
    // countable.
    let mut groups: BTreeMap<Place, Vec<(Seat, usize)>> = BTreeMap::new();
    for s in &input.sprites {
        let g = groups.entry(s.place).or_default();
        match g.iter_mut().find(|(seat, _)| *seat == s.seat) {
            Some((_, n)) => *n += 1,
            None => g.push((s.seat, 1)),
        }
    }
    for (place, group) in &groups {
        let centre = t.point(place_centre(*place));
        if let Place::Yard(..) = place {
            for (seat, _) in group {
                draw_horse(painter, *seat, centre, t.cell * 0.42, pal);
            }
            continue;
        }
        if *place == Place::Cell(CENTRE_CELL.0, CENTRE_CELL.1) {
            // Horses home: the centre is one square for four colours, too
            // small for four stacks; each colour's stack sits, full size
            // and with its count, in the free corner of the centre region
            // beside its home column, tinted in its colour.
            for (seat, n) in group {
                let r = t.cell_rect(home_corner(*seat)).shrink(t.cell * 0.04);
                painter.rect(
                    r,
                    CornerRadius::same(4),
                    lerp(seat_tint(*seat, input.dark), pal.square, 0.3),
                    Stroke::new((t.cell * 0.04).max(1.0), seat_colour(*seat)),
                    egui::StrokeKind::Inside,
                );
                stack(painter, *seat, r.center(), t.cell * 0.3, *n, pal);
            }
            continue;
        }
        // One colour: one large horse, or a stack with its count on it.
        // Several colours (a safe square): one horse or stack each, side by
        // side or in the corners, as large as the square holds; each count
        // is on its own stack, never between two.
        let spots: Vec<(Pos2, f32)> = match group.len() {
            1 => vec![(centre, t.cell * 0.33)],
            2 => vec![
                (centre - Vec2::new(t.cell * 0.23, 0.0), t.cell * 0.24),
                (centre + Vec2::new(t.cell * 0.23, 0.0), t.cell * 0.24),
            ],
            _ => [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
                .into_iter()
                .map(|(x, y)| (centre + Vec2::new(x, y) * t.cell * 0.235, t.cell * 0.22))
                .collect(),
        };
        for ((c, r), (seat, n)) in spots.into_iter().zip(group) {
            stack(painter, *seat, c, r, *n, pal);
        }
    }
    for (seat, at) in &input.floating {
        let c = t.point(*at);
        painter.circle_filled(
            c + Vec2::new(t.cell * 0.05, t.cell * 0.08),
            t.cell * 0.34,
            Color32::from_black_alpha(60),
        );
        draw_horse(painter, *seat, c, t.cell * 0.34, pal);
    }
}

/// The keyboard focus on the board: a thick ring in the text colour with a
/// light halo, unlike the hover ring, so it shows on every square.
fn focus_ring(painter: &egui::Painter, c: Pos2, r: f32, cell: f32, pal: &Palette) {
    painter.circle_stroke(
        c,
        r + cell * 0.05,
        Stroke::new((cell * 0.12).max(3.0), pal.square),
    );
    painter.circle_stroke(c, r, Stroke::new((cell * 0.08).max(2.0), pal.text));
}

fn dashed_circle(painter: &egui::Painter, c: Pos2, r: f32, stroke: Stroke) {
    let n = 40;
    let points: Vec<Pos2> = (0..=n)
        .map(|i| c + Vec2::angled(i as f32 / n as f32 * std::f32::consts::TAU) * r)
        .collect();
    painter.extend(Shape::dashed_line(&points, stroke, r * 0.28, r * 0.18));
}

fn interact(
    ui: &mut Ui,
    t: &Transform,
    pal: &Palette,
    input: &BoardInput,
) -> (Option<BoardAction>, Option<u8>) {
    let mut action = die_ui(ui, t, pal, input);
    let mut hovered = None;
    let painter = ui.painter().clone();
    let stroke = Stroke::new((t.cell * 0.07).max(1.5), pal.highlight);
    let taps = taps(t, input);
    for m in &input.movable {
        let c = t.point(place_centre(m.place));
        let r = if matches!(m.place, Place::Yard(..)) {
            t.cell * 0.7
        } else {
            t.cell * 0.55
        };
        dashed_circle(&painter, c, r, stroke);
        // A thumb's size on a phone, whatever the square's.
        let rect = crate::app::touch::target_rect(ui, c, r * 2.0);
        // One widget per horse, named by its number: horses sharing a
        // square are each reachable and named.
        let id = ui.scope_id().with(("horse", m.seat, m.number));
        let response: Response = ui.interact(rect, id, Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, &m.label));
        if input.focus_horse == Some(m.number) {
            response.request_focus();
        }
        if response.has_focus() {
            focus_ring(&painter, c, r * 1.18, t.cell, pal);
        } else if response.hovered() {
            painter.circle_stroke(c, r * 1.08, Stroke::new(stroke.width * 0.6, pal.highlight));
        }
        if response.hovered() {
            hovered = Some(m.from);
        }
        if response.clicked() {
            let own = BoardAction::Select {
                from: m.from,
                number: m.number,
            };
            action = Some(crate::app::touch::nearest(&response, &taps).unwrap_or(own));
        }
    }
    draw_hint_and_compare(&painter, t, input);
    for (mv, place, label) in &input.targets {
        let c = t.point(place_centre(*place));
        painter.circle_stroke(c, t.cell * 0.4, stroke);
        painter.circle_filled(c, t.cell * 0.12, pal.highlight);
        let rect = crate::app::touch::target_rect(ui, c, t.cell);
        let id = ui.scope_id().with(("target", mv.from, mv.to));
        let response = ui.interact(rect, id, Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, label));
        if response.has_focus() {
            focus_ring(&painter, c, t.cell * 0.55, t.cell, pal);
        }
        if response.clicked() {
            let own = BoardAction::Move(*mv);
            action = Some(crate::app::touch::nearest(&response, &taps).unwrap_or(own));
        }
    }
    (action, hovered)
}

/// The blank die in the yard of the person to roll, a button: it rolls,
/// as the play panel's Roll does.
fn die_ui(ui: &mut Ui, t: &Transform, pal: &Palette, input: &BoardInput) -> Option<BoardAction> {
    let (Some(die), Some(label)) = (&input.die, &input.die_rolls) else {
        return None;
    };
    let painter = ui.painter().clone();
    let yard = t.rect(yard_origin(die.seat), 6, 6);
    let c = yard.min + Vec2::new(3.0, 2.55) * t.cell;
    let rect = crate::app::touch::target_rect(ui, c, t.cell * 2.0);
    let id = ui.scope_id().with("roll-die");
    let response = ui
        .interact(rect, id, Sense::click())
        .on_hover_cursor(egui::CursorIcon::PointingHand)
        .on_hover_text(label);
    response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, label));
    if response.has_focus() {
        focus_ring(&painter, c, t.cell * 1.05, t.cell, pal);
    } else if response.hovered() {
        let stroke = Stroke::new((t.cell * 0.07).max(1.5), pal.highlight);
        painter.circle_stroke(c, t.cell * 1.05, stroke);
    }
    response.clicked().then_some(BoardAction::Roll)
}

/// Each horse's and each target's centre, with what a tap there asks: a
/// tap between two goes to the nearest.
fn taps(t: &Transform, input: &BoardInput) -> Vec<(Pos2, BoardAction)> {
    input
        .movable
        .iter()
        .map(|m| {
            let select = BoardAction::Select {
                from: m.from,
                number: m.number,
            };
            (t.point(place_centre(m.place)), select)
        })
        .chain(
            input
                .targets
                .iter()
                .map(|(mv, place, _)| (t.point(place_centre(*place)), BoardAction::Move(*mv))),
        )
        .collect()
}

/// The hint (a golden ring on the horse and on its target, joined) and a
/// mistake shown by the analysis.
fn draw_hint_and_compare(painter: &egui::Painter, t: &Transform, input: &BoardInput) {
    if let Some((from, to)) = input.hint {
        let gold = Stroke::new((t.cell * 0.1).max(2.0), Color32::from_rgb(0xF2, 0xA9, 0x00));
        let a = t.point(place_centre(from));
        let b = t.point(place_centre(to));
        painter.circle_stroke(a, t.cell * 0.62, gold);
        painter.circle_stroke(b, t.cell * 0.45, gold);
        if a.distance(b) > t.cell {
            painter.line_segment([a, b], Stroke::new(gold.width * 0.5, gold.color));
        }
    }
    if let Some(((a, b), (c, d))) = input.compare {
        let p = |x| t.point(place_centre(x));
        crate::app::move_marks::draw_compare(painter, (p(a), p(b)), (p(c), p(d)), t.cell);
    }
}
