//! A puzzle as a one-move lesson, checked against the engine: what it
//! knows beyond the lesson ([`PuzzleFacts`]), and each game's puzzles read
//! from a file or from those shipped ([`Teach::PUZZLES`]).

use super::{Difficulty, PuzzleDef, PuzzleFile, read_puzzles};
use crate::learn::{Goal, Lesson, LessonDef, LessonError, Run, Teach};
use ca_ngua_core::game::Game;
use ca_ngua_games::GameKind;

/// What a lesson that is a puzzle knows beyond the lesson: every move's
/// win chance and the difficulty.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleFacts<G: Game> {
    /// How hard it is.
    pub difficulty: Difficulty,
    /// Every legal move with its win chance, best first.
    pub chances: Vec<(G::Move, f64)>,
    /// Where it comes from.
    pub from: String,
}

impl<G: Game> PuzzleFacts<G> {
    /// The win chance after `mv`, if it is a legal move.
    pub fn chance(&self, mv: G::Move) -> Option<f64> {
        self.chances.iter().find(|(m, _)| *m == mv).map(|(_, c)| *c)
    }

    /// The best move and its win chance.
    pub fn best(&self) -> Option<(G::Move, f64)> {
        self.chances.first().copied()
    }

    /// The second best move's win chance.
    pub fn second(&self) -> Option<f64> {
        self.chances.get(1).map(|(_, c)| *c)
    }
}

impl PuzzleDef {
    /// The puzzle as a one-move lesson of game `G`, checked against the
    /// engine: the rules, the position, the roll, the moves listed exactly
    /// the legal ones, the first the best and ahead of the second.
    pub fn lesson<G: Teach>(&self) -> Result<Lesson<G>, LessonError> {
        let err = |message: String| LessonError {
            lesson: self.id.clone(),
            message,
        };
        self.check_chances().map_err(err)?;
        let def = self.lesson_def::<G>();
        if G::HAS_DICE && self.roll.is_none() {
            return Err(err("roll: this game needs the roll to play".into()));
        }
        let mut lesson = Lesson::<G>::new(def)?;
        let mut chances = Vec::with_capacity(self.moves.len());
        for (text, c) in &self.moves {
            let mv = text
                .parse::<G::Move>()
                .map_err(|e| err(format!("moves: '{text}': {e}")))?;
            if chances.iter().any(|(m, _)| *m == mv) {
                return Err(err(format!("moves: {text} is listed twice")));
            }
            chances.push((mv, *c));
        }
        // The moves listed are the legal moves, no more, no fewer.
        let mut run = Run::new(lesson.clone());
        run.roll_until_moves().map_err(|e| err(e.to_string()))?;
        let legal = run.moves();
        if let Some(m) = legal.iter().find(|m| !chances.iter().any(|(c, _)| c == *m)) {
            return Err(err(format!("moves: the legal move {m} is not listed")));
        }
        if let Some((m, _)) = chances.iter().find(|(m, _)| !legal.contains(m)) {
            return Err(err(format!("moves: {m} is not a legal move here")));
        }
        lesson.puzzle = Some(PuzzleFacts {
            difficulty: self.difficulty,
            chances,
            from: self.from.clone(),
        });
        Ok(lesson)
    }

    /// The moves listed: two or more, best first, each win chance 0 to 1,
    /// the first ahead of the second.
    fn check_chances(&self) -> Result<(), String> {
        if self.moves.is_empty() {
            return Err("moves: none listed".into());
        }
        if self.moves.len() < 2 {
            return Err("moves: a puzzle needs two moves or more".into());
        }
        for pair in self.moves.windows(2) {
            if let [(a, x), (b, y)] = pair
                && x < y
            {
                return Err(format!(
                    "moves: {a} ({x}) is listed before {b} ({y}): best first"
                ));
            }
        }
        if let Some((m, c)) = self
            .moves
            .iter()
            .find(|(_, c)| !(0.0..=1.0).contains(c) || c.is_nan())
        {
            return Err(format!("moves: {m}: a win chance is 0 to 1, not {c}"));
        }
        if self
            .moves
            .get(1)
            .is_some_and(|(_, c)| *c >= self.moves[0].1)
        {
            return Err("moves: the first move is not ahead of the second".into());
        }
        Ok(())
    }

    /// The one-move lesson the puzzle is, as a lesson's file would say it.
    fn lesson_def<G: Teach>(&self) -> LessonDef {
        LessonDef {
            id: self.id.clone(),
            game: self.game.clone(),
            title: "puzzle-title".into(),
            text: if G::HAS_DICE {
                "puzzle-text-dice".into()
            } else {
                "puzzle-text".into()
            },
            task: "puzzle-task".into(),
            hint: if G::HAS_DICE {
                "puzzle-hint-dice".into()
            } else {
                "puzzle-hint".into()
            },
            done: "puzzle-done".into(),
            rules: self.rules.clone(),
            setup: self.setup.clone(),
            dice: self.roll.iter().cloned().collect(),
            goal: Goal::Moves,
            solution: self.moves.iter().take(1).map(|(m, _)| m.clone()).collect(),
            why: "puzzle-wrong".into(),
            wrong: Vec::new(),
            // Three stars at the first try, two at the second.
            two_stars_margin: 1,
        }
    }
}

/// The puzzles of game `G` in `file`, each checked, easiest first (the
/// file's order within a difficulty): the first that cannot be used stops
/// the list with its error.
pub fn puzzles_in<G: Teach>(file: &PuzzleFile) -> Result<Vec<Lesson<G>>, LessonError> {
    let mut out = Vec::new();
    for d in Difficulty::ALL {
        for p in file
            .puzzles
            .iter()
            .filter(|p| p.game == G::ID && p.difficulty == d)
        {
            out.push(p.lesson::<G>()?);
        }
    }
    Ok(out)
}

/// The shipped puzzles of game `G`, each checked, easiest first.
pub fn puzzles_of<G: Teach>() -> Result<Vec<Lesson<G>>, LessonError> {
    let (name, text) = G::PUZZLES;
    puzzles_in::<G>(&read_puzzles(name, text)?)
}

/// Every game's shipped puzzle file: (file name, text), in the games'
/// order.
pub fn puzzle_files() -> Vec<(&'static str, &'static str)> {
    GameKind::ALL
        .into_iter()
        .map(|k| ca_ngua_games::with_game!(k, G => G::PUZZLES))
        .collect()
}
