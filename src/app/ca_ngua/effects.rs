//! What just happened, on the board: the squares of kicked horses
//! flashing, a banner for a kick and for a horse home, and the sounds that
//! go with them — all timed to the show (the last move and "roll again"
//! are marks the presenter keeps). Everything here comes from the
//! `Applied` values the presenter produces as it shows events.

use super::animation::MoveAnim;
use super::geometry::Place;
use super::marks::kicked_places;
use super::tbl::Applied;
use crate::app::play::cues::{Cue, Cues};
use game_ca_ngua::engine::Seat;

/// A short message over the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BannerKind {
    /// `by` kicked the horses of `victims` home.
    Kick {
        /// The kicker.
        by: Seat,
        /// The colours kicked.
        victims: Vec<Seat>,
    },
    /// A horse of `seat` reached the finish.
    Home {
        /// Its colour.
        seat: Seat,
    },
    /// `seat` has every horse home.
    AllHome {
        /// The colour.
        seat: Seat,
    },
}

/// A banner and when it shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    /// What it says.
    pub kind: BannerKind,
    /// When it appears.
    pub start: f64,
    /// When it has gone.
    pub end: f64,
}

/// A square flashing in a colour (a kicked horse stood there).
#[derive(Clone, Debug, PartialEq)]
pub struct Flash {
    /// The square.
    pub place: Place,
    /// The colour of the horse kicked there.
    pub seat: Seat,
    /// When it starts.
    pub start: f64,
    /// When it ends.
    pub end: f64,
}

/// How long a banner stays, in seconds (long enough to read twice).
pub const BANNER_SECONDS: f64 = 1.8;
/// How long a kicked horse's square flashes.
pub const FLASH_SECONDS: f64 = 1.4;

/// The effects of what was shown.
#[derive(Clone, Debug, Default)]
pub struct Feedback {
    flashes: Vec<Flash>,
    banners: Vec<Banner>,
}

impl Feedback {
    /// Takes in an event the presenter has just started to show at `now`;
    /// `walk` is the walk that shows it, when it is a move.
    pub fn shown(&mut self, cues: &mut Cues, applied: &Applied, walk: Option<&MoveAnim>, now: f64) {
        match applied {
            Applied::Rolled(_) => cues.at(now, Cue::Roll),
            Applied::Played {
                played: super::tbl::Played { effects: fx, .. },
                ..
            } if fx.mv.is_some() => {
                let (arrive, steps, step) = match walk {
                    Some(w) => (w.start + w.walk_time(), w.steps.len(), w.step),
                    None => (now, 0, 0.0),
                };
                let start = walk.map_or(now, |w| w.start);
                for k in 1..steps {
                    cues.at(start + step * k as f64, Cue::Step);
                }
                let kicked = kicked_places(fx);
                if !kicked.is_empty() {
                    cues.at(arrive, Cue::Kick);
                    for (seat, place) in &kicked {
                        self.flashes.push(Flash {
                            place: *place,
                            seat: *seat,
                            start: arrive,
                            end: arrive + FLASH_SECONDS,
                        });
                    }
                    self.banner(
                        BannerKind::Kick {
                            by: fx.seat,
                            victims: kicked.iter().map(|(s, _)| *s).collect(),
                        },
                        arrive,
                    );
                }
                if fx.horse_finished && !fx.game_over {
                    cues.at(arrive, Cue::Home);
                }
                if fx.seat_finished && !fx.game_over {
                    self.banner(BannerKind::AllHome { seat: fx.owner }, arrive);
                } else if fx.horse_finished && !fx.game_over {
                    self.banner(BannerKind::Home { seat: fx.owner }, arrive);
                }
            }
            Applied::Over(outcome) if outcome.winner.is_some() => {
                cues.at(now, Cue::Win);
            }
            _ => {}
        }
    }

    fn banner(&mut self, kind: BannerKind, start: f64) {
        // A new banner replaces one still showing: the newest news first.
        for b in &mut self.banners {
            b.end = b.end.min(start);
        }
        self.banners.push(Banner {
            kind,
            start,
            end: start + BANNER_SECONDS,
        });
    }

