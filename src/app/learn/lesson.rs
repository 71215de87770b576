//! One lesson on screen, for any game: its words, its scripted roll, the
//! hint, the explanation of a refused move, the stars; the game's own
//! board and panel (`View`) over a local table started from the lesson's
//! setup, every seat played here.

use super::{Course, LearnIntent};
use crate::app::play::phase::Phase;
use crate::app::play::{Play, PlayIntent, View};
use ca_ngua_core::table::{Command, Controller, EventKind, InlineRunner, Table};
use ca_ngua_data::learn::{Goal, Lesson, Run, Teach, Verdict};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::{Files, Saver, Store};
use ca_ngua_i18n::{Arg, I18n};
use egui::{RichText, Ui};

mod panel;

/// A lesson on screen, whatever its game.
pub trait LessonScreen: std::fmt::Debug {
    /// The lesson's id.
    fn id(&self) -> &str;
    /// Stars earned in this run, once solved.
    fn stars(&self) -> Option<u8>;
    /// The line said about the last move or answer, if any.
    fn feedback(&self) -> Option<&str>;
    /// Shows what happened since the last frame.
    fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n);
    /// The words and controls; `best` is the stars earned before.
    fn panel_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        now: f64,
        best: u8,
        intents: &mut Vec<LearnIntent>,
    );
    /// The board.
    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &Prefs, now: f64, dark: bool);
    /// Carries out the board's requests, checking each move with the
    /// lesson; true when the board changed (a frame is due).
    fn apply(&mut self, i18n: &I18n, intents: &mut Vec<LearnIntent>) -> bool;
}

/// What is said under the task.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Said {
    /// A refused move or a wrong answer: why.
    Refused(String),
    /// The lesson is solved.
    Solved(String),
}

/// A lesson of game `V` on screen.
pub struct LessonView<V: View + Teach> {
    run: Run<V>,
    play: Play<V>,
    /// The list it is in (lessons, puzzles).
    course: Course,
    /// Its place in the game's list.
    index: usize,
    /// How many lessons the game has.
    count: usize,
    /// The last event of the table checked against the lesson.
    seen: u64,
    /// The table is to follow the lesson once the show is done (after a
    /// move, the other colours stand still: the turn comes back).
    resync: bool,
    said: Option<Said>,
    /// The lesson's hint is shown.
    hint: bool,
    /// A question's answer given (right or wrong).
    answered: Option<usize>,
    /// The lesson and its task were said to a screen reader.
    announced: bool,
    /// Where the board's game would be saved: nowhere (a lesson is not
    /// the game in progress).
    saver: Saver,
}

impl<V: View + Teach> std::fmt::Debug for LessonView<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LessonView")
            .field("lesson", &self.run.lesson().def.id)
            .field("tries", &self.run.tries())
            .field("stars", &self.run.stars())
            .finish_non_exhaustive()
    }
}

/// A local table showing the lesson's game now: every seat played here,
/// the dice scripted; the roll waiting, if any, rolled again at once.
fn table_of<V: View + Teach>(run: &Run<V>) -> Option<Table<V>> {
    let lesson = run.lesson();
    let setup = V::setup(run.state());
    let mut dice: Vec<V::Roll> = run.pending_roll().into_iter().collect();
    dice.extend_from_slice(run.dice_left());
    let mut table = Table::starting_at(
        lesson.rules,
        &setup,
        &vec![Controller::Here; V::SEATS],
        ca_ngua_core::game::secure_rng(),
        Box::new(InlineRunner::default()),
    )
    .ok()?
    .with_scripted_rolls(&dice);
    if run.pending_roll().is_some() {
        let seq = table.seq();
        table.command(lesson.learner, seq, Command::Roll).ok()?;
    }
    Some(table)
}

impl<V: View + Teach> LessonView<V> {
    /// The lesson at `index` of the game's list of lessons, at its start.
    pub fn open(index: usize) -> Option<LessonView<V>> {
        let lessons = ca_ngua_data::learn::lessons_of::<V>().ok()?;
        LessonView::open_in(Course::Lessons, lessons, index)
    }

    /// The lesson (or puzzle) at `index` of `list`, the list of `course`,
    /// at its start. A puzzle starts with its roll made.
    pub fn open_in(course: Course, list: Vec<Lesson<V>>, index: usize) -> Option<LessonView<V>> {
        let count = list.len();
        let lesson: Lesson<V> = list.into_iter().nth(index)?;
        let mut run = Run::new(lesson);
        if run.lesson().puzzle.is_some() {
            run.roll_until_moves().ok()?;
        }
        let table = table_of(&run)?;
        let seen = table.seq();
        let mut play = Play::new(table, <V as Files>::Stats::default(), true);
        play.skip_animations();
        play.teaching = Some(run.lesson().learner);
        Some(LessonView {
            run,
            play,
            course,
            index,
            count,
            seen,
            resync: false,
            said: None,
            hint: false,
            answered: None,
            saver: Saver::new(Store::none()),
            announced: false,
        })
    }

