//! The replay window: the board as in play, the timeline (a slider over
//! the steps), buttons and keys to step (←/→ one step, Home/End the start
//! and the end), playing by itself at a chosen speed, the log of steps
//! with the step shown highlighted, and each step said to a screen reader
//! as play says it. A place is kept for the analysis of the game.

use super::View;
use super::phase::Phase;
use super::replay::{Replay, Speed};
use ca_ngua_core::game::SeatId;
use ca_ngua_data::record::RecordSeat;
use ca_ngua_i18n::{Arg, I18n};
use egui::{EventFilter, Key, Modifiers, RichText, Ui, Vec2};

/// The least width of the controls' column beside the board.
const LEAST_COLUMN: f32 = 300.0;
/// The height of the log of steps (it scrolls within it).
const LOG_HEIGHT: f32 = 220.0;

/// The widths of the board's column and of the controls' beside it, in
/// `rest`: the board as large as the height allows, but never leaving the
/// controls less than 300 points (or two fifths of a narrow window).
pub fn column_widths(rest: Vec2) -> (f32, f32) {
    let least_right = LEAST_COLUMN.min(rest.x * 0.4);
    let board = rest.y.min(rest.x - least_right).max(120.0);
    (board, (rest.x - board - 8.0).max(0.0))
}

/// What the replay window asks of the shell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplayAction {
    /// Close the window.
    Close,
    /// Save the record as a file (a dialog asks where).
    SaveFile,
}

/// The id of the replay window.
pub fn window_id() -> egui::Id {
    egui::Id::unique("replay-window")
}

/// A seat of a record in words: its colour and who played it ("Đỏ: Lan",
/// "Vàng: Máy – Khó").
pub fn seat_words<V: View>(i18n: &I18n, seat: &RecordSeat<V::Seat>) -> String {
    format!(
        "{}: {}",
        V::colour(i18n, seat.seat),
        player_words(i18n, seat.player, &seat.name)
    )
}

pub use super::record_words::{
    date_words, part_words, player_words, seat_players_words, spans_words,
};

impl<V: View> Replay<V> {
    /// The keys, while the window has the keyboard (or no widget has it):
    /// ←/→ a step (unless
    /// the slider, which takes them itself, has it), Home and End.
    fn keys(&mut self, ctx: &egui::Context, i18n: &I18n, slider: Option<egui::Id>) {
        let focused = ctx.memory(|m| m.focused());
        // The window's own widgets, or none (a button that has just been
        // disabled at the start or the end lets the keyboard go).
        let ours = focused.is_none_or(|f| self.own.contains(&f));
        if !ours || ctx.text_edit_focused() {
            return;
        }
        let on_slider = focused.is_some() && focused == slider;
        let press = |key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        let mut to = None;
        if !on_slider && press(Key::ArrowLeft) {
            to = Some(self.step().saturating_sub(1));
        }
        if !on_slider && press(Key::ArrowRight) {
            to = Some(self.step() + 1);
        }
        if press(Key::Home) {
            to = Some(0);
        }
        if press(Key::End) {
            to = Some(self.steps());
        }
        if let Some(step) = to {
            self.playing = None;
            self.go(step, i18n);
        }
    }

