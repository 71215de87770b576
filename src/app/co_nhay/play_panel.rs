//! Cờ nhảy's play panel — whose turn, a card per player, the main
//! button, what to do next, the hint, the log — and the board's place in
//! the frame, with the keys of the game.

use super::look::{arm_colour, arm_text_colour, arm_tint, draw_piece};
use super::{CoNhayGame, NhayIntent, text};
use crate::app::ca_ngua::phase::{Action, Phase};
use crate::app::theme::Palette;
use crate::co_nhay::engine::{Arm, Holes};
use crate::i18n::{Arg, I18n};
use egui::{CornerRadius, Key, RichText, Sense, Stroke, Ui, Vec2};

/// The height of a player's card, fixed so the panel never jumps.
const CARD_HEIGHT: f32 = 46.0;

impl CoNhayGame {
    /// Keys of the game: Escape puts the chosen piece back; Space or Enter
    /// with nothing focused brings the keyboard to the first piece that
    /// can move. (Tab and the arrows move between pieces and holes, Enter
    /// or Space chooses: egui's own focus keys.)
    pub fn keys_ui(&mut self, ui: &mut Ui, phase: Phase) {
        if ui.ctx().text_edit_focused() {
            return;
        }
        let focused = ui.memory(|m| m.focused().is_some());
        let (act, escape) = ui.input(|i| {
            (
                i.key_pressed(Key::Space) || i.key_pressed(Key::Enter),
                i.key_pressed(Key::Escape),
            )
        });
        if escape && self.selected.is_some() {
            self.intents.push(NhayIntent::Deselect);
        }
        if act && !focused {
            self.focus_play(phase);
        }
    }

    /// Puts the keyboard focus where the person acts next: the chosen
    /// piece's first target, the first piece that can move, or the main
    /// button.
    pub fn focus_play(&mut self, phase: Phase) {
        let moves = self.choosable_moves(phase);
        if let Some(hole) = self.selected {
            self.focus_target = Holes(moves.destinations(hole)).next();
        } else if let Some((from, _)) = moves.pieces().next() {
            self.focus_piece = Some(from);
        } else {
            self.focus_main = true;
        }
        self.repaint = true;
    }

    /// The board has taken the focus it was asked to take.
    pub fn focus_given(&mut self) {
        self.focus_piece = None;
        self.focus_target = None;
    }

