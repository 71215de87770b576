//! The shell: what every game shares — preferences, language and look,
//! files (saved off the frame), notices, the top bar, the settings drawer
//! and the windows. UI code collects [`Intent`]s while it draws;
//! [`CaNguaApp::apply`] carries them out after the frame.

pub mod files;
mod panels;
mod try_window;

use super::ca_ngua::online::Remote;
use super::ca_ngua::online_ui::{OnlineAction, OnlineEdit};
use super::ca_ngua::tbl::Table;
use super::ca_ngua::try_rules::{TrySource, TryWindow};
use super::ca_ngua::{self, CaNguaGame, PlayIntent, phase::Phase, settings::RuleSetAction};
use super::co_nhay::{self, CoNhayGame, NhayIntent};
use super::text::store_notice;
use crate::ca_ngua::engine::Seat;
use crate::i18n::{I18n, Lang};
use crate::prefs::{GameKind, Look, Prefs};
use crate::stats::{NhayStats, Stats};
use crate::store::{Saver, Store, StoreNotice};
use crate::table::{InlineRunner, Runner};

/// What the player asked for while the frame was drawn.
#[derive(Clone, Debug, PartialEq)]
#[must_use]
pub enum Intent {
    /// Something for the game on the table.
    Play(PlayIntent),
    /// Host, join, leave or start an online game.
    Online(OnlineAction),
    /// Start a new game with the preferences.
    NewGame,
    /// The preferences changed in the settings panel.
    PrefsChanged(Box<Prefs>),
    /// Confirm the change that needs a new game.
    ConfirmNewGame,
    /// Keep the game; undo the change that needed a new one.
    CancelNewGame,
    /// Show or hide the rules window.
    ToggleRules,
    /// Show or hide the settings panel.
    ToggleSettings,
    /// Save, rename, delete, export or import a rule set.
    RuleSet(RuleSetAction),
    /// Show or hide the statistics.
    ToggleStats,
    /// Hide the messages about files.
    DismissNotices,
    /// Open the "Try these rules" window.
    TryRules(TrySource),
    /// Close the rule code window.
    CloseCode,
    /// Something for the Cờ nhảy game.
    Nhay(NhayIntent),
    /// Bring another game to the front (both games in progress stay).
    SwitchGame(GameKind),
}

/// The app's state.
pub struct CaNguaApp {
    i18n: I18n,
    prefs: Prefs,
    /// Cờ Cá Ngựa.
    game: CaNguaGame,
    /// Cờ nhảy (driven only while in front).
    nhay: CoNhayGame,
    /// Writes files off the frame.
    saver: Saver,
    show_settings: bool,
    /// The window is narrow: settings open as a drawer over the board.
    narrow: bool,
    show_rules: bool,
    show_stats: bool,
    /// Preferences waiting for the player to confirm a new game.
    confirm: Option<Prefs>,
    /// The question has taken the focus.
    confirm_focused: bool,
    /// Where the focus was before the question took it.
    focus_before: Option<egui::Id>,
    /// Intents from the last frame.
    intents: Vec<Intent>,
    /// The look of the last frame.
    dark: bool,
    /// Messages about files, until the player dismisses them.
    notices: Vec<String>,
    /// Files that could not be saved (reported once each).
    failed_saves: Vec<String>,
    /// Computer players decide inline, on the frame (tests), instead of on
    /// threads of their own.
    inline: bool,
    /// The "Try these rules" window, while open (its run stops on close).
    try_rules: Option<TryWindow>,
    /// The online section's fields.
    online_edit: OnlineEdit,
    /// The seat to come back to at the first frame (a restart while in an
    /// online game).
    pending_resume: Option<crate::store::OnlineSeat>,
    /// Where a hosted room listens: every interface (friends on the
    /// network), or loopback only (tests).
    host_ip: std::net::IpAddr,
    /// How a hosted room's server runs.
    server_config: crate::net::server::ServerConfig,
    /// The table's sounds.
    sound: super::sound::Sound,
    /// Asks the player for files.
    picker: Box<dyn files::FilePicker>,
    /// A file dialog open, and what its answer is for.
    file_job: Option<FileJob>,
    /// The rule code window, while open: the text typed and why the last
    /// code was refused.
    code_window: Option<CodeWindow>,
    /// How many times the rules window was opened (it opens at the top).
    rules_opened: u32,
}

/// A file dialog waiting for its answer.
struct FileJob {
    /// Import, or export the named set.
    export: Option<String>,
    answer: std::sync::mpsc::Receiver<Option<std::path::PathBuf>>,
}

