//! The play panel: whose turn, the dice, the main button (Roll, or Move
//! when only one move exists), the hint, the numbered moves and the log.

use super::phase::{Action, Phase};
use super::text;
use super::{CaNguaGame, PlayIntent};
use crate::app::theme::seat_text_colour;
use crate::i18n::{Arg, I18n};
use egui::{Key, RichText, Ui, Vec2};

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
        if let Some(action) = self.online_ui(ui, i18n) {
            self.online_actions.push(action);
        }
        let shown = self.presenter.shown();
        // Whose turn, on one line of fixed height: a long name is cut, never
        // wrapped, so nothing below moves when the turn changes.
        let header = match shown.turn() {
            Some(seat) => RichText::new(i18n.t_args(
                "turn-label",
                &[
                    ("who", Arg::from(text::colour(i18n, seat))),
                    ("kind", Arg::from(self.player_name(i18n, seat))),
                ],
            ))
            .color(seat_text_colour(seat, dark)),
            None if phase == Phase::Lobby => RichText::new(i18n.t("online-lobby-header")),
            None => RichText::new(i18n.t("turn-game-over")),
        };
        ui.allocate_ui(Vec2::new(ui.available_width(), 26.0), |ui| {
            ui.add(egui::Label::new(header.size(17.0).strong()).truncate());
        });
        ui.add_space(4.0);
        self.status_cards_ui(ui, i18n, now, dark);
        ui.add_space(4.0);
        // The main button: Roll, or Move when only one move exists; once
        // the game is over, a new game.
        let moves = self.choosable_moves(phase);
        let (label, enabled) = match phase {
            Phase::Roll => (i18n.t("button-roll"), phase.allows(Action::Roll)),
            Phase::Choose if moves.len() == 1 => (i18n.t("button-move"), true),
            Phase::Choose => (i18n.t("button-choose"), false),
            Phase::Over => (i18n.t("button-play-again"), true),
            _ => (i18n.t("button-waiting"), false),
        };
        let button =
            egui::Button::new(RichText::new(label).size(20.0)).min_size(Vec2::new(160.0, 40.0));
        // No main button in an online room before its start.
        let response = ui
            .scope(|ui| {
                if phase == Phase::Lobby {
                    ui.set_invisible();
                }
                ui.add_enabled(enabled, button)
            })
            .inner;
        let shown = self.presenter.shown();
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
            self.intents.push(if phase == Phase::Over {
                PlayIntent::NewGame
            } else {
                PlayIntent::RollOrMove
            });
        }
        // The roll in words, and what it did, on two lines of fixed height.
        let pending = shown.pending().map(|p| (p.seat, p.roll));
        let (roller, roll) = pending.or(self.presenter.last_roll()).unzip();
        let rolling = self.presenter.dice_rolling(now);
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
        let notice = self.presenter.notice().map(|n| {
            let key = match n.kind {
                super::animation::PassKind::NoMove => "notice-pass",
                super::animation::PassKind::Forfeit => "notice-forfeit",
            };
            let who = text::colour(i18n, n.seat);
            i18n.t_args(key, &[("who", Arg::from(who))])
        });
        ui.allocate_ui(Vec2::new(ui.available_width(), 44.0), |ui| {
            ui.set_min_height(44.0);
            ui.add(egui::Label::new(dice_text).truncate());
            if let Some(n) = notice {
                ui.add(egui::Label::new(RichText::new(n).strong()).truncate());
            }
        });
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
        // The moves, numbered for the keyboard; the one under the pointer
        // shows its landing on the board.
        let mut hovered = None;
        if moves.len() > 1 {
            ui.add_space(6.0);
            ui.label(RichText::new(i18n.t("moves-heading")).strong());
            if let Some(seat) = shown.turn() {
                for (k, m) in moves.iter().enumerate() {
                    let label = format!("{}. {}", k + 1, text::move_text(i18n, seat, m));
                    let response = ui.button(label);
                    if response.hovered() {
                        hovered = Some(m);
                    }
                    if response.clicked() {
                        self.intents.push(PlayIntent::Move(m));
                    }
                }
            }
        }
        self.hover_list(hovered);
        ui.add_space(8.0);
        ui.separator();
        crate::app::a11y::log_list(ui, i18n, "log", self.presenter.log(), |e| {
            text::log_text(i18n, e)
        });
    }
}
