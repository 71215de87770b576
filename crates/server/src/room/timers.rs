//! What a room does when nothing is said to it: its computers act on time,
//! an absent person's seat goes to a computer, a slow turn is played for
//! its seat, a start or a roll stops waiting for the dice's seeds, and an
//! empty or finished room expires.

use super::{Bot, Room, all_seats};
use ca_ngua_core::game::SeatId;
use ca_ngua_core::table::{Command, Step};
use ca_ngua_games::Listed;
use tokio::time::Instant;

impl<G: Listed> Room<G> {
    pub(super) fn schedule_bot(&mut self, now: Instant) {
        let to_roll = matches!(
            self.table.replica().next(),
            Some(ca_ngua_core::game::Next::Roll(_))
        );
        if self.table.computer_to_act().is_none() || (to_roll && !self.dice_ready(now)) {
            self.bot = Bot::Idle;
        } else if self.bot == Bot::Idle {
            self.bot = Bot::Due(now + self.config.bot_delay);
            // Think during the pause.
            self.table.prepare_computer();
        }
    }

    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let bot = match self.bot {
            Bot::Due(t) => Some(t),
            Bot::Idle | Bot::Thinking => None,
        };
        let expiry = self.seats.empty_since.map(|t| t + self.idle());
        let clock = self.clock.running.map(|c| c.due);
        let seeds = self.seeds_deadline();
        let start = self.dice.waiting_start.map(|(_, _, due)| due);
        self.seats
            .away_due
            .iter()
            .flatten()
            .copied()
            .chain(bot)
            .chain(expiry)
            .chain(clock)
            .chain(seeds)
            .chain(start)
            .min()
    }

    /// Hands absent people's seats to computers and lets a computer act
    /// when its time has come; true when a computer acted.
    pub(super) fn fire_timers(&mut self, now: Instant) -> bool {
        self.fire_v3_timers(now);
        for seat in all_seats::<G>() {
            if self.seats.away_due[seat.index()].is_some_and(|t| t <= now) {
                self.seats.away_due[seat.index()] = None;
                if self.seats.members[seat.index()].is_none() {
                    let events = self.table.away(seat, self.level);
                    self.broadcast(&events);
                }
            }
        }
        let ready = match self.bot {
            Bot::Due(t) => t <= now,
            Bot::Thinking => true,
            Bot::Idle => false,
        };
        if !ready {
            return false;
        }
        match self.table.computer_step() {
            Step::Acted(events) => {
                self.bot = Bot::Idle;
                self.broadcast(&events);
                true
            }
            Step::Thinking => {
                self.bot = Bot::Thinking;
                false
            }
            Step::Idle => {
                self.bot = Bot::Idle;
                false
            }
        }
    }

    pub(super) fn expired(&self, now: Instant) -> bool {
        self.seats
            .empty_since
            .is_some_and(|t| now >= t + self.idle())
    }

    /// How long the room stays open with nobody connected: less once the
    /// game is over (nobody needs to come back to it for long).
    pub(super) fn idle(&self) -> std::time::Duration {
        let limits = &self.config.limits;
        if self.table.replica().is_over() {
            limits.finished_room_idle.min(limits.room_idle)
        } else {
            limits.room_idle
        }
    }

    /// The timers version 3 adds: a roll that waited for the seeds, and
    /// the turn clock.
    pub(crate) fn fire_v3_timers(&mut self, now: Instant) {
        if let Some((conn, level, due)) = self.dice.waiting_start
            && (self.seeds_in() || now >= due)
        {
            self.dice.waiting_start = None;
            let host = self
                .seats
                .members
                .iter()
                .flatten()
                .find(|p| p.id == conn)
                .cloned();
            if let Some(peer) = host {
                match self.start(level) {
                    Ok(events) => self.broadcast(&events),
                    Err(refusal) => peer.send_error(&refusal),
                }
            }
        }
        if let Some((conn, seat, seq)) = self.dice.waiting_roll
            && self.dice_ready(now)
        {
            self.dice.waiting_roll = None;
            let peer = self.seats.members[seat.index()].clone();
            if let Some(peer) = peer.filter(|p| p.id == conn) {
                match self.table.command(seat, seq, Command::Roll) {
                    Ok(events) => {
                        self.clock.timeouts[seat.index()] = 0;
                        self.broadcast(&events);
                    }
                    Err(refusal) => peer.send_error(&refusal),
                }
            }
        }
        let Some(clock) = self.clock.running else {
            return;
        };
        if clock.due > now {
            return;
        }
        self.clock.running = None;
        if self.human_to_act() != Some(clock.seat) || self.table.seq() != clock.seq {
            return;
        }
        if self
            .dice
            .waiting_roll
            .is_some_and(|(_, s, _)| s == clock.seat)
        {
            // The person did roll; the dice wait for the seeds.
            return;
        }
        let i = clock.seat.index();
        self.clock.timeouts[i] += 1;
        let away = self.clock.timeouts[i] >= 3;
        let events = self.table.time_out(clock.seat, self.level, away);
        self.broadcast(&events);
    }
}
