//! Showing a table's events one at a time, for any game: each event is
//! applied to the state shown and animated as its game says (dice
//! tumbling, a horse walking, a jump chain hopping), a pass waits long
//! enough to read before it is applied. The board shows the replica built
//! from the events shown so far, which lags behind the table while
//! something animates; the table is always the truth.

use super::view::{Pace, View, ViewTypes};
use ca_ngua_core::table::{Applied, Event, EventKind, Replica};
use std::collections::VecDeque;

/// What is being shown now.
#[derive(Clone, Debug)]
pub enum Showing<V: ViewTypes> {
    /// An event's animation, until `end`.
    Anim {
        /// The animation.
        anim: V::Anim,
        /// When it ends.
        end: f64,
    },
    /// A pause with a message ("no move"), before the pass is shown.
    Pause {
        /// When it ends.
        end: f64,
        /// The message.
        notice: V::Notice,
        /// The pass, applied when the pause ends (the turn stays with the
        /// player while the message shows).
        pass: Box<Event<V>>,
    },
}

impl<V: View> Showing<V> {
    fn end(&self) -> f64 {
        match self {
            Showing::Anim { end, .. } | Showing::Pause { end, .. } => *end,
        }
    }
}

/// The events shown so far and the one being shown.
#[derive(Clone, Debug)]
pub struct Presenter<V: ViewTypes> {
    shown: Replica<V>,
    queue: VecDeque<Event<V>>,
    showing: Option<Showing<V>>,
    log: Vec<V::Log>,
    marks: V::Marks,
}

impl<V: View> Presenter<V> {
    /// Shows a table from the state `shown` (its events already shown),
    /// with the log and marks rebuilt from `events` (every event from the
    /// first). A game continued from an older save has no earlier events
    /// to rebuild from: it starts from its state.
    pub fn new(shown: Replica<V>, events: &[Event<V>]) -> Presenter<V> {
        let mut replay = Replica::new(*shown.rules());
        let mut p = Presenter {
            marks: V::marks_of(&replay),
            shown: replay.clone(),
            queue: VecDeque::new(),
            showing: None,
            log: Vec::new(),
        };
        let mut rebuilt = true;
        for e in events {
            match replay.apply(e) {
                Ok(applied) => {
                    p.log.extend(V::log_entries(&applied, &replay));
                    V::follow(&mut p.marks, e, &applied, &replay);
                }
                Err(_) => {
                    rebuilt = false;
                    break;
                }
            }
        }
        if !rebuilt || replay != shown {
            p.log.clear();
            p.marks = V::marks_of(&shown);
        }
        p.shown = shown;
        p
    }

    /// The state shown.
    pub fn shown(&self) -> &Replica<V> {
        &self.shown
    }

    /// The state shown, to change who its seats show playing (a replay's
    /// step).
    pub(super) fn shown_mut(&mut self) -> &mut Replica<V> {
        &mut self.shown
    }

    /// The game's marks beside the state shown.
    pub fn marks(&self) -> &V::Marks {
        &self.marks
    }

    /// The game's marks, to change what a person picked.
    pub fn marks_mut(&mut self) -> &mut V::Marks {
        &mut self.marks
    }

    /// The number of the last event received (shown or waiting).
    pub fn received(&self) -> u64 {
        let paused = match &self.showing {
            Some(Showing::Pause { pass, .. }) => pass.seq,
            _ => 0,
        };
        self.queue
            .back()
            .map_or(self.shown.seq(), |e| e.seq)
            .max(paused)
    }

    /// Queues events to show.
    pub fn receive(&mut self, events: impl IntoIterator<Item = Event<V>>) {
        self.queue.extend(events);
    }

    /// True while something animates or waits to be shown (a dice seed,
    /// which shows nothing, does not count).
    pub fn busy(&self) -> bool {
        self.showing.is_some()
            || self
                .queue
                .iter()
                .any(|e| !matches!(e.event, EventKind::Seeded { .. }))
    }

    /// How many events wait to be shown (a dice seed, which shows
    /// nothing, does not count).
    pub fn backlog(&self) -> usize {
        self.queue
            .iter()
            .filter(|e| !matches!(e.event, EventKind::Seeded { .. }))
            .count()
    }

    /// What is being shown.
    pub fn showing(&self) -> Option<&Showing<V>> {
        self.showing.as_ref()
    }

