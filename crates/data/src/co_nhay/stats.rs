//! Cờ nhảy's statistics (`co-nhay/stats.ron`): results per kind of player
//! and per colour, the longest jump chain, the shortest win.

use crate::stats::{StatsFile, bump, kind_key};
use ca_ngua_core::table::Controller;
use game_co_nhay::engine::{Arm, Outcome};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of `co-nhay/stats.ron` this build writes.
pub const STATS_VERSION: u32 = 1;

/// Cờ nhảy games played and won, and the longest jump chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    /// Games played.
    pub played: u64,
    /// Games won (first place).
    pub won: u64,
    /// The most jumps in one move.
    pub longest_chain: u32,
}

/// Everything counted about Cờ nhảy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Format version.
    pub version: u32,
    /// Games finished on this device.
    pub games: u64,
    /// Per kind of player: `human`, `easy`, `medium`, `hard`, `random`.
    pub by_kind: BTreeMap<String, Record>,
    /// Per colour, by arm.
    pub by_colour: [Record; 6],
    /// The most jumps in one move, by anyone.
    pub longest_chain: u32,
    /// The fewest moves a winner made in a game it won (its own moves,
    /// passes included).
    pub shortest_win: Option<u32>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            games: 0,
            by_kind: BTreeMap::new(),
            by_colour: [Record::default(); 6],
            longest_chain: 0,
            shortest_win: None,
        }
    }
}

impl StatsFile for Stats {
    const VERSION: u32 = STATS_VERSION;
    fn version(&self) -> u32 {
        self.version
    }
}

impl Stats {
    fn kind(&mut self, kind: Controller) -> &mut Record {
        self.by_kind.entry(kind_key(kind)).or_default()
    }

    /// Counts a move of `jumps` jumps (0 for a step) by `arm`, played by
    /// `controller`.
    pub fn record_move(&mut self, arm: Arm, controller: Controller, jumps: usize) {
        let jumps = u32::try_from(jumps).unwrap_or(u32::MAX);
        self.longest_chain = self.longest_chain.max(jumps);
        let k = self.kind(controller);
        k.longest_chain = k.longest_chain.max(jumps);
        if let Some(c) = self.by_colour.get_mut(arm.index()) {
            c.longest_chain = c.longest_chain.max(jumps);
        }
    }

    /// Counts a finished game, played at its end by `controllers` (by
    /// arm); `winner_moves` are the moves the winner made, when someone
    /// won.
    pub fn record_game(
        &mut self,
        controllers: &[Controller],
        outcome: &Outcome,
        winner_moves: Option<u32>,
    ) {
        bump(&mut self.games, 1);
        let winner = outcome.winner();
        for (_, arm) in outcome.standings() {
            let won = u64::from(winner == Some(arm));
            let c = &mut self.by_colour[arm.index()];
            bump(&mut c.played, 1);
            bump(&mut c.won, won);
        }
        let kinds = outcome
            .standings()
            .into_iter()
            .map(|(_, arm)| (controllers[arm.index()], winner == Some(arm)));
        for (key, won) in crate::stats::kinds_of_game(kinds) {
            let r = self.by_kind.entry(key).or_default();
            bump(&mut r.played, 1);
            bump(&mut r.won, u64::from(won));
        }
        if let (Some(_), Some(n), false) = (winner, winner_moves, outcome.capped) {
            self.shortest_win = Some(self.shortest_win.map_or(n, |s| s.min(n)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_core::game::Level;

    #[test]
    fn counts_cờ_nhảy_games_chains_and_the_shortest_win() {
        let mut s = Stats::default();
        let mut controllers = [Controller::Here; 6];
        controllers[3] = Controller::Computer(Level::Easy);
        let (zero, three) = (Arm::ALL[0], Arm::ALL[3]);
        s.record_move(zero, controllers[0], 3);
        s.record_move(three, controllers[3], 5);
        s.record_move(zero, controllers[0], 0);
        assert_eq!(s.longest_chain, 5);
        assert_eq!(s.by_kind["human"].longest_chain, 3);
        assert_eq!(s.by_colour[3].longest_chain, 5);
        let outcome = |winner: Arm, capped| {
            let mut places = [None; 6];
            places[winner.index()] = Some(1);
            places[if winner == zero { 3 } else { 0 }] = Some(2);
            Outcome {
                places,
                finished: if capped { vec![] } else { vec![winner] },
                distances: [None; 6],
                capped,
                moves: 80,
            }
        };
        s.record_game(&controllers, &outcome(three, false), Some(41));
        s.record_game(&controllers, &outcome(zero, false), Some(37));
        s.record_game(&controllers, &outcome(zero, false), Some(52));
        assert_eq!(s.games, 3);
        assert_eq!(s.by_kind["human"].played, 3);
        assert_eq!(s.by_kind["human"].won, 2);
        assert_eq!(s.by_kind["easy"].won, 1);
        assert_eq!(s.by_colour[0].won, 2);
        assert_eq!(s.by_colour[3].played, 3);
        assert_eq!(s.shortest_win, Some(37));
    }
}
