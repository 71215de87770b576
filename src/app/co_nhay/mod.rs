//! Cờ nhảy in the app: a table at this device shown on the star board,
//! the play panel, its settings, rules, results and statistics. The shell
//! (`super::shell`) hosts it beside Cờ Cá Ngựa; everything of this game
//! lives in this folder.
//!
//! Each frame, as for Cờ Cá Ngựa: new events are read from the table (the
//! statistics and the saved game consume them at once), the presenter
//! shows them one at a time (a jump chain hop by hop), one
//! [`Phase`](crate::app::ca_ngua::phase::Phase) is computed, and pacing
//! lets computer players act when their time comes.

pub mod animation;
pub mod board_view;
mod commands;
pub mod geometry;
pub mod look;
mod pacing;
mod play_panel;
pub mod settings;
pub mod tbl;
pub mod text;
mod view_model;
pub mod windows;

use crate::app::ca_ngua::announce::{Announcement, Announcer};
use crate::app::ca_ngua::effects::Cue;
use crate::app::ca_ngua::pacing::Timer;
use crate::app::ca_ngua::phase::Phase;
use crate::co_nhay::engine::{ARMS, Arm, Move, Rules};
use crate::i18n::I18n;
use crate::prefs::NhayPrefs;
use crate::stats::NhayStats;
use crate::store::{NhayGameFile, Saver};
use crate::table::{Controller, InlineRunner, Runner, ThreadRunner};
use animation::Presenter;
pub use commands::NhayIntent;
use tbl::{NhayApplied, NhayEventKind, NhayJob, NhayReplica, NhayTable};

/// Cờ nhảy as the app plays it.
#[derive(Debug)]
pub struct CoNhayGame {
    table: NhayTable,
    /// What the board shows (lags behind the table while animating).
    presenter: Presenter,
    /// The state after the last event counted in the statistics.
    counted: NhayReplica,
    stats: NhayStats,
    /// The game's result is in the statistics already.
    result_recorded: bool,
    /// Moves made by each arm this game (for the shortest win).
    moves_by_arm: [u32; ARMS],
    timer: Timer,
    /// The phase of the last frame (the timer restarts when it changes).
    last_phase: Option<Phase>,
    /// The chosen piece's hole.
    selected: Option<u8>,
    /// The hinted move for the position shown, once found.
    hint: Option<Move>,
    /// The event number a hint was asked for.
    hint_asked: Option<u64>,
    /// Where hints are found (Hard's search: a thread in the app).
    hint_runner: Box<dyn Runner<NhayJob>>,
    /// The player closed the results.
    end_closed: bool,
    /// The results took the focus once.
    end_focused: bool,
    /// A repaint is due (something changed).
    repaint: bool,
    /// What the person asked for while the frame was drawn.
    intents: Vec<NhayIntent>,
    /// The piece (by hole) to give the keyboard focus next frame.
    focus_piece: Option<u8>,
    /// The target hole to give the keyboard focus next frame.
    focus_target: Option<u8>,
    /// Give the play panel's main button the keyboard focus.
    focus_main: bool,
    /// What to say to a screen reader.
    announcer: Announcer,
    /// Sounds waiting for their moment, and those due now.
    cues: Vec<(f64, Cue)>,
    due: Vec<Cue>,
    /// The target under the pointer (its path is shown).
    hover_target: Option<Move>,
    /// Number every hole.
    all_numbers: bool,
    /// The time of the last frame shown.
    now: f64,
}

/// A runner for computer players (and hints) that wakes the window when
/// it is done.
pub fn thread_runner(ctx: Option<&egui::Context>) -> Box<dyn Runner<NhayJob>> {
    let ctx = ctx.cloned();
    Box::new(ThreadRunner::new(move || {
        if let Some(ctx) = &ctx {
            ctx.request_repaint();
        }
    }))
}

/// A runner that decides on the frame (tests).
pub fn inline_runner() -> Box<dyn Runner<NhayJob>> {
    Box::new(InlineRunner::default())
}

