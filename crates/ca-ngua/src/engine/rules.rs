//! The rule set: every house-rule toggle of RULES.md section 3, and the
//! presets `standard`, `casual` and `traditional`.
//!
//! A `Rules` value is plain data. The engine reads it while generating and
//! applying moves; the app, the command line, the bots and self-play all see
//! the same value, so a toggle is a rule of the engine, never of the UI.

use super::board::{CENTRE, DOOR, HORSES, TOP_CELL};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One die or two.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dice {
    /// One die, values 1..=6 (standard).
    One,
    /// Two dice, a roll is `a+b`: the move uses the sum, a double may use
    /// one die's value instead; exit and bonus on a double or `1+6`.
    Two,
}

/// Which single-die values bring a horse out of the yard.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExitRolls {
    /// Only a 6 (standard).
    Six,
    /// A 1 or a 6.
    OneOrSix,
}

/// Which track squares protect the horses standing on them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SafeSquares {
    /// The four start squares and the four stars (standard).
    StartsAndStars,
    /// Only the four start squares.
    StartsOnly,
    /// No safe squares on the track (yards and home cells stay safe).
    None,
}

/// What two or more horses of one colour on one track square mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pairs {
    /// Nothing special: they are kicked together (standard).
    Ordinary,
    /// The square is safe while they stay; others may share it.
    SafePair,
    /// No other colour may land on or pass the square.
    Block,
}

/// How a horse enters and climbs its home column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HomeColumn {
    /// Move through the column like the track; the centre needs the exact
    /// number (standard).
    Exact,
    /// Land exactly on the door, enter on cell `n` with a move of `n`, climb
    /// one cell with exactly `k+1` (or any double); win on cells 6, 5, 4, 3.
    Climb,
}

/// When the game ends and how the places are decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// The first colour home wins; the others rank by horses home (standard).
    FirstWinnerByHorsesHome,
    /// The first colour home wins; the others rank by distance travelled.
    FirstWinnerByDistance,
    /// Play on until every place is decided.
    PlayOn,
}

/// Direction of travel. Cosmetic: the rules are the same mirrored, so only
/// the board view reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Clockwise (standard).
    Clockwise,
    /// Counter-clockwise (seed 001).
    CounterClockwise,
}

/// A complete rule set. Every field is a toggle of RULES.md section 3, plus
/// the safety cap of section 2.5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// One die or two.
    pub dice: Dice,
    /// Single-die exit values (with two dice: a double or `1+6`).
    pub exit_rolls: ExitRolls,
    /// A kick gives the same colour another roll.
    pub bonus_after_kick: bool,
    /// A horse reaching the finish gives the same colour another roll.
    pub bonus_after_finish: bool,
    /// The third bonus-granting roll in a row (6, or a double / `1+6`) is
    /// forfeited and the turn passes.
    pub three_in_a_row_forfeit: bool,
    /// Which track squares are safe.
    pub safe_squares: SafeSquares,
    /// Two or more horses of one colour on a square.
    pub pairs: Pairs,
    /// A horse may not pass any horse, nor land on its own.
    pub no_passing: bool,
    /// If a move kicks, only kicking moves are legal.
    pub forced_kick: bool,
    /// If an exit is legal (after forced kick), it must be taken.
    pub forced_exit: bool,
    /// Exact home column or the traditional climb.
    pub home_column: HomeColumn,
    /// When the game ends and how places are decided.
    pub game_end: GameEnd,
    /// Direction of travel (cosmetic).
    pub direction: Direction,
    /// Keep the scoring ledger (kicks, Thầu mạ, Sập hầm, settlement).
    pub scoring: bool,
    /// The safety cap: a game stops after this many rolls.
    pub roll_cap: u32,
    /// Two teams of partners across the board, red with yellow against
    /// green with blue (four players only). Absent from files written
    /// before the toggle existed, which read as off.
    #[serde(default)]
    pub teams: bool,
}

/// The largest safety cap a rule set may ask for.
pub const MAX_ROLL_CAP: u32 = 1_000_000;

/// A setting that cannot be combined with another, or is out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// The field at fault, as named in the rules file.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for RulesError {}

/// The names of the built-in presets, in the order menus show them.
pub const PRESET_NAMES: [&str; 4] = ["standard", "casual", "teams", "traditional"];

impl Default for Rules {
    fn default() -> Self {
        Rules::standard()
    }
}

impl Rules {
    /// Section 2 (seed 000): one die, exit on 6, a 6 rolls again, three 6s
    /// forfeit, eight safe squares, exact home column, first winner ends the
    /// game and the rest rank by horses home. Cap 900 rolls.
    pub const fn standard() -> Rules {
        Rules {
            dice: Dice::One,
            exit_rolls: ExitRolls::Six,
            bonus_after_kick: false,
            bonus_after_finish: false,
            three_in_a_row_forfeit: true,
            safe_squares: SafeSquares::StartsAndStars,
            pairs: Pairs::Ordinary,
            no_passing: false,
            forced_kick: false,
            forced_exit: false,
            home_column: HomeColumn::Exact,
            game_end: GameEnd::FirstWinnerByHorsesHome,
            direction: Direction::Clockwise,
            scoring: false,
            roll_cap: 900,
            teams: false,
        }
    }

