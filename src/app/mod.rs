//! The desktop app: a settings panel beside the board, a play panel with
//! the dice, the moves and the log. UI code collects [`Intent`]s while it
//! draws; [`CaNguaApp::apply`] carries them out after the frame.

pub mod board_view;
pub mod geometry;
mod panels;
pub mod settings;
mod stats_view;
pub mod text;
pub mod theme;

use crate::engine::{Move, Position, Seat, YARD};
use crate::i18n::{Arg, I18n, Lang};
use crate::prefs::{Look, Prefs};
use crate::rules_file::RuleSet;
use crate::session::Session;
use crate::stats::Stats;
use crate::store::{GAME_VERSION, GameFile, Store, StoreNotice, export_rule_set, import_rule_set};
use board_view::{BoardInput, Movable, Sprite};
use geometry::{Place, path, place, place_centre};
use std::time::Duration;

/// What the player asked for while the frame was drawn.
#[derive(Clone, Debug, PartialEq)]
#[must_use]
pub enum Intent {
    /// Roll the dice, or make the only move.
    RollOrMove,
    /// Make a move.
    Move(Move),
    /// Pick a horse that has several moves.
    Select(u8),
    /// Forget the picked horse.
    Deselect,
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
    /// Close the end-of-game dialog.
    CloseEnd,
    /// Save, rename, delete, export or import a rule set.
    RuleSet(settings::RuleSetAction),
    /// Show or hide the statistics.
    ToggleStats,
    /// Hide the messages about files.
    DismissNotices,
    /// Show the move the Hard computer player would make.
    Hint,
}

/// Timings, in seconds.
#[derive(Copy, Clone, Debug)]
struct Pace {
    dice: f64,
    step: f64,
    think: f64,
    pass: f64,
    kick: f64,
}

const NORMAL: Pace = Pace {
    dice: 0.5,
    step: 0.12,
    think: 0.4,
    pass: 0.9,
    kick: 0.35,
};
const FAST: Pace = Pace {
    dice: 0.12,
    step: 0.03,
    think: 0.08,
    pass: 0.25,
    kick: 0.12,
};
/// The pause before a roll or move made for a person automatically.
const AUTO_DELAY: f64 = 0.45;

/// A horse walking square by square, then the horses it kicked going home.
#[derive(Clone, Debug)]
struct MoveAnim {
    seat: Seat,
    /// The position before the move (what stands still).
    before: Position,
    from: u8,
    steps: Vec<Place>,
    /// Kicked horses: colour and where they stood.
    kicked: Vec<(Seat, Place)>,
    start: f64,
    step: f64,
    kick: f64,
}

impl MoveAnim {
    fn walk_time(&self) -> f64 {
        self.step * (self.steps.len().saturating_sub(1)) as f64
    }

    fn duration(&self) -> f64 {
        self.walk_time()
            + if self.kicked.is_empty() {
                0.0
            } else {
                self.kick
            }
    }
}

/// The dice rolling.
#[derive(Clone, Debug)]
struct DiceAnim {
    start: f64,
    duration: f64,
}

/// A short message on the play panel, shown from `from` to `until`.
#[derive(Clone, Debug)]
struct Notice {
    text: String,
    from: f64,
    until: f64,
}

/// The app's state.
pub struct CaNguaApp {
    i18n: I18n,
    prefs: Prefs,
    session: Session,
    /// What the board shows: lags behind the session while a move animates.
    shown: Position,
    anim: Option<MoveAnim>,
    dice: Option<DiceAnim>,
    selected: Option<u8>,
    wait_until: Option<f64>,
    notice: Option<Notice>,
    show_settings: bool,
    /// The window is narrow: settings open as a drawer over the board.
    narrow: bool,
    show_rules: bool,
    end_closed: bool,
    /// Preferences waiting for the player to confirm a new game.
    confirm: Option<Prefs>,
    /// Intents from the last frame.
    intents: Vec<Intent>,
    /// The look of the last frame.
    dark: bool,
    /// Where preferences, the game and statistics are kept.
    store: Store,
    /// Statistics across games.
    stats: Stats,
    /// The game's result is in the statistics already.
    result_recorded: bool,
    /// Saved custom rule sets.
    rule_sets: Vec<RuleSet>,
    /// The saved-rules text fields.
    rules_edit: settings::RulesEdit,
    /// Messages about files, until the player dismisses them.
    notices: Vec<String>,
    /// Files that could not be saved (reported once each).
    failed_saves: Vec<String>,
    show_stats: bool,
    /// Something changed this frame: draw another (the next step of the
    /// game may be due at once).
    repaint: bool,
    /// The hinted move for the roll waiting, if asked for.
    hint: Option<Move>,
}

