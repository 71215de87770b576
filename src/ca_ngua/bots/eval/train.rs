//! Training by self-play, TD(λ), and the matches that measure the result.
//!
//! Each training game draws its rules (half the games the standard rules,
//! half a one-die rule set with every toggle drawn), its players (two,
//! three or four seats, or teams) and its dice from one seeded generator,
//! so the same command makes the same weights. Every colour plays the
//! network's choice: the move whose position the network rates best for
//! it. After the game each position the moves made is taught its λ-return
//! (TD(λ), forward view, Sutton & Barto 12.1): the mix of the network's own
//! later ratings and, at the end, who won.
//!
//! A match (`play_match`) puts the learned Hard against today's Hard with
//! the same dice for both seatings, and times every decision.

use super::features::Features;
use super::{Evaluator, Header, Judge, done_mask};
use crate::ca_ngua::bots::hard::{self, Budget, Model, Params, Standing};
use crate::ca_ngua::bots::{BotRng, Decision};
use crate::ca_ngua::engine::{
    ExitRolls, HomeColumn, Pairs, Position, Roll, Rules, SafeSquares, Seat,
};
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Training games.
    pub games: u64,
    /// The seed of everything: starting weights, rules, seats, dice.
    pub seed: u64,
    /// TD(λ)'s λ.
    pub lambda: f32,
    /// The learning rate at the start; it falls linearly to a quarter.
    pub rate: f32,
    /// Measure against today's Hard every this many games (0: never).
    pub curve_every: u64,
    /// Games of each measurement (two-player standard, seats swapped).
    pub curve_games: u32,
    /// Threads for the measurements (training itself is one thread).
    pub threads: usize,
    /// The command line, written in the weights file's header.
    pub command: String,
    /// Games of the held-out positions the progress reports rate the
    /// network on (they take no part in training).
    pub held_out_games: u32,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            games: 800_000,
            seed: 1,
            lambda: 0.85,
            rate: 0.01,
            curve_every: 100_000,
            curve_games: 300,
            threads: 1,
            command: String::new(),
            held_out_games: 300,
        }
    }
}

/// One point of the learning curve: the learned Hard's score against
/// today's Hard after `games` training games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurvePoint {
    /// Training games so far.
    pub games: u64,
    /// The measurement.
    pub score: Score,
}

/// What training tells as it goes.
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// Games played so far, of the total, and positions taught.
    Games {
        /// Games played.
        done: u64,
        /// Games to play.
        total: u64,
        /// Positions taught so far.
        positions: u64,
        /// Over the games since the last report: the network's mean
        /// log-loss against who won in the end, and the race model's.
        loss: [f64; 2],
        /// The network's mean log-loss on the held-out positions (the
        /// same every report: standard rules, two and four players,
        /// played by the race model), and the race model's.
        held_out: [f64; 2],
    },
    /// A point of the learning curve.
    Curve(CurvePoint),
}

/// Trains from seeded fresh weights (or `start`), telling `report` as it
/// goes. Returns the weights and the learning curve.
pub fn train(
    config: &TrainConfig,
    start: Option<Evaluator>,
    mut report: impl FnMut(&Progress),
) -> (Evaluator, Vec<CurvePoint>) {
    let mut net = start.unwrap_or_else(|| Evaluator::fresh(config.seed, Header::default()));
    let mut rng = BotRng::seed_from_u64(config.seed);
    let mut curve = Vec::new();
    let mut positions = 0u64;
    let measure = |net: &Evaluator, games: u64| CurvePoint {
        games,
        score: play_match(
            &MatchConfig {
                games: config.curve_games,
                seed: config.seed ^ 0xC0FF_EE00,
                threads: config.threads,
                ..MatchConfig::two_player()
            },
            net,
        )
        .learned,
    };
    if config.curve_every > 0 {
        let p = measure(&net, 0);
        report(&Progress::Curve(p));
        curve.push(p);
    }
    let mut memory = Vec::new();
    let mut loss = Loss::default();
    let held = held_out(config.seed ^ 0x5EED, config.held_out_games);
    // The race model's figure on them, once: it does not learn.
    let race_model = race_model_loss(&held);
    for game in 0..config.games {
        let fraction = game as f32 / config.games.max(1) as f32;
        let rate = config.rate * (1.0 - 0.75 * fraction);
        let (rules, seats) = draw_game(&mut rng);
        let mut scratch = Scratch {
            memory: &mut memory,
            loss: &mut loss,
        };
        positions += train_game(
            &mut net,
            &rules,
            &seats,
            &mut rng,
            (config.lambda, rate),
            &mut scratch,
        );
        let done = game + 1;
        if done % 1000 == 0 || done == config.games {
            report(&Progress::Games {
                done,
                total: config.games,
                positions,
                loss: loss.take(),
                held_out: [held_out_loss(&net, &held), race_model],
            });
        }
        if config.curve_every > 0 && (done % config.curve_every == 0 || done == config.games) {
            let p = measure(&net, done);
            report(&Progress::Curve(p));
            curve.push(p);
        }
    }
    net.header = Header {
        training: config.command.clone(),
        games: config.games,
    };
    (net, curve)
}

