//! Puzzles ("Câu đố"): "find the best move" positions, taken from played
//! games where one move is clearly better than every other by the game
//! analysis of `crate::record::analysis`, graded by which computer
//! players find that move, and played like a one-move lesson.
//!
//! A puzzle file (`assets/puzzles/*.ron`, compiled in; the player's own in
//! the data folder) lists each puzzle's position, roll, every legal move
//! with its win chance, and its difficulty. Reading one checks it against
//! the engine: the moves listed are exactly the legal ones, the first is
//! the best and clearly so. `docs/LESSONS.md` ("Puzzles") describes the
//! format and how the shipped ones were made.

use super::file::{RulesDef, read_frame, unique_ids};
use super::{Goal, Lesson, LessonDef, LessonError, Run, Teach};
use crate::game::selfplay::{SelfPlay, mix_seed};
use crate::game::{Decision, Game, Level};
use crate::record::analysis::{AnalysisConfig, AnalysisError, Play, analyse};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The puzzle files shipped: (file name, text).
pub const PUZZLE_FILES: [(&str, &str); 2] = [
    (
        "ca-ngua.ron",
        include_str!("../../assets/puzzles/ca-ngua.ron"),
    ),
    (
        "co-nhay.ron",
        include_str!("../../assets/puzzles/co-nhay.ron"),
    ),
];

/// The version of the puzzle format this build reads.
pub const PUZZLES_VERSION: u32 = 1;

/// The least win chance the best move must keep over every other move,
/// surely (the lower end of the 95% interval of the second best's cost):
/// what "clearly better" means.
pub const CLEAR_MARGIN: f64 = 0.05;

/// How hard a puzzle is: who finds its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// The Easy computer player finds it.
    Easy,
    /// The Medium computer player finds it, the Easy one does not.
    Medium,
    /// Neither finds it.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name in files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// Its text key.
    pub fn key(self) -> &'static str {
        match self {
            Difficulty::Easy => "puzzle-easy",
            Difficulty::Medium => "puzzle-medium",
            Difficulty::Hard => "puzzle-hard",
        }
    }
}

/// A puzzle file: a version, the puzzles, and (for the player's own) the
/// games already looked through.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// The format's version (1).
    pub version: u32,
    /// The games already looked through for puzzles (record names), so
    /// that none is looked through twice.
    #[serde(default)]
    pub mined: Vec<String>,
    /// The puzzles, in order.
    pub puzzles: Vec<PuzzleDef>,
}

/// One puzzle as written: a position and its roll, in the game's notation
/// (`docs/NOTATION.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleDef {
    /// A stable id, the key of the stars kept in the settings.
    pub id: String,
    /// The game: `ca-ngua` or `co-nhay`.
    pub game: String,
    /// The rules in force.
    #[serde(default)]
    pub rules: RulesDef,
    /// The position; the colour or arm to play is the solver's.
    pub setup: String,
    /// Cờ Cá Ngựa: the roll to play.
    #[serde(default)]
    pub roll: Option<String>,
    /// Every legal move with the mover's win chance after it (0 to 1),
    /// best first: the first is the answer.
    pub moves: Vec<(String, f64)>,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// Where it comes from (a self-played game's seed and turn, or the
    /// player's game and turn), for people.
    #[serde(default)]
    pub from: String,
}

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
        let Some((best, _)) = self.moves.first() else {
            return Err(err("moves: none listed".into()));
        };
        if self.moves.len() < 2 {
            return Err(err("moves: a puzzle needs two moves or more".into()));
        }
        for pair in self.moves.windows(2) {
            if let [(a, x), (b, y)] = pair
                && x < y
            {
                return Err(err(format!(
                    "moves: {a} ({x}) is listed before {b} ({y}): best first"
                )));
            }
        }
        if let Some((m, c)) = self
            .moves
            .iter()
            .find(|(_, c)| !(0.0..=1.0).contains(c) || c.is_nan())
        {
            return Err(err(format!("moves: {m}: a win chance is 0 to 1, not {c}")));
        }
        if self
            .moves
            .get(1)
            .is_some_and(|(_, c)| *c >= self.moves[0].1)
        {
            return Err(err(
                "moves: the first move is not ahead of the second".into()
            ));
        }
        let def = LessonDef {
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
            solution: vec![best.clone()],
            why: "puzzle-wrong".into(),
            wrong: Vec::new(),
            // Three stars at the first try, two at the second.
            two_stars_margin: 1,
        };
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
        run.roll_until_moves().map_err(&err)?;
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
}

