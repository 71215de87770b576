//! A card for each player in the play panel: colour and shape, who plays
//! (you, a person, the computer's level), how many horses are home, on
//! the board and in the yard, the points when the scoring ledger is on,
//! and the place of a colour that has finished. The player to move stands
//! out; every card keeps its size, so nothing moves when the turn changes.

use super::CaNguaGame;
use super::board_view::draw_horse;
use super::text;
use crate::app::theme::{KICKED_TAG, Palette, seat_colour, seat_text_colour, seat_tint};
use crate::ca_ngua::engine::{Seat, YARD};
use crate::i18n::{Arg, I18n};
use egui::{CornerRadius, RichText, Sense, Stroke, Ui, Vec2};

/// What one card shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The colour.
    pub seat: Seat,
    /// Who plays it ("Bạn", "Máy – Vừa").
    pub who: String,
    /// Horses home.
    pub home: usize,
    /// Horses on the track or in the home column.
    pub board: usize,
    /// Horses in the yard.
    pub yard: usize,
    /// Ledger points, when the scoring ledger is on.
    pub points: Option<i32>,
    /// Its place once it has every horse home.
    pub place: Option<u8>,
    /// It is this colour's turn.
    pub to_move: bool,
    /// One of its horses was kicked a moment ago.
    pub kicked: bool,
}

/// The height of a card, fixed so the panel never jumps.
const CARD_HEIGHT: f32 = 50.0;

impl CaNguaGame {
    /// The players' cards as the board shows them now.
    pub fn status_cards(&self, i18n: &I18n, now: f64) -> Vec<Card> {
        let shown = self.presenter.shown();
        let Some(game) = shown.game() else {
            return Vec::new();
        };
        let pos = game.position();
        let rules = game.rules();
        let order: Vec<Seat> = game.finish_order().collect();
        let flashing: Vec<Seat> = self
            .feedback
            .flashes_at(now)
            .into_iter()
            .map(|(_, s, _)| s)
            .collect();
        pos.playing_seats()
            .map(|seat| {
                let horses = pos.horses(seat);
                let home = pos.horses_home(seat, rules);
                let yard = horses.iter().filter(|&&p| p == YARD).count();
                Card {
                    seat,
                    who: self.player_name(i18n, seat),
                    home,
                    board: horses.len() - home - yard,
                    yard,
                    points: game.ledger().map(|l| l.points[seat.index()]),
                    place: order.iter().position(|s| *s == seat).map(|i| (i + 1) as u8),
                    to_move: shown.turn() == Some(seat),
                    kicked: flashing.contains(&seat),
                }
            })
            .collect()
    }

    /// The cards, one under the other.
    pub fn status_cards_ui(&self, ui: &mut Ui, i18n: &I18n, now: f64, dark: bool) {
        let pal = Palette::new(dark);
        for card in self.status_cards(i18n, now) {
            card_ui(ui, i18n, &card, &pal);
            ui.add_space(4.0);
        }
    }
}

fn card_ui(ui: &mut Ui, i18n: &I18n, card: &Card, pal: &Palette) {
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, CARD_HEIGHT), Sense::hover());
    let (fill, border) = if card.to_move {
        (
            seat_tint(card.seat, pal.dark),
            seat_text_colour(card.seat, pal.dark),
        )
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
    if card.to_move {
        // A bar in the colour along the left edge.
        let bar = egui::Rect::from_min_size(rect.min, Vec2::new(6.0, rect.height()));
        ui.painter()
            .rect_filled(bar, CornerRadius::same(3), seat_colour(card.seat));
    }
    let icon = rect.left_center() + Vec2::new(21.0, 0.0);
    draw_horse(ui.painter(), card.seat, icon, 10.0, pal);
    let text_colour = if card.to_move {
        pal.text
    } else {
        ui.visuals().text_color()
    };
    let inner = egui::Rect::from_min_max(
        rect.min + Vec2::new(36.0, 5.0),
        rect.max - Vec2::new(6.0, 4.0),
    );
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(inner)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.spacing_mut().item_spacing.y = 1.0;
    let mut name = i18n.t_args(
        "card-name",
        &[
            ("colour", Arg::from(text::colour(i18n, card.seat))),
            ("who", Arg::from(card.who.as_str())),
        ],
    );
    if let Some(place) = card.place {
        name.push_str(" · ");
        name.push_str(&i18n.t_args("card-place", &[("place", Arg::from(place))]));
    }
    child.add(
        egui::Label::new(RichText::new(name).size(13.5).strong().color(text_colour))
            .truncate()
            .selectable(false),
    );
    let mut counts = i18n.t_args(
        "card-counts",
        &[
            ("home", Arg::from(card.home)),
            ("board", Arg::from(card.board)),
            ("yard", Arg::from(card.yard)),
        ],
    );
    if let Some(points) = card.points {
        counts.push_str(" · ");
        counts.push_str(&i18n.t_args("card-points", &[("points", Arg::from(points))]));
    }
    child.add(
        egui::Label::new(RichText::new(counts).size(13.0).color(text_colour))
            .truncate()
            .selectable(false),
    );
    if card.kicked {
        // "bị đá!" in a tag on the card's corner while the square flashes
        // (the counts already say where the horse went).
        let font = egui::FontId::proportional(12.0);
        let galley = ui
            .painter()
            .layout_no_wrap(i18n.t("card-kicked"), font, egui::Color32::WHITE);
        let size = galley.size() + Vec2::new(10.0, 4.0);
        let tag = egui::Rect::from_min_size(
            egui::Pos2::new(rect.right() - size.x - 4.0, rect.top() - 2.0),
            size,
        );
        ui.painter()
            .rect_filled(tag, CornerRadius::same(8), KICKED_TAG);
        ui.painter()
            .galley(tag.min + Vec2::new(5.0, 2.0), galley, egui::Color32::WHITE);
    }
}
