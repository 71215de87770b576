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

use super::talk_look::{emoji_button, emoji_chip, phrase_button, phrase_chip};
pub use super::talk_look::{emoji_colour, phrase_colour};
use super::{Play, View};
use ca_ngua_core::game::SeatId;
use ca_ngua_i18n::{Arg, I18n};
use ca_ngua_protocol::talk::{EMOJI, PHRASES};
use ca_ngua_protocol::{ChatMode, SaidNews, Saying};
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
    heard: Vec<Heard<S>>,
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

    /// The least height of the talk dock (its short form), or none where
    /// the room has no talk.
    pub(super) fn talk_dock_least(&self) -> f32 {
        let Some(remote) = self.source.remote() else {
            return 0.0;
        };
        let (_, chat) = remote.room_options();
        match chat {
            ChatMode::Off => 0.0,
            ChatMode::Text => 44.0 + CHAT_ROW + 30.0,
            ChatMode::Phrases => 44.0 + CHAT_ROW,
        }
    }

    /// The talk dock, at the bottom of the play panel of an online room
    /// (issue 45): its own area, whatever the cards and the log do. The
    /// last things said, each with its speaker's colour; the phrases (a
    /// menu that opens over the board, never cut at the panel's edge) and
    /// the emoji, in colour and large; the text line where the room allows
    /// it. Every row keeps its height, so nothing moves when a line comes.
    pub(super) fn talk_dock_ui(&mut self, ui: &mut Ui, i18n: &I18n, dark: bool) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        let (_, chat) = remote.room_options();
        if chat == ChatMode::Off || remote.room().is_none() {
            return;
        }
        let mut actions = Vec::new();
        // Room for the whole dock and a useful middle, or the short dock
        // (one line said, the emoji in a menu too). Chosen from the
        // panel's size and the game's cards only: it never flips as
        // things are said.
        let width = ui.available_width();
        let per_row = ((width + 4.0) / (EMOJI_SIZE + 8.0)).floor().max(1.0);
        let emoji_rows = (EMOJI.len() as f32 / per_row).ceil();
        let text_row = if chat == ChatMode::Text { 30.0 } else { 0.0 };
        let full = 36.0 + CHAT_LINES as f32 * CHAT_ROW + emoji_rows * (EMOJI_SIZE + 8.0) + text_row;
        let compact = ui.available_height() < full + MIN_MIDDLE;
        let lines = if compact { 1 } else { CHAT_LINES };
        egui::Panel::bottom(("talk-dock", V::ID))
            .resizable(false)
            .show(ui, |ui| {
                // A region of its own a screen reader can jump to.
                crate::app::a11y::name_region(ui, &i18n.t("talk-heading"));
                ui.add_space(4.0);
                ui.horizontal(|ui| {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if compact && let Some(e) = emoji_menu_ui(ui, i18n) {
                            actions.push(Saying::Emoji(e.to_string()));
                        }
                        if let Some(id) = phrases_menu_ui(ui, i18n, dark) {
                            actions.push(Saying::Phrase(id.to_string()));
                        }
                        // The heading in what the buttons leave: whole,
                        // or its short form where the panel is narrow
                        // (never "Say somet…").
                        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                            if let Some(heading) = heading_that_fits(ui, i18n) {
                                ui.add(egui::Label::new(RichText::new(heading).strong()));
                            }
                        });
                    });
                });
                self.chat_lines_ui(ui, i18n, dark, lines);
                ui.add_space(2.0);
                if !compact {
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
                        for e in EMOJI {
                            let name = i18n.t_args("talk-send-emoji", &[("emoji", Arg::from(e))]);
                            if emoji_button(ui, e, EMOJI_SIZE, &name).clicked() {
                                actions.push(Saying::Emoji(e.to_string()));
                            }
                        }
                    });
                }
                if chat == ChatMode::Text {
                    actions.extend(self.text_line_ui(ui, i18n));
                }
                ui.add_space(2.0);
            });
        for what in actions {
            if let Some(r) = self.source.remote_mut() {
                r.say(what);
            }
        }
    }

    /// The last things said in `lines` rows, oldest first (rows kept
    /// empty until filled): the speaker's colour and name, then a phrase
    /// or an emoji in colour, or the text as typed. A text too long for
    /// its row wraps onto the rows older lines leave (issue 55: it was cut
    /// with "…" while the rows below stood empty); only what even those
    /// cannot hold is cut, and the whole text shows under the pointer.
    /// The newest is strong for a few seconds. A screen reader reads
    /// "Minh says: …".
    pub(super) fn chat_lines_ui(&self, ui: &mut Ui, i18n: &I18n, dark: bool, lines: usize) {
        let width = ui.available_width();
        // Newest first: the rows each needs, while rows are left.
        let mut shown: Vec<(&Heard<V::Seat>, usize)> = Vec::new();
        let mut used = 0;
        for h in self.online.talk.heard.iter().rev() {
            if used >= lines {
                break;
            }
            let need = chat_rows_needed(ui, &self.speaker(i18n, h), &h.what, width);
            let rows = need.clamp(1, lines - used);
            shown.push((h, rows));
            used += rows;
        }
        shown.reverse();
        for (h, rows) in shown {
            let (rect, _) = ui.allocate_exact_size(
                egui::vec2(width, CHAT_ROW * rows as f32),
                egui::Sense::hover(),
            );
            self.chat_line_ui(ui, rect, h, rows, i18n, dark);
        }
        for row in used..lines {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(width, CHAT_ROW), egui::Sense::hover());
            if row == 0 {
                ui.painter().text(
                    rect.left_center(),
                    egui::Align2::LEFT_CENTER,
                    i18n.t("talk-nothing-yet"),
                    egui::FontId::proportional(13.0),
                    ui.visuals().weak_text_color(),
                );
            }
        }
    }

    /// Who said `h`, as the talk area names them ("Minh (you)").
    fn speaker(&self, i18n: &I18n, h: &Heard<V::Seat>) -> String {
        let own = h.seat.is_some() && self.source.remote().and_then(|r| r.seat()) == h.seat;
        let name = Arg::from(h.name.as_str());
        match h.seat {
            Some(_) if own => i18n.t_args("online-seat-you", &[("name", name)]),
            Some(_) => h.name.clone(),
            None => i18n.t_args("talk-watcher", &[("name", name)]),
        }
    }

    /// One thing said, in `rect` (`rows` rows tall).
    fn chat_line_ui(
        &self,
        ui: &mut Ui,
        rect: egui::Rect,
        h: &Heard<V::Seat>,
        rows: usize,
        i18n: &I18n,
        dark: bool,
    ) {
        let fresh = self.now - h.at < BUBBLE_SECONDS && self.now >= h.at;
        let who = self.speaker(i18n, h);
        let what = saying_text(i18n, &h.what);
        let name = i18n.t_args(
            "talk-bubble",
            &[
                ("who", Arg::from(who.as_str())),
                ("what", Arg::from(what.as_str())),
            ],
        );
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
        );
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        let line = child
            .scope(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                let dot = match h.seat {
                    Some(seat) => V::seat_colours(seat, dark).0,
                    None => ui.visuals().weak_text_color(),
                };
                let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().circle_filled(r.center(), 5.0, dot);
                let mut speaker = RichText::new(format!("{who}:")).size(13.0);
                if fresh {
                    speaker = speaker.strong();
                }
                ui.add(egui::Label::new(speaker).truncate().selectable(false));
                match &h.what {
                    Saying::Phrase(id) => {
                        phrase_chip(ui, &what, phrase_colour(id, dark), 13.5);
                    }
                    Saying::Emoji(e) => {
                        emoji_chip(ui, e, CHAT_ROW - 2.0);
                    }
                    Saying::Text(t) => chat_text_ui(ui, t.trim(), rows, fresh),
                }
            })
            .response;
        line.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
    }
}

