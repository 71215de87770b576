//! Cờ Cá Ngựa in the app: only what is its own — the board (geometry,
//! painting, the dice in the yard, which horse is which), how its events
//! are shown, the words for its moves, its settings (rules, saved rule
//! sets, the rule lab), results and statistics. The play machinery
//! (`crate::app::play`) does the rest through [`view`]'s `View` impl.

pub mod animation;
pub mod announce;
pub mod board_view;
pub mod cards;
pub mod colours;
mod commands;
pub mod dice_view;
pub mod effects;
pub mod geometry;
pub mod horses;
pub mod log;
pub mod marks;
mod paint;
mod play_panel;
pub mod results;
mod rule_sets;
pub mod settings;
mod stats_view;
pub mod tbl;
pub mod text;
pub mod try_rules;
mod try_window;
mod view;
mod view_model;
pub mod windows;

use crate::app::play::Play;
pub use commands::Hover;
use game_ca_ngua::CaNgua;
use game_ca_ngua::rules_file::RuleSet;

/// Cờ Cá Ngựa as the app plays it.
pub type CaNguaGame = Play<CaNgua>;

/// What Cờ Cá Ngựa's screen keeps of its own.
#[derive(Debug, Default)]
pub struct Local {
    /// What was just shown: kicks flashing, banners.
    pub feedback: effects::Feedback,
    /// Saved custom rule sets.
    pub rule_sets: Vec<RuleSet>,
    /// The saved-rules section of the settings.
    pub rules_edit: settings::RulesEdit,
    /// The "Try these rules" window, while open (its run stops on close).
    pub try_rules: Option<try_rules::TryWindow>,
}

impl CaNguaGame {
    /// The colour whose horses move in the position shown: the one to
    /// roll, or with teams its partner once its own are home.
    pub fn mover(&self) -> Option<game_ca_ngua::engine::Seat> {
        let shown = self.presenter.shown();
        shown.position()?.mover(shown.rules())
    }

    /// The saved custom rule sets.
    pub fn rule_sets(&self) -> &[RuleSet] {
        &self.local.rule_sets
    }

    /// Sets the saved custom rule sets.
    pub fn set_rule_sets(&mut self, sets: Vec<RuleSet>) {
        self.local.rule_sets = sets;
    }

    /// Where rule sets are exported unless the player says otherwise.
    pub fn set_export_path(&mut self, path: String) {
        self.local.rules_edit.path = path;
    }

    /// The saved-rules section's fields.
    pub fn rules_edit(&mut self) -> &mut settings::RulesEdit {
        &mut self.local.rules_edit
    }

    /// What was just shown: kicks and banners.
    pub fn feedback(&self) -> &effects::Feedback {
        &self.local.feedback
    }

    /// The horse to give the keyboard focus, if the board is to take it.
    pub fn focus_horse(&self) -> Option<u8> {
        self.focus
    }
}
