//! The "Chơi qua mạng" section of the settings: the name, where rooms are
//! opened (here, or on a server, with its health check), what a room
//! opened here allows (talk, a turn clock), Host, Join by link or by
//! address and code, or Leave while in a room.

use super::online_ui::{CheckState, OnlineAction, OnlineEdit, ServerCheck};
use ca_ngua_i18n::I18n;
use egui::{RichText, Ui};

/// The "Chơi qua mạng" section: the name, Host, Join, or Leave when in a
/// room.
pub fn online_settings_ui(
    ui: &mut Ui,
    i18n: &I18n,
    prefs: &mut ca_ngua_data::prefs::Prefs,
    edit: &mut OnlineEdit,
    in_room: bool,
) -> (bool, Option<OnlineAction>) {
    let ca_ngua_data::prefs::Prefs {
        online_name: name,
        online_use_server: use_server,
        online_server: server,
        online_chat: chat,
        online_turn_secs: turn_secs,
        ..
    } = prefs;
    let mut changed = false;
    let mut action = None;
    egui::CollapsingHeader::new(i18n.t("online-heading"))
        .id_salt("online")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(i18n.t("online-help"));
            changed |= online_name_ui(ui, i18n, name);
            if in_room {
                if ui.button(i18n.t("online-leave")).clicked() {
                    action = Some(OnlineAction::Leave);
                }
                return;
            }
            let named = !name.trim().is_empty();
            if !named {
                // Say why Host and Join wait.
                ui.label(RichText::new(i18n.t("online-name-needed")).weak());
            }
            changed |= server_choice_ui(ui, i18n, use_server, server, &edit.check);
            // What the room opened here allows: talking, a turn clock.
            changed |= room_options_ui(ui, i18n, chat, turn_secs);
            if host_ui(ui, i18n, named, *use_server, server) {
                action = Some(OnlineAction::Host);
            }
            ui.separator();
            if let Some(join) = join_ui(ui, i18n, named, edit) {
                action = Some(join);
            }
        });
    (changed, action)
}

/// The player's name for online play; true when it changed.
fn online_name_ui(ui: &mut Ui, i18n: &I18n, name: &mut String) -> bool {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(i18n.t("online-name"));
        let field = ui
            .add(egui::TextEdit::singleline(name).desired_width(150.0))
            .labelled_by(label.id);
        crate::app::layout::keep_in_view(&field);
        field.changed()
    })
    .inner
}

/// Where rooms are opened: here, or on a server named (with its health
/// check); true when the choice or the address changed.
fn server_choice_ui(
    ui: &mut Ui,
    i18n: &I18n,
    use_server: &mut bool,
    server: &mut String,
    check: &ServerCheck,
) -> bool {
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        changed |= ui
            .radio_value(use_server, false, i18n.t("online-where-device"))
            .changed();
        changed |= ui
            .radio_value(use_server, true, i18n.t("online-where-server"))
            .changed();
    });
    if *use_server {
        let label = ui.label(i18n.t("online-server-address"));
        let width = ui.available_width() - 12.0;
        changed |= ui
            .add(egui::TextEdit::singleline(server).desired_width(width))
            .labelled_by(label.id)
            .changed();
        if ui.button(i18n.t("online-server-check")).clicked() {
            check.start(server, ui.ctx());
        }
        match check.state() {
            CheckState::Idle => {}
            CheckState::Checking => {
                ui.label(i18n.t("online-server-checking"));
            }
            CheckState::Done(Ok(())) => {
                ui.label(RichText::new(i18n.t("online-server-ok")).strong());
            }
            CheckState::Done(Err(e)) => {
                ui.label(RichText::new(i18n.t(e.key())).strong());
            }
        }
    }
    changed
}

/// The Host button (here or on the server) with its explanation; true
/// when pressed.
fn host_ui(ui: &mut Ui, i18n: &I18n, named: bool, use_server: bool, server: &str) -> bool {
    let host_key = if use_server {
        "online-host-server"
    } else {
        "online-host"
    };
    let can_host = named && (!use_server || !server.trim().is_empty());
    let clicked = ui
        .add_enabled(can_host, egui::Button::new(i18n.t(host_key)))
        .clicked();
    ui.label(i18n.t(if use_server {
        "online-host-server-help"
    } else {
        "online-host-help"
    }));
    clicked
}

/// Joining a room by its link, or an address and a code, and why the last
/// attempt failed.
fn join_ui(ui: &mut Ui, i18n: &I18n, named: bool, edit: &mut OnlineEdit) -> Option<OnlineAction> {
    let mut action = None;
    // The label above, the field the panel's width: room for an
    // invite page's whole address.
    let label = ui.label(i18n.t("online-join-address"));
    let width = ui.available_width() - 12.0;
    let field = ui
        .add(egui::TextEdit::singleline(&mut edit.address).desired_width(width))
        .labelled_by(label.id);
    crate::app::layout::keep_in_view(&field);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(i18n.t("online-join-code"));
        let field = ui
            .add(egui::TextEdit::singleline(&mut edit.code).desired_width(90.0))
            .labelled_by(label.id);
        crate::app::layout::keep_in_view(&field);
    });
    let can_join = named && !edit.address.trim().is_empty();
    if ui
        .add_enabled(can_join, egui::Button::new(i18n.t("online-join")))
        .clicked()
    {
        action = Some(OnlineAction::Join {
            address: edit.address.clone(),
            code: edit.code.clone(),
        });
    }
    if let Some(e) = &edit.error {
        ui.label(RichText::new(e).strong());
    }
    action
}

/// The host's choices for a room: what people may say in it, and the
/// seconds per turn (off by default; 10 to 120).
fn room_options_ui(
    ui: &mut Ui,
    i18n: &I18n,
    chat: &mut ca_ngua_data::prefs::OnlineChat,
    turn_secs: &mut u32,
) -> bool {
    use ca_ngua_data::prefs::OnlineChat;
    let mut changed = false;
    let choices = [
        (OnlineChat::Phrases, "online-chat-phrases"),
        (OnlineChat::Text, "online-chat-text"),
        (OnlineChat::Off, "online-chat-off"),
    ];
    changed |= crate::app::widgets::combo(ui, i18n, "online-chat", "online-chat", chat, &choices);
    ui.horizontal_wrapped(|ui| {
        let mut on = *turn_secs > 0;
        if ui.checkbox(&mut on, i18n.t("online-clock")).changed() {
            *turn_secs = if on { 30 } else { 0 };
            changed = true;
        }
        if on {
            let label = i18n.t("online-clock-seconds");
            let r = ui.add(
                egui::DragValue::new(turn_secs)
                    .range(10..=120)
                    .speed(1)
                    .suffix(i18n.t("online-clock-suffix")),
            );
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &label));
            changed |= r.changed();
        }
    });
    changed
}
