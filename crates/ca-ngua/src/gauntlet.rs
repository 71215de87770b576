//! A gauntlet (issue 57): one player against copies of another, seats
//! rotated, a seeded run of games, the share it wins with its 95% Wilson
//! interval and its decision times. The players are the levels, Hard as
//! shipped before issue 57 (`hard-v1`), the hand-made Hard without the
//! learned evaluator (`hard-classic`) and the hand-written styles
//! (`bots::styles`).
//!
//! Game `g` rolls with a generator seeded from the run's seed and `g`
//! alone, and seats the player on trial in seat `g mod players`; every
//! bot's seed comes from the same two numbers. Games are shared between
//! threads and summed in order, so a run gives the same figures with any
//! number of threads, on every system.

use crate::bots::eval::Evaluator;
use crate::bots::styles::{self, Style};
use crate::bots::{Bot, BotRng, Budget, Decision, Level};
use crate::dice;
use crate::engine::{Game, Rules, Seat, check_players};
use rand::{RngExt, SeedableRng};
use std::time::Instant;

/// Someone who can sit at the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level as the app plays it (Hard: today's).
    Level(Level),
    /// Hard as shipped before issue 57: the learned evaluator, 3,000
    /// leaves, two rolls ahead.
    HardV1,
    /// Hard with the hand-made race model only (20,000 leaves).
    HardClassic,
    /// Hard with the learned evaluator at another budget
    /// (`hard:NODES:DEPTH`), for experiments.
    HardAt(Budget),
    /// A hand-written style.
    Style(Style),
}

impl Player {
    /// Every name `parse` knows.
    pub fn names() -> Vec<&'static str> {
        let mut v = vec![
            "random",
            "easy",
            "medium",
            "hard",
            "hard-v1",
            "hard-classic",
        ];
        v.extend(Style::ALL.iter().map(|s| s.name()));
        v
    }

    /// The player named `name`, or an error listing the names.
    pub fn parse(name: &str) -> Result<Player, String> {
        let name = name.trim();
        match name {
            "hard-v1" => Ok(Player::HardV1),
            "hard-classic" => Ok(Player::HardClassic),
            _ if name.starts_with("hard:") => parse_budget(name).map(Player::HardAt),
            _ => match Style::from_name(name) {
                Some(s) => Ok(Player::Style(s)),
                None => name.parse::<Level>().map(Player::Level).map_err(|_| {
                    format!(
                        "unknown player '{name}' (use one of {})",
                        Player::names().join(", ")
                    )
                }),
            },
        }
    }

    /// The player's name.
    pub fn name(self) -> &'static str {
        match self {
            Player::Level(Level::Random) => "random",
            Player::Level(Level::Easy) => "easy",
            Player::Level(Level::Medium) => "medium",
            Player::Level(Level::Hard) => "hard",
            Player::HardV1 => "hard-v1",
            Player::HardClassic => "hard-classic",
            Player::HardAt(_) => "hard:budget",
            Player::Style(s) => s.name(),
        }
    }

    fn seat(self, seed: u64, net: Option<&'static Evaluator>) -> Sitter {
        match (self, net) {
            (Player::Level(Level::Hard), Some(net)) => {
                return Sitter::Bot(Bot::with_evaluator(
                    Level::Hard,
                    seed,
                    Budget::DEFAULT,
                    Some(net),
                ));
            }
            (Player::HardAt(b), Some(net)) => {
                return Sitter::Bot(Bot::with_evaluator(Level::Hard, seed, b, Some(net)));
            }
            _ => {}
        }
        match self {
            Player::Level(level) => Sitter::Bot(Bot::new(level, seed)),
            Player::HardV1 => Sitter::Bot(Bot::hard_v1(seed)),
            Player::HardClassic => Sitter::Bot(Bot::classic(Level::Hard, seed)),
            Player::HardAt(b) => Sitter::Bot(Bot::with_budget(Level::Hard, seed, b)),
            Player::Style(s) => Sitter::Style(s, BotRng::seed_from_u64(seed)),
        }
    }
}

