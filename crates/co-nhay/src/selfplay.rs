//! Cờ nhảy's side of self-play ([`ca_ngua_core::game::selfplay`], which seeds,
//! seats, threads and sums the games for every game): its bots and the
//! loop that plays one game to its end.

use super::CoNhay;
use super::bots::hard::{races_after, win_chance};
use super::bots::{Bot, Budget, Decision, Level, Searcher, Style};
use super::engine::{Arm, Game, Move, Players, Rules};
use ca_ngua_core::game::selfplay::{self, Finish, MAX_SEATS, Seen, SelfPlay, SetupError};
use std::time::Instant;

pub use ca_ngua_core::game::selfplay::{PlayerReport, run};

/// What to play: [`selfplay::Config`] for Cờ nhảy, its seats the arms of
/// a seating ([`Players::arms`]).
pub type Config = selfplay::Config<CoNhay>;

/// The results of a run.
pub type Report = selfplay::Report<CoNhay>;

/// What a run sets for every bot: Hard's budget and style (tuning runs vary
/// them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Hard's budget.
    pub budget: Budget,
    /// Hard's style.
    pub style: Style,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            budget: Budget::DEFAULT,
            style: Style::DEFAULT,
        }
    }
}

/// The seating whose arms are `seats`, if they make one.
fn seating(seats: &[Arm]) -> Option<Players> {
    let mask = seats.iter().fold(0u8, |m, a| m | 1 << a.index());
    Players::from_mask(mask).filter(|p| p.count() == seats.len())
}

impl SelfPlay for CoNhay {
    type Bot = Bot;
    type Tuning = Tuning;
    const LENGTH_FIELD: &'static str = "mean_moves";
    const PLACES: bool = true;

    fn bot(level: Level, seed: u64, tuning: &Tuning) -> Bot {
        Bot::with_style(level, seed, tuning.budget, tuning.style)
    }

    /// The arms of a seating, in turn order.
    fn check_seats(_rules: &Rules, seats: &[Arm]) -> Result<(), SetupError> {
        match seating(seats) {
            Some(p) if p.arms().eq(seats.iter().copied()) => Ok(()),
            _ => Err(SetupError::Players(
                "the arms of a seating of 2, 3, 4 or 6, in turn order".into(),
            )),
        }
    }

    fn check_tuning(tuning: &Tuning) -> Result<(), SetupError> {
        if tuning.budget.nodes == 0 {
            return Err(SetupError::Tuning {
                setting: "budget",
                why: "Hard needs at least one position to look at".into(),
            });
        }
        Ok(())
    }

    /// Nothing is drawn: arm 0 begins (CO-NHAY.md §2), and only the bots
    /// use random numbers, each its own.
    fn play_game(
        rules: &Rules,
        seats: &[Arm],
        bots: &mut [Bot],
        _seed: u64,
        on_decision: &mut impl FnMut(usize, u64),
        on_seen: &mut impl FnMut(Seen<CoNhay>),
    ) -> Option<Finish<Arm>> {
        let players = seating(seats)?;
        let mut game = Game::new(*rules, players);
        on_seen(Seen::Start(game.position().to_setup()));
        play_out_seen(&mut game, bots, on_decision, on_seen);
        let outcome = game.standings();
        let mut places = [0; MAX_SEATS];
        for (place, arm) in places.iter_mut().zip(players.arms()) {
            *place = outcome.places[arm.index()].unwrap_or(0);
        }
        Some(Finish {
            length: u64::from(game.moves_played()),
            capped: game.is_capped(),
            winner: outcome.winner(),
            partner: None,
            places,
        })
    }

