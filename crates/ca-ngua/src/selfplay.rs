//! Cờ Cá Ngựa's side of self-play ([`ca_ngua_core::game::selfplay`], which seeds,
//! seats, threads and sums the games for every game): its bots and the
//! loop that plays one game to its end, kept concrete and fast (the dice's
//! generator in registers, a roll and the random player's choice from one
//! draw, a loop of its own for games of random players only).

use crate::CaNgua;
use crate::bots::eval::{self, Judge};
use crate::bots::{Bot, BotRng, Decision, Level};
use crate::dice;
use crate::engine::{Dice, Game, Roll, Rules, Seat, check_players};
use crate::game::Match;
use ca_ngua_core::game::selfplay::{self, Finish, MAX_SEATS, Seen, SelfPlay, SetupError};
use rand::{RngExt, SeedableRng};
use std::time::Instant;

pub use ca_ngua_core::game::selfplay::{PlayerReport, run};

/// What to play: [`selfplay::Config`] for Cờ Cá Ngựa (no tuning: the bots
/// play at their levels' own budgets).
pub type Config = selfplay::Config<CaNgua>;

/// The results of a run.
pub type Report = selfplay::Report<CaNgua>;

impl SelfPlay for CaNgua {
    type Bot = Bot;
    type Tuning = ();
    const LENGTH_FIELD: &'static str = "mean_rolls";
    const PLACES: bool = false;

    fn bot(level: Level, seed: u64, _tuning: &()) -> Bot {
        Bot::new(level, seed)
    }

    /// Hard plays rollouts by the learned evaluator without look-ahead
    /// ([`Budget::QUICK`]); the other levels as ever.
    fn rollout_bot(level: Level, seed: u64, _tuning: &()) -> Bot {
        match level {
            Level::Hard => Bot::with_budget(level, seed, crate::bots::Budget::QUICK),
            _ => Bot::new(level, seed),
        }
    }

    /// Valid rules, two to four seats without repeats.
    fn check_seats(rules: &Rules, seats: &[Seat]) -> Result<(), SetupError> {
        rules
            .validate()
            .map_err(|e| SetupError::Rules(e.to_string()))?;
        let mut seen = [false; 4];
        for s in seats {
            if std::mem::replace(&mut seen[s.index()], true) {
                return Err(SetupError::Players(format!("{} is listed twice", s.name())));
            }
        }
        if !(2..=4).contains(&seats.len()) {
            return Err(SetupError::Players(format!(
                "two to four colours play, not {}",
                seats.len()
            )));
        }
        check_players(rules, seats.len()).map_err(|e| SetupError::Players(e.to_string()))?;
        Ok(())
    }

    /// The game's own generator, seeded `seed`, draws who begins, then
    /// rolls the dice and makes the random player's choices.
    // Inlined for `play_out`'s sake (see there).
    #[inline(always)]
    fn play_game(
        rules: &Rules,
        seats: &[Seat],
        bots: &mut [Bot],
        seed: u64,
        on_decision: &mut impl FnMut(usize, u64),
        on_seen: &mut impl FnMut(Seen<CaNgua>),
    ) -> Option<Finish<Seat>> {
        let mut rng = BotRng::seed_from_u64(seed);
        let first = *seats.get(rng.random_range(0..seats.len()))?;
        let mut game = Game::new(*rules, seats, first).ok()?;
        on_seen(Seen::Start(game.position().to_setup()));
        play_out_seen(&mut game, seats, bots, &mut rng, on_decision, on_seen);
        // A team wins together: the winner named, and its partner.
        let (winner, partner) = game.winners();
        Some(Finish {
            length: u64::from(game.rolls()),
            capped: game.is_capped(),
            winner,
            partner,
            places: [0; MAX_SEATS],
        })
    }

    /// Each option's chances by the learned evaluator with one roll of
    /// look-ahead ([`Judge::expect`]); `None` where it does not cover the
    /// rules or its weights failed their checks (the analysis then rolls
    /// out).
    fn rate_moves(
        rules: &Rules,
        state: &Match,
        roll: Option<Roll>,
        options: &[Option<crate::engine::Move>],
        seats: &[Seat],
    ) -> Option<Vec<Vec<f64>>> {
        let judge = judge(rules)?;
        let roll = roll?;
        if let Some(settled) = settled(state, seats) {
            return Some(options.iter().map(|_| settled.clone()).collect());
        }
        let pos = state.position();
        Some(
            options
                .iter()
                .map(|&mv| {
                    let mut next = *pos;
                    next.play_unchecked(rules, roll, mv);
                    rate(&judge, rules, &next, seats)
                })
                .collect(),
        )
    }

