//! When things happen: the show moves along (events applied one at a
//! time, announced, their sounds timed), computer players and the
//! automatic options act after a pause a person can follow, and a game in
//! which every person here has finished is settled at once.

use super::phase::Phase;
use super::presenter::Showing;
use super::{Play, View};
use ca_ngua_core::game::Next;
use ca_ngua_core::table::{Answer, BotJob, Command, Controller, Step};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Saver;
use ca_ngua_i18n::{Arg, I18n};
use std::time::Duration;

/// The pause before a roll or move made for a person automatically.
pub const AUTO_DELAY: f64 = 0.45;

/// A timer for the next step of the game.
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

impl<V: View> Play<V> {
    /// Moves the show along: ends finished animations, starts showing the
    /// next events, says what happened, times their sounds, and collects
    /// a hint once found. Call before computing the phase.
    pub fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        self.all_numbers = prefs.all_numbers;
        self.now = now;
        let fast = V::fast_bots(prefs);
        // Online, our roll is due in the room while the show is still
        // behind it: what waits is shown at once, so that the board, the
        // header and the Roll button show one state (issue 55: "Green to
        // play" and an active Roll over Blue's "cannot move"). The log
        // keeps every line, and each is said as if shown.
        let mut at_once = if self.own_roll_ahead().is_some() {
            self.presenter.show_now()
        } else {
            Vec::new()
        };
        // Our own turn came online while earlier moves are still shown:
        // they are shown quickly, so the board catches up with the turn.
        let hurry = self.hurry();
        let paces: Vec<_> = self
            .source
            .controllers()
            .iter()
            .map(|c| {
                if hurry || (fast && c.computer().is_some()) {
                    V::FAST
                } else {
                    V::NORMAL
                }
            })
            .collect();
        let (mut shown, next) = self.presenter.update(now, |seat| {
            paces
                .get(ca_ngua_core::game::SeatId::index(seat))
                .copied()
                .unwrap_or(V::NORMAL)
        });
        if !at_once.is_empty() {
            at_once.append(&mut shown);
            shown = at_once;
        }
        self.announcer.new_frame();
        for applied in &shown {
            if let Some((text, assertive)) = V::about(self, i18n, applied) {
                self.announcer.say(text, assertive);
            }
        }
        // Who is connected: a drop's count, and each change said.
        self.presence_news(ctx, now, i18n);
        // What was said at the table, and the turn clock's count.
        self.talk_news(ctx, i18n);
        self.rematch_announce(i18n);
        V::shown(self, ctx, &shown, now);
        if !shown.is_empty() {
            self.repaint = true;
            self.selected = None;
            self.hover = None;
        }
        match self.cues.tick(now) {
            Some(at) if at <= now => ctx.request_repaint(),
            Some(at) => ctx.request_repaint_after(Duration::from_secs_f64(at - now)),
            None => {}
        }
        if let Some(at) = next {
            // Draw every frame while something moves; a pause needs only
            // its end.
            match self.presenter.showing() {
                Some(Showing::Pause { .. }) => {
                    ctx.request_repaint_after(Duration::from_secs_f64((at - now).max(0.0)));
                }
                _ => ctx.request_repaint(),
            }
        }
        self.poll_hint(ctx);
        // A computer player starts thinking as soon as it may (while the
        // dice tumble, while the last move is shown).
        if let Some(t) = self.source.local_mut() {
            t.prepare_computer();
        }
    }

    /// Lets computer players and the automatic options act when their time
    /// comes, and settles a game once every person here is done.
    pub fn drive(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        phase: Phase,
        prefs: &Prefs,
        saver: &Saver,
        i18n: &I18n,
    ) {
        if self.clock.last_phase != Some(phase) {
            self.clock.last_phase = Some(phase);
            self.clock.timer.reset();
            self.on_phase(phase, i18n);
        }
        self.say_turn(phase);
        match phase {
            Phase::Computer => {
                let pace = self
                    .presenter
                    .shown()
                    .turn()
                    .map_or(V::NORMAL, |s| self.pace_of(V::fast_bots(prefs), s));
                if self.clock.timer.due(ctx, now, pace.think) {
                    match self.source.computer_step() {
                        Step::Acted(_) => self.sync(saver),
                        Step::Thinking => {
                            // The runner wakes the window when it is done;
                            // check again then (or shortly).
                            self.clock.timer.now(now);
                            ctx.request_repaint_after(Duration::from_millis(50));
                        }
                        Step::Idle => {}
                    }
                }
            }
            Phase::Roll if V::auto_roll(prefs) && self.clock.timer.due(ctx, now, AUTO_DELAY) => {
                self.send(Command::Roll);
                self.sync(saver);
            }
            Phase::Choose if V::auto_move(prefs) => {
                let moves = self.choosable_moves(phase);
                if let [only] = moves.as_slice()
                    && self.clock.timer.due(ctx, now, AUTO_DELAY)
                {
                    self.send(Command::Move(*only));
                    self.sync(saver);
                }
            }
            _ => {}
        }
        if phase != Phase::Animating && phase != Phase::Dialog && self.all_here_finished() {
            // Every person here is done: the places left are settled at
            // once rather than watched (the server settles its own games).
            if let Some(t) = self.source.local_mut() {
                t.conclude();
            }
            self.sync(saver);
        }
    }

    /// The turn came to a person here, or their roll waits: say so, and
    /// put the keyboard focus where they act next.
    fn on_phase(&mut self, phase: Phase, i18n: &I18n) {
        if let (Some(key), Some(seat)) = (V::turn_key(phase), self.presenter.shown().turn()) {
            let who = V::colour(i18n, seat);
            self.announcer
                .say(i18n.t_args(key, &[("who", Arg::from(who))]), false);
        }
        if phase.is_mine() {
            match V::focus_on_turn(self, phase) {
                Some(f) => self.focus = Some(f),
                None => self.focus_main = true,
            }
        }
    }

    /// On the page, a line in the log when a person here is to act on
    /// what the board shows (`your turn: roll at N`, `your turn: move at
    /// N`, N the last event shown): the browser tests tap then, not on a
    /// guess about how long the show takes. Said once a state.
    fn say_turn(&mut self, phase: Phase) {
        if !cfg!(target_arch = "wasm32") {
            return;
        }
        let now = phase
            .is_mine()
            .then(|| (phase, self.presenter.shown().seq()));
        if now == self.clock.said_turn {
            return;
        }
        self.clock.said_turn = now;
        if let Some((phase, seq)) = now {
            let what = if phase == Phase::Roll { "roll" } else { "move" };
            tracing::info!("your turn: {what} at {seq}");
        }
    }

    /// True when every seat a person here plays has finished (and at
    /// least one person plays here) while the game goes on.
    fn all_here_finished(&self) -> bool {
        let latest = self.source.latest();
        let (Some(game), false) = (latest.game(), latest.is_over()) else {
            return false;
        };
        if self.source.remote().is_some() {
            return false;
        }
        let here: Vec<V::Seat> = V::seats(game)
            .into_iter()
            .filter(|s| self.source.controller(*s) == Controller::Here)
            .collect();
        !here.is_empty() && here.iter().all(|s| V::finished(game, *s))
    }

    /// The moves a person here may choose now (none outside their turn).
    pub fn choosable_moves(&self, phase: Phase) -> Vec<V::Move> {
        if !phase.allows(super::phase::Action::Move) {
            return Vec::new();
        }
        match self.presenter.shown().next() {
            Some(Next::Choose(_, moves)) => moves,
            _ => Vec::new(),
        }
    }

    /// Asks for the strongest player's move for the position shown.
    pub(super) fn ask_hint(&mut self) {
        let shown = self.presenter.shown();
        let (Some(state), seq) = (shown.game().cloned(), shown.seq()) else {
            return;
        };
        if self.hint_asked == Some(seq) {
            return;
        }
        let roll = shown.pending().map(|p| p.roll);
        self.hint = None;
        self.hint_asked = Some(seq);
        self.hint_runner.start(BotJob::hint(seq, state, roll));
        // Found already when decided on the frame (tests).
        if let Answer::Ready(mv) = self.hint_runner.answer(seq) {
            self.hint = Some(mv);
        }
        self.repaint = true;
    }

    /// Collects the hint once found, for the position still shown.
    fn poll_hint(&mut self, ctx: &egui::Context) {
        let seq = self.presenter.shown().seq();
        match self.hint_asked {
            Some(asked) if asked != seq => {
                self.hint_asked = None;
                self.hint = None;
            }
            Some(asked) if self.hint.is_none() => match self.hint_runner.answer(asked) {
                Answer::Ready(mv) => {
                    self.hint = Some(mv);
                    self.repaint = true;
                }
                Answer::Thinking => {
                    ctx.request_repaint_after(Duration::from_millis(50));
                }
                Answer::NotAsked | Answer::Failed => self.hint_asked = None,
            },
            _ => {}
        }
    }
}
