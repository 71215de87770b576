//! Cờ Cá Ngựa's part of the play panel: the roll in words and what it did,
//! the hint, the numbered moves; the name of the main button when it makes
//! the only move; the number keys.

use super::CaNguaGame;
use super::animation::{Anim, PassKind};
use super::text;
use crate::app::play::PlayIntent;
use crate::app::play::phase::Phase;
use ca_ngua_i18n::{Arg, I18n};
use egui::{Key, RichText, Ui, Vec2};

impl CaNguaGame {
    /// 1–8 choose a move of the list (no key acts while a text field is
    /// being typed in; the machinery checked that).
    pub(super) fn digit_keys_ui(&mut self, ui: &mut Ui, phase: Phase) {
        let digit = ui.input(|i| {
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
            digits.iter().position(|k| i.key_pressed(*k))
        });
        if let Some(n) = digit
            && let Some(m) = self.choosable_moves(phase).get(n)
        {
            self.ask(PlayIntent::Move(*m));
        }
    }

    /// The only move: the main button's name says which horse goes where.
    pub(super) fn only_move_name(&self, i18n: &I18n, phase: Phase) -> Option<String> {
        let moves = self.choosable_moves(phase);
        let shown = self.presenter.shown();
        let (Phase::Choose, [only], Some(p), Some(pos)) =
            (phase, moves.as_slice(), shown.pending(), shown.position())
        else {
            return None;
        };
        let number = self
            .presenter
            .marks()
            .herd
            .numbers_at(pos.mover(shown.rules()).unwrap_or(p.seat), only.from)
            .first()
            .copied()
            .unwrap_or(1);
        let horse = text::horse_label(i18n, pos, shown.rules(), p.roll, number, &moves);
        Some(i18n.t_args("button-move-named", &[("horse", Arg::from(horse))]))
    }

    /// True while the dice tumble.
    pub fn dice_rolling(&self, now: f64) -> bool {
        matches!(self.presenter.anim(), Some(Anim::Dice { start, duration }) if now < start + duration)
    }

    /// The roll in words: the one waiting for its move, the last one (and
    /// whose), the dice tumbling, or none yet.
    fn roll_words(&self, i18n: &I18n, phase: Phase, now: f64) -> String {
        let pending = self.presenter.shown().pending().map(|p| (p.seat, p.roll));
        let (roller, roll) = pending.or(self.presenter.marks().last_roll).unzip();
        let rolling = self.dice_rolling(now);
        match (roll, rolling) {
            // The question holds the game: the last roll would be stale
            // news under the turn it no longer leads to (issue 34).
            _ if phase == Phase::Dialog => self.question_open_words(i18n),
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
        }
    }

    /// The roll in words and what it did, the hint, the numbered moves.
    pub(super) fn dice_moves_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64) {
        let moves = self.choosable_moves(phase);
        // The roll in words, and what it did.
        let dice_text = self.roll_words(i18n, phase, now);
        let notice = self.presenter.notice().map(|n| {
            let key = match n.kind {
                PassKind::NoMove => "notice-pass",
                PassKind::Forfeit => "notice-forfeit",
            };
            let who = text::colour(i18n, n.seat);
            i18n.t_args(key, &[("who", Arg::from(who))])
        });
        // Two lines kept for them, so the moves below stay put; a long
        // line wraps rather than being cut.
        ui.allocate_ui(Vec2::new(ui.available_width(), 44.0), |ui| {
            ui.set_min_height(44.0);
            ui.add(egui::Label::new(dice_text).wrap());
            if let Some(n) = notice {
                ui.add(egui::Label::new(RichText::new(n).strong()).wrap());
            }
        });
        // A hint from the Hard player, for a person choosing (a lesson has
        // its own).
        if moves.len() > 1 && self.teaching.is_none() {
            if ui.button(i18n.t("button-hint")).clicked() {
                self.ask(PlayIntent::Hint);
            }
            if let (Some(m), Some(seat)) = (self.hint, self.mover()) {
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
            let shown = self.presenter.shown();
            // In a lesson or a puzzle the list says nothing of what a move
            // does: finding the kick may be the task.
            let kicks = match (shown.position(), shown.pending()) {
                (Some(pos), Some(p)) if self.teaching.is_none() => moves
                    .iter()
                    .map(|m| text::kicked_by(pos, shown.rules(), p.roll, *m))
                    .collect(),
                _ => vec![Vec::new(); moves.len()],
            };
            if let Some(seat) = self.mover() {
                for (k, m) in moves.iter().enumerate() {
                    let mut label = format!("{}. {}", k + 1, text::move_text(i18n, seat, *m));
                    if let Some(victims) = kicks.get(k).filter(|v| !v.is_empty()) {
                        label.push_str(" — ");
                        label.push_str(&text::kicks_text(i18n, victims));
                    }
                    let response = ui.button(label);
                    if response.hovered() {
                        hovered = Some(*m);
                    }
                    if response.clicked() {
                        self.ask(PlayIntent::Move(*m));
                    }
                }
            }
        }
        self.hover_list(hovered);
    }
}
