//! Statistics kept across games: results per kind of player and per
//! colour, kicks, Thầu mạ and Sập hầm, the longest game, and every die
//! face rolled (so a player can see the dice are fair).

use crate::ca_ngua::engine::{Effects, Outcome, Seat};
use crate::table::Controller;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of `stats.ron` this build writes.
pub const STATS_VERSION: u32 = 1;

/// Games played and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    /// Games played.
    pub played: u64,
    /// Games won (first place).
    pub won: u64,
    /// Horses kicked by this player.
    pub kicks_made: u64,
    /// Horses of this player kicked.
    pub kicks_suffered: u64,
    /// Thầu mạ: first straight from the door to cell 6.
    pub thau_ma: u64,
    /// Sập hầm: entered the column on cell 1.
    pub sap_ham: u64,
}

/// Everything counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Format version.
    pub version: u32,
    /// Games finished on this device.
    pub games: u64,
    /// Per kind of player: `human`, `easy`, `medium`, `hard`, `random`.
    pub by_kind: BTreeMap<String, Record>,
    /// Per colour (seat order).
    pub by_colour: [Record; 4],
    /// The most rolls in one game.
    pub longest_game: u32,
    /// How often each die face (1..=6) came up; with two dice, each die
    /// counts.
    pub faces: [u64; 6],
    /// Team games (RULES.md 3, "Teams"), counted apart from the games
    /// above. Absent from files written before teams, which read as none.
    pub teams: TeamStats,
}

/// Team games: partners win together.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TeamStats {
    /// Team games finished on this device.
    pub games: u64,
    /// Per kind of player, as for single games: played, and won with the
    /// partner.
    pub by_kind: BTreeMap<String, Record>,
    /// Per team: red with yellow, then green with blue.
    pub by_team: [Record; 2],
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            games: 0,
            by_kind: BTreeMap::new(),
            by_colour: [Record::default(); 4],
            longest_game: 0,
            faces: [0; 6],
            teams: TeamStats::default(),
        }
    }
}

/// A statistics file: its version.
pub trait StatsFile:
    Serialize
    + serde::de::DeserializeOwned
    + Default
    + Clone
    + PartialEq
    + std::fmt::Debug
    + Send
    + 'static
{
    /// The version this build writes.
    const VERSION: u32;
    /// The version a file says it is.
    fn version(&self) -> u32;
}

impl StatsFile for Stats {
    const VERSION: u32 = STATS_VERSION;
    fn version(&self) -> u32 {
        self.version
    }
}

impl StatsFile for NhayStats {
    const VERSION: u32 = NHAY_STATS_VERSION;
    fn version(&self) -> u32 {
        self.version
    }
}

/// The key of whoever plays a seat in `by_kind`: `human` for a person,
/// the level's name for a computer (one standing in for an absent person
/// too: it made the moves).
pub fn kind_key(controller: Controller) -> String {
    match controller.computer() {
        None => "human".into(),
        Some(level) => level.name().into(),
    }
}

impl Stats {
    fn kind(&mut self, kind: Controller) -> &mut Record {
        self.by_kind.entry(kind_key(kind)).or_default()
    }

    /// Counts the faces of one roll.
    pub fn record_roll(&mut self, roll: crate::ca_ngua::engine::Roll) {
        let (a, b) = roll.dice();
        for face in std::iter::once(a).chain(b) {
            if let Some(n) = self.faces.get_mut(usize::from(face).wrapping_sub(1)) {
                bump(n, 1);
            }
        }
    }

