//! Talking at an online table (PROTOCOL.md version 3): the reactions bar
//! (the eight phrases, each shown in the reader's own language, and the
//! ten emoji), a line of free text where the host allowed it, what each
//! person said shown a moment by their card and kept in the log, said to
//! screen readers, and a mute per player. The turn clock's seconds are
//! read here too (the card and the Roll button show them).
//!
//! Emoji are drawn with egui's bundled Noto Emoji (monochrome), which the
//! app's fonts keep as the fallback after Noto Sans (`theme::fonts`).
//! Free text is shown as plain text: a label, never markup.

use super::{Play, View};
use crate::game::SeatId;
use crate::i18n::{Arg, I18n};
use crate::net::protocol::talk::{EMOJI, MAX_TEXT_CHARS, PHRASES};
use crate::net::protocol::{ChatMode, SaidNews, Saying};
use egui::{RichText, Ui};
use std::time::{Duration, Instant};

/// How long a saying shows by its speaker's card, in seconds.
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
    heard: Vec<Heard<S>>,
    /// Muted seats, by seat number.
    muted: Vec<bool>,
    /// The text line being typed.
    text: String,
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

/// What the talk bar asked for.
enum TalkAction<S> {
    Say(Saying),
    Mute(S, bool),
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

/// The i18n key of a phrase's words (`talk-phrase-nice-move`).
pub fn phrase_key(id: &str) -> String {
    format!("talk-phrase-{}", id.replace('_', "-"))
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

    /// What a seat's player said a moment ago, shown by their card.
    pub fn bubble(&self, i18n: &I18n, seat: V::Seat) -> Option<String> {
        self.online
            .talk
            .heard
            .iter()
            .rev()
            .find(|h| h.seat == Some(seat))
            .filter(|h| self.now - h.at < BUBBLE_SECONDS && self.now >= h.at)
            .map(|h| saying_text(i18n, &h.what))
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

    /// The game's log with what was said between its lines, newest last.
    pub(super) fn log_lines(&self, i18n: &I18n) -> Vec<String> {
        let log = self.presenter.log();
        let mut lines = Vec::with_capacity(log.len() + self.online.talk.heard.len());
        let mut said = self.online.talk.heard.iter().peekable();
        for (i, line) in log.iter().enumerate() {
            while let Some(h) = said.next_if(|h| h.log_at <= i) {
                lines.push(self.saying_line(i18n, h));
            }
            lines.push(V::log_text(i18n, line, self.all_numbers));
        }
        for h in said {
            lines.push(self.saying_line(i18n, h));
        }
        lines
    }

    /// The reactions bar, the text line (where the room allows it) and
    /// the mutes, in the play panel of an online room.
    pub(super) fn talk_ui(&mut self, ui: &mut Ui, i18n: &I18n) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        let (_, chat) = remote.room_options();
        if chat == ChatMode::Off || remote.room().is_none() {
            return;
        }
        let own = remote.seat();
        let others: Vec<(V::Seat, String)> = remote
            .latest()
            .seats()
            .iter()
            .filter(|s| Some(s.seat) != own && s.kind == crate::table::SeatKind::Human)
            .map(|s| (s.seat, s.name.trim().to_string()))
            .collect();
        let mut actions = Vec::new();
        ui.add_space(4.0);
        egui::CollapsingHeader::new(RichText::new(i18n.t("talk-heading")).strong())
            .id_salt(("talk", V::ID))
            .default_open(true)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
                    for id in PHRASES {
                        if ui.small_button(i18n.t(&phrase_key(id))).clicked() {
                            actions.push(TalkAction::Say(Saying::Phrase(id.to_string())));
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(2.0, 4.0);
                    for e in EMOJI {
                        let b = ui.add(egui::Button::new(RichText::new(e).size(18.0)).frame(false));
                        let name = i18n.t_args("talk-send-emoji", &[("emoji", Arg::from(e))]);
                        b.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                        });
                        if b.clicked() {
                            actions.push(TalkAction::Say(Saying::Emoji(e.to_string())));
                        }
                    }
                });
                if chat == ChatMode::Text {
                    ui.horizontal(|ui| {
                        let width = (ui.available_width() - 70.0).max(80.0);
                        let field = ui.add(
                            egui::TextEdit::singleline(&mut self.online.talk.text)
                                .char_limit(MAX_TEXT_CHARS)
                                .hint_text(i18n.t("talk-text-hint"))
                                .desired_width(width),
                        );
                        let name = i18n.t("talk-text-label");
                        field.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name)
                        });
                        let enter =
                            field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        let text = self.online.talk.text.trim().to_string();
                        let send = ui
                            .add_enabled(!text.is_empty(), egui::Button::new(i18n.t("talk-send")))
                            .clicked();
                        if (send || enter) && !text.is_empty() {
                            actions.push(TalkAction::Say(Saying::Text(text)));
                            self.online.talk.text.clear();
                        }
                    });
                }
                if !others.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(i18n.t("talk-mute")).small());
                        for (seat, name) in &others {
                            let mut muted = self.is_muted(*seat);
                            let label = if name.is_empty() {
                                V::colour(i18n, *seat)
                            } else {
                                name.clone()
                            };
                            if ui.checkbox(&mut muted, label).changed() {
                                actions.push(TalkAction::Mute(*seat, muted));
                            }
                        }
                    });
                }
            });
        for a in actions {
            match a {
                TalkAction::Say(what) => {
                    if let Some(r) = self.source.remote_mut() {
                        r.say(what);
                    }
                }
                TalkAction::Mute(seat, muted) => self.set_muted(seat, muted),
            }
        }
    }
}
