//! A position (CO-NHAY.md §5) and playing a move on it (§3–4). A position
//! is `Copy` (six hole sets and a few bytes), so bots copy it freely.
//!
//! Its notation ([`Setup`](super::notation::Setup)) and the validation that
//! turns a notation into a position are in `notation.rs`: move generation
//! and play never read them.

use super::board::{ARMS, FULL_ARM_DISTANCE, HOLES, Holes, NEIGHBOURS, TIP_DISTANCE, bit};
use super::moves::{Move, MoveList, destinations, jump_chain};
use super::rules::{GameEnd, OtherArms, Rules};
use super::seats::{Arm, ArmList, Players};
use std::fmt;

/// The `turn` byte of a position whose game is over.
pub(super) const NO_TURN: u8 = ARMS as u8;

/// A validated position: where every piece stands, whose turn it is and
/// who has finished, in order. The fields are the engine's own: the
/// validation in `notation.rs` builds positions from them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces of the player starting in each arm (empty when that arm
    /// is not in play).
    pub(super) pieces: [u128; ARMS],
    /// The union of `pieces`.
    pub(super) occupied: u128,
    /// The seating.
    pub(super) players: Players,
    /// The arm to move, or `NO_TURN`.
    pub(super) turn: u8,
    /// The finished list, in finishing order.
    pub(super) finished: ArmList,
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over: nobody moves.
    GameOver,
    /// `pass` while a move is possible.
    PassNotLegal,
    /// No piece on the FROM hole.
    NoPiece(Move),
    /// The piece on FROM belongs to another player.
    NotYours {
        /// The move.
        mv: Move,
        /// The owner of the piece.
        owner: Arm,
        /// The player to move.
        turn: Arm,
    },
    /// The TO hole is taken.
    Occupied(Move),
    /// Under `other arms: forbidden`, TO is in another arm.
    ForbiddenArm {
        /// The move.
        mv: Move,
        /// The arm TO is in.
        arm: Arm,
    },
    /// Neither a step nor a jump chain leads from FROM to TO.
    Unreachable(Move),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over: nobody moves"),
            PlayError::PassNotLegal => {
                f.write_str("pass is not legal: the player to move has a move")
            }
            PlayError::NoPiece(m) => write!(
                f,
                "illegal move {m}: no piece on hole {}",
                m.from().unwrap_or_default()
            ),
            PlayError::NotYours { mv, owner, turn } => write!(
                f,
                "illegal move {mv}: the piece on hole {} is arm {owner}'s, and arm {turn} is to move",
                mv.from().unwrap_or_default()
            ),
            PlayError::Occupied(m) => write!(
                f,
                "illegal move {m}: hole {} is taken",
                m.to().unwrap_or_default()
            ),
            PlayError::ForbiddenArm { mv, arm } => write!(
                f,
                "illegal move {mv}: under these rules a move may not end in arm {arm}, which is neither the mover's start nor its target"
            ),
            PlayError::Unreachable(m) => write!(
                f,
                "illegal move {m}: neither a step nor a chain of jumps leads there"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// What a move did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Effects {
    /// The player who moved (or passed).
    pub mover: Arm,
    /// The move, or `pass`.
    pub mv: Move,
    /// True when the move was a jump chain (not a step, not a pass).
    pub jump: bool,
    /// The players who finished with this move, in the order they were
    /// appended to the finished list (usually none, at most one).
    pub finished: ArmList,
    /// True when the game ended with this move.
    pub game_over: bool,
    /// True when the move cap ended the game (set by `Game`).
    pub capped: bool,
}

impl Position {
    /// The start for a seating: every player's ten pieces fill its arm, arm
    /// 0 to move, nobody finished.
    pub fn start(players: Players) -> Position {
        let mut pieces = [0u128; ARMS];
        for a in players.arms() {
            pieces[a.index()] = a.holes();
        }
        Position {
            pieces,
            occupied: pieces.iter().fold(0, |m, p| m | p),
            players,
            turn: 0,
            finished: ArmList::EMPTY,
        }
    }

    /// The seating.
    #[inline]
    pub fn players(&self) -> Players {
        self.players
    }

    /// The arms in play, in turn order.
    #[inline]
    pub fn arms(&self) -> impl Iterator<Item = Arm> + use<> {
        self.players.arms()
    }

    /// The arm to move, `None` when the game is over.
    #[inline]
    pub fn turn(&self) -> Option<Arm> {
        Arm::new(self.turn)
    }

