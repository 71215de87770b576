//! The lessons on screen ("Học chơi"): a list per game with the stars
//! earned, and a lesson played on the game's own board. The engine's
//! [`crate::learn::Run`] decides; this module only shows it: a local table
//! started from the lesson's setup, its dice scripted, every seat played
//! here and nothing driven but the show. A move the lesson refuses is
//! undone at once with its one-line explanation.

mod lesson;
mod tips;

use crate::any_game::GameKind;
use crate::i18n::{Arg, I18n};
use crate::prefs::Prefs;
use egui::{RichText, Ui};
pub use lesson::{LessonScreen, LessonView};
pub use tips::TipsScreen;

/// What the lessons asked for while drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum LearnIntent {
    /// Open the lesson at this place in the game's list.
    Open(GameKind, usize),
    /// Back to the list.
    Back,
    /// Close the lessons (back to the game).
    Close,
    /// The lesson was solved with these stars (kept in the settings).
    Solved {
        /// The lesson's id.
        id: String,
        /// Stars, 1–3.
        stars: u8,
    },
}

/// A lesson in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its id.
    pub id: String,
    /// Its title's text key.
    pub title: String,
}

/// The lessons, while open.
#[derive(Debug, Default)]
pub struct Learn {
    /// The lesson being played; the list when `None`.
    lesson: Option<Box<dyn LessonScreen>>,
    /// What the lesson screens asked for.
    intents: Vec<LearnIntent>,
}

/// The lessons of a game: their ids and titles, or why they could not be
/// read (a broken lesson file is reported, never a panic).
pub fn entries(kind: GameKind) -> Result<Vec<Entry>, String> {
    crate::with_game!(kind, G => crate::learn::lessons_of::<G>()
        .map(|ls| {
            ls.into_iter()
                .map(|l| Entry {
                    id: l.def.id,
                    title: l.def.title,
                })
                .collect()
        })
        .map_err(|e| e.to_string()))
}

impl Learn {
    /// Back to the list.
    pub fn close_lesson(&mut self) {
        self.lesson = None;
    }

    /// The lesson being played.
    pub fn lesson(&self) -> Option<&dyn LessonScreen> {
        self.lesson.as_deref()
    }

    /// Opens the lesson at `index` of `kind`'s list (nothing when there is
    /// none: the list stays).
    pub fn open(&mut self, kind: GameKind, index: usize) {
        let screen: Option<Box<dyn LessonScreen>> = crate::with_game!(kind, G => {
            LessonView::<G>::open(index).map(|v| Box::new(v) as Box<dyn LessonScreen>)
        });
        if let Some(s) = screen {
            self.lesson = Some(s);
        }
    }

    /// The requests of the last frame.
    pub fn take_intents(&mut self) -> Vec<LearnIntent> {
        std::mem::take(&mut self.intents)
    }

    /// The side panel: the lesson's words and controls (a few words and
    /// the way back while the list is shown).
    pub fn panel_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &Prefs, now: f64) {
        crate::app::a11y::name_region(ui, &i18n.t("learn-region"));
        let name = i18n.t("learn-region");
        crate::app::a11y::scroll(ui, "learn-scroll", &name, |ui| match &mut self.lesson {
            Some(lesson) => {
                let stars = prefs
                    .lesson_stars
                    .get(lesson.id())
                    .copied()
                    .unwrap_or_default();
                lesson.panel_ui(ui, i18n, now, stars, &mut self.intents);
            }
            None => {
                ui.add(egui::Label::new(i18n.t("learn-intro")).wrap());
                ui.add_space(8.0);
                if ui
                    .add(egui::Button::new(i18n.t("learn-close")).wrap())
                    .clicked()
                {
                    self.intents.push(LearnIntent::Close);
                }
            }
        });
    }

    /// The board of the lesson, or the list of lessons.
    pub fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &Prefs, now: f64, dark: bool) {
        match &mut self.lesson {
            Some(lesson) => lesson.board_ui(ui, i18n, prefs, now, dark),
            // The list takes the board's room.
            None => {
                crate::app::a11y::scroll(ui, "learn-list-scroll", &i18n.t("learn-region"), |ui| {
                    ui.set_max_width(560.0);
                    list_ui(ui, i18n, prefs, &mut self.intents);
                });
            }
        }
    }

    /// Shows what happened since the last frame and asks for the frames
    /// an animation needs.
    pub fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        if let Some(lesson) = &mut self.lesson {
            lesson.animate(ctx, now, prefs, i18n);
        }
    }

    /// Carries out the lesson's requests of the last frame (its moves are
    /// checked against the lesson at once); true when a frame is due.
    pub fn apply(&mut self, i18n: &I18n) -> bool {
        match &mut self.lesson {
            Some(lesson) => lesson.apply(i18n, &mut self.intents) || !self.intents.is_empty(),
            None => !self.intents.is_empty(),
        }
    }
}

