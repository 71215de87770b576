//! Showing the table's events one at a time: the dice tumble, a horse
//! walks square by square, kicked horses fly home, "no move" stays long
//! enough to read. The board shows the replica built from the events shown
//! so far, which lags behind the table while something animates; the table
//! is always the truth.

use super::geometry::{self, Place, path};
use super::horses::Herd;
use super::log::{self, LogEntry};
use super::pacing::Pace;
use super::tbl::{Applied, Event, EventKind, Replica};
use crate::ca_ngua::engine::{Position, Roll, Seat, YARD};
use std::collections::VecDeque;

/// A horse walking square by square, then the horses it kicked going home.
#[derive(Clone, Debug)]
pub struct MoveAnim {
    /// The colour that moves.
    pub seat: Seat,
    /// The position before the move (what stands still).
    pub before: Position,
    /// Which horse was where before the move.
    pub herd_before: Herd,
    /// The moving horse's number.
    pub number: u8,
    /// Where the moving horse came from.
    pub from: u8,
    /// The squares it walks through.
    pub steps: Vec<Place>,
    /// Kicked horses: colour, number and where they stood.
    pub kicked: Vec<(Seat, u8, Place)>,
    /// When it started.
    pub start: f64,
    /// Seconds a step.
    pub step: f64,
    /// Seconds for the kicked horses' flight.
    pub kick: f64,
}

impl MoveAnim {
    /// Seconds of walking.
    pub fn walk_time(&self) -> f64 {
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

/// What is being shown now.
#[derive(Clone, Debug)]
pub enum Anim {
    /// The dice tumbling.
    Dice {
        /// Start time.
        start: f64,
        /// Seconds.
        duration: f64,
    },
    /// A horse moving.
    Move(MoveAnim),
    /// A pause with a message ("no move"), before the pass is shown.
    Pause {
        /// Start time.
        start: f64,
        /// Seconds.
        duration: f64,
        /// The pass, applied when the pause ends (the turn stays with the
        /// roller while the message shows).
        pass: Box<Event>,
    },
}

impl Anim {
    fn end(&self) -> f64 {
        match self {
            Anim::Dice { start, duration }
            | Anim::Pause {
                start, duration, ..
            } => start + duration,
            Anim::Move(m) => m.start + m.duration(),
        }
    }
}

/// Why the turn went on without a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PassKind {
    /// No legal move.
    NoMove,
    /// The third bonus roll in a row is lost.
    Forfeit,
}

/// A short message while a pause lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassNotice {
    /// Whose roll it was.
    pub seat: Seat,
    /// Why it passed.
    pub kind: PassKind,
}

/// The events shown so far and the one being shown.
#[derive(Clone, Debug)]
pub struct Presenter {
    shown: Replica,
    queue: VecDeque<Event>,
    anim: Option<Anim>,
    log: Vec<LogEntry>,
    notice: Option<PassNotice>,
    last_roll: Option<(Seat, Roll)>,
    /// Which horse is which, as shown.
    herd: Herd,
    /// The horse a person here picked for the next move from a square
    /// (several of their horses may stand there): seat, from, number.
    prefer: Option<(Seat, u8, u8)>,
}

impl Presenter {
    /// Shows a table from the state `shown` (its events already shown),
    /// with the log of `events` (every event from the first).
    pub fn new(shown: Replica, events: &[Event]) -> Presenter {
        // The log of what came before, rebuilt from the events.
        let mut replay = Replica::new(*shown.rules());
        let mut log = Vec::new();
        let mut last_roll = None;
        let mut rebuilt = true;
        let mut herd = Herd::new(&Position::default());
        for e in events {
            match replay.apply(e) {
                Ok(applied) => {
                    if let Applied::Rolled(p) = &applied {
                        last_roll = Some((p.seat, p.roll));
                    }
                    log.extend(log::entries(&applied, &replay));
                    if let Some(pos) = replay.position() {
                        herd.follow(&applied, pos, None);
                    }
                }
                Err(_) => {
                    // A game continued from an older save starts from its
                    // state: there is no earlier log to show.
                    rebuilt = false;
                    break;
                }
            }
        }
        if !rebuilt || replay != shown {
            log.clear();
            last_roll = None;
            herd = Herd::new(shown.position().unwrap_or(&Position::default()));
        }
        Presenter {
            shown,
            queue: VecDeque::new(),
            anim: None,
            log,
            notice: None,
            last_roll,
            herd,
            prefer: None,
        }
    }

    /// The state shown.
    pub fn shown(&self) -> &Replica {
        &self.shown
    }

    /// The number of the last event received (shown or waiting).
    pub fn received(&self) -> u64 {
        let paused = match &self.anim {
            Some(Anim::Pause { pass, .. }) => pass.seq,
            _ => 0,
        };
        self.queue
            .back()
            .map_or(self.shown.seq(), |e| e.seq)
            .max(paused)
    }

    /// Queues events to show.
    pub fn receive(&mut self, events: impl IntoIterator<Item = Event>) {
        self.queue.extend(events);
    }

    /// True while something animates or waits to be shown.
    pub fn busy(&self) -> bool {
        self.anim.is_some() || !self.queue.is_empty()
    }

    /// The animation running.
    pub fn anim(&self) -> Option<&Anim> {
        self.anim.as_ref()
    }

    /// The dice are tumbling.
    pub fn dice_rolling(&self, now: f64) -> bool {
        matches!(self.anim, Some(Anim::Dice { start, duration }) if now < start + duration)
    }

