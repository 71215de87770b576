//! Cờ nhảy engine (CO-NHAY.md): moves against an independent generator,
//! finishing and anti-blocking, play on and first winner, places, the move
//! cap (the notation's refusals and saved games: notation.rs).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_co_nhay::engine::{
    Arm, Game, GameError, GameRecord, MOVE_CAP, Move, OtherArms, Players, Position, PositionError,
    Rules, Setup,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::{BTreeSet, HashMap};

// ---------------------------------------------------------------------------
// An independent board and move generator, written from CO-NHAY.md alone:
// points from the row table, neighbours by point offsets, jump chains by a
// breadth-first search over holes. It shares no code with the engine.

const ROW_LEN: [i32; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

struct Board {
    points: Vec<(i32, i32)>,
    at: HashMap<(i32, i32), usize>,
    arms: [Vec<usize>; 6],
}

impl Board {
    fn new() -> Board {
        let mut points = Vec::new();
        for (y, &n) in ROW_LEN.iter().enumerate() {
            for i in 0..n {
                points.push((12 - (n - 1) + 2 * i, y as i32));
            }
        }
        let at = points.iter().enumerate().map(|(h, &p)| (p, h)).collect();
        let arms = [
            (0..=9).collect(),
            vec![10, 11, 12, 13, 23, 24, 25, 35, 36, 46],
            vec![65, 75, 76, 86, 87, 88, 98, 99, 100, 101],
            (111..=120).collect(),
            vec![74, 84, 85, 95, 96, 97, 107, 108, 109, 110],
            vec![19, 20, 21, 22, 32, 33, 34, 44, 45, 55],
        ];
        Board { points, at, arms }
    }

    fn step(&self, h: usize, d: (i32, i32), k: i32) -> Option<usize> {
        let (x, y) = self.points[h];
        self.at.get(&(x + k * d.0, y + k * d.1)).copied()
    }

    fn arm_of(&self, h: usize) -> Option<usize> {
        (0..6).find(|&a| self.arms[a].contains(&h))
    }

    /// Every (from, to) of `arm`'s pieces, given who stands where.
    fn moves(&self, owner: &[Option<usize>], arm: usize, rules: &Rules) -> BTreeSet<(u8, u8)> {
        const DIRS: [(i32, i32); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];
        let mut out = BTreeSet::new();
        for from in 0..121 {
            if owner[from] != Some(arm) {
                continue;
            }
            let empty = |h: usize| h == from || owner[h].is_none();
            let mut ends = BTreeSet::new();
            for d in DIRS {
                if let Some(n) = self.step(from, d, 1)
                    && owner[n].is_none()
                {
                    ends.insert(n);
                }
            }
            let mut seen = [false; 121];
            seen[from] = true;
            let mut queue = std::collections::VecDeque::from([from]);
            while let Some(h) = queue.pop_front() {
                for d in DIRS {
                    let (Some(over), Some(land)) = (self.step(h, d, 1), self.step(h, d, 2)) else {
                        continue;
                    };
                    if !empty(over) && empty(land) && !seen[land] {
                        seen[land] = true;
                        ends.insert(land);
                        queue.push_back(land);
                    }
                }
            }
            ends.remove(&from);
            for to in ends {
                let allowed = match rules.other_arms {
                    OtherArms::Allowed => true,
                    OtherArms::Forbidden => match self.arm_of(to) {
                        None => true,
                        Some(a) => a == arm || a == (arm + 3) % 6,
                    },
                };
                if allowed {
                    out.insert((from as u8, to as u8));
                }
            }
        }
        out
    }
}

fn owners(p: &Position) -> Vec<Option<usize>> {
    (0..121u8).map(|h| p.piece_at(h).map(Arm::index)).collect()
}

fn engine_moves(p: &Position, arm: Arm, rules: &Rules) -> BTreeSet<(u8, u8)> {
    let list = p.moves_of(arm, rules);
    let v: Vec<Move> = list.iter().collect();
    // Sorted by FROM then TO, each once.
    assert!(v.windows(2).all(|w| w[0] < w[1]), "{list}");
    assert_eq!(v.len(), list.len());
    v.iter().map(|m| m.ends().unwrap()).collect()
}

/// A valid position with the pieces scattered anywhere (crowded middles,
/// long chains, pieces in every arm), `None` if the draw is not one.
fn scattered(rng: &mut Xoshiro256PlusPlus, players: Players, rules: &Rules) -> Option<Position> {
    let mut holes: Vec<u8> = (0..121).collect();
    // Often crowd the pieces into the middle rows, where chains are long.
    let crowd = rng.random_bool(0.5);
    let mut pieces: [Option<Vec<u8>>; 6] = Default::default();
    for arm in players.arms() {
        let mut mine = Vec::new();
        while mine.len() < 10 {
            let i = rng.random_range(0..holes.len());
            let h = holes[i];
            if crowd && !(35..=86).contains(&h) && rng.random_bool(0.8) {
                continue;
            }
            mine.push(holes.swap_remove(i));
        }
        pieces[arm.index()] = Some(mine);
    }
    let mut setup = Setup {
        pieces,
        turn: None,
        finished: Vec::new(),
    };
    // List whoever has won (scattered pieces rarely fill an arm), then
    // pick a turn among the others.
    let first = Position::from_setup(
        &Setup {
            turn: Some(Arm::ALL[0]),
            ..setup.clone()
        },
        rules,
    );
    match first {
        Ok(p) => return Some(p),
        Err(PositionError::UnlistedWinner(_)) => {}
        Err(_) => return None,
    }
    for a in players.arms() {
        let p = Position::from_setup(
            &Setup {
                turn: Some(Arm::ALL[0]),
                finished: vec![a],
                ..setup.clone()
            },
            rules,
        );
        if p.is_ok() {
            setup.finished = vec![a];
        }
    }
    let live: Vec<Arm> = players
        .arms()
        .filter(|a| !setup.finished.contains(a))
        .collect();
    setup.turn = Some(live[rng.random_range(0..live.len())]);
    Position::from_setup(&setup, rules)
        .or_else(|_| {
            setup.turn = None;
            Position::from_setup(&setup, rules)
        })
        .ok()
}

/// A position reached by random play from the start.
fn played(rng: &mut Xoshiro256PlusPlus, players: Players, rules: &Rules) -> Position {
    let mut p = Position::start(players);
    let n = rng.random_range(0..160);
    for _ in 0..n {
        if p.is_over() {
            break;
        }
        let moves = p.legal_moves(rules);
        let mv = if moves.is_empty() {
            Move::PASS
        } else {
            moves.get(rng.random_range(0..moves.len())).unwrap()
        };
        p.play(rules, mv).unwrap();
    }
    p
}

#[test]
fn every_move_matches_an_independent_generator_under_each_preset() {
    let board = Board::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut positions = 0;
    let mut moves = 0;
    for rules in Rules::all() {
        for players in Players::ALL {
            for k in 0..200 {
                let p = if k % 2 == 0 {
                    played(&mut rng, players, &rules)
                } else {
                    match scattered(&mut rng, players, &rules) {
                        Some(p) => p,
                        None => continue,
                    }
                };
                positions += 1;
                let who = owners(&p);
                for arm in players.arms() {
                    let mine = engine_moves(&p, arm, &rules);
                    assert_eq!(
                        mine,
                        board.moves(&who, arm.index(), &rules),
                        "{p} arm {arm}"
                    );
                    moves += mine.len();
                }
                // The player to move: what is listed plays, and nothing
                // else does.
                let Some(turn) = p.turn() else { continue };
                let list = p.legal_moves(&rules);
                for _ in 0..40 {
                    let from = rng.random_range(0..121u8);
                    let to = rng.random_range(0..121u8);
                    let Some(mv) = Move::new(from, to) else {
                        continue;
                    };
                    assert_eq!(
                        p.check_move(&rules, mv).is_ok(),
                        list.contains(mv),
                        "{p} {mv}"
                    );
                }
                for mv in list.iter() {
                    let mut next = p;
                    next.play(&rules, mv).unwrap();
                    let (from, to) = mv.ends().unwrap();
                    assert_eq!(next.piece_at(from), None);
                    assert_eq!(next.piece_at(to), Some(turn));
                    assert_eq!(next.occupied().count_ones(), p.occupied().count_ones());
                    let path = p.jump_path(from, to).unwrap();
                    assert_eq!((path[0], *path.last().unwrap()), (from, to));
                    // Each hop of the path is a step (alone) or a jump over
                    // an occupied hole onto an empty one.
                    let mut occupied = who.clone();
                    occupied[usize::from(from)] = None;
                    check_path(&board, &occupied, &path);
                    // The new position reads back as itself.
                    assert_eq!(Position::parse(&next.to_string(), &rules), Ok(next));
                }
                assert_eq!(p.check_move(&rules, Move::PASS).is_ok(), list.is_empty());
            }
        }
    }
    assert!(positions > 5000, "{positions}");
    assert!(moves > 200_000, "{moves}");
}

fn check_path(board: &Board, occupied: &[Option<usize>], path: &[u8]) {
    let pt = |h: u8| board.points[usize::from(h)];
    if path.len() == 2 {
        let ((ax, ay), (bx, by)) = (pt(path[0]), pt(path[1]));
        let (dx, dy) = ((bx - ax).abs(), (by - ay).abs());
        if (dx, dy) == (2, 0) || (dx, dy) == (1, 1) {
            return;
        }
    }
    for w in path.windows(2) {
        let ((ax, ay), (bx, by)) = (pt(w[0]), pt(w[1]));
        let over = board.at[&((ax + bx) / 2, (ay + by) / 2)];
        let (dx, dy) = (bx - ax, by - ay);
        assert!(
            [(4, 0), (2, 2), (-2, 2), (-4, 0), (-2, -2), (2, -2)].contains(&(dx, dy)),
            "{path:?}"
        );
        assert!(occupied[over].is_some(), "{path:?}: nothing on {over}");
        assert!(occupied[usize::from(w[1])].is_none(), "{path:?}");
    }
}

// ---------------------------------------------------------------------------
// Finishing, anti-blocking, play on.

/// Fills each listed arm up to ten pieces from the middle of the board
/// (holes of no arm, nearest the centre first), so that fillers never win
/// or block anything.
pub(crate) fn fill(arms: &[(usize, &[u8])], turn: usize, finished: &[usize]) -> Setup {
    let board = Board::new();
    let mut used: BTreeSet<u8> = arms.iter().flat_map(|(_, h)| h.iter().copied()).collect();
    let mut pool: Vec<u8> = (0..121u8)
        .filter(|&h| board.arm_of(usize::from(h)).is_none())
        .collect();
    let (cx, cy) = board.points[60];
    pool.sort_by_key(|&h| {
        let (x, y) = board.points[usize::from(h)];
        ((x - cx).abs() + (y - cy).abs(), h)
    });
    let mut pieces: [Option<Vec<u8>>; 6] = Default::default();
    for &(arm, holes) in arms {
        let mut v = holes.to_vec();
        for &h in &pool {
            if v.len() == 10 {
                break;
            }
            if used.insert(h) {
                v.push(h);
            }
        }
        pieces[arm] = Some(v);
    }
    Setup {
        pieces,
        turn: Some(Arm::ALL[turn]),
        finished: finished.iter().map(|&a| Arm::ALL[a]).collect(),
    }
}

fn no_anti_blocking() -> Rules {
    Rules {
        anti_blocking: false,
        ..Rules::standard()
    }
}

pub(crate) fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn an_owner_who_never_leaves_cannot_block_a_win() {
    // Arm 3's owner keeps five pieces at home (116-120); arm 0 holds the
    // other holes but 114, and steps 106-114 into it.
    let setup = fill(
        &[
            (0, &[111, 112, 113, 115, 106]),
            (3, &[116, 117, 118, 119, 120]),
        ],
        0,
        &[],
    );
    for (rules, wins) in [(Rules::standard(), true), (no_anti_blocking(), false)] {
        let mut p = Position::from_setup(&setup, &rules).unwrap();
        let fx = p.play(&rules, mv("106-114")).unwrap();
        assert_eq!(p.has_won(Arm::ALL[0], &rules), wins);
        assert_eq!(
            fx.finished.iter().collect::<Vec<_>>(),
            if wins { vec![Arm::ALL[0]] } else { vec![] }
        );
        // Two players, play on: one player left ends the game.
        assert_eq!(fx.game_over, wins);
        assert_eq!(p.turn(), if wins { None } else { Some(Arm::ALL[3]) });
        assert_eq!(p.to_string().ends_with(" - 0"), wins, "{p}");
    }
}

#[test]
fn a_third_colour_in_the_target_blocks_the_win() {
    // Four players. Arm 3 holds arm 0's pieces, its owner's on 118-120,
    // and one piece of arm 4 on 114; arm 0 fills the last hole, 113.
    let blocked = fill(
        &[
            (0, &[111, 112, 115, 116, 117, 104]),
            (1, &[]),
            (3, &[118, 119, 120]),
            (4, &[114]),
        ],
        0,
        &[],
    );
    let rules = Rules::standard();
    let mut p = Position::from_setup(&blocked, &rules).unwrap();
    let fx = p.play(&rules, mv("104-113")).unwrap();
    assert!(fx.finished.is_empty());
    assert_eq!(p.occupied() & Arm::ALL[3].holes(), Arm::ALL[3].holes());
    assert!(!p.has_won(Arm::ALL[0], &rules));
    // The same with the owner's piece on 114 instead: a win.
    let owner = fill(
        &[
            (0, &[111, 112, 115, 116, 117, 104]),
            (1, &[]),
            (3, &[114, 118, 119, 120]),
            (4, &[]),
        ],
        0,
        &[],
    );
    let mut p = Position::from_setup(&owner, &rules).unwrap();
    let fx = p.play(&rules, mv("104-113")).unwrap();
    assert_eq!(fx.finished.get(0), Some(Arm::ALL[0]));
    // Four players: the game goes on, with arm 1 to move.
    assert!(!fx.game_over);
    assert_eq!(p.turn(), Some(Arm::ALL[1]));
}

#[test]
fn a_win_can_come_on_another_players_move() {
    // Arm 0 has nine pieces in arm 3; its owner steps 103-111 into the last
    // hole, and arm 0 has won on arm 3's move.
    let setup = fill(
        &[
            (0, &[112, 113, 114, 115, 116, 117, 118, 119, 120]),
            (1, &[]),
            (3, &[103]),
            (4, &[]),
        ],
        3,
        &[],
    );
    let rules = Rules::standard();
    let mut p = Position::from_setup(&setup, &rules).unwrap();
    let fx = p.play(&rules, mv("103-111")).unwrap();
    assert_eq!(fx.mover, Arm::ALL[3]);
    assert_eq!(fx.finished.get(0), Some(Arm::ALL[0]));
    assert_eq!(p.finished().get(0), Some(Arm::ALL[0]));
    // The turn goes on from the mover, skipping the finisher later.
    assert_eq!(p.turn(), Some(Arm::ALL[4]));
    // Without anti-blocking arm 0 still has a piece outside: no win.
    let rules = no_anti_blocking();
    let mut p = Position::from_setup(&setup, &rules).unwrap();
    assert!(p.play(&rules, mv("103-111")).unwrap().finished.is_empty());
}

#[test]
fn play_on_after_a_win_keeps_the_finishers_pieces_on_the_board() {
    let setup = fill(
        &[
            (0, &[112, 113, 114, 115, 116, 117, 118, 119, 120]),
            (1, &[]),
            (3, &[103]),
            (4, &[]),
        ],
        3,
        &[],
    );
    let rules = Rules::standard();
    let start = Position::from_setup(&setup, &rules).unwrap();
    let mut game = Game::from_position(rules, &start).unwrap();
    game.play(mv("103-111")).unwrap();
    let kept = game.position().pieces(Arm::ALL[0]);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut turns = 0;
    while !game.is_over() && turns < 600 {
        let turn = game.turn().unwrap();
        assert_ne!(turn, Arm::ALL[0], "a finished player moved");
        let moves = game.legal_moves();
        let m = if moves.is_empty() {
            Move::PASS
        } else {
            moves.get(rng.random_range(0..moves.len())).unwrap()
        };
        game.play(m).unwrap();
        assert_eq!(game.position().pieces(Arm::ALL[0]), kept);
        turns += 1;
    }
    assert!(turns > 100);
    // Arm 0 is not a player any more: playing for it is refused.
    let mut p = *game.position();
    if let Some(t) = p.turn() {
        assert_ne!(t, Arm::ALL[0]);
        let err = p.play(&rules, mv("112-111")).unwrap_err();
        assert!(err.to_string().contains("arm 0's"), "{err}");
    }
}

#[test]
fn first_winner_ends_the_game_and_ranks_the_rest_by_distance() {
    // Arm 0 is one step from finishing; arms 1 and 4 stand at equal
    // distances by symmetry (mirror images), arm 3 further back.
    let setup = fill(
        &[
            (0, &[111, 112, 113, 115, 116, 117, 118, 119, 120, 106]),
            (1, &[]),
            (3, &[]),
            (4, &[]),
        ],
        0,
        &[],
    );
    let rules = Rules::quick();
    let start = Position::from_setup(&setup, &rules).unwrap();
    let mut game = Game::from_position(rules, &start).unwrap();
    let fx = game.play(mv("106-114")).unwrap();
    assert!(fx.game_over);
    assert!(game.is_over() && game.turn().is_none());
    let out = game.outcome().unwrap();
    assert_eq!(out.winner(), Some(Arm::ALL[0]));
    assert_eq!(out.places[0], Some(1));
    let d = |a: usize| game.position().distance_left(Arm::ALL[a]);
    for a in [1, 3, 4] {
        let better = [1, 3, 4].iter().filter(|&&o| d(o) < d(a)).count() as u8;
        assert_eq!(out.places[a], Some(2 + better), "arm {a}");
        assert_eq!(out.distances[a], Some(d(a)));
    }
    assert_eq!(out.places[2], None);
    // Equal distances share a place.
    let mut places: Vec<u8> = out.places.iter().flatten().copied().collect();
    places.sort();
    let distinct: BTreeSet<u32> = [1, 3, 4].iter().map(|&a| d(a)).collect();
    if distinct.len() < 3 {
        assert!(places.windows(2).any(|w| w[0] == w[1]), "{places:?}");
    }
    // The same under play on: the game goes on.
    let mut game = Game::from_position(Rules::standard(), &start).unwrap();
    assert!(!game.play(mv("106-114")).unwrap().game_over);
    assert_eq!(game.turn(), Some(Arm::ALL[1]));
}

#[test]
fn distance_ties_share_a_place() {
    // Two players under first winner, the loser's distance against a third
    // would tie: use six players, where arms 1 and 5 are mirror images.
    let mut game = Game::new(Rules::quick(), Players::Six);
    assert_eq!(game.standings().places, [Some(1); 6]);
    // Arm 0 steps forward: it alone is ahead.
    game.play(mv("3-14")).unwrap();
    let s = game.standings();
    assert_eq!(s.places[0], Some(1));
    assert!(s.places[1..].iter().all(|&p| p == Some(2)), "{s:?}");
}

#[test]
fn the_move_cap_stops_a_game_as_a_draw() {
    // Two players stepping back and forth for ever.
    let mut game = Game::new(Rules::standard(), Players::Two);
    let cycle = ["3-14", "117-106", "14-3", "106-117"];
    for i in 0..MOVE_CAP as usize {
        assert!(!game.is_over(), "over after {i} moves");
        game.play(mv(cycle[i % 4])).unwrap();
    }
    assert!(game.is_over() && game.is_capped());
    assert_eq!(game.turn(), None);
    assert!(game.legal_moves().is_empty());
    assert!(game.play(mv("3-14")).is_err());
    let out = game.outcome().unwrap();
    assert!(out.capped);
    assert_eq!(out.winner(), None);
    assert_eq!(out.places[0], Some(1));
    assert_eq!(out.places[3], Some(1));
    // The saved game keeps its position as valid notation.
    let record = GameRecord::from(&game);
    assert_eq!(record.moves, MOVE_CAP);
    assert!(record.capped);
    assert_eq!(Game::try_from(record.clone()), Ok(game.clone()));
    let mut bad = record.clone();
    bad.capped = false;
    assert_eq!(Game::try_from(bad), Err(GameError::Capped));
    let mut bad = record;
    bad.moves = MOVE_CAP + 1;
    assert_eq!(Game::try_from(bad), Err(GameError::Moves(MOVE_CAP + 1)));
}