    /// True when nobody moves any more.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.turn == NO_TURN
    }

    /// The finished list, in finishing order.
    #[inline]
    pub fn finished(&self) -> &ArmList {
        &self.finished
    }

    /// The holes of the pieces of the player starting in `arm` (empty when
    /// it does not play).
    #[inline(always)]
    pub fn pieces(&self, arm: Arm) -> u128 {
        self.pieces[arm.index()]
    }

    /// Every occupied hole.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.occupied
    }

    /// Whose piece stands on `hole`, if any.
    pub fn piece_at(&self, hole: u8) -> Option<Arm> {
        if usize::from(hole) >= HOLES {
            return None;
        }
        Arm::ALL
            .into_iter()
            .find(|a| self.pieces[a.index()] & bit(hole) != 0)
    }

    /// CO-NHAY.md §4: all ten pieces in the target; or, with anti-blocking,
    /// the target full, at least one piece of the player's own there and
    /// every other one its owner's (the player whose home it is).
    #[inline]
    pub fn has_won(&self, arm: Arm, rules: &Rules) -> bool {
        has_won(&self.pieces, self.occupied, arm, rules.anti_blocking)
    }

    /// The pieces of every arm (empty for arms not in play), by arm.
    #[inline(always)]
    pub fn all_pieces(&self) -> &[u128; ARMS] {
        &self.pieces
    }

    /// The steps a player still has to go: for each piece, the steps from
    /// its hole to the tip of its target arm, summed, less the sum for a
    /// full target (20). Zero exactly when all ten pieces are home. It
    /// ranks the players under `first_winner`.
    #[inline]
    pub fn distance_left(&self, arm: Arm) -> u32 {
        let table = &TIP_DISTANCE[arm.target().index()];
        let sum: u32 = Holes(self.pieces[arm.index()])
            .map(|h| u32::from(table[usize::from(h)]))
            .sum();
        sum.saturating_sub(FULL_ARM_DISTANCE)
    }

    /// True when the game is over by the finished list: the first finisher
    /// under `first_winner`, one player or none left under `play_on`.
    pub(super) fn game_is_over(&self, rules: &Rules) -> bool {
        match rules.game_end {
            GameEnd::FirstWinner => !self.finished.is_empty(),
            GameEnd::PlayOn => self.players.count() - self.finished.len() <= 1,
        }
    }

    /// The holes a move of `arm` may end in under `rules`.
    #[inline(always)]
    pub(crate) fn allowed_ends(arm: Arm, rules: &Rules) -> u128 {
        match rules.other_arms {
            OtherArms::Allowed => super::board::ALL_HOLES,
            // CO-NHAY.md §3: only the start arm, the target and the hexagon.
            OtherArms::Forbidden => super::board::HEXAGON | arm.holes() | arm.target().holes(),
        }
    }

    /// The legal moves of the player to move (empty: it passes, or the game
    /// is over).
    #[inline]
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        match self.turn() {
            Some(arm) => self.moves_of(arm, rules),
            None => MoveList::EMPTY,
        }
    }

    /// The moves `arm` would have if it were to move.
    #[inline]
    pub fn moves_of(&self, arm: Arm, rules: &Rules) -> MoveList {
        let allowed = Position::allowed_ends(arm, rules);
        let mut list = MoveList::EMPTY;
        for from in Holes(self.pieces[arm.index()]) {
            list.push_piece(from, destinations(from, self.occupied) & allowed);
        }
        list
    }

    /// Checks that `mv` is legal for the player to move.
    pub fn check_move(&self, rules: &Rules, mv: Move) -> Result<(), PlayError> {
        let arm = self.turn().ok_or(PlayError::GameOver)?;
        let Some((from, to)) = mv.ends() else {
            return if self.moves_of(arm, rules).is_empty() {
                Ok(())
            } else {
                Err(PlayError::PassNotLegal)
            };
        };
        match self.piece_at(from) {
            None => return Err(PlayError::NoPiece(mv)),
            Some(owner) if owner != arm => {
                return Err(PlayError::NotYours {
                    mv,
                    owner,
                    turn: arm,
                });
            }
            Some(_) => {}
        }
        if self.occupied & bit(to) != 0 {
            return Err(PlayError::Occupied(mv));
        }
        if destinations(from, self.occupied) & bit(to) == 0 {
            return Err(PlayError::Unreachable(mv));
        }
        if Position::allowed_ends(arm, rules) & bit(to) == 0 {
            let arm = super::board::arm_of(to)
                .and_then(|a| Arm::new(a as u8))
                .unwrap_or(arm);
            return Err(PlayError::ForbiddenArm { mv, arm });
        }
        Ok(())
    }

    /// Plays `mv` for the player to move, after checking it.
    pub fn play(&mut self, rules: &Rules, mv: Move) -> Result<Effects, PlayError> {
        self.check_move(rules, mv)?;
        Ok(self.play_unchecked(rules, mv))
    }

    /// Plays a move the caller took from `legal_moves` (or `pass` when that
    /// was empty): moves the piece, appends the new finishers, ends the game
    /// or passes the turn on (CO-NHAY.md §4). On a position whose game is
    /// over it changes nothing and reports `game_over`.
    #[inline]
    pub fn play_unchecked(&mut self, rules: &Rules, mv: Move) -> Effects {
        let Some(mover) = self.turn() else {
            return Effects {
                mover: Arm::ALL[0],
                mv,
                jump: false,
                finished: ArmList::EMPTY,
                game_over: true,
                capped: false,
            };
        };
        let mut jump = false;
        if let Some((from, to)) = mv.ends() {
            let m = bit(from) | bit(to);
            self.pieces[mover.index()] ^= m;
            self.occupied ^= m;
            jump = NEIGHBOURS[usize::from(from)] & bit(to) == 0;
        }
        // Everyone unfinished is checked, the mover first, then in turn
        // order: a win can come on someone else's move.
        let mut newly = ArmList::EMPTY;
        for k in 0..ARMS {
            let arm = Arm::ALL[(mover.index() + k) % ARMS];
            if self.players.mask() >> arm.index() & 1 != 0
                && !self.finished.contains(arm)
                && self.has_won(arm, rules)
            {
                self.finished.push(arm);
                newly.push(arm);
            }
        }
        let game_over = self.game_is_over(rules);
        self.turn = if game_over {
            NO_TURN
        } else {
            self.next_after(mover)
        };
        Effects {
            mover,
            mv,
            jump,
            finished: newly,
            game_over,
            capped: false,
        }
    }

    /// The next unfinished arm in play after `arm`, clockwise.
    #[inline]
    fn next_after(&self, arm: Arm) -> u8 {
        let live = self.players.mask() & !self.finished.mask();
        for k in 1..=ARMS {
            let a = (arm.index() + k) % ARMS;
            if live >> a & 1 != 0 {
                return a as u8;
            }
        }
        NO_TURN
    }

    /// The holes a piece visits on the move `from`-`to` (`from` first, `to`
    /// last): the two ends for a step, the landings of one jump chain (the
    /// one with the fewest jumps) otherwise. `None` when there is no piece
    /// on `from` or it cannot get to `to`. Arm restrictions are not checked.
    pub fn jump_path(&self, from: u8, to: u8) -> Option<Vec<u8>> {
        if usize::from(from) >= HOLES
            || usize::from(to) >= HOLES
            || self.occupied & bit(from) == 0
            || self.occupied & bit(to) != 0
        {
            return None;
        }
        if NEIGHBOURS[usize::from(from)] & bit(to) != 0 {
            return Some(vec![from, to]);
        }
        jump_chain(from, to, self.occupied)
    }
}

