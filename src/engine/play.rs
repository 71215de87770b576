//! Applying a move to a position: kicks, bonus rolls, turn order and the end
//! of the game (RULES.md 2.2 to 2.6 and section 3).

use super::board::{
    DOOR, FIRST_HOME_CELL, Seat, TOP_CELL, is_track, progress_of_square, track_square,
};
use super::moves::{Move, MoveList, Roll};
use super::position::{
    NO_TURN, NOT_A_PROGRESS, Position, advance_horse, finished_horses, sort_horses, spread,
};
use super::rules::{GameEnd, HomeColumn, Pairs, Rules};
use std::fmt;

/// For each mover and landing progress (0..=50), the byte every horse
/// would hold if it stood on the landing square: its own progress there, or
/// a value no horse holds (the mover's own colour, and colours for which the
/// square is not a track progress).
static KICK_PATTERN: [[u128; 64]; 4] = kick_patterns();

const fn kick_patterns() -> [[u128; 64]; 4] {
    let mut table = [[0u128; 64]; 4];
    let mut s = 0;
    while s < 4 {
        let mut to = 0;
        while to < 64 {
            let mut pattern = 0u128;
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
                pattern |= (spread(byte) as u128) << (32 * o);
                o += 1;
            }
            table[s][to as usize] = pattern;
            to += 1;
        }
        s += 1;
    }
    table
}

