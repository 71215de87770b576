//! Hard: best-reply search with alpha-beta, a transposition table and move
//! ordering.
//!
//! The tree alternates the bot's own moves with "best replies": at a reply
//! node every opponent still racing may move, one of them, whichever hurts
//! the bot most (Schadd and Winands' best-reply search). With two players
//! this is plain minimax; with more it keeps the depth of a two-player
//! search instead of one level per opponent, and it still sees blocks and
//! the leader running away. Leaves are scored by the race evaluation of
//! `sense.rs`: the bot's race minus the opponents' average (with several
//! opponents that ranked better, in self-play, than minus the best one's).
//!
//! Moves are tried best first (the table's move, then by the ground they
//! gain), and only the most promising ones below the root: a beam of the
//! own moves and of the replies with the most gain. The search deepens
//! while the next depth is expected to fit a fixed budget of positions,
//! never a clock: the same position and seed always give the same move.

mod rating;

pub use rating::{RATE_DEPTH, WIN_SCALE, races_after, win_chance};

use super::sense::{Memory, Params, ZOBRIST, gain, lateral, race};
use super::{BotRng, Decision};
use crate::engine::moves::destinations;
use crate::engine::position::has_won;
use crate::engine::{ARMS, Arm, Holes, Move, Position, Rules};
use rand::RngExt;

/// How much work one decision may take. A fixed amount of work, never a
/// time limit, so that a seed replays exactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most positions visited per decision.
    pub nodes: u64,
    /// Deepest search, in moves (own moves and replies).
    pub max_depth: u8,
}

impl Budget {
    /// Play strength (docs/BOTS.md has the measurements).
    pub const DEFAULT: Budget = Budget {
        nodes: 15_000,
        max_depth: 5,
    };

    /// A small budget for tests.
    pub const TEST: Budget = Budget {
        nodes: 1_500,
        max_depth: 3,
    };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// How Hard searches and scores; public so that tuning runs
/// (`examples/nhay_tune.rs`) can vary it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Own moves searched below the root, best first.
    pub own_beam: usize,
    /// Replies searched at a reply node, best first.
    pub reply_beam: usize,
    /// Search the opponents' replies; without, the bot plans several moves
    /// of its own on a board that stands still.
    pub replies: bool,
    /// How the opponents' races count against the bot's own.
    pub rivals: Rivals,
    /// The evaluation's weights.
    pub params: Params,
}

/// Which opponents' races an evaluation subtracts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rivals {
    /// The best opponent's.
    Best,
    /// The opponents' average.
    Mean,
    /// None: the bot's own race only.
    None,
}

impl Style {
    /// The style Hard plays with (docs/BOTS.md).
    pub const DEFAULT: Style = Style {
        own_beam: 14,
        reply_beam: 8,
        replies: true,
        rivals: Rivals::Mean,
        params: Params::TUNED,
    };
}

impl Default for Style {
    fn default() -> Style {
        Style::DEFAULT
    }
}
/// Larger than any evaluation: a finished race.
const WIN: i32 = 1_000_000;
const INF: i32 = i32::MAX / 2;
/// Cost of playing into an arrangement of its own pieces the bot has had
/// before, per time (hundredths of a step).
const REPEAT: i32 = 150;
/// Transposition table entries (a power of two).
const TABLE_SIZE: usize = 1 << 15;
/// Hash key of "a reply is due" (own moves: 0).
const REPLY_KEY: u64 = 0x9D39_247E_3377_6D41;

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    key: u64,
    value: i32,
    depth: u8,
    bound: Bound,
    /// The best move found: arm, from, to (`from == to` for none).
    best: [u8; 3],
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
struct Cand {
    arm: u8,
    from: u8,
    to: u8,
    order: i32,
}

/// A position as the search sees it: who stands where. Whose turn it is
/// follows from the depth.
#[derive(Copy, Clone, Debug)]
struct State {
    pieces: [u128; ARMS],
    occupied: u128,
    hash: u64,
}

