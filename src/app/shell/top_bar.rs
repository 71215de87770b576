//! The top bar: the title, the game picker and the shell's buttons on one
//! row, whatever the window's width (issue 54). What does not fit goes
//! into a "More…" menu at the row's end: the title first, then the
//! picker's label, then the buttons least needed (statistics, rules, the
//! lessons, the settings; a new game last). On a phone the settings open
//! from the button row over the board, not from here.

use super::{App, Intent};
use ca_ngua_games::GameKind;
use egui::{RichText, Ui};

/// A button of the top bar.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Item {
    Settings,
    Rules,
    NewGame,
    Stats,
    Learn,
}

/// The buttons in the order they stand on the bar.
const ORDER: [Item; 5] = [
    Item::Settings,
    Item::Rules,
    Item::NewGame,
    Item::Stats,
    Item::Learn,
];
/// The buttons in the order they keep their place when room is short.
const KEPT_FIRST: [Item; 5] = [
    Item::NewGame,
    Item::Settings,
    Item::Learn,
    Item::Rules,
    Item::Stats,
];

/// What the row shows, chosen from the widths of its parts.
struct Fit {
    title: bool,
    picker_label: bool,
    /// Only the game in front on the row (the others in the menu).
    picker_short: bool,
    /// The buttons on the row, in their order; the others are in the menu.
    shown: Vec<Item>,
    menu: Vec<Item>,
}

impl App {
    /// The top bar's row, then the notices and a room going on elsewhere.
    pub(super) fn top_ui(&mut self, ui: &mut Ui) {
        // On a phone the settings open from the row of sheets (which the
        // lessons do not show: then from here).
        let phone = crate::app::layout::Layout::current(ui.ctx()).is_phone();
        let row = phone && self.learn.is_none();
        let items: Vec<Item> = ORDER
            .into_iter()
            .filter(|i| !(row && *i == Item::Settings))
            .collect();
        let fit = self.fit(ui, &items);
        ui.horizontal(|ui| {
            if fit.title {
                ui.heading(RichText::new(self.i18n.t("app-title")).strong());
                ui.separator();
            }
            self.game_picker_ui(ui, fit.picker_label, fit.picker_short);
            if !fit.shown.is_empty() || !fit.menu.is_empty() {
                ui.separator();
            }
            for item in &fit.shown {
                self.item_ui(ui, *item);
            }
            if !fit.menu.is_empty() || fit.picker_short {
                ui.menu_button(self.i18n.t("button-more"), |ui| {
                    if fit.picker_short {
                        self.other_games_ui(ui);
                    }
                    for item in &fit.menu {
                        if ui.button(self.label(*item)).clicked() {
                            self.intents.push(self.intent(*item));
                            ui.close();
                        }
                    }
                });
            }
        });
        self.top_news_ui(ui);
    }

    /// What fits on the row of `ui`'s width.
    fn fit(&self, ui: &Ui, items: &[Item]) -> Fit {
        let room = ui.available_width();
        let gap = ui.spacing().item_spacing.x;
        let separator = 2.0 * gap + 1.0;
        let text = |t: String, style: egui::TextStyle| {
            let font = style.resolve(ui.style());
            ui.painter()
                .layout_no_wrap(t, font, egui::Color32::WHITE)
                .size()
                .x
        };
        let button = |t: String| {
            (text(t, egui::TextStyle::Button) + 2.0 * ui.spacing().button_padding.x)
                .max(ui.spacing().interact_size.x)
                + gap
        };
        let title = text(self.i18n.t("app-title"), egui::TextStyle::Heading) + gap + separator;
        let label = text(
            format!("{}:", self.i18n.t("game-picker")),
            egui::TextStyle::Body,
        ) + gap;
        let game = |k: GameKind| button(self.i18n.t(&format!("game-{}", k.id())));
        let picker: f32 = GameKind::ALL.into_iter().map(game).sum::<f32>() + separator;
        let widths: Vec<(Item, f32)> = items.iter().map(|i| (*i, button(self.label(*i)))).collect();
        let all: f32 = widths.iter().map(|(_, w)| w).sum();
        let menu = button(self.i18n.t("button-more"));
        let mut fit = Fit {
            title: title + label + picker + all <= room,
            picker_label: label + picker + all <= room,
            picker_short: false,
            shown: items.to_vec(),
            menu: Vec::new(),
        };
        if fit.picker_label || picker + all <= room {
            return fit;
        }
        // Where the picker leaves no room, the game in front alone, the
        // others in the menu.
        let mut picker = picker;
        if picker + menu > room {
            fit.picker_short = true;
            picker = game(self.prefs.game) + separator;
        }
        // The buttons kept first that fit beside the picker and the menu.
        let mut left = room - picker - menu;
        let mut kept = Vec::new();
        for item in KEPT_FIRST {
            let Some((_, w)) = widths.iter().find(|(i, _)| *i == item) else {
                continue;
            };
            if *w <= left {
                left -= w;
                kept.push(item);
            } else {
                break;
            }
        }
        fit.shown = items.iter().copied().filter(|i| kept.contains(i)).collect();
        fit.menu = items
            .iter()
            .copied()
            .filter(|i| !kept.contains(i))
            .collect();
        fit
    }

