//! A match (`play_match`) puts the learned Hard against today's Hard with
//! the same dice for both seatings, and times every decision: how the
//! strength of a set of weights is measured.

use super::{Evaluator, Judge, done_mask};
use crate::bots::hard::{self, Budget, Model, Params};
use crate::bots::{BotRng, Decision};
use crate::engine::{Move, Position, Rules, Seat};
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// A match between the learned Hard and today's Hard.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The rules.
    pub rules: Rules,
    /// 2: one learned seat against one of today's Hard, the seats swapped
    /// every other game on the same dice; 4: one learned seat against three,
    /// its seat going round.
    pub players: usize,
    /// Games.
    pub games: u32,
    /// The seed of the dice and of who begins.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The learned Hard's search.
    pub learned: Budget,
    /// Today's Hard's search.
    pub classic: Budget,
}

impl MatchConfig {
    /// Two players, standard rules, each side at its own default budget.
    pub fn two_player() -> MatchConfig {
        MatchConfig {
            rules: Rules::standard(),
            players: 2,
            games: 400,
            seed: 1,
            threads: 1,
            learned: Budget::V1,
            classic: Budget::DEFAULT,
        }
    }
}

/// Games won of games played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Score {
    /// Games won (a game stopped by the cap counts for nobody).
    pub wins: u64,
    /// Games played.
    pub games: u64,
}

impl Score {
    /// The share won.
    pub fn rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    /// The 95% Wilson interval of the share won.
    pub fn interval(&self) -> [f64; 2] {
        ca_ngua_core::game::wilson::wilson95(self.wins, self.games)
    }
}

/// What a match measured.
#[derive(Clone, Debug, Default)]
pub struct MatchReport {
    /// The learned Hard's games won.
    pub learned: Score,
    /// The learned Hard's decisions (with two moves or more), sorted.
    pub learned_times: Vec<Duration>,
    /// Today's Hard's decisions, sorted.
    pub classic_times: Vec<Duration>,
}

/// The median and the worst of sorted times.
pub fn median_and_worst(times: &[Duration]) -> (Duration, Duration) {
    (
        times.get(times.len() / 2).copied().unwrap_or_default(),
        times.last().copied().unwrap_or_default(),
    )
}

/// Plays a match of the learned Hard (with `net`) against today's Hard.
pub fn play_match(config: &MatchConfig, net: &Evaluator) -> MatchReport {
    let next = std::sync::atomic::AtomicU32::new(0);
    let worker = || {
        let judge = Judge::new(net, &config.rules);
        let model = Model::new(&config.rules, Params::TUNED);
        let mut report = MatchReport::default();
        loop {
            let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if g >= config.games {
                break;
            }
            let won = match_game(config, &judge, &model, g, &mut report);
            report.learned.games += 1;
            report.learned.wins += u64::from(won);
        }
        report
    };
    let parts: Vec<MatchReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.threads.max(1))
            .map(|_| scope.spawn(worker))
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut total = MatchReport::default();
    for p in parts {
        total.learned.wins += p.learned.wins;
        total.learned.games += p.learned.games;
        total.learned_times.extend(p.learned_times);
        total.classic_times.extend(p.classic_times);
    }
    total.learned_times.sort_unstable();
    total.classic_times.sort_unstable();
    total
}

/// Game `g` of a match: true when the learned side won.
fn match_game(
    config: &MatchConfig,
    judge: &Judge<'_>,
    model: &Model,
    g: u32,
    report: &mut MatchReport,
) -> bool {
    let rules = &config.rules;
    let (seats, learned, dice_seed) = seating(config, g);
    let mut rng = BotRng::seed_from_u64(
        config
            .seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(dice_seed),
    );
    let first = seats[rng.random_range(0..seats.len())];
    let Some(mut pos) = Position::start(&seats, first) else {
        return false;
    };
    let sides = Sides {
        config,
        judge,
        model,
        learned,
    };
    for _ in 0..rules.roll_cap {
        if pos.turn().is_none() {
            break;
        }
        let roll = crate::dice::roll(rules, &mut rng);
        let moves = pos.legal_moves(rules, roll);
        let mv = if moves.len() < 2 {
            moves.first()
        } else {
            let d = Decision {
                rules,
                position: &pos,
                roll,
                moves: &moves,
            };
            Some(sides.choose(&d, report))
        };
        pos.play_unchecked(rules, roll, mv);
        let done = done_mask(&pos, rules);
        if rules.teams {
            if let Some(team) = pos.team_home(rules) {
                return team.team() == learned.team();
            }
        } else if done != 0 {
            return done & (1 << learned.index()) != 0;
        }
    }
    false
}

/// Game `g`'s seats, the learned side's seat and the seed of its dice.
fn seating(config: &MatchConfig, g: u32) -> (Vec<Seat>, Seat, u64) {
    if config.players == 2 {
        // Games 2k and 2k + 1 share their dice, the seats swapped.
        let seats = vec![Seat::Red, Seat::Yellow];
        (
            seats,
            if g.is_multiple_of(2) {
                Seat::Red
            } else {
                Seat::Yellow
            },
            u64::from(g / 2),
        )
    } else {
        (
            Seat::ALL.to_vec(),
            Seat::from_index(g as usize % 4),
            u64::from(g / 4),
        )
    }
}

/// The two sides of a game: the learned Hard (with `judge`) at `learned`'s
/// seat, or on its team, and today's Hard (with `model`) elsewhere.
struct Sides<'a, 'j> {
    config: &'a MatchConfig,
    judge: &'a Judge<'j>,
    model: &'a Model,
    learned: Seat,
}

impl Sides<'_, '_> {
    /// The move of the side to move in `d`, its time added to the report.
    fn choose(&self, d: &Decision<'_>, report: &mut MatchReport) -> Move {
        let rules = d.rules;
        let learned = self.learned;
        let started = Instant::now();
        let mine = d
            .position
            .mover(rules)
            .is_some_and(|m| m == learned || (rules.teams && m.team() == learned.team()));
        let mv = if mine {
            hard::choose_with(d, self.judge, self.config.learned)
        } else {
            hard::choose_with(d, self.model, self.config.classic)
        };
        let took = started.elapsed();
        if mine {
            report.learned_times.push(took);
        } else {
            report.classic_times.push(took);
        }
        mv
    }
}
