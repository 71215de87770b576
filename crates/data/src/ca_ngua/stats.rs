//! Cờ Cá Ngựa's statistics (`stats.ron`): results per kind of player and
//! per colour, kicks, Thầu mạ and Sập hầm, the longest game, and every die
//! face rolled (so a player can see the dice are fair).

use crate::stats::{StatsFile, bump, kind_key};
use ca_ngua_core::table::Controller;
use game_ca_ngua::engine::{Effects, Outcome, Roll, Seat};
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

    /// Counts the faces of one roll.
    pub fn record_roll(&mut self, roll: Roll) {
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
            let won = u64::from(outcome.winner == Some(seat));
            let c = &mut self.by_colour[seat.index()];
            bump(&mut c.played, 1);
            bump(&mut c.won, won);
        }
        let kinds = seats
            .iter()
            .map(|&s| (controllers[s.index()], outcome.winner == Some(s)));
        for (key, won) in crate::stats::kinds_of_game(kinds) {
            let r = self.by_kind.entry(key).or_default();
            bump(&mut r.played, 1);
            bump(&mut r.won, u64::from(won));
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
        let kinds = seats.iter().map(|&seat| {
            let won = outcome.ranks[seat.index()] == Some(1) && outcome.winner.is_some();
            let kind = controllers
                .get(seat.index())
                .copied()
                .unwrap_or(Controller::Here);
            (kind, won)
        });
        for (key, won) in crate::stats::kinds_of_game(kinds) {
            let r = t.by_kind.entry(key).or_default();
            bump(&mut r.played, 1);
            bump(&mut r.won, u64::from(won));
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

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_core::game::Level;
    use game_ca_ngua::engine::{Game, Rules};

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
        let pos = game_ca_ngua::engine::Position::parse("10,Y,Y,Y/1,1,Y,Y/-/- r 0", &rules)
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
    fn a_kind_of_player_counts_each_game_once_however_many_seats_it_played() {
        // Issue 55: one game against three Medium computers said "Played
        // 3".
        let mut s = Stats::default();
        let medium = Controller::Computer(Level::Medium);
        let controllers = [Controller::Here, medium, medium, medium];
        let outcome = Outcome {
            winner: Some(Seat::Yellow),
            ranks: [Some(4), Some(2), Some(1), Some(3)],
            capped: false,
            concluded: false,
            rolls: 200,
            points: None,
        };
        s.record_game(&Seat::ALL, &controllers, &outcome);
        assert_eq!(s.games, 1);
        assert_eq!(s.by_kind["medium"].played, 1);
        assert_eq!(s.by_kind["medium"].won, 1);
        assert_eq!(s.by_kind["human"].played, 1);
        assert_eq!(s.by_kind["human"].won, 0);
        // Each colour is still a seat of its own.
        assert!(s.by_colour.iter().all(|c| c.played == 1));
        assert_eq!(s.by_colour[Seat::Yellow.index()].won, 1);
        // Team games likewise.
        s.record_team_game(&Seat::ALL, &controllers, &outcome);
        assert_eq!(s.teams.by_kind["medium"].played, 1);
        assert_eq!(s.teams.by_kind["medium"].won, 1);
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