/// The font of a text said.
fn chat_font() -> egui::FontId {
    egui::FontId::proportional(13.5)
}

/// The rows a thing said needs in a talk area `width` wide, after its
/// speaker `who` (a phrase or an emoji: one).
fn chat_rows_needed(ui: &Ui, who: &str, what: &Saying, width: f32) -> usize {
    let Saying::Text(t) = what else {
        return 1;
    };
    let painter = ui.painter();
    let name = painter.layout_no_wrap(
        format!("{who}:"),
        egui::FontId::proportional(13.0),
        egui::Color32::WHITE,
    );
    let room = (width - 10.0 - name.size().x - 8.0).max(40.0);
    painter
        .layout(
            t.trim().to_string(),
            chat_font(),
            egui::Color32::WHITE,
            room,
        )
        .rows
        .len()
        .max(1)
}

/// A text said, in at most `rows` rows of what is left of the line; cut
/// with "…" only beyond them, the whole of it under the pointer.
fn chat_text_ui(ui: &mut Ui, text: &str, rows: usize, fresh: bool) {
    let colour = if fresh {
        ui.visuals().strong_text_color()
    } else {
        ui.visuals().text_color()
    };
    let mut job =
        egui::text::LayoutJob::simple(text.to_string(), chat_font(), colour, ui.available_width());
    job.wrap.max_rows = rows;
    job.wrap.overflow_character = Some('…');
    let galley = ui.painter().layout_job(job);
    let cut = galley.elided;
    let (rect, response) = ui.allocate_exact_size(galley.size(), egui::Sense::hover());
    ui.painter().galley(rect.min, galley, colour);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    if cut {
        response.on_hover_text(text);
    }
}

