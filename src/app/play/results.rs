//! The end of a game: a dialog with the results (as each game words them)
//! and what comes next, taking the focus once; the rules window's top.
//! At a game here: Play again, Replay, Close. Online (issue 45), nothing
//! in it leaves the room without saying so: One more game (the host
//! starts it, a guest says they are in), Replay, Leave the room… (asked
//! first), Close; a watcher may stop watching.

use super::phase::Phase;
use super::rematch::Offer;
use super::{Play, View};
use ca_ngua_i18n::I18n;
use egui::{RichText, Ui, Vec2};

/// What the results window asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndAction {
    /// Start a new game.
    NewGame,
    /// Play another round in the same online room (the host).
    Again,
    /// One more game in the same room, please (a guest).
    Rematch,
    /// Show the game again in the replay window.
    Replay,
    /// Leave the online room (asked first; a watcher stops watching).
    Leave,
    /// Close the window.
    Close,
}

/// What differs from the standard rules, at the top of the rules window
/// (or that nothing does).
pub fn differences_ui(ui: &mut Ui, i18n: &I18n, differences: &[String]) {
    if differences.is_empty() {
        ui.label(RichText::new(i18n.t("rules-same-as-standard")).strong());
    } else {
        ui.label(
            RichText::new(i18n.t("rules-differences-heading"))
                .strong()
                .size(16.0),
        );
        for d in differences {
            ui.label(format!("• {d}"));
        }
    }
}

/// The results dialog: `content` draws the results and the buttons
/// ([`end_buttons_ui`]). A screen reader hears it as a dialog named by its
/// title, with `summary` (the places) as its description.
pub fn end_dialog(
    ctx: &egui::Context,
    i18n: &I18n,
    id: egui::Id,
    summary: String,
    content: impl FnOnce(&mut Ui) -> Option<EndAction>,
) -> Option<EndAction> {
    let mut action = None;
    let title = i18n.t("end-title");
    egui::Window::new(&title)
        .id(id)
        .collapsible(false)
        .resizable(false)
        .min_width(crate::app::layout::dialog_width(ctx, 420.0))
        .anchor(egui::Align2::CENTER_CENTER, Vec2::ZERO)
        .show(ctx, |ui| {
            action = content(ui);
        });
    ctx.accesskit_node_builder(id, |node| {
        node.set_role(egui::accesskit::Role::Dialog);
        node.set_label(title);
        node.set_description(summary);
    });
    action
}

/// The buttons of `offer` (see [`Offer`]) under the results, wrapped on a
/// narrow screen, and Close where `close` (a phone's sheet has its own);
/// the first takes the focus when `focus` (the results' first frame).
pub fn end_buttons_ui(
    ui: &mut Ui,
    i18n: &I18n,
    focus: bool,
    offer: Offer,
    close: bool,
) -> Option<EndAction> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        let big = |key: &str| {
            egui::Button::new(RichText::new(i18n.t(key)).size(17.0))
                .min_size(Vec2::new(130.0, 36.0))
        };
        let mut button = |ui: &mut Ui, key: &str, enabled: bool, first: bool, act| {
            let b = ui.add_enabled(enabled, big(key));
            if focus && first {
                // A dialog takes the focus (and its text is announced as
                // the game ends).
                b.request_focus();
            }
            if b.clicked() {
                action = Some(act);
            }
        };
        match offer {
            Offer::Local => {
                button(ui, "button-play-again", true, true, EndAction::NewGame);
                button(ui, "button-replay", true, false, EndAction::Replay);
            }
            Offer::Host => {
                button(ui, "button-again", true, true, EndAction::Again);
                button(ui, "button-replay", true, false, EndAction::Replay);
                button(ui, "button-leave-room", true, false, EndAction::Leave);
            }
            Offer::Guest { ready } => {
                let key = if ready {
                    "button-rematch-waiting"
                } else {
                    "button-again"
                };
                button(ui, key, !ready, !ready, EndAction::Rematch);
                button(ui, "button-replay", true, ready, EndAction::Replay);
                button(ui, "button-leave-room", true, false, EndAction::Leave);
            }
            Offer::Watcher => {
                button(ui, "button-stop-watching", true, false, EndAction::Leave);
            }
        }
        if close {
            let first = matches!(offer, Offer::Watcher);
            button(ui, "button-close", true, first, EndAction::Close);
        }
    });
    action
}