/// A new table from the settings, its computer players seeded from the
/// OS's secure generator.
pub fn new_table(prefs: &NhayPrefs, runner: Box<dyn Runner<NhayJob>>) -> NhayTable {
    let seats: Vec<_> = prefs.seating().arms().collect();
    NhayTable::local_or_standard(
        prefs.rules,
        &seats,
        &prefs.controllers(),
        crate::game::secure_rng(),
        runner,
    )
}

impl CoNhayGame {
    /// Shows a table (its events shown at once); `result_recorded` when the
    /// statistics already count its result.
    pub fn new(table: NhayTable, stats: NhayStats, result_recorded: bool) -> CoNhayGame {
        let presenter = Presenter::new(*table.rules(), table.events());
        let mut moves_by_arm = [0; ARMS];
        for e in table.events() {
            if let NhayEventKind::Moved { seat: arm, .. }
            | NhayEventKind::Passed { seat: arm, .. } = e.event
            {
                moves_by_arm[arm.index()] += 1;
            }
        }
        CoNhayGame {
            counted: table.replica().clone(),
            table,
            presenter,
            stats,
            result_recorded,
            moves_by_arm,
            timer: Timer::default(),
            last_phase: None,
            selected: None,
            hint: None,
            hint_asked: None,
            hint_runner: thread_runner(None),
            end_closed: false,
            end_focused: false,
            repaint: true,
            intents: Vec::new(),
            focus_piece: None,
            focus_target: None,
            focus_main: false,
            announcer: Announcer::default(),
            cues: Vec::new(),
            due: Vec::new(),
            hover_target: None,
            all_numbers: false,
            now: 0.0,
        }
    }

    /// Replaces the game with a new table (statistics and runners stay).
    pub fn replace(&mut self, table: NhayTable) {
        let stats = std::mem::take(&mut self.stats);
        let hints = std::mem::replace(&mut self.hint_runner, inline_runner());
        *self = CoNhayGame::new(table, stats, false);
        self.hint_runner = hints;
    }

    /// Gives the table's computer players another runner.
    pub fn set_runner(&mut self, runner: Box<dyn Runner<NhayJob>>) {
        self.table.set_runner(runner);
    }

    /// Hints are found by `runner` (inline in tests).
    pub fn set_hint_runner(&mut self, runner: Box<dyn Runner<NhayJob>>) {
        self.hint_runner = runner;
        self.hint_asked = None;
    }

    /// The table.
    pub fn table(&self) -> &NhayTable {
        &self.table
    }

    /// The state shown on the board.
    pub fn shown(&self) -> &NhayReplica {
        self.presenter.shown()
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        self.table.rules()
    }

    /// The statistics.
    pub fn stats(&self) -> &NhayStats {
        &self.stats
    }

