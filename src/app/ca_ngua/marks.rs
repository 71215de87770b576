//! What the board keeps beside the state shown, event after event: which
//! horse is which, the last roll, the last move (marked until the next
//! one), who rolls again and why, and the horse a person here picked.

use super::geometry::{Place, TRACK, path, place};
use super::horses::Herd;
use super::tbl::{Applied, Event, EventKind, Played, Replica};
use game_ca_ngua::engine::{Bonus, Position, Roll, Seat, YARD};

/// The last move, marked on the board until the next one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub seat: Seat,
    /// From which progress (`YARD` for an exit).
    pub from: u8,
    /// To which progress.
    pub to: u8,
    /// The places it passed through, both ends included.
    pub path: Vec<Place>,
    /// The horses it kicked: their colour and where they stood.
    pub kicked: Vec<(Seat, Place)>,
}

/// The places of the horses a move kicked.
pub(super) fn kicked_places(fx: &game_ca_ngua::engine::Effects) -> Vec<(Seat, Place)> {
    let Some(square) = fx.square else {
        return Vec::new();
    };
    let (x, y) = TRACK[usize::from(square).min(TRACK.len() - 1)];
    Seat::ALL
        .into_iter()
        .filter(|s| fx.kicked[s.index()] > 0)
        .map(|s| (s, Place::Cell(x, y)))
        .collect()
}

/// The last move of a play, if it moved.
pub(super) fn last_move_of(
    before: &Position,
    fx: &game_ca_ngua::engine::Effects,
) -> Option<LastMove> {
    let m = fx.mv?;
    let yard_index = before
        .horses(fx.owner)
        .iter()
        .filter(|&&h| h == YARD)
        .count()
        .saturating_sub(1);
    let mut steps = path(fx.owner, m.from, m.to, yard_index);
    if steps.is_empty() {
        steps.push(place(fx.owner, m.to, 0));
    }
    Some(LastMove {
        seat: fx.owner,
        from: m.from,
        to: m.to,
        path: steps,
        kicked: kicked_places(fx),
    })
}

/// What the board keeps beside the state shown: which horse is which, the
/// last roll, the last move (marked until the next one), who rolls again
/// and why, and the horse a person here picked from a square several of
/// theirs stand on.
#[derive(Clone, Debug)]
pub struct Marks {
    /// Which horse is which, as shown.
    pub herd: Herd,
    /// The last roll shown, and whose.
    pub last_roll: Option<(Seat, Roll)>,
    /// The last move shown.
    pub last_move: Option<LastMove>,
    /// The roller of the last roll shown rolls again, and why.
    pub bonus: Option<(Seat, Bonus)>,
    /// The horse a person here picked for the next move from a square:
    /// seat, from, number.
    pub prefer: Option<(Seat, u8, u8)>,
}

impl Marks {
    /// The marks of a state shown without its history.
    pub fn of(shown: &Replica) -> Marks {
        Marks {
            herd: Herd::new(shown.position().unwrap_or(&Position::default())),
            last_roll: None,
            last_move: None,
            bonus: None,
            prefer: None,
        }
    }

    /// Follows an event just applied to `shown`.
    pub fn follow(&mut self, ev: &Event, applied: &Applied, shown: &Replica) {
        match applied {
            Applied::Rolled(p) => {
                self.last_roll = Some((p.seat, p.roll));
                self.bonus = None;
            }
            Applied::Played {
                before,
                played: Played { effects, .. },
            } => {
                if let Some(m) = last_move_of(before, effects) {
                    self.last_move = Some(m);
                }
                self.bonus = effects.bonus.map(|b| (effects.seat, b));
            }
            Applied::Over(_) => self.bonus = None,
            // Another round in the room (issue 45): the last round's roll
            // and move are no news of this one.
            Applied::Again { .. } | Applied::Started => {
                self.last_roll = None;
                self.last_move = None;
                self.bonus = None;
            }
            _ => {}
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
        if let Some(pos) = shown.position() {
            let pos = *pos;
            self.herd.follow(applied, &pos, prefer);
        }
    }
}
