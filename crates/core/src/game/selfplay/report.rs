//! What a self-play run adds up (per thread, then merged) and the report
//! made of it: per-seat wins, per-bot wins with Wilson intervals, mean
//! places where the game ranks past the winner, decision times, caps.

use super::{Config, SelfPlay, median_and_worst_us, wilson95};
use crate::game::SeatId;
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};
use std::marker::PhantomData;

/// The sums of some games (one thread's, then the run's).
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    /// Game lengths added up.
    pub(super) length: u64,
    /// Games stopped by the cap.
    pub(super) capped: u64,
    /// First places, per seat number.
    pub(super) seat_wins: Vec<u64>,
    /// First places, per bot entry.
    pub(super) bot_wins: Vec<u64>,
    /// Places added up, per bot entry.
    pub(super) bot_places: Vec<u64>,
    /// Timed decisions in nanoseconds, per bot entry.
    pub(super) times_ns: Vec<Vec<u64>>,
}

impl Tally {
    pub(super) fn new(seats: usize, bots: usize) -> Tally {
        Tally {
            seat_wins: vec![0; seats],
            bot_wins: vec![0; bots],
            bot_places: vec![0; bots],
            times_ns: vec![Vec::new(); bots],
            ..Tally::default()
        }
    }

    pub(super) fn merge(&mut self, other: Tally) {
        self.length += other.length;
        self.capped += other.capped;
        for (a, b) in self.seat_wins.iter_mut().zip(other.seat_wins) {
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
    /// Mean place (1 is best; a capped game counts its shared place), for
    /// games that rank past the winner ([`SelfPlay::PLACES`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_place: Option<f64>,
    /// Median time per decision with two or more legal moves, in µs
    /// (0 for the random player, which is not timed).
    pub median_decision_us: u64,
    /// Worst time per decision, in µs.
    pub max_decision_us: u64,
    /// Decisions timed.
    pub decisions: u64,
}

/// The results of a run. As JSON, the mean length is named after what the
/// game counts ([`SelfPlay::LENGTH_FIELD`]) and `wins` maps seat codes to
/// wins.
#[derive(Clone, Debug)]
pub struct Report<G: SelfPlay> {
    /// Games played.
    pub games: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Mean length of a game (rolls, moves).
    pub mean_length: f64,
    /// Games stopped by the safety cap.
    pub capped: u64,
    /// Wins per seat (first place), in seat order.
    pub wins: Vec<(G::Seat, u64)>,
    /// Results per bot entry, in `--bots` order.
    pub players: Vec<PlayerReport>,
    game: PhantomData<G>,
}

impl<G: SelfPlay> Report<G> {
    pub(super) fn new(cfg: &Config<G>, threads: usize, seconds: f64, mut total: Tally) -> Self {
        let games = cfg.games;
        let per_game = |x: u64| {
            if games > 0 {
                x as f64 / games as f64
            } else {
                0.0
            }
        };
        let wins = cfg
            .seats
            .iter()
            .map(|&s| (s, total.seat_wins.get(s.index()).copied().unwrap_or(0)))
            .collect();
        let players = cfg
            .bots
            .iter()
            .enumerate()
            .map(|(i, level)| {
                let times = total.times_ns.get_mut(i).map(std::mem::take);
                let times = times.unwrap_or_default();
                let decisions = times.len() as u64;
                let (median_us, max_us) = median_and_worst_us(times);
                let wins = total.bot_wins.get(i).copied().unwrap_or(0);
                PlayerReport {
                    bot: level.name().to_string(),
                    wins,
                    win_rate: per_game(wins),
                    win_rate_ci95: wilson95(wins, games),
                    mean_place: G::PLACES
                        .then(|| per_game(total.bot_places.get(i).copied().unwrap_or(0))),
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
            mean_length: per_game(total.length),
            capped: total.capped,
            wins,
            players,
            game: PhantomData,
        }
    }
}

/// `wins` as a map from seat codes to counts, in seat order.
struct WinsByCode<'a, S>(&'a [(S, u64)]);

impl<S: SeatId> Serialize for WinsByCode<'_, S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (seat, wins) in self.0 {
            map.serialize_entry(&seat.code(), wins)?;
        }
        map.end()
    }
}

impl<G: SelfPlay> Serialize for Report<G> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        let mut r = s.serialize_struct("Report", 8)?;
        r.serialize_field("games", &self.games)?;
        r.serialize_field("threads", &self.threads)?;
        r.serialize_field("seconds", &self.seconds)?;
        r.serialize_field("games_per_second", &self.games_per_second)?;
        r.serialize_field(G::LENGTH_FIELD, &self.mean_length)?;
        r.serialize_field("capped", &self.capped)?;
        r.serialize_field("wins", &WinsByCode(&self.wins))?;
        r.serialize_field("players", &self.players)?;
        r.end()
    }
}
