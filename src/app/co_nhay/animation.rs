//! Showing a Cờ nhảy table's events one at a time: a step slides to the
//! next hole, a jump chain hops landing by landing along its path, a pass
//! stays long enough to read. The board shows the replica built from the
//! events shown so far, which lags behind the table while a piece moves;
//! the table is always the truth.

use super::pacing::Pace;
use super::tbl::{NhayApplied, NhayEvent, NhayEventKind, NhayReplica};
use crate::co_nhay::engine::{Arm, Position};
use std::collections::VecDeque;

/// A piece moving hole by hole.
#[derive(Clone, Debug)]
pub struct Hop {
    /// Whose piece.
    pub arm: Arm,
    /// The position before the move (what stands still).
    pub before: Position,
    /// The holes it visits, both ends included.
    pub path: Vec<u8>,
    /// A jump chain (each segment a hop over a piece), not a step.
    pub jump: bool,
    /// When it started.
    pub start: f64,
    /// Seconds per segment.
    pub segment: f64,
}

impl Hop {
    /// Seconds the whole move takes.
    pub fn duration(&self) -> f64 {
        self.segment * self.path.len().saturating_sub(1) as f64
    }

    /// Where the piece is at `now`: the segment it is on and how far
    /// along (0–1).
    pub fn at(&self, now: f64) -> (usize, f32) {
        let last = self.path.len().saturating_sub(1);
        let t = ((now - self.start) / self.segment.max(1e-6)).max(0.0);
        let i = (t.floor() as usize).min(last);
        if i >= last {
            (last, 0.0)
        } else {
            (i, (t - i as f64) as f32)
        }
    }
}

/// What is being shown now.
#[derive(Clone, Debug)]
pub enum Anim {
    /// A piece moving.
    Move(Hop),
    /// "No move" on screen before the pass is shown.
    Pause {
        /// Start time.
        start: f64,
        /// Seconds.
        duration: f64,
        /// The pass, applied when the pause ends.
        pass: Box<NhayEvent>,
    },
}

impl Anim {
    fn end(&self) -> f64 {
        match self {
            Anim::Move(h) => h.start + h.duration(),
            Anim::Pause {
                start, duration, ..
            } => start + duration,
        }
    }
}

/// A line of the log, put in words when drawn (so a language change
/// rewrites it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogLine {
    /// A step.
    Step {
        /// Who.
        arm: Arm,
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// A jump chain.
    Jump {
        /// Who.
        arm: Arm,
        /// From.
        from: u8,
        /// To.
        to: u8,
        /// Jumps.
        jumps: usize,
    },
    /// A pass.
    Pass {
        /// Who.
        arm: Arm,
    },
    /// A player finished.
    Finished {
        /// Who.
        arm: Arm,
        /// Their place.
        place: usize,
    },
    /// The move cap stopped the game.
    Capped {
        /// Moves played.
        moves: u32,
    },
    /// The game is over.
    Over,
}

/// The log lines of one event applied.
pub fn log_lines(applied: &NhayApplied, shown: &NhayReplica) -> Vec<LogLine> {
    match applied {
        NhayApplied::Played { played, .. } => {
            let effects = &played.effects;
            let mut v = Vec::new();
            match effects.mv.ends() {
                Some((from, to)) if effects.jump => v.push(LogLine::Jump {
                    arm: effects.mover,
                    from,
                    to,
                    jumps: played.jumps(),
                }),
                Some((from, to)) => v.push(LogLine::Step {
                    arm: effects.mover,
                    from,
                    to,
                }),
                None => v.push(LogLine::Pass { arm: effects.mover }),
            }
            let finished = shown.game().map(|g| *g.finished());
            for arm in effects.finished.iter() {
                let place = finished
                    .and_then(|f| f.iter().position(|a| a == arm))
                    .map_or(1, |p| p + 1);
                v.push(LogLine::Finished { arm, place });
            }
            if effects.capped {
                v.push(LogLine::Capped {
                    moves: shown.game().map_or(0, |g| g.moves_played()),
                });
            }
            v
        }
        NhayApplied::Over(_) => vec![LogLine::Over],
        NhayApplied::Started
        | NhayApplied::Seats
        | NhayApplied::SeatNews(_)
        | NhayApplied::Rolled(_) => Vec::new(),
    }
}

