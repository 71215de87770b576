//! A card for each player in the play panel: the seat's colour and
//! piece, who plays it, how the seat stands (as each game words it), and a
//! tag for a moment's news. The player to move stands out; every card
//! keeps its size, so nothing moves when the turn changes.

use super::{Play, View};
use crate::app::theme::{KICKED_TAG, Palette};
use crate::game::Game;
use crate::i18n::{Arg, I18n};
use egui::{CornerRadius, RichText, Sense, Stroke, Ui, Vec2};

/// What one card says, besides its seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Who plays, after the colour ("Bạn", "Máy – Vừa", a name online),
    /// and the place once finished.
    pub who: String,
    /// How the seat stands ("Đích 1 · Bàn 2 · Chuồng 1").
    pub status: String,
    /// A tag on the card's corner for a moment ("bị đá!").
    pub tag: Option<String>,
    /// A band along the card's right edge (a team's other colour).
    pub band: Option<egui::Color32>,
}

/// The least height of a card (its two lines), so the panel never jumps.
const CARD_HEIGHT: f32 = 50.0;
/// Where a card's words begin, right of its piece.
const TEXT_LEFT: f32 = 36.0;
/// The size of the name line's text.
const NAME_SIZE: f32 = 13.5;
/// The size of the status line's text.
const STATUS_SIZE: f32 = 13.0;

impl<V: View> Play<V> {
    /// The cards, one under the other, for every seat in play.
    pub fn cards_ui(&self, ui: &mut Ui, i18n: &I18n, now: f64, dark: bool) {
        let pal = Palette::new(dark);
        let shown = self.presenter.shown();
        let Some(game) = shown.game() else {
            return;
        };
        for (heading, seats) in V::card_groups(self, i18n, V::seats(game)) {
            if let Some(heading) = heading {
                ui.label(RichText::new(heading).small().strong());
            }
            for seat in seats {
                let mut card = V::card(self, i18n, seat, now);
                // Online, a player not plainly connected: said first on
                // the second line (the counts after it, as room allows).
                if let Some(note) = self.card_presence(i18n, seat) {
                    card.status = if card.status.is_empty() {
                        note
                    } else {
                        format!("{note} · {}", card.status)
                    };
                }
                // The turn clock's seconds, first of all.
                if let Some(secs) = self.clock_secs(seat) {
                    let clock = i18n.t_args("clock-card", &[("seconds", Arg::from(secs))]);
                    card.status = if card.status.is_empty() {
                        clock
                    } else {
                        format!("{clock} · {}", card.status)
                    };
                }
                let bubble = self.bubble(i18n, seat);
                let rect = card_ui::<V>(ui, i18n, seat, shown.turn() == Some(seat), &card, &pal);
                if let Some(text) = bubble {
                    bubble_ui(ui, rect, i18n, &self.player_name(i18n, seat), &text);
                }
                ui.add_space(4.0);
            }
        }
    }
}

/// What a seat's player just said, in a bubble over the right of their
/// card (plain text, one line; the card keeps its size).
fn bubble_ui(ui: &mut Ui, card: egui::Rect, i18n: &I18n, who: &str, text: &str) {
    let name = i18n.t_args(
        "talk-bubble",
        &[("who", Arg::from(who)), ("what", Arg::from(text))],
    );
    let frame = egui::Frame::new()
        .fill(ui.visuals().extreme_bg_color)
        .stroke(Stroke::new(
            1.0,
            ui.visuals().widgets.active.bg_stroke.color,
        ))
        .corner_radius(CornerRadius::same(10))
        .inner_margin(egui::Margin::symmetric(8, 2));
    let area = egui::Rect::from_min_max(
        egui::Pos2::new(card.center().x - 20.0, card.top() + 14.0),
        card.max - Vec2::new(6.0, 2.0),
    );
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(area)
            .layout(egui::Layout::right_to_left(egui::Align::Max)),
    );
    {
        let ui = &mut child;
        let r = frame
            .show(ui, |ui| {
                ui.add(
                    egui::Label::new(RichText::new(format!("“{text}”")).size(14.0))
                        .truncate()
                        .selectable(false),
                )
            })
            .inner;
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
    }
}

