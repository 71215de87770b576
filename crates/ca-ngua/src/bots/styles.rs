//! Hand-written playing styles, the opponents of Hard's gauntlet (issue
//! 57): the four single-minded styles of Alvi and Ahmed's "Ludo
//! strategies" (IEEE CIG 2011) — aggressive, defensive, racing ("fast")
//! and blocking — and a mixed expert that weighs them as a strong human
//! heuristic player does. None is a level of the app; `ca-ngua-cli
//! gauntlet` seats them.
//!
//! Each scores every legal move by the same terms, read off the position
//! before and after it (no look-ahead): a kick and how far the victim had
//! come, a horse home or into its column, an exit, the expected loss of
//! its own horses to the opponents' next rolls (the chances from
//! `sense.rs`), its own chances of kicking theirs, the squares gained, a
//! safe landing, a pair. A style is a set of weights; ties go to a seeded
//! coin, so a style is deterministic given its seed.

use super::sense::Board;
use super::{BotRng, Decision};
use crate::engine::board::{DOOR, progress_of_square};
use crate::engine::{Move, Position, Rules, Seat, YARD, track_square};
use ca_ngua_core::game::rng::below;

/// A hand-written style.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// Kicks whenever it can and chases opponents' horses.
    Aggressive,
    /// Keeps its horses out of reach and on safe squares.
    Defensive,
    /// Runs its leading horse home ("fast" in Alvi and Ahmed).
    Racing,
    /// Keeps its horses together in pairs and behind the opponents' horses.
    Blocking,
    /// All of them weighed, as a strong human heuristic player.
    Expert,
}

impl Style {
    /// Every style, in the order above.
    pub const ALL: [Style; 5] = [
        Style::Aggressive,
        Style::Defensive,
        Style::Racing,
        Style::Blocking,
        Style::Expert,
    ];

    /// The style's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Aggressive => "aggressive",
            Style::Defensive => "defensive",
            Style::Racing => "racing",
            Style::Blocking => "blocking",
            Style::Expert => "expert",
        }
    }

    /// The style named `name`, if any.
    pub fn from_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }

    const fn weights(self) -> Weights {
        match self {
            Style::Aggressive => Weights {
                kick: 200.0,
                threat: 1.2,
                risk: 0.15,
                advance: 1.0,
                ..Weights::BASE
            },
            Style::Defensive => Weights {
                kick: 40.0,
                risk: 2.0,
                safe: 25.0,
                home: 60.0,
                ..Weights::BASE
            },
            Style::Racing => Weights {
                kick: 0.0,
                risk: 0.0,
                threat: 0.0,
                advance: 3.0,
                lead: 1.0,
                exit: 10.0,
                first_exit: 30.0,
                ..Weights::BASE
            },
            Style::Blocking => Weights {
                pair: 35.0,
                threat: 0.6,
                advance: 0.3,
                lead: -0.3,
                ..Weights::BASE
            },
            Style::Expert => Weights::BASE,
        }
    }
}

/// What each term of a move's score is worth, in points (one point is
/// about a square gained).
#[derive(Copy, Clone, Debug)]
struct Weights {
    /// A kick, plus the victim's progress.
    kick: f32,
    /// A horse home.
    finish: f32,
    /// A horse into its home column, where nobody reaches it.
    home: f32,
    /// A horse out of the yard.
    exit: f32,
    /// The same when none of its horses is on the track.
    first_exit: f32,
    /// The expected loss (hit chance times the horse's progress plus 10)
    /// of its horses to the opponents' next rolls, before minus after.
    risk: f32,
    /// Its own chance of kicking their horses next roll, times theirs.
    threat: f32,
    /// Squares gained.
    advance: f32,
    /// Per square of the moved horse's progress (a leader first).
    lead: f32,
    /// Landing on a safe square (or a protective pair).
    safe: f32,
    /// Landing on its own horse.
    pair: f32,
}

impl Weights {
    /// The expert's weights, which the single-minded styles start from.
    const BASE: Weights = Weights {
        kick: 60.0,
        finish: 40.0,
        home: 35.0,
        exit: 25.0,
        first_exit: 45.0,
        risk: 1.0,
        threat: 0.35,
        advance: 0.6,
        lead: 0.08,
        safe: 6.0,
        pair: 0.0,
    };
}

