//! Cờ nhảy's windows: the rules in force (generated from them, in the
//! player's language), the results with every place and why, and the
//! statistics.

use super::look::{arm_text_colour, draw_piece};
use super::{CoNhayGame, text};
use crate::app::play::results::differences_ui;
use crate::app::play::stats_view::{StatsTable, kind_name};
use crate::app::theme::Palette;
use ca_ngua_data::co_nhay::stats::{Record, Stats};
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Sense, Ui, Vec2};
use game_co_nhay::engine::{Arm, Outcome, Rules};

/// The line about the one person at this device, if exactly one plays
/// here: "Bạn thắng!", "Bạn về nhì", "Bạn đồng hạng ba".
pub fn your_place(i18n: &I18n, outcome: &Outcome, here: &[Arm]) -> Option<String> {
    let [arm] = here else {
        return None;
    };
    crate::app::text::your_place(
        i18n,
        &outcome.places,
        arm.index(),
        outcome.winner() == Some(*arm),
    )
}

/// The rules in force, what differs from the standard rules first.
pub fn rules_ui(rules: &Rules, ui: &mut Ui, i18n: &I18n) {
    let summary = game_co_nhay::rules_text::summary(i18n, rules);
    differences_ui(ui, i18n, &summary.differences);
    ui.add_space(8.0);
    ui.label(
        RichText::new(i18n.t("rules-all-heading"))
            .strong()
            .size(16.0),
    );
    for line in &summary.all {
        ui.label(format!("• {line}"));
    }
}

impl CoNhayGame {
    /// The results: the winner in their colour, your place, every place
    /// and why (finished, or the steps still to go), and why it ended.
    pub fn results_ui(&self, ui: &mut Ui, i18n: &I18n, outcome: &Outcome, dark: bool) {
        let shown = self.presenter.shown();
        let Some(game) = shown.game() else {
            return;
        };
        match outcome.winner() {
            Some(w) => {
                ui.label(
                    RichText::new(
                        i18n.t_args("end-winner", &[("who", Arg::from(text::colour(i18n, w)))]),
                    )
                    .size(26.0)
                    .strong()
                    .color(arm_text_colour(w, dark)),
                );
            }
            None => {
                ui.label(
                    RichText::new(i18n.t("nhay-end-no-winner"))
                        .size(20.0)
                        .strong(),
                );
            }
        }
        let here: Vec<Arm> = game
            .position()
            .arms()
            .filter(|a| self.is_here(*a))
            .collect();
        if let Some(you) = your_place(i18n, outcome, &here) {
            ui.label(RichText::new(you).size(19.0));
        }
        ui.add_space(6.0);
        if outcome.capped {
            ui.label(i18n.t_args("nhay-end-capped", &[("moves", Arg::from(outcome.moves))]));
        } else if shown.is_concluded() {
            ui.label(i18n.t("nhay-end-concluded"));
        }
        let lines = text::standings(i18n, outcome);
        let pal = Palette::new(dark);
        for ((_, arm), line) in outcome.standings().into_iter().zip(lines) {
            let why = if outcome.finished.contains(&arm) {
                i18n.t("nhay-end-reason-finished")
            } else {
                i18n.t_args(
                    "nhay-end-reason-distance",
                    &[("n", Arg::from(outcome.distances[arm.index()].unwrap_or(0)))],
                )
            };
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(Vec2::splat(24.0), Sense::hover());
                draw_piece(ui.painter(), arm, rect.center(), 8.0, &pal);
                ui.label(
                    RichText::new(format!("{line} — {why}"))
                        .size(17.0)
                        .color(arm_text_colour(arm, dark)),
                );
            });
        }
        ui.add_space(4.0);
        ui.label(i18n.t_args("nhay-end-moves", &[("moves", Arg::from(outcome.moves))]));
    }
}

/// The statistics: games, the longest jump chain, the fastest win, and
/// records by kind of player and by colour.
/// The statistics as the window's tables show them: every colour of the
/// star (an arm nobody has played shows zeros).
pub fn stats_table(stats: &Stats, i18n: &I18n) -> StatsTable {
    let cells = |r: &Record| {
        vec![
            r.played.to_string(),
            r.won.to_string(),
            r.longest_chain.to_string(),
        ]
    };
    StatsTable {
        games: stats.games,
        lines: vec![
            i18n.t_args(
                "nhay-stats-longest-chain",
                &[("n", Arg::from(stats.longest_chain))],
            ),
            match stats.shortest_win {
                Some(n) => i18n.t_args("nhay-stats-shortest-win", &[("n", Arg::from(n))]),
                None => i18n.t("nhay-stats-no-win"),
            },
        ],
        columns: vec![i18n.t("nhay-stats-chain")],
        by_kind: stats
            .by_kind
            .iter()
            .map(|(k, r)| (kind_name(i18n, k), cells(r)))
            .collect(),
        by_colour: Arm::ALL
            .into_iter()
            .map(|a| (text::colour(i18n, a), cells(&stats.by_colour[a.index()])))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_i18n::Lang;

    fn outcome(places: [Option<u8>; 6], finished: Vec<Arm>) -> Outcome {
        Outcome {
            places,
            finished,
            distances: [Some(0); 6],
            capped: false,
            moves: 100,
        }
    }

    #[test]
    fn your_place_in_words_up_to_sixth() {
        let vi = I18n::new(Lang::Vi);
        let a = Arm::ALL;
        let o = outcome(
            [Some(1), Some(6), Some(2), Some(3), Some(4), Some(5)],
            vec![a[0], a[2]],
        );
        assert_eq!(your_place(&vi, &o, &[a[0]]).as_deref(), Some("Bạn thắng!"));
        assert_eq!(your_place(&vi, &o, &[a[1]]).as_deref(), Some("Bạn về sáu"));
        assert_eq!(your_place(&vi, &o, &[a[2]]).as_deref(), Some("Bạn về nhì"));
        assert_eq!(your_place(&vi, &o, &[]), None);
        assert_eq!(your_place(&vi, &o, &[a[0], a[1]]), None);
        let o = outcome([Some(1), None, None, Some(2), Some(2), None], vec![a[0]]);
        let en = I18n::new(Lang::En);
        assert_eq!(
            your_place(&en, &o, &[a[3]]).as_deref(),
            Some("You share second place")
        );
    }
}
