//! Talking at an online table (PROTOCOL.md version 3): the talk dock at
//! the bottom of the play panel (issue 45: an area of its own, over no
//! card) with the last things said, the eight phrases (each shown in the
//! reader's own language) and the ten emoji, both in colour; a line of
//! free text where the host allowed it; everything said kept in the log,
//! said to screen readers, and a mute per player (in the room's settings).
//! The turn clock's seconds are read here too (the card and the Roll
//! button show them).
//!
//! Emoji are drawn with the app's cut of Noto Emoji (monochrome glyphs,
//! `theme::fonts`) over a disc of each emoji's colour. Free text is shown
//! as plain text: a label, never markup.

use super::talk_look::emoji_chip;
pub use super::talk_look::{emoji_colour, phrase_colour, phrase_key};
use super::{Play, View};
use ca_ngua_core::game::SeatId;
use ca_ngua_i18n::{Arg, I18n};
use ca_ngua_protocol::{SaidNews, Saying};
use egui::{RichText, Ui};
use std::time::Duration;
use web_time::Instant;

/// How long a saying shows as new (strong) in the talk dock, in seconds.
pub const BUBBLE_SECONDS: f64 = 6.0;

/// How many sayings the log keeps.
const KEPT: usize = 40;

/// One thing said at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Heard<S> {
    /// The speaker's seat (`None`: a watcher).
    pub seat: Option<S>,
    /// The speaker's name.
    pub name: String,
    /// What was said.
    pub what: Saying,
    /// The frame's clock when it arrived.
    pub at: f64,
    /// How many lines the game's log had then (where it goes in the log).
    pub log_at: usize,
}

/// What was said at the table and who is muted.
#[derive(Clone, Debug)]
pub(super) struct Talk<S> {
    /// The sayings kept, oldest first.
    pub(super) heard: Vec<Heard<S>>,
    /// Muted seats, by seat number.
    muted: Vec<bool>,
    /// The text line being typed.
    pub(super) text: String,
}

impl<S> Default for Talk<S> {
    fn default() -> Self {
        Talk {
            heard: Vec::new(),
            muted: Vec::new(),
            text: String::new(),
        }
    }
}

/// A saying in the reader's language: a phrase's words, an emoji as it is,
/// a text as typed (trimmed).
pub fn saying_text(i18n: &I18n, what: &Saying) -> String {
    match what {
        Saying::Phrase(id) => i18n.t(&phrase_key(id)),
        Saying::Emoji(e) => e.clone(),
        Saying::Text(t) => t.trim().to_string(),
    }
}

/// Whole seconds until `until` (rounded up).
fn secs_until(until: Instant) -> u64 {
    let left = until
        .saturating_duration_since(Instant::now())
        .as_secs_f64();
    left.clamp(0.0, 86_400.0).ceil() as u64
}

impl<V: View> Play<V> {
    /// Someone said something: kept for the card and the log, and said to
    /// screen readers (nothing, from a muted player).
    pub(super) fn heard(&mut self, said: SaidNews<V::Seat>) {
        if said.seat.is_some_and(|s| self.is_muted(s)) {
            return;
        }
        let log_at = self.presenter.log().len();
        let heard = &mut self.online.talk.heard;
        heard.push(Heard {
            seat: said.seat,
            name: said.name.trim().to_string(),
            what: said.what,
            at: self.now,
            log_at,
        });
        if heard.len() > KEPT {
            heard.remove(0);
        }
        self.online.talk_announce = true;
        self.repaint = true;
    }

    /// Forgets what was said (the room is left, or another is shown): a
    /// room's talk never stays in the game here.
    pub(super) fn forget_talk(&mut self) {
        self.online.talk = Talk::default();
        self.online.talk_announce = false;
    }

    /// True when what this seat's player says is not shown.
    pub fn is_muted(&self, seat: V::Seat) -> bool {
        self.online
            .talk
            .muted
            .get(seat.index())
            .copied()
            .unwrap_or(false)
    }

    /// Mutes (or unmutes) a seat's player: what they say is not shown.
    pub fn set_muted(&mut self, seat: V::Seat, muted: bool) {
        let m = &mut self.online.talk.muted;
        if m.len() < V::SEATS {
            m.resize(V::SEATS, false);
        }
        if let Some(slot) = m.get_mut(seat.index()) {
            *slot = muted;
        }
        if muted {
            self.online.talk.heard.retain(|h| h.seat != Some(seat));
        }
        self.repaint = true;
    }

