//! Where floating windows go: below the top bar, whichever part of the app
//! opens them (the shell's windows, the replay window, a game's own). The
//! shell writes where the top bar ends each frame; nothing here uses the
//! shell.

use egui::Pos2;

/// A floating window's first place: centred, just below the top bar (so
/// it never hides the buttons that open and close it).
pub fn place_window<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    let screen = ctx.content_rect();
    let top = window_area(ctx).top();
    // Kept below it, however tall it is asked to be (a small window).
    let below = window_area(ctx);
    window
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(Pos2::new(screen.center().x, top + 8.0))
        .max_height((below.height() - 48.0).max(120.0))
        // Never wider than the screen (a phone), its frame included.
        .max_width((below.width() - 32.0).max(120.0))
        .constrain_to(below)
}

/// Where floating windows go: the app's area below the top bar (which
/// may take two rows in a narrow window).
pub fn window_area(ctx: &egui::Context) -> egui::Rect {
    let screen = ctx.content_rect();
    let top = ctx
        .data(|d| d.get_temp::<f32>(top_bar_bottom_id()))
        .unwrap_or(screen.top() + 40.0);
    egui::Rect::from_min_max(
        Pos2::new(screen.left(), top.min(screen.bottom())),
        screen.max,
    )
}

/// Where the top bar's bottom edge was last drawn (egui's memory).
pub(crate) fn top_bar_bottom_id() -> egui::Id {
    egui::Id::unique("top-bar-bottom")
}
