//! Lessons ("Học chơi"): one idea each, a small position, a task the
//! engine checks, stars. Lessons are data (`assets/lessons/*.ron`, read
//! here; `docs/LESSONS.md` describes the format); this module reads and
//! validates them and runs one ([`Run`]): the scripted dice, a move tried
//! (legal? the intended one? does it reach the goal? if not, which
//! explanation), the moves counted, the stars. No egui here: the app draws
//! a run on the game's own board.
//!
//! Written once over [`Teach`], which each game implements in its own
//! folder: its lesson, puzzle and tip files, and the goals it knows.

mod errors;
mod file;
mod puzzle;
pub mod tips;

pub use errors::{GoalError, ScriptError};
pub use file::{
    LessonDef, LessonFile, RulesDef, RulesError, lesson_files, lessons_of, read_lessons,
};
pub use puzzle::{
    CLEAR_MARGIN, Difficulty, MineConfig, MineError, PUZZLES_VERSION, PuzzleDef, PuzzleFacts,
    PuzzleFile, find_puzzles, grade, make_puzzles, make_puzzles_by, mine_record, puzzle_files,
    puzzles_in, puzzles_of, read_puzzles, write_puzzles,
};

use ca_ngua_core::game::{Game, Next};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a lesson asks for, checked by the engine after each move of the
/// learner (the colour or arm to play in the lesson's setup).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// Cờ Cá Ngựa: a horse leaves the yard.
    ExitYard,
    /// Cờ Cá Ngựa: a horse of another colour is sent back to its yard.
    Kick,
    /// Cờ Cá Ngựa: a horse stands exactly at this progress (0 its start,
    /// 50 its door, 51–56 the home cells, 57 the centre).
    Reach(u8),
    /// Cờ Cá Ngựa: one more horse is home (at the finish).
    Home,
    /// Either game: the learner has finished (every horse or piece home).
    Win,
    /// Cờ nhảy: a piece lands on this hole.
    Hole(u8),
    /// Cờ nhảy: this many pieces stand in the target arm.
    InTarget(u8),
    /// Play exactly the intended moves.
    Moves,
    /// A question about the position: answers (text keys), the right one
    /// (from 0), and the move shown on the board once answered, with
    /// whether the rules allow it (the engine checks both).
    Question {
        /// The answers' text keys.
        answers: Vec<String>,
        /// The right answer, from 0.
        right: usize,
        /// The move the board shows once answered.
        show: String,
        /// True when the rules allow `show` (the answer shows it played);
        /// false when they refuse it (the answer shows it crossed out).
        legal: bool,
    },
}

/// A game's part of the lessons: its files of lessons, puzzles and tips
/// (compiled in), which goals it knows and how they are reached.
pub trait Teach: Game {
    /// Its lesson file: (file name, text), `assets/lessons/<id>.ron`.
    const LESSONS: (&'static str, &'static str);
    /// Its puzzle file: (file name, text), `assets/puzzles/<id>.ron`.
    const PUZZLES: (&'static str, &'static str);
    /// Its tip file: (file name, text), `assets/tips/<id>.ron`.
    const TIPS: (&'static str, &'static str);
    /// Its short name at the start of the ids of puzzles made by self-play
    /// (`pz-cn-…`).
    const PUZZLE_ID: &'static str;
    /// Refuses goals of the other game, and numbers out of range.
    fn check_goal(goal: &Goal) -> Result<(), GoalError>;
    /// True when `goal` is reached by the move that took `before` to
    /// `after`, played by `learner`.
    fn reached(goal: &Goal, learner: Self::Seat, before: &Self::State, after: &Self::State)
    -> bool;
    /// The game with the turn handed back to `learner` (in a lesson the
    /// other colours stand still), checked under `rules`.
    fn turn_back(
        rules: &Self::Rules,
        state: &Self::State,
        learner: Self::Seat,
    ) -> Result<Self::State, Self::Error>;
}

/// A lesson read and checked against its game: the values the engine
/// plays.
#[derive(Clone, Debug)]
pub struct Lesson<G: Teach> {
    /// The lesson as written.
    pub def: LessonDef,
    /// The rules in force.
    pub rules: G::Rules,
    /// The start.
    pub start: G::State,
    /// The colour or arm the learner plays.
    pub learner: G::Seat,
    /// The scripted dice, in order (none for a game without dice).
    pub dice: Vec<G::Roll>,
    /// The intended solution.
    pub solution: Vec<G::Move>,
    /// Refused moves with the text key that says why.
    pub wrong: Vec<(G::Move, String)>,
    /// A question's move to show once answered.
    pub show: Option<G::Move>,
    /// A puzzle's win chances and difficulty (a puzzle is a lesson of one
    /// move whose every other move is refused).
    pub puzzle: Option<PuzzleFacts<G>>,
}

