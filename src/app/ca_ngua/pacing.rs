//! How fast the table moves: the length of each animation and pause, and a
//! timer for the next step, so a person can follow what computer players
//! do and nothing happens before it can be seen.

use std::time::Duration;

/// Timings, in seconds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pace {
    /// The dice tumbling.
    pub dice: f64,
    /// A horse's step from one square to the next.
    pub step: f64,
    /// A computer player's pause before it rolls or moves.
    pub think: f64,
    /// How long "no move" stays before the turn goes on.
    pub pass: f64,
    /// Kicked horses flying home.
    pub kick: f64,
}

/// The pace of people and of computer players by default.
pub const NORMAL: Pace = Pace {
    dice: 0.6,
    step: 0.12,
    think: 0.4,
    pass: 1.6,
    kick: 0.35,
};

/// The pace of computer players with "fast computer players" on.
pub const FAST: Pace = Pace {
    dice: 0.12,
    step: 0.03,
    think: 0.08,
    pass: 0.7,
    kick: 0.12,
};

/// The pause before a roll or move made for a person automatically.
pub const AUTO_DELAY: f64 = 0.45;

/// A timer for the next step of the game (either game's).
#[derive(Clone, Debug, Default)]
pub struct Timer {
    at: Option<f64>,
}

impl Timer {
    /// True once `delay` seconds have passed since the timer was first
    /// asked (and disarms it); otherwise asks for a repaint when due.
    pub fn due(&mut self, ctx: &egui::Context, now: f64, delay: f64) -> bool {
        let at = *self.at.get_or_insert(now + delay);
        if now >= at {
            self.at = None;
            true
        } else {
            ctx.request_repaint_after(Duration::from_secs_f64(at - now));
            false
        }
    }

    /// Forgets the timer (the step it timed is no longer next).
    pub fn reset(&mut self) {
        self.at = None;
    }

    /// Makes the timer due at once (the next check fires).
    pub fn now(&mut self, now: f64) {
        self.at = Some(now);
    }
}

use super::CaNguaGame;
use super::phase::Phase;
use super::tbl::{Command, Step};
use crate::i18n::I18n;
use crate::prefs::Prefs;
use crate::store::Saver;
use crate::table::Controller;

impl CaNguaGame {
    /// Moves the show along: ends finished animations and starts showing
    /// the next events. Call before computing the phase.
    pub fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        let controllers = self.source.controllers();
        let fast = prefs.fast_bots;
        self.all_numbers = prefs.all_numbers;
        let (shown, next) = self
            .presenter
            .update(now, |seat| CaNguaGame::pace_of(&controllers, fast, seat));
        self.announcer.new_frame();
        for applied in &shown {
            if let Some((text, assertive)) =
                super::announce::about(i18n, applied, self.presenter.shown(), &controllers)
            {
                self.announcer.say(text, assertive);
            }
        }
        for (k, applied) in shown.iter().enumerate() {
            // Only the last event shown can be the one walking now.
            let walk = match self.presenter.anim() {
                Some(super::animation::Anim::Move(m)) if k + 1 == shown.len() => Some(m),
                _ => None,
            };
            self.feedback.shown(applied, walk, now);
        }
        match self.feedback.tick(now) {
            Some(at) if at <= now => ctx.request_repaint(),
            Some(at) => ctx.request_repaint_after(Duration::from_secs_f64(at - now)),
            None => {}
        }
        if !shown.is_empty() {
            self.repaint = true;
            if shown
                .iter()
                .any(|a| matches!(a, super::tbl::Applied::Rolled(_)))
            {
                self.selected = None;
                self.hint = None;
            }
        }
        if let Some(at) = next {
            // Draw every frame while something moves; a pause needs only
            // its end.
            match self.presenter.anim() {
                Some(super::animation::Anim::Pause { .. }) => {
                    ctx.request_repaint_after(Duration::from_secs_f64((at - now).max(0.0)));
                }
                _ => ctx.request_repaint(),
            }
        }
        // A computer player starts thinking as soon as its dice are cast,
        // while they still tumble.
        self.source.prepare_computer();
    }

    /// Lets computer players and the automatic options act when their time
    /// comes, and settles a play-on game once every person here is done.
    pub fn drive(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
        prefs: &Prefs,
        saver: &Saver,
        i18n: &I18n,
    ) {
        if self.last_phase != Some(phase) {
            self.last_phase = Some(phase);
            self.timer.reset();
            self.on_phase(phase, i18n);
        }
        match phase {
            Phase::Computer => {
                let controllers = self.source.controllers();
                let pace = self.presenter.shown().turn().map_or(NORMAL, |s| {
                    CaNguaGame::pace_of(&controllers, prefs.fast_bots, s)
                });
                if self.timer.due(ctx, now, pace.think) {
                    match self.source.computer_step() {
                        Step::Acted(_) => self.sync(saver),
                        Step::Thinking => {
                            // The runner wakes the window when it is done;
                            // check again then (or shortly).
                            self.timer.now(now);
                            ctx.request_repaint_after(Duration::from_millis(50));
                        }
                        Step::Idle => {}
                    }
                }
            }
            Phase::Roll if prefs.auto_roll && self.timer.due(ctx, now, AUTO_DELAY) => {
                self.send(Command::Roll);
                self.sync(saver);
            }
            Phase::Choose if prefs.auto_move => {
                let moves = self.choosable_moves(phase);
                if let (1, Some(m)) = (moves.len(), moves.first())
                    && self.timer.due(ctx, now, AUTO_DELAY)
                {
                    self.send(Command::Move(m));
                    self.sync(saver);
                }
            }
            _ => {}
        }
        if phase != Phase::Animating && phase != Phase::Dialog && self.all_here_finished() {
            // Play on: every person here is done; settle the rest at once.
            self.source.conclude();
            self.sync(saver);
        }
    }

    /// The turn came to a person here, or their roll waits: say so, and
    /// put the keyboard focus where they act next (the first horse that can
    /// move, or the main button).
    fn on_phase(&mut self, phase: Phase, i18n: &I18n) {
        match phase {
            Phase::Roll => {
                self.focus_main = true;
                if let Some(seat) = self.presenter.shown().turn() {
                    let who = super::text::colour(i18n, seat);
                    self.announcer
                        .say(i18n.t_args("announce-turn", &[("who", who.into())]), false);
                }
            }
            Phase::Choose => {
                let moves = self.choosable_moves(phase);
                if moves.len() == 1 {
                    self.focus_main = true;
                } else if !moves.is_empty() {
                    self.focus_horse = self.first_horse_to_move(phase);
                }
            }
            _ => {}
        }
    }

    /// True when every colour a person here plays has finished (and at
    /// least one person plays here) while the game goes on.
    fn all_here_finished(&self) -> bool {
        let latest = self.source.latest();
        let (Some(game), false) = (latest.game(), latest.is_over()) else {
            return false;
        };
        let pos = game.position();
        let here: Vec<_> = pos
            .playing_seats()
            .filter(|s| self.source.controller(*s) == Controller::Here)
            .collect();
        !here.is_empty() && here.iter().all(|s| pos.is_finished(*s, game.rules()))
    }
}
