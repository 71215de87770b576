//! The play machinery every game uses, written once over [`View`]: a game
//! source (a table here, or a room on a server) shown on the board, one
//! phase a frame, computer players and automatic options paced so people
//! can follow, announcements, sounds, the status cards, the results
//! dialog, the log, statistics and saving. Each game's folder only draws
//! its board, lays out its settings and words its moves.
//!
//! Each frame: new events are read from the source (the statistics and the
//! saved game consume them at once), the presenter shows them one at a
//! time, one [`Phase`] is computed, and pacing lets computer players and
//! the automatic options act when their time comes.

pub mod analysis_ui;
pub mod analysis_words;
pub mod announce;
pub mod cards;
mod commands;
pub mod cues;
pub mod link;
pub mod online;
mod online_settings;
pub mod online_ui;
mod pacing;
mod panel;
mod parts;
pub mod phase;
mod phone;
pub mod presence;
pub mod presenter;
pub mod record_words;
pub mod recording;
pub mod rematch;
pub mod remote;
pub mod replay;
pub mod replay_ui;
pub mod results;
pub mod rule_sets;
pub mod screen;
pub mod source;
pub mod stats_view;
mod strip;
mod sync;
pub mod talk;
mod talk_dock;
mod talk_look;
mod talk_sheet;
pub mod view;

use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{BotJob, Controller, Replica, Runner, Table, ThreadRunner};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::{Files, GameFile, Saver};
use ca_ngua_i18n::I18n;
pub use commands::PlayIntent;
pub use online::OnlineNote;
pub use pacing::{AUTO_DELAY, Timer};
use presenter::Presenter;
use source::Source;
pub use view::{
    BoardView, Pace, Pacing, PanelView, PrefsView, SettingsOut, SettingsView, StatsView, View,
    ViewTypes, Words,
};

/// How many events may wait to be shown, online, before the show hurries
/// to catch up with the room.
pub const BACKLOG: usize = 3;

/// How many events may wait, online, before those beyond the last few are
/// shown at once (a watcher far behind the room).
pub const FAR_BEHIND: usize = 12;

/// A game as the app plays it.
#[derive(Debug)]
pub struct Play<V: ViewTypes> {
    pub(crate) source: Source<V>,
    /// What the board shows (lags behind the source while animating).
    pub(crate) presenter: Presenter<V>,
    /// What the statistics have counted.
    tally: parts::Tally<V>,
    /// When the next step is due.
    clock: parts::Clock,
    /// The picked piece (a square or hole it stands on).
    pub(crate) selected: Option<u8>,
    /// The hinted move for the position shown, once found.
    pub(crate) hint: Option<V::Move>,
    /// The event number a hint was asked for.
    pub(crate) hint_asked: Option<u64>,
    /// Where hints are found (a thread in the app, inline in tests).
    hint_runner: Box<dyn Runner<BotJob<V>>>,
    /// The results dialog.
    end: parts::EndDialog,
    /// A repaint is due (something changed).
    pub(crate) repaint: bool,
    /// What the person asked for while the frame was drawn.
    pub(crate) intents: Vec<PlayIntent<V>>,
    /// Online play: the connection's notes, the table set aside, the talk.
    online: parts::OnlinePart<V>,
    /// Where the keyboard focus goes next on the board.
    pub(crate) focus: Option<V::Focus>,
    /// Give the main button the keyboard focus.
    pub(crate) focus_main: bool,
    /// What to say to a screen reader.
    pub(crate) announcer: announce::Announcer,
    /// Sounds waiting for their moment.
    pub(crate) cues: cues::Cues,
    /// What the pointer rests on (its landing is previewed).
    pub(crate) hover: Option<V::Hover>,
    /// Number every square or hole.
    pub(crate) all_numbers: bool,
    /// A mistake shown by a game's analysis: who played, the move played
    /// and the better one, both drawn on the board (issue 45).
    pub(crate) compare: Option<(V::Seat, V::Move, V::Move)>,
    /// A lesson or a puzzle is shown, its learner's seat: the lesson has
    /// its own hint, the move list gives nothing of its task away, and the
    /// other seats are the learner's opponents.
    pub(crate) teaching: Option<V::Seat>,
    /// The time of the last frame shown.
    pub(crate) now: f64,
    /// The game's own state.
    pub(crate) local: V::Local,
    /// The game's records.
    records: parts::Records<V>,
}

