//! Colours, shapes and fonts.

use egui::{Color32, FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// Noto Sans: full Vietnamese coverage (egui's own fonts lack most of the
/// U+1EA0–U+1EF9 block). OFL, see `assets/fonts/OFL.txt`.
pub const NOTO_SANS: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");

/// The ten emoji of the reactions bar (PROTOCOL.md version 3), cut from
/// Noto Emoji (monochrome, SIL OFL, as egui ships it) to those glyphs only:
/// Noto Sans has no emoji, and egui 0.37 installs none by default.
pub const NOTO_EMOJI_REACTIONS: &[u8] =
    include_bytes!("../../assets/fonts/NotoEmoji-Reactions.ttf");

/// Noto Sans for every family, then the reactions' emoji: the only fonts
/// the app ships. egui's own (Ubuntu Light, Hack: eframe's `default_fonts`
/// feature, left off) drew nothing here that Noto Sans lacks, and were
/// 670 KB of every download of the page (issue 54).
pub fn fonts() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    fonts.font_data.insert(
        "noto-sans".to_owned(),
        Arc::new(FontData::from_static(NOTO_SANS)),
    );
    fonts.font_data.insert(
        "noto-emoji-reactions".to_owned(),
        Arc::new(FontData::from_static(NOTO_EMOJI_REACTIONS)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        list.insert(0, "noto-sans".to_owned());
        // After Noto Sans: only what it lacks, the reactions' emoji.
        list.insert(1, "noto-emoji-reactions".to_owned());
    }
    fonts
}

/// Mixes two colours.
pub fn lerp(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color32::from_rgb(mix(a.r(), b.r()), mix(a.g(), b.g()), mix(a.b(), b.b()))
}

/// The tag on the card of a player just kicked (white text on it).
pub const KICKED_TAG: Color32 = Color32::from_rgb(0xA8, 0x1C, 0x1C);

/// Black or white, whichever reads better on `fill` (text on a filled
/// button of any seat's colour).
pub fn ink_on(fill: Color32) -> Color32 {
    if contrast(fill, Color32::WHITE) >= contrast(fill, Color32::BLACK) {
        Color32::WHITE
    } else {
        Color32::BLACK
    }
}

/// Relative luminance (WCAG 2.x).
pub fn luminance(c: Color32) -> f32 {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
}

/// The WCAG contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The text colours of egui's panels, raised to WCAG AA: the default weak
/// text (help lines) is about 2.8:1 on either look.
pub fn readable_visuals(visuals: &mut egui::Visuals) {
    let (text, weak, error) = if visuals.dark_mode {
        (
            Color32::from_gray(200),
            Color32::from_gray(165),
            Color32::from_rgb(0xFF, 0x7A, 0x7A),
        )
    } else {
        (
            Color32::from_gray(40),
            Color32::from_gray(88),
            Color32::from_rgb(0xB0, 0x14, 0x14),
        )
    };
    visuals.override_text_color = None;
    visuals.widgets.noninteractive.fg_stroke.color = text;
    visuals.weak_text_color = Some(weak);
    visuals.error_fg_color = error;
}

/// Board colours for a light or dark look.
#[derive(Copy, Clone, Debug)]
pub struct Palette {
    /// Behind the board.
    pub background: Color32,
    /// A plain track square.
    pub square: Color32,
    /// Lines between squares.
    pub grid: Color32,
    /// Numbers and faint marks.
    pub ink: Color32,
    /// Strong text and outlines.
    pub text: Color32,
    /// Highlight for movable horses and targets.
    pub highlight: Color32,
    /// The inside of a yard, where its horses wait.
    pub yard: Color32,
    /// The dark look.
    pub dark: bool,
}

impl Palette {
    /// The palette for egui's current look.
    pub fn new(dark: bool) -> Palette {
        if dark {
            Palette {
                background: Color32::from_rgb(0x22, 0x23, 0x28),
                square: Color32::from_rgb(0x4A, 0x4D, 0x57),
                grid: Color32::from_rgb(0x16, 0x16, 0x1A),
                ink: Color32::from_rgb(0xD2, 0xD4, 0xDC),
                text: Color32::from_rgb(0xF2, 0xF2, 0xF4),
                highlight: Color32::WHITE,
                yard: Color32::from_rgb(0x30, 0x32, 0x39),
                dark,
            }
        } else {
            Palette {
                background: Color32::from_rgb(0xF4, 0xEE, 0xE2),
                square: Color32::from_rgb(0xFF, 0xFD, 0xF8),
                grid: Color32::from_rgb(0x6B, 0x5E, 0x4E),
                ink: Color32::from_rgb(0x5A, 0x4E, 0x40),
                text: Color32::from_rgb(0x22, 0x1E, 0x1A),
                highlight: Color32::from_rgb(0x14, 0x14, 0x14),
                yard: Color32::from_rgb(0xFF, 0xFD, 0xF8),
                dark,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// egui's panel and window fill on each look.
    fn panel(dark: bool) -> Color32 {
        if dark {
            Color32::from_gray(27)
        } else {
            Color32::from_gray(248)
        }
    }

    #[test]
    fn contrast_is_measured_as_wcag_does() {
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 0.001);
        // A known pair: #777 on white is 4.48:1.
        assert!((contrast(Color32::from_gray(0x77), Color32::WHITE) - 4.48).abs() < 0.02);
    }

    #[test]
    fn text_on_the_panels_and_the_board_reads_at_aa() {
        for dark in [false, true] {
            let mut v = if dark {
                egui::Visuals::dark()
            } else {
                egui::Visuals::light()
            };
            readable_visuals(&mut v);
            let bg = panel(dark);
            let pairs = [
                ("text", v.text_color(), bg),
                ("weak", v.weak_text_color(), bg),
                ("error", v.error_fg_color, bg),
                ("numbers", Palette::new(dark).ink, Palette::new(dark).square),
                (
                    "yard text",
                    Palette::new(dark).text,
                    Palette::new(dark).yard,
                ),
            ];
            for (what, fg, bg) in pairs {
                let c = contrast(fg, bg);
                assert!(c >= 4.5, "{what} dark={dark}: {c:.2}");
            }
        }
    }

    #[test]
    fn the_kicked_tag_reads() {
        let c = contrast(Color32::WHITE, KICKED_TAG);
        assert!(c >= 4.5, "{c:.2}");
    }
}
