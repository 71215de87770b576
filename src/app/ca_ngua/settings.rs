//! Cờ Cá Ngựa's settings: players, rules (a preset and every toggle,
//! grouped, each with a one-line explanation) and how play feels. It edits
//! a copy of the preferences and reports what changed; the shell decides
//! whether a change needs a new game (and asks first).

use super::tbl::seats_for;
pub use super::text::colour_key;
use super::try_rules::TrySource;
pub use crate::app::play::rule_sets::RuleSetAction;
pub use crate::app::widgets::{check, combo, help, level_key, offered_levels, player_options};
use ca_ngua_data::ca_ngua::prefs::Prefs;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui};
use game_ca_ngua::engine::{
    Dice, Direction, ExitRolls, GameEnd, HomeColumn, PRESET_NAMES, Pairs, Rules, SafeSquares,
};
use game_ca_ngua::rules_file::RuleSet;

/// The text fields of the saved-rules section, kept between frames.
#[derive(Clone, Debug, Default)]
pub struct RulesEdit {
    /// A name for saving or renaming.
    pub name: String,
    /// A file for exporting or importing.
    pub path: String,
    /// The result of the last action, shown under the fields.
    pub message: Option<String>,
}

/// What the settings panel did this frame.
#[derive(Clone, Debug, Default)]
pub struct SettingsOutput {
    /// The preferences changed.
    pub changed: bool,
    /// Actions on saved rule sets.
    pub actions: Vec<RuleSetAction>,
    /// Open the "Try these rules" window.
    pub try_rules: Option<TrySource>,
}

/// Draws the panel on `prefs`; `sets` are the saved custom rule sets.
pub fn settings_ui(
    ui: &mut Ui,
    i18n: &I18n,
    prefs: &mut Prefs,
    sets: &[RuleSet],
    edit: &mut RulesEdit,
) -> SettingsOutput {
    let mut out = SettingsOutput::default();
    let mut changed = false;
    ui.heading(i18n.t("settings-heading"));

    ui.add_space(4.0);
    ui.strong(i18n.t("settings-players"));
    ui.horizontal(|ui| {
        for n in 2..=4usize {
            let text = i18n.t_args("settings-player-count", &[("n", Arg::from(n))]);
            if ui.selectable_label(prefs.player_count == n, text).clicked()
                && prefs.player_count != n
            {
                prefs.player_count = n;
                // Teams need four players.
                prefs.rules.teams &= n == 4;
                changed = true;
            }
        }
    });

    let seats = seats_for(prefs.player_count);
    for seat in seats {
        let kind = &mut prefs.players[seat.index()];
        let options = player_options(*kind);
        let id = format!("player-{}", seat.index());
        changed |= combo(ui, i18n, &id, colour_key(seat), kind, &options);
    }

    ui.separator();
    changed |= rules_ui(ui, i18n, prefs, sets);
    // A preset or rule set with teams brings the four players it needs.
    if prefs.rules.teams && prefs.player_count != 4 {
        prefs.player_count = 4;
        changed = true;
    }
    if ui.button(i18n.t("try-open")).clicked() {
        out.try_rules = Some(TrySource::Settings);
    }
    out.actions = saved_rules_ui(ui, i18n, prefs, sets, edit, &mut out.try_rules);

    ui.separator();
    ui.strong(i18n.t("settings-play"));
    changed |= check(ui, i18n, "settings-auto-roll", &mut prefs.auto_roll);
    changed |= check(ui, i18n, "settings-auto-move", &mut prefs.auto_move);
    changed |= check(ui, i18n, "settings-fast-bots", &mut prefs.fast_bots);

    out.changed = changed;
    out
}

/// A text field named by the label before it.
fn text_field(ui: &mut Ui, i18n: &I18n, label_key: &str, value: &mut String) {
    ui.horizontal(|ui| {
        let name = ui.label(i18n.t(label_key));
        ui.add(egui::TextEdit::singleline(value).desired_width(170.0))
            .labelled_by(name.id);
    });
}

