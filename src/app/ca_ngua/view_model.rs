//! The board's view model: what to draw and what can be clicked, from the
//! state shown, the animation running and the phase.

use super::CaNguaGame;
use super::animation::Anim;
use super::board_view::{BoardInput, Movable, Sprite};
use super::geometry::{Place, place, place_centre};
use super::horses::Herd;
use super::phase::Phase;
use super::text;
use crate::engine::{Direction, Move, Position, SafeSquares, Seat};
use crate::i18n::I18n;

impl CaNguaGame {
    /// What the board shows at time `now`.
    pub fn board_input(&self, i18n: &I18n, phase: Phase, now: f64, dark: bool) -> BoardInput {
        let shown = self.presenter.shown();
        let rules = *shown.rules();
        let anim = match self.presenter.anim() {
            Some(Anim::Move(m)) => Some(m),
            _ => None,
        };
        let current = shown.position().copied().unwrap_or_default();
        let pos = anim.map_or(current, |a| a.before);
        let mut sprites = Vec::new();
        let mut floating = Vec::new();
        let herd = anim.map_or(self.presenter.herd(), |a| &a.herd_before);
        for seat in pos.playing_seats() {
            for number in 1..=4u8 {
                if anim.is_some_and(|a| a.seat == seat && a.number == number) {
                    continue; // the moving horse is drawn floating
                }
                if anim.is_some_and(|a| a.kicked.iter().any(|(s, n, _)| *s == seat && *n == number))
                {
                    continue; // drawn flying home below
                }
                let p = herd.progress(seat, number);
                sprites.push(Sprite {
                    seat,
                    number,
                    place: place(seat, p, Herd::yard_spot(number)),
                });
            }
        }
        if let Some(a) = anim {
            let t = ((now - a.start) / a.step).max(0.0);
            let last = a.steps.len().saturating_sub(1);
            let i = (t.floor() as usize).min(last);
            let frac = if i >= last {
                0.0
            } else {
                (t - i as f64) as f32
            };
            let (x0, y0) = place_centre(a.steps[i]);
            let (x1, y1) = place_centre(a.steps[(i + 1).min(last)]);
            // A little hop between squares.
            let hop = (frac * std::f32::consts::PI).sin() * 0.25;
            floating.push((a.seat, (x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac - hop)));
            let walked = now - a.start >= a.walk_time();
            for (seat, number, from) in &a.kicked {
                let home = place_centre(Place::Yard(*seat, Herd::yard_spot(*number) as u8));
                let start = place_centre(*from);
                let u = if walked {
                    (((now - a.start - a.walk_time()) / a.kick) as f32).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                floating.push((
                    *seat,
                    (
                        start.0 + (home.0 - start.0) * u,
                        start.1 + (home.1 - start.1) * u,
                    ),
                ));
            }
        }
        let (movable, targets) = self.movable(i18n, phase, &current);
        let focus_horse = self
            .focus_horse
            .filter(|n| movable.iter().any(|m| m.number == *n));
        BoardInput {
            sprites,
            floating,
            playing: Seat::ALL.map(|s| pos.is_playing(s)),
            turn: shown.turn(),
            movable,
            targets,
            mirrored: rules.direction == Direction::CounterClockwise,
            stars: rules.safe_squares == SafeSquares::StartsAndStars,
            hint: self.hint.and_then(|m| {
                let seat = shown.turn()?;
                Some((place(seat, m.from, 0), place(seat, m.to, 0)))
            }),
            dark,
            label: text::board_summary(i18n, &current, &rules),
            focus_horse,
        }
    }

    /// The horses the person to play may click, and the targets of the
    /// picked horse.
    fn movable(
        &self,
        i18n: &I18n,
        phase: Phase,
        pos: &Position,
    ) -> (Vec<Movable>, Vec<(Move, Place, String)>) {
        let mut movable = Vec::new();
        let mut targets = Vec::new();
        let moves = self.choosable_moves(phase);
        let Some(seat) = self.presenter.shown().turn() else {
            return (movable, targets);
        };
        if moves.is_empty() {
            return (movable, targets);
        }
        let Some(pending) = self.presenter.shown().pending() else {
            return (movable, targets);
        };
        let herd = self.presenter.herd();
        let rules = self.presenter.shown().rules();
        let mut froms: Vec<u8> = moves.iter().map(|m| m.from).collect();
        froms.dedup();
        for from in froms {
            let from_here: Vec<Move> = moves.iter().filter(|m| m.from == from).collect();
            let goes = text::moves_text(i18n, pos, rules, pending.roll, &from_here);
            for number in herd.numbers_at(seat, from) {
                movable.push(Movable {
                    seat,
                    from,
                    number,
                    place: place(seat, from, Herd::yard_spot(number)),
                    label: format!("{}, {goes}", text::horse_name(i18n, seat, number, from)),
                });
            }
            if self.selected == Some(from) {
                for m in &from_here {
                    targets.push((*m, place(seat, m.to, 0), text::target_label(i18n, seat, *m)));
                }
            }
        }
        (movable, targets)
    }
}
