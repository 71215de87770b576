//! Cờ Cá Ngựa's colours: each seat's colour for its horses, its corner,
//! its text, and what is drawn on it (the View's `seat_colours`).

use crate::app::theme::{contrast, lerp};
use egui::Color32;
use game_ca_ngua::engine::Seat;

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

/// A seat's colour for text and thin marks on the panels and windows: the
/// horse colour darkened on the light look and lightened on the dark one,
/// so that it reads at WCAG AA (4.5:1) on both backgrounds (plain yellow
/// on white does not).
pub fn seat_text_colour(seat: Seat, dark: bool) -> Color32 {
    if dark {
        match seat {
            Seat::Red => Color32::from_rgb(0xFF, 0x8A, 0x80),
            Seat::Green => Color32::from_rgb(0x6B, 0xD3, 0x88),
            Seat::Yellow => Color32::from_rgb(0xF5, 0xCB, 0x5C),
            Seat::Blue => Color32::from_rgb(0x8F, 0xB4, 0xFF),
        }
    } else {
        match seat {
            Seat::Red => Color32::from_rgb(0xB0, 0x25, 0x25),
            Seat::Green => Color32::from_rgb(0x1A, 0x6E, 0x36),
            Seat::Yellow => Color32::from_rgb(0x80, 0x5A, 0x00),
            Seat::Blue => Color32::from_rgb(0x1D, 0x52, 0xB0),
        }
    }
}

/// Text drawn on a seat's full colour (its yard's band): black or white,
/// whichever reads better.
pub fn on_seat_colour(seat: Seat) -> Color32 {
    let c = seat_colour(seat);
    if contrast(c, Color32::WHITE) >= contrast(c, Color32::BLACK) {
        Color32::WHITE
    } else {
        Color32::BLACK
    }
}

/// The outline of a horse: dark on the light look, light on the dark one,
/// so a horse stands out from any square it can stand on, its own pale
/// start square included (WCAG's 3:1 for shapes).
pub fn piece_outline(seat: Seat, dark: bool) -> Color32 {
    if dark {
        lerp(seat_colour(seat), Color32::WHITE, 0.75)
    } else {
        lerp(seat_colour(seat), Color32::BLACK, 0.62)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::theme::Palette;

    /// egui's panel and window fill on each look.
    fn panel(dark: bool) -> Color32 {
        if dark {
            Color32::from_gray(27)
        } else {
            Color32::from_gray(248)
        }
    }

    #[test]
    fn seat_names_read_on_both_looks() {
        for dark in [false, true] {
            for seat in Seat::ALL {
                let c = contrast(seat_text_colour(seat, dark), panel(dark));
                assert!(c >= 4.5, "{seat:?} dark={dark}: {c:.2}");
            }
        }
    }

    #[test]
    fn the_seat_colours_read_on_the_board() {
        for dark in [false, true] {
            for seat in Seat::ALL {
                // Names on the yard's band, numbers in the home column.
                let c = contrast(on_seat_colour(seat), seat_colour(seat));
                assert!(c >= 4.5, "{seat:?} band: {c:.2}");
                let c = contrast(Palette::new(dark).text, seat_tint(seat, dark));
                assert!(c >= 4.5, "{seat:?} home cell dark={dark}: {c:.2}");
            }
        }
    }

    #[test]
    fn every_horse_stands_out_from_every_square() {
        for dark in [false, true] {
            let pal = Palette::new(dark);
            let mut grounds = vec![pal.square, pal.background, pal.yard];
            grounds.extend(Seat::ALL.map(|s| seat_tint(s, dark)));
            for seat in Seat::ALL {
                for &g in &grounds {
                    let c = contrast(piece_outline(seat, dark), g);
                    assert!(c >= 3.0, "{seat:?} on {g:?} dark={dark}: {c:.2}");
                }
            }
        }
    }
}
