//! The games' screens as the shell holds them: one [`Play`] per game in
//! [`Screens`], a field each, of which the shell drives only the one in
//! front (picked by its kind, never by asking a screen which game it is).

use super::online_ui::OnlineAction;
use super::phase::Phase;
use super::{Play, PlayIntent, SettingsOut, View, thread_runner};
use ca_ngua_core::table::InlineRunner;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Saver;
use ca_ngua_i18n::I18n;
use egui::Ui;

/// What a screen's requests of the last frame ask of the shell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Requests {
    /// Start a new game of this screen's game.
    pub new_game: bool,
    /// Requests about online play.
    pub online: Vec<OnlineAction>,
    /// A person here played (the game's events are to be read at once).
    pub played: bool,
}

/// Where a screen's computer players and hints think.
#[derive(Clone, Debug)]
pub enum Thinking {
    /// On threads of their own, waking this window when done.
    Threads(Option<egui::Context>),
    /// On the frame (tests).
    Inline,
}

ca_ngua_games::per_game_struct! {
    /// The games' screens, one [`Play`] per game: the shell drives the one
    /// in front through [`with_field!`](ca_ngua_games::with_field), and finds a
    /// game's own by its type ([`OwnScreen::pick`]).
    pub struct Screens of Play<V: View>, by OwnScreen;
}

impl<V: View> Play<V> {
    /// Where computer players and hints think from now.
    pub fn set_thinking(&mut self, thinking: &Thinking) {
        self.runners(thinking);
    }

    fn runners(&mut self, thinking: &Thinking) {
        match thinking {
            Thinking::Inline => {
                self.set_runner(Box::new(InlineRunner::default()));
                self.set_hint_runner(Box::new(InlineRunner::default()));
            }
            Thinking::Threads(ctx) => {
                self.set_runner(thread_runner::<V>(ctx.as_ref()));
                self.set_hint_runner(thread_runner::<V>(ctx.as_ref()));
            }
        }
    }
}

/// What the shell asks of the screen in front, besides what [`Play`]
/// does in play.
impl<V: View> Play<V> {
    /// The play panel (its middle part scrolls, in a named scroll area).
    pub fn play_region_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        self.play_ui(ui, i18n, phase, now, dark);
    }

    /// The board, in its named region.
    pub fn board_region_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        phase: Phase,
        now: f64,
        dark: bool,
    ) {
        crate::app::a11y::name_region(ui, &i18n.t(V::BOARD_REGION));
        V::board_ui(self, ui, i18n, phase, now, dark);
    }

    /// The game's settings section (a room's settings, as the host chose
    /// them, while online).
    pub fn settings_section_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        prefs: &mut Prefs,
    ) -> SettingsOut {
        if self.remote().is_some() {
            // One source owns the panels: a room plays by the host's
            // settings, shown here as they are.
            self.room_settings_ui(ui, i18n);
            return SettingsOut::default();
        }
        V::settings_ui(self, ui, i18n, prefs)
    }

    /// The statistics.
    pub fn stats_ui(&self, ui: &mut Ui, i18n: &I18n, dark: bool) {
        let table = V::stats_table(self.stats(), i18n, self.rules());
        super::stats_view::stats_table_ui(ui, i18n, V::ID, &table);
        V::stats_extra_ui(self.stats(), ui, i18n, dark);
    }

    /// The game's own windows.
    pub fn windows_ui(&mut self, ctx: &egui::Context, i18n: &I18n, prefs: &Prefs) {
        V::windows_ui(self, ctx, i18n, prefs);
    }

    /// Carries out the person's requests of the last frame (`dialog`
    /// when a question is open), reading the events of each at once;
    /// what the shell is to do.
    pub fn apply_intents(&mut self, dialog: bool, saver: &Saver) -> Requests {
        let mut out = Requests {
            online: self.take_online_actions(),
            ..Requests::default()
        };
        for intent in self.take_intents() {
            match intent {
                PlayIntent::NewGame => out.new_game = true,
                PlayIntent::Hover(h) => self.hover = h,
                other => {
                    out.played = true;
                    let phase = self.phase(dialog);
                    self.apply_play(other, phase);
                    // The events of a move are counted at once, with
                    // whoever plays each seat now.
                    self.sync(saver);
                }
            }
        }
        out
    }

    /// The game's record so far, of whichever game (`None` before it
    /// starts).
    pub fn any_record(&self) -> Option<ca_ngua_data::record::AnyRecord> {
        Some(ca_ngua_data::record::AnyRecord::of::<V>(
            self.record()?.clone(),
        ))
    }

    /// Starts a new game from the settings.
    pub fn new_game(&mut self, prefs: &Prefs, thinking: &Thinking) {
        let runner = match thinking {
            Thinking::Inline => Box::new(InlineRunner::default()) as _,
            Thinking::Threads(ctx) => thread_runner::<V>(ctx.as_ref()),
        };
        self.replace(V::new_table(prefs, runner));
    }

    /// True when the settings would start the game on the table (players
    /// aside: they change during a game).
    pub fn matches_prefs(&self, prefs: &Prefs) -> bool {
        *self.rules() == V::prefs_rules(prefs) && self.seats() == V::prefs_seats(prefs)
    }

    /// True while the screen shows a room on a server.
    pub fn is_online(&self) -> bool {
        self.remote().is_some()
    }
}
