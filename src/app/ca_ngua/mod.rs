//! Cờ Cá Ngựa in the app: a game source shown on the board, the play panel,
//! its settings, rules, results and statistics. The shell (`super::shell`)
//! hosts it; everything that belongs to this game lives in this folder.
//!
//! Each frame: new events are read from the source (the statistics and the
//! saved game consume them at once), the presenter shows them one at a
//! time, one [`Phase`] is computed, and pacing lets computer players and
//! the automatic options act when their time comes.

pub mod animation;
pub mod announce;
pub mod board_view;
mod commands;
pub mod dice_view;
pub mod effects;
pub mod geometry;
pub mod horses;
pub mod log;
pub mod online;
pub mod online_ui;
pub mod pacing;
pub mod phase;
mod play_panel;
pub mod results;
mod rule_sets;
pub mod settings;
pub mod source;
mod stats_view;
pub mod status_cards;
pub use stats_view::stats_ui;
pub mod tbl;
pub mod text;
pub mod try_rules;
mod view_model;
pub mod windows;

use crate::ca_ngua::engine::{Move, Rules, Seat};
use crate::ca_ngua::rules_file::RuleSet;
use crate::prefs::Prefs;
use crate::stats::Stats;
use crate::store::{GameFile, Saver};
use crate::table::{Controller, ThreadRunner};
use animation::Presenter;
pub use commands::{Hover, PlayIntent};
use effects::{Cue, Feedback};
use pacing::{FAST, NORMAL, Pace, Timer};
use phase::Phase;
use source::Source;
use tbl::{Applied, Replica, Runner, Table};

/// Cờ Cá Ngựa as the app plays it.
#[derive(Debug)]
pub struct CaNguaGame {
    source: Source,
    /// What the board shows (lags behind the source while animating).
    presenter: Presenter,
    /// The state after the last event counted in the statistics.
    counted: Replica,
    stats: Stats,
    /// The game's result is in the statistics already.
    result_recorded: bool,
    timer: Timer,
    /// The phase of the last frame (the timer restarts when it changes).
    last_phase: Option<Phase>,
    /// The picked horse (several moves).
    selected: Option<u8>,
    /// The hinted move for the roll waiting, if asked for.
    hint: Option<Move>,
    /// The player closed the results.
    end_closed: bool,
    /// The results took the focus once.
    end_focused: bool,
    /// Saved custom rule sets.
    rule_sets: Vec<RuleSet>,
    /// The saved-rules section of the settings.
    rules_edit: settings::RulesEdit,
    /// A repaint is due (something changed).
    repaint: bool,
    /// What the person asked for while the frame was drawn.
    intents: Vec<PlayIntent>,
    /// What the player asked of online play in the play panel.
    online_actions: Vec<online_ui::OnlineAction>,
    /// The local table, set aside while an online game is shown.
    paused_local: Option<Box<Table>>,
    /// What to tell the player about the online connection.
    online_note: Option<OnlineNote>,
    /// The online seat to remember (`Some(None)`: to forget).
    remember: Option<Option<online::OnlineSeat>>,
    /// The horse to give the keyboard focus (after a roll).
    focus_horse: Option<u8>,
    /// Give the main button the keyboard focus (after a roll with one
    /// move, or when the turn comes back to a person here).
    focus_main: bool,
    /// What to say to a screen reader.
    announcer: announce::Announcer,
    /// What was just shown: the last move, kicks, banners, sounds.
    feedback: Feedback,
    /// The horse or move under the pointer (its landing is shown).
    hover: Option<Hover>,
    /// Number every track square.
    all_numbers: bool,
}

/// The state of an online game's connection, or a refusal, for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineNote {
    /// Reaching the server.
    Connecting,
    /// The connection dropped: reconnecting by itself.
    Reconnecting,
    /// The connection ended for good.
    Closed(crate::net::client::CloseReason),
    /// A command was refused.
    Refused(crate::table::ErrorCode),
}

/// A runner for computer players that wakes the window when it is done.
pub fn thread_runner(ctx: Option<&egui::Context>) -> Box<dyn Runner<tbl::BotJob>> {
    let ctx = ctx.cloned();
    Box::new(ThreadRunner::new(move || {
        if let Some(ctx) = &ctx {
            ctx.request_repaint();
        }
    }))
}