/// The high bit of every zero byte of `x`, exactly.
#[inline(always)]
const fn zero_bytes128(x: u128) -> u128 {
    const LOW7: u128 = u128::from_le_bytes([0x7F; 16]);
    let y = (x & LOW7).wrapping_add(LOW7);
    !(y | x | LOW7)
}

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
    /// The absolute track square the move ended on, if on the track.
    pub square: Option<u8>,
    /// Horses sent back to the yard, per seat.
    pub kicked: [u8; 4],
    /// The horse reached the finish (the centre, or cell 6 with the climb).
    pub horse_finished: bool,
    /// The colour now has all four horses home.
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

    /// Plays `roll` with `mv` (`None` to pass) after checking that it is
    /// legal. Returns the next position and what happened.
    pub fn play(
        &self,
        rules: &Rules,
        roll: Roll,
        mv: Option<Move>,
    ) -> Result<(Position, Effects), PlayError> {
        self.check_roll(rules, roll)?;
        let legal = self.legal_moves(rules, roll);
        let ok = match mv {
            None => legal.is_empty(),
            Some(m) => legal.contains(m),
        };
        if !ok {
            return Err(PlayError::Illegal { mv, legal });
        }
        let mut next = *self;
        let fx = next.play_unchecked(rules, roll, mv);
        Ok((next, fx))
    }

    /// Plays `roll` with `mv` in place, trusting that the roll fits and the
    /// move is one of `legal_moves(rules, roll)` (or `None` when that list
    /// is empty). The fast path of self-play and bot search.
    #[inline(always)]
    pub fn play_unchecked(&mut self, rules: &Rules, roll: Roll, mv: Option<Move>) -> Effects {
        let s = self.turn as usize & 3;
        let seat = Seat::from_index(s);
        let mut fx = Effects {
            seat,
            roll,
            mv,
            square: None,
            kicked: [0; 4],
            horse_finished: false,
            seat_finished: false,
            door_to_top: false,
            door_to_bottom: false,
            forfeited: false,
            bonus: None,
            game_over: false,
        };
        let bonus_roll = roll.grants_bonus();
        if bonus_roll && self.streak >= 2 && rules.three_in_a_row_forfeit {
            // RULES.md 2.3: the third bonus roll in a row is not used; the
            // turn goes to the next colour at once.
            fx.forfeited = true;
            self.pass_turn(s);
            return fx;
        }
        if let Some(m) = mv {
            self.set_word(s, advance_horse(self.word(s), m.from, m.to));
            if is_track(m.to) {
                let square = track_square(seat, m.to);
                fx.square = Some(square);
                if !rules.is_safe_square(square) {
                    self.kick(rules, s, m.to, &mut fx);
                }
            } else {
                self.arrive(rules, s, m, &mut fx);
                if fx.seat_finished {
                    self.finish(rules, s, &mut fx);
                    return fx;
                }
            }
        }
        let bonus = if bonus_roll {
            Some(Bonus::Roll)
        } else if rules.bonus_after_kick && fx.kick_count() > 0 {
            Some(Bonus::Kick)
        } else if rules.bonus_after_finish && fx.horse_finished {
            Some(Bonus::Finish)
        } else {
            None
        };
        fx.bonus = bonus;
        match bonus {
            Some(Bonus::Roll) if rules.three_in_a_row_forfeit => self.streak += 1,
            Some(_) => self.streak = 0,
            None => self.pass_turn(s),
        }
        fx
    }

    /// A horse moved into its home column or the centre.
    #[inline]
    fn arrive(&mut self, rules: &Rules, s: usize, m: Move, fx: &mut Effects) {
        fx.horse_finished = m.to == rules.last_progress();
        if rules.home_column == HomeColumn::Climb && m.from == DOOR {
            fx.door_to_top = m.to == TOP_CELL;
            fx.door_to_bottom = m.to == FIRST_HOME_CELL;
        }
        // With the climb the last horse home may stop below cell 6.
        fx.seat_finished = self.word(s) == u32::from_le_bytes(finished_horses(rules));
    }

    /// The colour to move has brought its last horse home.
    #[cold]
    fn finish(&mut self, rules: &Rules, s: usize, fx: &mut Effects) {
        self.done |= 1 << s;
        let over = match rules.game_end {
            GameEnd::PlayOn => (self.playing & !self.done).count_ones() < 2,
            GameEnd::FirstWinnerByHorsesHome | GameEnd::FirstWinnerByDistance => true,
        };
        if over {
            fx.game_over = true;
            self.set_game_over();
        } else {
            self.pass_turn(s);
        }
    }

    /// RULES.md 2.2: every horse of other colours on the landing square goes
    /// back to its yard, unless a safe pair protects the square.
    #[inline(always)]
    fn kick(&mut self, rules: &Rules, s: usize, to: u8, fx: &mut Effects) {
        // All sixteen horses at once: the high bit of each byte whose horse
        // stands on the landing square. No branch until something is hit:
        // a kick is rare and unpredictable.
        let all = u128::from_le_bytes(self.horses);
        let hits = zero_bytes128(all ^ KICK_PATTERN[s][to as usize & 63]);
        if hits != 0 {
            self.kick_hits(rules, hits, fx);
        }
    }

    #[cold]
    fn kick_hits(&mut self, rules: &Rules, hits: u128, fx: &mut Effects) {
        let per_seat = |o: usize| (hits >> (32 * o)) as u32;
        if rules.pairs == Pairs::SafePair && (0..4).any(|o| per_seat(o).count_ones() >= 2) {
            return; // a pair makes the square safe while it stays
        }
        for o in 0..4 {
            let h = per_seat(o);
            if h != 0 {
                // 0x80 -> 0xFF in every hit byte: back to the yard.
                let mut kicked = (self.word(o) | ((h >> 7) * 0xFF)).to_le_bytes();
                sort_horses(&mut kicked);
                self.set_word(o, u32::from_le_bytes(kicked));
                fx.kicked[o] = h.count_ones() as u8;
            }
        }
    }

    /// Gives the turn to the next colour that plays and has not finished,
    /// with streak 0; ends the game if there is none.
    #[inline(always)]
    fn pass_turn(&mut self, s: usize) {
        self.streak = 0;
        let others = u32::from(self.playing & !self.done) & !(1 << s);
        // Rotate so that the seat after `s` is bit 0, then take the first.
        let r = s as u32 + 1;
        let rotated = ((others | others << 4) >> r) & 0xF;
        self.turn = if rotated == 0 {
            NO_TURN
        } else {
            ((r + rotated.trailing_zeros()) & 3) as u8
        };
    }

    /// Playing colours that have not finished.
    pub fn unfinished_count(&self, rules: &Rules) -> usize {
        self.playing_seats()
            .filter(|&s| !self.is_finished(s, rules))
            .count()
    }
}
