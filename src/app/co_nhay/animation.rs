//! How Cờ nhảy's events are shown (the play machinery queues them and
//! keeps the time): a step slides to the next hole, a jump chain hops
//! landing by landing along its path; the log's lines; the last move kept
//! marked.

use super::tbl::{NhayApplied, NhayReplica, Played};
use crate::app::play::Pace;
use game_co_nhay::engine::{Arm, Position};

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
    /// Online: the room's next game begins (issue 45).
    RoundStart {
        /// The game's number in the room.
        round: u32,
    },
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
        NhayApplied::Again { round } => vec![LogLine::RoundStart { round: *round }],
        NhayApplied::Started
        | NhayApplied::Seats
        | NhayApplied::SeatNews(_)
        | NhayApplied::Rolled(_)
        | NhayApplied::Noted => Vec::new(),
    }
}

/// What the board keeps beside the state shown: the last move (who, and
/// the holes it visited), marked until the next one.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The last move shown.
    pub last_move: Option<(Arm, Vec<u8>)>,
}

impl Marks {
    /// Follows an event just applied.
    pub fn follow(&mut self, applied: &NhayApplied) {
        if let NhayApplied::Played {
            played: Played { effects, path },
            ..
        } = applied
            && path.len() >= 2
        {
            self.last_move = Some((effects.mover, path.clone()));
        }
    }
}

/// The animation of an event just applied: a step slides, a jump chain
/// hops landing by landing; and how long it lasts.
pub fn animation(applied: &NhayApplied, now: f64, p: &Pace) -> Option<(Hop, f64)> {
    let NhayApplied::Played {
        before,
        played: Played { effects, path },
    } = applied
    else {
        return None;
    };
    if path.len() < 2 {
        return None;
    }
    let hop = Hop {
        arm: effects.mover,
        before: *before,
        path: path.clone(),
        jump: effects.jump,
        start: now,
        segment: if effects.jump { p.hop } else { p.step },
    };
    let duration = hop.duration();
    Some((hop, duration))
}