    /// Counts what one move did: kicks, Thầu mạ (when `thau_ma` — the
    /// first of the game) and Sập hầm, each for whoever played the seats
    /// at that moment (`controllers` by seat index).
    pub fn record_move(&mut self, controllers: &[Controller], fx: &Effects, thau_ma: bool) {
        let mover = controllers[fx.seat.index()];
        for victim in Seat::ALL {
            let n = u64::from(fx.kicked[victim.index()]);
            if n == 0 {
                continue;
            }
            bump(&mut self.kind(mover).kicks_made, n);
            bump(&mut self.by_colour[fx.seat.index()].kicks_made, n);
            let kind = controllers[victim.index()];
            bump(&mut self.kind(kind).kicks_suffered, n);
            bump(&mut self.by_colour[victim.index()].kicks_suffered, n);
        }
        if thau_ma {
            bump(&mut self.kind(mover).thau_ma, 1);
            bump(&mut self.by_colour[fx.seat.index()].thau_ma, 1);
        }
        if fx.door_to_bottom {
            bump(&mut self.kind(mover).sap_ham, 1);
            bump(&mut self.by_colour[fx.seat.index()].sap_ham, 1);
        }
    }

    /// Counts a finished game between `seats`, played at its end by
    /// `controllers`.
    pub fn record_game(&mut self, seats: &[Seat], controllers: &[Controller], outcome: &Outcome) {
        bump(&mut self.games, 1);
        self.longest_game = self.longest_game.max(outcome.rolls);
        for &seat in seats {
            let kind = controllers[seat.index()];
            let won = u64::from(outcome.winner == Some(seat));
            let r = self.kind(kind);
            bump(&mut r.played, 1);
            bump(&mut r.won, won);
            let c = &mut self.by_colour[seat.index()];
            bump(&mut c.played, 1);
            bump(&mut c.won, won);
        }
    }

    /// Counts a finished team game between `seats` (all four), played at
    /// its end by `controllers`: apart from single games, each partner of
    /// the first team winning.
    pub fn record_team_game(
        &mut self,
        seats: &[Seat],
        controllers: &[Controller],
        outcome: &Outcome,
    ) {
        let t = &mut self.teams;
        bump(&mut t.games, 1);
        self.longest_game = self.longest_game.max(outcome.rolls);
        for &seat in seats {
            let won = u64::from(outcome.ranks[seat.index()] == Some(1) && outcome.winner.is_some());
            let kind = controllers
                .get(seat.index())
                .copied()
                .unwrap_or(Controller::Here);
            let r = t.by_kind.entry(kind_key(kind)).or_default();
            bump(&mut r.played, 1);
            bump(&mut r.won, won);
        }
        for (team, first) in Seat::TEAMS.into_iter().enumerate() {
            if seats.contains(&first) {
                let won =
                    u64::from(outcome.ranks[first.index()] == Some(1) && outcome.winner.is_some());
                bump(&mut t.by_team[team].played, 1);
                bump(&mut t.by_team[team].won, won);
            }
        }
    }

    /// Total faces rolled.
    pub fn faces_rolled(&self) -> u64 {
        self.faces.iter().fold(0, |t, &n| t.saturating_add(n))
    }

    /// Pearson's chi-squared statistic of the faces against fair dice (5
    /// degrees of freedom: above 11.07 happens 5% of the time with fair
    /// dice).
    pub fn chi_squared(&self) -> f64 {
        let total = self.faces_rolled() as f64;
        if total == 0.0 {
            return 0.0;
        }
        let expected = total / 6.0;
        self.faces
            .iter()
            .map(|&n| {
                let d = n as f64 - expected;
                d * d / expected
            })
            .sum()
    }
}

/// Adds to a count; a count from a hand-edited file may be anywhere.
fn bump(count: &mut u64, n: u64) {
    *count = count.saturating_add(n);
}

// Cờ nhảy's statistics (`co-nhay/stats.ron`).

/// The version of `co-nhay/stats.ron` this build writes.
pub const NHAY_STATS_VERSION: u32 = 1;

/// Cờ nhảy games played and won, and the longest jump chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NhayRecord {
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
pub struct NhayStats {
    /// Format version.
    pub version: u32,
    /// Games finished on this device.
    pub games: u64,
    /// Per kind of player: `human`, `easy`, `medium`, `hard`, `random`.
    pub by_kind: BTreeMap<String, NhayRecord>,
    /// Per colour, by arm.
    pub by_colour: [NhayRecord; 6],
    /// The most jumps in one move, by anyone.
    pub longest_chain: u32,
    /// The fewest moves a winner made in a game it won (its own moves,
    /// passes included).
    pub shortest_win: Option<u32>,
}

