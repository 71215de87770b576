//! The talk dock at the bottom of the play panel of an online room
//! (issue 45: an area of its own, over no card): the last things said,
//! each with its speaker's colour, the phrases and the emoji, and the line
//! of free text where the host allowed it. The talk itself (what was
//! heard, the mutes, the log's lines) is `talk.rs`'s.

use super::talk::{BUBBLE_SECONDS, Heard, saying_text};
use super::talk_look::{emoji_button, emoji_chip, phrase_button, phrase_chip, phrase_colour};
use super::{Play, View};
use ca_ngua_i18n::{Arg, I18n};
use ca_ngua_protocol::talk::{EMOJI, PHRASES};
use ca_ngua_protocol::{ChatMode, Saying};
use egui::{RichText, Ui};

impl<V: View> Play<V> {
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

/// A talk menu opened from `button`: above it where the window has room,
/// else beside, below or above its other end.
fn menu_over(button: &egui::Response) -> egui::Popup<'_> {
    egui::Popup::menu(button)
        .align(egui::RectAlign::TOP_END)
        .align_alternatives(&[
            egui::RectAlign::LEFT_END,
            egui::RectAlign::BOTTOM_END,
            egui::RectAlign::TOP_START,
        ])
}

/// The emoji's menu (when the dock is short): a button that opens the ten
/// emoji, large and in colour.
fn emoji_menu_ui(ui: &mut Ui, i18n: &I18n) -> Option<&'static str> {
    let button = ui.add(egui::Button::new(
        RichText::new(i18n.t("talk-emoji")).size(15.0),
    ));
    let mut chosen = None;
    menu_over(&button).show(|ui| {
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
    menu_over(&button).show(|ui| {
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
