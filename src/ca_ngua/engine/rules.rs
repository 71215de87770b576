//! The rule set: every house-rule toggle of RULES.md section 3, and the
//! presets `standard`, `casual` and `traditional`.
//!
//! A `Rules` value is plain data. The engine reads it while generating and
//! applying moves; the app, the command line, the bots and self-play all see
//! the same value, so a toggle is a rule of the engine, never of the UI.

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
            HomeColumn::Exact => super::board::CENTRE,
            HomeColumn::Climb => super::board::TOP_CELL,
        }
    }

    /// True when a horse at `progress` counts as home: at the centre, or with
    /// the climb on one of the winning cells 3..=6 (**decision**: the same
    /// count ranks the players and settles the ledger).
    #[inline]
    pub const fn is_home(&self, progress: u8) -> bool {
        match self.home_column {
            HomeColumn::Exact => progress == super::board::CENTRE,
            HomeColumn::Climb => {
                progress >= super::board::DOOR + 3 && progress <= super::board::TOP_CELL
            }
        }
    }

    /// True when this rule set has a second roll for a finish or a kick.
    pub const fn has_event_bonus(&self) -> bool {
        self.bonus_after_kick || self.bonus_after_finish
    }
}

/// A rule set boiled down to the masks and numbers that move generation and
/// play read on every roll, so that the hot paths test bits instead of
/// matching on several enums. `Game` keeps one next to its `Rules`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Compiled {
    /// `Rules::is_plain`: the move generator's fast path applies.
    pub plain: bool,
    /// Plain rules without the scoring ledger: a roll needs neither the
    /// general generator nor the effects (`Game::play_roll`).
    pub plain_unscored: bool,
    /// For a single die of `d`: `0x80` when it brings a horse out, else 0
    /// (the move generator's mask for its first horse).
    pub die_exits: [u32; 8],
    /// For each roll (at `Roll::index`): the streak at which it is
    /// forfeited (a streak never reached when it is not).
    pub forfeit_streak: [u8; 64],
    /// For each roll (at `Roll::index`): the streaks below which it gives
    /// another roll (the forfeit streak for a bonus-granting roll, 0 for the
    /// others). One comparison, and no branch on the roll.
    pub bonus_below: [u8; 64],
    /// What a bonus-granting roll adds to the streak: 1 when the forfeit
    /// counts them, else 0.
    pub streak_step: u8,
    /// A kick gives another roll.
    pub bonus_after_kick: bool,
    /// The progress whose reaching gives another roll: the finish with the
    /// bonus-after-finish toggle, else a value no horse reaches.
    pub bonus_at: u8,
    /// Two horses of one colour make their square safe.
    pub safe_pairs: bool,
    /// Bit `p` set when track progress `p` is a safe square. Safe squares
    /// repeat on every arm of the board, so this is the absolute mask and
    /// the same for every seat.
    pub safe: u64,
    /// A colour's horses as one word once all are home.
    pub finished: u32,
    /// The game goes on after the first colour finishes.
    pub play_on: bool,
    /// Teams: a finished colour plays its partner's horses, turn order
    /// skips no one, partners never kick each other.
    pub teams: bool,
}

/// `DIE_EXITS[one_or_six]`: `Compiled::die_exits` with an exit on a 6
/// alone, and on a 1 or a 6.
const DIE_EXITS: [[u32; 8]; 2] = {
    let mut t = [[0; 8]; 2];
    t[0][6] = 0x80;
    t[1][6] = 0x80;
    t[1][1] = 0x80;
    t
};

/// `STREAK_TABLES[forfeit]`: `Compiled::forfeit_streak` and
/// `Compiled::bonus_below` without and with the three-in-a-row forfeit.
const STREAK_TABLES: [([u8; 64], [u8; 64]); 2] = {
    let mut t = [([u8::MAX; 64], [0; 64]); 2];
    let mut forfeit = 0;
    while forfeit < 2 {
        let streak = if forfeit == 1 { 2 } else { u8::MAX };
        let mut i = 0;
        while i < 64 {
            if (super::moves::BONUS_ROLLS >> i) & 1 != 0 {
                t[forfeit].0[i] = streak;
                t[forfeit].1[i] = streak;
            }
            i += 1;
        }
        forfeit += 1;
    }
    t
};

impl Rules {
    /// The masks and numbers the hot paths read.
    #[inline]
    pub(crate) fn compile(&self) -> Compiled {
        let forfeit = self.three_in_a_row_forfeit;
        // Tables built at compile time, picked here: compiling stays cheap
        // enough for `Position::legal_moves`, which compiles on every call.
        let one_or_six = self.exit_rolls == ExitRolls::OneOrSix;
        let (forfeit_streak, bonus_below) = STREAK_TABLES[usize::from(forfeit)];
        Compiled {
            plain: self.is_plain(),
            plain_unscored: self.is_plain() && !self.scoring,
            die_exits: DIE_EXITS[usize::from(one_or_six)],
            forfeit_streak,
            bonus_below,
            streak_step: u8::from(forfeit),
            bonus_after_kick: self.bonus_after_kick,
            bonus_at: if self.bonus_after_finish {
                self.last_progress()
            } else {
                super::position::NOT_A_PROGRESS
            },
            safe_pairs: self.pairs == Pairs::SafePair,
            safe: self.safe_square_mask(),
            finished: super::position::finished_word(self),
            play_on: self.game_end == GameEnd::PlayOn,
            teams: self.teams,
        }
    }
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
        use crate::ca_ngua::engine::board::{is_star_square, is_start_square};
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
            for seat in crate::ca_ngua::engine::Seat::ALL {
                for p in 0..=crate::ca_ngua::engine::DOOR {
                    let sq = crate::ca_ngua::engine::track_square(seat, p);
                    assert_eq!(safe >> p & 1 != 0, rules.is_safe_square(sq));
                }
            }
        }
    }

    #[test]
    fn compiled_tables_agree_with_the_rolls() {
        use crate::ca_ngua::engine::Roll;
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
