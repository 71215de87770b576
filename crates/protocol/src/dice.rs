//! Dice anyone can check (PROTOCOL.md version 3, "Dice anyone can
//! check"): before a round the server draws a secret seed and publishes
//! its SHA-256 (the commit); every roll of the round is read from
//! HMAC-SHA256 keyed by that seed, over the round, the roll's number and
//! the seeds the players sent; the seed is revealed with `over`, and
//! anyone can then recompute every roll.
//!
//! The server cannot choose a roll once it has committed (the commit binds
//! it to the seed), and no player can predict one (the seed is secret until
//! the end). Players' seeds make sure the server did not pick a seed whose
//! rolls it liked before knowing them.

use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_core::table::{Event, EventKind};
use ring::hmac;
use std::fmt;

/// The label that starts every message the rolls are read from.
pub const LABEL: &str = "ca-ngua dice v3";

/// A round's secret seed: 32 bytes.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct DiceSeed(pub [u8; 32]);

impl fmt::Debug for DiceSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never printed by accident (a log line would give the dice away).
        f.write_str("DiceSeed(…)")
    }
}

impl DiceSeed {
    /// A new seed from the operating system's secure generator (`None`
    /// when it fails, which it does not on any supported system).
    pub fn draw() -> Option<DiceSeed> {
        let mut bytes = [0u8; 32];
        ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut bytes).ok()?;
        Some(DiceSeed(bytes))
    }

    /// The seed in lowercase hex, as `over` reveals it.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads a seed written in hex (64 hex digits).
    pub fn from_hex(text: &str) -> Option<DiceSeed> {
        let text = text.trim();
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(DiceSeed(bytes))
    }

    /// The commit: SHA-256 of the seed's 32 bytes, in lowercase hex.
    pub fn commit(&self) -> String {
        hex(ring::digest::digest(&ring::digest::SHA256, &self.0).as_ref())
    }
}

/// Bytes in lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The players' seeds of a round as the message writes them: `seat=seed`
/// for every seat that seeded, in seat order, joined by `;` (empty when
/// none). `seeds` holds each seat's seed by seat number.
pub fn seeds_text<S: SeatId>(seeds: &[(S, String)]) -> String {
    let mut sorted: Vec<&(S, String)> = seeds.iter().collect();
    sorted.sort_by_key(|(seat, _)| seat.index());
    sorted
        .iter()
        .map(|(seat, seed)| format!("{}={seed}", seat.code()))
        .collect::<Vec<_>>()
        .join(";")
}

/// The die values of roll `n` of round `k`, in order, as many as asked
/// for: each byte below 252 of the HMAC stream gives `byte % 6 + 1`.
pub struct DieStream {
    key: hmac::Key,
    message: String,
    block: Vec<u8>,
    at: usize,
    /// Blocks made so far (the next one's suffix is `|blocks`).
    blocks: u32,
}

impl fmt::Debug for DieStream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DieStream")
            .field("message", &self.message)
            .field("blocks", &self.blocks)
            .finish_non_exhaustive()
    }
}

impl DieStream {
    /// The stream of roll `n` of round `k` with these players' seeds
    /// ([`seeds_text`]).
    pub fn new(seed: &DiceSeed, round: u32, n: u32, seeds: &str) -> DieStream {
        let key = hmac::Key::new(hmac::HMAC_SHA256, &seed.0);
        let message = format!("{LABEL}|{round}|{n}|{seeds}");
        DieStream {
            key,
            message,
            block: Vec::new(),
            at: 0,
            blocks: 0,
        }
    }

    fn refill(&mut self) {
        let tag = if self.blocks == 0 {
            hmac::sign(&self.key, self.message.as_bytes())
        } else {
            hmac::sign(
                &self.key,
                format!("{}|{}", self.message, self.blocks).as_bytes(),
            )
        };
        self.blocks += 1;
        self.block = tag.as_ref().to_vec();
        self.at = 0;
    }

    /// The next die, 1 to 6.
    pub fn die(&mut self) -> u8 {
        loop {
            if self.at >= self.block.len() {
                self.refill();
            }
            let b = self.block[self.at];
            self.at += 1;
            if b < 252 {
                return b % 6 + 1;
            }
        }
    }
}

/// Roll `n` of round `k` of game `G` under `rules`.
pub fn roll<G: Game>(
    rules: &G::Rules,
    seed: &DiceSeed,
    round: u32,
    n: u32,
    seeds: &str,
) -> Option<G::Roll> {
    let mut stream = DieStream::new(seed, round, n, seeds);
    G::roll_from_dice(rules, &mut || stream.die())
}

/// What checking a round's dice found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceCheck {
    /// The round.
    pub round: u32,
    /// Rolls checked (every roll of the round).
    pub rolls: u32,
    /// Rolls that are what the seed gives.
    pub matching: u32,
    /// The revealed seed's SHA-256 is the commit.
    pub commit_ok: bool,
    /// The first roll that is not what the seed gives: its number `n`, the
    /// roll the seed gives and the roll made.
    pub first_wrong: Option<(u32, String, String)>,
}

