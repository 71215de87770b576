//! One game of a trial, played by the computer players at the app's pace,
//! and the pair of games (the trial's rules and the baseline's) played
//! from one seed.

use super::{Player, TRIAL_BUDGET, Trial, pace};
use crate::bots::{Bot, BotRng, Decision};
use crate::dice;
use crate::engine::{Effects, Game, Rules, Seat};
use ca_ngua_core::game::selfplay::mix_seed;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};

/// What one game came to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct GameResult {
    pub(super) rolls: u32,
    /// Time at the app's pace, in milliseconds (integers, so that totals do
    /// not depend on the order games finish in).
    pub(super) millis: u64,
    pub(super) winner: Option<Seat>,
    /// With teams, the winner's partner, who won with it.
    pub(super) partner: Option<Seat>,
    pub(super) first: Seat,
    pub(super) kicks: u32,
    pub(super) capped: bool,
    /// Sum of the positive ledger balances at the end, with scoring on.
    pub(super) points: Option<u32>,
}

/// Plays one game; `None` when `cancel` was raised (checked every roll:
/// a roll costs far less than a millisecond, even for Hard's trial budget
/// it is a few).
fn play_game(
    rules: &Rules,
    trial: &Trial,
    seed: u64,
    first: Seat,
    cancel: &AtomicBool,
) -> Option<GameResult> {
    let mut game = Game::new(*rules, &trial.seats, first).ok()?;
    let mut bots: Vec<Bot> = trial
        .players
        .iter()
        .enumerate()
        .map(|(k, p)| {
            Bot::with_budget(p.simulated_as(), mix_seed(seed, 1 + k as u64), TRIAL_BUDGET)
        })
        .collect();
    let mut slot_of = [0usize; 4];
    for (k, s) in trial.seats.iter().enumerate() {
        slot_of[s.index()] = k;
    }
    let mut rng = BotRng::seed_from_u64(seed);
    let mut seconds = 0.0f64;
    let mut kicks = 0u32;
    while let Some(seat) = game.turn() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let slot = slot_of[seat.index()];
        let person = trial.players.get(slot) == Some(&Player::Person);
        let (roll, bits) = dice::roll_with_bits(rules.dice, &mut rng);
        seconds += roll_seconds(person);
        let moves = game.legal_moves(roll);
        let mv = if moves.is_empty() {
            seconds += pace::PASS;
            None
        } else {
            let decision = Decision {
                rules,
                position: game.position(),
                roll,
                moves: &moves,
            };
            let i = match bots.get_mut(slot) {
                Some(bot) if moves.len() > 1 => bot.pick(&decision, bits),
                _ => 0,
            };
            seconds += move_seconds(person, moves.len());
            moves.get(i)
        };
        let fx = game.play_unchecked(roll, mv);
        let (steps, kick) = shown(&fx);
        seconds += steps;
        if kick > 0.0 {
            seconds += kick;
        }
        kicks += u32::from(fx.kick_count());
    }
    let points = game.ledger().map(|l| {
        l.points
            .iter()
            .map(|&p| p.max(0).unsigned_abs())
            .fold(0u32, u32::saturating_add)
    });
    // A team wins together: the team home first, not the first colour home.
    let (winner, partner) = game.winners();
    Some(GameResult {
        rolls: game.rolls(),
        millis: (seconds * 1000.0).round() as u64,
        winner,
        partner,
        first,
        kicks,
        capped: game.is_capped(),
        points,
    })
}

/// How long a roll takes: the dice, and a person's roll or a computer's
/// thinking.
fn roll_seconds(person: bool) -> f64 {
    pace::DICE
        + if person {
            pace::PERSON_ROLL
        } else {
            pace::THINK
        }
}

/// How long choosing among `moves` moves takes.
fn move_seconds(person: bool, moves: usize) -> f64 {
    match (person, moves) {
        (true, 1) => pace::PERSON_MOVE,
        (true, _) => pace::PERSON_CHOICE,
        (false, _) => pace::THINK,
    }
}

/// How long a move's effects take to show: its horse's steps, and a kick.
fn shown(fx: &Effects) -> (f64, f64) {
    let steps = fx.mv.map_or(0.0, |m| {
        let squares = if m.is_exit() {
            1
        } else {
            m.to.saturating_sub(m.from)
        };
        pace::STEP * f64::from(squares)
    });
    let kick = if fx.kick_count() > 0 { pace::KICK } else { 0.0 };
    (steps, kick)
}

/// The colour that rolls first in game `index`: the seats take turns, from
/// a place the seed picks (RULES.md 2.6 draws the first player at random in
/// real games; rotating gives every colour the same number of first rolls,
/// so the first player's advantage is measured without a colour's own
/// strength mixed in).
fn first_seat(trial: &Trial, seed: u64, index: u64) -> Seat {
    let n = trial.seats.len().max(1) as u64;
    let offset = mix_seed(seed, u64::MAX) % n;
    trial
        .seats
        .get(((index + offset) % n) as usize)
        .copied()
        .unwrap_or(Seat::Red)
}

/// Plays game `index` of the trial's rules and, when given, of the
/// baseline's, from the same seed and with the same first player (common
/// dice make the comparison sharper).
pub(super) fn play_pair(
    trial: &Trial,
    baseline: Option<&Rules>,
    seed: u64,
    index: u64,
    cancel: &AtomicBool,
) -> Option<(GameResult, Option<GameResult>)> {
    let game_seed = mix_seed(seed, index);
    let first = first_seat(trial, seed, index);
    let a = play_game(&trial.rules, trial, game_seed, first, cancel)?;
    let b = match baseline {
        Some(rules) => Some(play_game(rules, trial, game_seed, first, cancel)?),
        None => None,
    };
    Some((a, b))
}
