//! What each game tells the play machinery, one concern a trait: the
//! types it keeps ([`ViewTypes`]), how its events are shown and paced
//! ([`Pacing`]), its board ([`BoardView`]), its part of the play panel
//! ([`PanelView`]), its words ([`Words`]), what its settings say
//! ([`PrefsView`]), its settings section ([`SettingsView`]) and its
//! statistics ([`StatsView`]); [`View`] is all of them. Everything else —
//! the source, the queue of events, phases, timers, computer players,
//! announcements, sounds, status cards, the results dialog, the log list,
//! online play — is written once, in [`super::Play`], over [`View`].

use super::Play;
use super::cards::Card;
use super::phase::Phase;
pub use super::rule_sets::RuleSetAction;
use super::stats_view::StatsTable;
use crate::app::theme::Palette;
use ca_ngua_core::game::Game;
use ca_ngua_core::table::{Applied, BotJob, Controller, Event, Replica, Runner, Table};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::{Files, Store};
use ca_ngua_i18n::I18n;
use egui::{Color32, Painter, Pos2, Ui};

/// Timings, in seconds. Each game uses those its events need.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pace {
    /// A computer player's pause before it rolls or moves.
    pub think: f64,
    /// How long "no move" stays before the turn goes on.
    pub pass: f64,
    /// The dice tumbling.
    pub dice: f64,
    /// A step to the next square or hole.
    pub step: f64,
    /// One hop of a jump chain.
    pub hop: f64,
    /// Kicked pieces flying home.
    pub kick: f64,
}

/// A game as the app shows it: every concern below, implemented in each
/// game's folder. It adds nothing of its own; the play machinery is
/// written over it.
pub trait View:
    ViewTypes
    + Pacing
    + BoardView
    + PanelView
    + Words
    + PrefsView
    + SettingsView
    + StatsView
    + super::screen::OwnScreen
{
}

impl<T> View for T where
    T: ViewTypes
        + Pacing
        + BoardView
        + PanelView
        + Words
        + PrefsView
        + SettingsView
        + StatsView
        + super::screen::OwnScreen
{
}

/// What the play machinery keeps of a game besides the game itself: the
/// types of what it shows, picks and remembers, and when a game counts as
/// begun or a seat as done. Every other concern builds on it.
pub trait ViewTypes: Game + Files + ca_ngua_core::game::selfplay::SelfPlay {
    /// What the presenter keeps besides the state shown (which horse is
    /// which, the last roll, the last move).
    type Marks: Clone + std::fmt::Debug;
    /// A move being shown.
    type Anim: Clone + std::fmt::Debug;
    /// A line of the log, put in words when drawn.
    type Log: Clone + std::fmt::Debug;
    /// The message while a pass is shown.
    type Notice: Clone + std::fmt::Debug + PartialEq;
    /// What a click on the board picks.
    type Pick: Copy + std::fmt::Debug + PartialEq + Eq;
    /// What the pointer rests on (its landing is previewed).
    type Hover: Copy + std::fmt::Debug + PartialEq + Eq;
    /// Where the keyboard focus should go on the board.
    type Focus: Copy + std::fmt::Debug + PartialEq + Eq;
    /// What the game's screen keeps of its own (effects of what was just
    /// shown, saved rule sets, …).
    type Local: std::fmt::Debug + Default;

    /// True once every seat a person here plays has finished.
    fn finished(state: &Self::State, seat: Self::Seat) -> bool;
    /// True once the game has moved (changing its rules would lose it).
    fn has_begun(state: &Self::State) -> bool;
}

/// How events are shown, one after another: the marks kept beside the
/// state shown, each event's animation and how long it lasts.
pub trait Pacing: ViewTypes {
    /// The pace of people and of computer players by default.
    const NORMAL: Pace;
    /// Computer players with "fast computer players" on.
    const FAST: Pace;

    /// The marks of a state shown without its history.
    fn marks_of(shown: &Replica<Self>) -> Self::Marks;
    /// Follows an event just applied to `shown`.
    fn follow(
        marks: &mut Self::Marks,
        ev: &Event<Self>,
        applied: &Applied<Self>,
        shown: &Replica<Self>,
    );
    /// The animation of an event just applied, starting at `now`, and how
    /// long it lasts; `before` is the position before it, `marks_before`
    /// the marks before it.
    fn animation(
        ev: &Event<Self>,
        applied: &Applied<Self>,
        before: &Self::Position,
        marks_before: &Self::Marks,
        marks: &Self::Marks,
        now: f64,
        pace: &Pace,
    ) -> Option<(Self::Anim, f64)>;
    /// Reacts to events as they start to show (marks of what just
    /// happened, sounds); called every frame, with no events too, so
    /// fading marks ask for the frames they need.
    fn shown(play: &mut Play<Self>, ctx: &egui::Context, applied: &[Applied<Self>], now: f64);
    /// Forgets what was just shown (a new source takes the board: its own
    /// marks start from its state).
    fn forget_shown(local: &mut Self::Local);
}

