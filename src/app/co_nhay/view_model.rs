//! The star board's view model: what to draw and what can be clicked,
//! from the state shown, the move being shown and the phase.

use super::CoNhayGame;
use super::board_view::{BoardInput, MovablePiece, Target};
use super::text;
use crate::app::play::phase::Phase;
use ca_ngua_i18n::{Arg, I18n};
use game_co_nhay::engine::{ARMS, Arm, Holes, Move, Position};

impl CoNhayGame {
    /// What the board shows at time `now`.
    pub fn board_input(&self, i18n: &I18n, phase: Phase, now: f64, dark: bool) -> BoardInput {
        let shown = self.presenter.shown();
        let current = shown.position().copied();
        let hop = self.presenter.anim();
        // While a piece moves, the board is the position before the move,
        // without the moving piece.
        let still = hop.map(|h| h.before).or(current);
        let mut pieces = Vec::new();
        if let Some(pos) = &still {
            for arm in pos.arms() {
                for hole in Holes(pos.pieces(arm)) {
                    if hop.is_some_and(|h| h.arm == arm && h.path.first() == Some(&hole)) {
                        continue;
                    }
                    pieces.push((hole, arm));
                }
            }
        }
        let floating = hop.and_then(|h| {
            let at = self.moving_piece()?;
            let (_, u) = h.at(now);
            // A jump arcs over the piece it clears; a step slides.
            let lift = if h.jump {
                (u * std::f32::consts::PI).sin()
            } else {
                0.0
            };
            Some((h.arm, at, lift))
        });
        let (movable, targets) = match &current {
            Some(pos) => self.clickable(i18n, phase, pos),
            None => (Vec::new(), Vec::new()),
        };
        // Nothing needs a hover (issue 54): with no pointer over a target
        // of the picked piece, the ways of its chains of jumps are shown
        // (a step's or one jump's is plain), or the way of its only one.
        let shown_ways: Vec<&Target> = match self.hover {
            Some(mv) => targets.iter().filter(|t| t.mv == mv).collect(),
            None => targets
                .iter()
                .filter(|t| t.jumps > 1 || targets.len() == 1)
                .collect(),
        };
        let preview = match shown.turn() {
            Some(arm) => shown_ways.iter().map(|t| (arm, t.path.clone())).collect(),
            None => Vec::new(),
        };
        let focus_piece = self
            .focus_piece()
            .filter(|h| movable.iter().any(|m| m.hole == *h));
        let focus_target = self
            .focus_target()
            .filter(|h| targets.iter().any(|t| t.hole == *h));
        BoardInput {
            pieces,
            floating,
            tints: tints(still.as_ref()),
            turn: shown.turn(),
            movable,
            targets,
            // Over too: a lesson's question shows its move on a board
            // that takes no move (in a game, a move clears the hint).
            hint: self
                .hint
                .filter(|_| matches!(phase, Phase::Choose | Phase::Over)),
            compare: self.compare.map(|(_, played, better)| (played, better)),
            last_move: self.last_move().filter(|_| hop.is_none()).cloned(),
            preview,
            dark,
            label: self.board_label(i18n),
            focus_piece,
            focus_target,
            numbers: self.all_numbers,
            bottom: self.teaching.unwrap_or(Arm::ALL[0]),
        }
    }

    /// The board's accessible name: the game, the players, whose turn.
    fn board_label(&self, i18n: &I18n) -> String {
        let shown = self.presenter.shown();
        let turn = match shown.turn() {
            Some(arm) => i18n.t_args(
                "nhay-board-turn",
                &[("who", Arg::from(text::colour(i18n, arm)))],
            ),
            None => i18n.t("nhay-board-over"),
        };
        i18n.t_args(
            "nhay-board-label",
            &[
                ("n", Arg::from(shown.seats().len())),
                ("turn", Arg::from(turn)),
            ],
        )
    }

    /// The pieces the person to play may choose, and the holes the chosen
    /// one can reach.
    fn clickable(
        &self,
        i18n: &I18n,
        phase: Phase,
        pos: &Position,
    ) -> (Vec<MovablePiece>, Vec<Target>) {
        let moves = self.choosable_list(phase);
        let Some(arm) = pos.turn() else {
            return (Vec::new(), Vec::new());
        };
        let mut movable = Vec::new();
        let mut targets = Vec::new();
        for (from, to) in moves.pieces() {
            let selected = self.selected == Some(from);
            let reach = to.count_ones() as usize;
            movable.push(MovablePiece {
                hole: from,
                arm,
                label: text::piece_label(i18n, arm, from, reach, selected),
                selected,
            });
            if selected {
                for hole in Holes(to) {
                    let path = pos
                        .jump_path(from, hole)
                        .unwrap_or_else(|| vec![from, hole]);
                    let jumps =
                        if game_co_nhay::engine::board::NEIGHBOURS[usize::from(from)] >> hole & 1
                            == 1
                        {
                            0
                        } else {
                            path.len() - 1
                        };
                    if let Some(mv) = Move::new(from, hole) {
                        targets.push(Target {
                            mv,
                            hole,
                            label: text::target_label(i18n, hole, jumps),
                            via: if jumps > 0 {
                                text::target_via(i18n, &path)
                            } else {
                                None
                            },
                            path,
                            jumps,
                        });
                    }
                }
            }
        }
        (movable, targets)
    }
}

/// The colour each arm's triangle is tinted in: the player who starts
/// there, or (an arm nobody starts in) the player heading for it.
fn tints(pos: Option<&Position>) -> [Option<(Arm, bool)>; ARMS] {
    let mut t = [None; ARMS];
    let Some(pos) = pos else {
        return t;
    };
    for arm in pos.arms() {
        t[arm.index()] = Some((arm, true));
    }
    for arm in pos.arms() {
        let target = arm.target().index();
        if t[target].is_none() {
            t[target] = Some((arm, false));
        }
    }
    t
}
