//! The lessons on screen ("Học chơi"): per game, the lessons and the
//! puzzles (the shipped ones and the player's own, made on a thread from
//! their past games), each with the stars earned, and a lesson or puzzle
//! played on the game's own board. The engine's
//! [`ca_ngua_data::learn::Run`] decides; this module only shows it: a local table
//! started from the lesson's setup, its dice scripted, every seat played
//! here and nothing driven but the show. A move the lesson refuses is
//! undone at once with its one-line explanation.

mod lesson;
mod mining;
mod tips;

use ca_ngua_data::learn::{Difficulty, Lesson, LessonError, PuzzleFile, Teach};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_games::GameKind;
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui};
pub use lesson::{LessonScreen, LessonView};
use mining::Mining;
pub use tips::TipsScreen;

/// The parts of the Learn window, a tab each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Course {
    /// The lessons, one idea each.
    #[default]
    Lessons,
    /// "Find the best move": the shipped puzzles, then the player's own.
    Puzzles,
    /// A short strategy page, each tip with a board.
    Tips,
}

/// What the lessons asked for while drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum LearnIntent {
    /// Open the lesson or puzzle at this place in the game's list of the
    /// course.
    Open(GameKind, Course, usize),
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

/// A lesson or puzzle in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its id.
    pub id: String,
    /// Its title's text key.
    pub title: String,
    /// A puzzle's difficulty.
    pub difficulty: Option<Difficulty>,
    /// True for a puzzle from the player's own games.
    pub mine: bool,
}

/// The lessons, while open.
#[derive(Debug, Default)]
pub struct Learn {
    /// The lesson being played; the list when `None`.
    lesson: Option<Box<dyn LessonScreen>>,
    /// The tab shown.
    course: Course,
    /// What the lesson screens asked for.
    intents: Vec<LearnIntent>,
    /// The player's own puzzles.
    mine: PuzzleFile,
    /// Where they are kept (none in tests that do not ask).
    store: Option<Store>,
    /// Past games being looked through for puzzles.
    mining: Option<Mining>,
    /// What the last look through past games found, or why it failed.
    mined: Option<String>,
    /// The tips of the game in front, while that tab is shown.
    tips: Option<TipsScreen>,
    /// Why the tips could not be read.
    tips_broken: Option<String>,
}

/// The list of `course` for game `G`: the lessons, or the shipped puzzles
/// followed by the player's own (`mine`).
pub fn course_list<G: Teach>(
    course: Course,
    mine: &PuzzleFile,
) -> Result<Vec<Lesson<G>>, LessonError> {
    match course {
        Course::Lessons => ca_ngua_data::learn::lessons_of::<G>(),
        Course::Puzzles => {
            let mut list = ca_ngua_data::learn::puzzles_of::<G>()?;
            list.extend(ca_ngua_data::learn::puzzles_in::<G>(mine)?);
            Ok(list)
        }
        // The tips are pages, not tasks.
        Course::Tips => Ok(Vec::new()),
    }
}

/// The lessons or puzzles of a game: their ids and titles, or why they
/// could not be read (a broken file is reported, never a panic).
pub fn entries(kind: GameKind, course: Course, mine: &PuzzleFile) -> Result<Vec<Entry>, String> {
    ca_ngua_games::with_game!(kind, G => course_list::<G>(course, mine)
        .map(|ls| {
            ls.into_iter()
                .map(|l| Entry {
                    mine: mine.puzzles.iter().any(|p| p.id == l.def.id),
                    difficulty: l.puzzle.as_ref().map(|p| p.difficulty),
                    id: l.def.id,
                    title: l.def.title,
                })
                .collect()
        })
        .map_err(|e| e.to_string()))
}

impl Learn {
    /// The lessons with the player's own puzzles read from `store` (a bad
    /// file is moved aside: its notice is returned).
    pub fn with_store(store: Store) -> (Learn, Option<ca_ngua_data::store::StoreNotice>) {
        let (mine, notice) = store.load_my_puzzles();
        let learn = Learn {
            mine,
            store: Some(store),
            ..Learn::default()
        };
        (learn, notice)
    }

    /// The tab shown.
    pub fn course(&self) -> Course {
        self.course
    }

    /// The player's own puzzles.
    pub fn my_puzzles(&self) -> &PuzzleFile {
        &self.mine
    }

    /// Back to the list.
    pub fn close_lesson(&mut self) {
        self.lesson = None;
    }

    /// The lesson being played.
    pub fn lesson(&self) -> Option<&dyn LessonScreen> {
        self.lesson.as_deref()
    }

