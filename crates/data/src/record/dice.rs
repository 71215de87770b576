//! A record's dice checked again (PROTOCOL.md version 3, "Dice anyone can
//! check"): the revealed seed against the round's commit, and every step's
//! roll against what the seed, the round, the roll's number and the
//! players' seeds give ([`ca_ngua_protocol::dice`]).

use super::Record;
use ca_ngua_core::game::Game;
use ca_ngua_core::table::{Event, EventKind};
use ca_ngua_protocol::dice::{self, DiceCheck, DiceSeed};
use std::fmt;

/// Why a record's dice cannot be checked at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceProblem {
    /// The record keeps no dice (a game at this device, a version 2
    /// server's, a game without dice).
    NoDice,
    /// The round's seed was not revealed (the game was not over when the
    /// record was last written).
    NotRevealed,
}

impl fmt::Display for DiceProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceProblem::NoDice => f.write_str(
                "the record keeps no dice to check (only online games on a version 3 server do)",
            ),
            DiceProblem::NotRevealed => f.write_str(
                "the round's dice seed was never revealed (the server reveals it when the game is over)",
            ),
        }
    }
}

impl std::error::Error for DiceProblem {}

impl<G: Game> Record<G> {
    /// Checks every roll of the record against its round's revealed seed
    /// and commit ([`dice::check_round`]).
    pub fn check_dice(&self) -> Result<DiceCheck, DiceProblem> {
        let d = self.dice.as_ref().ok_or(DiceProblem::NoDice)?;
        let revealed = d.revealed.as_deref().ok_or(DiceProblem::NotRevealed)?;
        // Reading checked it is 64 hex digits; a record made in code may
        // hold anything: a seed that does not read matches no commit.
        let seed = DiceSeed::from_hex(revealed);
        let rolls = self
            .steps
            .iter()
            .filter_map(|s| s.roll.map(|r| (s.seat, r)));
        let Some(seed) = seed else {
            return Ok(DiceCheck {
                round: d.round,
                rolls: u32::try_from(rolls.count()).unwrap_or(u32::MAX),
                matching: 0,
                commit_ok: false,
                first_wrong: None,
            });
        };
        if d.first_roll == 1 {
            // The whole round: its events as the dice read them, the seeds
            // first, then every roll.
            let mut events: Vec<Event<G>> = d
                .seeds
                .iter()
                .map(|(seat, client_seed)| EventKind::Seeded {
                    seat: *seat,
                    client_seed: client_seed.clone(),
                })
                .chain(rolls.map(|(seat, roll)| EventKind::Rolled {
                    seat,
                    roll,
                    moves: Vec::new(),
                }))
                .map(|event| Event { seq: 0, event })
                .collect();
            for (i, e) in events.iter_mut().enumerate() {
                e.seq = i as u64 + 1;
            }
            return Ok(dice::check_round::<G>(
                &self.rules,
                d.round,
                &events,
                &seed,
                &d.commit,
            ));
        }
        // A record that begins after the round's first rolls: each roll
        // by its own number.
        let seeds = dice::seeds_text(&d.seeds);
        let mut check = DiceCheck {
            round: d.round,
            rolls: 0,
            matching: 0,
            commit_ok: seed.commit() == d.commit.trim().to_ascii_lowercase(),
            first_wrong: None,
        };
        for (i, (_, made)) in rolls.enumerate() {
            let n = d
                .first_roll
                .saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
            check.rolls += 1;
            match dice::roll::<G>(&self.rules, &seed, d.round, n, &seeds) {
                Some(expected) if expected == made => check.matching += 1,
                expected => {
                    if check.first_wrong.is_none() {
                        let expected = expected.map(|r| r.to_string()).unwrap_or_default();
                        check.first_wrong = Some((n, expected, made.to_string()));
                    }
                }
            }
        }
        Ok(check)
    }

    /// The line of the step that made roll `n` of the record's round
    /// (`None` when no step did).
    pub fn roll_line(&self, n: u32) -> Option<usize> {
        let d = self.dice.as_ref()?;
        let k = usize::try_from(n.checked_sub(d.first_roll)?).ok()?;
        let index = self
            .steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.roll.is_some())
            .nth(k)?
            .0;
        Some(self.step_line(index))
    }
}