/// The board: drawing it and its pieces, and what a person picks, hovers
/// and focuses on it.
pub trait BoardView: ViewTypes {
    /// The name of the board's region (an i18n key).
    const BOARD_REGION: &'static str;

    /// The seat's colours: its own, its text colour on the background,
    /// its tint for a card.
    fn seat_colours(seat: Self::Seat, dark: bool) -> (Color32, Color32, Color32);
    /// The seat's piece, as on the board (cards use it).
    fn draw_piece(painter: &Painter, seat: Self::Seat, at: Pos2, size: f32, pal: &Palette);
    /// The board.
    fn board_ui(
        play: &mut Play<Self>,
        ui: &mut Ui,
        i18n: &I18n,
        phase: Phase,
        now: f64,
        dark: bool,
    );
    /// A person picked something on the board.
    fn select(play: &mut Play<Self>, pick: Self::Pick, phase: Phase);
    /// The picked piece is put back.
    fn deselect(play: &mut Play<Self>);
    /// Puts the keyboard focus where the person acts next.
    fn focus_play(play: &mut Play<Self>, phase: Phase);
    /// Where the keyboard goes when a person here must choose.
    fn focus_on_turn(play: &Play<Self>, phase: Phase) -> Option<Self::Focus>;
    /// Keys of the game (the machinery handles Space, Enter and F6).
    fn keys_ui(play: &mut Play<Self>, ui: &mut Ui, phase: Phase);
}

/// The game's part of the play panel: the dice and moves under the main
/// button, the status cards, the log's id and the results.
pub trait PanelView: ViewTypes {
    /// The name of the play panel's region (an i18n key).
    const PLAY_REGION: &'static str;
    /// The id of the log list.
    const LOG_ID: &'static str;