/// Reads a puzzle file's text; the error names the file.
pub fn read_puzzles(name: &str, text: &str) -> Result<PuzzleFile, LessonError> {
    let file: PuzzleFile = read_frame(name, text, PUZZLES_VERSION, |f: &PuzzleFile| f.version)?;
    unique_ids(name, file.puzzles.iter().map(|p| p.id.as_str()))?;
    Ok(file)
}

/// A puzzle file as text (what `read_puzzles` reads).
pub fn write_puzzles(file: &PuzzleFile) -> String {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(3)
        .separate_tuple_members(false);
    ron::ser::to_string_pretty(file, config).unwrap_or_default()
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
    let mut out = Vec::new();
    for (name, text) in PUZZLE_FILES {
        let file = read_puzzles(name, text)?;
        out.extend(puzzles_in::<G>(&file)?);
    }
    Ok(out)
}

/// How puzzles are looked for in a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MineConfig {
    /// The analysis that screens every turn (few rollouts).
    pub screen: AnalysisConfig,
    /// The rollouts that confirm a candidate (a fresh seed, many more).
    pub confirm_rollouts: u32,
    /// The win chance the best move must lead the second by on the
    /// screen, to be confirmed.
    pub screen_gap: f64,
    /// Only the turns where the player chose another move than the best
    /// ("puzzles from my mistakes").
    pub mistakes_only: bool,
}

impl MineConfig {
    /// The defaults for `G`. With dice: a screen at a fifth of the
    /// analysis's rollouts, confirmation at twice them. Without dice
    /// (rollouts agree more, and a turn has dozens of moves): a screen at
    /// the analysis's rollouts, confirmation at six times them, and a
    /// wider lead asked of the screen.
    pub fn for_game<G: Game>() -> MineConfig {
        let base = AnalysisConfig::for_game::<G>();
        let (screen_rollouts, confirm_rollouts, screen_gap) = if G::HAS_DICE {
            ((base.rollouts / 5).max(8), base.rollouts * 2, 0.08)
        } else {
            (base.rollouts, base.rollouts * 6, 0.12)
        };
        let mut screen = AnalysisConfig::with_rollouts(screen_rollouts);
        // Luck is not needed here: the least work it allows.
        screen.luck_rollouts = 1;
        MineConfig {
            screen,
            confirm_rollouts,
            screen_gap,
            mistakes_only: false,
        }
    }
}

/// The game played from `start` under `rules` by `plays`, looked through
/// for puzzles: every turn of a seat in `seats` where the screen finds one
/// move ahead of every other by [`MineConfig::screen_gap`], confirmed by
/// rollouts of their own, which must find the same best move ahead of the
/// second by [`CLEAR_MARGIN`] surely, and some computer player must find
/// that move too ([`grade`], which gives the difficulty). Ids are
/// `id_prefix` and the turn's
/// number; `from` names the game (the turn is added).
#[allow(clippy::too_many_arguments)]
pub fn find_puzzles<G: SelfPlay + Teach>(
    rules: &G::Rules,
    start: &G::State,
    plays: &[Play<G>],
    seats: &[G::Seat],
    config: &MineConfig,
    id_prefix: &str,
    from: &str,
    cancel: &AtomicBool,
) -> Result<Vec<PuzzleDef>, AnalysisError> {
    let screened = analyse::<G>(rules, start, plays, &config.screen, &|_, _| {}, cancel)?;
    let rules_def = RulesDef::of::<G>(rules).map_err(AnalysisError::Config)?;
    let mut out = Vec::new();
    for (turn, step) in screened.steps.iter().enumerate() {
        if !step.is_decision() || !seats.contains(&step.seat) {
            continue;
        }
        if config.mistakes_only && step.played == step.best {
            continue;
        }
        let mut ranked: Vec<_> = step.moves.iter().collect();
        ranked.sort_by(|a, b| b.win.total_cmp(&a.win));
        let (Some(first), Some(second)) = (ranked.first(), ranked.get(1)) else {
            continue;
        };
        if first.win - second.win < config.screen_gap {
            continue;
        }
        let (Some(best), Some(runner_up)) = (first.mv, second.mv) else {
            continue;
        };
        let Ok(state) = G::from_setup(rules, &step.setup) else {
            continue;
        };
        // Confirmed on fresh rollouts: the runner-up played, so that the
        // step's cost is the runner-up's, paired with the best's dice.
        let mut confirm = config.screen;
        confirm.rollouts = config.confirm_rollouts.max(1);
        confirm.luck_rollouts = 1;
        confirm.seed = mix_seed(config.screen.seed ^ 0x9e37_79b9, turn as u64);
        let play = Play {
            roll: step.roll,
            mv: Some(runner_up),
        };
        let checked = analyse::<G>(rules, &state, &[play], &confirm, &|_, _| {}, cancel)?;
        let Some(c) = checked.steps.first() else {
            continue;
        };
        let clear = c.best_move() == Some(best)
            && c.cost_ci95[0] >= CLEAR_MARGIN
            // Every other move is behind the runner-up or as far behind.
            && c.moves.iter().filter(|m| m.mv != Some(best)).all(|m| {
                c.moves.get(c.best).is_some_and(|b| b.win - m.win >= CLEAR_MARGIN)
            });
        if !clear {
            continue;
        }
        let mut moves: Vec<(String, f64)> = c
            .moves
            .iter()
            .filter_map(|m| m.mv.map(|mv| (mv.to_string(), round3(m.win))))
            .collect();
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        let Some(difficulty) = grade::<G>(&state, step.roll, best, turn as u64) else {
            continue;
        };
        out.push(PuzzleDef {
            id: format!("{id_prefix}{turn}"),
            game: G::ID.to_string(),
            rules: rules_def.clone(),
            setup: step.setup.to_string(),
            roll: step.roll.map(|r| r.to_string()),
            moves,
            difficulty,
            from: format!("{from}, turn {}", turn + 1),
        });
    }
    Ok(out)
}

