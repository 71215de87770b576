//! Self-play for Cờ nhảy: seeded games between computer players, for
//! measurement (strength, game length, decision times) and for tests. The
//! same shape as Cờ Cá Ngựa's (`crate::ca_ngua::selfplay`): game `i` is seeded from
//! the run's seed and `i` alone and totals are sums over games, so the same
//! seed gives the same result whatever the thread count; bots rotate
//! through the seats from game to game.

use super::bots::{Bot, Budget, Decision, Level, Style};
use super::engine::{ARMS, Arm, Game, Move, Players, Rules};
use crate::game::selfplay::{entry_for, median_and_worst_us, mix_seed, split_games, wilson95};
use serde::Serialize;
use std::time::Instant;

/// What to play.
#[derive(Clone, Debug)]
pub struct Config {
    /// Number of games.
    pub games: u64,
    /// The rules of every game.
    pub rules: Rules,
    /// The seating.
    pub players: Players,
    /// One bot per player, in arm order for game 0; they rotate after.
    pub bots: Vec<Level>,
    /// Hard's budget.
    pub budget: Budget,
    /// Hard's style (tuning runs vary it).
    pub style: Style,
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
    /// Games won (first to finish).
    pub wins: u64,
    /// Wins divided by games.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson score interval).
    pub win_rate_ci95: [f64; 2],
    /// Mean place (1 is best; a capped game counts its shared place).
    pub mean_place: f64,
    /// Median time per decision with two or more legal moves, in µs (0
    /// for the random player, which is not timed).
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
    /// Mean moves per game (passes included, every player's).
    pub mean_moves: f64,
    /// Games stopped by the move cap.
    pub capped: u64,
    /// Wins per arm (first to finish), in arm order.
    #[serde(serialize_with = "as_map")]
    pub wins: Vec<(u8, u64)>,
    /// Results per bot entry, in `--bots` order.
    pub players: Vec<PlayerReport>,
}

#[derive(Clone, Debug, Default)]
struct Tally {
    moves: u64,
    capped: u64,
    arm_wins: [u64; ARMS],
    bot_wins: Vec<u64>,
    bot_places: Vec<u64>,
    times_ns: Vec<Vec<u64>>,
}

impl Tally {
    fn new(bots: usize) -> Tally {
        Tally {
            bot_wins: vec![0; bots],
            bot_places: vec![0; bots],
            times_ns: vec![Vec::new(); bots],
            ..Tally::default()
        }
    }

    fn merge(&mut self, other: Tally) {
        self.moves += other.moves;
        self.capped += other.capped;
        for (a, b) in self.arm_wins.iter_mut().zip(other.arm_wins) {
            *a += b;
        }
        for (a, b) in self.bot_wins.iter_mut().zip(other.bot_wins) {
            *a += b;
        }
        for (a, b) in self.bot_places.iter_mut().zip(other.bot_places) {
            *a += b;
        }
        for (a, b) in self.times_ns.iter_mut().zip(other.times_ns) {
            a.extend(b);
        }
    }
}

/// Plays `game` to its end with one bot per arm in play (`bots[k]` plays
/// the `k`-th arm in play). `on_decision(k, ns)` hears how long each timed
/// decision took.
pub fn play_out(game: &mut Game, bots: &mut [Bot], mut on_decision: impl FnMut(usize, u64)) {
    let rules = *game.rules();
    let arms: Vec<Arm> = game.players().arms().collect();
    while let Some(arm) = game.turn() {
        let Some(slot) = arms.iter().position(|&a| a == arm) else {
            break;
        };
        let Some(bot) = bots.get_mut(slot) else {
            break;
        };
        let moves = game.legal_moves();
        let position = *game.position();
        let d = Decision {
            rules: &rules,
            position: &position,
            moves: &moves,
        };
        let mv = if moves.len() < 2 || bot.level() == Level::Random {
            bot.choose(&d)
        } else {
            let t = Instant::now();
            let mv = bot.choose(&d);
            on_decision(slot, t.elapsed().as_nanos() as u64);
            mv
        };
        // The bots choose from the list; pass exactly when it is empty.
        let mv = if moves.contains(mv) {
            mv
        } else {
            moves.first().unwrap_or(Move::PASS)
        };
        game.play_unchecked(mv);
    }
}

fn run_games(cfg: &Config, indices: impl Iterator<Item = u64>) -> Tally {
    let n = cfg.players.count();
    let mut tally = Tally::new(cfg.bots.len());
    for index in indices {
        let seed = mix_seed(cfg.seed, index);
        let mut bots: Vec<Bot> = (0..n)
            .map(|slot| {
                let entry = entry_for(slot, index, n);
                Bot::with_style(
                    cfg.bots[entry],
                    mix_seed(seed, 1 + slot as u64),
                    cfg.budget,
                    cfg.style,
                )
            })
            .collect();
        let mut game = Game::new(cfg.rules, cfg.players);
        play_out(&mut game, &mut bots, |slot, ns| {
            tally.times_ns[entry_for(slot, index, n)].push(ns);
        });
        tally.moves += u64::from(game.moves_played());
        if game.is_capped() {
            tally.capped += 1;
        }
        let outcome = game.standings();
        if let Some(w) = outcome.winner() {
            tally.arm_wins[w.index()] += 1;
        }
        for (slot, arm) in cfg.players.arms().enumerate() {
            let entry = entry_for(slot, index, n);
            if outcome.winner() == Some(arm) {
                tally.bot_wins[entry] += 1;
            }
            tally.bot_places[entry] += u64::from(outcome.places[arm.index()].unwrap_or(0));
        }
    }
    tally
}

fn as_map<S: serde::Serializer>(pairs: &[(u8, u64)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(&k.to_string(), v)?;
    }
    map.end()
}

impl Config {
    /// Checks that the run can be played: one bot per player.
    pub fn check(&self) -> Result<(), String> {
        if self.bots.len() != self.players.count() {
            return Err(format!(
                "bots: one bot per player: {} players but {} bots",
                self.players.count(),
                self.bots.len()
            ));
        }
        if self.budget.nodes == 0 {
            return Err("budget: Hard needs at least one position to look at".to_string());
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
    if cfg.check().is_ok() {
        for part in split_games(threads, cfg.games, |games| run_games(cfg, games)) {
            total.merge(part);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = cfg.games;
    let per_game = |x: u64| {
        if games > 0 {
            x as f64 / games as f64
        } else {
            0.0
        }
    };
    let wins = cfg
        .players
        .arms()
        .map(|a| (a.number(), total.arm_wins[a.index()]))
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
                win_rate: per_game(wins),
                win_rate_ci95: wilson95(wins, games),
                mean_place: per_game(total.bot_places.get(i).copied().unwrap_or(0)),
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
        mean_moves: per_game(total.moves),
        capped: total.capped,
        wins,
        players,
    }
}
