//! Helpers for assistive technology that every game uses.

use egui::accesskit::Role;
use egui::{Response, Ui, UiKind};

/// Names the panel `ui` is drawn in, as a region a screen reader can jump
/// to ("Thiết lập", "Bàn cờ").
pub fn name_region(ui: &Ui, label: &str) {
    let panel = ui.stack().iter().find(|s| {
        matches!(
            s.kind(),
            Some(
                UiKind::LeftPanel
                    | UiKind::RightPanel
                    | UiKind::TopPanel
                    | UiKind::BottomPanel
                    | UiKind::CentralPanel
            )
        )
    });
    if let Some(panel) = panel {
        ui.ctx().accesskit_node_builder(panel.unique_id, |node| {
            node.set_role(Role::Region);
            node.set_label(label);
        });
    }
}

/// Gives a combo box its current value, and puts the value in its name as
/// well ("Đỏ: Máy – Vừa"): AT-SPI (Linux) does not pass a combo box's text
/// value on to screen readers, so the name carries it.
pub fn combo_value(response: &Response, label: &str, value: &str) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.clear_labelled_by();
        node.set_label(format!("{label}: {value}"));
        node.set_value(value);
    });
}

/// A vertical scroll area whose scroll bars are named (`name`: what
/// scrolls), so no node with a role is left without a name.
pub fn scroll<R>(
    ui: &mut Ui,
    salt: impl egui::AsIdSalt,
    name: &str,
    add_contents: impl FnOnce(&mut Ui) -> R,
) -> R {
    named_scroll(
        ui,
        egui::ScrollArea::vertical().id_salt(salt),
        name,
        add_contents,
    )
}

/// As [`scroll`], for a scroll area shaped by the caller (its height).
pub fn named_scroll<R>(
    ui: &mut Ui,
    area: egui::ScrollArea,
    name: &str,
    add_contents: impl FnOnce(&mut Ui) -> R,
) -> R {
    let out = area.show(ui, add_contents);
    for axis in 0..2usize {
        ui.ctx()
            .accesskit_node_builder(out.id.with(axis), |node| node.set_label(name));
    }
    out.inner
}

/// Names a window's title bar: egui makes a node there for dragging the
/// window and leaves it without a name.
pub fn name_title_bar(ctx: &egui::Context, window: egui::Id, title: &str) {
    ctx.accesskit_node_builder(window.with("__title_click"), |node| node.set_label(title));
}

/// The log under its heading: the newest 14 lines, newest first and
/// strong, as a list whose entries keep their ids (`salt` and the line's
/// number), so that a new line adds one node and a screen reader is not
/// sent the others again.
pub fn log_list<T>(
    ui: &mut Ui,
    i18n: &ca_ngua_i18n::I18n,
    salt: &str,
    log: &[T],
    text: impl Fn(&T) -> String,
) {
    log_list_rows(ui, i18n, salt, log, |ui, line, newest| {
        let t = egui::RichText::new(text(line));
        ui.label(if newest { t.strong() } else { t });
    });
}

/// [`log_list`] with each line drawn by `row` (given whether it is the
/// newest), for lines that are more than words (an emoji in colour).
pub fn log_list_rows<T>(
    ui: &mut Ui,
    i18n: &ca_ngua_i18n::I18n,
    salt: &str,
    log: &[T],
    row: impl Fn(&mut Ui, &T, bool),
) {
    ui.label(egui::RichText::new(i18n.t("log-heading")).strong());
    if log.is_empty() {
        ui.label(egui::RichText::new(i18n.t("log-empty")).weak());
    }
    let list = egui::UiBuilder::new()
        .accessibility_role(Role::List)
        .accessibility_label(i18n.t("log-list"));
    ui.scope_builder(list, |ui| {
        for (k, (i, line)) in log.iter().enumerate().rev().take(14).enumerate() {
            ui.push_id((salt, i), |ui| row(ui, line, k == 0));
        }
    });
}
