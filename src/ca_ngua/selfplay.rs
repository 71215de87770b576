//! Self-play: many seeded games between computer players, for measurement
//! (speed, game length, bot strength) and for tests.
//!
//! Game `i` is seeded from the run's seed and `i` alone, and the totals are
//! sums over games, so the same seed gives the same result whatever the
//! thread count. Bots rotate through the seats from game to game so that
//! seat order does not bias their results.

use crate::ca_ngua::bots::{Bot, BotRng, Decision, Level};
use crate::ca_ngua::dice;
use crate::ca_ngua::engine::{Dice, Game, Roll, Rules, Seat};
use crate::game::selfplay::{entry_for, median_and_worst_us, mix_seed, split_games, wilson95};
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use std::time::Instant;

/// What to play.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of games.
    pub games: u64,
    /// The rules of every game.
    pub rules: Rules,
    /// The seats that play, in seat order.
    pub seats: Vec<Seat>,
    /// One bot per seat, in `seats` order for game 0; they rotate after.
    pub bots: Vec<Level>,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

/// One bot entry's results.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerReport {
    /// The bot's level name.
    pub bot: String,
    /// Games won (first place).
    pub wins: u64,
    /// Wins divided by games.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson score interval).
    pub win_rate_ci95: [f64; 2],
    /// Median time per decision with two or more legal moves, in µs
    /// (0 for the random player, which is not timed).
    pub median_decision_us: u64,
    /// Worst time per decision, in µs.
    pub max_decision_us: u64,
    /// Decisions timed.
    pub decisions: u64,
}

/// The results of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Mean rolls per game.
    pub mean_rolls: f64,
    /// Games stopped by the safety cap.
    pub capped: u64,
    /// Wins per colour letter (first place), in seat order.
    #[serde(serialize_with = "as_map")]
    pub wins: Vec<(char, u64)>,
    /// Results per bot entry, in `--bots` order.
    pub players: Vec<PlayerReport>,
}

#[derive(Clone, Debug, Default)]
struct Tally {
    rolls: u64,
    capped: u64,
    seat_wins: [u64; 4],
    bot_wins: Vec<u64>,
    times_ns: Vec<Vec<u64>>,
}

impl Tally {
    fn new(bots: usize) -> Tally {
        Tally {
            bot_wins: vec![0; bots],
            times_ns: vec![Vec::new(); bots],
            ..Tally::default()
        }
    }

    fn merge(&mut self, other: Tally) {
        self.rolls += other.rolls;
        self.capped += other.capped;
        for (a, b) in self.seat_wins.iter_mut().zip(other.seat_wins) {
            *a += b;
        }
        for (a, b) in self.bot_wins.iter_mut().zip(other.bot_wins) {
            *a += b;
        }
        for (a, b) in self.times_ns.iter_mut().zip(other.times_ns) {
            a.extend(b);
        }
    }
}

/// Plays a game to its end with one bot per seat (`bots[k]` plays
/// `seats[k]`), rolling with `rng`. `on_decision(k, ns)` hears how long each
/// timed decision took.
pub fn play_out(
    game: &mut Game,
    seats: &[Seat],
    bots: &mut [Bot],
    rng: &mut BotRng,
    mut on_decision: impl FnMut(usize, u64),
) {
    let rules = *game.rules();
    // Which bot plays each seat.
    let mut slot_of = [0usize; 4];
    for (k, s) in seats.iter().enumerate() {
        slot_of[s.index()] = k;
    }
    // The dice's generator as a local, so that it can live in registers
    // through the loop; it is handed back at the end. One loop for each
    // kind of dice, so that each knows the shape of its rolls.
    // A game of random players only (the speed benchmark) gets a loop that
    // never asks which kind of player is to move.
    let mut dice_rng = rng.clone();
    let random_only = bots.iter().all(|b| b.level() == Level::Random);
    match (rules.dice, random_only) {
        (Dice::One, true) => play_rolls::<true>(game, &slot_of, bots, &mut on_decision, || {
            dice::roll_with_bits(Dice::One, &mut dice_rng)
        }),
        (Dice::One, false) => play_rolls::<false>(game, &slot_of, bots, &mut on_decision, || {
            dice::roll_with_bits(Dice::One, &mut dice_rng)
        }),
        (Dice::Two, true) => play_rolls::<true>(game, &slot_of, bots, &mut on_decision, || {
            dice::roll_with_bits(Dice::Two, &mut dice_rng)
        }),
        (Dice::Two, false) => play_rolls::<false>(game, &slot_of, bots, &mut on_decision, || {
            dice::roll_with_bits(Dice::Two, &mut dice_rng)
        }),
    }
    *rng = dice_rng;
}

