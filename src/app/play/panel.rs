//! The play panel of every game — the online room, whose turn, a card per
//! player, the main button (roll, the only move, a new game once over),
//! the game's own part (dice, moves, hint), the log — and the keys of the
//! game.
//!
//! Nothing under the pointer moves while lines come and go (issue 45): the
//! room's line, its line of news, whose turn, the cards and the main
//! button sit at the top at heights fixed for the whole game; the talk has
//! its own area at the bottom; only what lies between (the dice and
//! moves, the lobby, the log) scrolls.

use super::phase::{Action, Phase};
use super::rematch::Offer;
use super::{Play, PlayIntent, View};
use ca_ngua_i18n::{Arg, I18n};
use egui::{Key, RichText, Ui, Vec2};

/// The size of the turn's header.
const HEADER_SIZE: f32 = 17.0;
/// The height the main button takes, with its spaces.
const MAIN_BUTTON: f32 = 64.0;
/// The least height left for what scrolls in the play panel (the dice,
/// the moves, the log) before the cards give way to the strip.
const MIN_MIDDLE: f32 = 90.0;

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

    /// The play panel: its fixed top, the talk at the bottom, and what
    /// scrolls between them.
    pub fn play_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t(V::PLAY_REGION));
        self.announcer.ui(ui);
        self.room_top_ui(ui, i18n);
        self.turn_header_ui(ui, i18n, phase, dark);
        ui.add_space(4.0);
        // The cards, or where they would leave the talk and the middle
        // too little room (a room at 800×600, issue 54) the strip.
        let below = MAIN_BUTTON + self.talk_dock_least() + MIN_MIDDLE;
        if self.cards_height(ui, i18n, now) + below <= ui.available_height() {
            self.cards_ui(ui, i18n, now, dark);
        } else {
            self.strip_ui(ui, i18n, now, dark);
        }
        ui.add_space(4.0);
        self.main_button_ui(ui, i18n, phase, dark);
        ui.add_space(4.0);
        self.talk_dock_ui(ui, i18n, dark);
        let name = i18n.t(V::PLAY_REGION);
        crate::app::a11y::scroll(ui, format!("{}-play-scroll", V::ID), &name, |ui| {
            self.online_panel_ui(ui, i18n);
            V::panel_ui(self, ui, i18n, phase, now);
            ui.add_space(8.0);
            ui.separator();
            self.log_list_ui(ui, i18n);
        });
    }

    /// Whose turn, on a line as tall as the longest the game can say
    /// (every seat's header measured): it never changes height with the
    /// turn, and a long name is read whole on a second line.
    pub(super) fn turn_header_ui(&self, ui: &mut Ui, i18n: &I18n, phase: Phase, dark: bool) {
        let shown = self.presenter.shown();
        let text_of = |seat: V::Seat| {
            i18n.t_args(
                "turn-label",
                &[
                    ("who", Arg::from(V::colour(i18n, seat))),
                    ("kind", Arg::from(self.player_name(i18n, seat))),
                ],
            )
        };
        let header = match self.shown_turn() {
            Some(seat) => RichText::new(text_of(seat)).color(V::seat_colours(seat, dark).1),
            None if shown.is_over() => RichText::new(i18n.t("turn-game-over")),
            // An online room before its start (or a room being joined):
            // no game is over yet.
            None if self.source.remote().is_some() || phase == Phase::Lobby => {
                RichText::new(i18n.t("online-lobby-header"))
            }
            None => RichText::new(i18n.t("turn-game-over")),
        };
        let width = ui.available_width();
        let font = egui::FontId::proportional(HEADER_SIZE);
        let tallest = shown
            .seats()
            .iter()
            .map(|s| text_of(s.seat))
            .chain([header.text().to_string()])
            .map(|t| {
                ui.painter()
                    .layout(t, font.clone(), egui::Color32::WHITE, width)
                    .size()
                    .y
            })
            .fold(26.0_f32, f32::max);
        ui.allocate_ui(Vec2::new(width, tallest), |ui| {
            ui.set_min_height(tallest);
            ui.add(egui::Label::new(header.size(HEADER_SIZE).strong()).wrap());
        });
    }

    /// The main button: Roll, or Move when only one move exists; once the
    /// game is over, a new game. Online: one more game in the same room
    /// (the host starts it, a guest says they are in), a watcher has
    /// nothing to press; while the computer holds our seat, "I'm back".
    pub(super) fn main_button_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, dark: bool) {
        let offer = self.offer();
        let back = self.held_by_computer();
        // On a phone the host's Start is the main button (issue 54).
        let start = !back && phase == Phase::Lobby && self.starts_here(ui);
        let (label, enabled) = self.main_label(phase, offer, back, start);
        // The turn clock of the seat to act, on the button.
        let clock = self
            .presenter
            .shown()
            .turn()
            .and_then(|seat| self.clock_secs(seat))
            .filter(|_| matches!(phase, Phase::Roll | Phase::Choose) && !back);
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
        let own = self.source.remote().and_then(|r| r.seat());
        let colour_of = if back { own } else { None };
        let button = self.main_button(ui, &text, phase, enabled, colour_of, dark);
        // No main button in an online room before its start; its place is
        // kept all the same.
        let response = ui
            .scope(|ui| {
                if phase == Phase::Lobby && !back && !start {
                    ui.set_invisible();
                }
                ui.add_enabled(enabled, button)
            })
            .inner;
        if back {
            let name = i18n.t("button-im-back-name");
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &name)
            });
        } else if let Some(name) = V::main_button_name(self, i18n, phase) {
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
            match (back, phase, offer) {
                (true, _, _) => self.take_seat_back(),
                (false, Phase::Lobby, _) if start => self
                    .online
                    .actions
                    .push(super::online_ui::OnlineAction::Start),
                (false, Phase::Over, Offer::Host) => self.play_again_online(),
                (false, Phase::Over, Offer::Guest { .. }) => self.want_rematch(),
                (false, Phase::Over, _) => self.intents.push(PlayIntent::NewGame),
                _ => self.intents.push(PlayIntent::RollOrMove),
            }
        }
    }

    /// The main button's words (a key) and whether it acts.
    fn main_label(
        &self,
        phase: Phase,
        offer: Offer,
        back: bool,
        start: bool,
    ) -> (&'static str, bool) {
        match phase {
            _ if back => ("button-im-back", true),
            _ if start => ("online-start", true),
            Phase::Roll => ("button-roll", phase.allows(Action::Roll)),
            Phase::Choose => V::choose_button(self, phase),
            Phase::Over => match offer {
                Offer::Local => ("button-play-again", true),
                Offer::Host | Offer::Guest { ready: false } => ("button-again", true),
                Offer::Guest { ready: true } => ("button-rematch-waiting", false),
                Offer::Watcher => ("button-watch-next", false),
            },
            _ => ("button-waiting", false),
        }
    }

    /// The main button's look. The person's own turn to act (or "I'm
    /// back"): filled with the seat's colour, unlike the grey "wait" of
    /// every other moment, at the same size. (Online, our roll may be due
    /// while the board still shows the move before it: the header and the
    /// cards then show our turn too.)
    fn main_button(
        &self,
        ui: &Ui,
        text: &str,
        phase: Phase,
        enabled: bool,
        seat: Option<V::Seat>,
        dark: bool,
    ) -> egui::Button<'static> {
        // The colour only when the seat shown to act is one played here:
        // never a colour of ours on another's turn (issue 45).
        let turn = self
            .shown_turn()
            .filter(|s| self.source.controller(*s) == ca_ngua_core::table::Controller::Here);
        let act_colour = match (phase, enabled) {
            // "I'm back": our own colour, whoever's turn it is.
            (_, true) if seat.is_some() => seat.map(|s| V::seat_colours(s, dark).0),
            (Phase::Roll | Phase::Choose, true) => turn.map(|s| V::seat_colours(s, dark).0),
            _ => None,
        };
        let button = match act_colour {
            Some(fill) => egui::Button::new(
                RichText::new(text)
                    .size(23.0)
                    .strong()
                    .color(crate::app::theme::ink_on(fill)),
            )
            .fill(fill)
            .stroke(egui::Stroke::new(2.0, crate::app::theme::ink_on(fill))),
            // The same size either way: only the colours change with the
            // moment, never the place of what lies below (issue 45).
            None => egui::Button::new(RichText::new(text).size(20.0)),
        }
        .min_size(main_button_size(ui));
        // One row, always: a long label is cut (its whole name is read).
        // A phone's button is the screen's width: its words centred.
        if crate::app::layout::Layout::current(ui.ctx()).is_phone() {
            button
        } else {
            button.truncate()
        }
    }
}

/// The main button's size: at most 260 points wide in the play panel; on
/// a phone the width of the screen and taller, under the thumb.
fn main_button_size(ui: &Ui) -> Vec2 {
    if crate::app::layout::Layout::current(ui.ctx()).is_phone() {
        Vec2::new(ui.available_width(), 56.0)
    } else {
        Vec2::new(ui.available_width().min(260.0), 52.0)
    }
}