    /// Nothing is drawn: only the bots use random numbers, each its own.
    fn play_on(game: &mut Game, seats: &[Arm], bots: &mut [Bot], _seed: u64, max_plies: u32) {
        let rules = *game.rules();
        for _ in 0..max_plies {
            // The first finisher takes first place: play-on rules would go
            // on for the places after it.
            let Some(arm) = game.turn().filter(|_| game.winner().is_none()) else {
                break;
            };
            let Some(bot) = seats
                .iter()
                .position(|&a| a == arm)
                .and_then(|k| bots.get_mut(k))
            else {
                break;
            };
            let moves = game.legal_moves();
            let position = *game.position();
            let mv = bot.choose(&Decision {
                rules: &rules,
                position: &position,
                moves: &moves,
            });
            // The bots choose from the list; pass exactly when it is empty.
            let mv = if moves.contains(mv) {
                mv
            } else {
                moves.first().unwrap_or(Move::PASS)
            };
            game.play_unchecked(mv);
        }
    }

    /// Hard's search ([`Searcher::rate`]) rates every move; the mover's
    /// score becomes its win chance by [`win_chance`], and the rest is
    /// shared among the other arms still racing in proportion to
    /// `e^(race / WIN_SCALE)` of their races after the move (with two
    /// players: all of it to the other). Once an arm has finished, first
    /// place is settled: its.
    fn rate_moves(
        rules: &Rules,
        game: &Game,
        _roll: Option<super::game::NoDice>,
        options: &[Option<Move>],
        seats: &[Arm],
    ) -> Option<Vec<Vec<f64>>> {
        let one_hot = |w: Arm| seats.iter().map(|&s| f64::from(u8::from(s == w))).collect();
        if let Some(w) = game.winner() {
            return Some(options.iter().map(|_| one_hot(w)).collect());
        }
        let position = game.position();
        let Some(mover) = position.turn() else {
            return Some(options.iter().map(|_| vec![0.0; seats.len()]).collect());
        };
        let moves: Vec<Move> = options.iter().map(|m| m.unwrap_or(Move::PASS)).collect();
        let scores = Searcher::default().rate(rules, position, &moves, Style::DEFAULT);
        let racing: Vec<Arm> = seats
            .iter()
            .copied()
            .filter(|&a| !position.finished().contains(a))
            .collect();
        let scale = super::bots::hard::WIN_SCALE;
        Some(
            moves
                .iter()
                .zip(scores)
                .map(|(&mv, score)| {
                    let mine = win_chance(score, racing.len());
                    let races = races_after(position, mv);
                    // Relative to the best rival, so that exp cannot overflow.
                    let top = racing
                        .iter()
                        .filter(|&&a| a != mover)
                        .map(|a| races[a.index()])
                        .max()
                        .unwrap_or(0);
                    let weight = |a: Arm| {
                        ca_ngua_core::game::math::exp(f64::from(races[a.index()] - top) / scale)
                    };
                    let rivals: f64 = racing
                        .iter()
                        .filter(|&&a| a != mover)
                        .map(|&a| weight(a))
                        .sum();
                    seats
                        .iter()
                        .map(|&a| {
                            if a == mover {
                                mine
                            } else if racing.contains(&a) && rivals > 0.0 {
                                (1.0 - mine) * weight(a) / rivals
                            } else {
                                0.0
                            }
                        })
                        .collect()
                })
                .collect(),
        )
    }
}

/// Plays `game` to its end with one bot per arm in play (`bots[k]` plays
/// the `k`-th arm in play). `on_decision(k, ns)` hears how long each timed
/// decision took.
pub fn play_out(game: &mut Game, bots: &mut [Bot], on_decision: impl FnMut(usize, u64)) {
    play_out_seen(game, bots, on_decision, &mut |_| {});
}

/// As [`play_out`], and `on_seen` hears every move and pass.
fn play_out_seen(
    game: &mut Game,
    bots: &mut [Bot],
    mut on_decision: impl FnMut(usize, u64),
    on_seen: &mut impl FnMut(Seen<CoNhay>),
) {
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
        on_seen(Seen::Turn {
            seat: arm,
            roll: None,
            mv: (!mv.is_pass()).then_some(mv),
        });
    }
}
