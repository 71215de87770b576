//! A recorded game shown again, written once over [`View`]: the record's
//! steps become the events a table would have sent, and a read-only
//! [`Play`] over them draws the board exactly as in play (each game's own
//! `board_ui`); a step of the timeline is the presenter set to the state
//! after that step. The window around it is `replay_ui.rs`.

use super::announce::Announcer;
use super::presenter::Presenter;
pub use super::record_words::player_words;
use super::{Play, View};
use ca_ngua_core::game::{Game, Next};
use ca_ngua_core::table::{
    Applied, Controller, Event, EventKind, InlineRunner, Replica, SeatInfo, SeatKind, Table,
    TableRecord,
};
use ca_ngua_data::record::{AnyRecord, Player, Record, RecordError, RecordSeat, SeatPlayer};
use ca_ngua_i18n::{Arg, I18n};
use rand::SeedableRng;

/// How fast the game plays by itself: seconds a step.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    /// Two seconds a step.
    Slow,
    /// A second a step.
    #[default]
    Normal,
    /// Half a second.
    Fast,
    /// A fifth of a second.
    Fastest,
}

impl Speed {
    /// Every speed, slowest first, with its name's key.
    pub const ALL: [(Speed, &'static str); 4] = [
        (Speed::Slow, "replay-speed-slow"),
        (Speed::Normal, "replay-speed-normal"),
        (Speed::Fast, "replay-speed-fast"),
        (Speed::Fastest, "replay-speed-fastest"),
    ];

    /// Seconds between two steps.
    pub fn interval(self) -> f64 {
        match self {
            Speed::Slow => 2.0,
            Speed::Normal => 1.0,
            Speed::Fast => 0.5,
            Speed::Fastest => 0.2,
        }
    }
}

/// A recorded game on its timeline.
#[derive(Debug)]
pub struct Replay<V: View> {
    pub(super) record: Record<V>,
    /// Who played each seat, and which steps ([`Record::seat_players`]).
    pub(super) players: Vec<SeatPlayer<V::Seat>>,
    /// Draws the board (its presenter shows the step).
    pub(super) play: Play<V>,
    /// The events the steps make, the start first.
    events: Vec<Event<V>>,
    /// How many events are shown at each step (from 0: the start).
    ends: Vec<usize>,
    /// The state shown at each step.
    replicas: Vec<Replica<V>>,
    /// What each step did.
    applied: Vec<Vec<Applied<V>>>,
    /// Each step's log lines.
    pub(super) logs: Vec<Vec<V::Log>>,
    /// The step shown (0: the start; `steps()`: the end).
    step: usize,
    /// Playing by itself, and when the next step is due.
    pub(super) playing: Option<f64>,
    /// How fast it plays.
    pub(super) speed: Speed,
    /// What a screen reader hears of each step.
    pub(super) announcer: Announcer,
    /// The step the window last made visible in the log.
    pub(super) log_scrolled: Option<usize>,
    /// The window's widgets of the last frame (its keys act while one of
    /// them has the keyboard).
    pub(super) own: Vec<egui::Id>,
    /// The game's analysis, when asked for.
    pub(super) analysis: super::analysis_ui::AnalysisPanel<V>,
    /// The keyboard goes to the window at its first frame.
    pub(super) focused: bool,
    /// The timeline's slider (it takes ←/→ itself).
    pub(super) slider: Option<egui::Id>,
}

/// The events a table would have sent for `record`, given its states
/// (`record.replay()`).
fn events_of<G: Game>(record: &Record<G>, states: &[G::State]) -> Vec<Event<G>> {
    let seats = record.seats.iter().map(seat_info).collect();
    let mut kinds = vec![EventKind::Started {
        position: record.setup.clone(),
        seats,
    }];
    for (i, (step, before)) in record.steps.iter().zip(states).enumerate() {
        let after = states.get(i + 1).map_or_else(|| G::setup(before), G::setup);
        if let Some(roll) = step.roll {
            let moves = match G::next(before, Some(roll)) {
                Next::Choose(_, moves) => moves,
                _ => Vec::new(),
            };
            kinds.push(EventKind::Rolled {
                seat: step.seat,
                roll,
                moves,
            });
        }
        kinds.push(match step.mv {
            Some(mv) => EventKind::Moved {
                seat: step.seat,
                mv,
                position: after,
            },
            None => EventKind::Passed {
                seat: step.seat,
                position: after,
            },
        });
    }
    if let Some(ranking) = &record.result {
        kinds.push(EventKind::Over {
            ranking: ranking.clone(),
        });
    }
    kinds
        .into_iter()
        .zip(1..)
        .map(|(event, seq)| Event { seq, event })
        .collect()
}

fn seat_info<S: ca_ngua_core::game::SeatId>(s: &RecordSeat<S>) -> SeatInfo<S> {
    SeatInfo {
        seat: s.seat,
        name: s.name.clone(),
        kind: match s.player {
            Player::Person => SeatKind::Human,
            Player::Computer(_) => SeatKind::Bot,
        },
        connected: true,
    }
}

impl<V: View> Replay<V> {
    /// The record on its timeline, at its start; the line that is wrong
    /// if it does not replay.
    pub fn new(record: Record<V>) -> Result<Replay<V>, RecordError> {
        let states = record.replay()?;
        let events = events_of(&record, &states);
        let wrong = |e: String| RecordError {
            line: record.step_line(0),
            message: e,
        };
        let mut replica = Replica::new(record.rules);
        let mut ends = Vec::with_capacity(record.steps.len() + 1);
        let mut replicas = Vec::with_capacity(record.steps.len() + 1);
        let mut applied = Vec::with_capacity(record.steps.len() + 1);
        let mut logs = Vec::with_capacity(record.steps.len() + 1);
        let (mut step_applied, mut step_log) = (Vec::new(), Vec::new());
        for (i, ev) in events.iter().enumerate() {
            let a = replica.apply(ev).map_err(|e| wrong(e.to_string()))?;
            step_log.extend(V::log_entries(&a, &replica));
            step_applied.push(a);
            // A step ends with its move or pass (the start with the start),
            // and the end of the game belongs to the last step.
            let last = i + 1 == events.len();
            let ends_step = match events.get(i + 1).map(|e| &e.event) {
                Some(EventKind::Over { .. }) => false,
                Some(_) => !matches!(ev.event, EventKind::Rolled { .. }),
                None => true,
            };
            if ends_step || last {
                ends.push(i + 1);
                replicas.push(replica.clone());
                applied.push(std::mem::take(&mut step_applied));
                logs.push(std::mem::take(&mut step_log));
            }
        }
        let table = Table::restore(
            TableRecord {
                rules: record.rules,
                controllers: vec![Controller::Elsewhere; V::SEATS],
                origin: None,
                events: events.clone(),
            },
            rand::rngs::StdRng::seed_from_u64(0),
            Box::new(InlineRunner::default()),
        )
        .map_err(|e| wrong(e.to_string()))?;
        let play = Play::new(table, Default::default(), true);
        let mut replay = Replay {
            players: record.seat_players(),
            record,
            play,
            events,
            ends,
            replicas,
            applied,
            logs,
            step: 0,
            playing: None,
            speed: Speed::default(),
            announcer: Announcer::with_salt("replay"),
            log_scrolled: None,
            own: Vec::new(),
            analysis: super::analysis_ui::AnalysisPanel::default(),
            focused: false,
            slider: None,
        };
        replay.show(0);
        Ok(replay)
    }