/// A lesson that cannot be used, and why; names the lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The lesson's id (or the file's name when no lesson could be read).
    pub lesson: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lesson '{}': {}", self.lesson, self.message)
    }
}

impl std::error::Error for LessonError {}

impl<G: Teach> Lesson<G> {
    /// Reads a lesson's values in the game's notation and checks them: the
    /// rules, the setup, the dice, every move written; then plays the
    /// intended solution, which must reach the goal with its last move and
    /// not before, and tries every listed wrong move, which must be
    /// refused.
    pub fn new(def: LessonDef) -> Result<Lesson<G>, LessonError> {
        let id = def.id.clone();
        let err = |message: String| LessonError {
            lesson: id.clone(),
            message,
        };
        if def.game != G::ID {
            return Err(err(format!("is for '{}', not '{}'", def.game, G::ID)));
        }
        G::check_goal(&def.goal).map_err(|e| err(e.to_string()))?;
        let rules = def.rules.rules::<G>().map_err(|e| err(e.to_string()))?;
        G::check_rules(&rules).map_err(|e| err(format!("rules: {e}")))?;
        let setup: G::Setup = def
            .setup
            .parse()
            .map_err(|e| err(format!("setup '{}': {e}", def.setup)))?;
        let start = G::from_setup(&rules, &setup).map_err(|e| err(format!("setup: {e}")))?;
        let learner = G::turn(&start).ok_or_else(|| err("setup: the game is over".into()))?;
        let dice = parse_all::<G::Roll>(&def.dice).map_err(|e| err(format!("dice: {e}")))?;
        if !G::HAS_DICE && !def.dice.is_empty() {
            return Err(err("dice: this game has no dice".into()));
        }
        let solution =
            parse_all::<G::Move>(&def.solution).map_err(|e| err(format!("solution: {e}")))?;
        let mut wrong = Vec::new();
        for (mv, key) in &def.wrong {
            let m = parse_all::<G::Move>(std::slice::from_ref(mv))
                .map_err(|e| err(format!("wrong: {e}")))?;
            wrong.extend(m.into_iter().map(|m| (m, key.clone())));
        }
        let show = match &def.goal {
            Goal::Question {
                answers,
                right,
                show,
                ..
            } => {
                if !(2..=3).contains(&answers.len()) || *right >= answers.len() {
                    return Err(err(format!(
                        "question: {} answers, right answer {right}: 2 or 3 answers and one of them right",
                        answers.len()
                    )));
                }
                Some(
                    show.parse::<G::Move>()
                        .map_err(|e| err(format!("question: move '{show}': {e}")))?,
                )
            }
            _ => None,
        };
        let lesson = Lesson {
            def,
            rules,
            start,
            learner,
            dice,
            solution,
            wrong,
            show,
            puzzle: None,
        };
        lesson.validate().map_err(err)?;
        Ok(lesson)
    }

    /// Plays the lesson as written: the solution solves it, the wrong
    /// moves are refused, a question's move is as legal as it says.
    fn validate(&self) -> Result<(), String> {
        let mut run = Run::new(self.clone());
        if let Goal::Question { legal, .. } = &self.def.goal {
            run.roll_until_moves().map_err(|e| e.to_string())?;
            let Some(show) = self.show else {
                return Err("question: no move to show".into());
            };
            let allowed = run.moves().contains(&show);
            if allowed != *legal {
                return Err(format!(
                    "question: the rules {} {show}, the lesson says they {}",
                    if allowed { "allow" } else { "refuse" },
                    if *legal { "allow it" } else { "refuse it" }
                ));
            }
            return Ok(());
        }
        if self.solution.is_empty() {
            return Err("solution: no move".into());
        }
        // Every listed wrong move is refused where the lesson starts.
        for (mv, key) in &self.wrong {
            let mut probe = Run::new(self.clone());
            probe.roll_until_moves().map_err(|e| e.to_string())?;
            match probe.play(*mv) {
                Verdict::Wrong { .. } | Verdict::Illegal { .. } => {}
                v => return Err(format!("wrong move {mv} ({key}) is not refused: {v:?}")),
            }
        }
        for (i, mv) in self.solution.iter().enumerate() {
            run.roll_until_moves().map_err(|e| e.to_string())?;
            let last = i + 1 == self.solution.len();
            match run.play(*mv) {
                Verdict::Solved { .. } if last => {}
                Verdict::Solved { .. } => {
                    return Err(format!(
                        "solution: the goal is reached by move {} of {}",
                        i + 1,
                        self.solution.len()
                    ));
                }
                Verdict::Good if !last => {}
                Verdict::Good => {
                    return Err(format!(
                        "solution: the goal {:?} is not reached by the intended moves",
                        self.def.goal
                    ));
                }
                Verdict::Wrong { .. } => return Err(format!("solution: {mv} is refused")),
                Verdict::Illegal { why } => {
                    return Err(format!("solution: {mv} is not legal: {why}"));
                }
            }
        }
        match run.dice_left() {
            [] => Ok(()),
            left => Err(format!(
                "dice: {} scripted roll(s) never used by the solution",
                left.len()
            )),
        }
    }
}

