//! Carrying out what the player asked for, after the frame: the screens'
//! own requests first (their moves read at once), then the shell's.

use super::files;
use super::{App, CodeWindow, FileJob, FilePurpose, Intent, front, setup_look};
use crate::app::play::rule_sets::RuleSetAction;
use crate::app::play::{PrefsView, SettingsView};
use ca_ngua_data::prefs::Prefs;

impl App {
    /// Collects the answer of a file dialog, once it has come.
    fn poll_file_job(&mut self) {
        let Some(job) = &self.file_job else {
            return;
        };
        let answer = match job.answer.try_recv() {
            Ok(answer) => answer,
            Err(std::sync::mpsc::TryRecvError::Empty) => return,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => None,
        };
        let purpose = job.purpose.clone();
        self.file_job = None;
        if let Some(file) = answer {
            match purpose {
                FilePurpose::ExportRules(name) => self
                    .intents
                    .push(Intent::RuleSet(RuleSetAction::Export(name, file))),
                FilePurpose::ImportRules => self
                    .intents
                    .push(Intent::RuleSet(RuleSetAction::Import(file))),
                record => self.record_file(record, file),
            }
        }
    }

    /// Carries out the intents of the last frame.
    pub fn apply(&mut self, ctx: &egui::Context) {
        self.poll_file_job();
        let dialog = self.is_asking_anything();
        let requests = front!(&mut self, _V, s => s.apply_intents(dialog, &self.saver));
        if let Some(learn) = &mut self.learn {
            if learn.apply(&self.i18n) {
                ctx.request_repaint();
            }
            let asked = learn.take_intents();
            for a in asked {
                self.learn_intent(a);
            }
        }
        let intents = std::mem::take(&mut self.intents);
        let mut repaint = !intents.is_empty() || requests != Default::default();
        let mut all: Vec<Intent> = Vec::new();
        if requests.new_game {
            all.push(Intent::NewGame);
        }
        all.extend(requests.online.into_iter().map(Intent::Online));
        all.extend(intents);
        for intent in all {
            self.apply_one(ctx, intent);
        }
        ca_ngua_games::each_field!(&mut self.screens, _V, screen => {
            screen.sync(&self.saver);
            if let Some(seat) = screen.take_remember() {
                self.saver.save_online(seat);
            }
            repaint |= screen.take_repaint();
        });
        self.collect_save_notices();
        if repaint {
            ctx.request_repaint();
        }
    }

    /// Opens the lessons, with the player's own puzzles from the store.
    fn open_learn(&mut self) {
        let (learn, notice) = crate::app::learn::Learn::with_store(self.saver.store().clone());
        if let Some(n) = notice {
            self.notices
                .push(crate::app::text::store_notice(&self.i18n, &n));
        }
        self.learn = Some(learn);
    }

    /// Carries out what the lessons asked for.
    fn learn_intent(&mut self, intent: crate::app::learn::LearnIntent) {
        use crate::app::learn::LearnIntent;
        match intent {
            LearnIntent::Open(kind, course, index) => {
                if let Some(learn) = &mut self.learn {
                    learn.open(kind, course, index);
                }
            }
            LearnIntent::Back => {
                if let Some(learn) = &mut self.learn {
                    learn.close_lesson();
                }
            }
            LearnIntent::Close => self.learn = None,
            LearnIntent::Solved { id, stars } => {
                let best = self.prefs.lesson_stars.entry(id).or_insert(0);
                if stars > *best {
                    *best = stars;
                    self.saver.save_prefs(&self.prefs);
                }
            }
        }
    }

    fn apply_one(&mut self, ctx: &egui::Context, intent: Intent) {
        match intent {
            Intent::Online(action) => self.online(ctx, action),
            Intent::SwitchGame(kind) => {
                if self.prefs.game != kind {
                    self.prefs.game = kind;
                    self.saver.save_prefs(&self.prefs);
                    // The lessons follow the game in front, from its list.
                    if let Some(learn) = &mut self.learn {
                        learn.close_lesson();
                    }
                }
            }
            Intent::Welcome { learn } => {
                self.welcome = false;
                self.prefs.welcomed = true;
                self.saver.save_prefs(&self.prefs);
                if learn {
                    self.open_learn();
                }
                self.give_focus_back(ctx);
            }
            Intent::ToggleLearn
            | Intent::ToggleRules
            | Intent::ToggleSettings
            | Intent::Sheet(_)
            | Intent::ToggleStats => self.toggle(ctx, intent),
            Intent::NewGame => {
                // A new game here: an online room is left first, once the
                // player said so (issue 45).
                if front!(&self, _V, s => s.is_online()) {
                    self.ask_to_leave(ctx, super::LeaveThen::NewGame);
                } else {
                    self.new_game();
                }
            }
            Intent::ConfirmLeave => {
                let then = self.leave_question.take();
                front!(&mut self, _V, s => s.leave_online());
                if then == Some(super::LeaveThen::NewGame) {
                    self.new_game();
                }
                self.give_focus_back(ctx);
            }
            Intent::StayInRoom => {
                self.leave_question = None;
                self.give_focus_back(ctx);
            }
            Intent::PrefsChanged(prefs) => self.prefs_changed(ctx, *prefs),
            Intent::ConfirmNewGame => {
                if let Some(prefs) = self.confirm.take() {
                    self.prefs = prefs;
                    self.saver.save_prefs(&self.prefs);
                    self.new_game();
                }
                self.give_focus_back(ctx);
            }
            Intent::JoinHandedLink => self.join_handed_link(ctx),
            Intent::KeepPlaying => {
                self.handoff = None;
                self.give_focus_back(ctx);
            }
            Intent::CancelNewGame => {
                self.confirm = None;
                self.give_focus_back(ctx);
            }
            Intent::RuleSet(action) => self.apply_rule_set(ctx, action),
            Intent::CloseCode => self.code_window = None,
            Intent::Record(intent) => self.apply_record(ctx, intent),
            Intent::DismissNotices => self.notices.clear(),
        }
    }