    /// The animation running, if an event is animating.
    pub fn anim(&self) -> Option<&V::Anim> {
        match &self.showing {
            Some(Showing::Anim { anim, .. }) => Some(anim),
            _ => None,
        }
    }

    /// The message of a pass, while its pause lasts.
    pub fn notice(&self) -> Option<&V::Notice> {
        match &self.showing {
            Some(Showing::Pause { notice, .. }) => Some(notice),
            _ => None,
        }
    }

    /// True while a pause is showing.
    pub fn pausing(&self) -> bool {
        matches!(self.showing, Some(Showing::Pause { .. }))
    }

    /// The move log, oldest first.
    pub fn log(&self) -> &[V::Log] {
        &self.log
    }

    /// Moves the show along at time `now`: ends what has run its time and
    /// starts showing the next events. Returns the events applied (for
    /// those who react to what is seen) and the time of the next change.
    pub fn update(
        &mut self,
        now: f64,
        pace: impl Fn(V::Seat) -> Pace,
    ) -> (Vec<Applied<V>>, Option<f64>) {
        let mut shown = Vec::new();
        loop {
            if let Some(s) = &self.showing {
                if now < s.end() {
                    return (shown, Some(s.end()));
                }
                if let Some(Showing::Pause { pass, .. }) = self.showing.take() {
                    shown.extend(self.apply_quietly(&pass));
                }
            }
            let Some(ev) = self.queue.pop_front() else {
                return (shown, None);
            };
            if let EventKind::Passed { seat, .. } = &ev.event {
                // The message first; the pass itself when it has been read.
                self.showing = Some(Showing::Pause {
                    end: now + pace(*seat).pass,
                    notice: V::notice(&self.shown, *seat),
                    pass: Box::new(ev),
                });
                continue;
            }
            let before = self.shown.position().copied();
            let marks_before = self.marks.clone();
            let Some(applied) = self.apply_quietly(&ev) else {
                // Cannot happen with events from a table; skip rather than
                // stall the show.
                self.queue.clear();
                return (shown, None);
            };
            let p = ev.event.seat().map_or(V::NORMAL, &pace);
            if let Some(before) = before
                && let Some((anim, duration)) =
                    V::animation(&ev, &applied, &before, &marks_before, &self.marks, now, &p)
            {
                self.showing = Some(Showing::Anim {
                    anim,
                    end: now + duration,
                });
            }
            shown.push(applied);
        }
    }

    /// Applies an event without animating it.
    fn apply_quietly(&mut self, ev: &Event<V>) -> Option<Applied<V>> {
        let applied = self.shown.apply(ev).ok()?;
        self.log.extend(V::log_entries(&applied, &self.shown));
        V::follow(&mut self.marks, ev, &applied, &self.shown);
        Some(applied)
    }

    /// Shows at once the events waiting up to number `seq` (an online
    /// game's history, sent before we were seated), whatever follows them.
    pub fn skip_through(&mut self, seq: u64) {
        if self.showing.is_some() {
            return;
        }
        while self.queue.front().is_some_and(|e| e.seq <= seq) {
            if let Some(ev) = self.queue.pop_front() {
                self.apply_quietly(&ev);
            }
        }
    }

    /// Shows at once everything but the last `keep` events waiting,
    /// whatever is being shown (a watcher far behind the room).
    pub fn catch_up(&mut self, keep: usize) {
        let waiting = self.queue.len();
        if waiting <= keep {
            return;
        }
        if let Some(Showing::Pause { pass, .. }) = self.showing.take() {
            self.apply_quietly(&pass);
        }
        self.showing = None;
        for _ in 0..waiting - keep {
            if let Some(ev) = self.queue.pop_front() {
                self.apply_quietly(&ev);
            }
        }
    }

    /// Shows everything waiting at once (a new game, a restored one).
    pub fn skip(&mut self) {
        self.show_now();
    }

    /// Shows everything waiting at once, without animating it; returns
    /// what was applied (to be said and heard as if shown).
    pub fn show_now(&mut self) -> Vec<Applied<V>> {
        let mut applied = Vec::new();
        if let Some(Showing::Pause { pass, .. }) = self.showing.take() {
            applied.extend(self.apply_quietly(&pass));
        }
        self.showing = None;
        while let Some(ev) = self.queue.pop_front() {
            applied.extend(self.apply_quietly(&ev));
        }
        applied
    }
}
