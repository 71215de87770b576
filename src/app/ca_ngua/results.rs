//! The end of a game, as the results dialog shows it: the winner in their
//! colour, your own place ("Bạn về nhì"), every place with shared ones and
//! why (horses home, or distance), the points when the ledger is on.

use super::CaNguaGame;
use super::paint::draw_horse;
use super::text;
use crate::app::ca_ngua::colours::seat_text_colour;
use crate::app::theme::Palette;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Sense, Ui, Vec2};
use game_ca_ngua::engine::{GameEnd, Outcome, Seat};

/// The line about the one person at this device, if exactly one plays
/// here: "Bạn thắng!", "Bạn về nhì", "Bạn đồng hạng nhì".
pub fn your_place(i18n: &I18n, outcome: &Outcome, here: &[Seat]) -> Option<String> {
    let [seat] = here else {
        return None;
    };
    crate::app::text::your_place(
        i18n,
        &outcome.ranks,
        seat.index(),
        outcome.winner == Some(*seat),
    )
}

/// With teams, the line for the people here, all of one team: "Đội bạn
/// thắng!" or "Đội bạn về nhì".
pub fn your_team(i18n: &I18n, outcome: &Outcome, here: &[Seat]) -> Option<String> {
    let first = *here.first()?;
    if here.iter().any(|s| s.team() != first.team()) {
        return None; // both teams play at this device
    }
    outcome.winner?;
    Some(if outcome.ranks[first.index()] == Some(1) {
        i18n.t("end-your-team-won")
    } else {
        i18n.t("end-your-team-second")
    })
}

impl CaNguaGame {
    /// The results, in `ui`.
    pub fn results_ui(&self, ui: &mut Ui, i18n: &I18n, outcome: &Outcome, dark: bool) {
        let Some(game) = self.presenter.shown().game() else {
            return;
        };
        let pos = game.position();
        let rules = game.rules();
        let finished: Vec<Seat> = game.finish_order().collect();
        match outcome.winner {
            // Teams win together: the team's name, in the winner's colour.
            Some(w) if rules.teams => {
                ui.label(
                    RichText::new(i18n.t_args(
                        "end-team-winner",
                        &[("team", Arg::from(super::cards::team_name(i18n, w.team())))],
                    ))
                    .size(26.0)
                    .strong()
                    .color(seat_text_colour(w, dark)),
                );
            }
            Some(w) => {
                ui.label(
                    RichText::new(
                        i18n.t_args("end-winner", &[("who", Arg::from(text::colour(i18n, w)))]),
                    )
                    .size(26.0)
                    .strong()
                    .color(seat_text_colour(w, dark)),
                );
            }
            None => {
                ui.label(RichText::new(i18n.t("end-no-winner")).size(20.0).strong());
            }
        }
        let here: Vec<Seat> = pos.playing_seats().filter(|s| self.is_here(*s)).collect();
        let you = if rules.teams {
            your_team(i18n, outcome, &here)
        } else {
            your_place(i18n, outcome, &here)
        };
        if let Some(you) = you {
            ui.label(RichText::new(you).size(19.0));
        }
        ui.add_space(6.0);
        if outcome.capped {
            ui.label(i18n.t("end-capped"));
        }
        if outcome.concluded {
            ui.label(i18n.t("end-concluded"));
        }
        let lines = text::standings(i18n, outcome);
        let pal = Palette::new(dark);
        for ((_, seat), line) in outcome.standings().into_iter().zip(lines) {
            let why = if finished.contains(&seat) {
                i18n.t("end-reason-finished")
            } else if rules.game_end == GameEnd::FirstWinnerByDistance {
                i18n.t_args(
                    "end-reason-distance",
                    &[("n", Arg::from(pos.distance(seat)))],
                )
            } else {
                i18n.t_args(
                    "end-reason-home",
                    &[("n", Arg::from(pos.horses_home(seat, rules)))],
                )
            };
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(Vec2::splat(24.0), Sense::hover());
                draw_horse(ui.painter(), seat, rect.center(), 8.0, &pal);
                ui.label(
                    RichText::new(format!("{line} — {why}"))
                        .size(17.0)
                        .color(seat_text_colour(seat, dark)),
                );
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_i18n::Lang;

    fn outcome(ranks: [Option<u8>; 4], winner: Option<Seat>) -> Outcome {
        Outcome {
            winner,
            ranks,
            capped: false,
            concluded: false,
            rolls: 100,
            points: None,
        }
    }

    #[test]
    fn your_team_in_words() {
        let i = I18n::new(Lang::En);
        let o = outcome([Some(1), Some(2), Some(1), Some(2)], Some(Seat::Yellow));
        assert_eq!(
            your_team(&i, &o, &[Seat::Red]).as_deref(),
            Some("Your team wins!")
        );
        assert_eq!(
            your_team(&i, &o, &[Seat::Green, Seat::Blue]).as_deref(),
            Some("Your team comes second")
        );
        // Both teams at this device, or nobody: no line.
        assert_eq!(your_team(&i, &o, &[Seat::Red, Seat::Green]), None);
        assert_eq!(your_team(&i, &o, &[]), None);
    }

    #[test]
    fn your_place_in_words_shared_or_not() {
        let i = I18n::new(Lang::Vi);
        let o = outcome([Some(2), Some(1), Some(2), Some(2)], Some(Seat::Green));
        assert_eq!(
            your_place(&i, &o, &[Seat::Red]).as_deref(),
            Some("Bạn đồng hạng nhì")
        );
        assert_eq!(
            your_place(&i, &o, &[Seat::Green]).as_deref(),
            Some("Bạn thắng!")
        );
        let o = outcome([Some(2), Some(1), Some(4), Some(3)], Some(Seat::Green));
        assert_eq!(
            your_place(&i, &o, &[Seat::Red]).as_deref(),
            Some("Bạn về nhì")
        );
        assert_eq!(
            your_place(&i, &o, &[Seat::Yellow]).as_deref(),
            Some("Bạn về tư")
        );
        // Nobody here, or two people here: no "you".
        assert_eq!(your_place(&i, &o, &[]), None);
        assert_eq!(your_place(&i, &o, &[Seat::Red, Seat::Blue]), None);
        let e = I18n::new(Lang::En);
        assert_eq!(
            your_place(&e, &o, &[Seat::Blue]).as_deref(),
            Some("You came third")
        );
    }
}
