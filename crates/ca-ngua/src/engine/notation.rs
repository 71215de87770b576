//! The text notation of a position (RULES.md section 4): `Setup` is what
//! the notation says, unchecked; [`Position::from_setup`] validates it under
//! a rule set, and every refusal is a [`PositionError`] whose message names
//! the problem. Positions print in the same notation.

use super::board::{CENTRE, HORSES, Seat, TRACK_SQUARES, home_cell, is_track, track_square};
use super::position::{NO_TURN, Position, YARD, sort_horses};
use super::rules::{HomeColumn, Pairs, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The notation, parsed but not yet checked against a rule set. Each
/// colour's horses are sorted (yard first), so two setups of one position
/// are equal. Files and messages hold it as its notation string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Setup {
    /// Each colour's horses (progress or `YARD`), `None` when not playing.
    pub horses: [Option<[u8; HORSES]>; 4],
    /// The colour to roll, `None` when the game is over.
    pub turn: Option<Seat>,
    /// Bonus-granting rolls already made this turn.
    pub streak: u8,
}

/// What is wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not three space-separated fields.
    FieldCount(usize),
    /// Not four `/`-separated colour fields.
    ColourCount(usize),
    /// A colour field without exactly four horses.
    HorseCount { seat: Seat, found: usize },
    /// A horse token that is not `Y` or `0..=57`.
    BadHorse { seat: Seat, token: String },
    /// Fewer than two colours play.
    TooFewColours(usize),
    /// The turn field is not a colour letter or `-`.
    BadTurn(String),
    /// The colour to roll does not play.
    TurnNotPlaying(Seat),
    /// The colour to roll has already finished.
    TurnFinished(Seat),
    /// The streak field is not 0, 1 or 2.
    BadStreak(String),
    /// Two colours on a track square that is not safe.
    SharedSquare {
        square: u8,
        first: Seat,
        second: Seat,
    },
    /// A horse at the centre under the climb, which ends on cell 6.
    CentreWithClimb(Seat),
    /// Teams: fewer than four colours play.
    TeamsNeedFour(usize),
    /// Teams: both partners are home, yet someone is to roll.
    TeamHome(Seat, Seat),
    /// Two horses on one home cell under the climb.
    SharedHomeCell { seat: Seat, cell: u8 },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            FieldCount(n) => write!(
                f,
                "a position has 3 fields separated by single spaces (horses, turn, streak), found {n}"
            ),
            ColourCount(n) => write!(
                f,
                "the horses field has 4 colour fields separated by '/' (r/g/y/b), found {n}"
            ),
            HorseCount { seat, found } => write!(
                f,
                "{}: a playing colour has exactly 4 horses separated by ',', found {found} \
                 (write '-' for a colour that does not play)",
                seat.name()
            ),
            BadHorse { seat, token } => write!(
                f,
                "{}: bad horse '{token}' (expected Y or a progress 0..=57)",
                seat.name()
            ),
            TooFewColours(n) => {
                write!(f, "at least two colours must play, found {n}")
            }
            BadTurn(t) => write!(f, "bad turn '{t}' (expected r, g, y, b or -)"),
            TurnNotPlaying(s) => write!(
                f,
                "it is {}'s turn but {} does not play",
                s.name(),
                s.name()
            ),
            TurnFinished(s) => {
                write!(
                    f,
                    "it is {}'s turn but {} has already finished",
                    s.name(),
                    s.name()
                )
            }
            BadStreak(t) => write!(f, "bad streak '{t}' (expected 0, 1 or 2)"),
            SharedSquare {
                square,
                first,
                second,
            } => write!(
                f,
                "{} and {} share track square {square}, which is not safe under these rules",
                first.name(),
                second.name()
            ),
            TeamsNeedFour(n) => write!(
                f,
                "teams need all four colours to play, found {n} (write no '-' colour field)"
            ),
            TeamHome(a, b) => write!(
                f,
                "{} and {} are both home, so their team has won and the turn must be '-'",
                a.name(),
                b.name()
            ),
            CentreWithClimb(s) => write!(
                f,
                "{}: a horse at the centre (57), but with the traditional climb horses end on cell 6 (56)",
                s.name()
            ),
            SharedHomeCell { seat, cell } => write!(
                f,
                "{}: two horses on home cell {cell}, but with the traditional climb a cell holds one horse",
                seat.name()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

fn parse_horse(seat: Seat, token: &str) -> Result<u8, PositionError> {
    let bad = || PositionError::BadHorse {
        seat,
        token: token.to_string(),
    };
    if token == "Y" {
        return Ok(YARD);
    }
    // Digits only: no sign, no spaces, no leading '+'.
    if token.is_empty() || token.len() > 2 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let p: u8 = token.parse().map_err(|_| bad())?;
    if p > CENTRE {
        return Err(bad());
    }
    Ok(p)
}

impl FromStr for Setup {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Setup, PositionError> {
        let s = s.trim();
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.len() != 3 || fields.iter().any(|f| f.is_empty()) {
            let n = s.split_whitespace().count();
            return Err(PositionError::FieldCount(if n == 3 {
                fields.len()
            } else {
                n
            }));
        }
        let colours: Vec<&str> = fields[0].split('/').collect();
        if colours.len() != 4 {
            return Err(PositionError::ColourCount(colours.len()));
        }
        let mut horses = [None; 4];
        for (seat, field) in Seat::ALL.into_iter().zip(&colours) {
            if *field == "-" {
                continue;
            }
            let tokens: Vec<&str> = field.split(',').collect();
            if tokens.len() != HORSES {
                return Err(PositionError::HorseCount {
                    seat,
                    found: if field.is_empty() { 0 } else { tokens.len() },
                });
            }
            let mut h = [YARD; HORSES];
            for (slot, token) in h.iter_mut().zip(tokens) {
                *slot = parse_horse(seat, token)?;
            }
            sort_horses(&mut h);
            horses[seat.index()] = Some(h);
        }
        let turn = match fields[1] {
            "-" => None,
            t => match Seat::from_letter_text(t) {
                Some(seat) => Some(seat),
                None => return Err(PositionError::BadTurn(t.to_string())),
            },
        };
        let streak = match fields[2] {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            t => return Err(PositionError::BadStreak(t.to_string())),
        };
        Ok(Setup {
            horses,
            turn,
            streak,
        })
    }
}

impl Position {
    /// Validates a setup under a rule set (RULES.md section 4).
    pub fn from_setup(setup: &Setup, rules: &Rules) -> Result<Position, PositionError> {
        let mut pos = Position {
            words: [u32::MAX; 4],
            playing: 0,
            done: 0,
            turn: NO_TURN,
            streak: setup.streak,
        };
        for seat in Seat::ALL {
            if let Some(mut h) = setup.horses[seat.index()] {
                sort_horses(&mut h);
                pos.set_word(seat.index(), u32::from_le_bytes(h));
                pos.playing |= 1 << seat.index();
            }
        }
        // The colours turn order skips: the finished ones, none with teams.
        pos.done = if rules.teams {
            0
        } else {
            pos.finished_mask(rules)
        };
        let n = pos.playing.count_ones() as usize;
        if n < 2 {
            return Err(PositionError::TooFewColours(n));
        }
        if rules.teams && n < 4 {
            return Err(PositionError::TeamsNeedFour(n));
        }
        if rules.home_column == HomeColumn::Climb {
            for seat in pos.playing_seats() {
                let h = pos.horses(seat);
                if h.contains(&CENTRE) {
                    return Err(PositionError::CentreWithClimb(seat));
                }
                for w in h.windows(2) {
                    if w[0] == w[1]
                        && let Some(cell) = home_cell(w[0])
                    {
                        return Err(PositionError::SharedHomeCell { seat, cell });
                    }
                }
            }
        }
        pos.check_shared_squares(rules)?;
        if let Some(seat) = setup.turn {
            if !pos.is_playing(seat) {
                return Err(PositionError::TurnNotPlaying(seat));
            }
            if rules.teams {
                // A finished colour plays on for its partner; once both are
                // home the game is over.
                if let Some(first) = pos.team_home(rules) {
                    return Err(PositionError::TeamHome(first, first.partner()));
                }
            } else if pos.is_finished(seat, rules) {
                return Err(PositionError::TurnFinished(seat));
            }
            pos.turn = seat as u8;
        }
        if !rules.three_in_a_row_forfeit {
            // RULES.md 3: with the forfeit off the streak is always 0.
            pos.streak = 0;
        }
        Ok(pos)
    }

    /// Parses and validates the notation under a rule set.
    pub fn parse(text: &str, rules: &Rules) -> Result<Position, PositionError> {
        Position::from_setup(&text.parse()?, rules)
    }

    /// The unchecked setup this position came from (for editing).
    pub fn to_setup(&self) -> Setup {
        let mut horses = [None; 4];
        for seat in self.playing_seats() {
            horses[seat.index()] = Some(self.horses(seat));
        }
        Setup {
            horses,
            turn: self.turn(),
            streak: self.streak,
        }
    }

    fn check_shared_squares(&self, rules: &Rules) -> Result<(), PositionError> {
        // Which colour first stood on each square, and how many horses of
        // each colour stand there.
        let mut first: [Option<Seat>; TRACK_SQUARES as usize] = [None; TRACK_SQUARES as usize];
        for seat in self.playing_seats() {
            for p in self.horses(seat) {
                if !is_track(p) {
                    continue;
                }
                let sq = track_square(seat, p);
                match first[sq as usize] {
                    None => first[sq as usize] = Some(seat),
                    Some(other) if other == seat => {}
                    // Partners may share any square.
                    Some(other) if rules.teams && other.partner() == seat => {}
                    Some(other) => {
                        // Safe by the board, or (safe pairs) a square that
                        // a pair made safe: its guests stay when the pair
                        // splits (**decision**), so any sharing is reachable.
                        if !rules.is_safe_square(sq) && rules.pairs != Pairs::SafePair {
                            return Err(PositionError::SharedSquare {
                                square: sq,
                                first: other,
                                second: seat,
                            });
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

fn write_horse(f: &mut fmt::Formatter<'_>, p: u8) -> fmt::Result {
    if p == YARD {
        f.write_str("Y")
    } else {
        write!(f, "{p}")
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL {
            if seat.index() > 0 {
                f.write_str("/")?;
            }
            let Some(mut horses) = self.horses[seat.index()] else {
                f.write_str("-")?;
                continue;
            };
            sort_horses(&mut horses);
            for (i, &p) in horses.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_horse(f, p)?;
            }
        }
        match self.turn {
            Some(seat) => write!(f, " {seat} {}", self.streak),
            None => write!(f, " - {}", self.streak),
        }
    }
}

impl From<Setup> for String {
    fn from(s: Setup) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Setup {
    type Error = PositionError;

    fn try_from(s: String) -> Result<Setup, PositionError> {
        s.parse()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL {
            if seat.index() > 0 {
                f.write_str("/")?;
            }
            if !self.is_playing(seat) {
                f.write_str("-")?;
                continue;
            }
            for (i, &p) in self.horses(seat).iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_horse(f, p)?;
            }
        }
        match self.turn() {
            Some(seat) => write!(f, " {seat} {}", self.streak),
            None => write!(f, " - {}", self.streak),
        }
    }
}

/// Parses and validates under the standard rules. Use [`Position::parse`]
/// for any other rule set.
impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::parse(s, &Rules::standard())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let text = "Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0";
        let pos: Position = text.parse().expect("valid");
        assert_eq!(pos.to_string(), text);
        assert_eq!(
            Some(pos),
            Position::start(&Seat::ALL, Seat::Red),
            "parsed start equals constructed start"
        );
    }

    #[test]
    fn output_sorts_yard_first() {
        let pos: Position = "57,8,Y,Y/-/Y,Y,Y,Y/- y 0".parse().expect("valid");
        assert_eq!(pos.to_string(), "Y,Y,8,57/-/Y,Y,Y,Y/- y 0");
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("Y,Y,Y,Y/Y,Y,Y,Y r", "3 fields"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-  r 0", "3 fields"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/- r 0", "4 colour fields"),
            (
                "Y,Y,Y/Y,Y,Y,Y/-/- r 0",
                "red: a playing colour has exactly 4 horses",
            ),
            ("Y,Y,Y,Y/Y,Y,Y,58/-/- r 0", "green: bad horse '58'"),
            ("Y,Y,Y,Y/Y,Y,Y,x/-/- r 0", "green: bad horse 'x'"),
            ("Y,Y,Y,Y/-/-/- r 0", "at least two colours"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-/- y 0", "yellow does not play"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-/- q 0", "bad turn 'q'"),
            ("Y,Y,Y,Y/Y,Y,Y,Y/-/- r 3", "bad streak '3'"),
            ("57,57,57,57/Y,Y,Y,Y/-/- r 0", "red has already finished"),
            // Red progress 14 and green progress 1 are both square 14.
            (
                "14,Y,Y,Y/1,Y,Y,Y/-/- r 0",
                "red and green share track square 14",
            ),
        ];
        for (text, expected) in cases {
            let err = text.parse::<Position>().expect_err(text).to_string();
            assert!(err.contains(expected), "{text}: {err:?} lacks {expected:?}");
        }
    }

    #[test]
    fn colours_may_share_safe_squares() {
        // Red progress 13 is green's start square 13 (safe); 21 is a star.
        assert!("13,21,Y,Y/0,8,Y,Y/-/- r 0".parse::<Position>().is_ok());
    }
}
