//! Colours, shapes and fonts.

use crate::engine::Seat;
use egui::{Color32, FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// Noto Sans: full Vietnamese coverage (egui's own fonts lack most of the
/// U+1EA0–U+1EF9 block). OFL, see `assets/fonts/OFL.txt`.
pub const NOTO_SANS: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");

/// Fonts with Noto Sans first for every family; egui's own fonts stay as
/// fallbacks (for the emoji and symbols egui uses in its widgets).
pub fn fonts() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "noto-sans".to_owned(),
        Arc::new(FontData::from_static(NOTO_SANS)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .insert(0, "noto-sans".to_owned());
    }
    fonts
}

/// The colour of a seat's horses and corner, strong enough for both light
/// and dark backgrounds.
pub fn seat_colour(seat: Seat) -> Color32 {
    match seat {
        Seat::Red => Color32::from_rgb(0xD6, 0x3A, 0x3A),
        Seat::Green => Color32::from_rgb(0x2E, 0x9E, 0x4F),
        Seat::Yellow => Color32::from_rgb(0xE8, 0xB2, 0x1E),
        Seat::Blue => Color32::from_rgb(0x2F, 0x6F, 0xD6),
    }
}

/// A pale tint of the seat colour for its corner and home column.
pub fn seat_tint(seat: Seat, dark: bool) -> Color32 {
    let c = seat_colour(seat);
    let bg = if dark {
        Color32::from_gray(40)
    } else {
        Color32::from_gray(250)
    };
    lerp(bg, c, if dark { 0.38 } else { 0.30 })
}

/// Mixes two colours.
pub fn lerp(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color32::from_rgb(mix(a.r(), b.r()), mix(a.g(), b.g()), mix(a.b(), b.b()))
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
}

impl Palette {
    /// The palette for egui's current look.
    pub fn new(dark: bool) -> Palette {
        if dark {
            Palette {
                background: Color32::from_rgb(0x2A, 0x2A, 0x2E),
                square: Color32::from_rgb(0x3A, 0x3B, 0x40),
                grid: Color32::from_rgb(0x18, 0x18, 0x1B),
                ink: Color32::from_rgb(0x9A, 0x9A, 0xA2),
                text: Color32::from_rgb(0xEE, 0xEE, 0xF0),
                highlight: Color32::WHITE,
            }
        } else {
            Palette {
                background: Color32::from_rgb(0xF4, 0xEE, 0xE2),
                square: Color32::from_rgb(0xFF, 0xFD, 0xF8),
                grid: Color32::from_rgb(0x6B, 0x5E, 0x4E),
                ink: Color32::from_rgb(0x8C, 0x80, 0x70),
                text: Color32::from_rgb(0x22, 0x1E, 0x1A),
                highlight: Color32::from_rgb(0x14, 0x14, 0x14),
            }
        }
    }
}
