//! The shell: what every game shares — preferences, language and look,
//! files (saved off the frame), notices, the top bar, the settings drawer
//! and the windows — around one screen per game, of which only the one in
//! front is driven. UI code collects [`Intent`]s while it draws;
//! [`App::apply`] carries them out after the frame. The shell never
//! asks a screen which game it is: it holds them as [`Screens`], a field
//! per game, and drives the one in front through `front!`.

mod apply;
pub mod files;
mod frame;
mod games;
mod intent;
mod join;
mod online;
mod phone;
pub mod records;
mod sheets;
mod top_bar;
mod windows;

pub use intent::Intent;
pub(crate) use intent::LeaveThen;
pub use sheets::Sheet;

use super::play::online_ui::{OnlineAction, OnlineEdit};
use super::play::screen::{Screens, Thinking};
use super::play::{Play, View};
use super::text::store_notice;
use ca_ngua_core::table::Table;
use ca_ngua_data::prefs::{Look, Prefs};
use ca_ngua_data::store::{Saver, Store, StoreNotice};
use ca_ngua_games::GameKind;
use ca_ngua_i18n::{I18n, Lang};

/// Runs `$body` with `$s` the screen of the game in front (`&mut self`
/// to change it), `$v` its game type: `front!(&mut self, V, s =>
/// s.sync(&self.saver))`. Only the `screens` field is borrowed, so the
/// body may read the app's other fields.
macro_rules! front {
    (&mut $app:ident, $v:ident, $s:ident => $body:expr) => {
        ca_ngua_games::with_field!(&mut $app.screens, $app.prefs.game, $v, $s => $body)
    };
    (& $app:ident, $v:ident, $s:ident => $body:expr) => {
        ca_ngua_games::with_field!(&$app.screens, $app.prefs.game, $v, $s => $body)
    };
}
use front;

/// The folder (in the player's folder) where a room hosted in the app
/// keeps its state (the server's `--state-dir`).
pub const HOSTED_ROOMS_DIR: &str = "hosted-rooms";

/// The app's state.
pub struct App {
    i18n: I18n,
    prefs: Prefs,
    /// One screen per game.
    screens: Screens,
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
    /// Where computer players think.
    thinking: Thinking,
    /// The online section's fields.
    online_edit: OnlineEdit,
    /// The seat to come back to at the first frame (a restart while in an
    /// online game).
    pending_resume: Option<ca_ngua_data::store::OnlineSeat>,
    /// A room to join at the first frame (`ca-ngua LINK`).
    pending_join: Option<String>,
    /// That room is joined without the dialog's question (a page opened
    /// from `#join=CODE`): watching or not, and the link's name, if any.
    join_at_once: Option<(bool, Option<String>)>,
    /// A room this app hosted before it was closed (or crashed), to host
    /// again on the same port from its kept state at the first frame.
    pending_rehost: Option<ca_ngua_data::store::OnlineSeat>,
    /// The server of that room, hosted again, for the room's screen once
    /// the app is back in its seat.
    reopened_host: Option<crate::platform::host::Host>,
    /// Where later starts of the app hand their links (one window).
    instance: Option<crate::instance::Listening>,
    /// A link handed over while a game is in progress, waiting for the
    /// player to say whether to leave it.
    handoff: Option<String>,
    /// A room being joined, until the server names its game.
    joining: Option<online::Joining>,
    /// The dialog of an invite opened: the room, the name, Join / Watch.
    join_dialog: Option<join::JoinDialog>,
    /// Where a hosted room listens: every interface (friends on the
    /// network), or loopback only (tests).
    host_ip: std::net::IpAddr,
    /// How a hosted room's server runs.
    server_config: crate::platform::host::HostConfig,
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
    /// The past games, the replay window and the paste window.
    records: records::RecordsUi,
    /// The welcome of a first start is shown: nothing moves until the
    /// player answers it.
    welcome: bool,
    /// The welcome has taken the focus.
    welcome_focused: bool,
    /// The window was asked for the keyboard focus (at start).
    window_focus_asked: bool,
    /// The lessons, while open (they take the board's place; the game in
    /// front waits).
    learn: Option<super::learn::Learn>,
    /// "Leave the room?", while asked (issue 45: leaving is never silent).
    leave_question: Option<LeaveThen>,
    /// The sheet open over the board (a phone's layout).
    sheet: Option<Sheet>,
    /// The last sheet shown (drawn while it slides away).
    sheet_last: Option<Sheet>,
}

/// A file dialog waiting for its answer.
struct FileJob {
    /// What the file is for.
    purpose: FilePurpose,
    answer: std::sync::mpsc::Receiver<Option<files::Chosen>>,
}

/// What a file asked for in a dialog is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum FilePurpose {
    /// A rule set to import.
    ImportRules,
    /// The named rule set, to export.
    ExportRules(String),
    /// A record (its text) to save.
    ExportRecord(String),
    /// A record to open.
    ImportRecord,
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

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("front", &self.prefs.game)
            .field("screens", &self.screens)
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
            // Scroll bars beside the text, never over it: a floating bar
            // would hide the last letters of a line (issue 34).
            style.spacing.scroll = egui::style::ScrollStyle::solid();
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