impl State {
    /// The search's state of a position.
    fn of(pos: &Position) -> State {
        let pieces = *pos.all_pieces();
        let hash = Arm::ALL.iter().fold(0, |k, &a| {
            k ^ super::sense::hash_pieces(a, pieces[a.index()])
        });
        State {
            pieces,
            occupied: pos.occupied(),
            hash,
        }
    }

    #[inline(always)]
    fn play(&self, arm: u8, from: u8, to: u8) -> State {
        let m = (1u128 << from) | (1u128 << to);
        let mut s = *self;
        s.pieces[usize::from(arm)] ^= m;
        s.occupied ^= m;
        let z = &ZOBRIST[usize::from(arm)];
        s.hash ^= z[usize::from(from)] ^ z[usize::from(to)];
        s
    }
}

/// A root move with its score.
type Scored = (Move, i32);

/// Hard's search, with its tables kept from one decision to the next.
#[derive(Clone, Debug)]
pub struct Searcher {
    table: Vec<Entry>,
    /// Move lists, one per ply, reused.
    lists: Vec<Vec<Cand>>,
    /// Positions visited in the last decision.
    pub nodes: u64,
    /// The depth of the last completed search.
    pub depth: u8,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher {
            table: vec![Entry::default(); TABLE_SIZE],
            lists: Vec::new(),
            nodes: 0,
            depth: 0,
        }
    }
}

struct Ctx<'a> {
    rules: &'a Rules,
    style: Style,
    params: Params,
    root: Arm,
    opponents: Vec<Arm>,
    nodes: u64,
    limit: u64,
    aborted: bool,
    table: &'a mut [Entry],
    lists: &'a mut Vec<Vec<Cand>>,
}

