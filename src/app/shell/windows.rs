//! The shell's windows: the rules in force and the statistics of the game
//! in front, the rule code window and the new-game question.

use super::{App, Intent, front};
use crate::app::play::rule_sets::RuleSetAction;
use crate::app::window_place::place_window;
use egui::RichText;

impl App {
    pub(super) fn rules_window(&mut self, ctx: &egui::Context) {
        if !self.show_rules {
            return;
        }
        let mut open = true;
        // A phone's Close, larger than the title bar's.
        let mut closed = false;
        let front = self.prefs.game;
        let i18n = &self.i18n;
        let opened = self.rules_opened;
        let title = i18n.t(&format!("rules-window-title-{}", front.id()));
        place_window(egui::Window::new(&title), ctx)
            .id(egui::Id::unique("rules-window"))
            .open(&mut open)
            .default_width(460.0)
            .default_height(560.0)
            .show(ctx, |ui| {
                closed = crate::app::layout::phone_close_ui(ui, &i18n.t("button-close"));
                // A scroll area new at each opening: the rules open at the
                // top, not where they were left.
                crate::app::a11y::scroll(ui, ("rules-scroll", opened, front), &title, |ui| {
                    front!(&self, _V, screen => screen.rules_ui(ui, i18n));
                });
            });
        crate::app::a11y::name_title_bar(ctx, egui::Id::unique("rules-window"), &title);
        if !open || closed {
            self.intents.push(Intent::ToggleRules);
        }
    }

    pub(super) fn stats_window(&mut self, ctx: &egui::Context) {
        if !self.show_stats {
            return;
        }
        let mut open = true;
        let mut closed = false;
        let i18n = &self.i18n;
        let dark = self.dark;
        let front = self.prefs.game;
        let title = i18n.t(&format!("stats-title-{}", front.id()));
        let mut intents = Vec::new();
        place_window(egui::Window::new(&title), ctx)
            .id(egui::Id::unique("stats-window"))
            .open(&mut open)
            .default_width(520.0)
            .default_height(600.0)
            .show(ctx, |ui| {
                closed = crate::app::layout::phone_close_ui(ui, &i18n.t("button-close"));
                crate::app::a11y::scroll(ui, ("stats-scroll", front), &title, |ui| {
                    front!(&self, _V, screen => screen.stats_ui(ui, i18n, dark));
                    self.past_games_ui(ui, &mut intents);
                });
            });
        self.intents.extend(intents);
        crate::app::a11y::name_title_bar(ctx, egui::Id::unique("stats-window"), &title);
        if !open || closed {
            self.intents.push(Intent::ToggleStats);
        }
    }

