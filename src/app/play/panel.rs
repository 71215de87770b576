//! The play panel of every game — the online room, whose turn, a card per
//! player, the main button (roll, the only move, a new game once over),
//! the game's own part (dice, moves, hint), the log — and the keys of the
//! game.

use super::phase::{Action, Phase};
use super::{Play, PlayIntent, View};
use crate::i18n::{Arg, I18n};
use egui::{Key, RichText, Ui, Vec2};

impl<V: View> Play<V> {
    /// Keys for the game: Space or Enter rolls (or makes the only move)
    /// when no widget has the keyboard focus (a focused button takes them
    /// itself); Escape puts the picked piece back; the game's own keys.
    /// No key acts while a text field is being typed in.
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
        if act && !focused {
            if phase.allows(Action::Roll) || self.choosable_moves(phase).len() == 1 {
                self.intents.push(PlayIntent::RollOrMove);
            } else if phase.allows(Action::Select) {
                V::focus_play(self, phase);
            }
        }
        if escape && self.selected.is_some() {
            self.intents.push(PlayIntent::Deselect);
        }
        V::keys_ui(self, ui, phase);
    }

    /// Puts the keyboard focus on the play panel's main button, or on the
    /// board where the person acts next (F6).
    pub fn focus_play(&mut self, phase: Phase) {
        V::focus_play(self, phase);
        self.repaint = true;
    }

    /// The board has taken the focus it was asked to take.
    pub fn focus_given(&mut self) {
        self.focus = None;
    }

    /// The play panel.
    pub fn play_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t(V::PLAY_REGION));
        self.announcer.ui(ui);
        self.online_panel_ui(ui, i18n);
        self.turn_header_ui(ui, i18n, phase, dark);
        ui.add_space(4.0);
        self.cards_ui(ui, i18n, now, dark);
        ui.add_space(4.0);
        self.main_button_ui(ui, i18n, phase, dark);
        V::panel_ui(self, ui, i18n, phase, now);
        self.talk_ui(ui, i18n);
        ui.add_space(8.0);
        ui.separator();
        let lines = self.log_lines(i18n);
        crate::app::a11y::log_list(ui, i18n, V::LOG_ID, &lines, String::clone);
    }

    /// Whose turn, on a line of fixed height that grows only when a long
    /// name needs a second line (never cut: the player reads all of it).
    fn turn_header_ui(&self, ui: &mut Ui, i18n: &I18n, phase: Phase, dark: bool) {
        let header = match self.presenter.shown().turn() {
            Some(seat) => RichText::new(i18n.t_args(
                "turn-label",
                &[
                    ("who", Arg::from(V::colour(i18n, seat))),
                    ("kind", Arg::from(self.player_name(i18n, seat))),
                ],
            ))
            .color(V::seat_colours(seat, dark).1),
            None if phase == Phase::Lobby => RichText::new(i18n.t("online-lobby-header")),
            None => RichText::new(i18n.t("turn-game-over")),
        };
        ui.allocate_ui(Vec2::new(ui.available_width(), 26.0), |ui| {
            ui.set_min_height(26.0);
            ui.add(egui::Label::new(header.size(17.0).strong()).wrap());
        });
    }

    /// The main button: Roll, or Move when only one move exists; once the
    /// game is over, a new game. Online: the host plays another round in
    /// the same room; a watcher has nothing to press.
    fn main_button_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, dark: bool) {
        let remote = self.source.remote();
        let again = phase == Phase::Over && remote.is_some_and(|r| r.hosts());
        let watching = remote.is_some_and(|r| r.is_watching());
        let (label, enabled) = match phase {
            Phase::Roll => ("button-roll", phase.allows(Action::Roll)),
            Phase::Choose => V::choose_button(self, phase),
            Phase::Over if again => ("button-again", true),
            Phase::Over if watching => ("button-waiting", false),
            Phase::Over => ("button-play-again", true),
            _ => ("button-waiting", false),
        };
        // The turn clock of the seat to act, on the button.
        let clock = self
            .presenter
            .shown()
            .turn()
            .and_then(|seat| self.clock_secs(seat))
            .filter(|_| matches!(phase, Phase::Roll | Phase::Choose));
        let plain = i18n.t(label);
        let text = match clock {
            Some(secs) => i18n.t_args(
                "clock-button",
                &[
                    ("label", Arg::from(plain.as_str())),
                    ("seconds", Arg::from(secs)),
                ],
            ),
            None => plain.clone(),
        };
        let button = self.main_button(ui, &text, phase, enabled, dark);
        // No main button in an online room before its start.
        let response = ui
            .scope(|ui| {
                if phase == Phase::Lobby {
                    ui.set_invisible();
                }
                ui.add_enabled(enabled, button)
            })
            .inner;
        if let Some(name) = V::main_button_name(self, i18n, phase) {
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &name)
            });
        } else if clock.is_some() {
            // The seconds are seen; the name stays still for a reader.
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &plain)
            });
        }
        if self.focus_main && enabled && !ui.ctx().text_edit_focused() {
            response.request_focus();
        }
        if enabled {
            self.focus_main = false;
        }
        if response.clicked() {
            if again {
                self.play_again_online();
            } else {
                self.intents.push(if phase == Phase::Over {
                    PlayIntent::NewGame
                } else {
                    PlayIntent::RollOrMove
                });
            }
        }
    }

    /// The main button's look. The person's own turn to act: a large
    /// button filled with the seat's colour, unlike the grey "wait" of
    /// every other moment. (Online, our roll may be due while the board
    /// still shows the move before it: the colour is ours.)
    fn main_button(
        &self,
        ui: &Ui,
        text: &str,
        phase: Phase,
        enabled: bool,
        dark: bool,
    ) -> egui::Button<'static> {
        let turn = self.own_roll_ahead().or(self.presenter.shown().turn());
        let act_colour = match (phase, enabled, turn) {
            (Phase::Roll | Phase::Choose, true, Some(seat)) => Some(V::seat_colours(seat, dark).0),
            _ => None,
        };
        match act_colour {
            Some(fill) => egui::Button::new(
                RichText::new(text)
                    .size(23.0)
                    .strong()
                    .color(crate::app::theme::ink_on(fill)),
            )
            .fill(fill)
            .stroke(egui::Stroke::new(2.0, crate::app::theme::ink_on(fill)))
            .min_size(Vec2::new(ui.available_width().min(260.0), 52.0)),
            None => {
                egui::Button::new(RichText::new(text).size(20.0)).min_size(Vec2::new(160.0, 40.0))
            }
        }
    }
}
