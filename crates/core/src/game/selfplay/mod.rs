//! Self-play and tournaments, written once for every game: many seeded
//! games between computer players, for measurement (speed, game length,
//! bot strength, decision times) and for tests.
//!
//! The harness ([`run`]) seeds each game, seats the bots, splits the games
//! over threads and sums what they tell into a [`Report`]. Each game brings
//! only its hot loop ([`SelfPlay::play_game`]: one game to its end with its
//! own bots, concrete and fast) in its own folder.
//!
//! Game `i` is seeded from the run's seed and `i` alone ([`mix_seed`]), and
//! the totals are sums over games, so the same seed gives the same result
//! whatever the thread count. Bots rotate through the seats from game to
//! game ([`entry_for`]) so that seat order does not bias their results.

mod report;

pub use super::wilson::wilson95;
pub use report::{PlayerReport, Report};

use super::{Game, Level, SeatId};
use report::Tally;
use std::fmt::Debug;
use std::iter::StepBy;
use std::ops::Range;
use std::time::Instant;

/// The most seats any game has (Cờ nhảy's six arms).
pub const MAX_SEATS: usize = 6;

/// A game's side of self-play: its bots and the loop that plays one game
/// to its end, concrete and fast. Everything around it is [`run`]'s.
pub trait SelfPlay: Game {
    /// A computer player of the game, one per seat for a whole game.
    type Bot: Send;
    /// What the run sets for every bot besides its level (a search's
    /// budget and style, for the games whose bots have them).
    /// (The default is what analysis rollouts use.)
    type Tuning: Clone + Debug + Default + Send + Sync;
    /// The report's name for the mean length of a game (`mean_rolls`,
    /// `mean_moves`): what a game's length counts.
    const LENGTH_FIELD: &'static str;
    /// True when players are ranked past the winner, so that the report
    /// gives each bot's mean place.
    const PLACES: bool;

    /// A bot of `level` whose choices are fixed by `seed`.
    fn bot(level: Level, seed: u64, tuning: &Self::Tuning) -> Self::Bot;

    /// A bot of `level` for an analysis's rollouts, which play hundreds of
    /// games a move: [`SelfPlay::bot`] unless the game has a quicker
    /// player of the same mind (Cờ Cá Ngựa's Hard without its look-ahead).
    fn rollout_bot(level: Level, seed: u64, tuning: &Self::Tuning) -> Self::Bot {
        Self::bot(level, seed, tuning)
    }

    /// What the game refuses in a run's seats and tuning besides their
    /// number of bots (checked first, then the bots, then
    /// [`SelfPlay::check_tuning`]).
    fn check_seats(rules: &Self::Rules, seats: &[Self::Seat]) -> Result<(), SetupError>;

    /// What the game refuses in a run's tuning.
    fn check_tuning(tuning: &Self::Tuning) -> Result<(), SetupError> {
        let _ = tuning;
        Ok(())
    }

    /// Plays the game seeded `seed` to its end, `bots[k]` playing
    /// `seats[k]` (seats as [`SelfPlay::check_seats`] accepts them).
    /// `on_decision(k, ns)` hears how long each timed decision of
    /// `bots[k]` took (decisions between two or more moves, bots that
    /// think). `None` when the game cannot start.
    /// `on_seen` hears where the game began and every turn played, for a
    /// run that keeps its games ([`run_keeping`]); a run that does not
    /// passes a closure that does nothing, which the loop inlines away.
    fn play_game(
        rules: &Self::Rules,
        seats: &[Self::Seat],
        bots: &mut [Self::Bot],
        seed: u64,
        on_decision: &mut impl FnMut(usize, u64),
        on_seen: &mut impl FnMut(Seen<Self>),
    ) -> Option<Finish<Self::Seat>>;

    /// Plays the game in `state` on, `bots[k]` playing `seats[k]` (the
    /// seats in play, [`Game::seats`]), any dice rolled by a generator
    /// seeded `seed`, until first place is settled (the game ends, or
    /// under play-on rules someone takes first place) or `max_plies` rolls
    /// (moves, in a game without dice) have been played: a rollout of game
    /// analysis (`ca_ngua_data::record::analysis`), which scores first place
    /// only, and a game stopped by the cap by its places as they stand.
    fn play_on(
        state: &mut Self::State,
        seats: &[Self::Seat],
        bots: &mut [Self::Bot],
        seed: u64,
        max_plies: u32,
    );