    /// The words of text key `key` for this lesson: a puzzle's carry its
    /// figures (`mv` the move tried, if any).
    fn words(&self, i18n: &I18n, key: &str, mv: Option<V::Move>) -> String {
        let lesson = self.run.lesson();
        let Some(facts) = &lesson.puzzle else {
            return i18n.t(key);
        };
        let percent = |x: f64| format!("{:.0}", 100.0 * x);
        let said = |m: V::Move| V::move_words(i18n, &lesson.start, m);
        let (best_move, best) = facts
            .best()
            .map_or((String::new(), 0.0), |(m, c)| (said(m), c));
        let second = facts.second().unwrap_or(0.0);
        let chance = mv.and_then(|m| facts.chance(m)).unwrap_or(0.0);
        let roll = lesson
            .dice
            .first()
            .map(|r| r.to_string())
            .unwrap_or_default();
        let args = [
            ("n", Arg::from(self.index + 1)),
            ("difficulty", Arg::from(i18n.t(facts.difficulty.key()))),
            ("colour", Arg::from(V::colour(i18n, lesson.learner))),
            ("roll", Arg::from(roll)),
            ("moves", Arg::from(facts.chances.len())),
            ("best", Arg::from(percent(best))),
            ("second", Arg::from(percent(second))),
            ("chance", Arg::from(percent(chance))),
            ("move", Arg::from(mv.map(said).unwrap_or_default())),
            ("best_move", Arg::from(best_move)),
        ];
        i18n.t_args(key, &args)
    }

    /// True for a puzzle.
    fn is_puzzle(&self) -> bool {
        self.run.lesson().puzzle.is_some()
    }

    /// The run (tests).
    pub fn run(&self) -> &Run<V> {
        &self.run
    }

    /// The board's game (tests).
    pub fn play(&self) -> &Play<V> {
        &self.play
    }

    /// The table follows the lesson: rebuilt from the lesson's game.
    fn follow(&mut self) {
        if let Some(table) = table_of(&self.run) {
            self.seen = table.seq();
            self.play.replace(table);
            self.play.skip_animations();
        }
        self.resync = false;
    }

    /// The phase of the board: a question, or a lesson solved, takes no
    /// move.
    fn phase(&self) -> Phase {
        if self.run.stars().is_some() || self.is_question() {
            return Phase::Over;
        }
        self.play.phase(false)
    }

    fn is_question(&self) -> bool {
        matches!(self.run.lesson().def.goal, Goal::Question { .. })
    }

