//! A card for each player in the play panel: the seat's colour and
//! piece, who plays it, how the seat stands (as each game words it), and a
//! tag for a moment's news; online, a third line for how the seat's person
//! is (reconnecting, the turn clock, their choice once the game is over).
//! The player to move stands out; every card keeps its size for the whole
//! game (issue 45: the line of news is always there, one row, so nothing
//! below moves when a note comes or goes).

use super::{Play, View};
use crate::app::theme::{KICKED_TAG, Palette};
use ca_ngua_core::game::Game;
use ca_ngua_i18n::{Arg, I18n};
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
    /// The longest the `who` line gets in this game (a place added once
    /// finished): the card is as tall as that from the start.
    pub reserve: Option<String>,
    /// How the seat stands in a few characters, for a phone's strip of
    /// players ("Đích 1/4", "hạng 2").
    pub brief: String,
}

/// A card's line of news, online: how its person is, or its clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// The words (empty: nothing to say now).
    pub text: String,
    /// Said strongly (the turn clock, one more game).
    pub strong: bool,
}

/// The least height of a card (its two lines), so the panel never jumps.
const CARD_HEIGHT: f32 = 50.0;
/// Where a card's words begin, right of its piece.
const TEXT_LEFT: f32 = 36.0;
/// The size of the name line's text.
const NAME_SIZE: f32 = 13.5;
/// The size of the status line's text.
const STATUS_SIZE: f32 = 13.0;
/// The size of the line of news's text.
const NOTE_SIZE: f32 = 12.5;

impl<V: View> Play<V> {
    /// The cards, one under the other, for every seat in play.
    pub fn cards_ui(&self, ui: &mut Ui, i18n: &I18n, now: f64, dark: bool) {
        let pal = Palette::new(dark);
        let shown = self.presenter.shown();
        let Some(game) = shown.game() else {
            return;
        };
        // Online every card has its line of news, said or not.
        let online = self.source.remote().is_some();
        let turn = self.shown_turn();
        for (heading, seats) in V::card_groups(self, i18n, V::seats(game)) {
            if let Some(heading) = heading {
                ui.label(RichText::new(heading).small().strong());
            }
            for seat in seats {
                let card = V::card(self, i18n, seat, now);
                let note = online.then(|| self.card_note(i18n, seat));
                card_ui::<V>(
                    ui,
                    i18n,
                    seat,
                    turn == Some(seat),
                    &card,
                    note.as_ref(),
                    &pal,
                );
                ui.add_space(4.0);
            }
        }
    }

    /// The height the cards take in `ui`'s width (the play panel chooses
    /// them or, where they leave too little room, the strip).
    pub(super) fn cards_height(&self, ui: &Ui, i18n: &I18n, now: f64) -> f32 {
        let Some(game) = self.presenter.shown().game() else {
            return 0.0;
        };
        let online = self.source.remote().is_some();
        let width = ui.available_width();
        let row = ui.text_style_height(&egui::TextStyle::Small) + ui.spacing().item_spacing.y;
        let mut height = 0.0;
        for (heading, seats) in V::card_groups(self, i18n, V::seats(game)) {
            if heading.is_some() {
                height += row;
            }
            for seat in seats {
                let card = V::card(self, i18n, seat, now);
                let note = online.then(Note::default);
                let name = i18n.t_args(
                    "card-name",
                    &[
                        ("colour", Arg::from(V::colour(i18n, seat))),
                        (
                            "who",
                            Arg::from(card.reserve.as_deref().unwrap_or(&card.who)),
                        ),
                    ],
                );
                height += card_height(ui, width, &name, &card, note.as_ref())
                    + 4.0
                    + ui.spacing().item_spacing.y;
            }
        }
        height
    }

    /// Who plays a seat, on its card: as [`Play::player_name`], but a
    /// person who left the room keeps their plain name there (the card's
    /// line of news says they left), so the card does not grow, and what
    /// lies below does not move, when someone leaves (issue 45).
    pub fn card_name(&self, i18n: &I18n, seat: V::Seat) -> String {
        if let Some(remote) = self.source.remote()
            && remote.seat() != Some(seat)
            && remote.has_left(seat)
            && let Some(info) = remote.latest().seat(seat)
            && !info.name.trim().is_empty()
        {
            return info.name.trim().to_string();
        }
        self.player_name(i18n, seat)
    }

