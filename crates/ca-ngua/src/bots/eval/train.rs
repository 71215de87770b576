//! Training by self-play, TD(λ).
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
//! The matches that measure the result are in `strength.rs` (re-exported
//! here).

use super::features::{Features, Layout};
use super::losses::{Loss, count_loss, held_out, held_out_loss, race_model_loss};
use super::{Evaluator, Header};
use crate::bots::hard::{Model, Params, Standing};
use crate::bots::styles::{self, Style};
use crate::bots::{BotRng, Decision, medium};
use crate::engine::{ExitRolls, HomeColumn, Pairs, Position, Roll, Rules, SafeSquares, Seat};
use rand::{RngExt, SeedableRng};

pub use super::strength::{MatchConfig, MatchReport, Score, median_and_worst, play_match};

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
    /// The share of seats played by a member of the population rather
    /// than by the network learning (0: self-play only): the weights it
    /// started from (choosing as it does), Medium and the hand-written
    /// styles, one drawn for the seat from the game's generator.
    pub population: f32,
    /// The inputs to learn from: `None` for the starting weights' (the
    /// shipped layout for fresh ones); a wider layout than the starting
    /// weights' adds its inputs with weights of zero.
    pub layout: Option<Layout>,
    /// The share of games (0 to 1) played at the table that matters most,
    /// the standard rules with four players; the others drawn as
    /// [`draw_game`] draws them (0: every game so).
    pub focus: f32,
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
            population: 0.0,
            layout: None,
            focus: 0.0,
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
    let mut net = starting_net(config, start);
    // The population's past version: the weights training starts from.
    let past = (config.population > 0.0).then(|| net.clone());
    let mut rng = BotRng::seed_from_u64(config.seed);
    let mut curve = Vec::new();
    let mut positions = 0u64;
    let measure = |net: &Evaluator, games: u64| curve_point(config, net, games);
    if config.curve_every > 0 {
        let p = measure(&net, 0);
        report(&Progress::Curve(p));
        curve.push(p);
    }
    let mut memory = Vec::new();
    let mut loss = Loss::default();
    let held = held_out(config.seed ^ 0x5EED, config.held_out_games, net.layout());
    // The race model's figure on them, once: it does not learn.
    let race_model = race_model_loss(&held);
    for game in 0..config.games {
        let fraction = game as f32 / config.games.max(1) as f32;
        let rate = config.rate * (1.0 - 0.75 * fraction);
        let (rules, seats) = draw_focused(&mut rng, config.focus);
        let players = match &past {
            Some(past) => draw_players(&mut rng, &seats, config.population, past),
            None => [Sitter::Learner; 4],
        };
        let mut scratch = Scratch {
            memory: &mut memory,
            loss: &mut loss,
        };
        positions += train_game(
            &mut net,
            &rules,
            (&seats, &players),
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

/// The weights training starts from: seeded fresh ones of the layout
/// asked for (the shipped layout by default), or `start`, widened to the
/// layout asked for when that is wider.
fn starting_net(config: &TrainConfig, start: Option<Evaluator>) -> Evaluator {
    let layout = config.layout.unwrap_or(Layout::Slots);
    match start {
        None => Evaluator::fresh_for(layout, config.seed, Header::default()),
        Some(start) => match config.layout {
            Some(wider) if wider != start.layout() => start.widened(wider).unwrap_or(start),
            _ => start,
        },
    }
}

/// A point of the learning curve: `net` against today's Hard after
/// `games` training games.
fn curve_point(config: &TrainConfig, net: &Evaluator, games: u64) -> CurvePoint {
    let match_config = MatchConfig {
        games: config.curve_games,
        seed: config.seed ^ 0xC0FF_EE00,
        threads: config.threads,
        ..MatchConfig::two_player()
    };
    CurvePoint {
        games,
        score: play_match(&match_config, net).learned,
    }
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

/// A training game's rules and seats: with chance `focus` the standard
/// rules with four players, otherwise [`draw_game`]'s. A `focus` of 0
/// draws nothing more from `rng`, so older commands make the same weights.
pub fn draw_focused(rng: &mut BotRng, focus: f32) -> (Rules, Vec<Seat>) {
    if focus > 0.0 && rng.random_bool(f64::from(focus.min(1.0))) {
        (Rules::standard(), Seat::ALL.to_vec())
    } else {
        draw_game(rng)
    }
}

/// Who plays a seat of a training game.
#[derive(Clone, Copy, Debug)]
enum Sitter<'a> {
    /// The network learning.
    Learner,
    /// Fixed weights choosing as the learner does (the past version).
    Past(&'a Evaluator),
    /// Medium.
    Medium,
    /// A hand-written style.
    Style(Style),
}

/// The players of a game's seats (by seat index): each seat a member of
/// the population with chance `share` (the past version, Medium or a
/// style, alike likely), at least one seat the learner.
fn draw_players<'a>(
    rng: &mut BotRng,
    seats: &[Seat],
    share: f32,
    past: &'a Evaluator,
) -> [Sitter<'a>; 4] {
    let mut players = [Sitter::Learner; 4];
    for s in seats {
        if rng.random_bool(f64::from(share.clamp(0.0, 1.0))) {
            players[s.index()] = match rng.random_range(0..2 + Style::ALL.len()) {
                0 => Sitter::Past(past),
                1 => Sitter::Medium,
                i => Sitter::Style(Style::ALL[i - 2]),
            };
        }
    }
    if seats
        .iter()
        .all(|s| !matches!(players[s.index()], Sitter::Learner))
    {
        let s = seats[rng.random_range(0..seats.len())];
        players[s.index()] = Sitter::Learner;
    }
    players
}

/// What a training game writes into and the run keeps: the positions met
/// (kept to save allocating) and the log-losses.
struct Scratch<'a> {
    memory: &'a mut Vec<Met>,
    loss: &'a mut Loss,
}

/// A position met in a training game: its features and the network's
/// softmax for it when it was met (per seat).
pub(super) struct Met {
    pub(super) features: Features,
    pub(super) value: [f32; 4],
}

/// Plays one training game with every colour choosing by the network, then
/// teaches it every position met. Returns the positions taught.
fn train_game(
    net: &mut Evaluator,
    rules: &Rules,
    (seats, players): (&[Seat], &[Sitter<'_>; 4]),
    rng: &mut BotRng,
    (lambda, rate): (f32, f32),
    scratch: &mut Scratch<'_>,
) -> u64 {
    let memory = &mut *scratch.memory;
    let Some(outcome) = play_out(net, rules, (seats, players), rng, memory) else {
        return 0;
    };
    // A game stopped by the cap ends on the network's own last rating.
    let Some(last) = outcome.or_else(|| memory.last().map(|m| m.value)) else {
        return 0;
    };
    if let Some(won) = outcome {
        count_loss(memory, &won, scratch.loss);
    }
    teach(net, memory, last, (lambda, rate))
}

/// Plays one training game, each colour choosing as its player does (the
/// learner by the network), keeping every position met in `memory`.
/// `None` when the game cannot start; otherwise the win shares if the race
/// settled (`None` inside when the cap stopped it).
fn play_out(
    net: &Evaluator,
    rules: &Rules,
    (seats, players): (&[Seat], &[Sitter<'_>; 4]),
    rng: &mut BotRng,
    memory: &mut Vec<Met>,
) -> Option<Option<[f32; 4]>> {
    memory.clear();
    let model = Model::new(rules, Params::TUNED);
    let first = seats[rng.random_range(0..seats.len())];
    let mut pos = Position::start(seats, first)?;
    let cap = rules.roll_cap.min(5_000);
    let mut outcome = None;
    for _ in 0..cap {
        let Some(seat) = pos.turn() else { break };
        let roll = Roll::die(rng.random_range(1..=6u8));
        let Some((next, standing)) = play_roll(net, &model, &pos, roll, players[seat.index()], rng)
        else {
            break;
        };
        pos = next;
        match standing {
            Standing::Settled(u) => {
                outcome = Some(absolute_target(&u));
                break;
            }
            Standing::Open { turns, running } => {
                let features = Features::new(
                    &pos,
                    rules,
                    &turns,
                    running,
                    model.temperature(),
                    net.layout(),
                );
                let out = net.forward(&features);
                let mut value = [0.0; 4];
                for (k, p) in out.slots().iter().enumerate() {
                    value[features.seat(k)] = *p;
                }
                memory.push(Met { features, value });
            }
        }
    }
    Some(outcome)
}

/// The position after `sitter`, to play `roll` in `pos`, has made its
/// move (or passed), and its standing; `None` when nothing was played.
fn play_roll(
    net: &Evaluator,
    model: &Model,
    pos: &Position,
    roll: Roll,
    sitter: Sitter<'_>,
    rng: &mut BotRng,
) -> Option<(Position, Standing)> {
    let rules = model.rules();
    let seat = pos.turn()?;
    let moves = pos.legal_moves(rules, roll);
    let mut best: Option<(Position, Standing, f32)> = None;
    let chooser = match sitter {
        Sitter::Learner => Some(net),
        Sitter::Past(past) => Some(past),
        _ => None,
    };
    if moves.is_empty() {
        let mut next = *pos;
        next.play_unchecked(rules, roll, None);
        best = Some((next, model.standing(&next, 0), 0.0));
    } else if let Some(chooser) = chooser {
        for mv in moves.iter() {
            let mut next = *pos;
            next.play_unchecked(rules, roll, Some(mv));
            let standing = model.standing(&next, 0);
            let v = value_for(chooser, model, &next, &standing, seat);
            if best.as_ref().is_none_or(|b| v > b.2) {
                best = Some((next, standing, v));
            }
        }
    } else {
        let d = Decision {
            rules,
            position: pos,
            roll,
            moves: &moves,
        };
        let mv = match sitter {
            Sitter::Style(style) => styles::choose(style, &d, rng),
            _ => medium::choose(&d, rng),
        };
        let mut next = *pos;
        next.play_unchecked(rules, roll, Some(mv));
        best = Some((next, model.standing(&next, 0), 0.0));
    }
    best.map(|(next, standing, _)| (next, standing))
}

/// Teaches the network every position of `memory` its λ-return, from the
/// end back. Returns the positions taught.
fn teach(net: &mut Evaluator, memory: &[Met], last: [f32; 4], (lambda, rate): (f32, f32)) -> u64 {
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
            let f = Features::new(
                pos,
                model.rules(),
                &turns,
                running,
                model.temperature(),
                net.layout(),
            );
            let u = net.forward(&f).chances(&f, model.rules());
            u[seat.index()]
        }
    }
}
