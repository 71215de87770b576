//! The notation of a position (CO-NHAY.md §5): [`Setup`] is what the
//! notation says, unchecked; [`Position::from_setup`] validates it under a
//! rule set, and every refusal is a [`PositionError`] whose message names
//! the problem. Positions print in the same notation.

use super::board::{ARMS, Holes, bit};
use super::moves::{HoleError, PIECES, parse_hole};
use super::position::{NO_TURN, Position};
use super::rules::Rules;
use super::seats::{Arm, ArmList, Players};
use std::fmt;
use std::str::FromStr;

/// The notation, read but not checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The holes of each arm's pieces (ascending once read), `None` for `-`.
    pub pieces: [Option<Vec<u8>>; ARMS],
    /// The arm to move, `None` for `-`.
    pub turn: Option<Arm>,
    /// The finished list as written.
    pub finished: Vec<Arm>,
}

/// What is wrong with a position. Every refusal of CO-NHAY.md §5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not three fields separated by single spaces.
    FieldCount(usize),
    /// Not six `/`-separated arm fields.
    ArmCount(usize),
    /// A hole token that is not a number.
    BadHole {
        /// The arm field it is in.
        arm: Arm,
        /// The token.
        token: String,
    },
    /// A hole number over 120.
    NoSuchHole {
        /// The arm field it is in.
        arm: Arm,
        /// The token.
        token: String,
    },
    /// Two pieces on one hole.
    SharedHole(u8),
    /// An arm in play without exactly ten pieces.
    PieceCount {
        /// The arm.
        arm: Arm,
        /// How many pieces it lists.
        found: usize,
    },
    /// The arms in play are not one of the seatings (bit `k` for arm `k`).
    Seating(u8),
    /// The turn field is not an arm number or `-`.
    BadTurn(String),
    /// The finished field is not `-` or arm numbers separated by commas.
    BadFinished(String),
    /// An arm listed twice in the finished list.
    FinishedTwice(Arm),
    /// A listed finisher is not in play.
    FinisherNotPlaying(Arm),
    /// The arm to move does not play.
    TurnNotPlaying(Arm),
    /// The arm to move has finished.
    TurnFinished(Arm),
    /// The turn is `-` but the game is not over.
    NotOver,
    /// The turn names an arm but the game is over.
    Over(Arm),
    /// A player not in the finished list has won.
    UnlistedWinner(Arm),
    /// A listed finisher has not won: fewer than ten pieces in its target
    /// (with anti-blocking: none).
    NotFinished {
        /// The arm.
        arm: Arm,
        /// Its pieces in its target.
        home: u32,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            FieldCount(n) => write!(
                f,
                "a position has 3 fields separated by single spaces (pieces, turn, finished), found {n}"
            ),
            ArmCount(n) => write!(
                f,
                "the pieces field has 6 arm fields separated by '/' (arms 0 to 5), found {n}"
            ),
            BadHole { arm, token } => write!(
                f,
                "arm {arm}: bad hole '{token}' (expected hole numbers 0-120 separated by ',', or '-' for an arm not in play)"
            ),
            NoSuchHole { arm, token } => {
                write!(
                    f,
                    "arm {arm}: hole {token} does not exist (holes are 0-120)"
                )
            }
            SharedHole(h) => write!(f, "two pieces on hole {h}"),
            PieceCount { arm, found } => write!(
                f,
                "arm {arm}: a player has exactly 10 pieces, found {found} (write '-' for an arm not in play)"
            ),
            Seating(mask) => {
                let arms: Vec<String> = (0..ARMS)
                    .filter(|a| mask >> a & 1 != 0)
                    .map(|a| a.to_string())
                    .collect();
                let arms = if arms.is_empty() {
                    "none".to_string()
                } else {
                    arms.join(", ")
                };
                write!(
                    f,
                    "arms in play {arms} are not a seating (2 players: 0, 3; 3: 0, 2, 4; 4: 0, 1, 3, 4; 6: all)"
                )
            }
            BadTurn(t) => write!(
                f,
                "bad turn '{t}' (expected an arm 0-5, or - when the game is over)"
            ),
            BadFinished(t) => write!(
                f,
                "bad finished list '{t}' (expected arms 0-5 separated by ',', or -)"
            ),
            FinishedTwice(a) => write!(f, "arm {a} is listed twice among the finished"),
            FinisherNotPlaying(a) => {
                write!(f, "arm {a} is listed as finished but does not play")
            }
            TurnNotPlaying(a) => write!(f, "it is arm {a}'s turn but arm {a} does not play"),
            TurnFinished(a) => write!(f, "it is arm {a}'s turn but arm {a} has already finished"),
            NotOver => f.write_str("the turn is '-' but the game is not over"),
            Over(a) => write!(
                f,
                "the game is over, so nobody moves, but the turn is arm {a}"
            ),
            UnlistedWinner(a) => write!(f, "arm {a} has won but is not in the finished list"),
            NotFinished { arm, home } => write!(
                f,
                "arm {arm} is listed as finished but has {home} of its pieces in its target arm"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

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
        let arm_fields: Vec<&str> = fields[0].split('/').collect();
        if arm_fields.len() != ARMS {
            return Err(PositionError::ArmCount(arm_fields.len()));
        }
        let mut pieces: [Option<Vec<u8>>; ARMS] = Default::default();
        for (arm, field) in Arm::ALL.into_iter().zip(&arm_fields) {
            if *field == "-" {
                continue;
            }
            let mut holes = Vec::with_capacity(PIECES);
            for token in field.split(',') {
                let hole = parse_hole(token).map_err(|e| match e {
                    HoleError::Malformed => PositionError::BadHole {
                        arm,
                        token: token.to_string(),
                    },
                    HoleError::OutOfRange => PositionError::NoSuchHole {
                        arm,
                        token: token.to_string(),
                    },
                })?;
                holes.push(hole);
            }
            // Any order in, one order kept: two setups of one position
            // compare equal.
            holes.sort_unstable();
            pieces[arm.index()] = Some(holes);
        }
        let arm_token = |t: &str| -> Option<Arm> {
            match t.as_bytes() {
                [d @ b'0'..=b'5'] => Arm::new(d - b'0'),
                _ => None,
            }
        };
        let turn = match fields[1] {
            "-" => None,
            t => Some(arm_token(t).ok_or_else(|| PositionError::BadTurn(t.to_string()))?),
        };
        let mut finished = Vec::new();
        if fields[2] != "-" {
            for t in fields[2].split(',') {
                let arm = arm_token(t)
                    .ok_or_else(|| PositionError::BadFinished(fields[2].to_string()))?;
                if finished.contains(&arm) {
                    return Err(PositionError::FinishedTwice(arm));
                }
                finished.push(arm);
            }
        }
        Ok(Setup {
            pieces,
            turn,
            finished,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            match p {
                None => f.write_str("-")?,
                Some(holes) => {
                    for (j, h) in holes.iter().enumerate() {
                        if j > 0 {
                            f.write_str(",")?;
                        }
                        write!(f, "{h}")?;
                    }
                }
            }
        }
        match self.turn {
            Some(a) => write!(f, " {a} ")?,
            None => f.write_str(" - ")?,
        }
        if self.finished.is_empty() {
            return f.write_str("-");
        }
        for (i, a) in self.finished.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

impl Position {
    /// Reads and validates a position under `rules`.
    pub fn parse(text: &str, rules: &Rules) -> Result<Position, PositionError> {
        Position::from_setup(&text.parse::<Setup>()?, rules)
    }

    /// Validates a setup under `rules` (CO-NHAY.md §5).
    pub fn from_setup(setup: &Setup, rules: &Rules) -> Result<Position, PositionError> {
        let mut pieces = [0u128; ARMS];
        let mut occupied = 0u128;
        let mut playing = 0u8;
        for arm in Arm::ALL {
            let Some(holes) = &setup.pieces[arm.index()] else {
                continue;
            };
            for &h in holes {
                if occupied & bit(h) != 0 {
                    return Err(PositionError::SharedHole(h));
                }
                occupied |= bit(h);
                pieces[arm.index()] |= bit(h);
            }
            if holes.len() != PIECES {
                return Err(PositionError::PieceCount {
                    arm,
                    found: holes.len(),
                });
            }
            playing |= 1 << arm.index();
        }
        let players = Players::from_mask(playing).ok_or(PositionError::Seating(playing))?;
        let mut finished = ArmList::EMPTY;
        for &arm in &setup.finished {
            if playing >> arm.index() & 1 == 0 {
                return Err(PositionError::FinisherNotPlaying(arm));
            }
            finished.push(arm);
        }
        let mut p = Position {
            pieces,
            occupied,
            players,
            turn: NO_TURN,
            finished,
        };
        for arm in finished.iter() {
            let home = (p.pieces[arm.index()] & arm.target().holes()).count_ones();
            let enough = if rules.anti_blocking {
                home > 0
            } else {
                home as usize == PIECES
            };
            if !enough {
                return Err(PositionError::NotFinished { arm, home });
            }
        }
        if let Some(arm) = p
            .arms()
            .find(|&a| !finished.contains(a) && p.has_won(a, rules))
        {
            return Err(PositionError::UnlistedWinner(arm));
        }
        let over = p.game_is_over(rules);
        match setup.turn {
            None if !over => return Err(PositionError::NotOver),
            None => {}
            Some(arm) if playing >> arm.index() & 1 == 0 => {
                return Err(PositionError::TurnNotPlaying(arm));
            }
            Some(arm) if finished.contains(arm) => return Err(PositionError::TurnFinished(arm)),
            Some(arm) if over => return Err(PositionError::Over(arm)),
            Some(arm) => p.turn = arm.number(),
        }
        Ok(p)
    }

    /// The position as notation, unchecked.
    pub fn to_setup(&self) -> Setup {
        let mut pieces: [Option<Vec<u8>>; ARMS] = Default::default();
        for a in self.arms() {
            pieces[a.index()] = Some(Holes(self.pieces[a.index()]).collect());
        }
        Setup {
            pieces,
            turn: self.turn(),
            finished: self.finished.iter().collect(),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

/// Reads and validates a position under the standard rules (use
/// [`Position::parse`] for other rules: anti-blocking and the game end
/// change which positions are valid).
impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::parse(s, &Rules::standard())
    }
}
