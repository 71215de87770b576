//! A record as text, both ways (`docs/NOTATION.md`, "Game records"):
//!
//! ```text
//! Record: 1
//! Game: ca-ngua
//! Rules: CN1-…
//! Date: 2026-03-14T09:26:53Z
//! Seat: r person Lan
//! Seat: y computer-hard
//! Setup: Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0
//! Result: y r
//!
//! r 6 Y-0
//! r 2 0-2
//! y 3 pass
//! ```
//!
//! The layout is fixed (the header's lines in this order, one blank line,
//! one line per step; blank lines only at the end), so that the line of
//! every step follows from the record itself ([`Record::step_line`]) and a
//! replay can name the line it refuses.

use super::{AnyRecord, Player, RECORD_FORMAT, Record, RecordError, RecordSeat, Step};
use crate::any_game::GameKind;
use crate::game::{Game, Level, Ranking, SeatId};
use crate::with_game;
use std::fmt;
use std::str::FromStr;

/// Header lines before the seats: `Record`, `Game`, `Rules`, `Date`.
const BEFORE_SEATS: usize = 4;

/// The line of the `Rules:` header.
pub(super) const RULES_LINE: usize = 3;

impl<G: Game> Record<G> {
    /// The line of the `Seat:` header of seat entry `index` (from 0).
    pub fn seat_line(&self, index: usize) -> usize {
        BEFORE_SEATS + 1 + index
    }

    /// The line of the `Setup:` header in the record's text.
    pub fn setup_line(&self) -> usize {
        BEFORE_SEATS + self.seats.len() + 1
    }

    /// The line of the `Result:` header in the record's text.
    pub fn result_line(&self) -> usize {
        self.setup_line() + 1
    }

    /// The line of step `index` (from 0) in the record's text.
    pub fn step_line(&self, index: usize) -> usize {
        self.result_line() + 2 + index
    }

    /// The result as the `Result:` line writes it (`*` while the game goes
    /// on).
    pub fn result_text(&self) -> String {
        result_text::<G>(self.result.as_ref())
    }

    /// The record as text (as `Display` writes it).
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// Reads a record's text (without replaying it: [`Record::replay`]
    /// checks the steps against the engine). The error names the line.
    pub fn from_text(text: &str) -> Result<Record<G>, RecordError> {
        let mut lines = Lines::new(text);
        let (n, kind) = read_preamble(&mut lines)?;
        if kind.id() != G::ID {
            return Err(RecordError::new(
                n,
                format!("this is a {} record, not a {} one", kind.name(), G::NAME),
            ));
        }
        let (n, rules) = lines.field("Rules")?;
        let rules = G::rules_from_text(rules).map_err(|e| RecordError::new(n, e))?;
        let (n, date) = lines.field("Date")?;
        let date = date.parse().map_err(|e: String| RecordError::new(n, e))?;
        let mut seats = Vec::new();
        while lines.peek().is_some_and(|l| l.starts_with("Seat:")) {
            let (n, seat) = lines.field("Seat")?;
            seats.push(parse_seat::<G>(seat).map_err(|e| RecordError::new(n, e))?);
        }
        let (n, setup) = lines.field("Setup")?;
        let setup = G::Setup::from_str(setup)
            .map_err(|e| RecordError::new(n, format!("'{setup}' is not a position: {e}")))?;
        let (n, result) = lines.field("Result")?;
        let result = parse_result::<G>(result).map_err(|e| RecordError::new(n, e))?;
        match lines.next() {
            None => {}
            Some((_, "")) => {}
            Some((n, _)) => {
                return Err(RecordError::new(
                    n,
                    "a blank line comes between the header and the steps",
                ));
            }
        }
        let mut steps = Vec::new();
        let mut blank = None;
        for (n, line) in lines.by_ref() {
            if line.trim().is_empty() {
                blank.get_or_insert(n);
                continue;
            }
            if let Some(b) = blank {
                return Err(RecordError::new(b, "a blank line among the steps"));
            }
            steps.push(parse_step::<G>(line).map_err(|e| RecordError::new(n, e))?);
        }
        Ok(Record {
            rules,
            date,
            seats,
            setup,
            steps,
            result,
        })
    }
}

impl<G: Game> FromStr for Record<G> {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<Record<G>, RecordError> {
        Record::from_text(s)
    }
}