    /// The rule code window: a field to paste a code in, and why a code
    /// was refused. The game waits while it is open.
    pub(super) fn code_modal(&mut self, ctx: &egui::Context) {
        let Some(window) = &mut self.code_window else {
            return;
        };
        let i18n = &self.i18n;
        let mut intents = Vec::new();
        egui::Modal::new(egui::Id::unique("rule-code")).show(ctx, |ui| {
            ui.set_max_width(crate::app::layout::dialog_width(ui.ctx(), 380.0));
            ui.heading(i18n.t("code-window-title"));
            ui.label(i18n.t("code-window-text"));
            ui.add_space(4.0);
            let name = ui.label(i18n.t("code-label"));
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut window.text)
                        .hint_text("CN1-XXXXX-XXXXX")
                        .desired_width(ui.available_width().min(340.0)),
                )
                .labelled_by(name.id);
            crate::app::layout::keep_in_view(&field);
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
                    intents.push(Intent::RuleSet(RuleSetAction::ImportCode(
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

    pub(super) fn confirm_modal(&mut self, ctx: &egui::Context) {
        if self.confirm.is_none() {
            return;
        }
        let focus = !self.confirm_focused;
        let id = egui::Id::unique("confirm-new-game");
        egui::Modal::new(id).show(ctx, |ui| {
            ui.set_max_width(crate::app::layout::dialog_width(ui.ctx(), 360.0));
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

    /// "Leave the room?" (issue 45): what leaving does, said before it is
    /// done; the focus on staying.
    pub(super) fn leave_modal(&mut self, ctx: &egui::Context) {
        let Some(then) = self.leave_question else {
            return;
        };
        let (started, over, watching) = front!(&self, _V, s => s.remote().map_or((false, false, false), |r| {
            (r.latest().is_started(), r.latest().is_over(), r.is_watching())
        }));
        let text = match (watching, started, over) {
            (true, _, _) => "leave-text-watching",
            (false, true, false) => "leave-text-playing",
            (false, true, true) => "leave-text-over",
            _ => "leave-text-lobby",
        };
        // A watcher is asked in a watcher's words (issue 55).
        let (title, yes, stay) = if watching {
            (
                "leave-watching-title",
                "button-stop-watching",
                "leave-keep-watching",
            )
        } else {
            ("leave-title", "leave-yes", "leave-stay")
        };
        let focus = !self.confirm_focused;
        let id = egui::Id::unique("confirm-leave");
        egui::Modal::new(id).show(ctx, |ui| {
            ui.set_max_width(crate::app::layout::dialog_width(ui.ctx(), 380.0));
            ui.heading(self.i18n.t(title));
            ui.label(self.i18n.t(text));
            if then == super::LeaveThen::NewGame {
                ui.label(self.i18n.t("leave-then-new-game"));
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(self.i18n.t(yes)).clicked() {
                    self.intents.push(Intent::ConfirmLeave);
                }
                // The focus on the answer that changes nothing.
                let stay = ui.button(self.i18n.t(stay));
                if focus {
                    stay.request_focus();
                }
                if stay.clicked() {
                    self.intents.push(Intent::StayInRoom);
                }
            });
        });
        // The dialog is named by its question for a screen reader.
        let title = self.i18n.t(title);
        ctx.accesskit_node_builder(id, |node| node.set_label(title));
        self.confirm_focused = true;
    }

    /// Links from later starts of the app: the window comes to the front;
    /// a link joins its room at once, or after asking when a game is in
    /// progress here (a local game under way, or a room).
    ///
    /// At the first frame, a link (the one that started the app, where the
    /// system hands it over as an event: macOS) joins as a link on the
    /// command line does, without asking to leave the game kept from
    /// before.
    pub(super) fn take_handoffs(&mut self, ctx: &egui::Context, first_frame: bool) {
        let Some(instance) = &self.instance else {
            return;
        };
        for request in instance.take() {
            tracing::info!("a later start handed over: {request:?}");
            ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
            ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
            let crate::instance::Request::Join(link) = request else {
                continue;
            };
            let busy =
                !first_frame && (self.any_online() || front!(&self, _V, s => s.in_progress()));
            if busy {
                self.handoff = Some(link);
                self.confirm_focused = false;
                self.focus_before = ctx.memory(|m| m.focused());
            } else {
                self.pending_join = Some(link);
            }
        }
    }

    /// "Leave this game for the room of the link you clicked?"
    pub(super) fn handoff_modal(&mut self, ctx: &egui::Context) {
        let Some(link) = &self.handoff else {
            return;
        };
        let room = link
            .parse::<ca_ngua_protocol::Invite>()
            .map(|i| i.room)
            .unwrap_or_else(|_| link.clone());
        let focus = !self.confirm_focused;
        let id = egui::Id::unique("confirm-handoff");
        // "Another room" only when a room is open (issue 45); otherwise
        // the link leaves the game being played here.
        let (title, text) = if self.any_online() {
            ("handoff-title", "handoff-text")
        } else {
            ("handoff-title-game", "handoff-text-game")
        };
        egui::Modal::new(id).show(ctx, |ui| {
            ui.set_max_width(crate::app::layout::dialog_width(ui.ctx(), 380.0));
            ui.heading(
                self.i18n
                    .t_args(title, &[("room", ca_ngua_i18n::Arg::from(room.as_str()))]),
            );
            ui.label(
                self.i18n
                    .t_args(text, &[("room", ca_ngua_i18n::Arg::from(room.as_str()))]),
            );
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(self.i18n.t("handoff-join")).clicked() {
                    self.intents.push(Intent::JoinHandedLink);
                }
                // The focus goes to the answer that changes nothing.
                let stay = ui.button(self.i18n.t("handoff-stay"));
                if focus {
                    stay.request_focus();
                }
                if stay.clicked() {
                    self.intents.push(Intent::KeepPlaying);
                }
            });
        });
        let name = self
            .i18n
            .t_args(title, &[("room", ca_ngua_i18n::Arg::from(room.as_str()))]);
        ctx.accesskit_node_builder(id, |node| node.set_label(name));
        self.confirm_focused = true;
    }

    /// The welcome of a first start: play now, or learn first. Nothing
    /// moves while it is shown (the game is in its dialog phase).
    pub(super) fn welcome_modal(&mut self, ctx: &egui::Context) {
        // An invite opened on a first start: the welcome waits until the
        // join is done.
        if !self.welcome || self.join_dialog.is_some() || self.joining.is_some() {
            return;
        }
        let focus = !self.welcome_focused;
        let id = egui::Id::unique("welcome");
        egui::Modal::new(id).show(ctx, |ui| {
            ui.set_max_width(crate::app::layout::dialog_width(ui.ctx(), 420.0));
            // Said to a screen reader as it opens: a live region of its
            // own, with the welcome's words (issue 34: the first thing
            // said used to be the answer's consequence).
            let said = format!(
                "{} {}",
                self.i18n.t("welcome-title"),
                self.i18n.t("welcome-text")
            );
            let at = egui::Rect::from_min_size(ui.cursor().min, egui::Vec2::splat(1.0));
            let live = egui::Id::unique("welcome-said");
            ui.interact(at, live, egui::Sense::hover()).widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &said)
            });
            ui.ctx().accesskit_node_builder(live, |node| {
                node.set_live(egui::accesskit::Live::Assertive);
            });
            ui.heading(self.i18n.t("welcome-title"));
            ui.label(self.i18n.t("welcome-text"));
            ui.add_space(10.0);
            ui.horizontal_wrapped(|ui| {
                let learn = ui.add(
                    egui::Button::new(RichText::new(self.i18n.t("welcome-learn")).size(17.0))
                        .min_size(egui::Vec2::new(150.0, 36.0)),
                );
                if focus {
                    learn.request_focus();
                }
                if learn.clicked() {
                    self.intents.push(Intent::Welcome { learn: true });
                }
                let play = ui.add(
                    egui::Button::new(RichText::new(self.i18n.t("welcome-play")).size(17.0))
                        .min_size(egui::Vec2::new(150.0, 36.0)),
                );
                if play.clicked() {
                    self.intents.push(Intent::Welcome { learn: false });
                }
            });
            ui.add_space(4.0);
            ui.label(RichText::new(self.i18n.t("welcome-later")).small());
        });
        self.welcome_focused = true;
    }
}