/// The stars of a lesson in words ("2/3 sao", "chưa học").
pub fn stars_text(i18n: &I18n, stars: u8) -> String {
    i18n.t_args("learn-stars", &[("stars", Arg::from(stars))])
}

/// Stars drawn with the painter (the fonts need no star glyph): `stars`
/// of three filled; a screen reader reads `name`.
pub fn stars_ui(ui: &mut Ui, stars: u8, size: f32, name: &str) -> egui::Response {
    let (rect, response) =
        ui.allocate_exact_size(egui::Vec2::new(size * 3.3, size), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Image, true, name));
    let gold = egui::Color32::from_rgb(0xF2, 0xA9, 0x00);
    let empty = ui.visuals().widgets.inactive.bg_fill;
    let outline = ui.visuals().text_color();
    for k in 0..3u8 {
        let c = rect.left_center() + egui::Vec2::new(size * (0.5 + 1.1 * f32::from(k)), 0.0);
        let fill = if k < stars { gold } else { empty };
        star(ui.painter(), c, size * 0.5, fill, outline);
    }
    response
}

fn star(painter: &egui::Painter, c: egui::Pos2, r: f32, fill: egui::Color32, line: egui::Color32) {
    let points: Vec<egui::Pos2> = (0..10)
        .map(|i| {
            let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
            let radius = if i % 2 == 0 { r } else { r * 0.45 };
            c + egui::Vec2::angled(a) * radius
        })
        .collect();
    // Not convex: a fan of triangles from the centre, then the outline.
    for i in 0..10 {
        painter.add(egui::Shape::convex_polygon(
            vec![c, points[i], points[(i + 1) % 10]],
            fill,
            egui::Stroke::NONE,
        ));
    }
    let mut closed = points.clone();
    closed.extend(points.first().copied());
    painter.add(egui::Shape::line(closed, egui::Stroke::new(1.0, line)));
}

/// The list of the game in front: a button per lesson with its stars.
fn list_ui(ui: &mut Ui, i18n: &I18n, prefs: &Prefs, intents: &mut Vec<LearnIntent>) {
    let kind = prefs.game;
    let game = i18n.t(&format!("game-{}", kind.id()));
    // Everything here wraps: the panel is narrow and a long line would
    // push it off the window.
    ui.add(
        egui::Label::new(
            RichText::new(i18n.t_args("learn-heading", &[("game", Arg::from(game))])).heading(),
        )
        .wrap(),
    );
    ui.add_space(6.0);
    match entries(kind) {
        Ok(list) => {
            for (k, e) in list.iter().enumerate() {
                let stars = prefs.lesson_stars.get(&e.id).copied().unwrap_or_default();
                ui.horizontal(|ui| {
                    let label = i18n.t_args(
                        "learn-open",
                        &[
                            ("n", Arg::from(k + 1)),
                            ("title", Arg::from(i18n.t(&e.title))),
                            ("stars", Arg::from(stars_text(i18n, stars))),
                        ],
                    );
                    stars_ui(ui, stars, 14.0, &stars_text(i18n, stars));
                    if ui.add(egui::Button::new(label).wrap()).clicked() {
                        intents.push(LearnIntent::Open(kind, k));
                    }
                });
            }
        }
        Err(e) => {
            ui.label(
                RichText::new(i18n.t_args("learn-broken", &[("error", Arg::from(e))])).strong(),
            );
        }
    }
}