    /// The hinted move, once found.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// The chosen piece's hole.
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }

    /// The last move shown: who, and the holes it visited.
    pub fn last_move(&self) -> Option<&(Arm, Vec<u8>)> {
        self.presenter.last_move()
    }

    /// Where the piece being moved is drawn now, as a grid point (see
    /// [`geometry::hole_point`]).
    pub fn moving_piece(&self) -> Option<(f32, f32)> {
        match self.presenter.anim() {
            Some(animation::Anim::Move(h)) => {
                let (i, u) = h.at(self.now);
                let a = geometry::hole_point(h.path[i]);
                let b = geometry::hole_point(h.path[(i + 1).min(h.path.len() - 1)]);
                Some((a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u))
            }
            _ => None,
        }
    }

    /// True while something is being shown or waits to be.
    pub fn is_animating(&self) -> bool {
        self.presenter.busy()
    }

    /// What is being announced to screen readers now.
    pub fn announcements(&self) -> &[Announcement] {
        self.announcer.current()
    }

    /// The language changed: text made in the old one goes.
    pub fn language_changed(&mut self) {
        self.announcer.clear();
    }

    /// The sounds due now (the shell plays them), once.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.due)
    }

    /// The requests of the last frame.
    pub fn take_intents(&mut self) -> Vec<NhayIntent> {
        std::mem::take(&mut self.intents)
    }

    /// True (once) when something changed that needs drawing.
    pub fn take_repaint(&mut self) -> bool {
        std::mem::take(&mut self.repaint)
    }

    /// Who controls an arm.
    pub fn controller(&self, arm: Arm) -> Controller {
        self.table.controller(arm)
    }

    /// True when a person at this device plays the arm.
    pub fn is_here(&self, arm: Arm) -> bool {
        self.table.controller(arm) == Controller::Here
    }

    /// True once a move has been made and the game is not over: changing
    /// the rules or the players then would throw a game away.
    pub fn in_progress(&self) -> bool {
        let latest = self.table.replica();
        latest.game().is_some_and(|g| g.moves_played() > 0) && !latest.is_over()
    }

    /// Who plays each colour can change during a game.
    pub fn set_players(&mut self, prefs: &NhayPrefs) {
        for arm in Arm::ALL {
            let c = prefs.players[arm.index()].controller();
            if self.table.controller(arm) != c {
                self.table.set_controller(arm, c);
                self.repaint = true;
            }
        }
    }

    /// The seating of the game on the table.
    pub fn seating(&self) -> crate::co_nhay::engine::Players {
        self.table
            .replica()
            .position()
            .map_or(crate::co_nhay::engine::Players::Two, |p| p.players())
    }

    /// The phase now; `dialog` when a question is open.
    pub fn phase(&self, dialog: bool) -> Phase {
        if dialog {
            return Phase::Dialog;
        }
        if self.presenter.busy() {
            return Phase::Animating;
        }
        let Some(arm) = self.presenter.shown().turn() else {
            return Phase::Over;
        };
        match self.table.controller(arm) {
            Controller::Computer(_) | Controller::StandIn(_) => Phase::Computer,
            Controller::Elsewhere => Phase::Elsewhere,
            Controller::Here => Phase::Choose,
        }
    }

    /// Who plays an arm, in a word or two: "Bạn" for the one person at
    /// this device, the level of a computer player.
    pub fn player_name(&self, i18n: &I18n, arm: Arm) -> String {
        let shown = self.presenter.shown();
        let people_here = shown
            .seats()
            .iter()
            .filter(|s| self.is_here(s.seat))
            .count();
        match self.table.controller(arm) {
            Controller::Here if people_here <= 1 => i18n.t("player-you"),
            Controller::Here | Controller::Elsewhere => i18n.t("player-human"),
            Controller::Computer(level) | Controller::StandIn(level) => {
                i18n.t(&crate::app::ca_ngua::settings::level_key(level))
            }
        }
    }

    /// Reads new events from the table: the statistics count them and the
    /// saved game is written (off the frame); the presenter queues them.
    pub fn sync(&mut self, saver: &Saver) {
        let new: Vec<_> = self.table.events_since(self.presenter.received()).to_vec();
        if new.is_empty() {
            return;
        }
        let controllers = self.table.controllers();
        for ev in &new {
            if ev.seq <= self.counted.seq() {
                continue;
            }
            let Ok(applied) = self.counted.apply(ev) else {
                continue;
            };
            match &applied {
                NhayApplied::Played { played, .. } => {
                    let effects = &played.effects;
                    let arm = effects.mover;
                    self.moves_by_arm[arm.index()] += 1;
                    if !effects.mv.is_pass() {
                        self.stats
                            .record_move(arm, controllers[arm.index()], played.jumps());
                    }
                }
                NhayApplied::Over(outcome) if !self.result_recorded => {
                    let winner_moves = outcome.winner().map(|w| self.moves_by_arm[w.index()]);
                    self.stats.record_game(controllers, outcome, winner_moves);
                    self.result_recorded = true;
                }
                _ => {}
            }
        }
        self.presenter.receive(new);
        self.repaint = true;
        self.save(saver);
    }

    /// Saves the game and the statistics (on the saver's thread).
    pub fn save(&self, saver: &Saver) {
        saver.save_nhay_game(NhayGameFile::of(&self.table, self.result_recorded));
        saver.save_nhay_stats(&self.stats);
    }

    /// Shows everything received at once.
    pub fn skip_animations(&mut self) {
        self.presenter.skip();
    }
}
