//! Rating every move by Hard's search at a fixed depth, for the analysis,
//! and a search score as a win chance.

use super::{Ctx, Entry, INF, Searcher, State, Style, WIN};
use crate::bots::sense::race;
use crate::engine::{ARMS, Arm, Move, Position, Rules};

/// How deep [`Searcher::rate`] looks, in moves, the rated move included:
/// the move, the best reply, the mover's next move and the best reply to
/// that, so that every rating is taken after the opponents' reply (a
/// rating after one's own move would flatter every move alike).
pub const RATE_DEPTH: u8 = 4;

/// The scale of [`win_chance`]: a lead of this much of the search's score
/// (hundredths of a row of the race, [`sense::race`]) makes the mover's
/// odds `e` to 1 in a two-player game. Fitted by `examples/nhay_scale.rs`
/// (docs/ANALYSIS.md): the maximum likelihood, on a grid of 50, over the
/// 3,248 positions of 40 seeded two-player games between Hard and Medium
/// players (seeds 0 to 39).
pub const WIN_SCALE: f64 = 200.0;

/// A search score of the mover's (from [`Searcher::rate`]) as its win
/// chance among `racing` players: `1 / (1 + (racing - 1) e^(-score /
/// WIN_SCALE))`, the logistic of the score in a two-player game, `1 /
/// racing` for an even position, 1 and 0 for a race the search sees won
/// or lost.
pub fn win_chance(score: i32, racing: usize) -> f64 {
    if score >= WIN - 64 {
        return 1.0;
    }
    if score <= -WIN + 64 {
        return 0.0;
    }
    let others = racing.saturating_sub(1) as f64;
    1.0 / (1.0 + others * ca_ngua_core::game::math::exp(-f64::from(score) / WIN_SCALE))
}

impl Searcher {
    /// Every move of `moves` (of the player to move in `position`) rated
    /// by Hard's search: the score, for the mover, of the position after
    /// it searched [`RATE_DEPTH`]` - 1` moves further (replies first) with
    /// a full window, so that every move gets its exact value at that
    /// depth and not only a bound. Bounded by the beams, not by a number
    /// of positions; nothing random and no memory of the game: the same
    /// position always gives the same scores, in the order of `moves`.
    pub fn rate(
        &mut self,
        rules: &Rules,
        position: &Position,
        moves: &[Move],
        style: Style,
    ) -> Vec<i32> {
        let Some(root) = position.turn() else {
            return vec![0; moves.len()];
        };
        let opponents: Vec<Arm> = position
            .arms()
            .filter(|&a| a != root && !position.finished().contains(a))
            .collect();
        let state = State::of(position);
        let plies = 2 * usize::from(RATE_DEPTH) + 4;
        if self.lists.len() < plies {
            self.lists.resize_with(plies, Vec::new);
        }
        self.table.fill(Entry::default());
        let mut ctx = Ctx {
            rules,
            style,
            params: style.params,
            root,
            opponents,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            table: &mut self.table,
            lists: &mut self.lists,
        };
        let scores = moves
            .iter()
            .map(|m| match m.ends() {
                Some((f, t)) => {
                    let child = state.play(root.number(), f, t);
                    ctx.node(&child, RATE_DEPTH - 1, 1, -INF, INF, false)
                }
                None => ctx.node(&state, RATE_DEPTH - 1, 1, -INF, INF, false),
            })
            .collect();
        self.nodes = ctx.nodes;
        self.depth = RATE_DEPTH;
        scores
    }
}

/// The races of the arms of `position` after `mv` ([`sense::race`]), for
/// sharing out the win chance the mover does not have among the others.
pub fn races_after(position: &Position, mv: Move) -> [i32; ARMS] {
    let mut pieces = *position.all_pieces();
    if let (Some(arm), Some((f, t))) = (position.turn(), mv.ends()) {
        pieces[arm.index()] ^= (1u128 << f) | (1u128 << t);
    }
    let params = Style::DEFAULT.params;
    let mut out = [0; ARMS];
    for arm in Arm::ALL {
        out[arm.index()] = race(arm, pieces[arm.index()], &params);
    }
    out
}