    /// Everything said, oldest first.
    pub fn sayings(&self) -> &[Heard<V::Seat>] {
        &self.online.talk.heard
    }

    /// A saying as the log and screen readers have it: "Minh: Nice move!".
    pub fn saying_line(&self, i18n: &I18n, h: &Heard<V::Seat>) -> String {
        let who = match h.seat {
            Some(seat) => i18n.t_args(
                "presence-player",
                &[
                    ("colour", Arg::from(V::colour(i18n, seat))),
                    ("name", Arg::from(h.name.as_str())),
                ],
            ),
            None => i18n.t_args("talk-watcher", &[("name", Arg::from(h.name.as_str()))]),
        };
        i18n.t_args(
            "talk-said",
            &[
                ("who", Arg::from(who)),
                ("what", Arg::from(saying_text(i18n, &h.what))),
            ],
        )
    }

    /// The seconds left on the turn clock of `seat`, while it runs.
    pub fn clock_secs(&self, seat: V::Seat) -> Option<u64> {
        let (to_act, until) = self.source.remote()?.clock()?;
        (to_act == seat && self.presenter.shown().turn() == Some(seat) && !self.presenter.busy())
            .then(|| secs_until(until))
    }

    /// Says new sayings to screen readers and asks for a frame when a
    /// bubble goes or the clock's count changes. Once a frame.
    pub(super) fn talk_news(&mut self, ctx: &egui::Context, i18n: &I18n) {
        if std::mem::take(&mut self.online.talk_announce)
            && let Some(h) = self.online.talk.heard.last().cloned()
        {
            let line = self.saying_line(i18n, &h);
            self.announcer.say(line, false);
        }
        let mut next: Option<f64> = None;
        if let Some(h) = self
            .online
            .talk
            .heard
            .iter()
            .rev()
            .find(|h| self.now - h.at < BUBBLE_SECONDS)
        {
            next = Some((h.at + BUBBLE_SECONDS - self.now).max(0.05));
        }
        if let Some((_, until)) = self.source.remote().and_then(|r| r.clock()) {
            let left = until
                .saturating_duration_since(Instant::now())
                .as_secs_f64();
            if left > 0.0 {
                let part = left - left.floor();
                let t = if part <= 0.0 { 1.0 } else { part + 0.01 };
                next = Some(next.map_or(t, |n| n.min(t)));
            }
        }
        if let Some(t) = next {
            ctx.request_repaint_after(Duration::from_secs_f64(t));
        }
    }

    /// The game's log with what was said between its lines, newest last:
    /// each line's words, and the emoji said, drawn in colour after the
    /// words before it (issue 55: a small grey glyph in the log).
    pub(super) fn log_lines(&self, i18n: &I18n) -> Vec<(String, Option<String>)> {
        let log = self.presenter.log();
        let mut lines = Vec::with_capacity(log.len() + self.online.talk.heard.len());
        let mut said = self.online.talk.heard.iter().peekable();
        let saying = |h: &Heard<V::Seat>| {
            let emoji = match &h.what {
                Saying::Emoji(e) => Some(e.clone()),
                _ => None,
            };
            (self.saying_line(i18n, h), emoji)
        };
        for (i, line) in log.iter().enumerate() {
            while let Some(h) = said.next_if(|h| h.log_at <= i) {
                lines.push(saying(h));
            }
            lines.push((V::log_text(i18n, line, self.all_numbers), None));
        }
        for h in said {
            lines.push(saying(h));
        }
        lines
    }

    /// The log's list: its lines, an emoji in colour.
    pub(super) fn log_list_ui(&self, ui: &mut Ui, i18n: &I18n) {
        let lines = self.log_lines(i18n);
        crate::app::a11y::log_list_rows(
            ui,
            i18n,
            V::LOG_ID,
            &lines,
            |ui, (text, emoji), newest| {
                let Some(e) = emoji else {
                    let t = RichText::new(text);
                    ui.label(if newest { t.strong() } else { t });
                    return;
                };
                // The words before the emoji, then the emoji as the talk area
                // and the reactions show it; read whole by a screen reader.
                let words = text.strip_suffix(e.as_str()).unwrap_or(text).trim_end();
                let row = ui
                    .horizontal(|ui| {
                        let t = RichText::new(words);
                        ui.add(
                            egui::Label::new(if newest { t.strong() } else { t }).selectable(false),
                        );
                        emoji_chip(ui, e, 20.0);
                    })
                    .response;
                row.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
            },
        );
    }
}