    /// The window's content: the board as large as the window allows
    /// (issue 54: the whole height beside the controls, or on an upright
    /// phone the whole width above them), and the rest in one column that
    /// scrolls: the controls, the mistake shown, the game's players, the
    /// analysis and the log (its own scroll, so that a step never moves
    /// the column). Nothing scrolls sideways.
    fn content_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        now: f64,
        dark: bool,
        size: Vec2,
    ) -> Option<ReplayAction> {
        let mut action = None;
        let mut own = Vec::new();
        // Less room for the window's own scroll bars, which then never
        // show.
        let rest = Vec2::new(size.x - 28.0, size.y - 24.0);
        let column = egui::Layout::top_down(egui::Align::Min);
        if rest.x < rest.y * 0.9 {
            // Upright: the board the window's width, the column under it.
            let side = rest.x.min(rest.y * 0.6);
            self.board_ui(ui, i18n, now, dark, side);
            let height = (rest.y - side - ui.spacing().item_spacing.y).max(80.0);
            ui.allocate_ui_with_layout(Vec2::new(rest.x, height), column, |ui| {
                ui.set_max_width(rest.x);
                action = self.column_ui(ui, i18n, dark, height, &mut own);
            });
        } else {
            let gap = ui.spacing().item_spacing.x;
            let (side, right) = column_widths(rest);
            ui.horizontal_top(|ui| {
                ui.allocate_ui_with_layout(Vec2::new(side, rest.y), column, |ui| {
                    ui.set_min_size(Vec2::new(side, rest.y));
                    ui.set_max_width(side);
                    self.board_ui(ui, i18n, now, dark, side);
                });
                let right = right.max(120.0).min(rest.x - side - gap);
                ui.allocate_ui_with_layout(Vec2::new(right, rest.y), column, |ui| {
                    ui.set_min_size(Vec2::new(right, rest.y));
                    ui.set_max_width(right);
                    action = self.column_ui(ui, i18n, dark, rest.y, &mut own);
                });
            });
        }
        self.own = own;
        action
    }

    /// The column beside (or under) the board, `height` high: everything
    /// but the board, scrolling.
    fn column_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        dark: bool,
        height: f32,
        own: &mut Vec<egui::Id>,
    ) -> Option<ReplayAction> {
        let mut action = None;
        let top = ui.cursor().top();
        let close = crate::app::layout::phone_close_ui(ui, &i18n.t("button-close"));
        let left = height - (ui.cursor().top() - top);
        let area = egui::ScrollArea::vertical()
            .id_salt("replay-column")
            .auto_shrink([false, false])
            .max_height(left);
        let title = i18n.t("replay-title");
        crate::app::a11y::named_scroll(ui, area, &title, |ui| {
            ui.set_width(ui.available_width());
            self.announcer.ui(ui);
            action = self.controls_ui(ui, i18n, own);
            self.mistake_words_ui(ui, i18n);
            ui.separator();
            self.players_ui(ui, i18n);
            ui.separator();
            if let Some(step) = self.analysis_ui(ui, i18n, dark, height) {
                self.playing = None;
                self.go(step, i18n);
            }
            ui.separator();
            self.log_ui(ui, i18n, own);
        });
        if close {
            action = Some(ReplayAction::Close);
        }
        action
    }

    /// The game, its date and each seat's players, with the steps each
    /// played when a seat changed hands.
    fn players_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let game = i18n.t(&format!("game-{}", V::ID));
        ui.add(
            egui::Label::new(
                RichText::new(format!("{game} · {}", date_words(i18n, self.record.date))).strong(),
            )
            .wrap(),
        );
        let seats: Vec<String> = self
            .record
            .seats
            .iter()
            .map(|s| {
                let parts: Vec<_> = self.players.iter().filter(|p| p.seat == s.seat).collect();
                seat_players_words(i18n, &V::colour(i18n, s.seat), &parts, true)
            })
            .collect();
        ui.add(egui::Label::new(seats.join(" · ")).wrap());
    }

    /// The board, a square of `side` (it only shows: nothing on it is for
    /// picking), with the mistake of the step shown drawn on it.
    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, now: f64, dark: bool, side: f32) {
        let compare = self.analysis.mistake_at(self.step());
        self.play.compare = compare.as_ref().map(|c| (c.seat, c.played, c.best));
        ui.allocate_ui(Vec2::splat(side), |ui| {
            ui.set_min_size(Vec2::splat(side));
            V::board_ui(&mut self.play, ui, i18n, Phase::Elsewhere, now, dark);
        });
        self.play.intents.clear();
        self.play.hover = None;
    }

    /// When the step shown is a clear mistake, both moves in words (they
    /// are drawn on the board).
    fn mistake_words_ui(&self, ui: &mut Ui, i18n: &I18n) {
        if let Some(c) = self.analysis.mistake_at(self.step()) {
            let words = c.words(i18n, &self.record.rules, &|s, m| V::move_words(i18n, s, m));
            ui.add(egui::Label::new(RichText::new(words).strong().size(12.5)).wrap());
        }
    }

    /// The analysis of the game (analysis_ui.rs), at its whole height in
    /// the column `height` high (its graph a good share of that): the step
    /// to go to when the player clicks the graph or a mistake.
    fn analysis_ui(&mut self, ui: &mut Ui, i18n: &I18n, dark: bool, height: f32) -> Option<usize> {
        ui.label(RichText::new(i18n.t("replay-analysis")).strong());
        let step = self.step();
        let record = &self.record;
        let seat = |seat: V::Seat| {
            // The colour for text on the window (a light yellow is unreadable
            // on the light look).
            (V::colour(i18n, seat), V::seat_colours(seat, dark).1)
        };
        let mv = |state: &V::State, m: V::Move| V::move_words(i18n, state, m);
        let look = super::analysis_ui::Look {
            seat: &seat,
            mv: &mv,
        };
        let ctx = ui.ctx().clone();
        let analysis = &mut self.analysis;
        // The graph a good share of the column's height, with room left
        // for the verdicts above it.
        analysis.set_graph_height((height * 0.45).clamp(100.0, 300.0));
        let ask = analysis.ui(ui, i18n, record, &look, step, move || {
            ctx.request_repaint();
        });
        if self.analysis.is_running() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        }
        ask.map(|super::analysis_ui::AnalysisAsk::GoTo(step)| step)
    }

    /// The step counter, the buttons, the timeline and the speed.
    fn controls_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        own: &mut Vec<egui::Id>,
    ) -> Option<ReplayAction> {
        ui.label(RichText::new(self.counter(i18n)).strong().size(16.0));
        // Who played the step shown; at the start, its line's room, so that
        // nothing under it moves with the first step.
        match self.step_by(i18n) {
            Some(by) => {
                ui.label(by);
            }
            None => ui.add_space(
                ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y,
            ),
        }
        // The last asked of the buttons, Play and the timeline wins.
        let buttons = self.step_buttons_ui(ui, i18n, own);
        let play = self.play_speed_ui(ui, i18n, own);
        let timeline = self.timeline_ui(ui, i18n, own);
        if let Some(step) = timeline.or(play).or(buttons) {
            self.go(step, i18n);
        }
        self.file_ui(ui, i18n, own)
    }

    /// First, back, forward and last; the step asked for, if one was.
    fn step_buttons_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        own: &mut Vec<egui::Id>,
    ) -> Option<usize> {
        let mut to = None;
        // Wrapped: four buttons do not fit a narrow column in every
        // language.
        ui.horizontal_wrapped(|ui| {
            let mut button = |ui: &mut Ui, key: &str, step: usize, enabled: bool| {
                let r = ui.add_enabled(enabled, egui::Button::new(i18n.t(key)));
                if r.has_focus() {
                    // ←/→ step the game rather than move the focus.
                    let filter = EventFilter {
                        horizontal_arrows: true,
                        ..EventFilter::default()
                    };
                    ui.memory_mut(|m| m.set_focus_lock_filter(r.id, filter));
                }
                own.push(r.id);
                if r.clicked() {
                    to = Some(step);
                }
                r
            };
            let (step, steps) = (self.step(), self.steps());
            button(ui, "replay-first", 0, step > 0);
            button(ui, "replay-back", step.saturating_sub(1), step > 0);
            let forward = button(ui, "replay-forward", step + 1, step < steps);
            button(ui, "replay-last", steps, step < steps);
            if !self.focused {
                // The window takes the keyboard when it opens.
                forward.request_focus();
                self.focused = true;
            }
        });
        to
    }

    /// Play or pause, and the speed; the first step when Play starts over.
    fn play_speed_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        own: &mut Vec<egui::Id>,
    ) -> Option<usize> {
        let mut to = None;
        ui.horizontal(|ui| {
            let key = if self.playing.is_some() {
                "replay-pause"
            } else {
                "replay-play"
            };
            let r = ui.button(i18n.t(key));
            own.push(r.id);
            if r.clicked() {
                self.playing = match self.playing {
                    Some(_) => None,
                    None if self.step() >= self.steps() => {
                        to = Some(0);
                        Some(0.0)
                    }
                    None => Some(0.0),
                };
            }
            let before = self.speed;
            crate::app::widgets::combo(
                ui,
                i18n,
                "replay-speed",
                "replay-speed",
                &mut self.speed,
                &Speed::ALL,
            );
            if self.speed != before && self.playing.is_some() {
                self.playing = Some(0.0);
            }
        });
        to
    }

    /// The timeline, a slider over every step (it takes ←/→ itself); the
    /// step it was moved to.
    fn timeline_ui(&mut self, ui: &mut Ui, i18n: &I18n, own: &mut Vec<egui::Id>) -> Option<usize> {
        let mut to = None;
        let mut value = self.step();
        let label = i18n.t("replay-timeline");
        ui.label(&label);
        // The column's width: a long game's steps apart under a finger.
        ui.spacing_mut().slider_width = (ui.available_width() - 16.0).max(100.0);
        let slider = ui.add(
            egui::Slider::new(&mut value, 0..=self.steps())
                .show_value(false)
                .step_by(1.0),
        );
        let name = format!("{label}: {}", self.counter(i18n));
        slider.widget_info(|| egui::WidgetInfo::slider(true, value as f64, &name));
        own.push(slider.id);
        if slider.changed() {
            to = Some(value);
            self.playing = None;
        }
        self.slider = Some(slider.id);
        to
    }

    /// Save the record to a file, or copy it as text.
    fn file_ui(&self, ui: &mut Ui, i18n: &I18n, own: &mut Vec<egui::Id>) -> Option<ReplayAction> {
        let mut action = None;
        ui.horizontal(|ui| {
            let save = ui.button(i18n.t("replay-save-file"));
            let copy = ui.button(i18n.t("replay-copy"));
            own.extend([save.id, copy.id]);
            if save.clicked() {
                action = Some(ReplayAction::SaveFile);
            }
            if copy.clicked() {
                ui.ctx().copy_text(self.record.to_text());
            }
        });
        action
    }

    /// Every step, the one shown highlighted; a click shows it.
    fn log_ui(&mut self, ui: &mut Ui, i18n: &I18n, own: &mut Vec<egui::Id>) {
        ui.label(RichText::new(i18n.t("log-heading")).strong());
        let name = i18n.t("replay-log");
        let scroll_to = (self.log_scrolled != Some(self.step())).then_some(self.step());
        self.log_scrolled = Some(self.step());
        let mut to = None;
        let area = egui::ScrollArea::vertical()
            .id_salt("replay-log")
            .auto_shrink([false, true])
            .min_scrolled_height(LOG_HEIGHT.min(120.0))
            .max_height(LOG_HEIGHT);
        // Its scroll bars are named as what they scroll.
        crate::app::a11y::named_scroll(ui, area, &name, |ui| {
            let list = egui::UiBuilder::new()
                .accessibility_role(egui::accesskit::Role::List)
                .accessibility_label(name.clone());
            ui.scope_builder(list, |ui| {
                for i in 0..=self.steps() {
                    let text = format!("{i}. {}", self.step_text(i18n, i).unwrap_or_default());
                    let r = ui.push_id(("replay-step", i), |ui| {
                        ui.selectable_label(i == self.step(), text)
                    });
                    let r = r.inner;
                    own.push(r.id);
                    if scroll_to == Some(i) {
                        r.scroll_to_me(None);
                    }
                    if r.clicked() {
                        to = Some(i);
                    }
                }
            });
        });
        if let Some(step) = to {
            self.playing = None;
            self.go(step, i18n);
        }
    }
}