/// `hard:NODES:DEPTH`'s budget.
fn parse_budget(name: &str) -> Result<Budget, String> {
    let bad = || format!("'{name}': write hard:NODES:DEPTH[:BEAM], e.g. hard:30000:3:2");
    let mut parts = name.split(':').skip(1);
    let nodes = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
    let max_depth = parts.next().and_then(|d| d.parse().ok()).ok_or_else(bad)?;
    let beam = match parts.next() {
        None => 0,
        Some(b) => b.parse().map_err(|_| bad())?,
    };
    if parts.next().is_some() || nodes == 0 || max_depth > 6 {
        return Err(bad());
    }
    Ok(Budget {
        nodes,
        max_depth,
        beam,
    })
}

/// A player at the table for one game.
#[derive(Clone)]
enum Sitter {
    Bot(Bot),
    Style(Style, BotRng),
}

impl Sitter {
    fn pick(&mut self, d: &Decision<'_>, bits: u32) -> usize {
        match self {
            Sitter::Bot(b) => b.pick(d, bits),
            Sitter::Style(s, rng) => {
                let m = styles::choose(*s, d, rng);
                d.moves.iter().position(|x| x == m).unwrap_or(0)
            }
        }
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Config {
    /// The player on trial.
    pub hero: Player,
    /// The player it faces, one copy in every other seat.
    pub rival: Player,
    /// The rules.
    pub rules: Rules,
    /// Players at the table, 2 to 4.
    pub players: usize,
    /// Games.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (the figures do not depend on them).
    pub threads: usize,
    /// Times each decision of the player on trial this many times (at
    /// least once) and keeps the quickest: on a busy machine the quickest
    /// of three is close to the decision's own computing, without the
    /// waits for a core. The moves played do not change.
    pub timings: u32,
    /// Weights for the player on trial's learned evaluator in place of
    /// the shipped ones (its Hard or `hard:NODES:DEPTH`), for trying
    /// freshly trained weights against the shipped ones.
    pub hero_net: Option<&'static Evaluator>,
}

impl Config {
    /// An error when the rules or the table cannot be played.
    pub fn check(&self) -> Result<(), String> {
        self.rules.validate().map_err(|e| format!("rules: {e}"))?;
        if !(2..=4).contains(&self.players) {
            return Err(format!("players: 2 to 4, not {}", self.players));
        }
        check_players(&self.rules, self.players).map_err(|e| format!("players: {e}"))?;
        if self.threads == 0 || self.threads > 256 {
            return Err("threads: 1 to 256".into());
        }
        Ok(())
    }

    /// The colours at the table: opposite ones for two players.
    fn seats(&self) -> &'static [Seat] {
        match self.players {
            2 => &[Seat::Red, Seat::Yellow],
            3 => &[Seat::Red, Seat::Green, Seat::Yellow],
            _ => &Seat::ALL,
        }
    }
}

/// What a gauntlet measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Games the player on trial won (a team's win counts for both).
    pub wins: u64,
    /// Games stopped by the roll cap.
    pub capped: u64,
    /// The trial player's decisions with two moves or more, in
    /// nanoseconds, sorted (wall-clock: not part of the seeded figures).
    pub times: Vec<u64>,
}

impl Report {
    /// The share won.
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    /// The 95% Wilson interval of the share won.
    pub fn interval(&self) -> [f64; 2] {
        ca_ngua_core::game::wilson::wilson95(self.wins, self.games)
    }

    /// The median and the worst decision, in nanoseconds (0 for none).
    pub fn median_and_worst(&self) -> (u64, u64) {
        let n = self.times.len();
        if n == 0 {
            return (0, 0);
        }
        (self.times[n / 2], self.times[n - 1])
    }
}