/// A new local table from the preferences, with secure dice (the
/// standard game should the preferences not make one).
pub fn new_table(prefs: &Prefs, runner: Box<dyn Runner<tbl::BotJob>>) -> Table {
    Table::local_or_standard(
        prefs.rules,
        &prefs.seats(),
        &prefs.controllers(),
        crate::game::secure_rng(),
        runner,
    )
}

impl CaNguaGame {
    /// Shows a local table; `result_recorded` when the statistics already
    /// count its result.
    pub fn new(table: Table, stats: Stats, result_recorded: bool) -> CaNguaGame {
        let replica = table.replica().clone();
        let presenter = Presenter::new(replica.clone(), table.events());
        let feedback = Feedback::from_events(*table.rules(), table.events());
        CaNguaGame {
            source: Source::Local(Box::new(table)),
            presenter,
            counted: replica,
            stats,
            result_recorded,
            timer: Timer::default(),
            last_phase: None,
            selected: None,
            hint: None,
            end_closed: false,
            end_focused: false,
            rule_sets: Vec::new(),
            rules_edit: settings::RulesEdit::default(),
            repaint: true,
            intents: Vec::new(),
            online_actions: Vec::new(),
            paused_local: None,
            online_note: None,
            remember: None,
            focus_horse: None,
            focus_main: false,
            announcer: announce::Announcer::default(),
            feedback,
            hover: None,
            all_numbers: false,
        }
    }

    /// Puts the keyboard focus on the play panel's main button (a
    /// shortcut), or on the first horse that can move.
    pub fn focus_play(&mut self, phase: Phase) {
        self.focus_main = true;
        if phase == Phase::Choose && self.choosable_moves(phase).len() > 1 {
            self.focus_main = false;
            self.focus_horse = self.first_horse_to_move(phase);
        }
    }

    /// The number of the horse of the first move a person may choose.
    fn first_horse_to_move(&self, phase: Phase) -> Option<u8> {
        let m = self.choosable_moves(phase).first()?;
        let seat = self.presenter.shown().turn()?;
        self.presenter
            .herd()
            .numbers_at(seat, m.from)
            .first()
            .copied()
    }

    /// The language changed: text made in the old one goes.
    pub fn language_changed(&mut self) {
        self.announcer.clear();
    }

    /// The board has taken the focus it was asked to take.
    pub fn focus_given(&mut self) {
        self.focus_horse = None;
    }

    /// Goes online: the local table is set aside (and kept, saved as it
    /// was) while the game on the server is shown.
    pub fn go_online(&mut self, remote: online::Remote) {
        let source = std::mem::replace(&mut self.source, Source::Remote(Box::new(remote)));
        if let Source::Local(table) = source {
            self.paused_local = Some(table);
        }
        self.reset_view();
        self.online_note = None;
    }

    /// Leaves the online game (for good: a computer takes the seat) and
    /// comes back to the local table.
    pub fn leave_online(&mut self) {
        if let Some(r) = self.source.remote_mut() {
            r.leave();
        }
        self.back_to_local();
        self.remember = Some(None);
    }

    /// Comes back to the local table (the connection closes; the seat is
    /// still ours through its token).
    fn back_to_local(&mut self) {
        if let Some(table) = self.paused_local.take() {
            self.source = Source::Local(table);
            self.reset_view();
        }
        self.online_note = None;
    }

    /// Shows the source's state afresh: the presenter, the statistics'
    /// replica and the per-game marks start from it.
    fn reset_view(&mut self) {
        let latest = self.source.latest().clone();
        self.presenter = Presenter::new(latest.clone(), self.source.events());
        self.counted = latest;
        self.result_recorded = self.source.latest().is_over();
        self.selected = None;
        self.hint = None;
        self.end_closed = false;
        self.end_focused = false;
        self.last_phase = None;
        self.repaint = true;
    }

    /// The online game, if the game is one.
    pub fn remote(&self) -> Option<&online::Remote> {
        self.source.remote()
    }

    /// The host starts the online game; empty seats get computers.
    pub fn start_online(&mut self, level: crate::game::Level) {
        if let Some(r) = self.source.remote_mut() {
            r.start(level);
        }
    }