    /// Opens the lesson or puzzle at `index` of `kind`'s list of `course`
    /// (nothing when there is none: the list stays).
    pub fn open(&mut self, kind: GameKind, course: Course, index: usize) {
        self.course = course;
        let mine = &self.mine;
        let screen: Option<Box<dyn LessonScreen>> = ca_ngua_games::with_game!(kind, G => {
            course_list::<G>(course, mine)
                .ok()
                .and_then(|list| LessonView::<G>::open_in(course, list, index))
                .map(|v| Box::new(v) as Box<dyn LessonScreen>)
        });
        if let Some(s) = screen {
            self.lesson = Some(s);
        }
    }

    /// The requests of the last frame.
    pub fn take_intents(&mut self) -> Vec<LearnIntent> {
        std::mem::take(&mut self.intents)
    }

    /// Starts looking through the player's past games of `kind` for
    /// puzzles, on a thread (nothing without a store, or while a look
    /// goes on).
    pub fn start_mining(&mut self, kind: GameKind, ctx: &egui::Context) {
        if self.mining.is_some() {
            return;
        }
        if let Some(store) = &self.store {
            self.mined = None;
            self.mining = Some(Mining::start(kind, store.clone(), self.mine.clone(), ctx));
        }
    }

    /// True while past games are looked through.
    pub fn is_mining(&self) -> bool {
        self.mining.is_some()
    }

