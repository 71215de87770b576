//! How Cờ Cá Ngựa's events are shown (the play machinery queues them and
//! keeps the time): the dice tumble, a horse walks square by square,
//! kicked horses fly home, "no move" stays long enough to read; and the
//! marks the board keeps beside the state shown.

use super::geometry::{self, Place, path};
use super::horses::Herd;
use super::marks::Marks;
use super::tbl::{Applied, Event, EventKind, Played, Replica};
use crate::app::play::Pace;
use game_ca_ngua::engine::{Position, Seat, YARD};

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

    /// Seconds of the whole move, the kicked horses' flight included.
    pub fn duration(&self) -> f64 {
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

/// The message while a pass is shown.
pub fn notice(shown: &Replica, seat: Seat) -> PassNotice {
    let forfeit = shown.position().is_some_and(|p| {
        shown
            .pending()
            .is_some_and(|pd| p.is_forfeit(shown.rules(), pd.roll))
    });
    PassNotice {
        seat,
        kind: if forfeit {
            PassKind::Forfeit
        } else {
            PassKind::NoMove
        },
    }
}

/// The animation of an event just applied, and how long it lasts.
pub fn animation(
    ev: &Event,
    applied: &Applied,
    before: &Position,
    marks_before: &Marks,
    marks: &Marks,
    now: f64,
    p: &Pace,
) -> Option<(Anim, f64)> {
    match (&ev.event, applied) {
        (EventKind::Rolled { .. }, _) => Some((
            Anim::Dice {
                start: now,
                duration: p.dice,
            },
            p.dice,
        )),
        (
            EventKind::Moved { seat, mv, .. },
            Applied::Played {
                played: Played { effects: fx, .. },
                ..
            },
        ) => {
            let herd_before = marks_before.herd;
            let herd_now = marks.herd;
            let square = usize::from(fx.square.unwrap_or(0));
            let at = geometry::TRACK[square.min(geometry::TRACK.len() - 1)];
            // The kicked horses: in the yard now, not before.
            let kicked = Seat::ALL
                .into_iter()
                .filter(|s| fx.kicked[s.index()] > 0)
                .flat_map(|s| {
                    (1..=4u8)
                        .filter(move |&n| {
                            herd_before.progress(s, n) != YARD && herd_now.progress(s, n) == YARD
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
            let anim = MoveAnim {
                seat: *seat,
                before: *before,
                herd_before,
                number,
                from: mv.from,
                steps: path(*seat, mv.from, mv.to, Herd::yard_spot(number)),
                kicked,
                start: now,
                step: p.step,
                kick: p.kick,
            };
            let duration = anim.duration();
            Some((Anim::Move(anim), duration))
        }
        _ => None,
    }
}