    /// Which horse is which, as shown.
    pub fn herd(&self) -> &Herd {
        &self.herd
    }

    /// The horse a person here picked to move from `from` next.
    pub fn prefer(&mut self, seat: Seat, from: u8, number: u8) {
        self.prefer = Some((seat, from, number));
    }

    /// The move log, oldest first.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The last roll shown, and whose.
    pub fn last_roll(&self) -> Option<(Seat, Roll)> {
        self.last_roll
    }

    /// The "no move" message, while its pause lasts.
    pub fn notice(&self) -> Option<&PassNotice> {
        match self.anim {
            Some(Anim::Pause { .. }) => self.notice.as_ref(),
            _ => None,
        }
    }

    /// Moves the show along at time `now`: ends what has run its time and
    /// starts showing the next events. Returns the events applied (for
    /// those who react to what is seen) and the time of the next change.
    pub fn update(&mut self, now: f64, pace: impl Fn(Seat) -> Pace) -> (Vec<Applied>, Option<f64>) {
        let mut shown = Vec::new();
        loop {
            if let Some(a) = &self.anim {
                if now < a.end() {
                    return (shown, Some(a.end()));
                }
                if let Some(Anim::Pause { pass, .. }) = self.anim.take() {
                    shown.extend(self.apply_quietly(&pass));
                }
            }
            let Some(ev) = self.queue.pop_front() else {
                return (shown, None);
            };
            if let EventKind::Passed { seat, .. } = &ev.event {
                // The message first; the pass itself when it has been read.
                let forfeit = self.shown.position().is_some_and(|p| {
                    self.shown
                        .pending()
                        .is_some_and(|pd| p.is_forfeit(self.shown.rules(), pd.roll))
                });
                self.notice = Some(PassNotice {
                    seat: *seat,
                    kind: if forfeit {
                        PassKind::Forfeit
                    } else {
                        PassKind::NoMove
                    },
                });
                let p = pace(*seat);
                self.anim = Some(Anim::Pause {
                    start: now,
                    duration: p.pass,
                    pass: Box::new(ev),
                });
                continue;
            }
            let before = *self.shown.position().unwrap_or(&Position::default());
            let herd_before = self.herd;
            let Some(applied) = self.apply_quietly(&ev) else {
                // Cannot happen with events from a table; skip rather than
                // stall the show.
                self.queue.clear();
                return (shown, None);
            };
            let seat = ev.event.seat();
            let p = seat.map_or(super::pacing::NORMAL, &pace);
            match (&ev.event, &applied) {
                (EventKind::Rolled { .. }, _) => {
                    self.anim = Some(Anim::Dice {
                        start: now,
                        duration: p.dice,
                    });
                }
                (
                    EventKind::Moved { seat, mv, .. },
                    Applied::Played {
                        played: super::tbl::Played { effects: fx, .. },
                        ..
                    },
                ) => {
                    let herd_now = self.herd;
                    let square = usize::from(fx.square.unwrap_or(0));
                    let at = geometry::TRACK[square.min(geometry::TRACK.len() - 1)];
                    // The kicked horses: in the yard now, not before.
                    let kicked = Seat::ALL
                        .into_iter()
                        .filter(|s| fx.kicked[s.index()] > 0)
                        .flat_map(|s| {
                            (1..=4u8)
                                .filter(move |&n| {
                                    herd_before.progress(s, n) != YARD
                                        && herd_now.progress(s, n) == YARD
                                })
                                .map(move |n| (s, n, Place::Cell(at.0, at.1)))
                                .collect::<Vec<_>>()
                        })
                        .collect();
                    let number = (1..=4u8)
                        .find(|&n| {
                            herd_before.progress(*seat, n) == mv.from
                                && herd_now.progress(*seat, n) == mv.to
                        })
                        .unwrap_or(1);
                    self.anim = Some(Anim::Move(MoveAnim {
                        seat: *seat,
                        before,
                        herd_before,
                        number,
                        from: mv.from,
                        steps: path(*seat, mv.from, mv.to, Herd::yard_spot(number)),
                        kicked,
                        start: now,
                        step: p.step,
                        kick: p.kick,
                    }));
                }
                _ => {}
            }
            shown.push(applied);
        }
    }

    /// Applies an event without animating it.
    fn apply_quietly(&mut self, ev: &Event) -> Option<Applied> {
        let applied = self.shown.apply(ev).ok()?;
        self.log.extend(log::entries(&applied, &self.shown));
        if let Applied::Rolled(p) = &applied {
            self.last_roll = Some((p.seat, p.roll));
        }
        let prefer = match (&ev.event, self.prefer) {
            (EventKind::Moved { seat, mv, .. }, Some((s, from, n)))
                if *seat == s && mv.from == from =>
            {
                Some(n)
            }
            _ => None,
        };
        if matches!(ev.event, EventKind::Moved { .. } | EventKind::Passed { .. }) {
            self.prefer = None;
        }
        if let Some(pos) = self.shown.position() {
            let pos = *pos;
            self.herd.follow(&applied, &pos, prefer);
        }
        Some(applied)
    }

    /// Shows everything waiting at once (a new game, a restored one).
    pub fn skip(&mut self) {
        if let Some(Anim::Pause { pass, .. }) = self.anim.take() {
            self.apply_quietly(&pass);
        }
        while let Some(ev) = self.queue.pop_front() {
            self.apply_quietly(&ev);
        }
    }
}