impl DiceCheck {
    /// True when the commit holds and every roll is the seed's.
    pub fn ok(&self) -> bool {
        self.commit_ok && self.first_wrong.is_none() && self.matching == self.rolls
    }
}

/// The rounds of a room's events: slices from round 1's first event, then
/// from each `again` to the event before the next one.
pub fn rounds<G: Game>(events: &[Event<G>]) -> Vec<(u32, &[Event<G>])> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut round = 1;
    for (i, ev) in events.iter().enumerate() {
        if let EventKind::Again { round: next, .. } = ev.event {
            out.push((round, &events[start..i]));
            start = i;
            round = next;
        }
    }
    out.push((round, &events[start..]));
    out
}

/// The players' seeds of one round's events, as the dice read them: each
/// seat's last seed before the round's first roll.
pub fn round_seeds<G: Game>(events: &[Event<G>]) -> Vec<(G::Seat, String)> {
    let mut seeds: Vec<(G::Seat, String)> = Vec::new();
    for ev in events {
        match &ev.event {
            EventKind::Rolled { .. } => break,
            EventKind::Seeded { seat, client_seed } => {
                seeds.retain(|(s, _)| s != seat);
                seeds.push((*seat, client_seed.clone()));
            }
            _ => {}
        }
    }
    seeds
}

/// Checks every roll of one round's events against the revealed `seed`
/// and the round's `commit`.
pub fn check_round<G: Game>(
    rules: &G::Rules,
    round: u32,
    events: &[Event<G>],
    seed: &DiceSeed,
    commit: &str,
) -> DiceCheck {
    let seeds = seeds_text(&round_seeds(events));
    let mut check = DiceCheck {
        round,
        rolls: 0,
        matching: 0,
        commit_ok: seed.commit() == commit.trim().to_ascii_lowercase(),
        first_wrong: None,
    };
    for ev in events {
        if let EventKind::Rolled { roll: made, .. } = &ev.event {
            check.rolls += 1;
            let n = check.rolls;
            match roll::<G>(rules, seed, round, n, &seeds) {
                Some(expected) if expected == *made => check.matching += 1,
                expected => {
                    if check.first_wrong.is_none() {
                        let expected = expected.map(|r| r.to_string()).unwrap_or_default();
                        check.first_wrong = Some((n, expected, made.to_string()));
                    }
                }
            }
        }
    }
    check
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use game_ca_ngua::CaNgua;
    use game_ca_ngua::engine::{Rules, Seat};

    #[test]
    fn a_seed_reads_back_and_commits_to_its_hash() {
        let seed = DiceSeed([7; 32]);
        assert_eq!(DiceSeed::from_hex(&seed.to_hex()), Some(seed));
        assert_eq!(seed.commit().len(), 64);
        assert_ne!(seed.commit(), DiceSeed([8; 32]).commit());
        assert!(DiceSeed::from_hex("zz").is_none());
        assert_eq!(format!("{seed:?}"), "DiceSeed(…)");
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            DiceSeed([0; 32]).commit(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn seeds_are_written_in_seat_order() {
        let seeds = vec![
            (Seat::Yellow, "b".to_string()),
            (Seat::Red, "a".to_string()),
        ];
        assert_eq!(seeds_text(&seeds), "r=a;y=b");
        assert_eq!(seeds_text::<Seat>(&[]), "");
    }

    #[test]
    fn dice_depend_on_every_input_and_are_fair_enough() {
        let seed = DiceSeed([1; 32]);
        let rules = Rules::standard();
        let rolls: Vec<String> = (1..=600)
            .map(|n| {
                roll::<CaNgua>(&rules, &seed, 1, n, "r=x")
                    .unwrap()
                    .to_string()
            })
            .collect();
        for face in 1..=6 {
            let count = rolls.iter().filter(|r| **r == face.to_string()).count();
            assert!((60..=140).contains(&count), "{face}: {count} of 600");
        }
        let again: Vec<String> = (1..=600)
            .map(|n| {
                roll::<CaNgua>(&rules, &seed, 1, n, "r=x")
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(rolls, again, "the same inputs give the same rolls");
        let other: Vec<String> = (1..=600)
            .map(|n| {
                roll::<CaNgua>(&rules, &seed, 1, n, "r=y")
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_ne!(rolls, other, "a player's seed changes the rolls");
        let round2: Vec<String> = (1..=600)
            .map(|n| {
                roll::<CaNgua>(&rules, &seed, 2, n, "r=x")
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_ne!(rolls, round2, "the round changes the rolls");
    }

    #[test]
    fn the_stream_skips_high_bytes_and_goes_on_past_one_block() {
        let mut stream = DieStream::new(&DiceSeed([3; 32]), 1, 1, "");
        let dice: Vec<u8> = (0..100).map(|_| stream.die()).collect();
        assert!(dice.iter().all(|d| (1..=6).contains(d)));
        assert!(stream.blocks >= 4, "100 dice need at least 4 blocks");
    }
}
