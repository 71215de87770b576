//! Applying a move to a position: kicks, bonus rolls, turn order and the end
//! of the game (RULES.md 2.2 to 2.6 and section 3).

use super::board::{DOOR, FIRST_HOME_CELL, Seat, TOP_CELL, is_track, track_square};
use super::moves::{Move, MoveList, Roll};
use super::position::{NO_TURN, Position, YARD, sort_horses};
use super::rules::{GameEnd, HomeColumn, Pairs, Rules};
use std::fmt;

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
            Some(m) => legal.contains(&m),
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
    pub fn play_unchecked(&mut self, rules: &Rules, roll: Roll, mv: Option<Move>) -> Effects {
        let seat = Seat::from_index(self.turn as usize & 3);
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
        if self.is_forfeit(rules, roll) {
            // RULES.md 2.3: the third bonus roll in a row is not used; the
            // turn goes to the next colour at once.
            fx.forfeited = true;
            self.pass_turn(rules, seat);
            return fx;
        }
        if let Some(m) = mv {
            self.move_horse(rules, seat, m, &mut fx);
        }
        if fx.seat_finished {
            let over = match rules.game_end {
                GameEnd::PlayOn => self.unfinished_count(rules) < 2,
                GameEnd::FirstWinnerByHorsesHome | GameEnd::FirstWinnerByDistance => true,
            };
            if over {
                fx.game_over = true;
                self.set_game_over();
            } else {
                self.pass_turn(rules, seat);
            }
            return fx;
        }
        let bonus = if roll.grants_bonus() {
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
            None => self.pass_turn(rules, seat),
        }
        fx
    }

    fn move_horse(&mut self, rules: &Rules, seat: Seat, m: Move, fx: &mut Effects) {
        let own = &mut self.horses[seat.index()];
        if let Some(slot) = own.iter_mut().find(|p| **p == m.from) {
            *slot = m.to;
        }
        sort_horses(own);
        if is_track(m.to) {
            let square = track_square(seat, m.to);
            fx.square = Some(square);
            if !rules.is_safe_square(square) {
                self.kick(rules, seat, square, fx);
            }
        } else {
            fx.horse_finished = m.to == rules.last_progress();
            if rules.home_column == HomeColumn::Climb && m.from == DOOR {
                fx.door_to_top = m.to == TOP_CELL;
                fx.door_to_bottom = m.to == FIRST_HOME_CELL;
            }
            // With the climb the last horse home may stop below cell 6.
            fx.seat_finished = self.is_finished(seat, rules);
        }
    }

    /// RULES.md 2.2: every horse of other colours on the landing square goes
    /// back to its yard, unless a safe pair protects the square.
    fn kick(&mut self, rules: &Rules, seat: Seat, square: u8, fx: &mut Effects) {
        if rules.pairs == Pairs::SafePair {
            let paired = Seat::ALL.into_iter().any(|o| {
                o != seat
                    && self.is_playing(o)
                    && self.horses[o.index()]
                        .iter()
                        .filter(|&&p| is_track(p) && track_square(o, p) == square)
                        .count()
                        >= 2
            });
            if paired {
                return;
            }
        }
        for o in Seat::ALL {
            if o == seat || !self.is_playing(o) {
                continue;
            }
            let h = &mut self.horses[o.index()];
            let mut n = 0;
            for p in h.iter_mut() {
                if is_track(*p) && track_square(o, *p) == square {
                    *p = YARD;
                    n += 1;
                }
            }
            if n > 0 {
                sort_horses(h);
                fx.kicked[o.index()] = n;
            }
        }
    }

    /// Gives the turn to the next colour that plays and has not finished,
    /// with streak 0; ends the game if there is none.
    fn pass_turn(&mut self, rules: &Rules, seat: Seat) {
        self.streak = 0;
        let mut s = seat;
        for _ in 0..3 {
            s = s.next();
            if self.is_playing(s) && !self.is_finished(s, rules) {
                self.turn = s as u8;
                return;
            }
        }
        self.turn = NO_TURN;
    }

    /// Playing colours that have not finished.
    pub fn unfinished_count(&self, rules: &Rules) -> usize {
        self.playing_seats()
            .filter(|&s| !self.is_finished(s, rules))
            .count()
    }
}