    /// The dice and the random player's choices from the generator seeded
    /// `seed`, as in `play_game`; a bot whose seat is missing from `seats`
    /// stops the game where it stands. `winners` settles first place as
    /// the standings do, so a stopped game's places give the same winner.
    fn play_on(state: &mut Match, seats: &[Seat], bots: &mut [Bot], seed: u64, max_plies: u32) {
        let mut rng = BotRng::seed_from_u64(seed);
        let rules = *state.rules();
        // The match's Thầu mạ flag is for the show; playing on the engine's
        // game leaves it, and nothing about the rules depends on it.
        let game: &mut Game = state;
        for _ in 0..max_plies {
            // First place is settled once a colour (with teams: a team) is
            // home: play-on rules would go on for the places after it.
            let Some(seat) = game.turn().filter(|_| game.winners().0.is_none()) else {
                break;
            };
            let (roll, bits) = dice::roll_with_bits(rules.dice, &mut rng);
            let Some(bot) = seats
                .iter()
                .position(|&s| s == seat)
                .and_then(|k| bots.get_mut(k))
            else {
                break;
            };
            game.play_roll(roll, |position, moves| {
                let d = Decision {
                    rules: &rules,
                    position,
                    roll,
                    moves,
                };
                bot.pick(&d, bits)
            });
        }
    }
}

/// The learned evaluator for `rules`, if it covers them and loaded.
fn judge(rules: &Rules) -> Option<Judge<'static>> {
    if !eval::covers(rules) {
        return None;
    }
    eval::shipped().ok().map(|net| Judge::new(net, rules))
}

/// First place once it is settled (a play-on game goes on after it): a 1
/// for the winner and its partner.
fn settled(state: &Match, seats: &[Seat]) -> Option<Vec<f64>> {
    let (winner, partner) = state.winners();
    let winner = winner?;
    Some(
        seats
            .iter()
            .map(|&s| f64::from(u8::from(s == winner || Some(s) == partner)))
            .collect(),
    )
}

/// Every seat's chance of first place in `pos`, in `seats` order, as the
/// analysis counts it: a team's chance for each partner; once first place
/// is settled, its share.
fn rate(
    judge: &Judge<'_>,
    rules: &Rules,
    pos: &crate::engine::Position,
    seats: &[Seat],
) -> Vec<f64> {
    let u = judge.expect(pos, 0);
    let whole = if rules.teams { 2.0 } else { 1.0 };
    seats
        .iter()
        .map(|s| f64::from(u[s.index()]) * whole)
        .collect()
}

/// Plays a game to its end with one bot per seat (`bots[k]` plays
/// `seats[k]`), rolling with `rng`. `on_decision(k, ns)` hears how long each
/// timed decision took.
// Inlined into self-play's loop over games, as it was before that loop
// became generic: out of line, the random players' games ran 4% more
// instructions (callgrind, 20,000 games).
#[inline(always)]
pub fn play_out(
    game: &mut Game,
    seats: &[Seat],
    bots: &mut [Bot],
    rng: &mut BotRng,
    on_decision: impl FnMut(usize, u64),
) {
    play_out_seen(game, seats, bots, rng, on_decision, &mut |_| {});
}

/// As [`play_out`], and `on_seen` hears every turn played.
#[inline(always)]
fn play_out_seen(
    game: &mut Game,
    seats: &[Seat],
    bots: &mut [Bot],
    rng: &mut BotRng,
    mut on_decision: impl FnMut(usize, u64),
    on_seen: &mut impl FnMut(Seen<CaNgua>),
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
        (Dice::One, true) => {
            play_rolls::<true>(game, &slot_of, bots, &mut on_decision, on_seen, || {
                dice::roll_with_bits(Dice::One, &mut dice_rng)
            })
        }
        (Dice::One, false) => {
            play_rolls::<false>(game, &slot_of, bots, &mut on_decision, on_seen, || {
                dice::roll_with_bits(Dice::One, &mut dice_rng)
            })
        }
        (Dice::Two, true) => {
            play_rolls::<true>(game, &slot_of, bots, &mut on_decision, on_seen, || {
                dice::roll_with_bits(Dice::Two, &mut dice_rng)
            })
        }
        (Dice::Two, false) => {
            play_rolls::<false>(game, &slot_of, bots, &mut on_decision, on_seen, || {
                dice::roll_with_bits(Dice::Two, &mut dice_rng)
            })
        }
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
    on_seen: &mut impl FnMut(Seen<CaNgua>),
    mut roll_dice: impl FnMut() -> (Roll, u32),
) {
    let rules = *game.rules();
    while let Some(seat) = game.turn() {
        let (roll, bits) = roll_dice();
        let slot = slot_of[seat.index()];
        let Some(bot) = bots.get_mut(slot) else {
            break;
        };
        // The move played, for `on_seen` (dead code when nobody listens).
        let mut played = None;
        game.play_roll(roll, |position, moves| {
            let i = if RANDOM_ONLY || bot.level() == Level::Random {
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
            };
            played = moves.get(i);
            i
        });
        on_seen(Seen::Turn {
            seat,
            roll: Some(roll),
            mv: played,
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