/// The talk dock's heading, whole when it fits the width left to it, else
/// its short form ("Say something", or "Chat" beside the emoji's menu at
/// 800×600), else none: the buttons speak for themselves, and the dock is
/// a region named for screen readers either way. Never a cut word.
fn heading_that_fits(ui: &Ui, i18n: &I18n) -> Option<String> {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let room = ui.available_width();
    [i18n.t("talk-heading"), i18n.t("talk-heading-short")]
        .into_iter()
        .find(|text| {
            ui.painter()
                .layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
                <= room
        })
}

/// How many things said the talk dock shows.
pub const CHAT_LINES: usize = 3;
/// The height of a line of the talk dock.
const CHAT_ROW: f32 = 24.0;
/// The emoji's size in the talk dock (a tap target of its own).
const EMOJI_SIZE: f32 = 30.0;
/// The least height left between the top of the play panel and the talk
/// dock (the dice, the moves, the log) before the dock is shortened.
const MIN_MIDDLE: f32 = 110.0;

/// The emoji's menu (when the dock is short): a button that opens the ten
/// emoji, large and in colour.
fn emoji_menu_ui(ui: &mut Ui, i18n: &I18n) -> Option<&'static str> {
    let button = ui.add(egui::Button::new(
        RichText::new(i18n.t("talk-emoji")).size(15.0),
    ));
    let mut chosen = None;
    egui::Popup::menu(&button)
        .align(egui::RectAlign::TOP_END)
        .align_alternatives(&[
            egui::RectAlign::LEFT_END,
            egui::RectAlign::BOTTOM_END,
            egui::RectAlign::TOP_START,
        ])
        .show(|ui| {
            for row in EMOJI.chunks(5) {
                ui.horizontal(|ui| {
                    for e in row {
                        let name = i18n.t_args("talk-send-emoji", &[("emoji", Arg::from(*e))]);
                        if emoji_button(ui, e, 36.0, &name).clicked() {
                            chosen = Some(*e);
                            ui.close();
                        }
                    }
                });
            }
        });
    chosen
}

/// The phrases' menu: a button that opens the eight phrases, in colour, in
/// a list that opens where the window has room for it (over the board).
fn phrases_menu_ui(ui: &mut Ui, i18n: &I18n, dark: bool) -> Option<&'static str> {
    let button = ui.add(egui::Button::new(
        RichText::new(i18n.t("talk-phrases")).size(15.0),
    ));
    let mut chosen = None;
    egui::Popup::menu(&button)
        .align(egui::RectAlign::TOP_END)
        .align_alternatives(&[
            egui::RectAlign::LEFT_END,
            egui::RectAlign::BOTTOM_END,
            egui::RectAlign::TOP_START,
        ])
        .show(|ui| {
            ui.spacing_mut().item_spacing.y = 5.0;
            for id in PHRASES {
                let b = phrase_button(i18n, id, dark, 17.0).min_size(egui::vec2(190.0, 32.0));
                if ui.add(b).clicked() {
                    chosen = Some(id);
                    ui.close();
                }
            }
        });
    chosen
}