    /// Checks the table's new events against the lesson.
    fn check_events(&mut self, i18n: &I18n, intents: &mut Vec<LearnIntent>) {
        let Some(table) = self.play.table() else {
            return;
        };
        let new: Vec<_> = table.events_since(self.seen).to_vec();
        self.seen = table.seq();
        for e in new {
            match e.event {
                EventKind::Rolled { .. } => {
                    if let Err(why) = self.run.roll_if_due() {
                        self.said = Some(Said::Refused(why.to_string()));
                    }
                    // A roll without a move was passed: once the pass is
                    // shown, the turn comes back.
                    if self.run.needs_roll() {
                        self.resync = true;
                    }
                }
                EventKind::Moved { seat, mv, .. } if seat == self.run.lesson().learner => {
                    match self.run.play(mv) {
                        Verdict::Good => {
                            self.said = None;
                            self.hint = false;
                            self.resync = true;
                        }
                        Verdict::Solved { stars } => {
                            let done = self.words(i18n, &self.run.lesson().def.done, Some(mv));
                            if self.is_puzzle() {
                                // The answer stays marked on the board.
                                self.play.hint = Some(mv);
                            }
                            self.said = Some(Said::Solved(
                                i18n.t_args("learn-done", &[("done", Arg::from(done))]),
                            ));
                            self.play
                                .announcer
                                .say(self.said_text().unwrap_or_default(), true);
                            intents.push(LearnIntent::Solved {
                                id: self.run.lesson().def.id.clone(),
                                stars,
                            });
                            // The board ends with the turn back at the
                            // learner (no other colour's die waiting).
                            self.resync = true;
                        }
                        Verdict::Wrong { why } => {
                            let why = self.words(i18n, &why, Some(mv));
                            self.refuse(why);
                            if self.is_puzzle() {
                                // A puzzle shows its answer after a weaker
                                // move (as lichess does): marked on the
                                // board, named in the words; playing it
                                // ends the puzzle, for one star.
                                self.run.show_answer();
                                self.play.hint = self.run.hint();
                            }
                            return;
                        }
                        Verdict::Illegal { why } => {
                            self.refuse(i18n.t_args("learn-not-legal", &[("why", Arg::from(why))]));
                            return;
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// A refused move: undone at once, and why.
    fn refuse(&mut self, why: String) {
        self.play.announcer.say(why.clone(), true);
        self.said = Some(Said::Refused(why));
        self.follow();
    }

    fn said_text(&self) -> Option<String> {
        self.said.as_ref().map(|s| match s {
            Said::Refused(t) | Said::Solved(t) => t.clone(),
        })
    }

    /// A question's answers, and once answered, the move the board shows.
    fn question_ui(&mut self, ui: &mut Ui, i18n: &I18n, intents: &mut Vec<LearnIntent>) {
        let Goal::Question { answers, .. } = self.run.lesson().def.goal.clone() else {
            return;
        };
        ui.label(RichText::new(i18n.t("learn-question")).strong());
        let solved = self.run.stars().is_some();
        ui.horizontal_wrapped(|ui| {
            for (k, key) in answers.iter().enumerate() {
                let picked = self.answered == Some(k);
                let b = ui.add_enabled(
                    !solved,
                    egui::Button::new(i18n.t(key)).selected(picked).wrap(),
                );
                if b.clicked() {
                    self.answer(k, i18n, intents);
                }
            }
        });
        if solved
            && let (Some(show), Goal::Question { legal, .. }) =
                (self.run.lesson().show, &self.run.lesson().def.goal)
        {
            let text = show.to_string();
            let (from, to) = text.split_once('-').unwrap_or((&text, ""));
            let key = if *legal {
                "learn-shown-legal"
            } else {
                "learn-shown-illegal"
            };
            ui.add(
                egui::Label::new(
                    i18n.t_args(key, &[("from", Arg::from(from)), ("to", Arg::from(to))]),
                )
                .wrap(),
            );
        }
    }

    fn answer(&mut self, k: usize, i18n: &I18n, intents: &mut Vec<LearnIntent>) {
        self.answered = Some(k);
        let why = i18n.t(&self.run.lesson().def.why);
        if self.run.answer(k) {
            // The board shows the move the question is about.
            self.play.hint = self.run.lesson().show;
            let text = i18n.t_args("learn-answer-right", &[("why", Arg::from(why))]);
            self.play.announcer.say(text.clone(), true);
            self.said = Some(Said::Solved(text));
            if let Some(stars) = self.run.stars() {
                intents.push(LearnIntent::Solved {
                    id: self.run.lesson().def.id.clone(),
                    stars,
                });
            }
        } else {
            let text = i18n.t_args(
                "learn-answer-wrong",
                &[("why", Arg::from(i18n.t(&self.run.lesson().def.hint)))],
            );
            self.play.announcer.say(text.clone(), true);
            self.said = Some(Said::Refused(text));
        }
    }
}

impl<V: View + Teach> LessonScreen for LessonView<V> {
    fn id(&self) -> &str {
        &self.run.lesson().def.id
    }

    fn stars(&self) -> Option<u8> {
        self.run.stars()
    }

    fn feedback(&self) -> Option<&str> {
        self.said.as_ref().map(|s| match s {
            Said::Refused(t) | Said::Solved(t) => t.as_str(),
        })
    }

    fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        if self.resync && !self.play.is_animating() {
            self.follow();
        }
        self.play.sync(&self.saver);
        self.play.animate(ctx, now, prefs, i18n);
        // The lessons speak of squares and holes by number: every one is
        // numbered.
        self.play.all_numbers = true;
        if self.resync {
            ctx.request_repaint();
        }
    }

    fn panel_ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        now: f64,
        best: u8,
        intents: &mut Vec<LearnIntent>,
    ) {
        self.play.announcer.ui(ui);
        let def = self.run.lesson().def.clone();
        self.heading_ui(ui, i18n, &def, best);
        let phase = self.phase();
        if self.is_question() {
            self.question_ui(ui, i18n, intents);
        } else if V::HAS_DICE {
            self.roll_ui(ui, i18n, phase);
        }
        if !self.is_question() && self.run.stars().is_none() {
            V::panel_ui(&mut self.play, ui, i18n, phase, now);
        }
        ui.add_space(6.0);
        if self.run.stars().is_none() {
            self.hint_ui(ui, i18n, &def);
        }
        self.said_ui(ui);
        if let Some(stars) = self.run.stars() {
            self.solved_ui(ui, i18n, stars, intents);
        } else {
            self.retry_ui(ui, i18n, intents);
        }
        ui.add_space(8.0);
        Self::leave_ui(ui, i18n, intents);
    }

    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, _prefs: &Prefs, now: f64, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t(V::BOARD_REGION));
        let phase = self.phase();
        if !ui.ctx().text_edit_focused() {
            self.play.keys_ui(ui, phase);
        }
        V::board_ui(&mut self.play, ui, i18n, phase, now, dark);
    }

    fn apply(&mut self, i18n: &I18n, intents: &mut Vec<LearnIntent>) -> bool {
        let phase = self.phase();
        for intent in self.play.take_intents() {
            match intent {
                // The lesson's hint, not the computer's.
                PlayIntent::Hint => {
                    self.hint = true;
                    if !self.is_puzzle() {
                        self.play.hint = self.run.hint();
                    }
                }
                PlayIntent::NewGame => {}
                other => self.play.apply_play(other, phase),
            }
        }
        self.play.sync(&self.saver);
        self.check_events(i18n, intents);
        self.play.take_repaint() || self.resync
    }
}