/// A game's rules and seats: half the games standard, half with every
/// one-die toggle drawn; two, three or four seats, or teams of four.
pub fn draw_game(rng: &mut BotRng) -> (Rules, Vec<Seat>) {
    let mut rules = Rules::standard();
    if rng.random_bool(0.5) {
        rules.exit_rolls = if rng.random_bool(0.3) {
            ExitRolls::OneOrSix
        } else {
            ExitRolls::Six
        };
        rules.bonus_after_kick = rng.random_bool(0.5);
        rules.bonus_after_finish = rng.random_bool(0.5);
        rules.three_in_a_row_forfeit = rng.random_bool(0.5);
        rules.safe_squares = match rng.random_range(0..3) {
            0 => SafeSquares::StartsAndStars,
            1 => SafeSquares::StartsOnly,
            _ => SafeSquares::None,
        };
        rules.pairs = match rng.random_range(0..3) {
            0 => Pairs::Ordinary,
            1 => Pairs::SafePair,
            _ => Pairs::Block,
        };
        rules.no_passing = rng.random_bool(0.25);
        rules.forced_kick = rng.random_bool(0.3);
        rules.forced_exit = rng.random_bool(0.3);
        if rng.random_bool(0.25) {
            rules.home_column = HomeColumn::Climb;
            rules.roll_cap = 10_000;
        }
    }
    let mut seats: Vec<Seat> = match rng.random_range(0..10) {
        0..=3 => {
            // Two players: across the board more often, as families sit.
            let a = rng.random_range(0..4usize);
            let b = if rng.random_bool(0.6) { a + 2 } else { a + 1 };
            vec![Seat::from_index(a), Seat::from_index(b)]
        }
        4..=5 => {
            let gap = rng.random_range(0..4usize);
            (1..4).map(|i| Seat::from_index(gap + i)).collect()
        }
        6..=8 => Seat::ALL.to_vec(),
        _ => {
            rules.teams = true;
            Seat::ALL.to_vec()
        }
    };
    seats.sort_unstable_by_key(|s| s.index());
    (rules, seats)
}

/// Log-losses summed over positions: the network's and the race model's.
#[derive(Default)]
struct Loss {
    net: f64,
    model: f64,
    n: u64,
}

impl Loss {
    fn take(&mut self) -> [f64; 2] {
        let n = self.n.max(1) as f64;
        let out = [self.net / n, self.model / n];
        *self = Loss::default();
        out
    }
}

/// Positions of games between race-model players (standard rules, two and
/// four players, seeded) with who won them.
fn held_out(seed: u64, games: u32) -> Vec<(Features, [f32; 4])> {
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
fn held_out_loss(net: &Evaluator, held: &[(Features, [f32; 4])]) -> f64 {
    let mut sum = 0.0f64;
    for (f, won) in held {
        let p = net.forward(f).slots();
        for k in 0..4 {
            let w = f64::from(won[f.seat(k)]);
            if w > 0.0 && f.racing & (1 << k) != 0 {
                sum -= w * f64::from(p[k]).max(1e-6).ln();
            }
        }
    }
    sum / held.len().max(1) as f64
}

/// The mean log-loss on `held` of the race model with its logits scaled as
/// well as can be (the best of a grid): what the network beats by more
/// than calibration.
fn race_model_loss(held: &[(Features, [f32; 4])]) -> f64 {
    let n = held.len().max(1) as f64;
    let scaled = |alpha: f32| {
        let mut sum = 0.0f64;
        for (f, won) in held {
            let top = f.skip.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let z: f32 = (0..4)
                .filter(|k| f.racing & (1 << k) != 0)
                .map(|k| (alpha * (f.skip[k] - top)).exp())
                .sum();
            for k in 0..4 {
                let w = f64::from(won[f.seat(k)]);
                if w > 0.0 && f.racing & (1 << k) != 0 {
                    sum -= w * f64::from((alpha * (f.skip[k] - top)).exp() / z)
                        .max(1e-6)
                        .ln();
                }
            }
        }
        sum / n
    };
    (1..=60)
        .map(|i| scaled(i as f32 * 0.05))
        .fold(f64::INFINITY, f64::min)
}

/// What a training game writes into and the run keeps: the positions met
/// (kept to save allocating) and the log-losses.
struct Scratch<'a> {
    memory: &'a mut Vec<Met>,
    loss: &'a mut Loss,
}

/// A position met in a training game: its features and the network's
/// softmax for it when it was met (per seat).
struct Met {
    features: Features,
    value: [f32; 4],
}