    /// A seat's line of news, online: the turn clock's seconds, how its
    /// person is connected, and once the game is over their choice about
    /// another round (the host starts it; one more game; left).
    pub fn card_note(&self, i18n: &I18n, seat: V::Seat) -> Note {
        let mut parts = Vec::new();
        let mut strong = false;
        if let Some(secs) = self.clock_secs(seat) {
            parts.push(i18n.t_args("clock-card", &[("seconds", Arg::from(secs))]));
            strong = true;
        }
        if let Some(presence) = self.card_presence(i18n, seat) {
            parts.push(presence);
        }
        if let Some(choice) = self.rematch_note(i18n, seat) {
            strong |= choice.1;
            parts.push(choice.0);
        } else if self.source.remote().is_some_and(|r| r.has_left(seat)) {
            // Said here rather than by the name, which keeps its length.
            parts.push(i18n.t("card-left-playing"));
        }
        Note {
            text: parts.join(" · "),
            strong,
        }
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
    note: Option<&Note>,
    pal: &Palette,
) -> egui::Rect {
    let width = ui.available_width();
    let name_of = |who: &str| {
        i18n.t_args(
            "card-name",
            &[
                ("colour", Arg::from(V::colour(i18n, seat))),
                ("who", Arg::from(who)),
            ],
        )
    };
    let name = name_of(&card.who);
    let reserve = card.reserve.as_deref().map(name_of);
    let height = card_height(ui, width, reserve.as_deref().unwrap_or(&name), card, note);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    paint_card::<V>(ui, rect, seat, to_move, card, pal);
    let colour = if to_move {
        pal.text
    } else {
        ui.visuals().text_color()
    };
    card_words_ui(ui, rect, name, card, note, colour);
    if let Some(tag) = &card.tag {
        paint_tag(ui, rect, tag);
    }
    rect
}

/// The whole name and status, on two lines each where one is too short
/// (a long level name in English): the card grows rather than cut them.
/// Its height depends on its lasting words only (the name as long as it
/// gets, the status), never on the turn or a moment's news: online, the
/// line of news is one row, always there.
fn card_height(ui: &Ui, width: f32, name: &str, card: &Card, note: Option<&Note>) -> f32 {
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
    let note_row = if note.is_some() {
        1.0 + lines_height("", NOTE_SIZE)
    } else {
        0.0
    };
    (9.0 + lines_height(name, NAME_SIZE) + 1.0 + lines_height(&card.status, STATUS_SIZE) + note_row)
        .max(CARD_HEIGHT)
}

/// The card's ground: its fill and border (the seat's tint for the
/// player to move, with a bar of its colour), a team's band and the
/// seat's piece.
/// A seat's ground, on its card or its chip: the seat to move in its
/// tint with a bar of its colour `bar` wide along the left edge, the
/// others plain; the same stroke width either way (only colours change
/// with the turn).
pub(super) fn paint_seat_ground<V: View>(
    ui: &Ui,
    rect: egui::Rect,
    seat: <V as Game>::Seat,
    to_move: bool,
    pal: &Palette,
    bar: f32,
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
    ui.painter().rect(
        rect,
        CornerRadius::same(6),
        fill,
        Stroke::new(2.0, border),
        egui::StrokeKind::Inside,
    );
    if to_move {
        let bar = egui::Rect::from_min_size(rect.min, Vec2::new(bar, rect.height()));
        ui.painter().rect_filled(bar, CornerRadius::same(3), colour);
    }
}

fn paint_card<V: View>(
    ui: &Ui,
    rect: egui::Rect,
    seat: <V as Game>::Seat,
    to_move: bool,
    card: &Card,
    pal: &Palette,
) {
    paint_seat_ground::<V>(ui, rect, seat, to_move, pal, 6.0);
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

/// The card's lines, right of its piece: the name, the status, and
/// online the line of news (one row: a long one is cut, and read whole).
fn card_words_ui(
    ui: &mut Ui,
    rect: egui::Rect,
    name: String,
    card: &Card,
    note: Option<&Note>,
    colour: egui::Color32,
) {
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
    if let Some(note) = note.filter(|n| !n.text.is_empty()) {
        let mut text = RichText::new(&note.text).size(NOTE_SIZE).color(colour);
        if note.strong {
            text = text.strong();
        }
        let r = child.add(egui::Label::new(text).truncate().selectable(false));
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &note.text));
    }
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
