//! A rule set compiled to the masks and numbers the hot paths read.

use super::board::NOT_A_PROGRESS;
use super::roll::BONUS_ROLLS;
use super::rules::{ExitRolls, GameEnd, Pairs, Rules, finished_word};

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
            if (BONUS_ROLLS >> i) & 1 != 0 {
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
                NOT_A_PROGRESS
            },
            safe_pairs: self.pairs == Pairs::SafePair,
            safe: self.safe_square_mask(),
            finished: finished_word(self),
            play_on: self.game_end == GameEnd::PlayOn,
            teams: self.teams,
        }
    }
}
