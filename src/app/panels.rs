//! Drawing the app: top bar, settings panel, play panel, board, dialogs.
//! Each `*_ui` function draws and pushes intents; nothing here changes the
//! game directly.

use super::board_view::{self, BoardAction};
use super::theme::{Palette, seat_colour};
use super::{CaNguaApp, Intent, settings, text};
use crate::i18n::Arg;
use crate::session::PlayerKind;
use egui::{Color32, CornerRadius, Key, Pos2, RichText, Sense, Ui, Vec2};

impl eframe::App for CaNguaApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }
}

/// The pips of a die face, in unit coordinates.
fn pips(face: u8) -> &'static [(f32, f32)] {
    const C: f32 = 0.5;
    const L: f32 = 0.26;
    const H: f32 = 0.74;
    match face {
        1 => &[(C, C)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (C, C), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (C, C), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, C), (H, C), (L, H), (H, H)],
    }
}

fn die_ui(ui: &mut Ui, face: Option<u8>, size: f32, tint: Color32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    let body = rect.shrink(2.0);
    painter.rect(
        body,
        CornerRadius::same((size * 0.18) as u8),
        Color32::from_rgb(0xFB, 0xFA, 0xF6),
        egui::Stroke::new(2.0, tint),
        egui::StrokeKind::Middle,
    );
    if let Some(face) = face {
        for &(x, y) in pips(face) {
            let c = Pos2::new(
                body.left() + x * body.width(),
                body.top() + y * body.height(),
            );
            painter.circle_filled(c, size * 0.075, Color32::from_rgb(0x20, 0x1C, 0x18));
        }
    }
}

/// A floating window's first place: centred, just below the top bar (so
/// it never hides the buttons that open and close it).
pub(super) fn place_window<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    let screen = ctx.content_rect();
    window
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(Pos2::new(screen.center().x, screen.top() + 48.0))
        .constrain(true)
}

/// Below this window width the settings panel becomes a drawer.
const NARROW_WINDOW: f32 = 1000.0;
/// The settings panel's width.
const SETTINGS_WIDTH: f32 = 300.0;

