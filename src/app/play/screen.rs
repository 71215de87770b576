//! A game's screen as the shell holds it: the shell keeps one screen per
//! game and drives only the one in front, through this object-safe trait,
//! without ever asking which game it is.

use super::cues::Cue;
use super::online_ui::OnlineAction;
use super::phase::Phase;
use super::remote::OnlineSeat;
use super::results::EndAction;
use super::rule_sets::RuleSetAction;
use super::{Play, PlayIntent, SettingsOut, View, thread_runner};
use crate::any_game::GameKind;
use crate::game::Level;
use crate::i18n::I18n;
use crate::prefs::Prefs;
use crate::store::{Saver, Store};
use crate::table::InlineRunner;
use egui::Ui;
use std::any::Any;

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

/// A game's screen, for the shell.
pub trait Screen: std::fmt::Debug {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// The screen as its concrete type (tests look inside).
    fn as_any(&self) -> &dyn Any;
    /// The screen as its concrete type, to change.
    fn as_any_mut(&mut self) -> &mut dyn Any;

    /// Reads new events (counted and saved at once).
    fn sync(&mut self, saver: &Saver);
    /// Moves the show along.
    fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n);
    /// The phase now; `dialog` when a question is open.
    fn phase(&self, dialog: bool) -> Phase;
    /// Lets computer players and automatic options act.
    fn drive(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
        prefs: &Prefs,
        saver: &Saver,
        i18n: &I18n,
    );
    /// The sounds due now, once.
    fn take_cues(&mut self) -> Vec<Cue>;
    /// True (once) when something changed that needs drawing.
    fn take_repaint(&mut self) -> bool;
    /// True while something is being shown or waits to be.
    fn is_animating(&self) -> bool;

    /// Keys of the game.
    fn keys_ui(&mut self, ui: &mut Ui, phase: Phase);
    /// F6: the keyboard to where the person acts next.
    fn focus_play(&mut self, phase: Phase);
    /// The play panel (with its scroll area).
    fn play_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool);
    /// The board.
    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool);
    /// The game's settings section.
    fn settings_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &mut Prefs) -> SettingsOut;
    /// The rules in force.
    fn rules_ui(&self, ui: &mut Ui, i18n: &I18n);
    /// The statistics.
    fn stats_ui(&self, ui: &mut Ui, i18n: &I18n, dark: bool);
    /// The results dialog, once over.
    fn end_window(&mut self, ctx: &egui::Context, i18n: &I18n, phase: Phase) -> Option<EndAction>;
    /// The game's own windows.
    fn windows_ui(&mut self, ctx: &egui::Context, i18n: &I18n, prefs: &Prefs);

    /// Carries out the person's requests of the last frame (`dialog`
    /// when a question is open), reading the events of each at once;
    /// what the shell is to do.
    fn apply_intents(&mut self, dialog: bool, saver: &Saver) -> Requests;
    /// Saves the game and its statistics.
    fn save(&self, saver: &Saver);
    /// The game's record so far (`None` before it starts).
    fn record(&self) -> Option<crate::record::AnyRecord>;
    /// Writes the records not written yet, now (the app closes).
    fn finish_records(&mut self, saver: &Saver);
    /// Starts a new game from the settings.
    fn new_game(&mut self, prefs: &Prefs, thinking: &Thinking);
    /// Where computer players and hints think from now.
    fn set_thinking(&mut self, thinking: &Thinking);
    /// Shows everything received at once.
    fn skip_animations(&mut self);
    /// The language changed.
    fn language_changed(&mut self);

    /// True once the game has moved and is not over.
    fn in_progress(&self) -> bool;
    /// True when the settings would start the game on the table (players
    /// aside: they change during a game).
    fn matches_prefs(&self, prefs: &Prefs) -> bool;
    /// Who plays each seat, from the settings (a local game).
    fn set_players(&mut self, prefs: &Prefs);
    /// Puts back in `new` the settings of `old` that would change the game
    /// on the table (its rules and seats), while the player is asked.
    fn keep_table_prefs(&self, new: &mut Prefs, old: &Prefs);

    /// True while the screen shows a room on a server.
    fn is_online(&self) -> bool;
    /// Leaves the room for good.
    fn leave_online(&mut self);
    /// The host starts the room's game.
    fn start_online(&mut self, level: Level);
    /// The seat to remember (or forget), once.
    fn take_remember(&mut self) -> Option<Option<OnlineSeat>>;

    /// A request about saved rule sets.
    fn rule_set_action(&mut self, action: RuleSetAction, prefs: &Prefs, store: &Store, i18n: &I18n);
    /// Takes a rule code.
    fn import_code(&mut self, text: &str, store: &Store, i18n: &I18n) -> Result<String, String>;
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

impl<V: View> Screen for Play<V> {
    fn kind(&self) -> GameKind {
        GameKind::of::<V>()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn sync(&mut self, saver: &Saver) {
        Play::sync(self, saver);
    }

    fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        Play::animate(self, ctx, now, prefs, i18n);
    }