/// One card, the full width of the panel: its frame, piece and words;
/// returns where it is.
fn card_ui<V: View>(
    ui: &mut Ui,
    i18n: &I18n,
    seat: <V as Game>::Seat,
    to_move: bool,
    card: &Card,
    pal: &Palette,
) -> egui::Rect {
    let width = ui.available_width();
    let name = i18n.t_args(
        "card-name",
        &[
            ("colour", Arg::from(V::colour(i18n, seat))),
            ("who", Arg::from(card.who.as_str())),
        ],
    );
    let height = card_height(ui, width, &name, card);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    paint_card::<V>(ui, rect, seat, to_move, card, pal);
    let colour = if to_move {
        pal.text
    } else {
        ui.visuals().text_color()
    };
    card_words_ui(ui, rect, name, card, colour);
    if let Some(tag) = &card.tag {
        paint_tag(ui, rect, tag);
    }
    rect
}

/// The whole name and status, on two lines each where one is too short
/// (a long level name in English): the card grows rather than cut them.
/// Its height depends on its words only, never on the turn.
fn card_height(ui: &Ui, width: f32, name: &str, card: &Card) -> f32 {
    let text_width = width - TEXT_LEFT - if card.band.is_some() { 12.0 } else { 6.0 };
    let lines_height = |text: &str, size: f32| {
        ui.painter()
            .layout(
                text.to_owned(),
                egui::FontId::proportional(size),
                egui::Color32::WHITE,
                text_width,
            )
            .size()
            .y
    };
    (9.0 + lines_height(name, NAME_SIZE) + 1.0 + lines_height(&card.status, STATUS_SIZE))
        .max(CARD_HEIGHT)
}

/// The card's ground: its fill and border (the seat's tint for the
/// player to move, with a bar of its colour), a team's band and the
/// seat's piece.
fn paint_card<V: View>(
    ui: &Ui,
    rect: egui::Rect,
    seat: <V as Game>::Seat,
    to_move: bool,
    card: &Card,
    pal: &Palette,
) {
    let (colour, text_colour, tint) = V::seat_colours(seat, pal.dark);
    let (fill, border) = if to_move {
        (tint, text_colour)
    } else {
        (
            ui.visuals().faint_bg_color,
            ui.visuals().widgets.noninteractive.bg_stroke.color,
        )
    };
    // The same stroke width either way: only colours change with the turn.
    ui.painter().rect(
        rect,
        CornerRadius::same(6),
        fill,
        Stroke::new(2.0, border),
        egui::StrokeKind::Inside,
    );
    if to_move {
        // A bar in the colour along the left edge.
        let bar = egui::Rect::from_min_size(rect.min, Vec2::new(6.0, rect.height()));
        ui.painter().rect_filled(bar, CornerRadius::same(3), colour);
    }
    if let Some(band) = card.band {
        let bar = egui::Rect::from_min_size(
            egui::Pos2::new(rect.right() - 8.0, rect.top()),
            Vec2::new(8.0, rect.height()),
        );
        ui.painter().rect_filled(bar, CornerRadius::same(3), band);
    }
    V::draw_piece(
        ui.painter(),
        seat,
        rect.left_top() + Vec2::new(21.0, CARD_HEIGHT / 2.0),
        10.0,
        pal,
    );
}

/// The card's two lines, right of its piece: the name, then the status.
fn card_words_ui(ui: &mut Ui, rect: egui::Rect, name: String, card: &Card, colour: egui::Color32) {
    let inner = egui::Rect::from_min_max(
        rect.min + Vec2::new(TEXT_LEFT, 5.0),
        rect.max - Vec2::new(if card.band.is_some() { 12.0 } else { 6.0 }, 4.0),
    );
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(inner)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.spacing_mut().item_spacing.y = 1.0;
    child.add(
        egui::Label::new(RichText::new(name).size(NAME_SIZE).strong().color(colour))
            .wrap()
            .selectable(false),
    );
    child.add(
        egui::Label::new(RichText::new(&card.status).size(STATUS_SIZE).color(colour))
            .wrap()
            .selectable(false),
    );
}

/// A moment's tag on the card's top right corner ("bị đá!").
fn paint_tag(ui: &Ui, rect: egui::Rect, tag: &str) {
    let font = egui::FontId::proportional(12.0);
    let galley = ui
        .painter()
        .layout_no_wrap(tag.to_owned(), font, egui::Color32::WHITE);
    let size = galley.size() + Vec2::new(10.0, 4.0);
    let at = egui::Rect::from_min_size(
        egui::Pos2::new(rect.right() - size.x - 4.0, rect.top() - 2.0),
        size,
    );
    ui.painter()
        .rect_filled(at, CornerRadius::same(8), KICKED_TAG);
    ui.painter()
        .galley(at.min + Vec2::new(5.0, 2.0), galley, egui::Color32::WHITE);
}
