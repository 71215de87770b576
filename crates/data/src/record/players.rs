//! Who played each step. A seat may change hands during a game: the player
//! at the device hands their colour to a computer in the settings (or
//! takes one back), a computer stands in online for a person who is away
//! or left, or plays the one turn whose clock ran out. A record's `Seat:`
//! lines say who played each seat's first step; each later change is a
//! [`PlayerChange`] (`Player:` lines, record format 3), so that a replay
//! and an analysis name the right player at every step
//! ([`Record::player_at`]) and speak of each player's own steps
//! ([`Record::seat_players`]).

use super::{Player, Record};
use ca_ngua_core::game::Game;

/// A seat changing hands: from step `step` on (an index into
/// [`Record::steps`], from 0), `player` plays `seat`, until the seat's
/// next change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerChange<S> {
    /// The first step (from 0) the new player may play: the steps before
    /// it were played before the change.
    pub step: usize,
    /// The colour or arm.
    pub seat: S,
    /// A person or a computer.
    pub player: Player,
    /// The player's name (may be empty); one line, no control characters.
    pub name: String,
}

/// One player of a seat over a game, and the steps they played there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPlayer<S> {
    /// The colour or arm.
    pub seat: S,
    /// A person or a computer.
    pub player: Player,
    /// The name (may be empty).
    pub name: String,
    /// The steps they played (indices into [`Record::steps`]), in order.
    pub steps: Vec<usize>,
    /// Each stretch they held the seat, as its first and last step they
    /// played (indices, both included), in order: one, unless the seat
    /// went back and forth between players.
    pub spans: Vec<(usize, usize)>,
}

impl<G: Game> Record<G> {
    /// Who played `seat` at step `step` (an index from 0; `steps.len()`:
    /// who plays it next): its `Seat:` line, or the last change before the
    /// step. `None` for a seat that does not play.
    pub fn player_at(&self, seat: G::Seat, step: usize) -> Option<(Player, &str)> {
        let first = self.seats.iter().find(|s| s.seat == seat)?;
        let mut who = (first.player, first.name.as_str());
        for c in self.changes.iter().take_while(|c| c.step <= step) {
            if c.seat == seat {
                who = (c.player, c.name.as_str());
            }
        }
        Some(who)
    }

    /// Every seat's players, seat by seat in turn order, each seat's in
    /// the order they first played it: one player and all its steps for a
    /// seat that never changed hands. A player who held a seat without
    /// playing a step there is left out (a seat that played no step at all
    /// keeps its `Seat:` line's player, without steps), but for a person
    /// known by name whose seat no person played: they come first, without
    /// steps (the computer played it all for them).
    pub fn seat_players(&self) -> Vec<SeatPlayer<G::Seat>> {
        let mut all = Vec::new();
        for first in &self.seats {
            let seat = first.seat;
            // The seat's stretches: where each begins, and who held it.
            let mut stints = vec![(0, first.player, first.name.as_str())];
            stints.extend(
                self.changes
                    .iter()
                    .filter(|c| c.seat == seat)
                    .map(|c| (c.step, c.player, c.name.as_str())),
            );
            let mut players: Vec<SeatPlayer<G::Seat>> = Vec::new();
            for (i, &(from, player, name)) in stints.iter().enumerate() {
                let to = stints.get(i + 1).map_or(self.steps.len(), |s| s.0);
                let own: Vec<usize> = (from..to.min(self.steps.len()))
                    .filter(|&k| self.steps[k].seat == seat)
                    .collect();
                let (Some(&start), Some(&end)) = (own.first(), own.last()) else {
                    continue;
                };
                match players
                    .iter_mut()
                    .find(|p| p.player == player && p.name == name)
                {
                    Some(p) => {
                        p.steps.extend(own);
                        p.spans.push((start, end));
                    }
                    None => players.push(SeatPlayer {
                        seat,
                        player,
                        name: name.to_string(),
                        steps: own,
                        spans: vec![(start, end)],
                    }),
                }
            }
            if players.is_empty() {
                players.push(SeatPlayer {
                    seat,
                    player: first.player,
                    name: first.name.clone(),
                    steps: Vec::new(),
                    spans: Vec::new(),
                });
            }
            // The person a seat belongs to is never left out, even when a
            // computer played all its steps for them (issue 55: a seat
            // left before its person's first step read "Green: Computer").
            let owner = stints
                .iter()
                .find(|&&(_, p, n)| p == Player::Person && !n.trim().is_empty());
            if let Some(&(_, player, name)) = owner
                && !players.iter().any(|p| p.player == Player::Person)
            {
                players.insert(
                    0,
                    SeatPlayer {
                        seat,
                        player,
                        name: name.to_string(),
                        steps: Vec::new(),
                        spans: Vec::new(),
                    },
                );
            }
            all.extend(players);
        }
        all
    }

    /// Notes that `player` (named `name`) plays `seat` from the next step
    /// on; true when the record changed. Nothing changes when they play it
    /// already; before the first step the seat's `Seat:` line changes
    /// (unless a computer stands in for a person known by name: the seat
    /// stays theirs, the change comes at step 1, issue 55); a second
    /// change before anyone played replaces the first.
    pub(crate) fn note_player(&mut self, seat: G::Seat, player: Player, name: &str) -> bool {
        let step = self.steps.len();
        if self.player_at(seat, step) == Some((player, name)) {
            return false;
        }
        // Nobody played since the seat's last change: that one is undone.
        self.changes.retain(|c| !(c.step == step && c.seat == seat));
        if step == 0 {
            let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) else {
                return false;
            };
            let stand_in =
                s.player == Player::Person && !s.name.trim().is_empty() && player != Player::Person;
            if stand_in {
                self.changes.push(PlayerChange {
                    step,
                    seat,
                    player,
                    name: name.to_string(),
                });
                return true;
            }
            s.player = player;
            s.name = name.to_string();
            return true;
        }
        if self.player_at(seat, step) != Some((player, name)) {
            self.changes.push(PlayerChange {
                step,
                seat,
                player,
                name: name.to_string(),
            });
        }
        true
    }
}
