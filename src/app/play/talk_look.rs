//! How the talk looks (issue 45): each phrase in a colour of its own, each
//! emoji in colour (the app's cut of Noto Emoji has monochrome glyphs: each
//! is drawn over a disc of its colour), as buttons and as chips in a line.

use egui::{RichText, Ui};

/// The i18n key of a phrase's words (`talk-phrase-nice-move`).
pub fn phrase_key(id: &str) -> String {
    format!("talk-phrase-{}", id.replace('_', "-"))
}

/// Each phrase's colour: a tint of its own, so the eye finds it again.
pub fn phrase_colour(id: &str, dark: bool) -> egui::Color32 {
    let (r, g, b) = match id {
        "hello" => (0x7C, 0xC4, 0xF2),
        "good_luck" => (0x8E, 0xD8, 0x8A),
        "nice_move" => (0xF6, 0xC9, 0x4E),
        "ouch" => (0xF4, 0x9A, 0x8C),
        "hurry_up" => (0xF7, 0xA8, 0x55),
        "thanks" => (0xF3, 0xA6, 0xCF),
        "well_played" => (0xB9, 0x9C, 0xF0),
        _ => (0x6F, 0xD6, 0xC8),
    };
    let light = egui::Color32::from_rgb(r, g, b);
    if dark {
        crate::app::theme::lerp(light, egui::Color32::BLACK, 0.45)
    } else {
        light
    }
}

/// A phrase's button: its words in the ink of its colour, on that colour,
/// rounded (the dock's menu and the phone's sheet).
pub fn phrase_button(
    i18n: &ca_ngua_i18n::I18n,
    id: &str,
    dark: bool,
    size: f32,
) -> egui::Button<'static> {
    let fill = phrase_colour(id, dark);
    egui::Button::new(
        RichText::new(i18n.t(&phrase_key(id)))
            .size(size)
            .color(crate::app::theme::ink_on(fill)),
    )
    .fill(fill)
    .corner_radius(egui::CornerRadius::same(12))
}

/// Each emoji's colour, behind its (monochrome, Noto Emoji) glyph: the
/// faces yellow (the sad one blue, the angry one red), the hands warm, the
/// party violet, the horse brown, the die white.
pub fn emoji_colour(e: &str) -> egui::Color32 {
    let (r, g, b) = match e {
        "😢" => (0x9C, 0xCF, 0xF5),
        "😡" => (0xF2, 0x7A, 0x5E),
        "😀" | "😂" | "😮" => (0xFF, 0xD2, 0x4A),
        "👍" | "👏" => (0xF6, 0xC1, 0x8A),
        "🎉" => (0xD3, 0xA4, 0xF5),
        "🐴" => (0xD9, 0xA0, 0x6A),
        _ => (0xF4, 0xF4, 0xF0),
    };
    egui::Color32::from_rgb(r, g, b)
}

/// The ink of an emoji's glyph over its colour.
const EMOJI_INK: egui::Color32 = egui::Color32::from_rgb(0x3A, 0x26, 0x12);

/// Paints an emoji at `rect`: a disc of its colour, the glyph over it. A
/// face's glyph is a solid head with its eyes and mouth cut out: drawn in
/// the face's colour over a dark centre, the features show dark on a
/// coloured face, as colour emoji look.
fn paint_emoji(painter: &egui::Painter, rect: egui::Rect, e: &str) {
    let radius = rect.width().min(rect.height()) / 2.0;
    let colour = emoji_colour(e);
    painter.circle(
        rect.center(),
        radius,
        colour,
        egui::Stroke::new(1.0, EMOJI_INK.gamma_multiply(0.35)),
    );
    let face = matches!(e, "😀" | "😂" | "😮" | "😢" | "😡");
    if face {
        painter.circle_filled(rect.center(), radius * 0.7, EMOJI_INK);
    }
    painter.text(
        rect.center() + egui::vec2(0.0, radius * 0.04),
        egui::Align2::CENTER_CENTER,
        e,
        egui::FontId::proportional(radius * if face { 1.75 } else { 1.45 }),
        if face { colour } else { EMOJI_INK },
    );
}

/// An emoji as a button (a screen reader hears `name`).
pub(super) fn emoji_button(ui: &mut Ui, e: &str, size: f32, name: &str) -> egui::Response {
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(size + 4.0, size + 4.0), egui::Sense::click());
    if ui.is_rect_visible(rect) {
        let grow = if response.hovered() { 1.0 } else { 0.0 };
        paint_emoji(ui.painter(), rect.shrink(2.0 - grow), e);
        if response.has_focus() {
            ui.painter().rect_stroke(
                rect,
                egui::CornerRadius::same(6),
                ui.visuals().selection.stroke,
                egui::StrokeKind::Inside,
            );
        }
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response
}

/// An emoji as a picture in a line (a chat line).
pub(super) fn emoji_chip(ui: &mut Ui, e: &str, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    paint_emoji(ui.painter(), rect, e);
}

/// A phrase as a coloured chip in a line.
pub(super) fn phrase_chip(ui: &mut Ui, text: &str, fill: egui::Color32, size: f32) {
    egui::Frame::new()
        .fill(fill)
        .corner_radius(egui::CornerRadius::same(9))
        .inner_margin(egui::Margin::symmetric(7, 1))
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(
                    RichText::new(text)
                        .size(size)
                        .color(crate::app::theme::ink_on(fill)),
                )
                .truncate()
                .selectable(false),
            );
        });
}