    /// Opens or closes the lessons, a window, the settings or a sheet.
    fn toggle(&mut self, ctx: &egui::Context, intent: Intent) {
        match intent {
            // Closed if open (taken), opened if not.
            Intent::ToggleLearn if self.learn.take().is_none() => self.open_learn(),
            Intent::ToggleRules => {
                self.show_rules = !self.show_rules;
                if self.show_rules {
                    self.rules_opened = self.rules_opened.wrapping_add(1);
                }
            }
            // On a phone the settings are a sheet over the board.
            Intent::ToggleSettings if crate::app::layout::Layout::current(ctx).is_phone() => {
                self.toggle_sheet(super::Sheet::Settings);
            }
            Intent::ToggleSettings => self.show_settings = !self.show_settings,
            Intent::Sheet(sheet) => self.toggle_sheet(sheet),
            Intent::ToggleStats => {
                self.show_stats = !self.show_stats;
                if self.show_stats {
                    self.read_past_games();
                }
            }
            _ => {}
        }
    }

    /// Carries out a request about rule sets: a file dialog, the rule code
    /// window, or the game's own saving and loading.
    fn apply_rule_set(&mut self, ctx: &egui::Context, action: RuleSetAction) {
        match action {
            RuleSetAction::PickImport if self.file_job.is_none() => {
                let answer = self.picker.open(ctx, &self.i18n.t("file-import-title"));
                self.file_job = Some(FileJob {
                    purpose: FilePurpose::ImportRules,
                    answer,
                });
            }
            RuleSetAction::PickExport(name) if self.file_job.is_none() => {
                let title = self.i18n.t("file-export-title");
                let answer = self.picker.save(ctx, &title, &files::file_name_for(&name));
                self.file_job = Some(FileJob {
                    purpose: FilePurpose::ExportRules(name),
                    answer,
                });
            }
            RuleSetAction::OpenCode => {
                self.code_window.get_or_insert_with(CodeWindow::default);
            }
            RuleSetAction::ImportCode(text) => {
                let result = front!(&mut self, V, s => V::import_code(s, &text, self.saver.store(), &self.i18n));
                match result {
                    Ok(_) => self.code_window = None,
                    Err(e) => {
                        if let Some(w) = &mut self.code_window {
                            w.error = Some(e);
                        }
                    }
                }
            }
            action => {
                front!(&mut self, V, s => V::rule_set_action(
                    s,
                    action,
                    &self.prefs,
                    self.saver.store(),
                    &self.i18n,
                ));
            }
        }
    }

    /// Leaves the game in progress for the room of the handed-over link.
    fn join_handed_link(&mut self, ctx: &egui::Context) {
        if let Some(link) = self.handoff.take() {
            if self.any_online() {
                self.online(ctx, crate::app::shell::OnlineAction::LeaveNow);
            }
            if self.prefs.online_name.trim().is_empty() {
                // The name is asked in the join dialog.
                self.pending_join = Some(link);
            } else {
                // The question was the one step: join at once.
                self.online(
                    ctx,
                    crate::app::shell::OnlineAction::Join {
                        address: link,
                        code: String::new(),
                    },
                );
            }
        }
        self.give_focus_back(ctx);
    }

    /// A new game of the game in front, from the preferences.
    fn new_game(&mut self) {
        front!(&mut self, _V, front => {
            front.finish_records(&self.saver);
            front.new_game(&self.prefs, &self.thinking);
            front.save(&self.saver);
        });
    }

    fn prefs_changed(&mut self, ctx: &egui::Context, prefs: Prefs) {
        if prefs.lang != self.prefs.lang
            && let Some(lang) = prefs.lang
        {
            self.i18n.set_lang(lang);
            ca_ngua_games::each_field!(&mut self.screens, _V, s => s.language_changed());
        }
        if prefs.look != self.prefs.look {
            setup_look(ctx, prefs.look);
        }
        let (online, matches, in_progress) = ca_ngua_games::with_field!(&self.screens, prefs.game, _V, front =>
            (front.is_online(), front.matches_prefs(&prefs), front.in_progress()));
        if online {
            // Online, the room has its rules and players: the settings are
            // kept for the next game here.
            self.prefs = prefs;
            self.saver.save_prefs(&self.prefs);
            return;
        }
        let needs_new_game = !matches;
        if needs_new_game && in_progress {
            // Ask first; everything else applies now: the settings keep
            // the game on the table until the player says yes.
            let mut applied = prefs.clone();
            ca_ngua_games::each_field!(&self.screens, V, _s => V::keep_table_prefs(&mut applied, &self.prefs));
            ca_ngua_games::each_field!(&mut self.screens, _V, s => s.set_players(&applied));
            self.prefs = applied;
            self.saver.save_prefs(&self.prefs);
            self.confirm = Some(prefs);
            self.confirm_focused = false;
            self.focus_before = ctx.memory(|m| m.focused());
            return;
        }
        ca_ngua_games::each_field!(&mut self.screens, _V, s => s.set_players(&prefs));
        self.prefs = prefs;
        self.saver.save_prefs(&self.prefs);
        if needs_new_game {
            self.new_game();
        }
    }
}
