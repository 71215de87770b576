//! Which horse is which. The engine knows horses of one colour only as a
//! multiset of places (they are interchangeable in the rules); people name
//! them: "Ngựa đỏ 2" is the same horse for the whole game, whatever its
//! rank, through moves and kicks. The numbers follow the events shown.

use super::tbl::Applied;
use game_ca_ngua::engine::{Move, Position, Seat, YARD, track_square};

/// Horses per colour.
const HORSES: usize = 4;

/// Each colour's horses by number: `places[seat][n - 1]` is the progress of
/// horse `n` (or `YARD`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Herd {
    places: [[u8; HORSES]; 4],
}

impl Herd {
    /// Numbers for a position: each colour's horses in the order the
    /// position lists them (yard first), so a new game has horses 1–4 in
    /// yard spots 1–4.
    pub fn new(pos: &Position) -> Herd {
        Herd {
            places: Seat::ALL.map(|s| pos.horses(s)),
        }
    }

    /// The progress of horse `number` (1–4) of `seat`.
    pub fn progress(&self, seat: Seat, number: u8) -> u8 {
        let i = usize::from(number.clamp(1, HORSES as u8) - 1);
        self.places[seat.index()][i]
    }

    /// The numbers of `seat`'s horses at `progress`, lowest first.
    pub fn numbers_at(&self, seat: Seat, progress: u8) -> Vec<u8> {
        (1..=HORSES as u8)
            .filter(|&n| self.progress(seat, n) == progress)
            .collect()
    }

    /// The yard spot (0–3) of a horse in the yard: its own number's spot.
    pub fn yard_spot(number: u8) -> usize {
        usize::from(number.clamp(1, HORSES as u8) - 1)
    }

    /// Follows one event shown: the moving horse (`prefer`, if it stands
    /// where the move starts; otherwise the lowest number there) goes where
    /// the move ends, kicked horses go home to their yard. `after` is the
    /// position once the event is applied; should the numbers ever
    /// disagree with it, they are set afresh from it.
    pub fn follow(&mut self, applied: &Applied, after: &Position, prefer: Option<u8>) {
        let Applied::Played {
            played: super::tbl::Played { effects: fx, .. },
            ..
        } = applied
        else {
            if let Applied::Started = applied {
                *self = Herd::new(after);
            }
            return;
        };
        if let Some(Move { from, to }) = fx.mv {
            // The colour whose horse moved (with teams, maybe the partner).
            let seat = fx.owner;
            let here = self.numbers_at(seat, from);
            let number = prefer
                .filter(|n| here.contains(n))
                .or_else(|| here.first().copied());
            if let Some(n) = number {
                self.places[seat.index()][usize::from(n - 1)] = to;
            }
        }
        if let Some(square) = fx.square {
            for victim in Seat::ALL {
                if fx.kicked[victim.index()] == 0 {
                    continue;
                }
                for p in self.places[victim.index()].iter_mut() {
                    if *p != YARD
                        && *p <= game_ca_ngua::engine::DOOR
                        && track_square(victim, *p) == square
                    {
                        *p = YARD;
                    }
                }
            }
        }
        for seat in Seat::ALL {
            let mut ours = self.places[seat.index()];
            let mut theirs = after.horses(seat);
            ours.sort_unstable();
            theirs.sort_unstable();
            if ours != theirs {
                self.places[seat.index()] = after.horses(seat);
            }
        }
    }
}
