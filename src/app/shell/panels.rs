//! Drawing the shell around the game: top bar, settings panel or drawer,
//! the play panel and board of the game, windows and the new-game
//! question. Each `*_ui` function draws and pushes intents; nothing here
//! changes the game directly.

use super::{CaNguaApp, Intent};
use crate::app::ca_ngua::board_view::{self, BoardAction};
use crate::app::ca_ngua::settings::{self, combo};
use crate::app::ca_ngua::windows::EndAction;
use crate::app::ca_ngua::{PlayIntent, stats_ui};
use crate::i18n::Lang;
use crate::prefs::{GameKind, Look};
use egui::{Pos2, RichText, Ui};

impl eframe::App for CaNguaApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.saver.flush();
    }

    /// Only the window's size and place are kept (in `window.ron`): egui's
    /// memory would reopen windows scrolled where they were left.
    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// A floating window's first place: centred, just below the top bar (so
/// it never hides the buttons that open and close it).
pub(crate) fn place_window<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
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
    /// The settings, in the panel or the drawer: the game's, then the
    /// shell's (language and look).
    fn settings_panel_ui(&mut self, ui: &mut Ui) {
        crate::app::a11y::name_region(ui, &self.i18n.t("region-settings"));
        let name = self.i18n.t("region-settings");
        crate::app::a11y::scroll(ui, "settings-scroll", &name, |ui| {
            let mut prefs = self.prefs.clone();
            let out = match prefs.game {
                GameKind::CaNgua => {
                    let sets = self.game.rule_sets().to_vec();
                    settings::settings_ui(ui, &self.i18n, &mut prefs, &sets, self.game.rules_edit())
                }
                GameKind::CoNhay => settings::SettingsOutput {
                    changed: crate::app::co_nhay::settings::settings_ui(
                        ui,
                        &self.i18n,
                        &mut prefs.nhay,
                    ),
                    ..Default::default()
                },
            };
            let mut changed = out.changed;
            ui.separator();
            let in_room = self.game.remote().is_some();
            let (named, online) = crate::app::ca_ngua::online_ui::online_settings_ui(
                ui,
                &self.i18n,
                &mut prefs.online_name,
                &mut self.online_edit,
                in_room,
            );
            changed |= named;
            if let Some(action) = online {
                self.intents.push(Intent::Online(action));
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
            changed |= settings::check(ui, i18n, "settings-all-numbers", &mut prefs.all_numbers);
            changed |=
                crate::app::sound::settings_ui(ui, i18n, &mut prefs.muted, &mut prefs.volume);
            if changed {
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
        // New events, the show, then one phase for the whole frame. Only
        // the game in front is driven: the other one waits as it was (an
        // online room keeps its connection and catches up when it is back
        // in front).
        self.resume_online(&ctx);
        let front = self.prefs.game;
        match front {
            GameKind::CaNgua => {
                self.game.sync(&self.saver);
                self.game.animate(&ctx, now, &self.prefs, &self.i18n);
            }
            GameKind::CoNhay => {
                self.nhay.sync(&self.saver);
                self.nhay.animate(
                    &ctx,
                    now,
                    &self.prefs.nhay,
                    self.prefs.all_numbers,
                    &self.i18n,
                );
            }
        }
        self.play_cues();
        let phase = self.phase();
        match front {
            GameKind::CaNgua => {
                self.game
                    .drive(&ctx, now, phase, &self.prefs, &self.saver, &self.i18n);
            }
            GameKind::CoNhay => {
                self.nhay
                    .drive(&ctx, now, phase, &self.prefs.nhay, &self.saver, &self.i18n);
            }
        }
        let phase = self.phase();
        // The window's accessible name is the game's title.
        let title = self.title();
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| node.set_label(title));
        if !self.is_asking_anything() {
            let f6 = ui.input(|i| i.key_pressed(egui::Key::F6));
            match front {
                GameKind::CaNgua => {
                    self.game.keys_ui(ui, phase);
                    // F6: to the play panel, wherever the focus is.
                    if f6 {
                        self.game.focus_play(phase);
                    }
                }
                GameKind::CoNhay => {
                    self.nhay.keys_ui(ui, phase);
                    if f6 {
                        self.nhay.focus_play(phase);
                    }
                }
            }
        }
        egui::Panel::top("top").show(ui, |ui| {
            crate::app::a11y::name_region(ui, &self.i18n.t("region-top"));
            self.top_ui(ui);
        });
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
        egui::Panel::right("play")
            .resizable(false)
            .exact_size(play_width)
            .show(ui, |ui| match front {
                GameKind::CaNgua => {
                    let name = self.i18n.t("region-play");
                    crate::app::a11y::scroll(ui, "play-scroll", &name, |ui| {
                        self.game.play_ui(ui, &self.i18n, phase, now, dark)
                    });
                }
                GameKind::CoNhay => {
                    let name = self.i18n.t("nhay-region-play");
                    crate::app::a11y::scroll(ui, "nhay-play-scroll", &name, |ui| {
                        self.nhay.play_ui(ui, &self.i18n, phase, dark)
                    });
                }
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
            if front == GameKind::CoNhay {
                crate::app::a11y::name_region(ui, &self.i18n.t("nhay-region-board"));
                self.nhay.board_ui(ui, &self.i18n, phase, now, dark);
                return;
            }
            crate::app::a11y::name_region(ui, &self.i18n.t("region-board"));
            let mut input = self.game.board_input(&self.i18n, phase, now, dark);
            if ui.ctx().text_edit_focused() {
                input.focus_horse = None; // never take the focus from typing
            }
            self.game.focus_given();
            let (action, hovered) = board_view::board_ui_with_hover(ui, &input);
            self.game.hover_board(hovered);
            match action {
                Some(BoardAction::Select { from, number }) => {
                    self.intents
                        .push(Intent::Play(PlayIntent::Select(from, number)));
                }
                Some(BoardAction::Move(m)) => self.intents.push(Intent::Play(PlayIntent::Move(m))),
                None => {}
            }
        });
        self.rules_window(&ctx);
        self.stats_window(&ctx);
        self.try_rules_window(&ctx);
        let end = match front {
            GameKind::CaNgua => self.game.end_window(&ctx, &self.i18n, phase),
            GameKind::CoNhay => self.nhay.end_window(&ctx, &self.i18n, phase),
        };
        match end {
            Some(EndAction::NewGame) => self.intents.push(Intent::NewGame),
            Some(EndAction::Close) | None => {}
        }
        self.confirm_modal(&ctx);
        self.code_modal(&ctx);
        self.apply(&ctx);
    }

    fn top_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.heading(RichText::new(self.i18n.t("app-title")).strong());
            ui.separator();
            self.game_picker_ui(ui);
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

    /// The game picker: Cờ Cá Ngựa or Cờ nhảy, as a named pair of
    /// selectable buttons.
    fn game_picker_ui(&mut self, ui: &mut Ui) {
        let name = self.i18n.t("game-picker");
        let group = egui::UiBuilder::new()
            .accessibility_role(egui::accesskit::Role::RadioGroup)
            .accessibility_label(name.clone());
        ui.scope_builder(group, |ui| {
            ui.horizontal(|ui| {
                ui.label(format!("{name}:"));
                for (kind, key) in [
                    (GameKind::CaNgua, "game-ca-ngua"),
                    (GameKind::CoNhay, "game-co-nhay"),
                ] {
                    let chosen = self.prefs.game == kind;
                    if ui.selectable_label(chosen, self.i18n.t(key)).clicked() && !chosen {
                        self.intents.push(Intent::SwitchGame(kind));
                    }
                }
            });
        });
    }

    fn rules_window(&mut self, ctx: &egui::Context) {
        if !self.show_rules {
            return;
        }
        let mut open = true;
        let game = &self.game;
        let nhay = &self.nhay;
        let front = self.prefs.game;
        let i18n = &self.i18n;
        let opened = self.rules_opened;
        let title = match front {
            GameKind::CaNgua => i18n.t("rules-window-title"),
            GameKind::CoNhay => i18n.t("nhay-rules-window-title"),
        };
        place_window(egui::Window::new(&title), ctx)
            .id(egui::Id::unique("rules-window"))
            .open(&mut open)
            .default_width(460.0)
            .default_height(560.0)
            .show(ctx, |ui| {
                // A scroll area new at each opening: the rules open at the
                // top, not where they were left.
                crate::app::a11y::scroll(ui, ("rules-scroll", opened, front), &title, |ui| {
                    match front {
                        GameKind::CaNgua => game.rules_ui(ui, i18n),
                        GameKind::CoNhay => nhay.rules_ui(ui, i18n),
                    }
                });
            });
        crate::app::a11y::name_title_bar(ctx, egui::Id::unique("rules-window"), &title);
        if !open {
            self.intents.push(Intent::ToggleRules);
        }
    }

    fn stats_window(&mut self, ctx: &egui::Context) {
        if !self.show_stats {
            return;
        }
        let mut open = true;
        let i18n = &self.i18n;
        let stats = self.game.stats();
        let nhay_stats = self.nhay.stats();
        let rules = *self.game.rules();
        let dark = self.dark;
        let front = self.prefs.game;
        let title = match front {
            GameKind::CaNgua => i18n.t("stats-title"),
            GameKind::CoNhay => i18n.t("nhay-stats-title"),
        };
        place_window(egui::Window::new(&title), ctx)
            .id(egui::Id::unique("stats-window"))
            .open(&mut open)
            .default_width(520.0)
            .default_height(600.0)
            .show(ctx, |ui| {
                crate::app::a11y::scroll(ui, ("stats-scroll", front), &title, |ui| match front {
                    GameKind::CaNgua => stats_ui(ui, i18n, stats, dark, &rules),
                    GameKind::CoNhay => {
                        crate::app::co_nhay::windows::stats_ui(ui, i18n, nhay_stats)
                    }
                });
            });
        crate::app::a11y::name_title_bar(ctx, egui::Id::unique("stats-window"), &title);
        if !open {
            self.intents.push(Intent::ToggleStats);
        }
    }

    /// The rule code window: a field to paste a code in, and why a code
    /// was refused. The game waits while it is open.
    fn code_modal(&mut self, ctx: &egui::Context) {
        let Some(window) = &mut self.code_window else {
            return;
        };
        let i18n = &self.i18n;
        let mut intents = Vec::new();
        egui::Modal::new(egui::Id::unique("rule-code")).show(ctx, |ui| {
            ui.set_max_width(380.0);
            ui.heading(i18n.t("code-window-title"));
            ui.label(i18n.t("code-window-text"));
            ui.add_space(4.0);
            let name = ui.label(i18n.t("code-label"));
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut window.text)
                        .hint_text("CN1-XXXXX-XXXXX")
                        .desired_width(340.0),
                )
                .labelled_by(name.id);
            if !window.focused {
                // Until the field has had the keyboard once (the window's
                // first frame only measures it).
                window.focused = field.has_focus();
                field.request_focus();
            }
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if let Some(e) = &window.error {
                ui.label(RichText::new(e).strong().color(ui.visuals().error_fg_color));
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(i18n.t("code-import")).clicked() || enter {
                    intents.push(Intent::RuleSet(settings::RuleSetAction::ImportCode(
                        window.text.clone(),
                    )));
                }
                if ui.button(i18n.t("code-cancel")).clicked() {
                    intents.push(Intent::CloseCode);
                }
            });
        });
        self.intents.extend(intents);
    }

    fn confirm_modal(&mut self, ctx: &egui::Context) {
        if self.confirm.is_none() {
            return;
        }
        let focus = !self.confirm_focused;
        let id = egui::Id::unique("confirm-new-game");
        egui::Modal::new(id).show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.heading(self.i18n.t("confirm-title"));
            ui.label(self.i18n.t("confirm-text"));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(self.i18n.t("confirm-yes")).clicked() {
                    self.intents.push(Intent::ConfirmNewGame);
                }
                // The question takes the focus, on the button that changes
                // nothing.
                let keep = ui.button(self.i18n.t("confirm-no"));
                if focus {
                    keep.request_focus();
                }
                if keep.clicked() {
                    self.intents.push(Intent::CancelNewGame);
                }
            });
        });
        self.confirm_focused = true;
    }
}