/// A runner for computer players that wakes the window when it is done.
pub fn thread_runner<V: View>(ctx: Option<&egui::Context>) -> Box<dyn Runner<BotJob<V>>> {
    let ctx = ctx.cloned();
    Box::new(Timed(ThreadRunner::new(move || {
        if let Some(ctx) = &ctx {
            ctx.request_repaint();
        }
    })))
}

/// A thread runner that says, in the log, how long a decision took when
/// it had to be made on the frame (a browser's page has one thread): the
/// time the page stood still for a computer.
#[derive(Debug)]
struct Timed<J: ca_ngua_core::table::Job>(ThreadRunner<J>);

impl<J: ca_ngua_core::table::Job> Runner<J> for Timed<J> {
    fn start(&mut self, job: J) {
        let began = web_time::Instant::now();
        self.0.start(job);
        if self.0.decided_here() {
            let ms = began.elapsed().as_secs_f64() * 1000.0;
            tracing::info!("a computer decided in {ms:.1} ms");
        }
    }

    fn answer(&mut self, ticket: u64) -> ca_ngua_core::table::Answer<J::Answer> {
        self.0.answer(ticket)
    }
}

impl<V: View> Play<V> {
    /// Shows a local table (its events shown at once); `result_recorded`
    /// when the statistics already count its result.
    pub fn new(table: Table<V>, stats: <V as Files>::Stats, result_recorded: bool) -> Play<V> {
        let replica = table.replica().clone();
        let presenter = Presenter::new(replica.clone(), table.events());
        let mut play = Play {
            source: Source::Local(Box::new(table)),
            presenter,
            tally: parts::Tally {
                counted: replica,
                stats,
                result_recorded,
            },
            clock: parts::Clock::default(),
            selected: None,
            hint: None,
            hint_asked: None,
            hint_runner: thread_runner::<V>(None),
            end: parts::EndDialog::default(),
            repaint: true,
            intents: Vec::new(),
            online: parts::OnlinePart::default(),
            focus: None,
            focus_main: false,
            announcer: announce::Announcer::default(),
            cues: cues::Cues::default(),
            hover: None,
            all_numbers: false,
            compare: None,
            teaching: None,
            now: 0.0,
            local: V::Local::default(),
            records: parts::Records::resuming(),
        };
        play.count_history();
        play
    }

    /// Lets the game's own state take in the events already there (the
    /// marks of a restored game's last move, its moves per player).
    fn count_history(&mut self) {
        let mut replay = Replica::new(*self.source.rules());
        let controllers = self.source.controllers();
        let mut scratch = <V as Files>::Stats::default();
        for e in self.source.events() {
            let Ok(applied) = replay.apply(e) else {
                break;
            };
            V::count(
                &mut scratch,
                &mut self.local,
                &applied,
                &replay,
                &controllers,
                false,
            );
        }
    }

    /// Replaces the game with a new table (statistics, runners and the
    /// game's saved settings stay).
    pub fn replace(&mut self, table: Table<V>) {
        let stats = std::mem::take(&mut self.tally.stats);
        let hints = std::mem::replace(&mut self.hint_runner, thread_runner::<V>(None));
        let local = std::mem::take(&mut self.local);
        let teaching = self.teaching;
        let mut retired = std::mem::take(&mut self.records.retired);
        retired.push(std::mem::take(&mut self.records.recording));
        retired.extend(self.records.paused.take());
        *self = Play::new(table, stats, false);
        self.hint_runner = hints;
        self.local = local;
        self.teaching = teaching;
        // A new game: a new record (the old one finishes writing).
        self.records.recording = recording::Recording::new();
        self.records.retired = retired;
        self.count_history();
    }

