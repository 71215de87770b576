//! What just happened, on the board: the squares of kicked horses
//! flashing, a banner for a kick and for a horse home, and the sounds that
//! go with them — all timed to the show (the last move and "roll again"
//! are marks the presenter keeps). Everything here comes from the
//! `Applied` values the presenter produces as it shows events.

use super::animation::MoveAnim;
use super::geometry::{Place, TRACK, path, place};
use super::tbl::Applied;
use crate::app::play::cues::{Cue, Cues};
use crate::ca_ngua::engine::{Position, Seat, YARD};

/// The last move, marked on the board until the next one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub seat: Seat,
    /// From which progress (`YARD` for an exit).
    pub from: u8,
    /// To which progress.
    pub to: u8,
    /// The places it passed through, both ends included.
    pub path: Vec<Place>,
    /// The horses it kicked: their colour and where they stood.
    pub kicked: Vec<(Seat, Place)>,
}

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

/// The places of the horses a move kicked.
fn kicked_places(fx: &crate::ca_ngua::engine::Effects) -> Vec<(Seat, Place)> {
    let Some(square) = fx.square else {
        return Vec::new();
    };
    let (x, y) = TRACK[usize::from(square).min(TRACK.len() - 1)];
    Seat::ALL
        .into_iter()
        .filter(|s| fx.kicked[s.index()] > 0)
        .map(|s| (s, Place::Cell(x, y)))
        .collect()
}

/// The last move of a play, if it moved.
pub(super) fn last_move_of(before: &Position, fx: &crate::ca_ngua::engine::Effects) -> Option<LastMove> {
    let m = fx.mv?;
    let yard_index = before
        .horses(fx.seat)
        .iter()
        .filter(|&&h| h == YARD)
        .count()
        .saturating_sub(1);
    let mut steps = path(fx.seat, m.from, m.to, yard_index);
    if steps.is_empty() {
        steps.push(place(fx.seat, m.to, 0));
    }
    Some(LastMove {
        seat: fx.seat,
        from: m.from,
        to: m.to,
        path: steps,
        kicked: kicked_places(fx),
    })
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
                    self.banner(BannerKind::AllHome { seat: fx.seat }, arrive);
                } else if fx.horse_finished && !fx.game_over {
                    self.banner(BannerKind::Home { seat: fx.seat }, arrive);
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

// Drawing, on the board's painter (`board_view` calls these).

use super::board_view::{Preview, Transform, draw_horse};
use crate::app::theme::{Palette, lerp, on_seat_colour, seat_colour};
use egui::{Color32, CornerRadius, FontId, Painter, Rect, Stroke, StrokeKind, Vec2};

/// The last move: a trail of dots in the mover's colour from where it
/// started (a dashed outline) to where it stopped (a solid frame).
pub(super) fn draw_last_move(painter: &Painter, t: &Transform, last: &LastMove, dark: bool) {
    let colour = seat_colour(last.seat);
    let frame = if dark {
        lerp(colour, Color32::WHITE, 0.35)
    } else {
        lerp(colour, Color32::BLACK, 0.2)
    };
    let width = (t.cell * 0.09).max(2.0);
    let n = last.path.len();
    for (i, p) in last.path.iter().enumerate() {
        if i == 0 || i + 1 == n {
            continue;
        }
        painter.circle_filled(
            t.point(super::geometry::place_centre(*p)),
            t.cell * 0.1,
            colour.gamma_multiply(0.75),
        );
    }
    if let Some(from) = last.path.first() {
        let r = t.place_rect(*from).shrink(t.cell * 0.06);
        let pts = [
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
            r.left_top(),
        ];
        painter.extend(egui::Shape::dashed_line(
            &pts,
            Stroke::new(width * 0.8, frame),
            t.cell * 0.16,
            t.cell * 0.1,
        ));
    }
    if let Some(to) = last.path.last() {
        painter.rect_stroke(
            t.place_rect(*to).shrink(t.cell * 0.04),
            CornerRadius::same(3),
            Stroke::new(width, frame),
            StrokeKind::Inside,
        );
    }
}

/// A kicked horse's square flashing in its colour, `u` of the way through.
pub(super) fn draw_flash(painter: &Painter, t: &Transform, place: Place, seat: Seat, u: f32) {
    let pulse = (u * std::f32::consts::PI * 3.0).sin().abs() * (1.0 - u);
    let r = t.place_rect(place);
    painter.rect_filled(
        r.expand(t.cell * 0.1 * pulse),
        CornerRadius::same(4),
        seat_colour(seat).gamma_multiply(0.35 + 0.5 * pulse),
    );
    painter.circle_stroke(
        r.center(),
        t.cell * (0.5 + 0.6 * u),
        Stroke::new(t.cell * 0.08 * (1.0 - u), seat_colour(seat)),
    );
}

/// Where a move would land: its path dotted, a faint horse on the landing.
pub(super) fn draw_preview(painter: &Painter, t: &Transform, p: &Preview, pal: &Palette) {
    let colour = seat_colour(p.seat);
    let n = p.path.len();
    for (i, place) in p.path.iter().enumerate() {
        if i == 0 || i + 1 == n {
            continue;
        }
        painter.circle_stroke(
            t.point(super::geometry::place_centre(*place)),
            t.cell * 0.1,
            Stroke::new((t.cell * 0.05).max(1.0), colour),
        );
    }
    if let Some(to) = p.path.last() {
        let c = t.point(super::geometry::place_centre(*to));
        painter.circle_filled(c, t.cell * 0.46, pal.highlight.gamma_multiply(0.18));
        draw_horse(painter, p.seat, c, t.cell * 0.3, pal);
        painter.circle_filled(c, t.cell * 0.34, pal.square.gamma_multiply(0.45));
        painter.circle_stroke(
            c,
            t.cell * 0.46,
            Stroke::new((t.cell * 0.08).max(2.0), pal.highlight),
        );
    }
}

/// A banner across the middle of the board, fading in and out.
pub(super) fn draw_banner(painter: &Painter, t: &Transform, text: &str, seat: Seat, u: f32) {
    // It fades in and out; its text keeps one size (a font size that
    // changed every frame would make new glyphs every frame).
    let alpha = (u / 0.08).min(1.0).min((1.0 - u) / 0.2).clamp(0.0, 1.0);
    let font = FontId::proportional((t.cell * 0.62).round());
    let ink = on_seat_colour(seat);
    let galley = painter.layout_no_wrap(text.to_string(), font, ink.gamma_multiply(alpha));
    let centre = t.point((7.5, 7.5));
    let size = galley.size() + Vec2::new(t.cell * 1.2, t.cell * 0.5);
    let size = Vec2::new(size.x.min(t.cell * 14.0), size.y);
    let rect = Rect::from_center_size(centre, size);
    painter.rect(
        rect.translate(Vec2::new(t.cell * 0.08, t.cell * 0.12)),
        CornerRadius::same(12),
        Color32::from_black_alpha((90.0 * alpha) as u8),
        Stroke::NONE,
        StrokeKind::Inside,
    );
    painter.rect(
        rect,
        CornerRadius::same(12),
        seat_colour(seat).gamma_multiply(alpha),
        Stroke::new(2.0, ink.gamma_multiply(alpha * 0.8)),
        StrokeKind::Inside,
    );
    painter.galley(
        rect.center() - galley.size() * 0.5,
        galley,
        ink.gamma_multiply(alpha),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ca_ngua::engine::{Game, Roll, Rules};

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