/// A move's worth to the colour moving: `(kicks' value, own loss at
/// risk, own threat on theirs)` of a position.
fn exposure(pos: &Position, rules: &Rules, board: &Board, me: Seat) -> (f32, f32) {
    let all = [1.0f32; 4];
    let mut risk = 0.0;
    let mut threat = 0.0;
    for seat in pos.playing_seats() {
        let friend = seat == me || (rules.teams && seat == me.partner());
        for p in pos.horses(seat) {
            if p == YARD || p > DOOR {
                continue;
            }
            let q = track_square(seat, p);
            let value = f32::from(p) + 10.0;
            if friend {
                risk += value * board.danger(rules, seat, q, &all);
            } else if !board.is_protected(rules, seat, q) {
                threat += value * board.hit_chance(rules, me, q);
            }
        }
    }
    (risk, threat)
}

/// The style's choice among `d.moves`; ties go to a seeded coin.
pub fn choose(style: Style, d: &Decision<'_>, rng: &mut BotRng) -> Move {
    let moves = d.moves;
    let fallback = moves.first().unwrap_or(Move::EXIT);
    let Some(me) = d.position.mover(d.rules) else {
        return fallback;
    };
    let w = style.weights();
    let before = Board::new(d.position, d.rules);
    let (risk0, threat0) = exposure(d.position, d.rules, &before, me);
    let out = d
        .position
        .horses(me)
        .iter()
        .filter(|&&p| p != YARD && p <= DOOR)
        .count();
    let mut best = fallback;
    let mut best_score = f32::NEG_INFINITY;
    let mut ties = 0u32;
    for mv in moves.iter() {
        let s = score(d, &w, me, mv, out, risk0, threat0);
        if s > best_score {
            best_score = s;
            best = mv;
            ties = 1;
        } else if s == best_score {
            ties += 1;
            if below(rng, ties) == 0 {
                best = mv;
            }
        }
    }
    best
}

/// One move's score under `w`.
fn score(
    d: &Decision<'_>,
    w: &Weights,
    me: Seat,
    mv: Move,
    out: usize,
    risk0: f32,
    threat0: f32,
) -> f32 {
    let rules = d.rules;
    let mut next = *d.position;
    let fx = next.play_unchecked(rules, d.roll, Some(mv));
    let after = Board::new(&next, rules);
    let (risk1, threat1) = exposure(&next, rules, &after, me);
    let mut s = w.risk * (risk0 - risk1) + w.threat * (threat1 - threat0);
    if let Some(q) = fx.square {
        for victim in Seat::ALL {
            let n = fx.kicked[victim.index()];
            if n > 0 {
                let came = f32::from(progress_of_square(victim, q).min(DOOR));
                s += f32::from(n) * (w.kick + came * w.kick / 60.0);
            }
        }
    }
    if fx.horse_finished {
        s += w.finish;
    }
    if mv.is_exit() {
        s += if out == 0 { w.first_exit } else { w.exit };
        return s;
    }
    if mv.to > DOOR && mv.from <= DOOR {
        s += w.home;
    }
    s += w.advance * f32::from(mv.to.saturating_sub(mv.from)) + w.lead * f32::from(mv.from);
    if mv.to <= DOOR {
        let q = track_square(fx.owner, mv.to);
        if after.is_protected(rules, fx.owner, q) {
            s += w.safe;
        }
        if next
            .horses(fx.owner)
            .iter()
            .filter(|&&p| p == mv.to)
            .count()
            >= 2
        {
            s += w.pair;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Roll, Rules};
    use rand::SeedableRng;

    fn pick(style: Style, text: &str, roll: u8) -> Move {
        let rules = Rules::standard();
        let pos = Position::parse(text, &rules).expect("position");
        let roll = Roll::die(roll);
        let moves = pos.legal_moves(&rules, roll);
        let d = Decision {
            rules: &rules,
            position: &pos,
            roll,
            moves: &moves,
        };
        choose(style, &d, &mut BotRng::seed_from_u64(1))
    }

    #[test]
    fn names_round_trip() {
        for s in Style::ALL {
            assert_eq!(Style::from_name(s.name()), Some(s));
        }
        assert_eq!(Style::from_name("hard"), None);
    }

    #[test]
    fn styles_differ_where_they_should() {
        // Red at 20 can kick green's horse 4 ahead, or run its horse at 40.
        let kick_or_run = "Y,Y,20,40/Y,Y,Y,11/-/- r 0";
        let rules = Rules::standard();
        let pos = Position::parse(kick_or_run, &rules).expect("position");
        let kick = pos
            .legal_moves(&rules, Roll::die(4))
            .iter()
            .find(|m| pos.move_kicks(&rules, *m))
            .expect("a kick");
        assert_eq!(pick(Style::Aggressive, kick_or_run, 4), kick);
        assert_eq!(pick(Style::Expert, kick_or_run, 4), kick);
        assert_ne!(pick(Style::Racing, kick_or_run, 4), kick);
    }
}
