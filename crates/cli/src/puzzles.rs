//! `puzzles make|mine|check`: puzzles ("find the best move") made from
//! self-played games or from game records, and puzzle files checked
//! (docs/LESSONS.md, "Puzzles").

use super::{Bad, outln};
use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_data::learn::{
    Difficulty, MineConfig, PuzzleFile, make_puzzles, make_puzzles_by, mine_record, puzzle_files,
    puzzles_in, read_puzzles, write_puzzles,
};
use ca_ngua_games::GameKind;
use clap::{Args, Subcommand};
use std::path::Path;

/// `puzzles …`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Plays seeded games between computer players and keeps the turns
    /// where one move is clearly better than every other, graded by which
    /// computer players find it (docs/LESSONS.md, "Puzzles")
    Make(PuzzlesMake),
    /// Looks through game records for a seat's mistakes where one move was
    /// clearly better ("puzzles from my mistakes")
    Mine(PuzzlesMine),
    /// Reads a puzzle file and checks every puzzle against the engine:
    /// 'ok: N puzzles' with the count per game and difficulty
    Check(PuzzlesCheck),
    /// Grades every puzzle of a file again with this build's computer
    /// players, and writes the file back
    Grade(PuzzlesGrade),
}

/// `puzzles grade`.
#[derive(Debug, Args)]
pub struct PuzzlesGrade {
    /// The puzzle file
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

/// `puzzles make`.
#[derive(Debug, Args)]
pub struct PuzzlesMake {
    /// The game: ca-ngua or co-nhay
    #[arg(long, value_name = "GAME", default_value = "ca-ngua")]
    pub game: String,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub games: u32,
    /// Players in each game
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub players: usize,
    /// The rules' preset
    #[arg(long, value_name = "PRESET", default_value = "standard")]
    pub rules: String,
    /// The seed (the same seed, the same puzzles)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Rollouts per move that screen each turn (default: 100 with dice, 16
    /// without; the confirmation uses ten or six times as many)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub rollouts: Option<u32>,
    /// Rollouts per move that confirm a turn the screen found (default:
    /// ten times the screen's with dice, six times without)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub confirm: Option<u32>,
    /// The lead, in win chance (0 to 1), the best move must have on the
    /// screen to be confirmed (default: 0.08 with dice, 0.12 without)
    #[arg(long, value_name = "X")]
    pub gap: Option<f64>,
    /// Threads (default: one per core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// The computer players, one a seat in seat order, separated by
    /// commas (default: easy and medium in turn); as many as --players
    #[arg(long, value_name = "LEVELS")]
    pub levels: Option<String>,
    /// Only puzzles of this difficulty (easy, medium or hard): each
    /// candidate is graded before its costly confirmation
    #[arg(long, value_name = "DIFFICULTY", value_parser = difficulty)]
    pub only: Option<Difficulty>,
    /// Adds to this puzzle file (made when missing) rather than printing
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

fn difficulty(text: &str) -> Result<Difficulty, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "easy" => Ok(Difficulty::Easy),
        "medium" => Ok(Difficulty::Medium),
        "hard" => Ok(Difficulty::Hard),
        _ => Err(format!("'{text}' is not easy, medium or hard")),
    }
}

/// The levels of `--levels`, one per seat, or why not.
fn levels_of(text: &str, players: usize) -> Result<Vec<ca_ngua_core::game::Level>, Bad> {
    let levels = text
        .split(',')
        .map(|w| w.trim().parse::<ca_ngua_core::game::Level>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Bad(format!("--levels: {e}")))?;
    if levels.len() != players {
        return Err(Bad(format!(
            "--levels: {} levels for {players} players (one a seat)",
            levels.len()
        )));
    }
    Ok(levels)
}

/// `puzzles mine`.
#[derive(Debug, Args)]
pub struct PuzzlesMine {
    /// Game records (either game)
    #[arg(value_name = "RECORD", required = true)]
    pub records: Vec<std::path::PathBuf>,
    /// Only this seat's turns (default: every seat a person played)
    #[arg(long, value_name = "SEAT")]
    pub seat: Option<String>,
    /// Rollouts per move that screen each turn
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub rollouts: Option<u32>,
    /// Threads (default: one per core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// Adds to this puzzle file (made when missing) rather than printing
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

/// `puzzles check`.
#[derive(Debug, Args)]
pub struct PuzzlesCheck {
    /// The puzzle file (default: the puzzles shipped with the app)
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
}

/// Runs `puzzles …`.
pub fn run(command: PuzzlesCommand) -> Result<(), Bad> {
    match command {
        PuzzlesCommand::Make(a) => make(&a),
        PuzzlesCommand::Mine(a) => mine(&a),
        PuzzlesCommand::Check(a) => check(&a),
        PuzzlesCommand::Grade(a) => regrade(&a),
    }
}

/// The file at `path`, or a new one when there is none.
fn open_or_new(path: &Path) -> Result<PuzzleFile, Bad> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(read_puzzles(&path.display().to_string(), &text)?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(PuzzleFile::new()),
        Err(e) => Err(Bad(format!("cannot read {}: {e}", path.display()))),
    }
}

/// A puzzle file's text, or why it cannot be written.
fn text_of(file: &PuzzleFile) -> Result<String, Bad> {
    write_puzzles(file).map_err(|e| Bad(format!("cannot write the puzzles: {e}")))
}