/// Saving, renaming, deleting, exporting and importing rule sets.
fn saved_rules_ui(
    ui: &mut Ui,
    i18n: &I18n,
    prefs: &Prefs,
    sets: &[RuleSet],
    edit: &mut RulesEdit,
    try_rules: &mut Option<TrySource>,
) -> Vec<RuleSetAction> {
    let mut actions = Vec::new();
    egui::CollapsingHeader::new(i18n.t("saved-rules-heading"))
        .id_salt("saved-rules")
        .default_open(false)
        .show(ui, |ui| {
            help(ui, i18n, "saved-rules-help");
            text_field(ui, i18n, "saved-rules-name", &mut edit.name);
            let name = edit.name.trim().to_string();
            if ui
                .add_enabled(
                    ca_ngua_data::store::valid_rule_set_name(&name),
                    egui::Button::new(i18n.t("saved-rules-save")),
                )
                .clicked()
            {
                actions.push(RuleSetAction::Save(name.clone()));
            }
            ui.horizontal_wrapped(|ui| {
                if ui.button(i18n.t("saved-rules-import-file")).clicked() {
                    actions.push(RuleSetAction::PickImport);
                }
                if ui.button(i18n.t("code-import-button")).clicked() {
                    actions.push(RuleSetAction::OpenCode);
                }
            });
            for set in sets {
                ui.separator();
                saved_set_ui(ui, i18n, prefs, set, &name, &mut actions, try_rules);
            }
            if let Some(m) = &edit.message {
                ui.label(RichText::new(m).strong());
            }
        });
    actions
}

/// One saved rule set: its name (marked when it is the rules in play),
/// then renaming it to `name`, exporting, copying its code, deleting it and
/// trying it.
fn saved_set_ui(
    ui: &mut Ui,
    i18n: &I18n,
    prefs: &Prefs,
    set: &RuleSet,
    name: &str,
    actions: &mut Vec<RuleSetAction>,
    try_rules: &mut Option<TrySource>,
) {
    let current = set.rules == prefs.rules;
    let title = if current {
        i18n.t_args(
            "saved-rules-current",
            &[("name", Arg::from(set.name.as_str()))],
        )
    } else {
        set.name.clone()
    };
    ui.label(RichText::new(title).strong());
    ui.horizontal_wrapped(|ui| {
        let rename = i18n.t_args(
            "saved-rules-rename",
            &[("name", Arg::from(set.name.as_str()))],
        );
        if ui
            .add_enabled(
                ca_ngua_data::store::valid_rule_set_name(name) && name != set.name,
                egui::Button::new(rename),
            )
            .clicked()
        {
            actions.push(RuleSetAction::Rename(set.name.clone(), name.to_string()));
        }
        let export = i18n.t_args(
            "saved-rules-export-file",
            &[("name", Arg::from(set.name.as_str()))],
        );
        if ui.button(export).clicked() {
            actions.push(RuleSetAction::PickExport(set.name.clone()));
        }
        let copy = i18n.t_args("code-copy-set", &[("name", Arg::from(set.name.as_str()))]);
        if ui.button(copy).clicked() {
            ui.ctx()
                .copy_text(game_ca_ngua::rules_code::encode(&set.rules));
        }
        let delete = i18n.t_args(
            "saved-rules-delete",
            &[("name", Arg::from(set.name.as_str()))],
        );
        if ui.button(delete).clicked() {
            actions.push(RuleSetAction::Delete(set.name.clone()));
        }
        let try_it = i18n.t_args("try-open-saved", &[("name", Arg::from(set.name.as_str()))]);
        if ui.button(try_it).clicked() {
            *try_rules = Some(TrySource::Saved(set.name.clone()));
        }
    });
}

