//! Applying a move to a position: kicks, bonus rolls, turn order and the end
//! of the game (RULES.md 2.2 to 2.6 and section 3).

use super::board::{
    DOOR, FIRST_HOME_CELL, Seat, TOP_CELL, is_track, progress_of_square, track_square,
};
use super::compiled::Compiled;
use super::moves::{Move, MoveList};
use super::position::{
    NO_TURN, NOT_A_PROGRESS, Position, YARD, advance_horse, advance_nth_horse, sort_horses, spread,
    zero_bytes,
};
use super::roll::Roll;
use super::rules::{GameEnd, HomeColumn, Rules};
use std::fmt;
use std::hint::select_unpredictable;

/// For each mover and landing progress (0..=50), the byte every horse
/// would hold if it stood on the landing square, one word per colour: its
/// own progress there, or a value no horse holds (the mover's own colour,
/// and colours for which the square is not a track progress).
static KICK_PATTERN: [[[u32; 4]; 64]; 4] = kick_patterns();

const fn kick_patterns() -> [[[u32; 4]; 64]; 4] {
    let mut table = [[[0; 4]; 64]; 4];
    let mut s = 0;
    while s < 4 {
        let mut to = 0;
        while to < 64 {
            let mut o = 0;
            while o < 4 {
                let mut byte = NOT_A_PROGRESS;
                if o != s && to <= DOOR {
                    let square = track_square(Seat::ALL[s], to);
                    let t = progress_of_square(Seat::ALL[o], square);
                    if t <= DOOR {
                        byte = t;
                    }
                }
                table[s][to as usize][o] = spread(byte);
                o += 1;
            }
            to += 1;
        }
        s += 1;
    }
    table
}

/// Four words as one number, the first in the low bits.
#[inline(always)]
fn words_u128(w: &[u32; 4]) -> u128 {
    u128::from(w[0]) | u128::from(w[1]) << 32 | u128::from(w[2]) << 64 | u128::from(w[3]) << 96
}