/// What the replay window's shell asks of the replay.
impl<V: View> Replay<V> {
    /// The window; what the player asked of the shell.
    pub fn window_ui(
        &mut self,
        ctx: &egui::Context,
        i18n: &I18n,
        now: f64,
        dark: bool,
    ) -> Option<ReplayAction> {
        if self.announcements().is_empty() {
            self.announce(i18n);
        }
        self.keys(ctx, i18n, self.slider);
        self.tick(ctx, now, i18n);
        let mut open = true;
        let title = i18n.t("replay-title");
        let mut action = None;
        // The app's area below the top bar, less the title bar and the
        // frame: never larger, whatever the window's size. On a phone the
        // whole screen: the replay is a view of its own (issue 54).
        let phone = crate::app::layout::Layout::current(ctx).is_phone();
        let area = if phone {
            ctx.content_rect()
        } else {
            crate::app::window_place::window_area(ctx)
        };
        let size = Vec2::new(
            (area.width() - 24.0).clamp(200.0, 1_100.0),
            (area.height() - if phone { 16.0 } else { 64.0 }).clamp(160.0, 900.0),
        );
        let window = egui::Window::new(&title);
        let window = if phone {
            window
                .fixed_pos(area.min + Vec2::splat(4.0))
                .collapsible(false)
        } else {
            crate::app::window_place::place_window(window, ctx)
        };
        window
            .id(window_id())
            .open(&mut open)
            .fixed_size(size)
            .show(ctx, |ui| {
                // Whatever the content asks, the window keeps its size: a
                // screen too small for the columns' least widths scrolls.
                // The content is laid out in what the window's title bar
                // and frame leave.
                let inner = ui.available_size().min(size);
                let area = egui::ScrollArea::both()
                    .id_salt("replay-content")
                    .max_width(inner.x)
                    .max_height(inner.y)
                    .auto_shrink(false);
                // Its scroll bars named as the window is (a screen reader
                // meets no nameless node).
                crate::app::a11y::named_scroll(ui, area, &title, |ui| {
                    action = self.content_ui(ui, i18n, now, dark, inner);
                });
            });
        crate::app::a11y::name_title_bar(ctx, window_id(), &title);
        if !open {
            action = Some(ReplayAction::Close);
        }
        action
    }

    /// The record as text (to save or copy).
    pub fn text(&self) -> String {
        self.record.to_text()
    }

    /// A name for the record's file (`20260314-092653-ca-ngua.txt`).
    pub fn file_name(&self) -> String {
        format!(
            "{}-{}.{}",
            self.record.date.compact(),
            V::ID,
            ca_ngua_data::record::RECORD_EXTENSION
        )
    }
}

/// A seat's code in words, for a list of past games (the code itself if
/// the game has no such seat).
pub fn seat_code_words<V: View>(i18n: &I18n, code: &str) -> String {
    V::Seat::from_code(code).map_or_else(|| code.to_string(), |s| V::colour(i18n, s))
}

/// "Won: Red" (or the places of a team), or that the game was not
/// finished.
pub fn result_words<V: View>(i18n: &I18n, result: Option<&[Vec<String>]>) -> String {
    match result.and_then(|r| r.first()) {
        Some(first) => {
            let who: Vec<String> = first
                .iter()
                .map(|c| seat_code_words::<V>(i18n, c))
                .collect();
            i18n.t_args("replay-won", &[("who", Arg::from(who.join(", ")))])
        }
        None => i18n.t("replay-unfinished"),
    }
}
