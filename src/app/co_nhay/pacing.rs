//! How fast Cờ nhảy moves on screen: a step's slide, each hop of a jump
//! chain, a computer player's pause before it moves, how long "no move"
//! stays; and when computer players act.

use super::CoNhayGame;
use super::animation::Anim;
use super::tbl::ShownMoves;
use super::tbl::{NhayApplied, NhayStep};
use crate::app::ca_ngua::effects::Cue;
use crate::app::ca_ngua::phase::Phase;
use crate::co_nhay::engine::Arm;
use crate::i18n::{Arg, I18n};
use crate::prefs::NhayPrefs;
use crate::store::Saver;
use crate::table::Controller;
use std::time::Duration;

/// Timings, in seconds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pace {
    /// A step to the next hole.
    pub step: f64,
    /// One hop of a jump chain.
    pub hop: f64,
    /// A computer player's pause before it moves.
    pub think: f64,
    /// How long "no move" stays before the turn goes on.
    pub pass: f64,
}

/// The pace of people, and of computer players by default: a chain is
/// slow enough to follow hop by hop.
pub const NORMAL: Pace = Pace {
    step: 0.22,
    hop: 0.3,
    think: 0.45,
    pass: 1.6,
};

/// Computer players with "fast computer players" on.
pub const FAST: Pace = Pace {
    step: 0.06,
    hop: 0.08,
    think: 0.08,
    pass: 0.6,
};

impl CoNhayGame {
    /// The pace of an arm's moves.
    fn pace_of(&self, fast_bots: bool, arm: Arm) -> Pace {
        if fast_bots && self.table.controller(arm).computer().is_some() {
            FAST
        } else {
            NORMAL
        }
    }

    /// Moves the show along: ends finished animations, starts showing the
    /// next events, says what happened, and collects a hint once found.
    /// Call before computing the phase.
    pub fn animate(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        prefs: &NhayPrefs,
        all_numbers: bool,
        i18n: &I18n,
    ) {
        self.all_numbers = all_numbers;
        self.now = now;
        let fast = prefs.fast_bots;
        let paces: Vec<Pace> = Arm::ALL.iter().map(|a| self.pace_of(fast, *a)).collect();
        let (shown, next) = self.presenter.update(now, |arm| paces[arm.index()]);
        self.announcer.new_frame();
        for applied in &shown {
            if let Some((text, assertive)) = self.about(i18n, applied) {
                self.announcer.say(text, assertive);
            }
            self.cue(applied, now);
        }
        if !shown.is_empty() {
            self.repaint = true;
            self.selected = None;
            self.hover_target = None;
        }
        // Sounds whose moment came.
        let (due, later): (Vec<_>, Vec<_>) = self.cues.drain(..).partition(|(t, _)| *t <= now);
        self.cues = later;
        self.due.extend(due.into_iter().map(|(_, c)| c));
        if let Some(at) = self.cues.iter().map(|(t, _)| *t).reduce(f64::min) {
            ctx.request_repaint_after(Duration::from_secs_f64((at - now).max(0.0)));
        }
        if let Some(at) = next {
            match self.presenter.anim() {
                Some(Anim::Pause { .. }) => {
                    ctx.request_repaint_after(Duration::from_secs_f64((at - now).max(0.0)));
                }
                _ => ctx.request_repaint(),
            }
        }
        self.poll_hint(ctx);
        // A computer player starts thinking while the last move is shown.
        self.table.prepare_computer();
    }

    /// The sounds of an event shown: a tap per hop, a chime when someone
    /// finishes, the fanfare at the end.
    fn cue(&mut self, applied: &NhayApplied, now: f64) {
        match applied {
            NhayApplied::Played {
                played: super::tbl::Played { effects, path },
                ..
            } if !effects.mv.is_pass() => {
                if let Some(Anim::Move(hop)) = self.presenter.anim()
                    && hop.path == *path
                {
                    let hops = hop.path.len().saturating_sub(1);
                    for k in 1..=hops {
                        self.cues
                            .push((hop.start + hop.segment * k as f64, Cue::Step));
                    }
                    if !effects.finished.is_empty() && !effects.game_over {
                        self.cues.push((hop.start + hop.duration(), Cue::Home));
                    }
                }
            }
            NhayApplied::Over(outcome) if outcome.winner().is_some() => {
                self.cues.push((now, Cue::Win));
            }
            _ => {}
        }
    }