/// `NEXT_TURN[others << 2 | s]`: the first seat after `s` in turn order
/// among the seats of the mask `others` (never `s` itself), or `NO_TURN`.
static NEXT_TURN: [u8; 64] = {
    let mut t = [NO_TURN; 64];
    let mut i = 0;
    while i < 64 {
        let (others, s) = (i >> 2, i & 3);
        let mut k = 1;
        while k < 4 {
            if others & (1 << ((s + k) & 3)) != 0 {
                t[i] = ((s + k) & 3) as u8;
                break;
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// Why the same colour rolls again.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bonus {
    /// A 6, or a double or `1+6` with two dice (streak raised).
    Roll,
    /// A kick, with the bonus-after-kick toggle (streak reset).
    Kick,
    /// A horse reached the finish, with the bonus-after-finish toggle.
    Finish,
}

/// What one roll did. Everything the app, the ledger and the statistics
/// need to tell the story of the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Effects {
    /// The colour that rolled.
    pub seat: Seat,
    /// The roll.
    pub roll: Roll,
    /// The move made, `None` for a pass.
    pub mv: Option<Move>,
    /// The colour whose horse moved: `seat`, or with teams its partner once
    /// `seat`'s own horses are all home.
    pub owner: Seat,
    /// The absolute track square the move ended on, if on the track.
    pub square: Option<u8>,
    /// Horses sent back to the yard, per seat.
    pub kicked: [u8; 4],
    /// The horse reached the finish (the centre, or cell 6 with the climb).
    pub horse_finished: bool,
    /// The colour that moved (`owner`) now has all four horses home.
    pub seat_finished: bool,
    /// Climb: the horse went from the door straight to cell 6.
    pub door_to_top: bool,
    /// Climb: the horse entered the column on cell 1.
    pub door_to_bottom: bool,
    /// The roll was the third bonus roll in a row and was forfeited.
    pub forfeited: bool,
    /// Why the same colour rolls again, if it does.
    pub bonus: Option<Bonus>,
    /// The game ended with this roll (not counting the safety cap).
    pub game_over: bool,
}

impl Effects {
    /// What playing `roll` with `mv` did to `before`, read off the position
    /// `after` it (the safety cap aside): play itself records nothing, so
    /// the hot path does not pay for the story of the move.
    pub(crate) fn between(
        rules: &Rules,
        before: &Position,
        after: &Position,
        roll: Roll,
        mv: Option<Move>,
    ) -> Effects {
        let s = before.turn as usize & 3;
        let seat = Seat::from_index(s);
        let done = super::position::finished_word(rules);
        let o = if rules.teams {
            before.owner_index(s, done)
        } else {
            s
        };
        let owner = Seat::from_index(o);
        let forfeited = before.is_forfeit(rules, roll);
        let moved = if forfeited { None } else { mv };
        // Horses in the yard: the high bits of a word, added up by a
        // multiplication.
        let yard = |p: &Position, o: usize| {
            ((((p.word(o) & 0x8080_8080) >> 7).wrapping_mul(0x0101_0101)) >> 24) as u8
        };
        let mut kicked = [0; 4];
        for other in (1..4).map(|k| o ^ k) {
            // Only a kick changes another colour's horses: it sends them to
            // the yard.
            if after.word(other) != before.word(other) {
                kicked[other] = yard(after, other).saturating_sub(yard(before, other));
            }
        }
        let horse_finished = moved.is_some_and(|m| m.to == rules.last_progress());
        let from_door =
            rules.home_column == HomeColumn::Climb && moved.is_some_and(|m| m.from == DOOR);
        let seat_finished = before.word(o) != done && after.word(o) == done;
        let game_over = seat_finished
            && if rules.teams {
                after.word(o ^ 2) == done
            } else {
                rules.game_end != GameEnd::PlayOn || (after.playing & !after.done).count_ones() < 2
            };
        let mut fx = Effects {
            seat,
            roll,
            mv,
            owner,
            square: moved
                .filter(|m| is_track(m.to))
                .map(|m| track_square(owner, m.to)),
            kicked,
            horse_finished,
            seat_finished,
            door_to_top: from_door && moved.is_some_and(|m| m.to == TOP_CELL),
            door_to_bottom: from_door && moved.is_some_and(|m| m.to == FIRST_HOME_CELL),
            forfeited,
            bonus: None,
            game_over,
        };
        if !forfeited && !seat_finished {
            fx.bonus = if roll.grants_bonus() {
                Some(Bonus::Roll)
            } else if rules.bonus_after_kick && fx.kick_count() > 0 {
                Some(Bonus::Kick)
            } else if rules.bonus_after_finish && horse_finished {
                Some(Bonus::Finish)
            } else {
                None
            };
        }
        fx
    }

    /// Total horses kicked.
    pub fn kick_count(&self) -> u8 {
        self.kicked.iter().sum()
    }
}

/// Why a roll or move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over; nobody rolls.
    GameOver,
    /// A one-die roll under two-dice rules or the other way round.
    WrongDice {
        /// True when the rules want two dice.
        two_dice: bool,
    },
    /// The move is not among the legal moves.
    Illegal {
        /// The move asked for, `None` for pass.
        mv: Option<Move>,
        /// What is legal instead.
        legal: MoveList,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over: nobody is to roll"),
            PlayError::WrongDice { two_dice: true } => {
                f.write_str("these rules use two dice: write the roll as a+b, like 3+4")
            }
            PlayError::WrongDice { two_dice: false } => {
                f.write_str("these rules use one die: write the roll as 1..6")
            }
            PlayError::Illegal { mv: None, legal } => {
                write!(f, "pass is not legal: a move must be made ({legal})")
            }
            PlayError::Illegal { mv: Some(m), legal } => {
                write!(f, "illegal move {m} (legal: {legal})")
            }
        }
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// Checks that a roll can be played here.
    pub fn check_roll(&self, rules: &Rules, roll: Roll) -> Result<(), PlayError> {
        if self.turn == NO_TURN {
            return Err(PlayError::GameOver);
        }
        if !roll.fits(rules) {
            return Err(PlayError::WrongDice {
                two_dice: !roll.is_two_dice(),
            });
        }
        Ok(())
    }

    /// Checks that `roll` can be played here and that `mv` (`None` to pass)
    /// is legal for it.
    pub fn check_play(&self, rules: &Rules, roll: Roll, mv: Option<Move>) -> Result<(), PlayError> {
        self.check_roll(rules, roll)?;
        let legal = self.legal_moves(rules, roll);
        let ok = match mv {
            None => legal.is_empty(),
            Some(m) => legal.contains(m),
        };
        if ok {
            Ok(())
        } else {
            Err(PlayError::Illegal { mv, legal })
        }
    }

    /// Plays `roll` with `mv` (`None` to pass) after checking that it is
    /// legal. Returns the next position and what happened.
    pub fn play(
        &self,
        rules: &Rules,
        roll: Roll,
        mv: Option<Move>,
    ) -> Result<(Position, Effects), PlayError> {
        self.check_play(rules, roll, mv)?;
        let mut next = *self;
        let fx = next.play_unchecked(rules, roll, mv);
        Ok((next, fx))
    }

    /// Plays `roll` with `mv` in place, trusting that the roll fits and the
    /// move is one of `legal_moves(rules, roll)` (or `None` when that list
    /// is empty). Returns what happened.
    #[inline]
    pub fn play_unchecked(&mut self, rules: &Rules, roll: Roll, mv: Option<Move>) -> Effects {
        let before = *self;
        self.apply(&rules.compile(), roll, mv);
        Effects::between(rules, &before, self, roll, mv)
    }

    /// `play_unchecked` without the effects, under compiled rules: the hot
    /// path of self-play. Every outcome of the die is equally likely, so
    /// only rare events (a kick, a colour finishing) branch. Returns true
    /// when the colour that rolled has brought its last horse home.
    #[inline(always)]
    pub(crate) fn apply(&mut self, c: &Compiled, roll: Roll, mv: Option<Move>) -> bool {
        let s = self.turn as usize & 3;
        // A pass moves a horse from the yard to the yard: nothing moves,
        // nobody is kicked, nobody finishes, and passes and moves share one
        // path.
        let m = mv.unwrap_or(Move {
            from: YARD,
            to: YARD,
        });
        // With teams, a colour whose horses are all home moves its
        // partner's.
        let o = if c.teams {
            self.owner_index(s, c.finished)
        } else {
            s
        };
        let kick = self.kick_test(o, m.to);
        self.set_word(o, advance_horse(self.word(o), m.from, m.to));
        self.after_move(c, roll, s, o, m.to, kick)
    }

    /// `apply` for the `i`-th move of `moves`, a list of the plain
    /// generator for this roll (a pass when it is empty): its slot gives
    /// the moving horse's place in the word.
    #[inline(always)]
    pub(crate) fn apply_plain_nth(
        &mut self,
        c: &Compiled,
        roll: Roll,
        moves: &MoveList,
        i: usize,
    ) -> bool {
        let s = self.turn as usize & 3;
        let (k, to) = moves.plain_nth(i);
        let kick = self.kick_test(s, to);
        self.set_word(s, advance_nth_horse(self.word(s), k, to));
        self.after_move(c, roll, s, s, to, kick)
    }

    /// The rest of a roll of seat `s` whose horse (of colour `o`: `s`, or
    /// with teams its partner) has moved to `to` (`YARD` for a pass), `kick`
    /// telling whether `kick_test` found a horse there: kicks, the bonus
    /// roll, the turn, the end of the colour.
    #[inline(always)]
    fn after_move(
        &mut self,
        c: &Compiled,
        roll: Roll,
        s: usize,
        o: usize,
        to: u8,
        kick: bool,
    ) -> bool {
        // RULES.md 2.3: the third bonus roll in a row is not used. It has no
        // legal move, so it plays as a pass that gives no bonus roll.
        let bonus_roll = self.streak < c.bonus_below[roll.index()];
        // Who rolls next depends on the roll alone, so that the next roll
        // need not wait for this move to be worked out: both outcomes are
        // worked out, then one is chosen (the roll is unpredictable). What
        // depends on where the horse landed is rare and branches: a kick, a
        // bonus roll for a kick or a horse home, a colour finishing.
        self.streak = select_unpredictable(bonus_roll, self.streak + c.streak_step, 0);
        self.turn = select_unpredictable(bonus_roll, s as u8, self.next_turn(s));
        if kick && self.kick(c, o, to) && c.bonus_after_kick {
            self.roll_again(s);
        }
        if to == c.bonus_at {
            self.roll_again(s);
        }
        if self.word(o) == c.finished {
            self.finish(c, s, o);
            return true;
        }
        false
    }

    /// The colour whose horses seat `s` moves under teams: its own, or its
    /// partner's once its own are all home (`finished`: a colour's word
    /// then).
    #[inline]
    pub(crate) fn owner_index(&self, s: usize, finished: u32) -> usize {
        if self.word(s) == finished { s ^ 2 } else { s }
    }

    /// A kick or a horse reaching the finish gives the colour another roll
    /// (with those toggles); the streak stays as the roll left it. Out of
    /// line so that it stays a branch: a select would make the turn wait
    /// for where the horse landed.
    #[cold]
    #[inline(never)]
    fn roll_again(&mut self, s: usize) {
        self.turn = s as u8;
    }

    /// Colour `o`, moved by seat `s` (the same colour but with teams), has
    /// brought its last horse home. With teams the turn ends there (no
    /// bonus roll), and the game when its partner is home too.
    #[cold]
    fn finish(&mut self, c: &Compiled, s: usize, o: usize) {
        // With teams nobody is skipped in turn order: `done` stays empty.
        let goes_on = if c.teams {
            self.word(o ^ 2) != c.finished
        } else {
            self.done |= 1 << o;
            c.play_on && (self.playing & !self.done).count_ones() >= 2
        };
        if goes_on {
            self.pass_turn(s);
        } else {
            self.set_game_over();
        }
    }

    /// True when a horse of another colour stands on the square that seat
    /// `s` reaches at progress `to` (never beyond the track): all sixteen
    /// horses in one test, without a branch (a kick is rare and
    /// unpredictable). Called before the mover's word is stored: the wide
    /// read must not wait on that narrow store.
    #[inline(always)]
    fn kick_test(&self, s: usize, to: u8) -> bool {
        const LOW: u128 = u128::from_le_bytes([0x01; 16]);
        const HIGH: u128 = u128::from_le_bytes([0x80; 16]);
        let pattern = &KICK_PATTERN[s][to as usize & 63];
        let x = words_u128(&self.words) ^ words_u128(pattern);
        // The high bit of some byte is set exactly when `x` has a zero byte
        // (cheaper than `zero_bytes`, which also says which).
        x.wrapping_sub(LOW) & !x & HIGH != 0
    }

    /// RULES.md 2.2: every horse of other colours on the landing square goes
    /// back to its yard, unless the square is safe or a safe pair protects
    /// it; with teams, never the partner's (a pair of the partner's still
    /// makes the square safe). Returns true when a horse was kicked. Called
    /// when `kick_test` found a horse there.
    #[cold]
    fn kick(&mut self, c: &Compiled, s: usize, to: u8) -> bool {
        if (c.safe >> (to & 63)) & 1 != 0 {
            return false;
        }
        let pattern = &KICK_PATTERN[s][to as usize & 63];
        let mut hits: [u32; 4] = std::array::from_fn(|o| zero_bytes(self.words[o] ^ pattern[o]));
        if c.safe_pairs && hits.iter().any(|h| h.count_ones() >= 2) {
            return false; // a pair makes the square safe while it stays
        }
        if c.teams {
            // The partner's horses stay; only an opponent's is a kick.
            hits[s ^ 2] = 0;
            if hits == [0; 4] {
                return false;
            }
        }
        for (o, h) in hits.into_iter().enumerate() {
            if h != 0 {
                // 0x80 -> 0xFF in every hit byte: back to the yard.
                let mut kicked = (self.word(o) | ((h >> 7) * 0xFF)).to_le_bytes();
                sort_horses(&mut kicked);
                self.set_word(o, u32::from_le_bytes(kicked));
            }
        }
        true
    }

    /// Gives the turn to the next colour that plays and has not finished,
    /// with streak 0; ends the game if there is none.
    #[inline(always)]
    fn pass_turn(&mut self, s: usize) {
        self.streak = 0;
        self.turn = self.next_turn(s);
    }

    /// The next colour after seat `s` that plays and has not finished, or
    /// `NO_TURN`.
    #[inline(always)]
    fn next_turn(&self, s: usize) -> u8 {
        // `done` is within `playing` (and empty with teams).
        let others = (self.playing ^ self.done) & 0xF;
        NEXT_TURN[usize::from(others) << 2 | (s & 3)]
    }

    /// Playing colours that have not finished.
    pub fn unfinished_count(&self, rules: &Rules) -> usize {
        self.playing_seats()
            .filter(|&s| !self.is_finished(s, rules))
            .count()
    }
}