    /// Gives a local table's computer players another runner.
    pub fn set_runner(&mut self, runner: Box<dyn Runner<BotJob<V>>>) {
        match (&mut self.source, &mut self.online.paused_local) {
            (Source::Local(t), _) | (Source::Remote(_), Some(t)) => t.set_runner(runner),
            (Source::Remote(_), None) => {}
        }
    }

    /// Hints are found by `runner` (inline in tests).
    pub fn set_hint_runner(&mut self, runner: Box<dyn Runner<BotJob<V>>>) {
        self.hint_runner = runner;
        self.hint_asked = None;
    }

    /// The game source.
    pub fn source(&self) -> &Source<V> {
        &self.source
    }

    /// The local table, if the game is one.
    pub fn table(&self) -> Option<&Table<V>> {
        self.source.local()
    }

    /// The online game, if the game is one.
    pub fn remote(&self) -> Option<&remote::Remote<V>> {
        self.source.remote()
    }

    /// The state shown on the board.
    pub fn shown(&self) -> &Replica<V> {
        self.presenter.shown()
    }

    /// The presenter.
    pub fn presenter(&self) -> &Presenter<V> {
        &self.presenter
    }

    /// The statistics.
    pub fn stats(&self) -> &<V as Files>::Stats {
        &self.tally.stats
    }

    /// The rules in force.
    pub fn rules(&self) -> &V::Rules {
        self.source.rules()
    }

    /// The game's own state.
    pub fn local(&self) -> &V::Local {
        &self.local
    }

    /// The game's own state, to change.
    pub fn local_mut(&mut self) -> &mut V::Local {
        &mut self.local
    }

    /// The hinted move, once found.
    pub fn hint(&self) -> Option<V::Move> {
        self.hint
    }