impl std::fmt::Debug for CaNguaApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CaNguaApp")
            .field("session", &self.session)
            .finish_non_exhaustive()
    }
}

/// Sets up fonts and the look on a context (the app and the UI tests).
pub fn setup_context(ctx: &egui::Context, look: Look) {
    ctx.set_fonts(theme::fonts());
    ctx.set_theme(match look {
        Look::System => egui::ThemePreference::System,
        Look::Light => egui::ThemePreference::Light,
        Look::Dark => egui::ThemePreference::Dark,
    });
}

impl CaNguaApp {
    /// An app with these preferences and this session.
    pub fn new(prefs: Prefs, session: Session) -> CaNguaApp {
        let lang = prefs.lang.unwrap_or_default();
        CaNguaApp {
            i18n: I18n::new(lang),
            shown: *session.game().position(),
            prefs,
            session,
            anim: None,
            dice: None,
            selected: None,
            wait_until: None,
            notice: None,
            show_settings: true,
            narrow: false,
            show_rules: false,
            end_closed: false,
            confirm: None,
            intents: Vec::new(),
            dark: false,
            store: Store::none(),
            stats: Stats::default(),
            result_recorded: false,
            rule_sets: Vec::new(),
            rules_edit: settings::RulesEdit::default(),
            notices: Vec::new(),
            failed_saves: Vec::new(),
            show_stats: false,
            repaint: false,
            hint: None,
        }
    }

    /// The app as the player left it: preferences, the game in progress
    /// (its waiting roll included), statistics and saved rule sets from
    /// `store`. Bad files are kept aside and reported; defaults are used
    /// instead. `system_lang` is the language of a first start.
    pub fn from_store(store: Store, opened: Option<StoreNotice>, system_lang: Lang) -> CaNguaApp {
        let mut found: Vec<StoreNotice> = opened.into_iter().collect();
        let (mut prefs, n) = store.load_prefs();
        found.extend(n);
        if prefs.lang.is_none() {
            prefs.lang = Some(system_lang);
        }
        let (game, n) = store.load_game();
        found.extend(n);
        let (stats, n) = store.load_stats();
        found.extend(n);
        let (rule_sets, ns) = store.rule_sets();
        found.extend(ns);
        let restored = game.and_then(|g| {
            Session::restore(g.session)
                .ok()
                .map(|s| (s, g.result_recorded))
        });
        let (session, result_recorded) = match restored {
            Some(r) => r,
            None => (new_session(&prefs), false),
        };
        let mut app = CaNguaApp::new(prefs, session);
        app.store = store;
        app.stats = stats;
        app.result_recorded = result_recorded;
        app.rule_sets = rule_sets;
        app.rules_edit.path = default_export_path();
        for n in &found {
            app.notices.push(text::store_notice(&app.i18n, n));
        }
        // Written on first start, and after every change.
        app.save_prefs();
        app.persist();
        app
    }

    /// The statistics (for tests).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Messages about files shown to the player.
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// Adds a message for the player, shown with the file notices until
    /// dismissed (the last crash's report, from `main`).
    pub fn push_notice(&mut self, text: String) {
        self.notices.push(text);
    }

    fn report(&mut self, result: Result<(), StoreNotice>) {
        if let Err(n) = result {
            let key = n.to_string();
            if !self.failed_saves.contains(&key) {
                self.notices.push(text::store_notice(&self.i18n, &n));
                self.failed_saves.push(key);
            }
        }
    }

    fn save_prefs(&mut self) {
        let r = self.store.save_prefs(&self.prefs);
        self.report(r);
    }

    /// Saves the game in progress and the statistics.
    fn persist(&mut self) {
        let file = GameFile {
            version: GAME_VERSION,
            session: self.session.record(),
            result_recorded: self.result_recorded,
        };
        let r = self.store.save_game(&file);
        self.report(r);
        let r = self.store.save_stats(&self.stats);
        self.report(r);
    }