impl App {
    /// An app with these preferences, a new game of every game from them
    /// (secure dice, computer players on threads), keeping nothing on disk
    /// (tests; [`App::from_store`] for the real thing).
    pub fn new(prefs: Prefs) -> App {
        let thinking = Thinking::Threads(None);
        let screens = games::new_screens(&prefs, &thinking);
        App::with_screens(prefs, screens, Saver::new(Store::none()))
    }

    fn with_screens(prefs: Prefs, mut screens: Screens, saver: Saver) -> App {
        let lang = prefs.lang.unwrap_or_default();
        ca_ngua_games::each_field!(&mut screens, _V, s => s.skip_animations());
        App {
            i18n: I18n::new(lang),
            prefs,
            screens,
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
            thinking: Thinking::Threads(None),
            online_edit: OnlineEdit::default(),
            pending_resume: None,
            pending_join: None,
            join_at_once: None,
            instance: None,
            handoff: None,
            pending_rehost: None,
            reopened_host: None,
            joining: None,
            join_dialog: None,
            host_ip: std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
            server_config: crate::platform::host::HostConfig::default(),
            sound: super::sound::Sound::silent(),
            picker: Box::new(files::FixedPicker::default()),
            file_job: None,
            code_window: None,
            rules_opened: 0,
            records: records::RecordsUi::default(),
            welcome: false,
            welcome_focused: false,
            window_focus_asked: false,
            learn: None,
            leave_question: None,
            sheet: None,
            sheet_last: None,
        }
    }

    /// An app showing this table (of any game) at this device, the other
    /// games new.
    pub fn with_table<V: View>(prefs: Prefs, table: Table<V>) -> App {
        App::new(prefs).with_game_table(table)
    }

    /// Shows this table for its game (statistics kept); its computer
    /// players keep the table's runner.
    pub fn with_game_table<V: View>(mut self, table: Table<V>) -> App {
        let inline = matches!(self.thinking, Thinking::Inline);
        let play = self.play_mut::<V>();
        let stats = play.stats().clone();
        *play = Play::new(table, stats, false);
        play.skip_animations();
        if inline {
            play.set_hint_runner(Box::new(ca_ngua_core::table::InlineRunner::default()));
        }
        self
    }

    /// File dialogs answered by `picker` (tests).
    pub fn with_file_picker(mut self, picker: Box<dyn files::FilePicker>) -> App {
        self.picker = picker;
        self
    }

    /// Computer players decide at once, on the frame, so a test steps
    /// through a game without waiting for threads.
    pub fn with_inline_computers(mut self) -> App {
        self.thinking = Thinking::Inline;
        ca_ngua_games::each_field!(&mut self.screens, _V, s => s.set_thinking(&Thinking::Inline));
        self
    }

    /// An app starting a new game from the preferences, with secure dice
    /// and computer players thinking on threads.
    pub fn with_new_game(prefs: Prefs) -> App {
        App::new(prefs)
    }

    /// The app as the player left it: preferences, every game in progress
    /// (its waiting roll included), statistics and saved rule sets from
    /// `store`. Bad files are kept aside and reported; defaults are used
    /// instead. `system_lang` is the language of a first start; `ctx` wakes
    /// the window when a computer player has decided.
    pub fn from_store(
        store: Store,
        opened: Option<StoreNotice>,
        system_lang: Lang,
        ctx: Option<&egui::Context>,
    ) -> App {
        let mut found: Vec<StoreNotice> = opened.into_iter().collect();
        let (mut prefs, n) = store.load_prefs();
        // A settings file that could not be read belongs to a player who
        // has been here before: no welcome.
        prefs.welcomed |= n.is_some();
        found.extend(n);
        if prefs.lang.is_none() {
            prefs.lang = Some(system_lang);
        }
        let (online, n) = store.load_online();
        found.extend(n);
        let thinking = Thinking::Threads(ctx.cloned());
        let (screens, n) = games::screens_from_store(&store, &prefs, &thinking);
        found.extend(n);
        // A room hosted here keeps its state beside the player's files, so
        // that a restart (or a crash) gives it back.
        let hosted_rooms = store.dir().map(|d| d.join(HOSTED_ROOMS_DIR));
        let welcome = !prefs.welcomed;
        let mut app = App::with_screens(prefs, screens, Saver::new(store));
        app.server_config.state_dir = hosted_rooms;
        app.welcome = welcome;
        app.thinking = thinking;
        app.sound = super::sound::Sound::new();
        app.picker = Box::new(files::SystemPicker);
        match online {
            // A room this app hosted: hosted again from its kept state.
            Some(seat) if seat.hosted => app.pending_rehost = Some(seat),
            // Back into the seat once the window is up.
            Some(seat) => app.pending_resume = Some(seat),
            None => {}
        }
        for n in &found {
            app.notices.push(store_notice(&app.i18n, n));
        }
        // Written on first start, and after every change.
        app.saver.save_prefs(&app.prefs);
        ca_ngua_games::each_field!(&app.screens, _V, s => s.save(&app.saver));
        app
    }