    /// The record.
    pub fn record(&self) -> &Record<V> {
        &self.record
    }

    /// The step shown: 0 is the start, [`Replay::steps`] the end.
    pub fn step(&self) -> usize {
        self.step
    }

    /// The number of steps.
    pub fn steps(&self) -> usize {
        self.replicas.len().saturating_sub(1)
    }

    /// The state shown.
    pub fn shown(&self) -> &Replica<V> {
        self.play.shown()
    }

    /// Who the board names as a seat's player at the step shown (a seat
    /// that changed hands: its player of the time).
    pub fn player_name(&self, i18n: &I18n, seat: V::Seat) -> String {
        self.play.player_name(i18n, seat)
    }

    /// What is being said to a screen reader.
    pub fn announcements(&self) -> &[super::announce::Announcement] {
        self.announcer.current()
    }

    /// Shows step `step` (kept within the game).
    pub(super) fn show(&mut self, step: usize) {
        let step = step.min(self.steps());
        self.step = step;
        let (Some(replica), Some(&end)) = (self.replicas.get(step), self.ends.get(step)) else {
            return;
        };
        self.play.presenter = Presenter::new(replica.clone(), &self.events[..end]);
        self.name_players(step);
        self.play.repaint = true;
    }

    /// The board and its words name each seat's person at every step, a
    /// computer's turns for them included (issue 55: the yards switched
    /// between a name and "Computer"); a seat of computers only names its
    /// computer of step `step` (the players of its first step at the
    /// start).
    fn name_players(&mut self, step: usize) {
        let k = step.saturating_sub(1);
        for seat in self.record.seats.iter().map(|s| s.seat) {
            let owner = self.owner(seat).map(|p| (p.player, p.name.clone()));
            let Some((player, name)) = owner.or_else(|| {
                self.record
                    .player_at(seat, k)
                    .map(|(p, n)| (p, n.to_string()))
            }) else {
                continue;
            };
            let (controller, kind) = match player {
                Player::Person => (Controller::Elsewhere, SeatKind::Human),
                Player::Computer(Some(level)) => (Controller::Computer(level), SeatKind::Bot),
                Player::Computer(None) => (Controller::Elsewhere, SeatKind::Bot),
            };
            if let Some(info) = self.play.presenter.shown_mut().seat_mut(seat) {
                info.kind = kind;
                info.name = name;
            }
            if let Some(table) = self.play.source.local_mut() {
                table.set_controller(seat, controller);
            }
        }
    }