/// The events shown so far and the one being shown.
#[derive(Clone, Debug)]
pub struct Presenter {
    shown: NhayReplica,
    queue: VecDeque<NhayEvent>,
    anim: Option<Anim>,
    log: Vec<LogLine>,
    /// The last move shown: who, and the holes it visited.
    last_move: Option<(Arm, Vec<u8>)>,
}

impl Presenter {
    /// Shows a table whose `events` have all been shown already (a new or
    /// restored game): the log and the last move are rebuilt from them.
    pub fn new(rules: crate::co_nhay::engine::Rules, events: &[NhayEvent]) -> Presenter {
        let mut p = Presenter {
            shown: NhayReplica::new(rules),
            queue: VecDeque::new(),
            anim: None,
            log: Vec::new(),
            last_move: None,
        };
        for e in events {
            p.apply_quietly(e);
        }
        p
    }

    /// The state shown.
    pub fn shown(&self) -> &NhayReplica {
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
    pub fn receive(&mut self, events: impl IntoIterator<Item = NhayEvent>) {
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

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// The last move shown.
    pub fn last_move(&self) -> Option<&(Arm, Vec<u8>)> {
        self.last_move.as_ref()
    }

    /// The player passing, while the pause lasts.
    pub fn passing(&self) -> Option<Arm> {
        match &self.anim {
            Some(Anim::Pause { pass, .. }) => match pass.event {
                NhayEventKind::Passed { seat: arm, .. } => Some(arm),
                _ => None,
            },
            _ => None,
        }
    }

    /// Moves the show along at time `now`: ends what has run its time and
    /// starts showing the next events. Returns the events applied and the
    /// time of the next change.
    pub fn update(
        &mut self,
        now: f64,
        pace: impl Fn(Arm) -> Pace,
    ) -> (Vec<NhayApplied>, Option<f64>) {
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
            if let NhayEventKind::Passed { seat: arm, .. } = &ev.event {
                // The message first; the pass itself once it has been read.
                self.anim = Some(Anim::Pause {
                    start: now,
                    duration: pace(*arm).pass,
                    pass: Box::new(ev),
                });
                continue;
            }
            let Some(applied) = self.apply_quietly(&ev) else {
                // Cannot happen with a table's events; skip rather than
                // stall the show.
                self.queue.clear();
                return (shown, None);
            };
            if let NhayApplied::Played {
                before,
                played: super::tbl::Played { effects, path },
            } = &applied
                && path.len() >= 2
            {
                let p = pace(effects.mover);
                self.anim = Some(Anim::Move(Hop {
                    arm: effects.mover,
                    before: *before,
                    path: path.clone(),
                    jump: effects.jump,
                    start: now,
                    segment: if effects.jump { p.hop } else { p.step },
                }));
            }
            shown.push(applied);
        }
    }

    /// Applies an event without animating it.
    fn apply_quietly(&mut self, ev: &NhayEvent) -> Option<NhayApplied> {
        let applied = self.shown.apply(ev).ok()?;
        self.log.extend(log_lines(&applied, &self.shown));
        if let NhayApplied::Played {
            played: super::tbl::Played { effects, path },
            ..
        } = &applied
            && path.len() >= 2
        {
            self.last_move = Some((effects.mover, path.clone()));
        }
        Some(applied)
    }

    /// Shows everything waiting at once.
    pub fn skip(&mut self) {
        if let Some(Anim::Pause { pass, .. }) = self.anim.take() {
            self.apply_quietly(&pass);
        }
        self.anim = None;
        while let Some(ev) = self.queue.pop_front() {
            self.apply_quietly(&ev);
        }
    }
}
