//! The players as a compact strip, for a phone (issue 54): a chip per
//! seat with its colour and piece, who plays it, how it stands in a few
//! characters ("Đích 1/4"), the turn (the seat to move in its tint, a bar
//! of its colour) and, online, a dot for how its person is connected. A
//! screen reader reads each chip whole; the cards of the wide layout say
//! the same at length.

use super::presence::Presence;
use super::{Play, View};
use crate::app::theme::Palette;
use ca_ngua_i18n::I18n;
use egui::{RichText, Sense, Stroke, Ui, Vec2};

/// A chip's height: two rows of text.
const CHIP_HEIGHT: f32 = 40.0;
/// The least width of a chip.
const CHIP_WIDTH: f32 = 60.0;
/// Where a chip's words begin, right of its piece.
const TEXT_LEFT: f32 = 22.0;
/// The size of a chip's name.
const NAME_SIZE: f32 = 12.5;
/// The size of a chip's brief line.
const BRIEF_SIZE: f32 = 12.0;

impl<V: View> Play<V> {
    /// The strip: as many chips a row as fit, every seat in play.
    pub fn strip_ui(&self, ui: &mut Ui, i18n: &I18n, now: f64, dark: bool) {
        let Some(game) = self.presenter.shown().game() else {
            return;
        };
        let seats = V::seats(game);
        if seats.is_empty() {
            return;
        }
        let pal = Palette::new(dark);
        let gap = 4.0;
        let width = ui.available_width();
        // Chips as wide as their longest words need (names whole where the
        // screen lets them be): fewer a row rather than cut.
        let words = |text: &str, size: f32| {
            ui.painter()
                .layout_no_wrap(
                    text.to_owned(),
                    egui::FontId::proportional(size),
                    egui::Color32::WHITE,
                )
                .size()
                .x
        };
        let right = if self.source.remote().is_some() {
            14.0
        } else {
            6.0
        };
        let least = seats
            .iter()
            .map(|s| {
                let card = V::card(self, i18n, *s, now);
                TEXT_LEFT + words(&card.who, NAME_SIZE).max(words(&card.brief, BRIEF_SIZE)) + right
            })
            .fold(CHIP_WIDTH, f32::max);
        let per_row = (((width + gap) / (least + gap)).floor() as usize).clamp(1, seats.len());
        let rows = seats.len().div_ceil(per_row);
        // Rows as even as they can be (six seats: three and three).
        let per_row = seats.len().div_ceil(rows);
        let chip = (width - gap * (per_row as f32 - 1.0)) / per_row as f32;
        let turn = self.shown_turn();
        for row in seats.chunks(per_row) {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for seat in row {
                    self.chip_ui(ui, i18n, *seat, turn == Some(*seat), chip, now, &pal);
                }
            });
        }
    }

    /// One chip, `width` wide: its ground and piece, its two lines, the
    /// dot of how its person is connected, and its name for a reader.
    #[allow(clippy::too_many_arguments)]
    fn chip_ui(
        &self,
        ui: &mut Ui,
        i18n: &I18n,
        seat: V::Seat,
        to_move: bool,
        width: f32,
        now: f64,
        pal: &Palette,
    ) {
        let card = V::card(self, i18n, seat, now);
        let (rect, response) =
            ui.allocate_exact_size(Vec2::new(width, CHIP_HEIGHT), Sense::hover());
        let ink = paint_chip::<V>(ui, rect, seat, to_move, pal);
        let dot = self.presence_dot(seat);
        let right = if dot.is_some() { 14.0 } else { 4.0 };
        let inner = egui::Rect::from_min_max(
            rect.min + Vec2::new(TEXT_LEFT, 3.0),
            rect.max - Vec2::new(right, 2.0),
        );
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(inner)
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        child.spacing_mut().item_spacing.y = 0.0;
        let mut name = RichText::new(&card.who).size(NAME_SIZE).color(ink);
        if to_move {
            name = name.strong();
        }
        child.add(egui::Label::new(name).truncate().selectable(false));
        child.add(
            egui::Label::new(RichText::new(&card.brief).size(BRIEF_SIZE).color(ink))
                .truncate()
                .selectable(false),
        );
        if let Some(dot) = dot {
            let at = egui::pos2(rect.right() - 8.0, rect.top() + 9.0);
            ui.painter()
                .circle(at, 4.0, dot, Stroke::new(1.0, pal.text));
        }
        let mut words = vec![V::colour(i18n, seat), card.who.clone(), card.brief.clone()];
        if to_move {
            words.push(i18n.t("strip-to-move"));
        }
        words.extend(self.card_presence(i18n, seat));
        let name = words.join(", ");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
    }

    /// Online, the colour of the dot of how a seat's person is connected:
    /// green connected, amber coming back, grey gone (the computer plays).
    fn presence_dot(&self, seat: V::Seat) -> Option<egui::Color32> {
        let remote = self.source.remote()?;
        let info = remote.latest().seat(seat)?;
        if info.kind != ca_ngua_core::table::SeatKind::Human {
            return None;
        }
        Some(match self.presence(seat) {
            Presence::Connected => egui::Color32::from_rgb(0x2E, 0xA0, 0x43),
            Presence::Reconnecting { .. } => egui::Color32::from_rgb(0xE0, 0x9A, 0x1A),
            Presence::Computer | Presence::Offline => egui::Color32::from_gray(0x90),
        })
    }
}

/// A chip's ground (the seat to move in its tint, with a bar of its
/// colour) and its piece; the ink of its words.
fn paint_chip<V: View>(
    ui: &Ui,
    rect: egui::Rect,
    seat: V::Seat,
    to_move: bool,
    pal: &Palette,
) -> egui::Color32 {
    super::cards::paint_seat_ground::<V>(ui, rect, seat, to_move, pal, 5.0);
    V::draw_piece(
        ui.painter(),
        seat,
        rect.left_center() + Vec2::new(12.5, 0.0),
        7.0,
        pal,
    );
    if to_move {
        pal.text
    } else {
        ui.visuals().text_color()
    }
}