    /// The person a seat is theirs, when a person played it (or held it
    /// and the computer played it all for them).
    pub(super) fn owner(&self, seat: V::Seat) -> Option<&SeatPlayer<V::Seat>> {
        self.players
            .iter()
            .find(|p| p.seat == seat && p.player == Player::Person)
    }

    /// Goes to step `step` and says where the game is.
    pub(super) fn go(&mut self, step: usize, i18n: &I18n) {
        let before = self.step;
        self.show(step);
        if self.step != before || self.announcer.current().is_empty() {
            self.announce(i18n);
        }
    }

    /// Says the step shown, as play says each event (the game's own
    /// words), after the step counter.
    pub(super) fn announce(&mut self, i18n: &I18n) {
        let mut parts = vec![self.counter(i18n)];
        if self.step_changed_hands() {
            parts.extend(self.step_by(i18n));
        }
        let applied = self.applied.get(self.step).cloned().unwrap_or_default();
        let mut said = false;
        for a in &applied {
            if let Some((text, _)) = V::about(&self.play, i18n, a) {
                parts.push(text);
                said = true;
            }
        }
        if !said {
            parts.extend(self.step_text(i18n, self.step));
        }
        self.announcer.new_frame();
        self.announcer.say(parts.join(". "), false);
    }

    /// Who played the step shown ("This step: Red (Computer – Medium)"),
    /// and for whom when a computer played a person's turn ("This step:
    /// Red (Computer – Medium, for Minh)"); `None` at the start.
    pub fn step_by(&self, i18n: &I18n) -> Option<String> {
        let k = self.step.checked_sub(1)?;
        let seat = self.record.steps.get(k)?.seat;
        let (player, name) = self.record.player_at(seat, k)?;
        let mut who = player_words(i18n, player, name);
        if player != Player::Person
            && let Some(owner) = self.owner(seat)
        {
            who = i18n.t_args(
                "replay-for",
                &[
                    ("computer", Arg::from(who)),
                    (
                        "who",
                        Arg::from(player_words(i18n, owner.player, &owner.name)),
                    ),
                ],
            );
        }
        Some(i18n.t_args(
            "replay-step-by",
            &[
                ("colour", Arg::from(V::colour(i18n, seat))),
                ("who", Arg::from(who)),
            ],
        ))
    }

    /// True when the seat of the step shown changed hands during the game
    /// (its player is then worth saying at each step).
    fn step_changed_hands(&self) -> bool {
        let seat = self
            .step
            .checked_sub(1)
            .and_then(|k| self.record.steps.get(k))
            .map(|s| s.seat);
        seat.is_some_and(|seat| self.players.iter().filter(|p| p.seat == seat).count() > 1)
    }

    /// "Step 12 of 340".
    pub fn counter(&self, i18n: &I18n) -> String {
        i18n.t_args(
            "replay-step-counter",
            &[
                ("step", Arg::from(self.step)),
                ("steps", Arg::from(self.steps())),
            ],
        )
    }

    /// A step's line in the log, in words (`None`: nothing to say).
    pub(super) fn step_text(&self, i18n: &I18n, step: usize) -> Option<String> {
        if step == 0 {
            return Some(i18n.t("replay-start"));
        }
        let lines = self.logs.get(step)?;
        let words: Vec<String> = lines.iter().map(|l| V::log_text(i18n, l, true)).collect();
        (!words.is_empty()).then(|| words.join("; "))
    }

    /// Plays on by itself at time `now`: a step whenever one is due.
    pub(super) fn tick(&mut self, ctx: &egui::Context, now: f64, i18n: &I18n) {
        let Some(due) = self.playing else {
            return;
        };
        if self.step >= self.steps() {
            self.playing = None;
            return;
        }
        if now >= due {
            self.go(self.step + 1, i18n);
            self.playing = Some(now + self.speed.interval());
        }
        let wait = self.playing.map_or(0.0, |d| (d - now).max(0.0));
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
    }
}

ca_ngua_games::per_game_enum! {
    /// A replay of whichever game its record is: the replay window's game,
    /// driven with [`with_variant!`](ca_ngua_games::with_variant).
    pub enum AnyReplay of Replay;
}

/// A replay of the record, of whichever game it is; the line that is
/// wrong if it does not replay.
pub fn open(record: AnyRecord) -> Result<AnyReplay, RecordError> {
    Ok(ca_ngua_games::map_any!(record, AnyReplay, _G, r => Replay::new(r)?))
}
