//! Puzzles made from self-played games (`ca-ngua-cli puzzles make`).

use super::{MineConfig, MineError, PuzzleDef, find_puzzles};
use crate::learn::Teach;
use ca_ngua_core::game::Level;
use ca_ngua_core::game::selfplay::{SelfPlay, mix_seed};
use std::sync::atomic::AtomicBool;

/// `games` self-played games of `players` players under `rules` (seeded
/// from `seed`; Easy and Medium players take turns at the seats), each
/// looked through for puzzles ([`find_puzzles`]); a position met twice is
/// kept once. `progress(game, found)` hears each game done.
pub fn make_puzzles<G: SelfPlay + Teach>(
    rules: &G::Rules,
    players: usize,
    games: u32,
    seed: u64,
    config: &MineConfig,
    progress: &mut dyn FnMut(u32, usize),
) -> Result<Vec<PuzzleDef>, MineError> {
    let levels: Vec<Level> = (0..players)
        .map(|k| {
            if k % 2 == 0 {
                Level::Easy
            } else {
                Level::Medium
            }
        })
        .collect();
    make_puzzles_by::<G>(rules, &levels, games, seed, config, progress)
}

/// As [`make_puzzles`], the seats played by `levels` (one a seat, in
/// seat order: as many players as levels). Closer games between equal
/// players reach the tight finishes where one plain move wins
/// (`puzzles make --levels medium,medium`, docs/LESSONS.md).
pub fn make_puzzles_by<G: SelfPlay + Teach>(
    rules: &G::Rules,
    levels: &[Level],
    games: u32,
    seed: u64,
    config: &MineConfig,
    progress: &mut dyn FnMut(u32, usize),
) -> Result<Vec<PuzzleDef>, MineError> {
    let players = levels.len();
    let cancel = AtomicBool::new(false);
    let mut out: Vec<PuzzleDef> = Vec::new();
    for g in 0..games {
        let game_seed = mix_seed(seed, u64::from(g));
        let (start, plays) =
            crate::record::analysis::sample_game::<G>(rules, levels, game_seed, 5_000)
                .map_err(|e| MineError::Game(e.to_string()))?;
        let seats = G::seats(&start);
        let mut config = *config;
        config.screen.seed = game_seed;
        let prefix = format!("pz-{}-{players}p-{seed}-{g}-", G::PUZZLE_ID);
        let from = format!("self-play, {players} players, seed {seed}, game {g}");
        let found = find_puzzles::<G>(
            rules, &start, &plays, &seats, &config, &prefix, &from, &cancel,
        )?;
        for p in found {
            if !out.iter().any(|q| q.setup == p.setup && q.roll == p.roll) {
                out.push(p);
            }
        }
        progress(g + 1, out.len());
    }
    Ok(out)
}