    /// Seed 002's defaults: standard plus a bonus roll after a kick and
    /// after a finish, and play on for every place.
    pub const fn casual() -> Rules {
        let mut r = Rules::standard();
        r.bonus_after_kick = true;
        r.bonus_after_finish = true;
        r.game_end = GameEnd::PlayOn;
        r
    }

    /// Standard plus teams: red with yellow against green with blue.
    pub const fn teams() -> Rules {
        let mut r = Rules::standard();
        r.teams = true;
        r
    }

    /// Seed 001: two dice, no safe squares, no passing, forced kick then
    /// forced exit, the climb, play on, counter-clockwise, no three-in-a-row
    /// forfeit, scoring ledger on. Cap 10,000 rolls.
    pub const fn traditional() -> Rules {
        Rules {
            dice: Dice::Two,
            exit_rolls: ExitRolls::Six,
            bonus_after_kick: false,
            bonus_after_finish: false,
            three_in_a_row_forfeit: false,
            safe_squares: SafeSquares::None,
            pairs: Pairs::Ordinary,
            no_passing: true,
            forced_kick: true,
            forced_exit: true,
            home_column: HomeColumn::Climb,
            game_end: GameEnd::PlayOn,
            direction: Direction::CounterClockwise,
            scoring: true,
            roll_cap: 10_000,
            teams: false,
        }
    }

    /// A built-in preset by name.
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "standard" => Some(Rules::standard()),
            "casual" => Some(Rules::casual()),
            "teams" => Some(Rules::teams()),
            "traditional" => Some(Rules::traditional()),
            _ => None,
        }
    }

    /// The name of the built-in preset equal to these rules, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESET_NAMES
            .into_iter()
            .find(|name| Rules::preset(name).as_ref() == Some(self))
    }

    /// Checks that the settings fit together. Every rule set the engine
    /// plays has passed this check.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.roll_cap == 0 || self.roll_cap > MAX_ROLL_CAP {
            return Err(RulesError {
                field: "roll_cap",
                message: format!(
                    "must be between 1 and {MAX_ROLL_CAP}, not {}",
                    self.roll_cap
                ),
            });
        }
        if self.dice == Dice::Two && self.exit_rolls != ExitRolls::Six {
            return Err(RulesError {
                field: "exit_rolls",
                message: "with two dice a horse exits on a double or 1+6; \
                          exit_rolls must be six"
                    .to_string(),
            });
        }
        Ok(())
    }

    /// The nearest rule set that validates, for settings edited one toggle
    /// at a time (the settings panel, rule files, the command line): with
    /// two dice a horse exits on a double or `1+6`, so `exit_rolls` becomes
    /// `six`; a safety cap out of range is brought into range.
    pub fn normalized(mut self) -> Rules {
        if self.dice == Dice::Two {
            self.exit_rolls = ExitRolls::Six;
        }
        self.roll_cap = self.roll_cap.clamp(1, MAX_ROLL_CAP);
        self
    }

    /// The rules after one toggle changed from `before`: [`Rules::normalized`],
    /// and the safety cap follows the home column (the climb's games are far
    /// longer, RULES.md 2.5) unless only the cap itself changed.
    pub fn edited_from(self, before: &Rules) -> Rules {
        let mut r = self.normalized();
        if r != *before && r.roll_cap == before.roll_cap {
            r.roll_cap = match r.home_column {
                HomeColumn::Exact => Rules::standard().roll_cap,
                HomeColumn::Climb => Rules::traditional().roll_cap,
            };
        }
        r
    }

    /// True when the square (absolute 0..=51) is safe by the board alone
    /// (start or star squares), before any pair rule.
    #[inline]
    pub fn is_safe_square(&self, square: u8) -> bool {
        (self.safe_square_mask() >> square) & 1 != 0
    }

    /// Bit `s` set for every safe absolute square `s` (by the board alone).
    #[inline]
    pub const fn safe_square_mask(&self) -> u64 {
        const STARTS: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
        const STARS: u64 = STARTS << super::board::STAR_OFFSET;
        match self.safe_squares {
            SafeSquares::StartsAndStars => STARTS | STARS,
            SafeSquares::StartsOnly => STARTS,
            SafeSquares::None => 0,
        }
    }

    /// True when no toggle makes a move depend on where other horses stand
    /// (one die, exact column, ordinary pairs, passing allowed, nothing
    /// forced, no teams): the move generator's fast path.
    #[inline]
    pub const fn is_plain(&self) -> bool {
        matches!(self.dice, Dice::One)
            && matches!(self.home_column, HomeColumn::Exact)
            && matches!(self.pairs, Pairs::Ordinary)
            && !self.no_passing
            && !self.forced_kick
            && !self.forced_exit
            && !self.teams
    }

    /// The largest progress a horse can reach: the centre, or cell 6 with the
    /// climb.
    #[inline]
    pub const fn last_progress(&self) -> u8 {
        match self.home_column {
            HomeColumn::Exact => CENTRE,
            HomeColumn::Climb => TOP_CELL,
        }
    }

    /// True when a horse at `progress` counts as home: at the centre, or with
    /// the climb on one of the winning cells 3..=6 (**decision**: the same
    /// count ranks the players and settles the ledger).
    #[inline]
    pub const fn is_home(&self, progress: u8) -> bool {
        match self.home_column {
            HomeColumn::Exact => progress == CENTRE,
            HomeColumn::Climb => progress >= DOOR + 3 && progress <= TOP_CELL,
        }
    }

    /// True when this rule set has a second roll for a finish or a kick.
    pub const fn has_event_bonus(&self) -> bool {
        self.bonus_after_kick || self.bonus_after_finish
    }
}