    fn label(&self, item: Item) -> String {
        self.i18n.t(match item {
            Item::Settings if self.show_settings => "button-hide-settings",
            Item::Settings => "button-show-settings",
            Item::Rules => "button-rules",
            Item::NewGame => "button-new-game",
            Item::Stats => "button-stats",
            Item::Learn if self.learn.is_some() => "button-learn-close",
            Item::Learn => "button-learn",
        })
    }

    fn intent(&self, item: Item) -> Intent {
        match item {
            Item::Settings => Intent::ToggleSettings,
            Item::Rules => Intent::ToggleRules,
            Item::NewGame => Intent::NewGame,
            Item::Stats => Intent::ToggleStats,
            Item::Learn => Intent::ToggleLearn,
        }
    }

    fn item_ui(&mut self, ui: &mut Ui, item: Item) {
        let label = self.label(item);
        let clicked = if item == Item::Learn {
            ui.selectable_label(self.learn.is_some(), label).clicked()
        } else {
            ui.button(label).clicked()
        };
        if clicked {
            self.intents.push(self.intent(item));
        }
    }

    /// A room going on on another game's screen, and the notices.
    fn top_news_ui(&mut self, ui: &mut Ui) {
        let mut elsewhere = Vec::new();
        ca_ngua_games::each_field!(&self.screens, V, s => if s.is_online() && GameKind::of::<V>() != self.prefs.game {
            elsewhere.push(GameKind::of::<V>());
        });
        for kind in elsewhere {
            let game = self.i18n.t(&format!("game-{}", kind.id()));
            ui.add(
                egui::Label::new(
                    RichText::new(self.i18n.t_args(
                        "online-room-goes-on",
                        &[("game", ca_ngua_i18n::Arg::from(game))],
                    ))
                    .strong(),
                )
                .wrap(),
            );
        }
        if !self.notices.is_empty() {
            ui.separator();
            for n in &self.notices {
                ui.add(egui::Label::new(RichText::new(n).strong()).wrap());
            }
            if ui.button(self.i18n.t("button-dismiss")).clicked() {
                self.intents.push(Intent::DismissNotices);
            }
        }
    }

    /// The other games, in the menu (a phone's narrow bar).
    fn other_games_ui(&mut self, ui: &mut Ui) {
        for kind in GameKind::ALL {
            if kind != self.prefs.game
                && ui
                    .button(self.i18n.t(&format!("game-{}", kind.id())))
                    .clicked()
            {
                self.intents.push(Intent::SwitchGame(kind));
                ui.close();
            }
        }
        ui.separator();
    }

    /// The game picker: Cờ Cá Ngựa or Cờ nhảy, as a named pair of
    /// selectable buttons (`label`: "Trò chơi:" before them; `short`: the
    /// game in front alone, the others in the menu).
    fn game_picker_ui(&mut self, ui: &mut Ui, label: bool, short: bool) {
        let name = self.i18n.t("game-picker");
        let group = egui::UiBuilder::new()
            .accessibility_role(egui::accesskit::Role::RadioGroup)
            .accessibility_label(name.clone());
        ui.scope_builder(group, |ui| {
            ui.horizontal(|ui| {
                if label {
                    ui.label(format!("{name}:"));
                }
                for kind in GameKind::ALL {
                    let chosen = self.prefs.game == kind;
                    if short && !chosen {
                        continue;
                    }
                    let name = self.i18n.t(&format!("game-{}", kind.id()));
                    if ui.selectable_label(chosen, name).clicked() && !chosen {
                        self.intents.push(Intent::SwitchGame(kind));
                    }
                }
            });
        });
    }
}
