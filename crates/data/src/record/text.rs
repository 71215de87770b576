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
//! An online round's dice that anyone can check (format 2) add lines after
//! `Result:`, each in its place:
//!
//! ```text
//! Dice-round: 1
//! Dice-commit: 66687aad…
//! Dice-client-seed: r 3f9c0b…
//! Dice-client-seed: y 8e21d4…
//! Dice-first-roll: 1
//! Dice-seed: 0000…
//! ```
//!
//! A seat that changed hands during the game (format 3) adds a line for
//! each change after those, the number of the first step its new player
//! may play, the seat and the player as a `Seat:` line has them:
//!
//! ```text
//! Player: 4 r computer-medium
//! Player: 120 r person Lan
//! ```
//!
//! The layout is fixed (the header's lines in this order, one blank line,
//! one line per step; blank lines only at the end), so that the line of
//! every step follows from the record itself ([`Record::step_line`]) and a
//! replay can name the line it refuses.

use super::{
    AnyRecord, DateError, Player, PlayerChange, RECORD_FORMAT, Record, RecordDice, RecordError,
    RecordSeat, Step,
};
use ca_ngua_core::game::{Game, Level, Ranking, SeatId};
use ca_ngua_games::GameKind;
use ca_ngua_games::with_game;
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

    /// The line of the `Dice-round:` header, the first of the dice's
    /// lines (`None` for a record without them).
    pub fn dice_line(&self) -> Option<usize> {
        self.dice.as_ref().map(|_| self.result_line() + 1)
    }

    /// The line of the `Dice-seed:` header (`None` for a record without
    /// a revealed seed).
    pub fn dice_seed_line(&self) -> Option<usize> {
        let dice = self.dice.as_ref().filter(|d| d.revealed.is_some())?;
        Some(self.result_line() + 4 + dice.seeds.len())
    }

    /// How many lines the dice take after `Result:` (format 2).
    fn dice_lines(&self) -> usize {
        self.dice
            .as_ref()
            .map_or(0, |d| 3 + d.seeds.len() + usize::from(d.revealed.is_some()))
    }

    /// The line of the `Player:` header of change `index` (from 0) in
    /// [`Record::changes`].
    pub fn change_line(&self, index: usize) -> usize {
        self.result_line() + self.dice_lines() + 1 + index
    }

    /// How many lines the header has after `Result:` (what formats after
    /// the first add).
    fn lines_after_result(&self) -> usize {
        self.dice_lines() + self.changes.len()
    }

    /// The line of step `index` (from 0) in the record's text.
    pub fn step_line(&self, index: usize) -> usize {
        self.result_line() + self.lines_after_result() + 2 + index
    }

    /// The format the record is written in: the oldest that holds all it
    /// has (1 without checkable dice, 2 with them, 3 with a seat that
    /// changed hands), so that an older version of the game still reads
    /// every record it can.
    pub fn format(&self) -> u32 {
        if !self.changes.is_empty() {
            3
        } else if self.dice.is_some() {
            2
        } else {
            1
        }
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
        let rules = G::rules_from_text(rules).map_err(|e| RecordError::new(n, e.to_string()))?;
        let (n, date) = lines.field("Date")?;
        let date = date
            .parse()
            .map_err(|e: DateError| RecordError::new(n, e.to_string()))?;
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
        let dice = if lines.peek().is_some_and(|l| l.starts_with("Dice-")) {
            Some(read_dice::<G>(&mut lines)?)
        } else {
            None
        };
        let changes = read_changes::<G>(&mut lines)?;
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
            dice,
            changes,
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
        writeln!(f, "Record: {}", self.format())?;
        writeln!(f, "Game: {}", G::ID)?;
        writeln!(f, "Rules: {}", G::rules_to_text(&self.rules))?;
        writeln!(f, "Date: {}", self.date)?;
        for s in &self.seats {
            writeln!(f, "Seat: {}", seat_text(s.seat, s.player, &s.name))?;
        }
        writeln!(f, "Setup: {}", self.setup)?;
        writeln!(f, "Result: {}", result_text::<G>(self.result.as_ref()))?;
        if let Some(dice) = &self.dice {
            writeln!(f, "Dice-round: {}", dice.round)?;
            writeln!(f, "Dice-commit: {}", one_line(&dice.commit))?;
            for (seat, seed) in &dice.seeds {
                writeln!(f, "Dice-client-seed: {} {}", seat.code(), one_line(seed))?;
            }
            writeln!(f, "Dice-first-roll: {}", dice.first_roll)?;
            if let Some(seed) = &dice.revealed {
                writeln!(f, "Dice-seed: {}", one_line(seed))?;
            }
        }
        for c in &self.changes {
            writeln!(
                f,
                "Player: {} {}",
                c.step.saturating_add(1),
                seat_text(c.seat, c.player, &c.name)
            )?;
        }
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

/// A seat and its player as a `Seat:` line has them: `r person Lan`.
fn seat_text<S: SeatId>(seat: S, player: Player, name: &str) -> String {
    let name = one_line(name);
    let mut text = format!("{} {player}", seat.code());
    if !name.is_empty() {
        text = format!("{text} {name}");
    }
    text
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

/// True for 64 hex digits (a seed or its SHA-256).
fn is_hex64(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A player's seed as the protocol allows it: 1–64 printable ASCII
/// characters, no spaces.
fn is_client_seed(text: &str) -> bool {
    (1..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_graphic())
}

/// The dice's lines after `Result:` (format 2): the round, the commit,
/// each seat's seed, the first step's roll number, the revealed seed.
fn read_dice<G: Game>(lines: &mut Lines<'_>) -> Result<RecordDice<G::Seat>, RecordError> {
    let (n, round) = lines.field("Dice-round")?;
    if !G::HAS_DICE {
        return Err(RecordError::new(n, format!("{} has no dice", G::NAME)));
    }
    let round = round
        .parse::<u32>()
        .ok()
        .filter(|r| *r >= 1)
        .ok_or_else(|| RecordError::new(n, format!("'{round}' is not a round (1, 2, …)")))?;
    let (n, commit) = lines.field("Dice-commit")?;
    if !is_hex64(commit) {
        return Err(RecordError::new(
            n,
            format!("'{commit}' is not a commit (64 hex digits)"),
        ));
    }
    let mut dice: RecordDice<G::Seat> = RecordDice::new(round, commit.to_ascii_lowercase());
    while lines
        .peek()
        .is_some_and(|l| l.starts_with("Dice-client-seed:"))
    {
        let (n, text) = lines.field("Dice-client-seed")?;
        let (code, seed) = text.split_once(' ').unwrap_or((text, ""));
        let seat = seat_of::<G>(code).map_err(|e| RecordError::new(n, e))?;
        let seed = seed.trim();
        if !is_client_seed(seed) {
            return Err(RecordError::new(
                n,
                format!(
                    "'{seed}' is not a player's seed (1 to 64 printable characters, no spaces)"
                ),
            ));
        }
        if dice.seeds.iter().any(|(s, _)| s.index() >= seat.index()) {
            return Err(RecordError::new(
                n,
                format!("the seeds are one a seat, in seat order ('{code}' comes too late)"),
            ));
        }
        dice.seeds.push((seat, seed.to_string()));
    }
    let (n, first) = lines.field("Dice-first-roll")?;
    dice.first_roll = first
        .parse::<u32>()
        .ok()
        .filter(|r| *r >= 1)
        .ok_or_else(|| {
            RecordError::new(n, format!("'{first}' is not a roll's number (1, 2, …)"))
        })?;
    if lines.peek().is_some_and(|l| l.starts_with("Dice-seed:")) {
        let (n, seed) = lines.field("Dice-seed")?;
        if !is_hex64(seed) {
            return Err(RecordError::new(
                n,
                format!("'{seed}' is not a dice seed (64 hex digits)"),
            ));
        }
        dice.revealed = Some(seed.to_ascii_lowercase());
    }
    Ok(dice)
}

/// The `Player:` lines after `Result:` and the dice (format 3): each a
/// seat changing hands, from the step it names (counted from 1), in the
/// order of their steps, one a seat and step.
fn read_changes<G: Game>(lines: &mut Lines<'_>) -> Result<Vec<PlayerChange<G::Seat>>, RecordError> {
    let mut changes: Vec<PlayerChange<G::Seat>> = Vec::new();
    while lines.peek().is_some_and(|l| l.starts_with("Player:")) {
        let (n, text) = lines.field("Player")?;
        let (number, rest) = text.split_once(' ').unwrap_or((text, ""));
        let step = number
            .parse::<usize>()
            .ok()
            .filter(|s| *s >= 1)
            .ok_or_else(|| {
                RecordError::new(
                    n,
                    format!("'{number}' is not a step's number (1, 2, …): a change is 'Player: STEP SEAT PLAYER [NAME]'"),
                )
            })?
            - 1;
        let seat = parse_seat::<G>(rest.trim()).map_err(|e| RecordError::new(n, e))?;
        if let Some(last) = changes.last()
            && last.step > step
        {
            return Err(RecordError::new(
                n,
                format!(
                    "the changes come in the order of their steps (step {} after step {})",
                    step + 1,
                    last.step + 1
                ),
            ));
        }
        if changes
            .iter()
            .any(|c| c.step == step && c.seat == seat.seat)
        {
            return Err(RecordError::new(
                n,
                format!(
                    "seat {} changes hands twice at step {}",
                    seat.seat.code(),
                    step + 1
                ),
            ));
        }
        changes.push(PlayerChange {
            step,
            seat: seat.seat,
            player: seat.player,
            name: seat.name,
        });
    }
    Ok(changes)
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
            "not a game record: one begins with 'Record: 1' (or a later format)".to_string(),
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