    fn rule_set_action(&mut self, action: settings::RuleSetAction) {
        use settings::RuleSetAction as A;
        let i18n = &self.i18n;
        let message = match action {
            A::Save(name) => {
                let set = RuleSet::new(&name, self.prefs.rules);
                match self.store.save_rule_set(&set) {
                    Ok(()) => i18n.t_args("saved-rules-saved", &[("name", Arg::from(name))]),
                    Err(n) => text::store_notice(i18n, &n),
                }
            }
            A::Delete(name) => match self.store.delete_rule_set(&name) {
                Ok(()) => i18n.t_args("saved-rules-deleted", &[("name", Arg::from(name))]),
                Err(n) => text::store_notice(i18n, &n),
            },
            A::Rename(old, new) => match self.store.rename_rule_set(&old, &new) {
                Ok(()) => i18n.t_args("saved-rules-renamed", &[("name", Arg::from(new))]),
                Err(n) => text::store_notice(i18n, &n),
            },
            A::Export(name, path) => {
                let set = self.rule_sets.iter().find(|s| s.name == name).cloned();
                match set.map(|s| export_rule_set(&s, &path)) {
                    Some(Ok(())) => i18n.t_args(
                        "saved-rules-exported",
                        &[("file", Arg::from(path.display().to_string()))],
                    ),
                    Some(Err(e)) => i18n.t_args("saved-rules-failed", &[("reason", Arg::from(e))]),
                    None => String::new(),
                }
            }
            A::Import(path) => match import_rule_set(&path) {
                Ok(mut set) => {
                    if !crate::store::valid_rule_set_name(&set.name) {
                        set.name = i18n.t("saved-rules-imported-name");
                    }
                    match self.store.save_rule_set(&set) {
                        Ok(()) => i18n.t_args(
                            "saved-rules-imported",
                            &[("name", Arg::from(set.name.clone()))],
                        ),
                        Err(n) => text::store_notice(i18n, &n),
                    }
                }
                Err(e) => i18n.t_args("saved-rules-refused", &[("reason", Arg::from(e))]),
            },
        };
        self.rules_edit.message = Some(message);
        let (sets, _) = self.store.rule_sets();
        self.rule_sets = sets;
    }

    /// An app starting a new game from the preferences, with secure dice.
    pub fn with_new_game(prefs: Prefs) -> CaNguaApp {
        let session = new_session(&prefs);
        CaNguaApp::new(prefs, session)
    }

