//! The steps of a lesson's panel: its heading and task, the scripted
//! roll, the hint, what was said, the stars once solved and the buttons
//! that leave it.

use super::{LessonView, Said};
use crate::app::learn::{LearnIntent, stars_text, stars_ui};
use crate::app::play::phase::{Action, Phase};
use crate::app::play::{PlayIntent, View};
use ca_ngua_data::learn::{LessonDef, Teach};
use ca_ngua_games::GameKind;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui, Vec2};

impl<V: View + Teach> LessonView<V> {
    /// The title with the best stars of earlier tries, the lesson's text
    /// and its task (said to a screen reader the first time).
    pub(super) fn heading_ui(&mut self, ui: &mut Ui, i18n: &I18n, def: &LessonDef, best: u8) {
        ui.horizontal_wrapped(|ui| {
            let title = if self.is_puzzle() {
                self.words(i18n, &def.title, None)
            } else {
                format!("{}. {}", self.index + 1, i18n.t(&def.title))
            };
            ui.add(egui::Label::new(RichText::new(title).heading()).wrap());
            // The best stars of earlier tries.
            stars_ui(ui, best, 16.0, &stars_text(i18n, best));
        });
        ui.add(egui::Label::new(self.words(i18n, &def.text, None)).wrap());
        ui.add_space(4.0);
        let task = i18n.t_args(
            "learn-task",
            &[("task", Arg::from(self.words(i18n, &def.task, None)))],
        );
        if !self.announced {
            // A screen reader hears the lesson and its task as it opens.
            self.announced = true;
            self.play.announcer.say(
                format!("{}. {task}", self.words(i18n, &def.title, None)),
                false,
            );
        }
        ui.add(egui::Label::new(RichText::new(task).strong().size(16.0)).wrap());
        ui.add_space(6.0);
    }

    /// The lesson's next rolls, then the roll button of the game.
    pub(super) fn roll_ui(&mut self, ui: &mut Ui, i18n: &I18n, phase: Phase) {
        let left: Vec<String> = self.run.dice_left().iter().map(|r| r.to_string()).collect();
        if !left.is_empty() {
            ui.label(i18n.t_args("learn-dice-left", &[("rolls", Arg::from(left.join(", ")))]));
        }
        if phase.allows(Action::Roll) {
            let seat = self.run.lesson().learner;
            let fill = V::seat_colours(seat, ui.visuals().dark_mode).0;
            let ink = crate::app::theme::ink_on(fill);
            let roll = ui.add(
                egui::Button::new(RichText::new(i18n.t("learn-roll")).size(22.0).color(ink))
                    .fill(fill)
                    .min_size(Vec2::new(ui.available_width().min(240.0), 48.0)),
            );
            if roll.clicked() {
                self.play.ask(PlayIntent::RollOrMove);
            }
        }
    }

    /// The hint button, and the hint once asked for.
    pub(super) fn hint_ui(&mut self, ui: &mut Ui, i18n: &I18n, def: &LessonDef) {
        if ui
            .add(egui::Button::new(i18n.t("learn-hint-button")).wrap())
            .clicked()
        {
            self.hint = true;
            // A puzzle's hint is in words: marking the move would
            // give the answer away.
            if !self.is_question() && !self.is_puzzle() {
                self.play.hint = self.run.hint();
            }
        }
        if self.hint {
            let hint = self.words(i18n, &def.hint, None);
            ui.add(egui::Label::new(RichText::new(hint).italics()).wrap());
        }
    }

    /// What was said about the last move or answer: larger once solved.
    pub(super) fn said_ui(&self, ui: &mut Ui) {
        if let Some(said) = &self.said {
            let (text, strong) = match said {
                Said::Refused(t) => (t.clone(), false),
                Said::Solved(t) => (t.clone(), true),
            };
            ui.add_space(4.0);
            ui.add(
                egui::Label::new(RichText::new(text).strong().size(if strong {
                    17.0
                } else {
                    15.0
                }))
                .wrap(),
            );
        }
    }

    /// The stars earned, what the analysis found of every move (a
    /// puzzle), and the next and retry buttons.
    pub(super) fn solved_ui(
        &self,
        ui: &mut Ui,
        i18n: &I18n,
        stars: u8,
        intents: &mut Vec<LearnIntent>,
    ) {
        stars_ui(ui, stars, 30.0, &stars_text(i18n, stars));
        let best = u32::try_from(self.run.lesson().solution.len().max(1)).unwrap_or(1);
        ui.label(i18n.t_args(
            "learn-earned",
            &[
                ("stars", Arg::from(stars)),
                ("tries", Arg::from(self.run.tries())),
                ("best", Arg::from(best)),
            ],
        ));
        self.chances_ui(ui, i18n);
        // A puzzle speaks of puzzles.
        let (next_key, done_key) = if self.is_puzzle() {
            ("puzzle-next", "puzzle-all-done")
        } else {
            ("learn-next", "learn-all-done")
        };
        ui.horizontal_wrapped(|ui| {
            if self.index + 1 < self.count {
                let next =
                    ui.add(egui::Button::new(RichText::new(i18n.t(next_key)).strong()).wrap());
                if next.clicked() {
                    intents.push(LearnIntent::Open(
                        GameKind::of::<V>(),
                        self.course,
                        self.index + 1,
                    ));
                }
            } else {
                ui.label(i18n.t(done_key));
            }
            self.retry_ui(ui, i18n, intents);
        });
    }

    /// A puzzle's facts: what the analysis found, every move.
    fn chances_ui(&self, ui: &mut Ui, i18n: &I18n) {
        if let Some(facts) = &self.run.lesson().puzzle {
            ui.label(RichText::new(i18n.t("puzzle-all-moves")).strong());
            for (mv, chance) in &facts.chances {
                ui.label(i18n.t_args(
                    "puzzle-move-chance",
                    &[
                        (
                            "move",
                            Arg::from(V::move_words(i18n, &self.run.lesson().start, *mv)),
                        ),
                        ("chance", Arg::from(format!("{:.0}", 100.0 * chance))),
                    ],
                ));
            }
        }
    }

    /// The retry button: the same lesson again, from its start.
    pub(super) fn retry_ui(&self, ui: &mut Ui, i18n: &I18n, intents: &mut Vec<LearnIntent>) {
        if ui
            .add(egui::Button::new(i18n.t("learn-retry")).wrap())
            .clicked()
        {
            intents.push(LearnIntent::Open(
                GameKind::of::<V>(),
                self.course,
                self.index,
            ));
        }
    }

    /// Back to the list, or out of the lessons.
    pub(super) fn leave_ui(ui: &mut Ui, i18n: &I18n, intents: &mut Vec<LearnIntent>) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .add(egui::Button::new(i18n.t("learn-back")).wrap())
                .clicked()
            {
                intents.push(LearnIntent::Back);
            }
            if ui
                .add(egui::Button::new(i18n.t("learn-close")).wrap())
                .clicked()
            {
                intents.push(LearnIntent::Close);
            }
        });
    }
}