/// Reads a list of values in their notation.
fn parse_all<T: std::str::FromStr<Err: fmt::Display>>(texts: &[String]) -> Result<Vec<T>, String> {
    texts
        .iter()
        .map(|t| t.parse::<T>().map_err(|e| format!("'{t}': {e}")))
        .collect()
}

/// What became of a move tried in a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not a legal move (the engine's words); nothing changed.
    Illegal {
        /// Why, in the engine's words.
        why: String,
    },
    /// Legal, but not the lesson's idea: refused, with the text key that
    /// explains why; nothing changed.
    Wrong {
        /// The text key of the explanation.
        why: String,
    },
    /// On the way: the move is played.
    Good,
    /// The goal is reached, with these stars (1–3).
    Solved {
        /// Stars earned, 1–3.
        stars: u8,
    },
}

/// A lesson being played: the game, the dice left, the moves tried.
#[derive(Clone, Debug)]
pub struct Run<G: Teach> {
    lesson: Lesson<G>,
    state: G::State,
    /// The roll made and not yet played.
    roll: Option<G::Roll>,
    /// Scripted rolls used.
    rolled: usize,
    /// Moves of the solution played.
    step: usize,
    /// Moves tried, refused ones included (answers, for a question).
    tries: u32,
    /// Stars, once solved.
    stars: Option<u8>,
    /// The answer was shown (a puzzle, after a weaker move): solving it
    /// then earns one star.
    shown: bool,
}

impl<G: Teach> Run<G> {
    /// The lesson at its start.
    pub fn new(lesson: Lesson<G>) -> Run<G> {
        Run {
            state: lesson.start.clone(),
            lesson,
            roll: None,
            rolled: 0,
            step: 0,
            tries: 0,
            stars: None,
            shown: false,
        }
    }

    /// Shows the answer (a puzzle after a weaker move, as lichess does):
    /// the intended move may then be played, for one star.
    pub fn show_answer(&mut self) {
        self.shown = true;
    }