impl<V: View> Play<V> {
    /// The results, once the game is over and shown (until closed).
    pub fn end_window(
        &mut self,
        ctx: &egui::Context,
        i18n: &I18n,
        phase: Phase,
    ) -> Option<EndAction> {
        if self.end.closed || phase != Phase::Over {
            return None;
        }
        let shown = self.presenter.shown();
        let game = shown.game()?;
        let outcome = V::outcome(game);
        let dark = ctx.global_style().visuals.dark_mode;
        let focus = !self.end.focused;
        let action = end_dialog(
            ctx,
            i18n,
            egui::Id::unique(("end-window", V::ID)),
            V::standings(i18n, &outcome).join(". "),
            |ui| self.end_content_ui(ui, i18n, &outcome, (focus, true), dark),
        );
        self.end_after(action);
        action
    }

    /// The results in words, the dice check, the others' choices, then
    /// the buttons (`focus`: the first takes the focus; `close`: with
    /// Close).
    pub(super) fn end_content_ui(
        &self,
        ui: &mut Ui,
        i18n: &I18n,
        outcome: &V::Outcome,
        (focus, close): (bool, bool),
        dark: bool,
    ) -> Option<EndAction> {
        V::results_ui(self, ui, i18n, outcome, dark);
        if let Some((text, ok)) = self.dice_words(i18n) {
            ui.add_space(6.0);
            let t = RichText::new(text);
            ui.add(
                egui::Label::new(if ok {
                    t
                } else {
                    t.strong().color(ui.visuals().warn_fg_color)
                })
                .wrap(),
            );
        }
        self.rematch_results_ui(ui, i18n);
        ui.add_space(12.0);
        end_buttons_ui(ui, i18n, focus, self.offer(), close)
    }

    /// What follows a button of the results, besides what the shell does.
    pub(super) fn end_after(&mut self, action: Option<EndAction>) {
        match action {
            Some(EndAction::Again) => self.play_again_online(),
            Some(EndAction::Rematch) => self.want_rematch(),
            _ => {}
        }
        self.end.focused = true;
        if action == Some(EndAction::Replay) {
            // The replay window takes the place of the results.
            self.end.closed = true;
        }
        if action == Some(EndAction::Close) {
            self.end.closed = true;
            // The focus goes back to the play panel.
            self.focus_main = true;
        }
    }

    /// The host asks the room for another round; the results close (the
    /// next round's open again at its end).
    pub fn play_again_online(&mut self) {
        if let Some(r) = self.source.remote_mut() {
            r.again();
            self.end.closed = true;
            self.repaint = true;
        }
    }

    /// What the dice check of an online game says, and whether it holds:
    /// every roll checked, a roll that is not what the seed gives, or that
    /// nothing could be checked from here (a watcher who came in late).
    /// `None` for a game without dice or here.
    pub fn dice_words(&self, i18n: &I18n) -> Option<(String, bool)> {
        use ca_ngua_i18n::Arg;
        if !V::HAS_DICE {
            return None;
        }
        let remote = self.source.remote()?;
        if !remote.latest().is_over() {
            return None;
        }
        let round = remote.latest().round();
        match remote.dice_check().filter(|c| c.round == round) {
            Some(check) if check.ok() => Some((
                i18n.t_args(
                    "dice-checked",
                    &[
                        ("matching", Arg::from(check.matching)),
                        ("rolls", Arg::from(check.rolls)),
                    ],
                ),
                true,
            )),
            Some(check) => Some((
                match &check.first_wrong {
                    Some((n, expected, made)) => i18n.t_args(
                        "dice-wrong",
                        &[
                            ("n", Arg::from(*n)),
                            ("expected", Arg::from(expected.as_str())),
                            ("made", Arg::from(made.as_str())),
                        ],
                    ),
                    None => i18n.t("dice-wrong-commit"),
                },
                false,
            )),
            None if remote.is_watching() => Some((i18n.t("dice-not-here"), true)),
            None => None,
        }
    }

    /// The rules in force.
    pub fn rules_ui(&self, ui: &mut Ui, i18n: &I18n) {
        V::rules_ui(self.rules(), ui, i18n);
    }
}