impl Ctx<'_> {
    /// The root player's race against the best opponent's.
    fn eval(&self, s: &State) -> i32 {
        let mine = race(self.root, s.pieces[self.root.index()], &self.params);
        let races = self
            .opponents
            .iter()
            .map(|&o| race(o, s.pieces[o.index()], &self.params));
        let rivals = match self.style.rivals {
            Rivals::Best => races.max().unwrap_or(0),
            Rivals::Mean => races.sum::<i32>() / (self.opponents.len().max(1) as i32),
            Rivals::None => 0,
        };
        mine - rivals
    }

    /// `WIN` (sooner is better) when the root has won, `-WIN` when an
    /// opponent has, else `None`.
    fn decided(&self, s: &State, ply: u8) -> Option<i32> {
        let ab = self.rules.anti_blocking;
        if has_won(&s.pieces, s.occupied, self.root, ab) {
            return Some(WIN - i32::from(ply));
        }
        if self
            .opponents
            .iter()
            .any(|&o| has_won(&s.pieces, s.occupied, o, ab))
        {
            return Some(-WIN + i32::from(ply));
        }
        None
    }

    /// Every move of `arm` into `out`, with its ordering score.
    fn generate(&self, s: &State, arm: Arm, out: &mut Vec<Cand>) {
        let allowed = Position::allowed_ends(arm, self.rules);
        for from in Holes(s.pieces[arm.index()]) {
            for to in Holes(destinations(from, s.occupied) & allowed) {
                let order = 100 * gain(arm, from, to) + 4 * (lateral(arm, from) - lateral(arm, to));
                out.push(Cand {
                    arm: arm.number(),
                    from,
                    to,
                    order,
                });
            }
        }
    }

    fn node(
        &mut self,
        s: &State,
        depth: u8,
        ply: u8,
        mut alpha: i32,
        mut beta: i32,
        own: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return 0;
        }
        if let Some(v) = self.decided(s, ply) {
            return v;
        }
        if depth == 0 {
            return self.eval(s);
        }
        let key = s.hash ^ if own { 0 } else { REPLY_KEY };
        let slot = (key as usize) & (TABLE_SIZE - 1);
        let hint = match self.probe(slot, key, depth, &mut alpha, &mut beta) {
            Ok(hint) => hint,
            Err(value) => return value,
        };
        let mut list = std::mem::take(&mut self.lists[usize::from(ply)]);
        list.clear();
        if own {
            self.generate(s, self.root, &mut list);
        } else if !self.style.replies {
            // The board stands still: straight on to the next own move.
            self.lists[usize::from(ply)] = list;
            return self.node(s, depth, ply + 1, alpha, beta, true);
        } else {
            for i in 0..self.opponents.len() {
                let o = self.opponents[i];
                self.generate(s, o, &mut list);
            }
        }
        if list.is_empty() {
            // Nobody to move here can: a pass.
            self.lists[usize::from(ply)] = list;
            return self.node(s, depth - 1, ply + 1, alpha, beta, !own);
        }
        self.order(&mut list, hint, own);
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if own { -INF } else { INF };
        let mut best_move = [0u8; 3];
        for c in &list {
            let child = s.play(c.arm, c.from, c.to);
            let v = self.node(&child, depth - 1, ply + 1, alpha, beta, !own);
            if self.aborted {
                self.lists[usize::from(ply)] = list;
                return 0;
            }
            if own {
                if v > best {
                    best = v;
                    best_move = [c.arm, c.from, c.to];
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_move = [c.arm, c.from, c.to];
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.lists[usize::from(ply)] = list;
        self.store(slot, key, depth, best, best_move, (alpha0, beta0));
        best
    }

    /// Keeps a node's value in the table at `slot`, with the bound it is
    /// against the window it was searched in.
    #[inline(always)]
    fn store(
        &mut self,
        slot: usize,
        key: u64,
        depth: u8,
        best: i32,
        best_move: [u8; 3],
        (alpha0, beta0): (i32, i32),
    ) {
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key,
            value: best,
            depth,
            bound,
            best: best_move,
        };
    }

    /// Looks the node up in the table at `slot`: `Err(value)` when the
    /// entry settles it, else the move to try first (if the entry has one),
    /// with `alpha` and `beta` narrowed by the entry's bound.
    #[inline(always)]
    fn probe(
        &self,
        slot: usize,
        key: u64,
        depth: u8,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Result<Option<[u8; 3]>, i32> {
        let entry = self.table[slot];
        let mut hint = None;
        if entry.key == key {
            if entry.depth >= depth {
                match entry.bound {
                    Bound::Exact => return Err(entry.value),
                    Bound::Lower => *alpha = (*alpha).max(entry.value),
                    Bound::Upper => *beta = (*beta).min(entry.value),
                }
                if *alpha >= *beta {
                    return Err(entry.value);
                }
            }
            if entry.best[1] != entry.best[2] {
                hint = Some(entry.best);
            }
        }
        Ok(hint)
    }

    /// Puts the table's move first, then the rest by their ordering score,
    /// and keeps the beam of the side to move.
    #[inline(always)]
    fn order(&self, list: &mut Vec<Cand>, hint: Option<[u8; 3]>, own: bool) {
        if let Some(h) = hint
            && let Some(c) = list.iter_mut().find(|c| [c.arm, c.from, c.to] == h)
        {
            c.order = INF;
        }
        list.sort_unstable_by(|a, b| {
            b.order
                .cmp(&a.order)
                .then((a.from, a.to).cmp(&(b.from, b.to)))
        });
        list.truncate(if own {
            self.style.own_beam
        } else {
            self.style.reply_beam
        });
    }

    /// One pass over the root moves at `depth`: each move's score (less its
    /// repeat penalty) and the best. `None` when the budget ran out.
    fn root_pass(
        &mut self,
        state: &State,
        roots: &[(Move, i32)],
        penalty: &[i32],
        depth: u8,
    ) -> Option<(Vec<Scored>, Option<Scored>)> {
        let mut alpha = -INF;
        let mut best: Option<(Move, i32)> = None;
        let mut scores = Vec::with_capacity(roots.len());
        for (k, &(m, _)) in roots.iter().enumerate() {
            let Some((f, t)) = m.ends() else { continue };
            let child = state.play(self.root.number(), f, t);
            let pen = penalty.get(k).copied().unwrap_or(0);
            // Only a value above the best plus this move's penalty
            // matters.
            let v = self.node(&child, depth - 1, 1, alpha.saturating_add(pen), INF, false) - pen;
            if self.aborted {
                return None;
            }
            scores.push((m, v));
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
                alpha = v;
            }
        }
        Some((scores, best))
    }
}