    /// What to say about one event shown: the moves of others (a person
    /// here heard their own choice), finishers, the end.
    fn about(&self, i18n: &I18n, applied: &NhayApplied) -> Option<(String, bool)> {
        let shown = self.presenter.shown();
        match applied {
            NhayApplied::Played {
                played: super::tbl::Played { effects, .. },
                ..
            } => {
                let lines = super::animation::log_lines(applied, shown);
                let skip = usize::from(self.is_here(effects.mover) && !effects.mv.is_pass());
                let said: Vec<String> = lines
                    .iter()
                    .skip(skip)
                    .map(|l| super::text::log_text(i18n, l))
                    .collect();
                (!said.is_empty()).then(|| (said.join(". "), false))
            }
            NhayApplied::Over(outcome) => {
                let mut lines = vec![i18n.t("nhay-announce-over")];
                lines.extend(super::text::standings(i18n, outcome));
                Some((lines.join(". "), false))
            }
            NhayApplied::Started
            | NhayApplied::Seats
            | NhayApplied::SeatNews(_)
            | NhayApplied::Rolled(_) => None,
        }
    }

    /// Lets computer players act when their time comes, and settles a
    /// play-on game once every person here has finished.
    pub fn drive(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
        prefs: &NhayPrefs,
        saver: &Saver,
        i18n: &I18n,
    ) {
        if self.last_phase != Some(phase) {
            self.last_phase = Some(phase);
            self.timer.reset();
            self.on_phase(phase, i18n);
        }
        if phase == Phase::Computer {
            let pace = self
                .presenter
                .shown()
                .turn()
                .map_or(NORMAL, |a| self.pace_of(prefs.fast_bots, a));
            if self.timer.due(ctx, now, pace.think) {
                match self.table.computer_step() {
                    NhayStep::Acted(_) => self.sync(saver),
                    NhayStep::Thinking => {
                        // The runner wakes the window when it is done.
                        self.timer.now(now);
                        ctx.request_repaint_after(Duration::from_millis(50));
                    }
                    NhayStep::Idle => {}
                }
            }
        }
        if phase != Phase::Animating && phase != Phase::Dialog && self.all_here_finished() {
            // Every person here has finished: the places left are settled
            // at once rather than watched.
            self.table.conclude();
            self.sync(saver);
        }
    }

    /// The turn came to a person here: say so, and put the keyboard focus
    /// on the first piece that can move.
    fn on_phase(&mut self, phase: Phase, i18n: &I18n) {
        if phase != Phase::Choose {
            return;
        }
        let Some(arm) = self.presenter.shown().turn() else {
            return;
        };
        let who = super::text::colour(i18n, arm);
        self.announcer.say(
            i18n.t_args("nhay-announce-turn", &[("who", Arg::from(who))]),
            false,
        );
        self.focus_piece = self
            .presenter
            .shown()
            .legal_moves()
            .pieces()
            .next()
            .map(|(from, _)| from);
    }

    /// True when every arm a person here plays has finished (and at least
    /// one person plays here) while the game goes on.
    fn all_here_finished(&self) -> bool {
        let latest = self.table.replica();
        let (Some(game), false) = (latest.game(), latest.is_over()) else {
            return false;
        };
        let here: Vec<Arm> = game
            .position()
            .arms()
            .filter(|a| self.table.controller(*a) == Controller::Here)
            .collect();
        !here.is_empty() && here.iter().all(|a| game.finished().contains(*a))
    }
}
