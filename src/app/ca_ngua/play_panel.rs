//! The play panel: whose turn, the dice, the main button (Roll, or Move
//! when only one move exists), the hint, the numbered moves and the log.

use super::board_view;
use super::phase::{Action, Phase};
use super::settings::level_key;
use super::text;
use super::{CaNguaGame, PlayIntent};
use crate::app::theme::{Palette, seat_colour};
use crate::engine::Dice;
use crate::i18n::{Arg, I18n};
use crate::table::Controller;
use egui::{Color32, CornerRadius, Key, Pos2, RichText, Sense, Ui, Vec2};

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

impl CaNguaGame {
    /// Keys for the game: Space or Enter rolls (or makes the only move),
    /// Escape forgets the picked horse, 1–8 choose a move of the list.
    /// Space and Enter act only when no widget has the keyboard focus (a
    /// focused button takes them itself); no key acts while a text field
    /// is being typed in.
    pub fn keys_ui(&mut self, ui: &mut Ui, phase: Phase) {
        if ui.ctx().text_edit_focused() {
            return;
        }
        let focused = ui.memory(|m| m.focused().is_some());
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
        if roll && !focused {
            self.intents.push(PlayIntent::RollOrMove);
        }
        if escape {
            self.intents.push(PlayIntent::Deselect);
        }
        if let Some(n) = digit
            && let Some(m) = self.choosable_moves(phase).get(n)
        {
            self.intents.push(PlayIntent::Move(m));
        }
    }

    /// The play panel.
    pub fn play_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t("region-play"));
        self.announcer.ui(ui);
        let shown = self.presenter.shown();
        // Whose turn.
        match shown.turn() {
            Some(seat) => {
                let who = match self.source.controller(seat) {
                    Controller::Here | Controller::Elsewhere => i18n.t("player-human"),
                    Controller::Computer(level) | Controller::StandIn(level) => i18n.t_args(
                        "player-bot-level",
                        &[("level", Arg::from(i18n.t(&level_key(level))))],
                    ),
                };
                ui.horizontal_wrapped(|ui| {
                    let (rect, _) = ui.allocate_exact_size(Vec2::splat(28.0), Sense::hover());
                    let pal = Palette::new(dark);
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
        // The dice: the roll waiting, or else the last roll made, in the
        // colour of whoever made it (so a new turn never looks as if it had
        // rolled).
        let pending = shown.pending().map(|p| (p.seat, p.roll));
        let (roller, roll) = pending.or(self.presenter.last_roll()).unzip();
        let rolling = self.presenter.dice_rolling(now);
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
            let count = if shown.rules().dice == Dice::Two {
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
        let moves = self.choosable_moves(phase);
        let (label, enabled) = match phase {
            Phase::Roll => (i18n.t("button-roll"), phase.allows(Action::Roll)),
            Phase::Choose if moves.len() == 1 => (i18n.t("button-move"), true),
            Phase::Choose => (i18n.t("button-choose"), false),
            _ => (i18n.t("button-waiting"), false),
        };
        let button =
            egui::Button::new(RichText::new(&label).size(20.0)).min_size(Vec2::new(160.0, 40.0));
        let response = ui.add_enabled(enabled, button);
        // The only move: the button's name says which horse goes where.
        if let (Phase::Choose, 1, Some(p), Some(pos)) =
            (phase, moves.len(), shown.pending(), shown.position())
        {
            let m = moves.to_vec();
            let number = self
                .presenter
                .herd()
                .numbers_at(p.seat, m[0].from)
                .first()
                .copied()
                .unwrap_or(1);
            let horse = text::horse_label(i18n, pos, shown.rules(), p.roll, number, &m);
            let name = i18n.t_args("button-move-named", &[("horse", Arg::from(horse))]);
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &name)
            });
        }
        if self.focus_main && enabled && !ui.ctx().text_edit_focused() {
            response.request_focus();
        }
        if enabled {
            self.focus_main = false;
        }
        if response.clicked() {
            self.intents.push(PlayIntent::RollOrMove);
        }
        if let Some(n) = self.presenter.notice() {
            let key = match n.kind {
                super::animation::PassKind::NoMove => "notice-pass",
                super::animation::PassKind::Forfeit => "notice-forfeit",
            };
            let who = text::colour(i18n, n.seat);
            ui.label(RichText::new(i18n.t_args(key, &[("who", Arg::from(who))])).strong());
        }
        // A hint from the Hard player, for a person choosing.
        if moves.len() > 1 {
            if ui.button(i18n.t("button-hint")).clicked() {
                self.intents.push(PlayIntent::Hint);
            }
            if let (Some(m), Some(seat)) = (self.hint, shown.turn()) {
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
            if let Some(seat) = shown.turn() {
                for (k, m) in moves.iter().enumerate() {
                    let label = format!("{}. {}", k + 1, text::move_text(i18n, seat, m));
                    if ui.button(label).clicked() {
                        self.intents.push(PlayIntent::Move(m));
                    }
                }
            }
        }
        ui.add_space(8.0);
        ui.separator();
        ui.label(RichText::new(i18n.t("log-heading")).strong());
        let log = self.presenter.log();
        let last: Vec<(usize, String)> = log
            .iter()
            .enumerate()
            .rev()
            .take(14)
            .map(|(i, e)| (i, text::log_text(i18n, e)))
            .collect();
        if last.is_empty() {
            ui.label(RichText::new(i18n.t("log-empty")).weak());
        }
        // A list whose entries keep their ids: a new line adds one node and
        // leaves the others as they were (nothing is sent again).
        let list = egui::UiBuilder::new()
            .accessibility_role(egui::accesskit::Role::List)
            .accessibility_label(i18n.t("log-list"));
        ui.scope_builder(list, |ui| {
            for (k, (i, line)) in last.iter().enumerate() {
                ui.push_id(("log", *i), |ui| {
                    let t = RichText::new(line);
                    ui.label(if k == 0 { t.strong() } else { t });
                });
            }
        });
    }
}