    /// The session (for tests).
    pub fn session(&self) -> &Session {
        &self.session
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

    fn pace(&self, seat: Option<Seat>) -> Pace {
        let bot = seat.is_some_and(|s| !self.session.player(s).is_human());
        if bot && self.prefs.fast_bots {
            FAST
        } else {
            NORMAL
        }
    }

    /// Waits until `delay` seconds after the timer was first armed;
    /// true once it has passed (and disarms it).
    fn due(&mut self, ctx: &egui::Context, now: f64, delay: f64) -> bool {
        let at = *self.wait_until.get_or_insert(now + delay);
        if now >= at {
            self.wait_until = None;
            true
        } else {
            ctx.request_repaint_after(Duration::from_secs_f64(at - now));
            false
        }
    }

    fn busy(&self) -> bool {
        self.anim.is_some() || self.dice.is_some()
    }

    /// Moves the game along: finishes animations, rolls and moves for bots
    /// and for the automatic options, settles the end of a game.
    fn drive(&mut self, ctx: &egui::Context, now: f64) {
        if let Some(a) = &self.anim {
            if now >= a.start + a.duration() {
                self.anim = None;
                self.repaint = true;
                self.shown = *self.session.game().position();
            } else {
                ctx.request_repaint();
                return;
            }
        }
        if let Some(d) = &self.dice {
            if now >= d.start + d.duration {
                self.dice = None;
                self.repaint = true;
            } else {
                ctx.request_repaint();
                return;
            }
        }
        if self.confirm.is_some() {
            return; // the game waits while a dialog asks
        }
        if self.session.game().is_over() {
            return;
        }
        if self.session.all_humans_finished() {
            // Play on: every person here is done; settle the rest at once.
            self.session.conclude();
            self.repaint = true;
            self.shown = *self.session.game().position();
            self.record_result();
            self.persist();
            return;
        }
        let Some(seat) = self.session.turn() else {
            return;
        };
        let pace = self.pace(Some(seat));
        let human = self.session.player(seat).is_human();
        let Some(_) = self.session.pending_roll() else {
            if !human {
                if self.due(ctx, now, pace.think) {
                    self.roll(now);
                }
            } else if self.prefs.auto_roll && self.due(ctx, now, AUTO_DELAY) {
                self.roll(now);
            }
            return;
        };
        let moves = self.session.legal_moves();
        if moves.is_empty() {
            if self.due(ctx, now, pace.pass) {
                self.play(None, now);
            }
            return;
        }
        if human {
            if moves.len() == 1 && self.prefs.auto_move && self.due(ctx, now, AUTO_DELAY) {
                self.play(moves.first(), now);
            }
            return;
        }
        if moves.len() == 1 {
            if self.due(ctx, now, pace.think) {
                self.play(moves.first(), now);
            }
            return;
        }
        let wake = ctx.clone();
        self.session.start_bot(move || wake.request_repaint());
        let thought = self.due(ctx, now, pace.think);
        if thought {
            match self.session.poll_bot() {
                Some(mv) => self.play(Some(mv), now),
                // Still thinking: check again when it answers (it wakes
                // the UI) or shortly.
                None => {
                    self.wait_until = Some(now);
                    ctx.request_repaint_after(Duration::from_millis(50));
                }
            }
        }
    }

    fn roll(&mut self, now: f64) {
        let seat = self.session.turn();
        if let Ok(roll) = self.session.roll() {
            self.repaint = true;
            self.hint = None;
            self.stats.record_roll(roll);
            self.persist();
            self.dice = Some(DiceAnim {
                start: now,
                duration: self.pace(seat).dice,
            });
            self.selected = None;
            let moves = self.session.legal_moves();
            if moves.is_empty()
                && let (Some(seat), Some(roll)) = (seat, self.session.pending_roll())
            {
                let key = if self
                    .session
                    .game()
                    .position()
                    .is_forfeit(self.session.rules(), roll)
                {
                    "notice-forfeit"
                } else {
                    "notice-pass"
                };
                let who = self.i18n.t(settings::colour_key(seat));
                let pace = self.pace(Some(seat));
                // Shown once the dice have stopped: no spoiling the roll.
                self.notice = Some(Notice {
                    text: self.i18n.t_args(key, &[("who", Arg::from(who))]),
                    from: now + pace.dice,
                    until: now + pace.dice + pace.pass,
                });
            }
        }
    }

    fn play(&mut self, mv: Option<Move>, now: f64) {
        let before = *self.session.game().position();
        let seat = self.session.turn();
        let Ok(fx) = self.session.play(mv) else {
            return;
        };
        self.repaint = true;
        self.hint = None;
        let thau_ma = self.session.last_move_was_thau_ma();
        self.stats.record_move(self.session.config(), &fx, thau_ma);
        self.record_result();
        self.persist();
        self.selected = None;
        self.wait_until = None;
        let pace = self.pace(seat);
        if let Some(m) = fx.mv {
            let yard_index = before
                .horses(fx.seat)
                .iter()
                .filter(|&&p| p == YARD)
                .count()
                .saturating_sub(1);
            let kicked = Seat::ALL
                .into_iter()
                .filter(|s| fx.kicked[s.index()] > 0)
                .flat_map(|s| {
                    let place = Place::Cell(
                        geometry::TRACK[usize::from(fx.square.unwrap_or(0))].0,
                        geometry::TRACK[usize::from(fx.square.unwrap_or(0))].1,
                    );
                    std::iter::repeat_n((s, place), usize::from(fx.kicked[s.index()]))
                })
                .collect();
            self.anim = Some(MoveAnim {
                seat: fx.seat,
                before,
                from: m.from,
                steps: path(fx.seat, m.from, m.to, yard_index),
                kicked,
                start: now,
                step: pace.step,
                kick: pace.kick,
            });
        } else {
            self.shown = *self.session.game().position();
        }
    }

    /// Carries out the intents of the last frame.
    pub fn apply(&mut self, ctx: &egui::Context, now: f64) {
        let intents = std::mem::take(&mut self.intents);
        self.repaint |= !intents.is_empty();
        for intent in intents {
            self.apply_one(ctx, intent, now);
        }
        if std::mem::take(&mut self.repaint) {
            ctx.request_repaint();
        }
    }

    fn apply_one(&mut self, ctx: &egui::Context, intent: Intent, now: f64) {
        match intent {
            Intent::RollOrMove => {
                if !self.session.is_human_turn() || self.busy() || self.confirm.is_some() {
                    return;
                }
                if self.session.pending_roll().is_none() {
                    self.wait_until = None;
                    self.roll(now);
                } else {
                    let moves = self.session.legal_moves();
                    if moves.len() == 1 {
                        self.play(moves.first(), now);
                    }
                }
            }
            Intent::Move(mv) => {
                if self.session.is_human_turn()
                    && !self.busy()
                    && self.session.legal_moves().contains(mv)
                {
                    self.play(Some(mv), now);
                }
            }
            Intent::Select(from) => {
                if !self.session.is_human_turn() || self.busy() {
                    return;
                }
                let moves: Vec<Move> = self
                    .session
                    .legal_moves()
                    .iter()
                    .filter(|m| m.from == from)
                    .collect();
                match moves.as_slice() {
                    [only] => self.play(Some(*only), now),
                    [] => {}
                    _ => self.selected = Some(from),
                }
            }
            Intent::Deselect => self.selected = None,
            Intent::NewGame => self.new_game(),
            Intent::PrefsChanged(prefs) => self.prefs_changed(ctx, *prefs),
            Intent::ConfirmNewGame => {
                if let Some(prefs) = self.confirm.take() {
                    self.prefs = prefs;
                    self.save_prefs();
                    self.new_game();
                }
            }
            Intent::CancelNewGame => self.confirm = None,
            Intent::ToggleRules => self.show_rules = !self.show_rules,
            Intent::ToggleSettings => self.show_settings = !self.show_settings,
            Intent::CloseEnd => self.end_closed = true,
            Intent::RuleSet(action) => self.rule_set_action(action),
            Intent::ToggleStats => self.show_stats = !self.show_stats,
            Intent::DismissNotices => self.notices.clear(),
            Intent::Hint => {
                if let Some(roll) = self.session.pending_roll()
                    && self.session.is_human_turn()
                {
                    // Hard decides in milliseconds: no need for a thread.
                    self.hint = crate::bots::hint(
                        self.session.rules(),
                        self.session.game().position(),
                        roll,
                    );
                }
            }
        }
    }

    /// Counts a finished game in the statistics, once.
    fn record_result(&mut self) {
        if self.result_recorded {
            return;
        }
        if let Some(outcome) = self.session.game().outcome() {
            self.stats.record_game(self.session.config(), &outcome);
            self.result_recorded = true;
        }
    }

    fn new_game(&mut self) {
        self.repaint = true;
        self.hint = None;
        self.result_recorded = false;
        self.session = new_session(&self.prefs);
        self.shown = *self.session.game().position();
        self.anim = None;
        self.dice = None;
        self.selected = None;
        self.wait_until = None;
        self.notice = None;
        self.end_closed = false;
        self.persist();
    }

    /// True once a roll has been made and the game is not over: changing
    /// the rules then would throw a game away.
    fn game_in_progress(&self) -> bool {
        self.session.game().rolls() > 0 && !self.session.game().is_over()
    }

    fn prefs_changed(&mut self, ctx: &egui::Context, prefs: Prefs) {
        if prefs.lang != self.prefs.lang
            && let Some(lang) = prefs.lang
        {
            self.i18n.set_lang(lang);
        }
        if prefs.look != self.prefs.look {
            setup_look(ctx, prefs.look);
        }
        let needs_new_game = !prefs.matches_game(self.session.config());
        if needs_new_game && self.game_in_progress() {
            // Ask first; everything else applies now.
            let mut applied = prefs.clone();
            applied.player_count = self.prefs.player_count;
            applied.rules = self.prefs.rules;
            self.set_players(&applied);
            self.prefs = applied;
            self.save_prefs();
            self.confirm = Some(prefs);
            return;
        }
        self.set_players(&prefs);
        self.prefs = prefs;
        self.save_prefs();
        if needs_new_game {
            self.new_game();
        }
    }

    /// Who plays each colour can change during a game.
    fn set_players(&mut self, prefs: &Prefs) {
        for seat in Seat::ALL {
            self.session.set_player(seat, prefs.player(seat));
        }
    }

    fn board_input(&self, now: f64) -> BoardInput {
        let dark = self.dark;
        let mut sprites = Vec::new();
        let mut floating = Vec::new();
        let pos = match &self.anim {
            Some(a) => a.before,
            None => self.shown,
        };
        for seat in pos.playing_seats() {
            let mut skipped = false;
            let mut yard_i = 0;
            for p in pos.horses(seat) {
                if let Some(a) = &self.anim
                    && a.seat == seat
                    && p == a.from
                    && !skipped
                {
                    skipped = true; // the moving horse is drawn floating
                    if p == YARD {
                        yard_i += 1;
                    }
                    continue;
                }
                let kicked_here = self.anim.as_ref().is_some_and(|a| {
                    p != YARD
                        && a.kicked
                            .iter()
                            .any(|(s, pl)| *s == seat && place(seat, p, 0) == *pl)
                });
                if kicked_here {
                    continue; // drawn flying home below
                }
                sprites.push(Sprite {
                    seat,
                    place: place(seat, p, yard_i),
                });
                if p == YARD {
                    yard_i += 1;
                }
            }
        }
        if let Some(a) = &self.anim {
            let t = ((now - a.start) / a.step).max(0.0);
            let last = a.steps.len().saturating_sub(1);
            let i = (t.floor() as usize).min(last);
            let frac = if i >= last {
                0.0
            } else {
                (t - i as f64) as f32
            };
            let (x0, y0) = place_centre(a.steps[i]);
            let (x1, y1) = place_centre(a.steps[(i + 1).min(last)]);
            // A little hop between squares.
            let hop = (frac * std::f32::consts::PI).sin() * 0.25;
            floating.push((a.seat, (x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac - hop)));
            let walked = now - a.start >= a.walk_time();
            for (k, (seat, from)) in a.kicked.iter().enumerate() {
                let home = place_centre(Place::Yard(*seat, (k % 4) as u8));
                let start = place_centre(*from);
                let u = if walked {
                    (((now - a.start - a.walk_time()) / a.kick) as f32).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                floating.push((
                    *seat,
                    (
                        start.0 + (home.0 - start.0) * u,
                        start.1 + (home.1 - start.1) * u,
                    ),
                ));
            }
        }
        let (movable, targets) = self.movable();
        BoardInput {
            sprites,
            floating,
            playing: Seat::ALL.map(|s| pos.is_playing(s)),
            turn: self.session.turn(),
            movable,
            targets,
            mirrored: self.session.rules().direction == crate::engine::Direction::CounterClockwise,
            stars: self.session.rules().safe_squares == crate::engine::SafeSquares::StartsAndStars,
            hint: self.hint.and_then(|m| {
                let seat = self.session.turn()?;
                Some((place(seat, m.from, 0), place(seat, m.to, 0)))
            }),
            dark,
            label: text::board_summary(&self.i18n, &self.session),
        }
    }

    /// The horses the person to play may click, and the targets of the
    /// picked horse.
    fn movable(&self) -> (Vec<Movable>, Vec<(Move, Place, String)>) {
        let mut movable = Vec::new();
        let mut targets = Vec::new();
        if !self.session.is_human_turn() || self.busy() || self.confirm.is_some() {
            return (movable, targets);
        }
        let Some(seat) = self.session.turn() else {
            return (movable, targets);
        };
        let moves = self.session.legal_moves();
        let pos = self.session.game().position();
        let horses = pos.horses(seat);
        let mut froms: Vec<u8> = moves.iter().map(|m| m.from).collect();
        froms.dedup();
        for from in froms {
            let places: Vec<Place> = horses
                .iter()
                .enumerate()
                .filter(|(_, p)| **p == from)
                .map(|(i, p)| place(seat, *p, i))
                .collect();
            let number = horses.iter().position(|p| *p == from).unwrap_or(0) + 1;
            movable.push(Movable {
                from,
                places,
                label: text::horse_label(&self.i18n, seat, number, from),
            });
            if self.selected == Some(from) {
                for m in moves.iter().filter(|m| m.from == from) {
                    targets.push((
                        m,
                        place(seat, m.to, 0),
                        text::target_label(&self.i18n, seat, m),
                    ));
                }
            }
        }
        (movable, targets)
    }
}

fn setup_look(ctx: &egui::Context, look: Look) {
    ctx.set_theme(match look {
        Look::System => egui::ThemePreference::System,
        Look::Light => egui::ThemePreference::Light,
        Look::Dark => egui::ThemePreference::Dark,
    });
}

/// Where exports go unless the player says otherwise.
fn default_export_path() -> String {
    directories::UserDirs::new()
        .map(|d| d.home_dir().join("ca-ngua-rules.ron"))
        .unwrap_or_else(|| std::path::PathBuf::from("ca-ngua-rules.ron"))
        .display()
        .to_string()
}

/// A new session from the preferences (secure dice). Preferences hold
/// valid rules (they are checked when loaded); should they not, the
/// standard game starts instead.
pub fn new_session(prefs: &Prefs) -> Session {
    Session::new(prefs.game_config()).unwrap_or_else(|_| Session::fallback())
}
