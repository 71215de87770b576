//! The window's shape, and the layout it chooses (issue 54): chosen from
//! the space the window gives, never from the platform, so a phone's
//! browser and a narrow desktop window get the same layout and a test can
//! ask for any size.
//!
//! - [`Layout::Portrait`]: narrower than [`PHONE_WIDTH`] and at least as
//!   tall as wide (a phone held upright, 360–430 points wide). The board
//!   the full width at the top, the players as a strip and one large main
//!   button at the bottom; the log, the talk, the settings and the
//!   results as sheets over the board.
//! - [`Layout::Landscape`]: at most [`PHONE_HEIGHT`] tall and wider than
//!   tall (a phone on its side). The board on the left, the strip and the
//!   button on the right; the same sheets.
//! - [`Layout::Wide`]: everything else (a tablet, a desktop): the settings
//!   panel (or its drawer below 1000 points), the play panel, the board.
//!
//! In the two phone layouts every target is a thumb's size:
//! [`TOUCH_TARGET`] points, egui's `interact_size` included.

use egui::Vec2;

/// Narrower than this and at least as tall as wide: the portrait layout.
pub const PHONE_WIDTH: f32 = 600.0;
/// At most this tall and wider than tall: the landscape phone layout.
pub const PHONE_HEIGHT: f32 = 500.0;
/// The least size of a target in the phone layouts, in points (Apple's and
/// WCAG's 44 CSS pixels).
pub const TOUCH_TARGET: f32 = 44.0;

/// The layout a window's shape chooses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// A phone held upright.
    Portrait,
    /// A phone on its side.
    Landscape,
    /// A tablet or a desktop.
    #[default]
    Wide,
}

impl Layout {
    /// The layout of a window of `size` points.
    pub fn of(size: Vec2) -> Layout {
        if size.x < PHONE_WIDTH && size.y >= size.x {
            Layout::Portrait
        } else if size.y <= PHONE_HEIGHT && size.x > size.y {
            Layout::Landscape
        } else {
            Layout::Wide
        }
    }

    /// One of the phone layouts (sheets, the strip, thumb-sized targets).
    pub fn is_phone(self) -> bool {
        self != Layout::Wide
    }

    /// The layout the shell chose for this frame (kept in egui's memory,
    /// so that what is drawn deep down — a dialog, a board's targets —
    /// asks the same).
    pub fn current(ctx: &egui::Context) -> Layout {
        ctx.data(|d| d.get_temp::<Layout>(id())).unwrap_or_default()
    }

    /// Chooses the layout of the window's `size` for this frame, and sets
    /// the size of targets to go with it; returns it.
    pub fn choose(ctx: &egui::Context, size: Vec2) -> Layout {
        let layout = Layout::of(size);
        ctx.data_mut(|d| d.insert_temp(id(), layout));
        let interact = if layout.is_phone() {
            Vec2::splat(TOUCH_TARGET)
        } else {
            // egui's own (a desktop's targets).
            egui::style::Spacing::default().interact_size
        };
        if ctx.global_style().spacing.interact_size != interact {
            ctx.all_styles_mut(|s| s.spacing.interact_size = interact);
        }
        layout
    }
}

fn id() -> egui::Id {
    egui::Id::unique("ca-ngua-layout")
}

/// The width a dialog may take: `want`, or the screen's width less its
/// margins on a narrow screen (the welcome, a question, the join dialog
/// never wider than the phone).
pub fn dialog_width(ctx: &egui::Context, want: f32) -> f32 {
    want.min(ctx.content_rect().width() - 48.0).max(160.0)
}

/// On a phone's layout, a Close as large as a thumb at the top of a
/// window (egui's own in its title bar is small); true when pressed.
pub fn phone_close_ui(ui: &mut egui::Ui, label: &str) -> bool {
    Layout::current(ui.ctx()).is_phone()
        && ui
            .add(egui::Button::new(label).min_size(egui::vec2(ui.available_width(), 0.0)))
            .clicked()
}

/// A text field that has just taken the keyboard is scrolled into view:
/// a phone's keyboard takes the bottom of the screen.
pub fn keep_in_view(field: &egui::Response) {
    if field.gained_focus() {
        field.scroll_to_me(Some(egui::Align::Center));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_chooses_the_layout() {
        for (w, h, layout) in [
            (360.0, 640.0, Layout::Portrait),
            (390.0, 844.0, Layout::Portrait),
            (430.0, 932.0, Layout::Portrait),
            (844.0, 390.0, Layout::Landscape),
            (640.0, 360.0, Layout::Landscape),
            (768.0, 1024.0, Layout::Wide),
            (800.0, 600.0, Layout::Wide),
            (1280.0, 800.0, Layout::Wide),
        ] {
            assert_eq!(Layout::of(Vec2::new(w, h)), layout, "{w}×{h}");
        }
    }
}