/// A colour's sorted horses once all are home: four at the centre, or with
/// the climb one on each of cells 3, 4, 5 and 6 (a cell holds one horse).
#[inline(always)]
pub(crate) const fn finished_horses(rules: &Rules) -> [u8; HORSES] {
    match rules.home_column {
        HomeColumn::Exact => [CENTRE; HORSES],
        HomeColumn::Climb => [DOOR + 3, DOOR + 4, DOOR + 5, DOOR + 6],
    }
}

/// [`finished_horses`] as one word, as a position holds a colour's horses.
#[inline(always)]
pub(crate) const fn finished_word(rules: &Rules) -> u32 {
    u32::from_le_bytes(finished_horses(rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_validate_and_have_names() {
        for name in PRESET_NAMES {
            let rules = Rules::preset(name).expect("preset");
            assert_eq!(rules.validate(), Ok(()));
            assert_eq!(rules.preset_name(), Some(name));
        }
        assert!(Rules::preset("nonsense").is_none());
    }

    #[test]
    fn safe_square_masks_match_the_board() {
        use crate::engine::board::{is_star_square, is_start_square};
        let mut starts_only = Rules::standard();
        starts_only.safe_squares = SafeSquares::StartsOnly;
        for sq in 0..52 {
            let start = is_start_square(sq);
            assert_eq!(
                Rules::standard().is_safe_square(sq),
                start || is_star_square(sq)
            );
            assert_eq!(starts_only.is_safe_square(sq), start);
            assert!(!Rules::traditional().is_safe_square(sq));
        }
        // The compiled mask reads a seat's progress as a square.
        for rules in [Rules::standard(), starts_only, Rules::traditional()] {
            let safe = rules.compile().safe;
            for seat in crate::engine::Seat::ALL {
                for p in 0..=DOOR {
                    let sq = crate::engine::track_square(seat, p);
                    assert_eq!(safe >> p & 1 != 0, rules.is_safe_square(sq));
                }
            }
        }
    }

    #[test]
    fn compiled_tables_agree_with_the_rolls() {
        use crate::engine::Roll;
        for (forfeit, one_or_six) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut rules = Rules::standard();
            rules.three_in_a_row_forfeit = forfeit;
            rules.exit_rolls = if one_or_six {
                ExitRolls::OneOrSix
            } else {
                ExitRolls::Six
            };
            let c = rules.compile();
            let one = (1..=6).map(Roll::die);
            let two = (1..=6).flat_map(|a| (a..=6).map(move |b| Roll::dice_pair(a, b)));
            for roll in one.chain(two) {
                let i = roll.index();
                let bonus = roll.grants_bonus();
                for streak in 0..=2 {
                    let forfeited = forfeit && streak >= 2 && bonus;
                    assert_eq!(streak >= c.forfeit_streak[i], forfeited, "{roll}");
                    assert_eq!(streak < c.bonus_below[i], bonus && !forfeited, "{roll}");
                }
                if !roll.is_two_dice() {
                    let d = usize::from(roll.dice().0);
                    assert_eq!(c.die_exits[d] != 0, roll.exits(&rules), "{roll}");
                }
            }
        }
    }

    #[test]
    fn contradictions_name_their_field() {
        let mut r = Rules::traditional();
        r.exit_rolls = ExitRolls::OneOrSix;
        assert_eq!(r.validate().map_err(|e| e.field), Err("exit_rolls"));
        let mut r = Rules::standard();
        r.roll_cap = 0;
        assert_eq!(r.validate().map_err(|e| e.field), Err("roll_cap"));
    }

    #[test]
    fn casual_differs_from_standard_only_where_rules_md_says() {
        let mut c = Rules::casual();
        assert!(c.bonus_after_kick && c.bonus_after_finish);
        assert_eq!(c.game_end, GameEnd::PlayOn);
        c.bonus_after_kick = false;
        c.bonus_after_finish = false;
        c.game_end = GameEnd::FirstWinnerByHorsesHome;
        assert_eq!(c, Rules::standard());
    }
}