/// A win chance to three decimals (what a file needs).
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Who finds `best`: the Easy computer player (easy), the Medium one
/// (medium), only the Hard one (hard); `None` when none of them does (a
/// move only the rollouts prefer is not offered as a puzzle: the
/// rollouts' players may have a blind spot, and a puzzle's answer should
/// be one a strong player would agree with). The Easy and Medium players
/// decide with three seeds each and must find it with every one.
pub fn grade<G: Game>(
    state: &G::State,
    roll: Option<G::Roll>,
    best: G::Move,
    seed: u64,
) -> Option<Difficulty> {
    let finds = |level: Level, seeds: u64| {
        (0..seeds).all(|k| {
            let d = Decision {
                level,
                seed: mix_seed(seed, k),
                budget: G::Budget::default(),
                state: state.clone(),
                roll,
                memory: G::Memory::default(),
            };
            G::decide(&d) == Some(best)
        })
    };
    if finds(Level::Easy, 3) {
        Some(Difficulty::Easy)
    } else if finds(Level::Medium, 3) {
        Some(Difficulty::Medium)
    } else if finds(Level::Hard, 1) {
        Some(Difficulty::Hard)
    } else {
        None
    }
}

impl PuzzleDef {
    /// The puzzle graded again ([`grade`]) with the computer players of
    /// this build; its difficulty then.
    pub fn regrade<G: Teach>(&mut self) -> Result<Difficulty, LessonError> {
        let lesson = self.lesson::<G>()?;
        let best = lesson.solution.first().copied();
        let roll = lesson.dice.first().copied();
        if let Some(best) = best {
            let seed = self.id.bytes().fold(0u64, |h, b| mix_seed(h, u64::from(b)));
            // A move no computer player finds any more stays hard.
            self.difficulty =
                grade::<G>(&lesson.start, roll, best, seed).unwrap_or(Difficulty::Hard);
        }
        Ok(self.difficulty)
    }
}

impl RulesDef {
    /// `rules` written as the standard preset and the fields that differ
    /// from it (a field that is not a flag, a number or a name cannot be
    /// written, and says so).
    pub fn of<G: Game>(rules: &G::Rules) -> Result<RulesDef, String> {
        let base = G::PRESETS.first().copied().unwrap_or("standard");
        let standard = G::preset(base).ok_or_else(|| format!("rules: no preset '{base}'"))?;
        let json = |r: &G::Rules| serde_json::to_value(r).map_err(|e| format!("rules: {e}"));
        let (a, b) = (json(&standard)?, json(rules)?);
        let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
            return Err("rules: not a set of fields".into());
        };
        let mut set = std::collections::BTreeMap::new();
        for (name, value) in b {
            if a.get(name) == Some(value) {
                continue;
            }
            let text = match value {
                serde_json::Value::Bool(x) => x.to_string(),
                serde_json::Value::Number(x) => x.to_string(),
                serde_json::Value::String(x) => x.clone(),
                other => return Err(format!("rules: field '{name}' = {other} cannot be written")),
            };
            set.insert(name.clone(), text);
        }
        let def = RulesDef {
            preset: base.to_string(),
            set,
        };
        // Read back, it must be the same rules.
        if def.rules::<G>()? != *rules {
            return Err("rules: these rules cannot be written as a preset and fields".into());
        }
        Ok(def)
    }
}