    /// The game's own rating of one decision, for game analysis
    /// (`ca_ngua_data::record::analysis`) in place of rollouts: for each of
    /// `options` (the legal moves of the player to move in `state` with
    /// `roll`, `None` the pass), in their order, the win chance of every
    /// seat of `seats` after it (each seat's share of first place, as the
    /// analysis counts it, in `seats` order). It must be deterministic:
    /// the same question, the same figures. `None` (the default): the
    /// game has no such rating, and the analysis rolls the moves out.
    /// Cờ nhảy rates by Hard's search; Cờ Cá Ngựa by its learned
    /// evaluator with one roll of look-ahead (where it covers the rules).
    fn rate_moves(
        rules: &Self::Rules,
        state: &Self::State,
        roll: Option<Self::Roll>,
        options: &[Option<Self::Move>],
        seats: &[Self::Seat],
    ) -> Option<Vec<Vec<f64>>> {
        let _ = (rules, state, roll, options, seats);
        None
    }
}

/// What a self-played game did, as it went: for those who keep the game
/// (a record of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen<G: Game> {
    /// The game began from this position.
    Start(G::Setup),
    /// A seat played a turn: its roll (in a game with dice) and its move
    /// (`None`: a pass).
    Turn {
        /// Who played.
        seat: G::Seat,
        /// The roll.
        roll: Option<G::Roll>,
        /// The move; `None` is a pass.
        mv: Option<G::Move>,
    },
}

/// One self-played game as it was played, kept by [`run_keeping`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame<G: Game> {
    /// The game's number in the run, from 0.
    pub index: u64,
    /// Who played each seat, in the run's seat order.
    pub players: Vec<(G::Seat, Level)>,
    /// Where it began and every turn, in order.
    pub seen: Vec<Seen<G>>,
}

