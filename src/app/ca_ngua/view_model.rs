//! The board's view model: what to draw and what can be clicked, from the
//! state shown, the animation running and the phase.

use super::CaNguaGame;
use super::animation::{Anim, MoveAnim};
use super::board_view::{BoardInput, Movable, Sprite};
use super::commands::Hover;
use super::dice_view::{DieView, NoteKind, tumbling_face};
use super::geometry::{Place, path, place, place_centre};
use super::horses::Herd;
use super::paint::Preview;
use super::text;
use crate::app::play::phase::Phase;
use ca_ngua_i18n::I18n;
use game_ca_ngua::engine::{Bonus, Dice, Direction, Move, Position, Roll, SafeSquares, Seat, YARD};

/// The horses in the air at `now`: the one walking, with a little hop
/// between squares, and those kicked, flying home once it has walked.
fn in_the_air(a: &MoveAnim, now: f64) -> Vec<(Seat, (f32, f32))> {
    let mut floating = Vec::new();
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
    floating
}

/// The faces of a roll.
fn faces(roll: Roll) -> Vec<u8> {
    let (a, b) = roll.dice();
    std::iter::once(a).chain(b).collect()
}

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
        // An online room before its start shows an empty board.
        let started = shown.is_started();
        let sprites = self.standing(&pos, anim, started);
        let floating = anim.map_or_else(Vec::new, |a| in_the_air(a, now));
        let (movable, targets) = self.movable(i18n, phase, &current);
        let focus_horse = self
            .focus
            .filter(|n| movable.iter().any(|m| m.number == *n));
        BoardInput {
            sprites,
            floating,
            playing: self.playing(&pos, started),
            turn: shown.turn(),
            movable,
            targets,
            mirrored: rules.direction == Direction::CounterClockwise,
            stars: rules.safe_squares == SafeSquares::StartsAndStars,
            hint: self.hint.and_then(|m| {
                let seat = shown.turn()?;
                Some((place(seat, m.from, 0), place(seat, m.to, 0)))
            }),
            compare: self.compare.map(|(seat, played, best)| {
                let ends = |m: Move| (place(seat, m.from, 0), place(seat, m.to, 0));
                (ends(played), ends(best))
            }),
            dark,
            label: text::board_summary(i18n, &current, &rules),
            focus_horse,
            die: self.die_view(i18n, now),
            // The die in the yard rolls once the board shows our turn (the
            // play panel's Roll may come sooner, online).
            die_rolls: (phase.allows(crate::app::play::phase::Action::Roll)
                && !self.presenter.busy())
            .then(|| i18n.t("die-click-to-roll")),
            names: Seat::ALL.map(|s| self.board_name(i18n, s)),
            // While a horse walks, it is the mark of its own move.
            last_move: self
                .presenter
                .marks()
                .last_move
                .clone()
                .filter(|_| anim.is_none()),
            flashes: self.local.feedback.flashes_at(now),
            banner: self
                .local
                .feedback
                .banner_at(now)
                .map(|(kind, u)| (text::banner_text(i18n, kind), text::banner_seat(kind), u)),
            preview: self.preview(i18n, phase, &current),
            all_numbers: self.all_numbers,
        }
    }

    /// The horses standing still: all of them but the one walking and
    /// those flying home (none before an online room's start).
    fn standing(&self, pos: &Position, anim: Option<&MoveAnim>, started: bool) -> Vec<Sprite> {
        let mut sprites = Vec::new();
        let herd = anim.map_or(&self.presenter.marks().herd, |a| &a.herd_before);
        for seat in pos.playing_seats().filter(|_| started) {
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
        sprites
    }

    /// The seats drawn as playing. A room before its start: the seats it
    /// will have.
    fn playing(&self, pos: &Position, started: bool) -> [bool; 4] {
        match self.source.remote() {
            Some(r) if !started => {
                let seats = super::tbl::seats_for(r.players().unwrap_or(4));
                Seat::ALL.map(|s| seats.contains(&s))
            }
            _ => Seat::ALL.map(|s| pos.is_playing(s)),
        }
    }

    /// The dice on the board at `now`: whose roll it is, its faces (none
    /// until this colour has rolled), the tumble, and a note.
    fn die_view(&self, i18n: &I18n, now: f64) -> Option<DieView> {
        let shown = self.presenter.shown();
        let count = if shown.rules().dice == Dice::Two {
            2
        } else {
            1
        };
        let last = self.presenter.marks().last_roll;
        let view = |seat, faces, tumble, note| DieView {
            seat,
            count,
            faces,
            tumble,
            note,
        };
        if let Some(&Anim::Dice { start, duration }) = self.presenter.anim() {
            let (seat, roll) = last?;
            let u = (((now - start) / duration.max(1e-3)) as f32).clamp(0.0, 1.0);
            // Tumbling faces, then the roll for the last quarter.
            let shown_faces = if u < 0.75 {
                (0..count).map(|k| tumbling_face(now, k)).collect()
            } else {
                faces(roll)
            };
            return Some(view(seat, shown_faces, Some(u), None));
        }
        if let Some(n) = self.presenter.notice() {
            let key = match n.kind {
                super::animation::PassKind::NoMove => "die-no-move",
                super::animation::PassKind::Forfeit => "die-forfeit",
            };
            let roll = last.filter(|(s, _)| *s == n.seat).map(|(_, r)| faces(r));
            return Some(view(
                n.seat,
                roll.unwrap_or_default(),
                None,
                Some((i18n.t(key), NoteKind::NoMove)),
            ));
        }
        if let Some(p) = shown.pending() {
            return Some(view(p.seat, faces(p.roll), None, None));
        }
        if let Some(Anim::Move(m)) = self.presenter.anim() {
            let roll = last.filter(|(s, _)| *s == m.seat).map(|(_, r)| faces(r));
            return Some(view(m.seat, roll.unwrap_or_default(), None, None));
        }
        let seat = shown.turn()?;
        let note = match self.presenter.marks().bonus {
            Some((s, why)) if s == seat => Some((
                i18n.t(match why {
                    Bonus::Roll => "die-roll-again",
                    Bonus::Kick => "die-roll-again-kick",
                    Bonus::Finish => "die-roll-again-finish",
                }),
                NoteKind::RollAgain,
            )),
            _ => None,
        };
        Some(view(seat, Vec::new(), None, note))
    }

    /// Where the horse or move under the pointer would land.
    fn preview(&self, i18n: &I18n, phase: Phase, pos: &Position) -> Vec<Preview> {
        let Some(seat) = self.presenter.shown().turn() else {
            return Vec::new();
        };
        let moves = self.choosable_moves(phase);
        // Nothing needs a hover (issue 54): with no pointer over a horse,
        // the picked horse's moves are shown, or the only move there is.
        let picked: Vec<Move> = match (self.hover, self.selected) {
            (Some(Hover::Horse(from)), _) | (None, Some(from)) => {
                moves.iter().filter(|m| m.from == from).copied().collect()
            }
            (Some(Hover::Move(m)), _) if moves.contains(&m) => vec![m],
            (None, None) if moves.len() == 1 => moves.clone(),
            _ => Vec::new(),
        };
        let yard_index = pos
            .horses(seat)
            .iter()
            .filter(|&&h| h == YARD)
            .count()
            .saturating_sub(1);
        picked
            .into_iter()
            .map(|mv| {
                // A lesson's task may be the kick: the preview shows the
                // landing only.
                let victims = match self.presenter.shown().pending() {
                    Some(p) if self.teaching.is_none() => {
                        text::kicked_by(pos, self.presenter.shown().rules(), p.roll, mv)
                    }
                    _ => Vec::new(),
                };
                Preview {
                    seat,
                    path: path(seat, mv.from, mv.to, yard_index),
                    mv,
                    kicks: (!victims.is_empty()).then(|| text::kicks_text(i18n, &victims)),
                }
            })
            .collect()
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
        // The colour whose horses move (with teams, maybe the partner's).
        let Some(seat) = pos.mover(self.presenter.shown().rules()) else {
            return (movable, targets);
        };
        if moves.is_empty() {
            return (movable, targets);
        }
        let Some(pending) = self.presenter.shown().pending() else {
            return (movable, targets);
        };
        let herd = &self.presenter.marks().herd;
        let rules = self.presenter.shown().rules();
        let mut froms: Vec<u8> = moves.iter().map(|m| m.from).collect();
        froms.dedup();
        for from in froms {
            let from_here: Vec<Move> = moves.iter().filter(|m| m.from == from).copied().collect();
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
