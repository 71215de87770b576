//! "Puzzles from my mistakes": the player's past games of one game looked
//! through on a thread of its own, newest first, a few at a time; the
//! turns where a person chose another move than one clearly best become
//! puzzles, kept in the player's folder with the games looked through.

use ca_ngua_data::learn::{MineConfig, PuzzleFile, mine_record};
use ca_ngua_data::record::Player;
use ca_ngua_data::store::Store;
use ca_ngua_games::GameKind;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// How many past games one look goes through.
pub const GAMES_AT_ONCE: usize = 8;

/// The shortest game worth a look, in turns.
const SHORTEST: usize = 10;

/// What a look found: the file with the new puzzles, how many were added,
/// how many games were looked through.
pub type Found = (PuzzleFile, usize, usize);

#[derive(Debug, Default)]
struct Shared {
    done: usize,
    total: usize,
    found: usize,
    result: Option<Result<Found, String>>,
}

/// A look through past games, going on.
#[derive(Debug)]
pub struct Mining {
    shared: Arc<Mutex<Shared>>,
    cancel: Arc<AtomicBool>,
}

impl Mining {
    /// Starts looking through the past games of `kind` kept in `store`
    /// that `mine` has not looked through yet; `ctx` is woken at each game.
    pub fn start(kind: GameKind, store: Store, mine: PuzzleFile, ctx: &egui::Context) -> Mining {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let cancel = Arc::new(AtomicBool::new(false));
        let (s, c, ctx) = (shared.clone(), cancel.clone(), ctx.clone());
        let spawned = std::thread::Builder::new()
            .name("puzzles".into())
            .spawn(move || {
                let result = look(kind, &store, mine, &s, &c, &ctx);
                s.lock().unwrap_or_else(PoisonError::into_inner).result = Some(result);
                ctx.request_repaint();
            });
        if let Err(e) = spawned {
            shared.lock().unwrap_or_else(PoisonError::into_inner).result = Some(Err(e.to_string()));
        }
        Mining { shared, cancel }
    }

    /// Games looked through, games to look through, puzzles found so far.
    pub fn progress(&self) -> (usize, usize, usize) {
        let s = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        (s.done, s.total, s.found)
    }

    /// What it found, once done (taken).
    pub fn result(&self) -> Option<Result<Found, String>> {
        self.shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .result
            .take()
    }

    /// Asks it to stop soon (what was found so far is kept).
    pub fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for Mining {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The look itself: the games chosen, each analysed for the turns of its
/// people, the file saved after each game.
fn look(
    kind: GameKind,
    store: &Store,
    mut mine: PuzzleFile,
    shared: &Mutex<Shared>,
    cancel: &AtomicBool,
    ctx: &egui::Context,
) -> Result<Found, String> {
    let (list, _) = store.records().list();
    let todo: Vec<_> = list
        .into_iter()
        .filter(|s| {
            s.game == kind
                && s.result.is_some()
                && s.steps >= SHORTEST
                && s.seats.iter().any(|seat| seat.player == Player::Person)
                && !mine.mined.iter().any(|m| m == s.id.as_str())
        })
        .take(GAMES_AT_ONCE)
        .collect();
    shared.lock().unwrap_or_else(PoisonError::into_inner).total = todo.len();
    let (mut added, mut looked) = (0, 0);
    for summary in &todo {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let record = store
            .records()
            .load(&summary.id)
            .map_err(|e| e.to_string())?;
        let found = ca_ngua_games::with_any!(&record, G, r => {
            let seats: Vec<_> = r
                .seats
                .iter()
                .filter(|s| s.player == Player::Person)
                .map(|s| s.seat)
                .collect();
            let mut config = MineConfig::for_game::<G>();
            // One core is left to the window.
            config.screen.threads = std::thread::available_parallelism()
                .map_or(1, |n| n.get().saturating_sub(1).max(1));
            mine_record::<G>(r, summary.id.as_str(), &seats, &config, cancel)
        });
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        // A game that cannot be analysed is passed over, and not again.
        let found = found.unwrap_or_else(|e| {
            tracing::warn!(record = %summary.id.as_str(), "a game passed over for puzzles: {e}");
            Vec::new()
        });
        added += mine.add(found);
        mine.mined.push(summary.id.as_str().to_string());
        looked += 1;
        store.save_my_puzzles(&mine).map_err(|e| e.to_string())?;
        {
            let mut s = shared.lock().unwrap_or_else(PoisonError::into_inner);
            s.done = looked;
            s.found = added;
        }
        ctx.request_repaint();
    }
    Ok((mine, added, looked))
}