/// The short name of a game in puzzle ids.
fn short_id(game: &str) -> &str {
    match game {
        "ca-ngua" => "cn",
        "co-nhay" => "nh",
        other => other,
    }
}

/// `games` self-played games of `players` players under `rules` (seeded
/// from `seed`; Easy and Medium players take turns at the seats), each
/// looked through for puzzles ([`find_puzzles`]); a position met twice is
/// kept once. `progress(game, found)` hears each game done.
pub fn make_puzzles<G: SelfPlay + Teach>(
    rules: &G::Rules,
    players: usize,
    games: u32,
    seed: u64,
    config: &MineConfig,
    progress: &mut dyn FnMut(u32, usize),
) -> Result<Vec<PuzzleDef>, String> {
    let levels: Vec<Level> = (0..players)
        .map(|k| {
            if k % 2 == 0 {
                Level::Easy
            } else {
                Level::Medium
            }
        })
        .collect();
    let cancel = AtomicBool::new(false);
    let mut out: Vec<PuzzleDef> = Vec::new();
    for g in 0..games {
        let game_seed = mix_seed(seed, u64::from(g));
        let (start, plays) =
            crate::record::analysis::sample_game::<G>(rules, &levels, game_seed, 5_000)
                .map_err(|e| e.to_string())?;
        let seats = G::seats(&start);
        let mut config = *config;
        config.screen.seed = game_seed;
        let prefix = format!("pz-{}-{players}p-{seed}-{g}-", short_id(G::ID));
        let from = format!("self-play, {players} players, seed {seed}, game {g}");
        let found = find_puzzles::<G>(
            rules, &start, &plays, &seats, &config, &prefix, &from, &cancel,
        )
        .map_err(|e| e.to_string())?;
        for p in found {
            if !out.iter().any(|q| q.setup == p.setup && q.roll == p.roll) {
                out.push(p);
            }
        }
        progress(g + 1, out.len());
    }
    Ok(out)
}

/// The turns of `seats` in a game record where the player chose another
/// move than the one clearly best: puzzles from the player's own
/// mistakes. `name` names the record (ids are `my-NAME-TURN`).
pub fn mine_record<G: SelfPlay + Teach>(
    record: &crate::record::Record<G>,
    name: &str,
    seats: &[G::Seat],
    config: &MineConfig,
    cancel: &AtomicBool,
) -> Result<Vec<PuzzleDef>, String> {
    record.replay().map_err(|e| e.to_string())?;
    let start = G::from_setup(&record.rules, &record.setup).map_err(|e| e.to_string())?;
    let plays = record.plays();
    let mut config = *config;
    config.mistakes_only = true;
    find_puzzles::<G>(
        &record.rules,
        &start,
        &plays,
        seats,
        &config,
        &format!("my-{name}-"),
        name,
        cancel,
    )
    .map_err(|e| e.to_string())
}

impl Default for PuzzleFile {
    /// An empty file of this version (not version 0).
    fn default() -> PuzzleFile {
        PuzzleFile::new()
    }
}

impl PuzzleFile {
    /// An empty file of this version.
    pub fn new() -> PuzzleFile {
        PuzzleFile {
            version: PUZZLES_VERSION,
            mined: Vec::new(),
            puzzles: Vec::new(),
        }
    }

    /// Adds the puzzles whose id and position are new; how many were.
    pub fn add(&mut self, puzzles: Vec<PuzzleDef>) -> usize {
        let mut added = 0;
        for p in puzzles {
            let known = self.puzzles.iter().any(|q| {
                q.id == p.id || (q.game == p.game && q.setup == p.setup && q.roll == p.roll)
            });
            if !known {
                self.puzzles.push(p);
                added += 1;
            }
        }
        added
    }

    /// The number of puzzles of `game` and `difficulty`.
    pub fn count(&self, game: &str, difficulty: Difficulty) -> usize {
        self.puzzles
            .iter()
            .filter(|p| p.game == game && p.difficulty == difficulty)
            .count()
    }
}