/// Plays one training game with every colour choosing by the network, then
/// teaches it every position met. Returns the positions taught.
fn train_game(
    net: &mut Evaluator,
    rules: &Rules,
    seats: &[Seat],
    rng: &mut BotRng,
    (lambda, rate): (f32, f32),
    scratch: &mut Scratch<'_>,
) -> u64 {
    let memory = &mut *scratch.memory;
    let loss = &mut *scratch.loss;
    memory.clear();
    let model = Model::new(rules, Params::TUNED);
    let first = seats[rng.random_range(0..seats.len())];
    let Some(mut pos) = Position::start(seats, first) else {
        return 0;
    };
    let cap = rules.roll_cap.min(5_000);
    let mut outcome = None;
    for _ in 0..cap {
        let Some(seat) = pos.turn() else { break };
        let roll = Roll::die(rng.random_range(1..=6u8));
        let moves = pos.legal_moves(rules, roll);
        let mut best: Option<(Position, Standing, f32)> = None;
        if moves.is_empty() {
            let mut next = pos;
            next.play_unchecked(rules, roll, None);
            best = Some((next, model.standing(&next, 0), 0.0));
        } else {
            for mv in moves.iter() {
                let mut next = pos;
                next.play_unchecked(rules, roll, Some(mv));
                let standing = model.standing(&next, 0);
                let v = value_for(net, &model, &next, &standing, seat);
                if best.as_ref().is_none_or(|b| v > b.2) {
                    best = Some((next, standing, v));
                }
            }
        }
        let Some((next, standing, _)) = best else {
            break;
        };
        pos = next;
        match standing {
            Standing::Settled(u) => {
                outcome = Some(absolute_target(&u));
                break;
            }
            Standing::Open { turns, running } => {
                let features = Features::new(&pos, rules, &turns, running, model.temperature());
                let out = net.forward(&features);
                let mut value = [0.0; 4];
                for (k, p) in out.slots().iter().enumerate() {
                    value[features.seat(k)] = *p;
                }
                memory.push(Met { features, value });
            }
        }
    }
    // A game stopped by the cap ends on the network's own last rating.
    let Some(last) = outcome.or_else(|| memory.last().map(|m| m.value)) else {
        return 0;
    };
    if let Some(won) = outcome {
        for m in memory.iter() {
            let f = &m.features;
            let top = f.skip.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut z = 0.0f64;
            for k in 0..4 {
                if f.racing & (1 << k) != 0 {
                    z += f64::from((f.skip[k] - top).exp());
                }
            }
            for k in 0..4 {
                let w = f64::from(won[f.seat(k)]);
                if w > 0.0 && f.racing & (1 << k) != 0 {
                    let model = f64::from((f.skip[k] - top).exp()) / z;
                    loss.net -= w * f64::from(m.value[f.seat(k)]).max(1e-6).ln();
                    loss.model -= w * model.max(1e-6).ln();
                }
            }
            loss.n += 1;
        }
    }
    // The λ-return, from the end back: G_t = (1 - λ) V_{t+1} + λ G_{t+1},
    // the last position's G the outcome itself.
    let n = memory.len();
    let mut ret = last;
    for t in (0..n).rev() {
        let next = if t + 1 < n { memory[t + 1].value } else { last };
        ret = std::array::from_fn(|s| (1.0 - lambda) * next[s] + lambda * ret[s]);
        let f = &memory[t].features;
        let mut slot = [0.0f32; 4];
        let mut sum = 0.0;
        for (k, x) in slot.iter_mut().enumerate() {
            if f.racing & (1 << k) != 0 {
                *x = ret[f.seat(k)];
                sum += *x;
            }
        }
        if sum <= 0.0 {
            continue;
        }
        for x in &mut slot {
            *x /= sum;
        }
        let out = net.forward(f);
        net.learn(f, &out, &slot, rate);
    }
    n as u64
}

/// The win shares of a settled race as one target per seat: a team's win
/// shared by its partners.
fn absolute_target(u: &[f32; 4]) -> [f32; 4] {
    let sum: f32 = u.iter().sum();
    if sum > 0.0 { u.map(|x| x / sum) } else { *u }
}

/// The network's chance for `seat` (its team's, with teams) in `pos`.
fn value_for(
    net: &Evaluator,
    model: &Model,
    pos: &Position,
    standing: &Standing,
    seat: Seat,
) -> f32 {
    match *standing {
        Standing::Settled(u) => u[seat.index()] * if model.rules().teams { 2.0 } else { 1.0 },
        Standing::Open { turns, running } => {
            let f = Features::new(pos, model.rules(), &turns, running, model.temperature());
            let u = net.forward(&f).chances(&f, model.rules());
            u[seat.index()]
        }
    }
}

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
            learned: Budget::LEARNED,
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
        crate::game::selfplay::wilson95(self.wins, self.games)
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
    let (seats, learned, dice_seed) = if config.players == 2 {
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
    };
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
    for _ in 0..rules.roll_cap {
        if pos.turn().is_none() {
            break;
        }
        let roll = crate::ca_ngua::dice::roll(rules, &mut rng);
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
            let started = Instant::now();
            let mine = pos
                .mover(rules)
                .is_some_and(|m| m == learned || (rules.teams && m.team() == learned.team()));
            let mv = if mine {
                hard::choose_with(&d, judge, config.learned)
            } else {
                hard::choose_with(&d, model, config.classic)
            };
            let took = started.elapsed();
            if mine {
                report.learned_times.push(took);
            } else {
                report.classic_times.push(took);
            }
            Some(mv)
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