/// `play_out`'s loop, rolling with `roll_dice` (a roll and 32 random bits
/// for the player's choice); `RANDOM_ONLY` when every player is random.
#[inline(always)]
fn play_rolls<const RANDOM_ONLY: bool>(
    game: &mut Game,
    slot_of: &[usize; 4],
    bots: &mut [Bot],
    on_decision: &mut impl FnMut(usize, u64),
    mut roll_dice: impl FnMut() -> (Roll, u32),
) {
    let rules = *game.rules();
    while let Some(seat) = game.turn() {
        let (roll, bits) = roll_dice();
        let slot = slot_of[seat.index()];
        let Some(bot) = bots.get_mut(slot) else {
            break;
        };
        game.play_roll(roll, |position, moves| {
            if RANDOM_ONLY || bot.level() == Level::Random {
                bot.pick_uniform(moves, bits)
            } else if moves.len() < 2 {
                0
            } else {
                let d = Decision {
                    rules: &rules,
                    position,
                    roll,
                    moves,
                };
                timed_pick(bot, &d, bits, slot, on_decision)
            }
        });
    }
}

/// A real decision of a bot that thinks, timed. Out of line, so that the
/// random player's path through the loop stays small and inlined.
#[inline(never)]
fn timed_pick(
    bot: &mut Bot,
    d: &Decision<'_>,
    bits: u32,
    slot: usize,
    on_decision: &mut impl FnMut(usize, u64),
) -> usize {
    let t = Instant::now();
    let i = bot.pick(d, bits);
    on_decision(slot, t.elapsed().as_nanos() as u64);
    i
}

fn run_games(cfg: &Config, indices: impl Iterator<Item = u64>) -> Tally {
    let n = cfg.seats.len();
    let mut tally = Tally::new(cfg.bots.len());
    let mut bots: Vec<Bot> = Vec::with_capacity(n);
    for index in indices {
        let seed = mix_seed(cfg.seed, index);
        // Seat slot k is played by bot entry entry_for(k, index).
        bots.clear();
        bots.extend((0..n).map(|slot| {
            let entry = entry_for(slot, index, n);
            Bot::new(cfg.bots[entry], mix_seed(seed, 1 + slot as u64))
        }));
        let mut rng = BotRng::seed_from_u64(seed);
        let first = cfg.seats[rng.random_range(0..n)];
        let Ok(mut game) = Game::new(cfg.rules, &cfg.seats, first) else {
            continue; // Config::check rules this out before the run
        };
        play_out(&mut game, &cfg.seats, &mut bots, &mut rng, |slot, ns| {
            tally.times_ns[entry_for(slot, index, n)].push(ns);
        });
        tally.rolls += u64::from(game.rolls());
        if game.is_capped() {
            tally.capped += 1;
        }
        if let Some(w) = game.winner() {
            tally.seat_wins[w.index()] += 1;
            if let Some(slot) = cfg.seats.iter().position(|&s| s == w) {
                tally.bot_wins[entry_for(slot, index, n)] += 1;
            }
        }
    }
    tally
}

fn as_map<S: serde::Serializer>(pairs: &[(char, u64)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

impl Config {
    /// Checks that the run can be played: valid rules, two to four seats
    /// without repeats, one bot per seat.
    pub fn check(&self) -> Result<(), String> {
        self.rules.validate().map_err(|e| format!("rules: {e}"))?;
        let mut seen = [false; 4];
        for s in &self.seats {
            if std::mem::replace(&mut seen[s.index()], true) {
                return Err(format!("players: {} is listed twice", s.name()));
            }
        }
        if !(2..=4).contains(&self.seats.len()) {
            return Err(format!(
                "players: two to four colours play, not {}",
                self.seats.len()
            ));
        }
        if self.bots.len() != self.seats.len() {
            return Err(format!(
                "bots: one bot per player: {} players but {} bots",
                self.seats.len(),
                self.bots.len()
            ));
        }
        Ok(())
    }
}

/// Runs the games on `cfg.threads` threads and sums the results. Call
/// [`Config::check`] first: an unplayable config plays no games.
pub fn run(cfg: &Config) -> Report {
    let threads = cfg.threads.max(1);
    let start = Instant::now();
    let mut total = Tally::new(cfg.bots.len());
    for part in split_games(threads, cfg.games, |games| run_games(cfg, games)) {
        total.merge(part);
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = cfg.games;
    let wins = cfg
        .seats
        .iter()
        .map(|s| (s.letter(), total.seat_wins[s.index()]))
        .collect();
    let players = cfg
        .bots
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let times = std::mem::take(&mut total.times_ns[i]);
            let decisions = times.len() as u64;
            let (median_us, max_us) = median_and_worst_us(times);
            let wins = total.bot_wins.get(i).copied().unwrap_or(0);
            PlayerReport {
                bot: level.name().to_string(),
                wins,
                win_rate: if games > 0 {
                    wins as f64 / games as f64
                } else {
                    0.0
                },
                win_rate_ci95: wilson95(wins, games),
                median_decision_us: median_us,
                max_decision_us: max_us,
                decisions,
            }
        })
        .collect();
    Report {
        games,
        threads,
        seconds,
        games_per_second: if seconds > 0.0 {
            games as f64 / seconds
        } else {
            0.0
        },
        mean_rolls: if games > 0 {
            total.rolls as f64 / games as f64
        } else {
            0.0
        },
        capped: total.capped,
        wins,
        players,
    }
}