/// How one self-played game ended, as the totals count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish<S> {
    /// The game's length (rolls, moves: [`SelfPlay::LENGTH_FIELD`]).
    pub length: u64,
    /// True when a safety cap stopped the game.
    pub capped: bool,
    /// First place, if anyone took it.
    pub winner: Option<S>,
    /// Who shared first place with the winner (Cờ Cá Ngựa's teams win
    /// together); counted as a win of its own.
    pub partner: Option<S>,
    /// The place of each seat slot (1 is best, 0 for none), in the order of
    /// the run's seats; only read where [`SelfPlay::PLACES`].
    pub places: [u8; MAX_SEATS],
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Config<G: SelfPlay> {
    /// Number of games.
    pub games: u64,
    /// The rules of every game.
    pub rules: G::Rules,
    /// The seats that play, in turn order.
    pub seats: Vec<G::Seat>,
    /// One bot per seat, in `seats` order for game 0; they rotate after.
    pub bots: Vec<Level>,
    /// What every bot is set to besides its level.
    pub tuning: G::Tuning,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

impl<G: SelfPlay> Config<G> {
    /// Checks that the run can be played: the game's word on the seats,
    /// one bot per seat, then the game's word on the tuning.
    pub fn check(&self) -> Result<(), SetupError> {
        G::check_seats(&self.rules, &self.seats)?;
        if self.seats.len() > MAX_SEATS {
            return Err(SetupError::Players(format!("at most {MAX_SEATS} play")));
        }
        if self.bots.len() != self.seats.len() {
            return Err(SetupError::Bots {
                players: self.seats.len(),
                bots: self.bots.len(),
            });
        }
        G::check_tuning(&self.tuning)
    }
}

/// Why a self-play run cannot be played: the part of it at fault, with
/// what is wrong in a player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The rules cannot be played (the game's own words).
    Rules(String),
    /// The players: who sits where, and how many.
    Players(String),
    /// Not one bot per player.
    Bots {
        /// How many play.
        players: usize,
        /// How many bots were named.
        bots: usize,
    },
    /// What the bots are set to besides their level: the setting
    /// (`budget`) and what is wrong with it.
    Tuning {
        /// The setting, as the command line names it.
        setting: &'static str,
        /// What is wrong.
        why: String,
    },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Rules(why) => write!(f, "rules: {why}"),
            SetupError::Players(why) => write!(f, "players: {why}"),
            SetupError::Bots { players, bots } => write!(
                f,
                "bots: one bot per player: {players} players but {bots} bots"
            ),
            SetupError::Tuning { setting, why } => write!(f, "{setting}: {why}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Runs the games on `cfg.threads` threads and sums the results. Call
/// [`Config::check`] first: an unplayable config plays no games.
pub fn run<G: SelfPlay>(cfg: &Config<G>) -> Report<G> {
    run_with::<G, false>(cfg, &|_| {})
}

/// As [`run`], and hands every game, as it was played, to `keep` (on the
/// thread that played it) as soon as it ends: the same games as [`run`]
/// plays with the same config.
pub fn run_keeping<G: SelfPlay>(cfg: &Config<G>, keep: &(dyn Fn(KeptGame<G>) + Sync)) -> Report<G> {
    run_with::<G, true>(cfg, keep)
}

fn run_with<G: SelfPlay, const KEEP: bool>(
    cfg: &Config<G>,
    keep: &(dyn Fn(KeptGame<G>) + Sync),
) -> Report<G> {
    let threads = cfg.threads.max(1);
    let start = Instant::now();
    let mut total = Tally::new(G::SEATS, cfg.bots.len());
    if cfg.check().is_ok() {
        for part in split_games(threads, cfg.games, |games| {
            run_games::<G, KEEP>(cfg, games, keep)
        }) {
            total.merge(part);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    Report::new(cfg, threads, seconds, total)
}

/// Plays the games `indices` on this thread and sums them; with `KEEP`,
/// hands each game to `keep` (without, nothing of it is compiled into the
/// loop).
fn run_games<G: SelfPlay, const KEEP: bool>(
    cfg: &Config<G>,
    indices: impl Iterator<Item = u64>,
    keep: &(dyn Fn(KeptGame<G>) + Sync),
) -> Tally {
    let n = cfg.seats.len();
    let mut tally = Tally::new(G::SEATS, cfg.bots.len());
    let mut bots: Vec<G::Bot> = Vec::with_capacity(n);
    for index in indices {
        let seed = mix_seed(cfg.seed, index);
        // Seat slot k is played by bot entry entry_for(k, index).
        bots.clear();
        bots.extend((0..n).map(|slot| {
            let entry = entry_for(slot, index, n);
            G::bot(
                cfg.bots[entry],
                mix_seed(seed, 1 + slot as u64),
                &cfg.tuning,
            )
        }));
        let times = &mut tally.times_ns;
        let mut seen = Vec::new();
        let Some(finish) = G::play_game(
            &cfg.rules,
            &cfg.seats,
            &mut bots,
            seed,
            &mut |slot, ns| {
                times[entry_for(slot, index, n)].push(ns);
            },
            &mut |s| {
                if KEEP {
                    seen.push(s);
                }
            },
        ) else {
            continue; // Config::check rules this out before the run
        };
        if KEEP {
            let players = (0..n)
                .map(|slot| (cfg.seats[slot], cfg.bots[entry_for(slot, index, n)]))
                .collect();
            keep(KeptGame {
                index,
                players,
                seen: std::mem::take(&mut seen),
            });
        }
        tally.length += finish.length;
        if finish.capped {
            tally.capped += 1;
        }
        for w in [finish.winner, finish.partner].into_iter().flatten() {
            tally.seat_wins[w.index()] += 1;
            if let Some(slot) = cfg.seats.iter().position(|&s| s == w) {
                tally.bot_wins[entry_for(slot, index, n)] += 1;
            }
        }
        if G::PLACES {
            for (slot, place) in finish.places.iter().take(n).enumerate() {
                tally.bot_places[entry_for(slot, index, n)] += u64::from(*place);
            }
        }
    }
    tally
}

/// SplitMix64: turns (seed, index) into well-spread per-game seeds.
pub fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Which bot entry sits in seat slot `slot` in game `index` (the `n`
/// entries rotate through the seats from game to game).
pub fn entry_for(slot: usize, index: u64, n: usize) -> usize {
    (slot + n - (index % n as u64) as usize) % n
}

/// Plays games `0..games` on `threads` threads, game `i` on thread
/// `i % threads`, each thread summing its games with `play`; the sums come
/// back in thread order. Self-play of either game splits its runs so.
pub fn split_games<T: Default + Send>(
    threads: usize,
    games: u64,
    play: impl Fn(StepBy<Range<u64>>) -> T + Sync,
) -> Vec<T> {
    let threads = threads.max(1);
    if threads == 1 {
        return vec![play((0..games).step_by(1))];
    }
    let play = &play;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| scope.spawn(move || play((t..games).step_by(threads))))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    tracing::error!("a self-play thread panicked: its games are left out");
                    T::default()
                })
            })
            .collect()
    })
}

/// The median and the worst of decision times in nanoseconds, in
/// microseconds (0 when there are none).
pub fn median_and_worst_us(mut times_ns: Vec<u64>) -> (u64, u64) {
    times_ns.sort_unstable();
    let median = times_ns.get(times_ns.len() / 2).copied().unwrap_or(0);
    let worst = times_ns.last().copied().unwrap_or(0);
    (median / 1000, worst / 1000)
}