/// The window that takes a rule code.
#[derive(Clone, Debug, Default)]
struct CodeWindow {
    text: String,
    error: Option<String>,
    /// The field has had the keyboard once (it takes it when the window
    /// opens, so a code can be pasted at once).
    focused: bool,
}

impl std::fmt::Debug for CaNguaApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CaNguaApp")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// Sets up fonts and the look on a context (the app and the UI tests).
pub fn setup_context(ctx: &egui::Context, look: Look) {
    ctx.set_fonts(super::theme::fonts());
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        ctx.style_mut_of(theme, |style| {
            super::theme::readable_visuals(&mut style.visuals);
            // Text a little larger than egui's default, help lines at the
            // size of the rest.
            use egui::{FontId, TextStyle};
            style.text_styles = [
                (TextStyle::Small, FontId::proportional(12.5)),
                (TextStyle::Body, FontId::proportional(14.5)),
                (TextStyle::Button, FontId::proportional(14.5)),
                (TextStyle::Heading, FontId::proportional(21.0)),
                (TextStyle::Monospace, FontId::monospace(13.5)),
            ]
            .into();
        });
    }
    setup_look(ctx, look);
}

fn setup_look(ctx: &egui::Context, look: Look) {
    ctx.set_theme(match look {
        Look::System => egui::ThemePreference::System,
        Look::Light => egui::ThemePreference::Light,
        Look::Dark => egui::ThemePreference::Dark,
    });
}

impl CaNguaApp {
    /// An app with these preferences showing this game, keeping nothing on
    /// disk (tests; [`CaNguaApp::from_store`] for the real thing).
    pub fn new(prefs: Prefs, game: CaNguaGame) -> CaNguaApp {
        CaNguaApp::with_saver(prefs, game, Saver::new(Store::none()))
    }

    fn with_saver(prefs: Prefs, mut game: CaNguaGame, saver: Saver) -> CaNguaApp {
        let lang = prefs.lang.unwrap_or_default();
        game.skip_animations();
        let nhay = CoNhayGame::new(
            co_nhay::new_table(&prefs.nhay, co_nhay::thread_runner(None)),
            NhayStats::default(),
            false,
        );
        CaNguaApp {
            i18n: I18n::new(lang),
            prefs,
            game,
            nhay,
            saver,
            show_settings: true,
            narrow: false,
            show_rules: false,
            show_stats: false,
            confirm: None,
            confirm_focused: false,
            focus_before: None,
            intents: Vec::new(),
            dark: false,
            notices: Vec::new(),
            failed_saves: Vec::new(),
            inline: false,
            try_rules: None,
            online_edit: OnlineEdit::default(),
            pending_resume: None,
            host_ip: std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
            server_config: crate::net::server::ServerConfig::default(),
            sound: super::sound::Sound::silent(),
            picker: Box::new(files::FixedPicker::default()),
            file_job: None,
            code_window: None,
            rules_opened: 0,
        }
    }

    /// File dialogs answered by `picker` (tests).
    pub fn with_file_picker(mut self, picker: Box<dyn files::FilePicker>) -> CaNguaApp {
        self.picker = picker;
        self
    }