impl<G: Game> fmt::Display for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Record: {RECORD_FORMAT}")?;
        writeln!(f, "Game: {}", G::ID)?;
        writeln!(f, "Rules: {}", G::rules_to_text(&self.rules))?;
        writeln!(f, "Date: {}", self.date)?;
        for s in &self.seats {
            write!(f, "Seat: {} {}", s.seat.code(), player_text(s.player))?;
            let name = one_line(&s.name);
            if !name.is_empty() {
                write!(f, " {name}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "Setup: {}", self.setup)?;
        writeln!(f, "Result: {}", result_text::<G>(self.result.as_ref()))?;
        writeln!(f)?;
        for step in &self.steps {
            writeln!(f, "{}", step_text::<G>(step))?;
        }
        Ok(())
    }
}

/// A name as one line: control characters (a line break above all) become
/// spaces, and the ends are trimmed, as reading trims them.
pub(crate) fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

fn player_text(player: Player) -> String {
    match player {
        Player::Person => "person".into(),
        Player::Computer(None) => "computer".into(),
        Player::Computer(Some(level)) => format!("computer-{level}"),
    }
}

fn parse_player(text: &str) -> Result<Player, String> {
    match text {
        "person" => Ok(Player::Person),
        "computer" => Ok(Player::Computer(None)),
        _ => match text.strip_prefix("computer-") {
            Some(level) => Level::from_str(level).map(|l| Player::Computer(Some(l))),
            None => Err(format!(
                "'{text}' is not a player (person, computer or computer-LEVEL)"
            )),
        },
    }
}

fn parse_seat<G: Game>(text: &str) -> Result<RecordSeat<G::Seat>, String> {
    let mut parts = text.splitn(3, ' ');
    let code = parts.next().unwrap_or_default();
    let seat = seat_of::<G>(code)?;
    let player = parse_player(parts.next().unwrap_or_default())?;
    let name = parts.next().unwrap_or_default().trim().to_string();
    Ok(RecordSeat { seat, player, name })
}

fn seat_of<G: Game>(code: &str) -> Result<G::Seat, String> {
    G::Seat::from_code(code).ok_or_else(|| format!("'{code}' is not a seat of {}", G::NAME))
}

/// Places best first, separated by spaces, a shared place's seats joined by
/// `=` (`0 3=4`); `*` while the game goes on.
fn result_text<G: Game>(result: Option<&Ranking<G::Seat>>) -> String {
    result.map_or_else(|| "*".into(), ranking_text::<G>)
}

/// A ranking as the `Result:` line writes it.
pub(super) fn ranking_text<G: Game>(ranking: &Ranking<G::Seat>) -> String {
    ranking
        .iter()
        .map(|p| p.iter().map(|s| s.code()).collect::<Vec<_>>().join("="))
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_result<G: Game>(text: &str) -> Result<Option<Ranking<G::Seat>>, String> {
    if text == "*" {
        return Ok(None);
    }
    let ranking = text
        .split(' ')
        .map(|place| place.split('=').map(seat_of::<G>).collect())
        .collect::<Result<Ranking<G::Seat>, String>>()?;
    if ranking.is_empty() {
        return Err("the result is places (seats best first) or *".into());
    }
    Ok(Some(ranking))
}

fn step_text<G: Game>(step: &Step<G>) -> String {
    let mut text = step.seat.code();
    if let Some(roll) = step.roll {
        text = format!("{text} {roll}");
    }
    match step.mv {
        Some(mv) => format!("{text} {mv}"),
        None => format!("{text} pass"),
    }
}

fn parse_step<G: Game>(line: &str) -> Result<Step<G>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let shape = if G::HAS_DICE {
        "a step is a seat, a roll and a move (or pass): r 6 Y-0"
    } else {
        "a step is a seat and a move (or pass): 0 3-14"
    };
    let (seat, roll, mv) = match (G::HAS_DICE, words.as_slice()) {
        (true, [seat, roll, mv]) => (*seat, Some(*roll), *mv),
        (false, [seat, mv]) => (*seat, None, *mv),
        _ => return Err(format!("'{line}': {shape}")),
    };
    let seat = seat_of::<G>(seat)?;
    let roll = match roll {
        Some(r) => Some(G::Roll::from_str(r).map_err(|e| format!("'{r}' is not a roll: {e}"))?),
        None => None,
    };
    let mv = match mv {
        "pass" => None,
        m => Some(G::Move::from_str(m).map_err(|e| format!("'{m}' is not a move: {e}"))?),
    };
    Ok(Step { seat, roll, mv })
}

/// The text's lines, numbered from 1.
struct Lines<'a> {
    inner: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    last: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            inner: text.lines().enumerate().peekable(),
            last: 0,
        }
    }

    fn peek(&mut self) -> Option<&'a str> {
        self.inner.peek().map(|(_, l)| *l)
    }

    /// The next line, which must be the header `key: value`; its value.
    fn field(&mut self, key: &str) -> Result<(usize, &'a str), RecordError> {
        let Some((n, line)) = self.next() else {
            return Err(RecordError::new(
                self.last + 1,
                format!("the record ends before its '{key}:' line"),
            ));
        };
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(": "))
            .map(|value| (n, value.trim()))
            .ok_or_else(|| RecordError::new(n, format!("expected the '{key}:' line here")))
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (i, line) = self.inner.next()?;
        self.last = i + 1;
        Some((i + 1, line))
    }
}

/// The first two lines: the format version (a newer one is refused before
/// anything else is read) and the game. Returns the game's line.
fn read_preamble(lines: &mut Lines<'_>) -> Result<(usize, GameKind), RecordError> {
    let (n, version) = lines.field("Record").map_err(|_| {
        RecordError::new(
            1,
            format!("not a game record: one begins with 'Record: {RECORD_FORMAT}'"),
        )
    })?;
    let version: u32 = version
        .parse()
        .map_err(|_| RecordError::new(n, format!("'{version}' is not a format version")))?;
    if version > RECORD_FORMAT {
        return Err(RecordError::new(
            n,
            format!(
                "written by a newer version of the game (record format {version}; this one reads {RECORD_FORMAT})"
            ),
        ));
    }
    if version == 0 {
        return Err(RecordError::new(n, "record format 0 was never written"));
    }
    let (n, game) = lines.field("Game")?;
    let kind = game.parse().map_err(|e: String| RecordError::new(n, e))?;
    Ok((n, kind))
}

/// Reads the record of whichever game its text names.
pub fn read_any(text: &str) -> Result<AnyRecord, RecordError> {
    let (_, kind) = read_preamble(&mut Lines::new(text))?;
    with_game!(kind, G, Wrap => Record::<G>::from_text(text).map(Wrap))
}