/// Prints the puzzles as a file, or adds them to `out`; then the counts.
fn finish(found: Vec<ca_ngua_data::learn::PuzzleDef>, out: Option<&Path>) -> Result<(), Bad> {
    let n = found.len();
    match out {
        None => {
            let mut file = PuzzleFile::new();
            file.add(found);
            outln!("{}", text_of(&file)?)
        }
        Some(path) => {
            let mut file = open_or_new(path)?;
            let added = file.add(found);
            std::fs::write(path, text_of(&file)? + "\n")
                .map_err(|e| Bad(format!("cannot write {}: {e}", path.display())))?;
            outln!(
                "{added} of {n} puzzles added to {} ({} in all)",
                path.display(),
                file.puzzles.len()
            )
        }
    }
}

fn config_of<G: Game>(rollouts: Option<u32>, threads: Option<u32>) -> MineConfig {
    let mut config = MineConfig::for_game::<G>();
    if let Some(n) = rollouts {
        // The confirmation keeps its ratio to the screen.
        let ratio = config.confirm_rollouts / config.screen.rollouts.max(1);
        config.screen.rollouts = n;
        config.confirm_rollouts = n.saturating_mul(ratio.max(1));
    }
    if let Some(t) = threads {
        config.screen.threads = t as usize;
    }
    config
}

fn make(a: &PuzzlesMake) -> Result<(), Bad> {
    let kind: GameKind = a.game.parse().map_err(Bad)?;
    ca_ngua_games::with_game!(kind, G => {
        let rules = G::preset(&a.rules).ok_or_else(|| {
            Bad(format!("--rules: no preset '{}' (one of {})", a.rules, G::PRESETS.join(", ")))
        })?;
        let mut config = config_of::<G>(a.rollouts, a.threads);
        if let Some(n) = a.confirm {
            config.confirm_rollouts = n;
        }
        if let Some(gap) = a.gap {
            if !(0.0..=1.0).contains(&gap) {
                return Err(Bad(format!("--gap: a win chance from 0 to 1, not {gap}")));
            }
            config.screen_gap = gap;
        }
        config.only = a.only;
        let mut progress = |g, n| eprintln!("game {g}/{}: {n} puzzles", a.games);
        let found = match &a.levels {
            Some(text) => {
                let levels = levels_of(text, a.players)?;
                make_puzzles_by::<G>(&rules, &levels, a.games, a.seed, &config, &mut progress)
            }
            None => make_puzzles::<G>(&rules, a.players, a.games, a.seed, &config, &mut progress),
        }
        .map_err(|e| Bad(e.to_string()))?;
        finish(found, a.out.as_deref())
    })
}

fn mine(a: &PuzzlesMine) -> Result<(), Bad> {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut found = Vec::new();
    for path in &a.records {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Bad(format!("cannot read {}: {e}", path.display())))?;
        let record = ca_ngua_data::record::read_any(&text)
            .map_err(|e| Bad(format!("{}: {e}", path.display())))?;
        let name = path.file_stem().map_or_else(
            || "record".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        ca_ngua_games::with_any!(&record, G, r => {
            let seats: Vec<<G as Game>::Seat> = match &a.seat {
                Some(code) => {
                    let seat = r
                        .seats
                        .iter()
                        .map(|s| s.seat)
                        .find(|s| s.code() == code.as_str())
                        .ok_or_else(|| Bad(format!("--seat: no seat '{code}' in {}", path.display())))?;
                    vec![seat]
                }
                None => r
                    .seats
                    .iter()
                    .filter(|s| s.player == ca_ngua_data::record::Player::Person)
                    .map(|s| s.seat)
                    .collect(),
            };
            let config = config_of::<G>(a.rollouts, a.threads);
            let mut p = mine_record::<G>(r, &name, &seats, &config, &cancel)
                .map_err(|e| Bad(format!("{}: {e}", path.display())))?;
            found.append(&mut p);
        });
    }
    finish(found, a.out.as_deref())
}

fn check(a: &PuzzlesCheck) -> Result<(), Bad> {
    let files: Vec<(String, String)> = match &a.file {
        Some(path) => vec![(
            path.display().to_string(),
            std::fs::read_to_string(path)
                .map_err(|e| Bad(format!("cannot read {}: {e}", path.display())))?,
        )],
        None => puzzle_files()
            .iter()
            .map(|(n, t)| ((*n).to_string(), (*t).to_string()))
            .collect(),
    };
    let mut total = 0;
    let mut lines = Vec::new();
    for (name, text) in files {
        let file = read_puzzles(&name, &text)?;
        for kind in GameKind::ALL {
            let n = ca_ngua_games::with_game!(kind, G => puzzles_in::<G>(&file)?.len());
            if n == 0 {
                continue;
            }
            total += n;
            let counts: Vec<String> = Difficulty::ALL
                .iter()
                .map(|d| format!("{} {}", file.count(kind.id(), *d), d.id()))
                .collect();
            lines.push(format!("{name}: {} {n}: {}", kind.id(), counts.join(", ")));
        }
    }
    for l in lines {
        outln!("{l}")?;
    }
    outln!("ok: {total} puzzles")
}

fn regrade(a: &PuzzlesGrade) -> Result<(), Bad> {
    let path = &a.file;
    let text = std::fs::read_to_string(path)
        .map_err(|e| Bad(format!("cannot read {}: {e}", path.display())))?;
    let mut file = read_puzzles(&path.display().to_string(), &text)?;
    let mut changed = 0;
    for p in &mut file.puzzles {
        let before = p.difficulty;
        let kind: GameKind = p.game.parse().map_err(Bad)?;
        ca_ngua_games::with_game!(kind, G => p.regrade::<G>()?);
        if p.difficulty != before {
            changed += 1;
        }
    }
    std::fs::write(path, text_of(&file)? + "\n")
        .map_err(|e| Bad(format!("cannot write {}: {e}", path.display())))?;
    outln!(
        "{changed} of {} puzzles graded otherwise",
        file.puzzles.len()
    )
}
