//! Drawing the shell around the game: top bar, settings panel or drawer,
//! the play panel and board of the game, windows and the new-game
//! question. Each `*_ui` function draws and pushes intents; nothing here
//! changes the game directly.

use super::{App, Intent, front};
use crate::app::layout::Layout;
use crate::app::play::results::EndAction;
use crate::app::widgets::{check, combo};
use crate::app::window_place::top_bar_bottom_id;
use ca_ngua_data::prefs::Look;
use ca_ngua_i18n::Lang;
use egui::{Pos2, RichText, Ui};

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.finish_writing();
    }

    /// Only the window's size and place are kept (in `window.ron`): egui's
    /// memory would reopen windows scrolled where they were left.
    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// Below this window width the settings panel becomes a drawer.
const NARROW_WINDOW: f32 = 1000.0;
/// The settings panel's width.
const SETTINGS_WIDTH: f32 = 300.0;

impl App {
    /// The settings, in the panel or the drawer: the game's, then the
    /// shell's (language and look).
    pub(super) fn settings_panel_ui(&mut self, ui: &mut Ui) {
        crate::app::a11y::name_region(ui, &self.i18n.t("region-settings"));
        let name = self.i18n.t("region-settings");
        crate::app::a11y::scroll(ui, "settings-scroll", &name, |ui| {
            let mut prefs = self.prefs.clone();
            // While a lesson or a puzzle is open its own rules are played:
            // the game's settings are locked (shown, greyed) until it closes.
            let teaching = self.learn.is_some();
            if teaching {
                ui.label(RichText::new(self.i18n.t("learn-settings-locked")).strong());
            }
            let out = ui
                .add_enabled_ui(!teaching, |ui| {
                    front!(&mut self, _V, s => s.settings_section_ui(ui, &self.i18n, &mut prefs))
                })
                .inner;
            let mut changed = out.changed;
            // A window opened from the drawer (or a phone's sheet) comes in
            // front: the drawer closes, never over it (issue 54).
            if out.opened_window && self.narrow {
                self.intents.push(Intent::ToggleSettings);
            }
            ui.separator();
            let in_room = front!(&self, _V, s => s.is_online());
            let (named, online) = crate::app::play::online_ui::online_settings_ui(
                ui,
                &self.i18n,
                &mut prefs,
                &mut self.online_edit,
                in_room,
            );
            changed |= named;
            if let Some(action) = online {
                self.intents.push(Intent::Online(action));
            }
            if let Some(joining) = &self.joining {
                // Reaching the room: which game it plays comes with its
                // welcome.
                ui.label(
                    RichText::new(self.i18n.t_args(
                        "net-state-connecting",
                        &[("server", ca_ngua_i18n::Arg::from(joining.server()))],
                    ))
                    .strong(),
                );
            }
            ui.separator();
            let i18n = &self.i18n;
            let mut lang = prefs.lang.unwrap_or(i18n.lang());
            let langs: Vec<(Lang, &str)> =
                vec![(Lang::Vi, "language-vi"), (Lang::En, "language-en")];
            if combo(ui, i18n, "language", "settings-language", &mut lang, &langs) {
                prefs.lang = Some(lang);
                changed = true;
            }
            changed |= combo(
                ui,
                i18n,
                "look",
                "settings-look",
                &mut prefs.look,
                &[
                    (Look::System, "look-system"),
                    (Look::Light, "look-light"),
                    (Look::Dark, "look-dark"),
                ],
            );
            // Each board numbers its own squares or holes.
            let numbers = format!("settings-all-numbers-{}", prefs.game.id());
            changed |= check(ui, i18n, &numbers, &mut prefs.all_numbers);
            changed |=
                crate::app::sound::settings_ui(ui, i18n, &mut prefs.muted, &mut prefs.volume);
            if changed {
                self.intents.push(Intent::PrefsChanged(Box::new(prefs)));
            }
            self.intents
                .extend(out.actions.into_iter().map(Intent::RuleSet));
        });
    }

