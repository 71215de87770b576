//! The log-losses training reports as it goes: the network's and the race
//! model's over the games just played, and on held-out positions of games
//! between race-model players that take no part in training.

use super::Evaluator;
use super::features::{Features, Layout};
use super::train::Met;
use crate::bots::BotRng;
use crate::bots::hard::{Model, Params, Standing};
use crate::engine::{Position, Roll, Rules, Seat};
use ca_ngua_core::game::math;
use rand::{RngExt, SeedableRng};

/// Log-losses summed over positions: the network's and the race model's.
#[derive(Default)]
pub(super) struct Loss {
    net: f64,
    model: f64,
    n: u64,
}

impl Loss {
    pub(super) fn take(&mut self) -> [f64; 2] {
        let n = self.n.max(1) as f64;
        let out = [self.net / n, self.model / n];
        *self = Loss::default();
        out
    }
}

/// Positions of games between race-model players (standard rules, two and
/// four players, seeded) with who won them.
pub(super) fn held_out(seed: u64, games: u32, layout: Layout) -> Vec<(Features, [f32; 4])> {
    let mut rng = BotRng::seed_from_u64(seed);
    let rules = Rules::standard();
    let model = Model::new(&rules, Params::TUNED);
    let mut out = Vec::new();
    for g in 0..games {
        let seats = if g % 2 == 0 {
            vec![Seat::Red, Seat::Yellow]
        } else {
            Seat::ALL.to_vec()
        };
        let Some(mut pos) = Position::start(&seats, seats[0]) else {
            continue;
        };
        let mut met = Vec::new();
        let mut won = None;
        for _ in 0..rules.roll_cap {
            let Some(seat) = pos.turn() else { break };
            let roll = Roll::die(rng.random_range(1..=6u8));
            let moves = pos.legal_moves(&rules, roll);
            let mut best: Option<(Position, f32)> = None;
            for mv in moves.iter() {
                let mut next = pos;
                next.play_unchecked(&rules, roll, Some(mv));
                let v = model.evaluate(&next, 0)[seat.index()];
                if best.is_none_or(|b| v > b.1) {
                    best = Some((next, v));
                }
            }
            pos = match best {
                Some((next, _)) => next,
                None => {
                    let mut next = pos;
                    next.play_unchecked(&rules, roll, None);
                    next
                }
            };
            match model.standing(&pos, 0) {
                Standing::Settled(u) => {
                    won = Some(u);
                    break;
                }
                Standing::Open { turns, running } => {
                    // One position in four: neighbours say much the same.
                    if rng.random_range(0..4) == 0 {
                        met.push(Features::new(
                            &pos,
                            &rules,
                            &turns,
                            running,
                            model.temperature(),
                            layout,
                        ));
                    }
                }
            }
        }
        if let Some(u) = won {
            out.extend(met.into_iter().map(|f| (f, u)));
        }
    }
    out
}

/// The mean log-loss of the network on `held`.
pub(super) fn held_out_loss(net: &Evaluator, held: &[(Features, [f32; 4])]) -> f64 {
    let mut sum = 0.0f64;
    for (f, won) in held {
        let p = net.forward(f).slots();
        for k in 0..4 {
            let w = f64::from(won[f.seat(k)]);
            if w > 0.0 && f.racing & (1 << k) != 0 {
                sum -= w * math::ln(f64::from(p[k]).max(1e-6));
            }
        }
    }
    sum / held.len().max(1) as f64
}

/// The mean log-loss on `held` of the race model with its logits scaled as
/// well as can be (the best of a grid): what the network beats by more
/// than calibration.
pub(super) fn race_model_loss(held: &[(Features, [f32; 4])]) -> f64 {
    let n = held.len().max(1) as f64;
    let scaled = |alpha: f32| {
        let mut sum = 0.0f64;
        for (f, won) in held {
            let top = f.skip.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let z: f32 = (0..4)
                .filter(|k| f.racing & (1 << k) != 0)
                .map(|k| math::expf(alpha * (f.skip[k] - top)))
                .sum();
            for k in 0..4 {
                let w = f64::from(won[f.seat(k)]);
                if w > 0.0 && f.racing & (1 << k) != 0 {
                    sum -= w * math::ln(
                        f64::from(math::expf(alpha * (f.skip[k] - top)) / z).max(1e-6),
                    );
                }
            }
        }
        sum / n
    };
    (1..=60)
        .map(|i| scaled(i as f32 * 0.05))
        .fold(f64::INFINITY, f64::min)
}

/// Adds the log-losses of the network and of the race model on the
/// positions of a game that ended with `won`.
pub(super) fn count_loss(memory: &[Met], won: &[f32; 4], loss: &mut Loss) {
    for m in memory.iter() {
        let f = &m.features;
        let top = f.skip.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut z = 0.0f64;
        for k in 0..4 {
            if f.racing & (1 << k) != 0 {
                z += f64::from(math::expf(f.skip[k] - top));
            }
        }
        for k in 0..4 {
            let w = f64::from(won[f.seat(k)]);
            if w > 0.0 && f.racing & (1 << k) != 0 {
                let model = f64::from(math::expf(f.skip[k] - top)) / z;
                loss.net -= w * math::ln(f64::from(m.value[f.seat(k)]).max(1e-6));
                loss.model -= w * math::ln(model.max(1e-6));
            }
        }
        loss.n += 1;
    }
}