    /// True while the app asks the player something: a new game, a rule
    /// code, a file. The game waits (computer players too); the rules and
    /// statistics windows ask nothing and let play go on.
    pub fn is_asking_anything(&self) -> bool {
        self.confirm.is_some() || self.code_window.is_some() || self.file_job.is_some()
    }

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
        let export = job.export.clone();
        self.file_job = None;
        if let Some(path) = answer {
            let action = match export {
                Some(name) => RuleSetAction::Export(name, path),
                None => RuleSetAction::Import(path),
            };
            self.intents.push(Intent::RuleSet(action));
        }
    }

    /// Computer players decide at once, on the frame, so a test steps
    /// through a game without waiting for threads.
    pub fn with_inline_computers(mut self) -> CaNguaApp {
        self.inline = true;
        self.game.set_runner(Box::new(InlineRunner::default()));
        self.nhay.set_runner(co_nhay::inline_runner());
        self.nhay.set_hint_runner(co_nhay::inline_runner());
        self
    }

    /// Shows this Cờ nhảy table (statistics kept); its computer players
    /// keep the table's runner.
    pub fn with_nhay_table(mut self, table: co_nhay::tbl::NhayTable) -> CaNguaApp {
        let stats = self.nhay.stats().clone();
        let inline = self.inline;
        self.nhay = CoNhayGame::new(table, stats, false);
        if inline {
            self.nhay.set_hint_runner(co_nhay::inline_runner());
        }
        self
    }

    fn nhay_runner(&self, ctx: Option<&egui::Context>) -> Box<dyn Runner<co_nhay::tbl::NhayJob>> {
        if self.inline {
            co_nhay::inline_runner()
        } else {
            co_nhay::thread_runner(ctx)
        }
    }

    fn runner(&self, ctx: Option<&egui::Context>) -> Box<dyn Runner<ca_ngua::tbl::BotJob>> {
        if self.inline {
            Box::new(InlineRunner::default())
        } else {
            ca_ngua::thread_runner(ctx)
        }
    }

    /// An app showing a table at this device.
    pub fn with_table(prefs: Prefs, table: Table) -> CaNguaApp {
        CaNguaApp::new(prefs, CaNguaGame::new(table, Stats::default(), false))
    }

    /// An app starting a new game from the preferences, with secure dice
    /// and computer players thinking on threads.
    pub fn with_new_game(prefs: Prefs) -> CaNguaApp {
        let table = ca_ngua::new_table(&prefs, ca_ngua::thread_runner(None));
        CaNguaApp::new(prefs, CaNguaGame::new(table, Stats::default(), false))
    }

    /// The app as the player left it: preferences, the game in progress
    /// (its waiting roll included), statistics and saved rule sets from
    /// `store`. Bad files are kept aside and reported; defaults are used
    /// instead. `system_lang` is the language of a first start; `ctx` wakes
    /// the window when a computer player has decided.
    pub fn from_store(
        store: Store,
        opened: Option<StoreNotice>,
        system_lang: Lang,
        ctx: Option<&egui::Context>,
    ) -> CaNguaApp {
        let mut found: Vec<StoreNotice> = opened.into_iter().collect();
        let (mut prefs, n) = store.load_prefs();
        found.extend(n);
        if prefs.lang.is_none() {
            prefs.lang = Some(system_lang);
        }
        let (saved, n) = store.load_game(ca_ngua::thread_runner(ctx));
        found.extend(n);
        let (stats, n) = store.load_stats();
        found.extend(n);
        let (rule_sets, ns) = store.rule_sets();
        found.extend(ns);
        let (online, n) = store.load_online();
        found.extend(n);
        let game = match saved {
            Some(g) => CaNguaGame::new(g.table, stats, g.result_recorded),
            None => CaNguaGame::new(
                ca_ngua::new_table(&prefs, ca_ngua::thread_runner(ctx)),
                stats,
                false,
            ),
        };
        let (saved_nhay, n) = store.load_nhay_game(co_nhay::thread_runner(ctx));
        found.extend(n);
        let (nhay_stats, n) = store.load_nhay_stats();
        found.extend(n);
        let nhay = match saved_nhay {
            Some(g) => CoNhayGame::new(g.table, nhay_stats, g.result_recorded),
            None => CoNhayGame::new(
                co_nhay::new_table(&prefs.nhay, co_nhay::thread_runner(ctx)),
                nhay_stats,
                false,
            ),
        };
        let mut app = CaNguaApp::with_saver(prefs, game, Saver::new(store));
        app.nhay = nhay;
        app.nhay.set_hint_runner(co_nhay::thread_runner(ctx));
        app.sound = super::sound::Sound::new();
        app.picker = Box::new(files::NativePicker);
        app.game.set_rule_sets(rule_sets);
        app.game.set_export_path(default_export_path());
        match online {
            // A room this app hosted ended with it.
            Some(seat) if seat.hosted => app.saver.save_online(None),
            // Back into the seat once the window is up.
            Some(seat) => app.pending_resume = Some(seat),
            None => {}
        }
        for n in &found {
            app.notices.push(store_notice(&app.i18n, n));
        }
        // Written on first start, and after every change.
        app.saver.save_prefs(&app.prefs);
        app.game.save(&app.saver);
        app.nhay.save(&app.saver);
        app
    }

    /// Lets computer players wake the window when they have decided.
    pub fn set_waker(&mut self, ctx: &egui::Context) {
        if !self.inline {
            self.game.set_runner(ca_ngua::thread_runner(Some(ctx)));
            self.nhay.set_runner(co_nhay::thread_runner(Some(ctx)));
            self.nhay.set_hint_runner(co_nhay::thread_runner(Some(ctx)));
        }
    }

    /// Hosted rooms listen on loopback only and run their computers
    /// without pauses (tests: nothing reaches the network).
    pub fn with_test_hosting(mut self) -> CaNguaApp {
        self.host_ip = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
        self.server_config.bot_delay = std::time::Duration::ZERO;
        self
    }

    /// Comes back to a remembered online seat (at the first frame).
    fn resume_online(&mut self, ctx: &egui::Context) {
        let Some(seat) = self.pending_resume.take() else {
            return;
        };
        let Ok(server) = seat.server.parse::<crate::net::ServerAddress>() else {
            self.saver.save_online(None);
            return;
        };
        let request = crate::net::client::Request::Resume {
            room: seat.room.clone(),
            token: seat.token.clone(),
        };
        match Remote::connect(server, request, waker(ctx), None) {
            Ok(remote) => self.game.go_online(remote),
            Err(e) => self.online_edit.error = Some(e),
        }
    }

    /// Carries out a request about online play.
    fn online(&mut self, ctx: &egui::Context, action: OnlineAction) {
        use crate::net::client::Request;
        self.online_edit.error = None;
        let name = self.prefs.online_name.trim().to_string();
        match action {
            OnlineAction::Host => {
                let bind = std::net::SocketAddr::new(self.host_ip, 0);
                let server = match crate::net::server::spawn(bind, self.server_config.clone()) {
                    Ok(s) => s,
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-host-failed",
                            &[("reason", crate::i18n::Arg::from(e.to_string()))],
                        ));
                        return;
                    }
                };
                let address = crate::net::ServerAddress::new("127.0.0.1", server.addr().port());
                let request = Request::create::<crate::ca_ngua::CaNgua>(
                    name,
                    self.prefs.player_count,
                    &self.prefs.rules,
                );
                match Remote::connect(address, request, waker(ctx), Some(server)) {
                    Ok(remote) => self.game.go_online(remote),
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-host-failed",
                            &[("reason", crate::i18n::Arg::from(e))],
                        ));
                    }
                }
            }
            OnlineAction::Join { address, code } => {
                let invite = match ca_ngua::online::join_target(&address, &code) {
                    Ok(i) => i,
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t(e.key()));
                        return;
                    }
                };
                let request = Request::Join {
                    room: invite.room.clone(),
                    name,
                };
                match Remote::connect(invite.server, request, waker(ctx), None) {
                    Ok(remote) => self.game.go_online(remote),
                    Err(e) => {
                        self.online_edit.error = Some(self.i18n.t_args(
                            "online-join-failed",
                            &[("reason", crate::i18n::Arg::from(e))],
                        ));
                    }
                }
            }
            OnlineAction::Leave => self.game.leave_online(),
            OnlineAction::Start => self.game.start_online_default(),
        }
    }

    /// Cờ Cá Ngựa, as shown.
    pub fn game(&self) -> &CaNguaGame {
        &self.game
    }

    /// Cờ nhảy, as shown.
    pub fn nhay(&self) -> &CoNhayGame {
        &self.nhay
    }

    /// The game in front.
    pub fn front(&self) -> GameKind {
        self.prefs.game
    }

    /// The statistics (for tests).
    pub fn stats(&self) -> &Stats {
        self.game.stats()
    }

    /// Adds a message for the player, shown with the file notices until
    /// dismissed (the last crash's report, from `main`).
    pub fn push_notice(&mut self, text: String) {
        self.notices.push(text);
    }

    /// Messages about files shown to the player.
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// Waits until every file asked for is written (tests, and the window
    /// closing).
    pub fn flush(&self) {
        self.saver.flush();
    }

    /// The preferences.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The window title, in the current language.
    pub fn title(&self) -> String {
        self.i18n.t("app-title")
    }

    /// True while the app asks whether to start a new game.
    pub fn is_asking(&self) -> bool {
        self.confirm.is_some()
    }

    /// The current language.
    pub fn lang(&self) -> Lang {
        self.i18n.lang()
    }

    /// Plays the sounds the table made this frame.
    fn play_cues(&mut self) {
        let cues = match self.prefs.game {
            GameKind::CaNgua => self.game.take_cues(),
            GameKind::CoNhay => self.nhay.take_cues(),
        };
        if self.prefs.muted || cues.is_empty() {
            return;
        }
        let volume = f32::from(self.prefs.volume.min(100)) / 100.0;
        for cue in cues {
            self.sound.play(cue, volume);
        }
    }

    /// The phase of the game in front now.
    pub fn phase(&self) -> Phase {
        match self.prefs.game {
            GameKind::CaNgua => self.game.phase(self.is_asking_anything()),
            GameKind::CoNhay => self.nhay.phase(self.is_asking_anything()),
        }
    }

    /// Reports files that could not be written, once each.
    fn collect_save_notices(&mut self) {
        for n in self.saver.notices() {
            let key = n.to_string();
            if !self.failed_saves.contains(&key) {
                self.notices.push(store_notice(&self.i18n, &n));
                self.failed_saves.push(key);
            }
        }
    }

    /// Carries out the intents of the last frame.
    pub fn apply(&mut self, ctx: &egui::Context) {
        self.poll_file_job();
        let intents = std::mem::take(&mut self.intents);
        let plays = self.game.take_intents();
        let online = self.game.take_online_actions();
        let nhay_plays = self.nhay.take_intents();
        let mut repaint = !intents.is_empty()
            || !plays.is_empty()
            || !online.is_empty()
            || !nhay_plays.is_empty();
        for intent in plays
            .into_iter()
            .map(Intent::Play)
            .chain(nhay_plays.into_iter().map(Intent::Nhay))
            .chain(online.into_iter().map(Intent::Online))
            .chain(intents)
        {
            let play = matches!(intent, Intent::Play(_) | Intent::Nhay(_));
            self.apply_one(ctx, intent);
            if play {
                // The events of a move are counted at once, with whoever
                // plays each seat now: a seat handed to the computer later
                // in the same frame does not take the move's kicks.
                self.game.sync(&self.saver);
                self.nhay.sync(&self.saver);
            }
        }
        self.game.sync(&self.saver);
        if let Some(seat) = self.game.take_remember() {
            self.saver.save_online(seat);
        }
        self.nhay.sync(&self.saver);
        self.collect_save_notices();
        repaint |= self.game.take_repaint();
        repaint |= self.nhay.take_repaint();
        if repaint {
            ctx.request_repaint();
        }
    }

    fn apply_one(&mut self, ctx: &egui::Context, intent: Intent) {
        match intent {
            Intent::Play(PlayIntent::NewGame) => self.new_game(ctx),
            Intent::Play(p) => {
                let phase = self.game.phase(self.is_asking_anything());
                self.game.apply_play(p, phase);
            }
            Intent::Online(action) => self.online(ctx, action),
            Intent::Nhay(NhayIntent::NewGame) => self.new_game(ctx),
            Intent::Nhay(i) => {
                let phase = self.nhay.phase(self.is_asking_anything());
                self.nhay.apply_play(i, phase);
            }
            Intent::SwitchGame(kind) => {
                if self.prefs.game != kind {
                    self.prefs.game = kind;
                    self.saver.save_prefs(&self.prefs);
                }
            }
            Intent::NewGame => {
                // A new game of Cờ Cá Ngựa here: an online game is left first.
                if self.prefs.game == GameKind::CaNgua && self.game.remote().is_some() {
                    self.game.leave_online();
                }
                self.new_game(ctx);
            }
            Intent::PrefsChanged(prefs) => self.prefs_changed(ctx, *prefs),
            Intent::ConfirmNewGame => {
                if let Some(prefs) = self.confirm.take() {
                    self.prefs = prefs;
                    self.saver.save_prefs(&self.prefs);
                    self.new_game(ctx);
                }
                self.give_focus_back(ctx);
            }
            Intent::CancelNewGame => {
                self.confirm = None;
                self.give_focus_back(ctx);
            }
            Intent::ToggleRules => {
                self.show_rules = !self.show_rules;
                if self.show_rules {
                    self.rules_opened = self.rules_opened.wrapping_add(1);
                }
            }
            Intent::ToggleSettings => self.show_settings = !self.show_settings,
            Intent::RuleSet(RuleSetAction::PickImport) if self.file_job.is_none() => {
                let answer = self.picker.open(ctx, &self.i18n.t("file-import-title"));
                self.file_job = Some(FileJob {
                    export: None,
                    answer,
                });
            }
            Intent::RuleSet(RuleSetAction::PickExport(name)) if self.file_job.is_none() => {
                let title = self.i18n.t("file-export-title");
                let answer = self.picker.save(ctx, &title, &files::file_name_for(&name));
                self.file_job = Some(FileJob {
                    export: Some(name),
                    answer,
                });
            }
            Intent::RuleSet(RuleSetAction::OpenCode) => {
                self.code_window.get_or_insert_with(CodeWindow::default);
            }
            Intent::RuleSet(RuleSetAction::ImportCode(text)) => {
                match self.game.import_code(&text, self.saver.store(), &self.i18n) {
                    Ok(_) => self.code_window = None,
                    Err(e) => {
                        if let Some(w) = &mut self.code_window {
                            w.error = Some(e);
                        }
                    }
                }
            }
            Intent::CloseCode => self.code_window = None,
            Intent::RuleSet(action) => {
                let rules = self.prefs.rules;
                self.game
                    .rule_set_action(action, rules, self.saver.store(), &self.i18n);
            }
            Intent::ToggleStats => self.show_stats = !self.show_stats,
            Intent::DismissNotices => self.notices.clear(),
            Intent::TryRules(source) => self.open_try_rules(source),
        }
    }

    fn new_game(&mut self, ctx: &egui::Context) {
        match self.prefs.game {
            GameKind::CaNgua => {
                let table = ca_ngua::new_table(&self.prefs, self.runner(Some(ctx)));
                self.game.replace(table);
                self.game.save(&self.saver);
            }
            GameKind::CoNhay => {
                let table = co_nhay::new_table(&self.prefs.nhay, self.nhay_runner(Some(ctx)));
                self.nhay.replace(table);
                self.nhay.save(&self.saver);
            }
        }
    }

    fn prefs_changed(&mut self, ctx: &egui::Context, prefs: Prefs) {
        if prefs.lang != self.prefs.lang
            && let Some(lang) = prefs.lang
        {
            self.i18n.set_lang(lang);
            self.game.language_changed();
            self.nhay.language_changed();
        }
        if prefs.look != self.prefs.look {
            setup_look(ctx, prefs.look);
        }
        let online = self.game.remote().is_some();
        if online && prefs.game == GameKind::CaNgua {
            // Online, the room has its rules and players: the settings are
            // kept for the next game here.
            self.prefs = prefs;
            self.saver.save_prefs(&self.prefs);
            return;
        }
        let seats: Vec<Seat> = self
            .game
            .source()
            .latest()
            .seats()
            .iter()
            .map(|s| s.seat)
            .collect();
        let needs_new_game = match prefs.game {
            GameKind::CaNgua => !prefs.matches_game(self.game.rules(), &seats),
            GameKind::CoNhay => !prefs
                .nhay
                .matches_game(self.nhay.rules(), self.nhay.seating()),
        };
        let in_progress = match prefs.game {
            GameKind::CaNgua => self.game.in_progress(),
            GameKind::CoNhay => self.nhay.in_progress(),
        };
        if needs_new_game && in_progress {
            // Ask first; everything else applies now.
            let mut applied = prefs.clone();
            applied.player_count = self.prefs.player_count;
            applied.rules = self.prefs.rules;
            applied.nhay.player_count = self.prefs.nhay.player_count;
            applied.nhay.rules = self.prefs.nhay.rules;
            if !online {
                self.game.set_players(&applied);
            }
            self.nhay.set_players(&applied.nhay);
            self.prefs = applied;
            self.saver.save_prefs(&self.prefs);
            self.confirm = Some(prefs);
            self.confirm_focused = false;
            self.focus_before = ctx.memory(|m| m.focused());
            return;
        }
        if !online {
            self.game.set_players(&prefs);
        }
        self.nhay.set_players(&prefs.nhay);
        self.prefs = prefs;
        self.saver.save_prefs(&self.prefs);
        if needs_new_game {
            self.new_game(ctx);
        }
    }
}

/// A wake-up for an online client: a repaint of the window.
fn waker(ctx: &egui::Context) -> impl Fn() + Send + Sync + 'static {
    let ctx = ctx.clone();
    move || ctx.request_repaint()
}

impl CaNguaApp {
    /// A question closed: the focus goes back where it was.
    fn give_focus_back(&mut self, ctx: &egui::Context) {
        if let Some(id) = self.focus_before.take() {
            ctx.memory_mut(|m| m.request_focus(id));
        }
    }
}

impl Drop for CaNguaApp {
    fn drop(&mut self) {
        // Nothing is lost when the window closes right after a move.
        self.saver.flush();
    }
}

/// Where exports go unless the player says otherwise.
fn default_export_path() -> String {
    directories::UserDirs::new()
        .map(|d| d.home_dir().join("ca-ngua-rules.ron"))
        .unwrap_or_else(|| std::path::PathBuf::from("ca-ngua-rules.ron"))
        .display()
        .to_string()
}