    /// The picked piece's square or hole.
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }

    /// What the pointer rests on.
    pub fn hover(&self) -> Option<V::Hover> {
        self.hover
    }

    /// True while something is being shown or waits to be.
    pub fn is_animating(&self) -> bool {
        self.presenter.busy()
    }

    /// What is being announced to screen readers now.
    pub fn announcements(&self) -> &[announce::Announcement] {
        self.announcer.current()
    }

    /// The language changed: text made in the old one goes.
    pub fn language_changed(&mut self) {
        self.announcer.clear();
    }

    /// The sounds due now (the shell plays them), once.
    pub fn take_cues(&mut self) -> Vec<cues::Cue> {
        self.cues.take()
    }

    /// True (once) when something changed that needs drawing.
    pub fn take_repaint(&mut self) -> bool {
        std::mem::take(&mut self.repaint)
    }

    /// Who controls a seat.
    pub fn controller(&self, seat: V::Seat) -> Controller {
        self.source.controller(seat)
    }

    /// True when a person at this device plays the seat.
    pub fn is_here(&self, seat: V::Seat) -> bool {
        self.source.controller(seat) == Controller::Here
    }

    /// True once the game has moved and is not over: changing the rules
    /// then would throw a game away.
    pub fn in_progress(&self) -> bool {
        let latest = self.source.latest();
        latest
            .game()
            .is_some_and(|g| V::has_begun(g) || latest.pending().is_some())
            && !latest.is_over()
            && latest.turn().is_some()
    }

    /// Who plays each seat can change during a local game; the record
    /// notes the change before the next step.
    pub fn set_players(&mut self, prefs: &Prefs) {
        if self.source.local().is_none() {
            return;
        }
        // The steps so far were played by the players before the change.
        self.records.recording.take_in(&self.source);
        let Some(table) = self.source.local_mut() else {
            return;
        };
        let mut changed = false;
        for (index, c) in V::prefs_controllers(prefs).into_iter().enumerate() {
            let Some(seat) = V::Seat::from_index(index) else {
                continue;
            };
            if table.controller(seat) != c {
                table.set_controller(seat, c);
                changed = true;
            }
        }
        if changed {
            self.records.recording.note_players(&self.source);
            self.repaint = true;
        }
    }

    /// The seats of the game in play (or, in a room before its start, the
    /// seats it will have).
    pub fn seats(&self) -> Vec<V::Seat> {
        self.source
            .latest()
            .seats()
            .iter()
            .map(|s| s.seat)
            .collect()
    }

    /// The pace of a seat's animations.
    pub(crate) fn pace_of(&self, fast_bots: bool, seat: V::Seat) -> Pace {
        if fast_bots && self.source.controller(seat).computer().is_some() {
            V::FAST
        } else {
            V::NORMAL
        }
    }

    /// Who plays a seat, in a word or two: "Bạn" for the one person at
    /// this device, a name online, the level of a computer player.
    pub fn player_name(&self, i18n: &I18n, seat: V::Seat) -> String {
        // Online: names and our own seat marked (how each is connected is
        // said beside: on the card's second line, on the board).
        if let Some(remote) = self.source.remote() {
            return online_ui::seat_state::<V>(i18n, remote, seat, presence::Presence::Connected);
        }
        // A lesson: the learner, and the colours the lesson plays against.
        if let Some(learner) = self.teaching {
            return i18n.t(if seat == learner {
                "player-you"
            } else {
                "player-lesson-opponent"
            });
        }
        let shown = self.presenter.shown();
        let people_here = shown
            .seats()
            .iter()
            .filter(|s| self.is_here(s.seat))
            .count();
        match self.source.controller(seat) {
            Controller::Here if people_here <= 1 => i18n.t("player-you"),
            Controller::Here => i18n.t("player-human"),
            // Elsewhere: online, or a replayed game (whose computers
            // have no name).
            Controller::Elsewhere => match shown.seat(seat) {
                Some(s) if !s.name.trim().is_empty() => s.name.trim().to_string(),
                Some(s) if s.kind == ca_ngua_core::table::SeatKind::Bot => {
                    i18n.t("online-computer")
                }
                _ => i18n.t("player-human"),
            },
            Controller::Computer(level) | Controller::StandIn(level) => {
                i18n.t(&crate::app::widgets::level_key(level))
            }
        }
    }

    /// Saves the game and the statistics (on the saver's thread).
    pub fn save(&self, saver: &Saver) {
        if let Some(table) = self.source.local() {
            saver.save_game::<V>(GameFile::of(table, self.tally.result_recorded));
        }
        saver.save_stats::<V>(&self.tally.stats);
    }

    /// The game's record so far (`None` before it starts).
    pub fn record(&self) -> Option<&ca_ngua_data::record::Record<V>> {
        self.records.recording.record()
    }

    /// Writes the records not written yet, now (the app closes).
    pub fn finish_records(&mut self, saver: &Saver) {
        self.records.recording.finish(saver);
        if let Some(r) = &mut self.records.paused {
            r.finish(saver);
        }
        for mut r in self.records.retired.drain(..) {
            r.finish(saver);
        }
    }

    /// Shows everything received at once (after a new or restored game).
    pub fn skip_animations(&mut self) {
        self.presenter.skip();
    }

    /// Shows the source's state afresh: the presenter, the statistics'
    /// replica and the per-game marks start from it.
    fn reset_view(&mut self) {
        let latest = self.source.latest().clone();
        self.presenter = Presenter::new(latest.clone(), self.source.events());
        V::forget_shown(&mut self.local);
        self.cues = cues::Cues::default();
        self.announcer.clear();
        self.online.watch = presence::Watch::default();
        self.tally.counted = latest;
        self.tally.result_recorded = self.source.latest().is_over();
        self.selected = None;
        self.hint = None;
        self.hint_asked = None;
        self.hover = None;
        self.end.closed = false;
        self.end.focused = false;
        self.clock.last_phase = None;
        self.repaint = true;
    }
}