/// A number mixed from two (SplitMix64's finaliser): game seeds that share
/// nothing.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `g`: whether the trial player won, whether the cap stopped
/// it, and its decision times appended to `times`.
fn play_one(cfg: &Config, g: u64, times: &mut Vec<u64>) -> (bool, bool) {
    let seats = cfg.seats();
    let n = seats.len();
    let hero = (g % n as u64) as usize;
    let seed = mix(cfg.seed, g);
    let mut sitters: Vec<Sitter> = (0..n)
        .map(|k| {
            if k == hero {
                cfg.hero.seat(mix(seed, k as u64 + 1), cfg.hero_net)
            } else {
                cfg.rival.seat(mix(seed, k as u64 + 1), None)
            }
        })
        .collect();
    let mut rng = BotRng::seed_from_u64(seed);
    let first = seats[rng.random_range(0..n)];
    let Ok(mut game) = Game::new(cfg.rules, seats, first) else {
        return (false, false);
    };
    let rules = cfg.rules;
    while let Some(seat) = game.turn() {
        let (roll, bits) = dice::roll_with_bits(rules.dice, &mut rng);
        let k = seats.iter().position(|&s| s == seat).unwrap_or(0);
        let sitter = &mut sitters[k];
        game.play_roll(roll, |position, moves| {
            if moves.len() < 2 {
                return 0;
            }
            let d = Decision {
                rules: &rules,
                position,
                roll,
                moves,
            };
            if k != hero {
                return sitter.pick(&d, bits);
            }
            let mut quickest = u64::MAX;
            for _ in 1..cfg.timings {
                let mut twin = sitter.clone();
                let t = Instant::now();
                twin.pick(&d, bits);
                quickest = quickest.min(t.elapsed().as_nanos() as u64);
            }
            let t = Instant::now();
            let i = sitter.pick(&d, bits);
            times.push(quickest.min(t.elapsed().as_nanos() as u64));
            i
        });
    }
    let (winner, partner) = game.winners();
    let me = seats[hero];
    let won = winner == Some(me) || partner == Some(me);
    (won, game.is_capped())
}

/// Runs the gauntlet; `progress(done)` hears each thread's games as they
/// end (in no fixed order).
pub fn run(cfg: &Config, progress: &(dyn Fn(u64) + Sync)) -> Report {
    let threads = cfg.threads.clamp(1, 256) as u64;
    let parts: Vec<Report> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut r = Report::default();
                    let mut g = t;
                    while g < cfg.games {
                        let (won, capped) = play_one(cfg, g, &mut r.times);
                        r.games += 1;
                        r.wins += u64::from(won);
                        r.capped += u64::from(capped);
                        progress(r.games);
                        g += threads;
                    }
                    r
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut total = Report::default();
    for p in parts {
        total.games += p.games;
        total.wins += p.wins;
        total.capped += p.capped;
        total.times.extend(p.times);
    }
    total.times.sort_unstable();
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(hero: &str, rival: &str, players: usize, games: u64) -> Config {
        Config {
            hero: Player::parse(hero).expect("hero"),
            rival: Player::parse(rival).expect("rival"),
            rules: Rules::standard(),
            players,
            games,
            seed: 5,
            threads: 1,
            timings: 1,
            hero_net: None,
        }
    }

    #[test]
    fn names_parse_and_bad_ones_are_refused() {
        for name in Player::names() {
            assert_eq!(Player::parse(name).map(Player::name), Ok(name));
        }
        let e = Player::parse("grandmaster").expect_err("unknown");
        assert!(e.contains("expert") && e.contains("hard-v1"), "{e}");
    }

    #[test]
    fn same_seed_same_figures_whatever_the_threads() {
        let one = run(&cfg("expert", "medium", 4, 24), &|_| {});
        let two = run(
            &Config {
                threads: 2,
                ..cfg("expert", "medium", 4, 24)
            },
            &|_| {},
        );
        assert_eq!(
            (one.games, one.wins, one.capped),
            (24, two.wins, two.capped)
        );
        assert_eq!(one.times.len(), two.times.len());
    }

    #[test]
    fn the_expert_beats_random_players_and_random_beats_nobody() {
        // The expert wins about 70% of such games (42 of 60), a random player
        // a few percent.
        let expert = run(&cfg("expert", "random", 4, 60), &|_| {});
        assert!(expert.wins >= 30, "{}", expert.wins);
        let random = run(&cfg("random", "expert", 4, 60), &|_| {});
        assert!(random.wins <= 9, "{}", random.wins);
    }
}