impl Searcher {
    /// Hard's move in `style` (`d.moves` has at least two).
    pub fn choose_with(
        &mut self,
        d: &Decision<'_>,
        memory: &Memory,
        budget: Budget,
        style: Style,
        rng: &mut BotRng,
    ) -> Move {
        let Some(root) = d.position.turn() else {
            return Move::PASS;
        };
        let mut roots = shuffled_roots(d, rng);
        let Some(&(first, _)) = roots.first() else {
            return Move::PASS;
        };
        let pos = d.position;
        let opponents: Vec<Arm> = pos
            .arms()
            .filter(|&a| a != root && !pos.finished().contains(a))
            .collect();
        let pieces = *pos.all_pieces();
        let state = State::of(pos);
        let max_depth = budget.max_depth.max(1);
        // One list a ply; without replies a skipped reply takes a ply too.
        let plies = 2 * usize::from(max_depth) + 4;
        if self.lists.len() < plies {
            self.lists.resize_with(plies, Vec::new);
        }
        self.table.fill(Entry::default());
        let mut ctx = Ctx {
            rules: d.rules,
            style,
            params: style.params,
            root,
            opponents,
            nodes: 0,
            limit: budget.nodes,
            aborted: false,
            table: &mut self.table,
            lists: &mut self.lists,
        };
        let penalty = repeat_penalties(&roots, pieces[root.index()], root, memory);
        let mut chosen = first;
        let (mut prev_cost, mut last_cost) = (0u64, 0u64);
        self.depth = 0;
        for depth in 1..=max_depth {
            // Deepen only when the next depth should fit: it costs about
            // the last one times the growth from the one before.
            if depth > 2 {
                let growth = (last_cost / prev_cost.max(1)).max(2);
                if ctx.nodes + last_cost * growth > budget.nodes {
                    break;
                }
            }
            let before = ctx.nodes;
            let Some((mut scores, best)) = ctx.root_pass(&state, &roots, &penalty, depth) else {
                break;
            };
            if let Some((m, v)) = best {
                chosen = m;
                self.depth = depth;
                if v >= WIN - 64 {
                    break;
                }
            }
            best_first(&mut scores, chosen);
            roots = scores;
            prev_cost = last_cost;
            last_cost = ctx.nodes - before;
        }
        self.nodes = ctx.nodes;
        chosen
    }
}

/// The root moves, in a seeded random order (ties go to the first).
fn shuffled_roots(d: &Decision<'_>, rng: &mut BotRng) -> Vec<(Move, i32)> {
    let mut roots: Vec<(Move, i32)> = d.moves.iter().map(|m| (m, 0)).collect();
    for i in (1..roots.len()).rev() {
        roots.swap(i, rng.random_range(0..=i));
    }
    roots
}

/// The root moves for the next depth: `chosen` first, the others as they
/// scored (a stable sort keeps the seeded order among equals).
fn best_first(scores: &mut Vec<(Move, i32)>, chosen: Move) {
    scores.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    if let Some(pos) = scores.iter().position(|&(m, _)| m == chosen) {
        let top = scores.remove(pos);
        scores.insert(0, top);
    }
}

/// What replaying an arrangement of its own pieces costs each root move:
/// `REPEAT` for each time the arrangement after it was seen, and once more
/// for undoing the seat's last move.
fn repeat_penalties(roots: &[(Move, i32)], own: u128, root: Arm, memory: &Memory) -> Vec<i32> {
    roots
        .iter()
        .map(|&(m, _)| match m.ends() {
            Some((f, t)) => {
                let after = own ^ (1u128 << f) ^ (1u128 << t);
                REPEAT * i32::from(memory.times_seen(root, after))
                    + if memory.undoes_last(root, m) {
                        REPEAT
                    } else {
                        0
                    }
            }
            None => 0,
        })
        .collect()
}
