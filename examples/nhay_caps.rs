#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Looks at the self-play games that the 2,000-move cap stopped, and tells
//! apart those that could never have ended from those that might have.
//!
//! A player can never finish when a finished player's piece (frozen for
//! good, CO-NHAY.md §4) stands in its target and is not the target's
//! owner's, or when one of its pieces outside the target is walled in by
//! finished players' pieces (every neighbour and every landing frozen). A
//! play-on game with two such players cannot end before the cap.
//!
//! cargo run --release --no-default-features --example nhay_caps -- \
//!     --games 402 --players 6 --bots medium,easy,easy,easy,easy,easy --seed 1
use ca_ngua_core::game::selfplay::mix_seed;
use game_co_nhay::bots::Level;
use game_co_nhay::bots::{Bot, Budget};
use game_co_nhay::engine::board::{JUMP_COUNT, JUMPS, NEIGHBOURS};
use game_co_nhay::engine::{Arm, Game, Holes, Players, Position, Rules};
use game_co_nhay::selfplay::play_out;

fn doomed(p: &Position, a: Arm) -> bool {
    let frozen: u128 = p.finished().iter().fold(0, |m, f| m | p.pieces(f));
    let t = a.target();
    if p.finished()
        .iter()
        .any(|f| f != t && p.pieces(f) & t.holes() != 0)
    {
        return true;
    }
    Holes(p.pieces(a) & !t.holes()).any(|h| {
        let h = usize::from(h);
        NEIGHBOURS[h] & !frozen == 0
            && JUMPS[h][..usize::from(JUMP_COUNT[h])]
                .iter()
                .all(|j| frozen >> j.land & 1 == 1)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |k: &str, d: &str| -> String {
        args.iter()
            .position(|a| a == k)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| d.to_string())
    };
    let seed: u64 = get("--seed", "1").parse().unwrap();
    let games: u64 = get("--games", "402").parse().unwrap();
    let players = Players::from_count(get("--players", "6").parse().unwrap()).unwrap();
    let levels: Vec<Level> = get("--bots", "medium,easy,easy,easy,easy,easy")
        .split(',')
        .map(|b| b.parse().unwrap())
        .collect();
    let n = players.count();
    assert_eq!(levels.len(), n);
    let (mut capped, mut doomed_games) = (0, 0);
    for index in 0..games {
        // Seeds and seats as `selfplay::run` gives them.
        let s = mix_seed(seed, index);
        let mut bots: Vec<Bot> = (0..n)
            .map(|slot| {
                let entry = (slot + n - (index % n as u64) as usize) % n;
                Bot::with_budget(levels[entry], mix_seed(s, 1 + slot as u64), Budget::DEFAULT)
            })
            .collect();
        let mut game = Game::new(Rules::standard(), players);
        play_out(&mut game, &mut bots, |_, _| {});
        if game.is_capped() {
            capped += 1;
            let p = game.position();
            let live: Vec<Arm> = p.arms().filter(|&a| !p.finished().contains(a)).collect();
            let stuck = live.iter().filter(|&&a| doomed(p, a)).count();
            if live.len() - stuck <= 1 {
                doomed_games += 1;
            } else {
                println!(
                    "game {index}: {p} ({stuck} of {} left can never finish)",
                    live.len()
                );
            }
        }
    }
    println!(
        "seed {seed}: {games} games, {capped} stopped by the cap, {doomed_games} of them with at most one player left able to finish"
    );
}