    /// Starts as if the welcome had been answered "play now" (tests that
    /// start from an empty folder and are about something else).
    pub fn skip_welcome(mut self) -> App {
        if self.welcome {
            self.welcome = false;
            self.prefs.welcomed = true;
            self.saver.save_prefs(&self.prefs);
        }
        self
    }

    /// True while the welcome of a first start is shown.
    pub fn is_welcoming(&self) -> bool {
        self.welcome
    }

    /// The lessons, while open.
    pub fn learn(&self) -> Option<&super::learn::Learn> {
        self.learn.as_ref()
    }

    /// Lets computer players wake the window when they have decided.
    pub fn set_waker(&mut self, ctx: &egui::Context) {
        if !matches!(self.thinking, Thinking::Inline) {
            self.thinking = Thinking::Threads(Some(ctx.clone()));
            ca_ngua_games::each_field!(&mut self.screens, _V, s => s.set_thinking(&self.thinking));
        }
    }

    /// Joins the room of `link` (an invite page's address or a `ca-ngua:`
    /// link) at the first frame, rather than a remembered seat.
    pub fn with_join_link(mut self, link: String) -> App {
        self.pending_join = Some(link);
        self
    }

    /// Joins (or watches) the room of `link` at the first frame without a
    /// question when a name is known: `name`, or the one the settings
    /// remember (the page of `/play/#join=CODE&name=NAME`); without one,
    /// the join dialog asks for it, once.
    pub fn with_page_link(mut self, link: String, watch: bool, name: Option<String>) -> App {
        self.pending_join = Some(link);
        self.join_at_once = Some((watch, name));
        self
    }

    /// Listens for later starts of the app (a clicked invite while the
    /// window is open): their links come here.
    pub fn with_instance(mut self, listening: crate::instance::Listening) -> App {
        self.instance = Some(listening);
        self
    }

    /// Hosted rooms listen on loopback only and run their computers
    /// without pauses (tests: nothing reaches the network).
    pub fn with_test_hosting(mut self) -> App {
        self.host_ip = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
        self.server_config.bot_delay = std::time::Duration::ZERO;
        self
    }

    /// Hosted rooms give a disconnected person `away` to come back before
    /// a computer plays their seat (tests; 60 seconds otherwise).
    pub fn with_away(mut self, away: std::time::Duration) -> App {
        self.server_config.away = away;
        self
    }

    /// The screen of game `V`, as played.
    pub fn play<V: View>(&self) -> &Play<V> {
        V::pick(&self.screens)
    }

    /// The screen of game `V`, to change.
    pub fn play_mut<V: View>(&mut self) -> &mut Play<V> {
        V::pick_mut(&mut self.screens)
    }

    /// True while a screen (in front or not) shows a room on a server.
    pub fn is_in_room(&self) -> bool {
        self.any_online()
    }

    /// True while a screen (in front or not) shows a room on a server.
    fn any_online(&self) -> bool {
        let mut online = false;
        ca_ngua_games::each_field!(&self.screens, _V, s => online |= s.is_online());
        online
    }

    /// The game in front.
    pub fn front(&self) -> GameKind {
        self.prefs.game
    }

    /// True while the app asks the player something: a new game, a rule
    /// code, a file, the welcome; or while the lessons are open. The game
    /// waits (computer players too); the rules and statistics windows ask
    /// nothing and let play go on.
    pub fn is_asking_anything(&self) -> bool {
        self.confirm.is_some()
            || self.code_window.is_some()
            || self.file_job.is_some()
            || self.handoff.is_some()
            || self.join_dialog.is_some()
            || self.records.is_asking()
            || self.welcome
            || self.learn.is_some()
            || self.leave_question.is_some()
    }

    /// The sheet open over the board (a phone's layout).
    pub fn sheet(&self) -> Option<Sheet> {
        self.sheet
    }

    /// True while the app asks whether to leave the online room.
    pub fn is_asking_to_leave(&self) -> bool {
        self.leave_question.is_some()
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

    /// Writes every game's record not written yet and waits until all is
    /// on disk (the window closing).
    pub fn finish_writing(&mut self) {
        ca_ngua_games::each_field!(&mut self.screens, _V, s => s.finish_records(&self.saver));
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

    /// The phase of the game in front now.
    pub fn phase(&self) -> super::play::phase::Phase {
        let dialog = self.is_asking_anything();
        front!(&self, _V, s => s.phase(dialog))
    }

    /// Plays the sounds the table made this frame.
    fn play_cues(&mut self) {
        let cues = front!(&mut self, _V, s => s.take_cues());
        if self.prefs.muted || cues.is_empty() {
            return;
        }
        let volume = f32::from(self.prefs.volume.min(100)) / 100.0;
        for cue in cues {
            self.sound.play(cue, volume);
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

    /// A question closed: the focus goes back where it was.
    fn give_focus_back(&mut self, ctx: &egui::Context) {
        if let Some(id) = self.focus_before.take() {
            ctx.memory_mut(|m| m.request_focus(id));
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        // Nothing is lost when the window closes right after a move.
        self.finish_writing();
    }
}