    /// Takes what the look through past games found, once it is done.
    fn poll_mining(&mut self, i18n: &I18n) {
        let Some(job) = &self.mining else {
            return;
        };
        let Some(result) = job.result() else {
            return;
        };
        self.mining = None;
        self.mined = Some(match result {
            Ok((file, added, games)) => {
                self.mine = file;
                i18n.t_args(
                    "puzzle-mine-done",
                    &[("added", Arg::from(added)), ("games", Arg::from(games))],
                )
            }
            Err(e) => i18n.t_args("puzzle-mine-failed", &[("error", Arg::from(e))]),
        });
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
                ui.horizontal_wrapped(|ui| {
                    for (course, key) in [
                        (Course::Lessons, "learn-tab-lessons"),
                        (Course::Puzzles, "learn-tab-puzzles"),
                        (Course::Tips, "learn-tab-tips"),
                    ] {
                        if ui
                            .selectable_label(self.course == course, i18n.t(key))
                            .clicked()
                        {
                            self.course = course;
                        }
                    }
                });
                ui.add_space(6.0);
                match (self.course, &mut self.tips) {
                    (Course::Tips, Some(tips)) => tips.panel_ui(ui, i18n, now),
                    (Course::Tips, None) => {
                        let why = self.tips_broken.clone().unwrap_or_default();
                        ui.add(
                            egui::Label::new(
                                i18n.t_args("tips-broken", &[("error", Arg::from(why))]),
                            )
                            .wrap(),
                        );
                    }
                    (course, _) => {
                        let intro = match course {
                            Course::Puzzles => "puzzle-intro",
                            _ => "learn-intro",
                        };
                        ui.add(egui::Label::new(i18n.t(intro)).wrap());
                    }
                }
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
            None if self.course == Course::Tips => {
                if let Some(tips) = &mut self.tips {
                    tips.board_ui(ui, i18n, prefs, now, dark);
                }
            }
            // The list takes the board's room.
            None => {
                let ctx = ui.ctx().clone();
                crate::app::a11y::scroll(ui, "learn-list-scroll", &i18n.t("learn-region"), |ui| {
                    ui.set_max_width(ui.available_width().min(560.0));
                    match self.course {
                        Course::Lessons | Course::Tips => {
                            list_ui(ui, i18n, prefs, &mut self.intents);
                        }
                        Course::Puzzles => {
                            if puzzles_ui(ui, i18n, prefs, &self.mine, &mut self.intents) {
                                self.start_mining(prefs.game, &ctx);
                            }
                            self.mine_ui(ui, i18n);
                        }
                    }
                });
            }
        }
    }

    /// Shows what happened since the last frame and asks for the frames
    /// an animation needs.
    pub fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        self.poll_mining(i18n);
        if let Some(lesson) = &mut self.lesson {
            lesson.animate(ctx, now, prefs, i18n);
        } else if self.course == Course::Tips {
            // The tips follow the game in front.
            if self.tips.as_ref().is_none_or(|t| t.kind() != prefs.game) {
                match TipsScreen::open(prefs.game) {
                    Ok(t) => {
                        self.tips = Some(t);
                        self.tips_broken = None;
                    }
                    Err(e) => {
                        self.tips = None;
                        self.tips_broken = Some(e);
                    }
                }
            }
            if let Some(tips) = &mut self.tips {
                tips.animate(ctx, now, prefs, i18n);
            }
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
    match entries(kind, Course::Lessons, &PuzzleFile::new()) {
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
                        intents.push(LearnIntent::Open(kind, Course::Lessons, k));
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

/// The puzzles of the game in front, by difficulty, then the player's
/// own, a button each with its stars; true when the player asks to look
/// through their past games.
fn puzzles_ui(
    ui: &mut Ui,
    i18n: &I18n,
    prefs: &Prefs,
    mine: &PuzzleFile,
    intents: &mut Vec<LearnIntent>,
) -> bool {
    let kind = prefs.game;
    let game = i18n.t(&format!("game-{}", kind.id()));
    ui.add(
        egui::Label::new(
            RichText::new(i18n.t_args("puzzle-heading", &[("game", Arg::from(game))])).heading(),
        )
        .wrap(),
    );
    ui.add_space(6.0);
    let list = match entries(kind, Course::Puzzles, mine) {
        Ok(list) => list,
        Err(e) => {
            ui.label(
                RichText::new(i18n.t_args("learn-broken", &[("error", Arg::from(e))])).strong(),
            );
            return false;
        }
    };
    let groups = puzzle_groups(i18n, &list);
    let mut ask = false;
    let last = groups.len() - 1;
    for (g, (heading, items)) in groups.into_iter().enumerate() {
        puzzle_group_ui(ui, i18n, prefs, heading, &items, intents);
        if g == last {
            ui.add(egui::Label::new(i18n.t("puzzle-mine-about")).wrap());
            ask = ui
                .add(egui::Button::new(i18n.t("puzzle-mine-button")).wrap())
                .clicked();
        }
        ui.add_space(8.0);
    }
    ask
}

/// The puzzles grouped under their headings: one group per difficulty,
/// then the player's own; each entry with its place in `list`.
fn puzzle_groups<'a>(i18n: &I18n, list: &'a [Entry]) -> Vec<(String, Vec<(usize, &'a Entry)>)> {
    let mut groups: Vec<(String, Vec<(usize, &Entry)>)> = Difficulty::ALL
        .iter()
        .map(|d| {
            let items = list
                .iter()
                .enumerate()
                .filter(|(_, e)| !e.mine && e.difficulty == Some(*d))
                .collect();
            (i18n.t(&format!("{}-heading", d.key())), items)
        })
        .collect();
    groups.push((
        i18n.t("puzzle-mine-heading"),
        list.iter().enumerate().filter(|(_, e)| e.mine).collect(),
    ));
    groups
}

/// A group's heading with how many are solved, then its puzzles in rows
/// of as many as fit (a button with its stars under it).
fn puzzle_group_ui(
    ui: &mut Ui,
    i18n: &I18n,
    prefs: &Prefs,
    heading: String,
    items: &[(usize, &Entry)],
    intents: &mut Vec<LearnIntent>,
) {
    let solved = items
        .iter()
        .filter(|(_, e)| prefs.lesson_stars.get(&e.id).is_some_and(|s| *s > 0))
        .count();
    ui.add(
        egui::Label::new(
            RichText::new(i18n.t_args(
                "puzzle-group",
                &[
                    ("group", Arg::from(heading)),
                    ("solved", Arg::from(solved)),
                    ("count", Arg::from(items.len())),
                ],
            ))
            .strong(),
        )
        .wrap(),
    );
    let per_row = ((ui.available_width() / 52.0).floor() as usize).max(1);
    for row in items.chunks(per_row) {
        ui.horizontal(|ui| {
            for (k, e) in row {
                let stars = prefs.lesson_stars.get(&e.id).copied().unwrap_or_default();
                let name = i18n.t_args(
                    "puzzle-open",
                    &[
                        ("n", Arg::from(k + 1)),
                        ("stars", Arg::from(stars_text(i18n, stars))),
                    ],
                );
                ui.vertical(|ui| {
                    ui.set_width(44.0);
                    let b = ui.add(
                        egui::Button::new(format!("{}", k + 1)).min_size(egui::vec2(44.0, 28.0)),
                    );
                    b.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, &name)
                    });
                    if b.clicked() {
                        intents.push(LearnIntent::Open(prefs.game, Course::Puzzles, *k));
                    }
                    stars_ui(ui, stars, 11.0, &stars_text(i18n, stars));
                });
            }
        });
    }
}

impl Learn {
    /// The look through past games: its progress and a way to stop it, or
    /// what the last one found.
    fn mine_ui(&mut self, ui: &mut Ui, i18n: &I18n) {
        if let Some(job) = &self.mining {
            let (done, total, found) = job.progress();
            let frac = if total == 0 {
                0.0
            } else {
                done as f32 / total as f32
            };
            ui.add(egui::ProgressBar::new(frac).text(i18n.t_args(
                "puzzle-mine-progress",
                &[
                    ("done", Arg::from(done)),
                    ("total", Arg::from(total)),
                    ("found", Arg::from(found)),
                ],
            )));
            if ui.button(i18n.t("puzzle-mine-stop")).clicked() {
                job.stop();
            }
        } else if self.store.is_none() {
            ui.add(egui::Label::new(i18n.t("puzzle-mine-no-store")).wrap());
        } else if let Some(said) = &self.mined {
            ui.add(egui::Label::new(RichText::new(said).strong()).wrap());
        }
    }
}