    /// The online requests of the last frame.
    pub fn take_online_actions(&mut self) -> Vec<online_ui::OnlineAction> {
        std::mem::take(&mut self.online_actions)
    }

    /// What to tell the player about the connection.
    pub fn online_note(&self) -> Option<&OnlineNote> {
        self.online_note.as_ref()
    }

    /// The seat to remember (or forget: `Some(None)`), once, for the shell
    /// to save.
    pub fn take_remember(&mut self) -> Option<Option<online::OnlineSeat>> {
        self.remember.take()
    }

    /// Reads the connection's news: a game sent again from its start, the
    /// seat to remember, the connection's state, refusals.
    fn poll_remote(&mut self) {
        for note in self.source.poll() {
            match note {
                online::RemoteNote::Rebuilt => {
                    let rules = *self.source.rules();
                    self.presenter = Presenter::new(Replica::new(rules), &[]);
                    self.counted = Replica::new(rules);
                    self.result_recorded = false;
                    self.end_closed = false;
                    self.end_focused = false;
                    self.last_phase = None;
                }
                online::RemoteNote::Seated(seat) => {
                    self.remember = Some(Some(seat));
                    self.online_note = None;
                }
                online::RemoteNote::Connection(state) => {
                    use crate::net::client::{CloseReason, ConnectionState};
                    self.online_note = match state {
                        ConnectionState::Connected => None,
                        ConnectionState::Connecting => Some(OnlineNote::Connecting),
                        ConnectionState::Reconnecting { .. } => Some(OnlineNote::Reconnecting),
                        ConnectionState::Closed(CloseReason::ByUser | CloseReason::Left) => None,
                        ConnectionState::Closed(reason) => {
                            // The seat cannot be had again: forget it and
                            // come back to the table here.
                            let note = OnlineNote::Closed(reason);
                            self.remember = Some(None);
                            self.back_to_local();
                            Some(note)
                        }
                    };
                }
                online::RemoteNote::Refused(r) => {
                    self.online_note = Some(OnlineNote::Refused(r.code));
                }
            }
            self.repaint = true;
        }
    }

    /// What is being announced to screen readers now.
    pub fn announcements(&self) -> &[announce::Announcement] {
        self.announcer.current()
    }