/// [`Position::has_won`] on bare hole sets (bots search on those).
#[inline]
pub(crate) fn has_won(
    pieces: &[u128; ARMS],
    occupied: u128,
    arm: Arm,
    anti_blocking: bool,
) -> bool {
    let target = arm.target();
    let t = target.holes();
    let own = pieces[arm.index()] & t;
    if own == t {
        return true;
    }
    anti_blocking && own != 0 && occupied & t == t && t & !own & !pieces[target.index()] == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_2: &str = "0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -";

    #[test]
    fn the_start_of_co_nhay_md() {
        let p = Position::start(Players::Two);
        assert_eq!(p.to_string(), START_2);
        assert_eq!(START_2.parse::<Position>(), Ok(p));
        assert_eq!(
            p.legal_moves(&Rules::standard()).to_string(),
            "3-14 3-16 4-15 4-17 5-16 5-18 6-14 6-15 7-15 7-16 8-16 8-17 9-17 9-18"
        );
        for players in Players::ALL {
            let p = Position::start(players);
            // From the far tip: 16 steps to the tip, 2 holes at 15, 3 at
            // 14, 4 at 13; 140 in all, less 20.
            for a in p.arms() {
                assert_eq!(p.distance_left(a), 120, "arm {a}");
            }
        }
    }
}