    /// The game's part of the play panel, under the main button: the
    /// dice, what to do next, the hint, the moves.
    fn panel_ui(play: &mut Play<Self>, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64);
    /// The main button while a person here chooses: its label key and
    /// whether it acts (the only move).
    fn choose_button(play: &Play<Self>, phase: Phase) -> (&'static str, bool);
    /// The name a screen reader gives the main button, when it says more
    /// than its label.
    fn main_button_name(play: &Play<Self>, i18n: &I18n, phase: Phase) -> Option<String>;
    /// A card's lines for a seat.
    fn card(play: &Play<Self>, i18n: &I18n, seat: Self::Seat, now: f64) -> Card;
    /// The cards in groups, each under an optional heading (Cờ Cá Ngựa's
    /// teams: partners together under the team's name); one group of
    /// every seat in play by default.
    fn card_groups(
        play: &Play<Self>,
        i18n: &I18n,
        seats: Vec<Self::Seat>,
    ) -> Vec<(Option<String>, Vec<Self::Seat>)> {
        let _ = (play, i18n);
        vec![(None, seats)]
    }
    /// The results, in the results dialog.
    fn results_ui(play: &Play<Self>, ui: &mut Ui, i18n: &I18n, outcome: &Self::Outcome, dark: bool);
}

/// The game in words: its seats, moves, log lines, places, and what a
/// screen reader is told.
pub trait Words: ViewTypes {
    /// The log lines of an event just applied to `shown`.
    fn log_entries(applied: &Applied<Self>, shown: &Replica<Self>) -> Vec<Self::Log>;
    /// The message shown while `seat`'s pass waits to be read.
    fn notice(shown: &Replica<Self>, seat: Self::Seat) -> Self::Notice;
    /// The key for "your turn" said to a screen reader, when the turn
    /// comes to a person here in `phase`.
    fn turn_key(phase: Phase) -> Option<&'static str>;
    /// What to say about one event shown (and whether it interrupts).
    fn about(play: &Play<Self>, i18n: &I18n, applied: &Applied<Self>) -> Option<(String, bool)>;
    /// A seat's colour in words.
    fn colour(i18n: &I18n, seat: Self::Seat) -> String;
    /// A legal move of the player to move in `state`, in words ("ra quân",
    /// "từ ô 3 đến ô 14, nhảy 2 lần").
    fn move_words(i18n: &I18n, state: &Self::State, mv: Self::Move) -> String;
    /// A log line in words; `numbers` when the board numbers every square
    /// or hole (a game whose board shows no numbers may leave them out).
    fn log_text(i18n: &I18n, line: &Self::Log, numbers: bool) -> String;
    /// The places at the end, one sentence each.
    fn standings(i18n: &I18n, outcome: &Self::Outcome) -> Vec<String>;
}

/// What the player's settings say of the game: its rules, seats and
/// players, and how its computer players and automatic options go.
pub trait PrefsView: ViewTypes {
    /// The rules the settings choose.
    fn prefs_rules(prefs: &Prefs) -> Self::Rules;
    /// The seats the settings seat.
    fn prefs_seats(prefs: &Prefs) -> Vec<Self::Seat>;
    /// Who the settings say plays each seat, by seat index.
    fn prefs_controllers(prefs: &Prefs) -> Vec<Controller>;
    /// Puts back in `new` the settings of `old` that choose the game on
    /// the table (its rules and seats).
    fn keep_table_prefs(new: &mut Prefs, old: &Prefs);
    /// Computer players of this game play fast.
    fn fast_bots(prefs: &Prefs) -> bool;
    /// Rolls for people automatically (games with dice).
    fn auto_roll(prefs: &Prefs) -> bool;
    /// Makes a person's only move automatically.
    fn auto_move(prefs: &Prefs) -> bool;
    /// A new table from the settings, with secure dice.
    fn new_table(prefs: &Prefs, runner: Box<dyn Runner<BotJob<Self>>>) -> Table<Self> {
        Table::local_or_standard(
            Self::prefs_rules(prefs),
            &Self::prefs_seats(prefs),
            &Self::prefs_controllers(prefs),
            ca_ngua_core::game::secure_rng(),
            runner,
        )
    }
}

/// The game's settings section and what it asks for: its rules (shown and
/// saved as rule sets), rule codes, and the game's own windows.
pub trait SettingsView: ViewTypes {
    /// The rules in force, in the rules window.
    fn rules_ui(rules: &Self::Rules, ui: &mut Ui, i18n: &I18n);
    /// The game's settings section; true when a setting changed.
    fn settings_ui(
        play: &mut Play<Self>,
        ui: &mut Ui,
        i18n: &I18n,
        prefs: &mut Prefs,
    ) -> SettingsOut;
    /// Carries out a request about saved rule sets (a game without them
    /// has none to carry out).
    fn rule_set_action(
        play: &mut Play<Self>,
        action: RuleSetAction,
        prefs: &Prefs,
        store: &Store,
        i18n: &I18n,
    );
    /// Takes a rule code; the message says what became of it.
    fn import_code(
        play: &mut Play<Self>,
        text: &str,
        store: &Store,
        i18n: &I18n,
    ) -> Result<String, String>;
    /// Takes in what the game keeps beside its game and statistics (saved
    /// rule sets); what was wrong with those files.
    fn restore(play: &mut Play<Self>, store: &Store) -> Vec<ca_ngua_data::store::StoreNotice> {
        let _ = (play, store);
        Vec::new()
    }
    /// The game's own windows (the rule lab), following `prefs` (the
    /// settings being edited, a change waiting for confirmation included).
    fn windows_ui(play: &mut Play<Self>, ctx: &egui::Context, i18n: &I18n, prefs: &Prefs);
}

/// The game's statistics: counting what was played, and the window's
/// tables.
pub trait StatsView: ViewTypes {
    /// Counts an event applied to the counted replica (`counted`, after
    /// it), played by `controllers`; `live` is false for an online game's
    /// history, which is not counted as seen.
    fn count(
        stats: &mut <Self as Files>::Stats,
        local: &mut Self::Local,
        applied: &Applied<Self>,
        counted: &Replica<Self>,
        controllers: &[Controller],
        result: bool,
    );
    /// The statistics as the window's tables show them.
    fn stats_table(stats: &<Self as Files>::Stats, i18n: &I18n, rules: &Self::Rules) -> StatsTable;
    /// What the statistics window shows besides its tables (the dice).
    fn stats_extra_ui(stats: &<Self as Files>::Stats, ui: &mut Ui, i18n: &I18n, dark: bool);
}

/// What a game's settings section asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsOut {
    /// A setting changed (the preferences are to be applied).
    pub changed: bool,
    /// Requests about saved rule sets, carried out after the frame.
    pub actions: Vec<RuleSetAction>,
    /// A window of the game's was opened from the settings (a drawer or a
    /// sheet over the board then closes: the window is in front).
    pub opened_window: bool,
}