    /// The sounds due now (the shell plays them), once.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        self.feedback.take_cues()
    }

    /// What was just shown: the last move, kicks and banners.
    pub fn feedback(&self) -> &Feedback {
        &self.feedback
    }

    /// The requests of the last frame.
    pub fn take_intents(&mut self) -> Vec<PlayIntent> {
        std::mem::take(&mut self.intents)
    }

    /// True (once) when something changed that needs drawing.
    pub fn take_repaint(&mut self) -> bool {
        std::mem::take(&mut self.repaint)
    }

    /// Where rule sets are exported unless the player says otherwise.
    pub fn set_export_path(&mut self, path: String) {
        self.rules_edit.path = path;
    }

    /// The saved-rules section's fields.
    pub fn rules_edit(&mut self) -> &mut settings::RulesEdit {
        &mut self.rules_edit
    }

    /// Gives a local table's computer players another runner.
    pub fn set_runner(&mut self, runner: Box<dyn Runner<tbl::BotJob>>) {
        match (&mut self.source, &mut self.paused_local) {
            (Source::Local(t), _) | (Source::Remote(_), Some(t)) => t.set_runner(runner),
            (Source::Remote(_), None) => {}
        }
    }

    /// True once a roll has been made and the game is not over: changing
    /// the rules then would throw a game away.
    pub fn in_progress(&self) -> bool {
        let latest = self.source.latest();
        latest
            .game()
            .is_some_and(|g| g.rolls() > 0 || latest.pending().is_some())
            && !latest.is_over()
            && latest.turn().is_some()
    }

    /// Who plays each colour can change during a local game.
    pub fn set_players(&mut self, prefs: &Prefs) {
        for seat in Seat::ALL {
            let c = prefs.player(seat).controller();
            if self.source.controller(seat) != c {
                self.source.set_controller(seat, c);
                self.repaint = true;
            }
        }
    }

    /// Replaces the game with a new table (statistics and rule sets stay).
    pub fn replace(&mut self, table: Table) {
        let stats = std::mem::take(&mut self.stats);
        let rule_sets = std::mem::take(&mut self.rule_sets);
        let rules_edit = std::mem::take(&mut self.rules_edit);
        *self = CaNguaGame::new(table, stats, false);
        self.rule_sets = rule_sets;
        self.rules_edit = rules_edit;
    }

    /// The game source.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The local table, if the game is one.
    pub fn table(&self) -> Option<&Table> {
        self.source.local()
    }

    /// The horse or move under the pointer, whose landing is shown.
    pub fn hover(&self) -> Option<Hover> {
        self.hover
    }

    /// True while something is being shown (dice, a walk, "no move") or
    /// waits to be.
    pub fn is_animating(&self) -> bool {
        self.presenter.busy()
    }

    /// The state shown on the board.
    pub fn shown(&self) -> &Replica {
        self.presenter.shown()
    }

    /// The statistics.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The saved custom rule sets.
    pub fn rule_sets(&self) -> &[RuleSet] {
        &self.rule_sets
    }

    /// Sets the saved custom rule sets.
    pub fn set_rule_sets(&mut self, sets: Vec<RuleSet>) {
        self.rule_sets = sets;
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        self.source.rules()
    }

    /// The pace of a seat's animations.
    fn pace_of(controllers: &[Controller; 4], fast_bots: bool, seat: Seat) -> Pace {
        if fast_bots && controllers[seat.index()].computer().is_some() {
            FAST
        } else {
            NORMAL
        }
    }

    /// The phase now; `dialog` when a question is open.
    pub fn phase(&self, dialog: bool) -> Phase {
        if dialog {
            return Phase::Dialog;
        }
        if self.presenter.busy() {
            return Phase::Animating;
        }
        let shown = self.presenter.shown();
        if self.source.remote().is_some() && !shown.is_started() {
            return Phase::Lobby;
        }
        let Some(seat) = shown.turn() else {
            return Phase::Over;
        };
        match self.source.controller(seat) {
            Controller::Computer(_) | Controller::StandIn(_) => Phase::Computer,
            Controller::Elsewhere => Phase::Elsewhere,
            Controller::Here if shown.pending().is_some() => Phase::Choose,
            Controller::Here => Phase::Roll,
        }
    }

    /// True when a person at this device plays the seat.
    pub fn is_here(&self, seat: Seat) -> bool {
        self.source.controller(seat) == Controller::Here
    }

    /// Reads new events from the source: the statistics count them and the
    /// saved game is written (off the frame); the presenter queues them.
    pub fn sync(&mut self, saver: &Saver) {
        self.poll_remote();
        let new: Vec<_> = self.source.events_since(self.presenter.received()).to_vec();
        if new.is_empty() {
            return;
        }
        let controllers = self.source.controllers();
        let seats: Vec<Seat> = self.counted.seats().iter().map(|s| s.seat).collect();
        // An online game's history (before we were seated) is shown at once
        // and not counted as seen.
        let history = self.source.remote().map_or(0, online::Remote::caught_up);
        for ev in &new {
            if ev.seq <= self.counted.seq() {
                continue;
            }
            if ev.seq <= history {
                let _ = self.counted.apply(ev);
                continue;
            }
            match self.counted.apply(ev) {
                Ok(Applied::Rolled(p)) => self.stats.record_roll(p.roll),
                Ok(Applied::Played {
                    played: tbl::Played { effects, thau_ma },
                    ..
                }) => self.stats.record_move(&controllers, &effects, thau_ma),
                Ok(Applied::Over(outcome)) if !self.result_recorded => {
                    self.stats.record_game(&seats, &controllers, &outcome);
                    self.result_recorded = true;
                }
                _ => {}
            }
        }
        let all_history = new.last().is_some_and(|e| e.seq <= history);
        self.presenter.receive(new);
        if all_history {
            self.presenter.skip();
        }
        self.repaint = true;
        self.save(saver);
    }

    /// Saves the game and the statistics (on the saver's thread).
    pub fn save(&self, saver: &Saver) {
        if let Some(table) = self.source.local() {
            saver.save_game(GameFile::of(table, self.result_recorded));
        }
        saver.save_stats(&self.stats);
    }

    /// Shows everything received at once (after a new or restored game).
    pub fn skip_animations(&mut self) {
        self.presenter.skip();
    }
}
