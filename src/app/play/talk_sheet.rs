//! The talk on a phone (issue 54): a sheet over the board, opened from the
//! button row. The line of free text first, where the room allows it (at
//! the top, so that the phone's keyboard never covers it), then the last
//! things said, then the phrases and the emoji, each a target a thumb's
//! size. What is sent, said and muted is the talk dock's (`talk.rs`).

use super::talk_look::{emoji_button, phrase_button};
use super::{Play, View};
use ca_ngua_i18n::{Arg, I18n};
use ca_ngua_protocol::talk::{EMOJI, MAX_TEXT_CHARS, PHRASES};
use ca_ngua_protocol::{ChatMode, Saying};
use egui::{RichText, Ui};

/// How many things said the sheet shows.
const SHEET_LINES: usize = 5;
/// The emoji's size on a phone (with their margin, a thumb's target).
const EMOJI_SIZE: f32 = 40.0;

impl<V: View> Play<V> {
    /// The talk's sheet.
    pub fn talk_sheet_ui(&mut self, ui: &mut Ui, i18n: &I18n, dark: bool) {
        let Some(remote) = self.source.remote() else {
            return;
        };
        let (_, chat) = remote.room_options();
        if chat == ChatMode::Off {
            return;
        }
        let mut said = Vec::new();
        if chat == ChatMode::Text {
            said.extend(self.text_line_ui(ui, i18n));
            ui.add_space(4.0);
        }
        self.chat_lines_ui(ui, i18n, dark, SHEET_LINES);
        ui.add_space(6.0);
        ui.label(RichText::new(i18n.t("talk-phrases")).strong());
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
            for id in PHRASES {
                if ui.add(phrase_button(i18n, id, dark, 16.0)).clicked() {
                    said.push(Saying::Phrase(id.to_string()));
                }
            }
        });
        ui.add_space(6.0);
        ui.label(RichText::new(i18n.t("talk-emoji")).strong());
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
            for e in EMOJI {
                let name = i18n.t_args("talk-send-emoji", &[("emoji", Arg::from(e))]);
                if emoji_button(ui, e, EMOJI_SIZE, &name).clicked() {
                    said.push(Saying::Emoji(e.to_string()));
                }
            }
        });
        for what in said {
            if let Some(r) = self.source.remote_mut() {
                r.say(what);
            }
        }
    }

    /// The line of free text and its Send (Enter sends too); what was
    /// sent. The talk dock's and the sheet's.
    pub(super) fn text_line_ui(&mut self, ui: &mut Ui, i18n: &I18n) -> Option<Saying> {
        let mut sent = None;
        ui.horizontal(|ui| {
            let send_width = ui.spacing().interact_size.x * 2.0;
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.online.talk.text)
                    .char_limit(MAX_TEXT_CHARS)
                    .hint_text(i18n.t("talk-text-hint"))
                    .desired_width((ui.available_width() - send_width).max(80.0))
                    .min_size(egui::vec2(0.0, ui.spacing().interact_size.y)),
            );
            crate::app::layout::keep_in_view(&field);
            let name = i18n.t("talk-text-label");
            field.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name));
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let text = self.online.talk.text.trim().to_string();
            let send =
                egui::Button::new(i18n.t("talk-send")).min_size(egui::vec2(send_width / 2.0, 0.0));
            let send = ui.add_enabled(!text.is_empty(), send).clicked();
            if (send || enter) && !text.is_empty() {
                sent = Some(Saying::Text(text));
                self.online.talk.text.clear();
            }
        });
        sent
    }
}