impl CaNguaApp {
    /// The settings, in the panel or the drawer.
    fn settings_panel_ui(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            let mut prefs = self.prefs.clone();
            let out = settings::settings_ui(
                ui,
                &self.i18n,
                &mut prefs,
                &self.rule_sets,
                &mut self.rules_edit,
            );
            if out.changed {
                self.intents.push(Intent::PrefsChanged(Box::new(prefs)));
            }
            self.intents
                .extend(out.actions.into_iter().map(Intent::RuleSet));
            if let Some(source) = out.try_rules {
                self.intents.push(Intent::TryRules(source));
            }
        });
    }

    /// One frame of the whole app.
    pub fn frame_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let now = ui.input(|i| i.time);
        self.dark = ui.visuals().dark_mode;
        self.drive(&ctx, now);
        self.keys_ui(ui);
        egui::Panel::top("top").show(ui, |ui| self.top_ui(ui));
        // Fixed widths (nothing moves under the pointer when a long line
        // appears in the log), chosen from the window's width. A narrow
        // window gives the board the room: the settings open over it as a
        // drawer, closed at first.
        let width = ui.available_width();
        let narrow = width < NARROW_WINDOW;
        if narrow != self.narrow {
            self.narrow = narrow;
            self.show_settings = !narrow;
        }
        if self.show_settings && !narrow {
            egui::Panel::left("settings")
                .resizable(false)
                .exact_size(SETTINGS_WIDTH)
                .show(ui, |ui| self.settings_panel_ui(ui));
        }
        egui::Panel::right("play")
            .resizable(false)
            .exact_size((width * 0.26).clamp(220.0, 280.0))
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.play_ui(ui, now));
            });
        if self.show_settings && narrow {
            let top = ui.available_rect_before_wrap().top();
            let height = ui.available_height();
            egui::Area::new(egui::Id::unique("settings-drawer"))
                .order(egui::Order::Foreground)
                .fixed_pos(Pos2::new(0.0, top))
                .show(&ctx, |ui| {
                    egui::Frame::window(ui.style()).show(ui, |ui| {
                        ui.set_width(SETTINGS_WIDTH - 16.0);
                        ui.set_max_height(height - 12.0);
                        self.settings_panel_ui(ui);
                    });
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let input = self.board_input(now);
            match board_view::board_ui(ui, &input) {
                Some(BoardAction::Select(from)) => self.intents.push(Intent::Select(from)),
                Some(BoardAction::Move(m)) => self.intents.push(Intent::Move(m)),
                None => {}
            }
        });
        self.rules_window(&ctx);
        self.stats_window(&ctx);
        self.try_rules_window(&ctx);
        self.end_window(&ctx);
        self.confirm_modal(&ctx);
        self.apply(&ctx, now);
    }

    fn keys_ui(&mut self, ui: &mut Ui) {
        // Keys act on the game only when no widget has the keyboard focus
        // (a focused button takes Space and Enter itself).
        if ui.memory(|m| m.focused().is_some()) {
            return;
        }
        let (roll, escape, digit) = ui.input(|i| {
            let roll = i.key_pressed(Key::Space) || i.key_pressed(Key::Enter);
            let escape = i.key_pressed(Key::Escape);
            let digits = [
                Key::Num1,
                Key::Num2,
                Key::Num3,
                Key::Num4,
                Key::Num5,
                Key::Num6,
                Key::Num7,
                Key::Num8,
            ];
            let digit = digits.iter().position(|k| i.key_pressed(*k));
            (roll, escape, digit)
        });
        if roll {
            self.intents.push(Intent::RollOrMove);
        }
        if escape {
            self.intents.push(Intent::Deselect);
        }
        if let Some(n) = digit
            && let Some(m) = self.choosable_moves().get(n)
        {
            self.intents.push(Intent::Move(m));
        }
    }

    /// The moves a person may choose now (empty otherwise).
    fn choosable_moves(&self) -> crate::engine::MoveList {
        if self.session.is_human_turn() && !self.busy() && self.confirm.is_none() {
            self.session.legal_moves()
        } else {
            crate::engine::MoveList::new()
        }
    }

    fn top_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.heading(RichText::new(self.i18n.t("app-title")).strong());
            ui.separator();
            let settings_label = if self.show_settings {
                self.i18n.t("button-hide-settings")
            } else {
                self.i18n.t("button-show-settings")
            };
            if ui.button(settings_label).clicked() {
                self.intents.push(Intent::ToggleSettings);
            }
            if ui.button(self.i18n.t("button-rules")).clicked() {
                self.intents.push(Intent::ToggleRules);
            }
            if ui.button(self.i18n.t("button-new-game")).clicked() {
                self.intents.push(Intent::NewGame);
            }
            if ui.button(self.i18n.t("button-stats")).clicked() {
                self.intents.push(Intent::ToggleStats);
            }
        });
        if !self.notices.is_empty() {
            ui.separator();
            for n in &self.notices {
                ui.label(RichText::new(n).strong());
            }
            if ui.button(self.i18n.t("button-dismiss")).clicked() {
                self.intents.push(Intent::DismissNotices);
            }
        }
    }

    fn play_ui(&mut self, ui: &mut Ui, now: f64) {
        let i18n = &self.i18n;
        let session = &self.session;
        // Whose turn.
        match session.turn() {
            Some(seat) => {
                let who = match session.player(seat) {
                    PlayerKind::Human => i18n.t("player-human"),
                    PlayerKind::Bot(level) => i18n.t_args(
                        "player-bot-level",
                        &[("level", Arg::from(i18n.t(&settings::level_key(level))))],
                    ),
                };
                ui.horizontal_wrapped(|ui| {
                    let (rect, _) = ui.allocate_exact_size(Vec2::splat(28.0), Sense::hover());
                    let pal = Palette::new(self.dark);
                    board_view::draw_horse(ui.painter(), seat, rect.center(), 10.0, &pal);
                    ui.label(
                        RichText::new(i18n.t_args(
                            "turn-label",
                            &[
                                ("who", Arg::from(text::colour(i18n, seat))),
                                ("kind", Arg::from(who)),
                            ],
                        ))
                        .size(18.0)
                        .color(seat_colour(seat)),
                    );
                });
            }
            None => {
                ui.label(RichText::new(i18n.t("turn-game-over")).size(18.0));
            }
        }
        ui.add_space(6.0);
        // The dice.
        // The roll waiting, or else the last roll made, in the colour of
        // whoever made it (so a new turn never looks as if it had rolled).
        let pending = session.pending_roll();
        let (roller, roll) = match pending {
            Some(r) => (session.turn(), Some(r)),
            None => self.last_roll().unzip(),
        };
        let rolling = self
            .dice
            .as_ref()
            .is_some_and(|d| now < d.start + d.duration);
        let tint = roller.map_or(Color32::GRAY, seat_colour);
        ui.horizontal(|ui| {
            let faces: Vec<u8> = match roll {
                Some(r) => {
                    let (a, b) = r.dice();
                    let mut v = vec![a];
                    v.extend(b);
                    v
                }
                None => vec![],
            };
            let count = if session.rules().dice == crate::engine::Dice::Two {
                2
            } else {
                1
            };
            for k in 0..count {
                let face = if rolling {
                    // Tumbling faces while the dice roll (only a picture: the
                    // roll was already made by the secure generator).
                    let tick = (now * 14.0) as u64 + k as u64 * 7;
                    Some((tick.wrapping_mul(2_654_435_761) >> 7) as u8 % 6 + 1)
                } else {
                    faces.get(k).copied()
                };
                die_ui(ui, face, 54.0, tint);
            }
        });
        let dice_text = match (roll, rolling) {
            (_, true) => i18n.t("dice-rolling"),
            (Some(r), false) if pending.is_some() => {
                i18n.t_args("dice-label", &[("roll", Arg::from(r.to_string()))])
            }
            (Some(r), false) => i18n.t_args(
                "dice-last-label",
                &[
                    (
                        "who",
                        Arg::from(roller.map(|s| text::colour(i18n, s)).unwrap_or_default()),
                    ),
                    ("roll", Arg::from(r.to_string())),
                ],
            ),
            (None, false) => i18n.t("dice-none"),
        };
        ui.label(dice_text);
        // The main button: Roll, or Move when only one move exists.
        let moves = self.choosable_moves();
        let human = session.is_human_turn();
        let (label, enabled) = if !human || session.turn().is_none() {
            (i18n.t("button-waiting"), false)
        } else if session.pending_roll().is_none() {
            (i18n.t("button-roll"), !self.busy())
        } else if moves.len() == 1 {
            (i18n.t("button-move"), true)
        } else if moves.is_empty() {
            (i18n.t("button-waiting"), false)
        } else {
            (i18n.t("button-choose"), false)
        };
        let button =
            egui::Button::new(RichText::new(label).size(20.0)).min_size(Vec2::new(160.0, 40.0));
        if ui.add_enabled(enabled, button).clicked() {
            self.intents.push(Intent::RollOrMove);
        }
        if let Some(n) = &self.notice {
            if now >= n.from && now < n.until {
                ui.label(RichText::new(&n.text).strong());
            }
            // Draw again when it appears or goes, and not before.
            let next = if now < n.from { n.from } else { n.until };
            if now < next {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(next - now));
            }
        }
        // A hint from the Hard player, for a person choosing.
        if moves.len() > 1 {
            if ui.button(i18n.t("button-hint")).clicked() {
                self.intents.push(Intent::Hint);
            }
            if let (Some(m), Some(seat)) = (self.hint, session.turn()) {
                ui.label(
                    RichText::new(i18n.t_args(
                        "hint-text",
                        &[("move", Arg::from(text::move_text(i18n, seat, m)))],
                    ))
                    .strong(),
                );
            }
        }
        // The moves, numbered for the keyboard.
        if moves.len() > 1 {
            ui.add_space(6.0);
            ui.label(RichText::new(i18n.t("moves-heading")).strong());
            if let Some(seat) = session.turn() {
                for (k, m) in moves.iter().enumerate() {
                    let label = format!("{}. {}", k + 1, text::move_text(i18n, seat, m));
                    if ui.button(label).clicked() {
                        self.intents.push(Intent::Move(m));
                    }
                }
            }
        }
        ui.add_space(8.0);
        ui.separator();
        ui.label(RichText::new(i18n.t("log-heading")).strong());
        let last: Vec<String> = session
            .log()
            .iter()
            .rev()
            .take(14)
            .map(|e| text::log_text(i18n, e))
            .collect();
        if last.is_empty() {
            ui.label(RichText::new(i18n.t("log-empty")).weak());
        }
        for (k, line) in last.iter().enumerate() {
            let t = RichText::new(line);
            ui.label(if k == 0 { t.strong() } else { t });
        }
    }

    /// Who made the last roll, and what it was.
    fn last_roll(&self) -> Option<(crate::engine::Seat, crate::engine::Roll)> {
        let e = self.session.log().last()?;
        Some((e.seat, e.roll.parse().ok()?))
    }

    fn rules_window(&mut self, ctx: &egui::Context) {
        if !self.show_rules {
            return;
        }
        let mut open = true;
        let summary = crate::rules_text::summary(&self.i18n, self.session.rules());
        place_window(egui::Window::new(self.i18n.t("rules-window-title")), ctx)
            .id(egui::Id::unique("rules-window"))
            .open(&mut open)
            .default_width(460.0)
            .default_height(560.0)
            .vscroll(true)
            .show(ctx, |ui| {
                if summary.differences.is_empty() {
                    ui.label(RichText::new(self.i18n.t("rules-same-as-standard")).strong());
                } else {
                    ui.label(RichText::new(self.i18n.t("rules-differences-heading")).strong());
                    for d in &summary.differences {
                        ui.label(format!("• {d}"));
                    }
                }
                ui.separator();
                ui.label(RichText::new(self.i18n.t("rules-all-heading")).strong());
                for a in &summary.all {
                    ui.label(format!("• {a}"));
                }
            });
        if !open {
            self.intents.push(Intent::ToggleRules);
        }
    }

    fn end_window(&mut self, ctx: &egui::Context) {
        if self.end_closed || self.busy() {
            return;
        }
        let Some(outcome) = self.session.game().outcome() else {
            return;
        };
        let lines = text::standings(&self.i18n, &outcome);
        egui::Window::new(self.i18n.t("end-title"))
            .id(egui::Id::unique("end-window"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, Vec2::ZERO)
            .show(ctx, |ui| {
                if outcome.capped {
                    ui.label(self.i18n.t("end-capped"));
                }
                if outcome.concluded {
                    ui.label(self.i18n.t("end-concluded"));
                }
                for line in &lines {
                    ui.label(RichText::new(line).size(17.0));
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(self.i18n.t("button-new-game")).clicked() {
                        self.intents.push(Intent::NewGame);
                    }
                    if ui.button(self.i18n.t("button-close")).clicked() {
                        self.intents.push(Intent::CloseEnd);
                    }
                });
            });
    }

    fn confirm_modal(&mut self, ctx: &egui::Context) {
        if self.confirm.is_none() {
            return;
        }
        egui::Modal::new(egui::Id::unique("confirm-new-game")).show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.heading(self.i18n.t("confirm-title"));
            ui.label(self.i18n.t("confirm-text"));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(self.i18n.t("confirm-yes")).clicked() {
                    self.intents.push(Intent::ConfirmNewGame);
                }
                if ui.button(self.i18n.t("confirm-no")).clicked() {
                    self.intents.push(Intent::CancelNewGame);
                }
            });
        });
    }
}