impl Default for NhayStats {
    fn default() -> Self {
        NhayStats {
            version: NHAY_STATS_VERSION,
            games: 0,
            by_kind: BTreeMap::new(),
            by_colour: [NhayRecord::default(); 6],
            longest_chain: 0,
            shortest_win: None,
        }
    }
}

impl NhayStats {
    fn kind(&mut self, kind: Controller) -> &mut NhayRecord {
        self.by_kind.entry(kind_key(kind)).or_default()
    }

    /// Counts a move of `jumps` jumps (0 for a step) by `arm`, played by
    /// `controller`.
    pub fn record_move(
        &mut self,
        arm: crate::co_nhay::engine::Arm,
        controller: Controller,
        jumps: usize,
    ) {
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
        outcome: &crate::co_nhay::engine::Outcome,
        winner_moves: Option<u32>,
    ) {
        bump(&mut self.games, 1);
        let winner = outcome.winner();
        for (_, arm) in outcome.standings() {
            let won = u64::from(winner == Some(arm));
            let r = self.kind(controllers[arm.index()]);
            bump(&mut r.played, 1);
            bump(&mut r.won, won);
            let c = &mut self.by_colour[arm.index()];
            bump(&mut c.played, 1);
            bump(&mut c.won, won);
        }
        if let (Some(_), Some(n), false) = (winner, winner_moves, outcome.capped) {
            self.shortest_win = Some(self.shortest_win.map_or(n, |s| s.min(n)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ca_ngua::engine::{Game, Roll, Rules};
    use crate::game::Level;

    #[test]
    fn counts_faces_kicks_and_games() {
        let mut s = Stats::default();
        s.record_roll(Roll::die(6));
        s.record_roll(Roll::dice_pair(2, 6));
        assert_eq!(s.faces, [0, 1, 0, 0, 0, 2]);
        let seats = [Seat::Red, Seat::Green];
        let controllers = [
            Controller::Here,
            Controller::Computer(Level::Random),
            Controller::Here,
            Controller::Here,
        ];
        let rules = Rules::standard();
        let pos = crate::ca_ngua::engine::Position::parse("10,Y,Y,Y/1,1,Y,Y/-/- r 0", &rules)
            .expect("position");
        let mut game = Game::from_position(rules, pos).expect("game");
        let fx = game
            .play(Roll::die(4), Some("10-14".parse().expect("move")))
            .expect("legal");
        s.record_move(&controllers, &fx, false);
        assert_eq!(s.by_kind["human"].kicks_made, 2);
        assert_eq!(s.by_kind["random"].kicks_suffered, 2);
        assert_eq!(s.by_colour[1].kicks_suffered, 2);
        let outcome = Outcome {
            winner: Some(Seat::Green),
            ranks: [Some(2), Some(1), None, None],
            capped: false,
            concluded: false,
            rolls: 120,
            points: None,
        };
        s.record_game(&seats, &controllers, &outcome);
        assert_eq!(s.games, 1);
        assert_eq!(s.by_kind["random"].won, 1);
        assert_eq!(s.by_kind["human"].played, 1);
        assert_eq!(s.longest_game, 120);
    }

    #[test]
    fn counts_cờ_nhảy_games_chains_and_the_shortest_win() {
        use crate::co_nhay::engine::{Arm, Outcome as NhayOutcome};
        let mut s = NhayStats::default();
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
            NhayOutcome {
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

    #[test]
    fn chi_squared_is_small_for_even_faces() {
        let mut s = Stats {
            faces: [100; 6],
            ..Stats::default()
        };
        assert_eq!(s.chi_squared(), 0.0);
        s.faces = [600, 0, 0, 0, 0, 0];
        assert!(s.chi_squared() > 100.0);
    }
}
