//! The statistics window of every game: how many games, the game's own
//! figures, results by kind of player and by colour — every colour of the
//! board, none left out — and, before any game has ended, a line that
//! says so instead of empty tables.

use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui};

/// A game's statistics as the window shows them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatsTable {
    /// Games finished.
    pub games: u64,
    /// The game's own figures, one line each ("Longest game: 412 rolls").
    pub lines: Vec<String>,
    /// The game's own columns, after Played and Won (their headers).
    pub columns: Vec<String>,
    /// A row per kind of player who has played: its name, its cells.
    pub by_kind: Vec<(String, Vec<String>)>,
    /// A row per colour of the board: its name, its cells.
    pub by_colour: Vec<(String, Vec<String>)>,
}

/// The name of a kind of player as `by_kind` keys it (`human`, a level).
pub fn kind_name(i18n: &I18n, key: &str) -> String {
    if key == "human" {
        i18n.t("player-human")
    } else {
        i18n.t(&format!("level-{key}"))
    }
}

/// The window's content.
pub fn stats_table_ui(ui: &mut Ui, i18n: &I18n, id: &str, table: &StatsTable) {
    ui.label(i18n.t_args(
        &format!("stats-games-{id}"),
        &[(
            "n",
            Arg::Num(i64::try_from(table.games).unwrap_or(i64::MAX)),
        )],
    ));
    if table.games == 0 {
        ui.label(RichText::new(i18n.t("stats-none-yet")).weak());
        return;
    }
    for line in &table.lines {
        ui.label(line);
    }
    ui.add_space(6.0);
    for (grid, first, rows) in [
        ("kind", "stats-by-kind", &table.by_kind),
        ("colour", "stats-by-colour", &table.by_colour),
    ] {
        egui::Grid::new(format!("{id}-stats-by-{grid}"))
            .striped(true)
            .show(ui, |ui| {
                ui.strong(i18n.t(first));
                ui.strong(i18n.t("stats-played"));
                ui.strong(i18n.t("stats-won"));
                for c in &table.columns {
                    ui.strong(c);
                }
                ui.end_row();
                for (name, cells) in rows {
                    ui.label(name);
                    for c in cells {
                        ui.label(c);
                    }
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
    }
}