    /// One frame of the whole app.
    pub fn frame_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let now = ui.input(|i| i.time);
        // A link handed over before the first frame (macOS hands the link
        // that started the app as an event, not on the command line) is
        // taken as the command line's would be.
        let first_frame = !self.window_focus_asked;
        if !self.window_focus_asked {
            // The window takes the keyboard at start, where the platform
            // lets it (the welcome's first button is then under the keys).
            self.window_focus_asked = true;
            crate::platform::take_keyboard(&ctx);
        }
        self.dark = ui.visuals().dark_mode;
        let layout = Layout::choose(&ctx, ctx.content_rect().size());
        self.take_handoffs(&ctx, first_frame);
        self.resume_online(&ctx);
        let dialog = self.is_asking_anything();
        let phase = self.drive_front(&ctx, now);
        // The window's accessible name is the game's title.
        let title = self.title();
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| node.set_label(title));
        if !dialog && self.learn.is_none() {
            self.game_keys(ui, phase);
        }
        if layout.is_phone() {
            self.phone_panels_ui(ui, &ctx, now, phase, layout);
        } else {
            self.panels_ui(ui, &ctx, now, phase);
        }
        self.windows_of_frame(&ctx, now, phase, layout);
        self.apply(&ctx);
    }

    /// New events, the show, then one phase for the whole frame, in which
    /// computer players and automatic options act. Only the game in front
    /// is driven: the other one waits as it was (an online room keeps its
    /// connection and catches up when it is back in front).
    fn drive_front(&mut self, ctx: &egui::Context, now: f64) -> crate::app::play::phase::Phase {
        front!(&mut self, _V, front => {
            front.sync(&self.saver);
            front.animate(ctx, now, &self.prefs, &self.i18n);
        });
        self.play_cues();
        let phase = self.phase();
        front!(&mut self, _V, front => {
            front.drive(ctx, now, phase, &self.prefs, &self.saver, &self.i18n)
        });
        self.phase()
    }

    /// The game's keys, and F6: to the play panel, wherever the focus is.
    fn game_keys(&mut self, ui: &mut Ui, phase: crate::app::play::phase::Phase) {
        let f6 = ui.input(|i| i.key_pressed(egui::Key::F6));
        front!(&mut self, _V, front => {
            front.keys_ui(ui, phase);
            if f6 {
                front.focus_play(phase);
            }
        });
    }

    /// The top bar, the settings (a panel, or a drawer in a narrow
    /// window), the play panel and the board (or the lessons in their
    /// place).
    fn panels_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &egui::Context,
        now: f64,
        phase: crate::app::play::phase::Phase,
    ) {
        let top = egui::Panel::top("top").show(ui, |ui| {
            crate::app::a11y::name_region(ui, &self.i18n.t("region-top"));
            self.top_ui(ui);
        });
        let bottom = top.response.rect.bottom();
        ctx.data_mut(|d| d.insert_temp(top_bar_bottom_id(), bottom));
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
        let dark = self.dark;
        // The play panel takes what the board (as tall as the window
        // allows) leaves, within bounds: wider cards on a large screen.
        let left = if self.show_settings && !narrow {
            SETTINGS_WIDTH
        } else {
            0.0
        };
        let board = (ui.available_height() - 8.0).max(200.0);
        let play_width = (width - left - board - 16.0).clamp(220.0, 320.0);
        if let Some(learn) = &mut self.learn {
            learn.animate(ctx, now, &self.prefs, &self.i18n);
        }
        egui::Panel::right("play")
            .resizable(false)
            .exact_size(play_width)
            .show(ui, |ui| match &mut self.learn {
                // The lessons take the game's place; the game waits.
                Some(learn) => learn.panel_ui(ui, &self.i18n, &self.prefs, now),
                None => {
                    front!(&mut self, _V, s => s.play_region_ui(ui, &self.i18n, phase, now, dark))
                }
            });
        if self.show_settings && narrow {
            let top = ui.available_rect_before_wrap().top();
            let height = ui.available_height();
            egui::Area::new(egui::Id::unique("settings-drawer"))
                .order(egui::Order::Foreground)
                .fixed_pos(Pos2::new(0.0, top))
                .show(ctx, |ui| {
                    egui::Frame::window(ui.style()).show(ui, |ui| {
                        ui.set_width(SETTINGS_WIDTH - 16.0);
                        ui.set_max_height(height - 12.0);
                        self.settings_panel_ui(ui);
                    });
                });
        }
        egui::CentralPanel::default().show(ui, |ui| match &mut self.learn {
            Some(learn) => learn.board_ui(ui, &self.i18n, &self.prefs, now, dark),
            None => front!(&mut self, _V, s => s.board_region_ui(ui, &self.i18n, phase, now, dark)),
        });
    }

    /// The windows and questions over the game: rules, statistics, the
    /// game's own, its results, the replay and every question asked.
    fn windows_of_frame(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        phase: crate::app::play::phase::Phase,
        layout: Layout,
    ) {
        self.rules_window(ctx);
        self.stats_window(ctx);
        {
            // The game's own windows follow the settings being edited (a
            // change waiting for confirmation included).
            let prefs = self.confirm.as_ref().unwrap_or(&self.prefs);
            front!(&mut self, _V, s => s.windows_ui(ctx, &self.i18n, prefs));
        }
        // On a phone the results are a sheet over the board.
        if !layout.is_phone() {
            let end = front!(&mut self, _V, s => s.end_window(ctx, &self.i18n, phase));
            self.end_action(end);
        }
        self.replay_window(ctx, now);
        self.confirm_modal(ctx);
        self.leave_modal(ctx);
        self.handoff_modal(ctx);
        self.code_modal(ctx);
        self.paste_modal(ctx);
        self.dropped_files(ctx);
        self.join_modal(ctx);
        self.welcome_modal(ctx);
    }

    /// What the results asked of the shell.
    pub(super) fn end_action(&mut self, end: Option<EndAction>) {
        match end {
            Some(EndAction::NewGame) => self.intents.push(Intent::NewGame),
            Some(EndAction::Replay) => self
                .intents
                .push(Intent::Record(super::records::RecordIntent::ReplayCurrent)),
            Some(EndAction::Leave) => self.intents.push(Intent::Online(
                crate::app::play::online_ui::OnlineAction::Leave,
            )),
            Some(EndAction::Close | EndAction::Again | EndAction::Rematch) | None => {}
        }
    }
}