fn rules_ui(ui: &mut Ui, i18n: &I18n, prefs: &mut Prefs, sets: &[RuleSet]) -> bool {
    let four = prefs.player_count == 4;
    ui.strong(i18n.t("settings-rules"));
    let mut changed = preset_ui(ui, i18n, prefs, sets);
    help(ui, i18n, "settings-preset-help");
    rules_code_ui(ui, i18n, &prefs.rules);
    let chosen = prefs.rules;
    let r = &mut prefs.rules;
    changed |= rule_group(ui, i18n, "group-dice", |ui| dice_rules_ui(ui, i18n, r));
    changed |= rule_group(ui, i18n, "group-kicks", |ui| kick_rules_ui(ui, i18n, r));
    changed |= rule_group(ui, i18n, "group-home", |ui| {
        home_rules_ui(ui, i18n, r, four)
    });
    changed |= rule_group(ui, i18n, "group-board", |ui| board_rules_ui(ui, i18n, r));
    // A toggle changed: the engine normalises the rules (two dice exit on
    // a double or 1+6; the safety cap follows the climb). A chosen preset
    // or saved set is taken as it is.
    if *r != chosen {
        *r = r.edited_from(&chosen);
    }
    changed
}

/// The preset combo: the named presets, then the saved sets; true when
/// one was chosen.
fn preset_ui(ui: &mut Ui, i18n: &I18n, prefs: &mut Prefs, sets: &[RuleSet]) -> bool {
    let mut changed = false;
    let preset = prefs.rules.preset_name();
    let saved = sets.iter().find(|s| s.rules == prefs.rules);
    let current = match (preset, saved) {
        (Some(name), _) => i18n.t(&format!("preset-{name}")),
        (None, Some(set)) => set.name.clone(),
        (None, None) => i18n.t("preset-custom"),
    };
    ui.horizontal(|ui| {
        let label = i18n.t("settings-preset");
        ui.label(&label);
        let value = current.clone();
        let response = egui::ComboBox::from_id_salt("preset")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for name in PRESET_NAMES {
                    let selected = preset == Some(name);
                    if ui
                        .selectable_label(selected, i18n.t(&format!("preset-{name}")))
                        .clicked()
                        && !selected
                        && let Some(rules) = Rules::preset(name)
                    {
                        prefs.rules = rules;
                        changed = true;
                    }
                }
                for set in sets {
                    let selected = preset.is_none() && set.rules == prefs.rules;
                    if ui.selectable_label(selected, &set.name).clicked() && !selected {
                        prefs.rules = set.rules;
                        changed = true;
                    }
                }
            })
            .response;
        crate::app::a11y::combo_value(&response, &label, &value);
    });
    changed
}

/// The rule code of the rules chosen, to paste into a chat.
fn rules_code_ui(ui: &mut Ui, i18n: &I18n, rules: &Rules) {
    let code = game_ca_ngua::rules_code::encode(rules);
    ui.horizontal_wrapped(|ui| {
        ui.label(i18n.t("code-label"));
        ui.add(egui::Label::new(RichText::new(&code).monospace().strong()).selectable(true));
        if ui.button(i18n.t("code-copy")).clicked() {
            ui.ctx().copy_text(code.clone());
        }
    });
}

/// A closed-by-default group of toggles titled `key` (also its id);
/// true when `body` changed a rule.
fn rule_group(ui: &mut Ui, i18n: &I18n, key: &str, body: impl FnOnce(&mut Ui) -> bool) -> bool {
    egui::CollapsingHeader::new(i18n.t(key))
        .id_salt(key)
        .default_open(false)
        .show(ui, body)
        .body_returned
        .unwrap_or(false)
}