    /// Moves time on: ended banners and flashes go. Returns when something
    /// next changes (`Some(now)` while something fades, so every frame is
    /// drawn).
    pub fn tick(&mut self, now: f64) -> Option<f64> {
        self.banners.retain(|b| b.end > now);
        self.flashes.retain(|f| f.end > now);
        let showing = self.banners.iter().any(|b| b.start <= now)
            || self.flashes.iter().any(|f| f.start <= now);
        if showing {
            return Some(now);
        }
        self.banners
            .iter()
            .map(|b| b.start)
            .chain(self.flashes.iter().map(|f| f.start))
            .reduce(f64::min)
    }

    /// The banner showing at `now`, with how far through it is (0–1).
    pub fn banner_at(&self, now: f64) -> Option<(&BannerKind, f32)> {
        self.banners
            .iter()
            .rev()
            .find(|b| b.start <= now && now < b.end)
            .map(|b| (&b.kind, ((now - b.start) / (b.end - b.start)) as f32))
    }

    /// The squares flashing at `now`, with how far through they are (0–1).
    pub fn flashes_at(&self, now: f64) -> Vec<(Place, Seat, f32)> {
        self.flashes
            .iter()
            .filter(|f| f.start <= now && now < f.end)
            .map(|f| {
                (
                    f.place,
                    f.seat,
                    ((now - f.start) / (f.end - f.start)) as f32,
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{path, place};
    use super::super::marks::last_move_of;
    use super::*;
    use game_ca_ngua::engine::{Game, Position, Roll, Rules};

    #[test]
    fn a_kick_flashes_the_square_after_the_walk_and_sounds_once() {
        // Red at progress 10 kicks green's horse on square 14 with a 4.
        let rules = Rules::standard();
        let before = Position::parse("Y,Y,Y,10/1,Y,Y,Y/-/- r 0", &rules).expect("position");
        let mut game = Game::from_position(rules, before).expect("game");
        let effects = game
            .play(Roll::die(4), Some("10-14".parse().expect("move")))
            .expect("legal");
        let played = Applied::Played {
            before,
            played: super::super::tbl::Played {
                effects,
                thau_ma: false,
            },
        };
        let mut f = Feedback::default();
        let walk = MoveAnim {
            seat: Seat::Red,
            before: Position::default(),
            herd_before: super::super::horses::Herd::new(&before),
            number: 4,
            from: 10,
            steps: path(Seat::Red, 10, 14, 0),
            kicked: Vec::new(),
            start: 5.0,
            step: 0.1,
            kick: 0.2,
        };
        let mut sounds = Cues::default();
        f.shown(&mut sounds, &played, Some(&walk), 5.0);
        // Four steps, then the kick at the end of the walk (5.4 s): the
        // first thing due is the first step.
        let next = [f.tick(5.0), sounds.tick(5.0)]
            .into_iter()
            .flatten()
            .reduce(f64::min);
        assert_eq!(next, Some(5.1));
        assert!(sounds.take().is_empty());
        assert!(f.flashes_at(5.2).is_empty());
        f.tick(5.45);
        sounds.tick(5.45);
        let cues = sounds.take();
        assert_eq!(cues.iter().filter(|c| **c == Cue::Step).count(), 4);
        assert_eq!(cues.iter().filter(|c| **c == Cue::Kick).count(), 1);
        let flashes = f.flashes_at(5.5);
        assert_eq!(flashes.len(), 1);
        assert_eq!(flashes[0].1, Seat::Green);
        assert_eq!(flashes[0].0, place(Seat::Red, 14, 0));
        match f.banner_at(5.5) {
            Some((BannerKind::Kick { by, victims }, _)) => {
                assert_eq!(*by, Seat::Red);
                assert_eq!(victims, &[Seat::Green]);
            }
            other => panic!("{other:?}"),
        }
        let Applied::Played {
            before,
            played: super::super::tbl::Played { effects, .. },
        } = &played
        else {
            panic!("a move");
        };
        let last = last_move_of(before, effects).expect("marked");
        assert_eq!((last.from, last.to), (10, 14));
        assert_eq!(last.path.first(), Some(&place(Seat::Red, 10, 0)));
        assert_eq!(last.path.last(), Some(&place(Seat::Red, 14, 0)));
        // Everything fades, and then nothing asks for a frame.
        assert_eq!(f.tick(5.4 + BANNER_SECONDS + 0.01), None);
        assert_eq!(sounds.tick(5.4 + BANNER_SECONDS + 0.01), None);
        assert!(f.banner_at(5.4 + BANNER_SECONDS + 0.01).is_none());
    }
}