    /// The board, in the central panel.
    pub fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        let mut input = self.board_input(i18n, phase, now, dark);
        if ui.ctx().text_edit_focused() {
            // Never take the focus from typing.
            input.focus_piece = None;
            input.focus_target = None;
        }
        self.focus_given();
        let out = super::board_view::board_ui(ui, &input);
        self.hover(out.hovered);
        match out.action {
            Some(super::board_view::BoardAction::Select(hole)) => {
                self.intents.push(NhayIntent::Select(hole));
            }
            Some(super::board_view::BoardAction::Move(mv)) => {
                self.intents.push(NhayIntent::Move(mv));
            }
            None => {}
        }
    }

    /// The play panel.
    pub fn play_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t("nhay-region-play"));
        self.announcer.ui(ui);
        let shown = self.presenter.shown();
        let header = match shown.turn() {
            Some(arm) => RichText::new(i18n.t_args(
                "turn-label",
                &[
                    ("who", Arg::from(text::colour(i18n, arm))),
                    ("kind", Arg::from(self.player_name(i18n, arm))),
                ],
            ))
            .color(arm_text_colour(arm, dark)),
            None => RichText::new(i18n.t("turn-game-over")),
        };
        ui.allocate_ui(Vec2::new(ui.available_width(), 26.0), |ui| {
            ui.add(egui::Label::new(header.size(17.0).strong()).truncate());
        });
        ui.add_space(4.0);
        self.cards_ui(ui, i18n, dark);
        ui.add_space(4.0);
        // The main button: a new game once the game is over; otherwise it
        // says what is awaited.
        let (label, enabled) = match phase {
            Phase::Over => (i18n.t("button-play-again"), true),
            Phase::Choose => (i18n.t("nhay-button-choose"), false),
            _ => (i18n.t("button-waiting"), false),
        };
        let button =
            egui::Button::new(RichText::new(label).size(20.0)).min_size(Vec2::new(160.0, 40.0));
        let response = ui.add_enabled(enabled, button);
        if self.focus_main && enabled && !ui.ctx().text_edit_focused() {
            response.request_focus();
        }
        if enabled {
            self.focus_main = false;
        }
        if response.clicked() {
            self.intents.push(NhayIntent::NewGame);
        }
        // What to do next, or who passes, on two lines of fixed height.
        let help = match (phase, self.selected, self.presenter.passing()) {
            (_, _, Some(arm)) => Some(i18n.t_args(
                "nhay-notice-pass",
                &[("who", Arg::from(text::colour(i18n, arm)))],
            )),
            (Phase::Choose, Some(_), _) => Some(i18n.t("nhay-help-choose-target")),
            (Phase::Choose, None, _) => Some(i18n.t("nhay-help-choose-piece")),
            _ => None,
        };
        ui.allocate_ui(Vec2::new(ui.available_width(), 40.0), |ui| {
            ui.set_min_height(40.0);
            if let Some(help) = help {
                ui.add(egui::Label::new(help).wrap());
            }
        });
        if phase.allows(Action::Hint) {
            if ui.button(i18n.t("button-hint")).clicked() {
                self.intents.push(NhayIntent::Hint);
            }
            let line = match (self.hint, self.hint_asked) {
                (Some(mv), _) => {
                    let jumps = shown
                        .position()
                        .and_then(|p| mv.ends().and_then(|(a, b)| p.jump_path(a, b)))
                        .filter(|_| {
                            mv.ends().is_some_and(|(a, b)| {
                                crate::co_nhay::engine::board::hex_distance(a, b) > 1
                            })
                        })
                        .map_or(0, |p| p.len() - 1);
                    Some(i18n.t_args(
                        "nhay-hint-text",
                        &[("move", Arg::from(text::move_text(i18n, mv, jumps)))],
                    ))
                }
                (None, Some(_)) => Some(i18n.t("nhay-hint-thinking")),
                _ => None,
            };
            if let Some(line) = line {
                ui.label(RichText::new(line).strong());
            }
        }
        ui.add_space(8.0);
        ui.separator();
        crate::app::a11y::log_list(ui, i18n, "nhay-log", self.presenter.log(), |l| {
            text::log_text(i18n, l)
        });
    }

    /// A card per player: colour and shape, who plays, pieces home or the
    /// place; the player to move stands out.
    fn cards_ui(&self, ui: &mut Ui, i18n: &I18n, dark: bool) {
        let pal = Palette::new(dark);
        let shown = self.presenter.shown();
        let Some(game) = shown.game() else {
            return;
        };
        let pos = game.position();
        let finished: Vec<Arm> = game.finished().iter().collect();
        for arm in pos.arms() {
            let to_move = shown.turn() == Some(arm);
            let width = ui.available_width();
            let (rect, _) = ui.allocate_exact_size(Vec2::new(width, CARD_HEIGHT), Sense::hover());
            let (fill, border) = if to_move {
                (arm_tint(arm, dark), arm_text_colour(arm, dark))
            } else {
                (
                    ui.visuals().faint_bg_color,
                    ui.visuals().widgets.noninteractive.bg_stroke.color,
                )
            };
            ui.painter().rect(
                rect,
                CornerRadius::same(6),
                fill,
                Stroke::new(2.0, border),
                egui::StrokeKind::Inside,
            );
            if to_move {
                let bar = egui::Rect::from_min_size(rect.min, Vec2::new(6.0, rect.height()));
                ui.painter()
                    .rect_filled(bar, CornerRadius::same(3), arm_colour(arm));
            }
            draw_piece(
                ui.painter(),
                arm,
                rect.left_center() + Vec2::new(21.0, 0.0),
                9.0,
                &pal,
            );
            let colour = if to_move {
                pal.text
            } else {
                ui.visuals().text_color()
            };
            let inner = egui::Rect::from_min_max(
                rect.min + Vec2::new(36.0, 4.0),
                rect.max - Vec2::new(6.0, 3.0),
            );
            let mut child = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(inner)
                    .layout(egui::Layout::top_down(egui::Align::Min)),
            );
            child.spacing_mut().item_spacing.y = 1.0;
            let name = i18n.t_args(
                "card-name",
                &[
                    ("colour", Arg::from(text::colour(i18n, arm))),
                    ("who", Arg::from(self.player_name(i18n, arm))),
                ],
            );
            child.add(
                egui::Label::new(RichText::new(name).size(13.5).strong().color(colour))
                    .truncate()
                    .selectable(false),
            );
            let status = match finished.iter().position(|a| *a == arm) {
                Some(p) => i18n.t_args(
                    "nhay-card-finished",
                    &[("place", Arg::from(text::place_name(i18n, p + 1)))],
                ),
                None => {
                    let home = (pos.pieces(arm) & arm.target().holes()).count_ones();
                    i18n.t_args("nhay-card-home", &[("n", Arg::from(home))])
                }
            };
            child.add(
                egui::Label::new(RichText::new(status).size(13.0).color(colour))
                    .truncate()
                    .selectable(false),
            );
            ui.add_space(4.0);
        }
    }
}