/// The dice group: one or two dice, the exit roll, bonuses and forfeit.
fn dice_rules_ui(ui: &mut Ui, i18n: &I18n, r: &mut Rules) -> bool {
    let mut changed = combo(
        ui,
        i18n,
        "dice",
        "toggle-dice",
        &mut r.dice,
        &[(Dice::One, "value-dice-one"), (Dice::Two, "value-dice-two")],
    );
    help(ui, i18n, "toggle-dice-help");
    if r.dice == Dice::One {
        changed |= combo(
            ui,
            i18n,
            "exit",
            "toggle-exit-rolls",
            &mut r.exit_rolls,
            &[
                (ExitRolls::Six, "value-exit-six"),
                (ExitRolls::OneOrSix, "value-exit-one-or-six"),
            ],
        );
        help(ui, i18n, "toggle-exit-rolls-help");
    }
    changed |= check(ui, i18n, "toggle-bonus-after-kick", &mut r.bonus_after_kick);
    changed |= check(
        ui,
        i18n,
        "toggle-bonus-after-finish",
        &mut r.bonus_after_finish,
    );
    changed |= check(ui, i18n, "toggle-forfeit", &mut r.three_in_a_row_forfeit);
    changed
}

/// The kicks group: safe squares, pairs, passing and forced moves.
fn kick_rules_ui(ui: &mut Ui, i18n: &I18n, r: &mut Rules) -> bool {
    let mut changed = combo(
        ui,
        i18n,
        "safe",
        "toggle-safe-squares",
        &mut r.safe_squares,
        &[
            (SafeSquares::StartsAndStars, "value-safe-starts-and-stars"),
            (SafeSquares::StartsOnly, "value-safe-starts-only"),
            (SafeSquares::None, "value-safe-none"),
        ],
    );
    help(ui, i18n, "toggle-safe-squares-help");
    changed |= combo(
        ui,
        i18n,
        "pairs",
        "toggle-pairs",
        &mut r.pairs,
        &[
            (Pairs::Ordinary, "value-pairs-ordinary"),
            (Pairs::SafePair, "value-pairs-safe-pair"),
            (Pairs::Block, "value-pairs-block"),
        ],
    );
    help(ui, i18n, "toggle-pairs-help");
    changed |= check(ui, i18n, "toggle-no-passing", &mut r.no_passing);
    changed |= check(ui, i18n, "toggle-forced-kick", &mut r.forced_kick);
    changed |= check(ui, i18n, "toggle-forced-exit", &mut r.forced_exit);
    changed
}

/// The home group: the home column, the game's end, scoring and (with
/// four players) teams.
fn home_rules_ui(ui: &mut Ui, i18n: &I18n, r: &mut Rules, four: bool) -> bool {
    let mut changed = combo(
        ui,
        i18n,
        "home",
        "toggle-home-column",
        &mut r.home_column,
        &[
            (HomeColumn::Exact, "value-home-exact"),
            (HomeColumn::Climb, "value-home-climb"),
        ],
    );
    help(ui, i18n, "toggle-home-column-help");
    changed |= combo(
        ui,
        i18n,
        "end",
        "toggle-game-end",
        &mut r.game_end,
        &[
            (GameEnd::FirstWinnerByHorsesHome, "value-end-horses-home"),
            (GameEnd::FirstWinnerByDistance, "value-end-distance"),
            (GameEnd::PlayOn, "value-end-play-on"),
        ],
    );
    help(ui, i18n, "toggle-game-end-help");
    changed |= check(ui, i18n, "toggle-scoring", &mut r.scoring);
    // Teams are offered with four players only.
    if four {
        changed |= check(ui, i18n, "toggle-teams", &mut r.teams);
        help(ui, i18n, "toggle-teams-help");
    }
    changed
}

/// The board group: the direction of travel.
fn board_rules_ui(ui: &mut Ui, i18n: &I18n, r: &mut Rules) -> bool {
    let changed = combo(
        ui,
        i18n,
        "direction",
        "toggle-direction",
        &mut r.direction,
        &[
            (Direction::Clockwise, "value-direction-clockwise"),
            (
                Direction::CounterClockwise,
                "value-direction-counter-clockwise",
            ),
        ],
    );
    help(ui, i18n, "toggle-direction-help");
    changed
}