    /// True once the answer was shown.
    pub fn answer_shown(&self) -> bool {
        self.shown
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson<G> {
        &self.lesson
    }

    /// The game now.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The roll waiting for its move.
    pub fn pending_roll(&self) -> Option<G::Roll> {
        self.roll
    }

    /// The scripted rolls not yet made, in order.
    pub fn dice_left(&self) -> &[G::Roll] {
        self.lesson.dice.get(self.rolled..).unwrap_or_default()
    }

    /// Moves tried so far (refused ones too).
    pub fn tries(&self) -> u32 {
        self.tries
    }

    /// The stars, once the goal is reached (or the question answered
    /// right).
    pub fn stars(&self) -> Option<u8> {
        self.stars
    }

    /// True when the learner must roll before moving.
    pub fn needs_roll(&self) -> bool {
        G::HAS_DICE && self.roll.is_none() && self.stars.is_none()
    }

    /// Makes the next scripted roll, when one is due; the roll made. A
    /// roll without a move is passed at once (a roll is due again).
    pub fn roll_if_due(&mut self) -> Result<Option<G::Roll>, ScriptError> {
        if !self.needs_roll() {
            return Ok(None);
        }
        let roll = *self
            .lesson
            .dice
            .get(self.rolled)
            .ok_or(ScriptError::DiceRanOut)?;
        let refused = |e: G::Error| ScriptError::Roll {
            roll: roll.to_string(),
            why: e.to_string(),
        };
        G::check_roll(&self.state, roll).map_err(refused)?;
        self.rolled += 1;
        self.roll = Some(roll);
        if self.moves().is_empty() {
            // RULES.md 2.1: a roll without a move is passed (the table
            // passes at once); in a lesson the turn then comes back.
            let mut after = self.state.clone();
            G::play(&mut after, Some(roll), None).map_err(refused)?;
            self.state = self.turned_back(after)?;
            self.roll = None;
        }
        Ok(Some(roll))
    }

    /// The game after a move or a pass, the turn given back to the learner
    /// if it went on to another colour.
    fn turned_back(&self, after: G::State) -> Result<G::State, ScriptError> {
        match G::turn(&after) {
            Some(t) if t != self.lesson.learner => {
                G::turn_back(&self.lesson.rules, &after, self.lesson.learner)
                    .map_err(|e| ScriptError::TurnBack(e.to_string()))
            }
            _ => Ok(after),
        }
    }

    /// Rolls the scripted dice until a roll has a move (those without are
    /// passed), when a roll is due.
    pub fn roll_until_moves(&mut self) -> Result<(), ScriptError> {
        while self.needs_roll() {
            self.roll_if_due()?;
        }
        Ok(())
    }

    /// The legal moves now (none before the roll).
    pub fn moves(&self) -> Vec<G::Move> {
        match G::next(&self.state, self.roll) {
            Next::Choose(_, moves) => moves,
            _ => Vec::new(),
        }
    }

    /// The intended move now (the hint).
    pub fn hint(&self) -> Option<G::Move> {
        self.lesson.solution.get(self.step).copied()
    }

    /// Tries a move. A move that reaches the goal solves the lesson; the
    /// intended move is played; any other legal move is refused with its
    /// explanation (the lesson's own for that move, or its default); an
    /// illegal move is refused with the engine's words.
    pub fn play(&mut self, mv: G::Move) -> Verdict {
        if self.stars.is_some() {
            return Verdict::Illegal {
                why: "the lesson is over".into(),
            };
        }
        if !self.moves().contains(&mv) {
            self.tries += 1;
            // A refusal the lesson explains in its own words.
            if let Some((_, key)) = self.lesson.wrong.iter().find(|(m, _)| *m == mv) {
                return Verdict::Wrong { why: key.clone() };
            }
            let why = G::play(&mut self.state.clone(), self.roll, Some(mv))
                .err()
                .map_or_else(
                    || format!("{mv} is not a legal move now"),
                    |e| e.to_string(),
                );
            return Verdict::Illegal { why };
        }
        self.tries += 1;
        let mut after = self.state.clone();
        if let Err(why) = G::play(&mut after, self.roll, Some(mv)) {
            return Verdict::Illegal {
                why: why.to_string(),
            };
        }
        let intended = self.hint() == Some(mv);
        let solved = match self.lesson.def.goal {
            // Exactly the intended moves: the last of them solves.
            Goal::Moves => intended && self.step + 1 == self.lesson.solution.len(),
            ref goal => G::reached(goal, self.lesson.learner, &self.state, &after),
        };
        if !solved && !intended {
            let why = self
                .lesson
                .wrong
                .iter()
                .find(|(m, _)| *m == mv)
                .map_or_else(|| self.lesson.def.why.clone(), |(_, k)| k.clone());
            return Verdict::Wrong { why };
        }
        self.step += 1;
        self.roll = None;
        if solved {
            // The turn comes back, unless the game is over.
            self.state = self.turned_back(after.clone()).unwrap_or(after);
            let stars = if self.shown {
                1
            } else {
                self.lesson
                    .def
                    .stars_for(self.tries, self.lesson.solution.len())
            };
            self.stars = Some(stars);
            return Verdict::Solved { stars };
        }
        // The other colours stand still: the turn comes back.
        self.state = match self.turned_back(after) {
            Ok(s) => s,
            Err(why) => {
                return Verdict::Illegal {
                    why: why.to_string(),
                };
            }
        };
        Verdict::Good
    }

    /// Answers a question (by index): true when right, and then the
    /// lesson is done.
    pub fn answer(&mut self, index: usize) -> bool {
        let Goal::Question { right, .. } = &self.lesson.def.goal else {
            return false;
        };
        if self.stars.is_some() {
            return index == *right;
        }
        self.tries += 1;
        if index == *right {
            self.stars = Some(self.lesson.def.stars_for(self.tries, 1));
            true
        } else {
            false
        }
    }
}

impl LessonDef {
    /// The stars for solving in `tries` moves when the solution takes
    /// `best`: three at the solution's length, two within the lesson's
    /// margin (two moves by default), one beyond.
    pub fn stars_for(&self, tries: u32, best: usize) -> u8 {
        let best = u32::try_from(best).unwrap_or(u32::MAX);
        if tries <= best {
            3
        } else if tries <= best.saturating_add(self.two_stars_margin) {
            2
        } else {
            1
        }
    }
}