    fn phase(&self, dialog: bool) -> Phase {
        Play::phase(self, dialog)
    }

    fn drive(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
        prefs: &Prefs,
        saver: &Saver,
        i18n: &I18n,
    ) {
        Play::drive(self, ctx, now, phase, prefs, saver, i18n);
    }

    fn take_cues(&mut self) -> Vec<Cue> {
        Play::take_cues(self)
    }

    fn take_repaint(&mut self) -> bool {
        Play::take_repaint(self)
    }

    fn is_animating(&self) -> bool {
        Play::is_animating(self)
    }

    fn keys_ui(&mut self, ui: &mut Ui, phase: Phase) {
        Play::keys_ui(self, ui, phase);
    }

    fn focus_play(&mut self, phase: Phase) {
        Play::focus_play(self, phase);
    }

    fn play_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        let name = i18n.t(V::PLAY_REGION);
        crate::app::a11y::scroll(ui, format!("{}-play-scroll", V::ID), &name, |ui| {
            Play::play_ui(self, ui, i18n, phase, now, dark);
        });
    }

    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t(V::BOARD_REGION));
        V::board_ui(self, ui, i18n, phase, now, dark);
    }

    fn settings_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &mut Prefs) -> SettingsOut {
        if self.remote().is_some() {
            // One source owns the panels: a room plays by the host's
            // settings, shown here as they are.
            self.room_settings_ui(ui, i18n);
            return SettingsOut::default();
        }
        V::settings_ui(self, ui, i18n, prefs)
    }

    fn rules_ui(&self, ui: &mut Ui, i18n: &I18n) {
        Play::rules_ui(self, ui, i18n);
    }

    fn stats_ui(&self, ui: &mut Ui, i18n: &I18n, dark: bool) {
        let table = V::stats_table(self.stats(), i18n, self.rules());
        super::stats_view::stats_table_ui(ui, i18n, V::ID, &table);
        V::stats_extra_ui(self.stats(), ui, i18n, dark);
    }

    fn end_window(&mut self, ctx: &egui::Context, i18n: &I18n, phase: Phase) -> Option<EndAction> {
        Play::end_window(self, ctx, i18n, phase)
    }

    fn windows_ui(&mut self, ctx: &egui::Context, i18n: &I18n, prefs: &Prefs) {
        V::windows_ui(self, ctx, i18n, prefs);
    }

    fn apply_intents(&mut self, dialog: bool, saver: &Saver) -> Requests {
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
                    let phase = Play::phase(self, dialog);
                    self.apply_play(other, phase);
                    // The events of a move are counted at once, with
                    // whoever plays each seat now.
                    Play::sync(self, saver);
                }
            }
        }
        out
    }

    fn save(&self, saver: &Saver) {
        Play::save(self, saver);
    }

    fn record(&self) -> Option<crate::record::AnyRecord> {
        crate::record::AnyRecord::of::<V>(Play::record(self)?.clone())
    }

    fn finish_records(&mut self, saver: &Saver) {
        Play::finish_records(self, saver);
    }

    fn new_game(&mut self, prefs: &Prefs, thinking: &Thinking) {
        let runner = match thinking {
            Thinking::Inline => Box::new(InlineRunner::default()) as _,
            Thinking::Threads(ctx) => thread_runner::<V>(ctx.as_ref()),
        };
        self.replace(V::new_table(prefs, runner));
    }

    fn set_thinking(&mut self, thinking: &Thinking) {
        Play::set_thinking(self, thinking);
    }

    fn skip_animations(&mut self) {
        Play::skip_animations(self);
    }

    fn language_changed(&mut self) {
        Play::language_changed(self);
    }

    fn in_progress(&self) -> bool {
        Play::in_progress(self)
    }

    fn matches_prefs(&self, prefs: &Prefs) -> bool {
        *self.rules() == V::prefs_rules(prefs) && self.seats() == V::prefs_seats(prefs)
    }

    fn set_players(&mut self, prefs: &Prefs) {
        Play::set_players(self, prefs);
    }

    fn keep_table_prefs(&self, new: &mut Prefs, old: &Prefs) {
        V::keep_table_prefs(new, old);
    }

    fn is_online(&self) -> bool {
        self.remote().is_some()
    }

    fn leave_online(&mut self) {
        Play::leave_online(self);
    }

    fn start_online(&mut self, level: Level) {
        Play::start_online(self, level);
    }

    fn take_remember(&mut self) -> Option<Option<OnlineSeat>> {
        Play::take_remember(self)
    }

    fn rule_set_action(
        &mut self,
        action: RuleSetAction,
        prefs: &Prefs,
        store: &Store,
        i18n: &I18n,
    ) {
        V::rule_set_action(self, action, prefs, store, i18n);
    }

    fn import_code(&mut self, text: &str, store: &Store, i18n: &I18n) -> Result<String, String> {
        V::import_code(self, text, store, i18n)
    }
}
