//! The command line's shape, for both games under one parser (clap's
//! derive): every command, its options and its help. What the words mean
//! (positions, rolls, moves, rule sets, bots) is read by the games' own
//! parsers in `ca_ngua.rs` and `nhay.rs`, whose messages the error lines
//! keep.

use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;
use std::str::FromStr;

const NOTES: &str = "\
POSITION is the notation described in docs/NOTATION.md, e.g.
  'Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0'
ROLL is a die (6) or two dice (3+4); MOVE is FROM-TO (Y-0, 12-18) or pass.
Presets: standard, casual, traditional. Bots: random, easy, medium, hard.
Cờ nhảy (Chinese checkers): 'ca-ngua-cli nhay help'.";

const NHAY_NOTES: &str = "\
POSITION is the Cờ nhảy notation described in docs/NOTATION.md: the holes
of each arm's pieces (arms 0-5, '-' for an arm not in play), the arm to move
and the finished list, e.g. the start for two players:
  '0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -'
MOVE is FROM-TO (hole numbers 0-120, e.g. 3-14) or pass.
Presets: standard, quick, strict. Bots: random, easy, medium, hard.";

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "ca-ngua-cli",
    about = "The engines of Cờ Cá Ngựa and Cờ nhảy without the GUI: for tests, bug reports, \
             self-play and tuning house rules",
    version,
    propagate_version = true,
    args_override_self = true,
    arg_required_else_help = false,
    after_help = NOTES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The legal moves, sorted, on one line (or pass)
    #[command(
        override_usage = "ca-ngua-cli moves [--rules PRESET|FILE] POSITION ROLL\n       \
                                ca-ngua-cli moves [--rules PRESET|FILE] --stdin"
    )]
    Moves(Query),
    /// Plays MOVE and prints the next position
    #[command(
        override_usage = "ca-ngua-cli play [--rules PRESET|FILE] POSITION ROLL MOVE\n       \
                                ca-ngua-cli play [--rules PRESET|FILE] --stdin"
    )]
    Play(Query),
    /// The move the hard bot would make (or pass)
    #[command(
        override_usage = "ca-ngua-cli hint [--rules PRESET|FILE] POSITION ROLL\n       \
                                ca-ngua-cli hint [--rules PRESET|FILE] --stdin"
    )]
    Hint(Query),
    /// Plays many seeded games between bots and reports speed, length and wins
    Selfplay(Selfplay),
    /// Trains the learned evaluator by self-play (TD(λ)) and writes its
    /// weights file
    Train(Train),
    /// Plays the learned Hard against today's Hard, seats rotated, and
    /// reports the score with its interval and the decision times
    Strength(Strength),
    /// Rule sets: show, explain, try, code and decode
    #[command(arg_required_else_help = false)]
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// Game records of either game: check, analyse, verify
    #[command(arg_required_else_help = false)]
    Record {
        #[command(subcommand)]
        command: RecordCommand,
    },
    /// Puzzles ("find the best move") of either game: make, mine, check
    #[command(arg_required_else_help = false)]
    Puzzles {
        #[command(subcommand)]
        command: PuzzlesCommand,
    },
    /// Cờ nhảy (Chinese checkers): 'ca-ngua-cli nhay help'
    #[command(arg_required_else_help = false, after_help = NHAY_NOTES)]
    Nhay {
        #[command(subcommand)]
        command: NhayCommand,
    },
    /// Online: plays a seat in a friend's room with a computer player, or
    /// watches a room
    #[cfg(feature = "net")]
    Online {
        #[command(subcommand)]
        command: OnlineCommand,
    },
    /// Prints a completion script for a shell
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },
}

/// `record …`.
#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Replays a game record (either game) with the engine: 'ok: N steps,
    /// result …', or the line that is wrong
    Check(RecordCheck),
    /// Analyses a game record (either game): every decision's moves with
    /// their win chances, each roll's luck, each player's totals
    /// (docs/ANALYSIS.md)
    Analyse(RecordAnalyse),
    /// Checks an online game's dice (docs/ONLINE.md): the revealed seed
    /// against the commit and every roll against the seed; exit status 0
    /// when all match, 1 when one does not, 2 for a record without dice
    Verify(RecordVerify),
}

/// `record verify`.
#[derive(Debug, Args)]
pub struct RecordVerify {
    /// The record's file
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

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
    /// Adds to this puzzle file (made when missing) rather than printing
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
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

/// `record analyse`.
#[derive(Debug, Args)]
pub struct RecordAnalyse {
    /// The record's file
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// Rollouts per legal move, a deeper look played by Hard (default: no
    /// rollouts, each move rated by the learned evaluator with one roll of
    /// look-ahead, or in Cờ nhảy by the Hard search; two dice: 500
    /// rollouts)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub rollouts: Option<u32>,
    /// The seed of the rollouts (the same seed, the same figures)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: one per core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// The whole analysis as JSON on one line, rather than the summary
    #[arg(long)]
    pub json: bool,
}

/// `record check`.
#[derive(Debug, Args)]
pub struct RecordCheck {
    /// The record's file
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// Prints the position after every step, one a line, before the summary
    #[arg(long)]
    pub positions: bool,
}

/// `online …`.
#[cfg(feature = "net")]
#[derive(Debug, Subcommand)]
pub enum OnlineCommand {
    /// Joins a room (either game) and plays the seat with a computer player
    /// to the end: every event as a line of JSON, the places last
    Join(OnlineJoin),
    /// Watches a room (either game) to the end of its game, without a seat:
    /// every event as a line of JSON, news (who is connected, what is said,
    /// the clock, the dice) as '# …' lines, the places last
    Watch(OnlineWatch),
}

/// `online watch`.
#[cfg(feature = "net")]
#[derive(Debug, Args)]
pub struct OnlineWatch {
    /// The room: its invite page (http://HOST:PORT/join/CODE) or its
    /// ca-ngua:// link
    #[arg(value_name = "LINK")]
    pub link: String,
    /// The name the others see
    #[arg(long, default_value = "watcher")]
    pub name: String,
}

/// `online join`.
#[cfg(feature = "net")]
#[derive(Debug, Args)]
pub struct OnlineJoin {
    /// The room: its invite page (http://HOST:PORT/join/CODE) or its
    /// ca-ngua:// link
    #[arg(value_name = "LINK")]
    pub link: String,
    /// The name the others see
    #[arg(long)]
    pub name: String,
    /// How the computer plays the seat: easy, medium or hard
    #[arg(long, default_value = "medium")]
    pub level: String,
}

/// `moves`, `play`, `hint` of either game: a query in the arguments, or
/// one query a line from standard input.
#[derive(Debug, Args)]
pub struct Query {
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// Reads one query a line from standard input and answers each line at
    /// once (a bad line answers 'error: …' and the batch goes on)
    #[arg(long)]
    pub stdin: bool,
    /// The query: the position (its three fields as one argument or
    /// three), then what the command takes after it
    #[arg(value_name = "POSITION")]
    pub words: Vec<String>,
}

/// `selfplay`.
#[derive(Debug, Args)]
pub struct Selfplay {
    /// Number of games
    #[arg(long, value_name = "N", value_parser = number::<u64>, allow_hyphen_values = true)]
    pub games: Option<u64>,
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// The colours that play
    #[arg(
        long,
        value_name = "rgyb",
        default_value = "rgyb",
        allow_hyphen_values = true
    )]
    pub players: String,
    /// One bot per player, in seat order for the first game (they rotate);
    /// random for every player when absent
    #[arg(long, value_name = "B,B,..", allow_hyphen_values = true)]
    pub bots: Option<String>,
    /// Writes each game's record (docs/NOTATION.md, "Game records") to
    /// DIR/game-NNNN.txt (the folder is made if missing)
    #[arg(long, value_name = "DIR")]
    pub record: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `train`.
#[derive(Debug, Args)]
pub struct Train {
    /// Training games
    #[arg(long, value_name = "N", default_value = "800000", value_parser = number::<u64>)]
    pub games: u64,
    /// The seed of the starting weights, the rules, the seats and the dice
    #[arg(long, value_name = "S", default_value = "1", value_parser = number::<u64>)]
    pub seed: u64,
    /// TD(λ)'s λ
    #[arg(long, value_name = "L", default_value = "0.85")]
    pub lambda: f32,
    /// Learning rate at the start (it falls linearly to a quarter)
    #[arg(long, value_name = "R", default_value = "0.01")]
    pub rate: f32,
    /// Measures the weights against today's Hard every N games (0: never)
    #[arg(long, value_name = "N", default_value = "100000", value_parser = number::<u64>)]
    pub curve_every: u64,
    /// Games of each measurement (two players, standard rules)
    #[arg(long, value_name = "N", default_value = "300", value_parser = number::<u32>)]
    pub curve_games: u32,
    /// Threads for the measurements (training is one thread)
    #[arg(long, value_name = "T", default_value = "1", value_parser = number::<usize>)]
    pub threads: usize,
    /// Continues from this weights file rather than fresh weights
    #[arg(long, value_name = "FILE")]
    pub start: Option<std::path::PathBuf>,
    /// Where to write the weights
    #[arg(
        long,
        value_name = "FILE",
        default_value = "assets/evaluator/ca-ngua.weights"
    )]
    pub out: std::path::PathBuf,
    /// Writes the learning curve as CSV (games,wins,played)
    #[arg(long, value_name = "FILE")]
    pub curve: Option<std::path::PathBuf>,
}

/// `strength`.
#[derive(Debug, Args)]
pub struct Strength {
    /// Games
    #[arg(long, value_name = "N", default_value = "4000", value_parser = number::<u32>)]
    pub games: u32,
    /// 2: the learned Hard against one of today's (the seats swapped on the
    /// same dice); 4: against three (its seat going round)
    #[arg(long, value_name = "2|4", default_value = "2", value_parser = number::<usize>)]
    pub players: usize,
    /// A preset's name or the path of a rules file
    #[arg(long, value_name = "PRESET|FILE", default_value = "standard")]
    pub rules: String,
    /// The weights file (default: the shipped weights)
    #[arg(long, value_name = "FILE")]
    pub weights: Option<std::path::PathBuf>,
    /// The learned Hard's search: most leaf evaluations a decision
    /// (default: its own, 3000)
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    pub nodes: Option<u64>,
    /// The learned Hard's search: most rolls of look-ahead (default: 2)
    #[arg(long, value_name = "D", value_parser = number::<u8>)]
    pub depth: Option<u8>,
    /// The seed of the dice
    #[arg(long, value_name = "S", default_value = "1", value_parser = number::<u64>)]
    pub seed: u64,
    /// Worker threads (1 to 256)
    #[arg(long, value_name = "T", default_value = "1", value_parser = number::<usize>)]
    pub threads: usize,
}

/// Seed, threads and output of a run of games.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The run's seed: the same seed plays the same games
    #[arg(long, value_name = "S", default_value = "1", value_parser = number::<u64>, allow_hyphen_values = true)]
    pub seed: u64,
    /// Worker threads (1 to 256)
    #[arg(long, value_name = "T", default_value = "1", value_parser = number::<usize>, allow_hyphen_values = true)]
    pub threads: usize,
    /// Prints the report as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Prints a rule set as a rules file
    Show(RuleSetArg),
    /// Says in plain language what the rules are
    Explain(Explain),
    /// Plays the rules against a baseline and prints how long games last,
    /// who wins, kicks, the safety cap and ledger points
    #[command(
        after_help = "P is person (played by medium, timed as a person; the default) or a bot."
    )]
    Try(RulesTry),
    /// Prints the rule code of a rule set (CN1-XXXXX-XXXXX)
    Code(RuleSetArg),
    /// Prints a rule code as a rules file
    Decode {
        /// The rule code, CN1-XXXXX-XXXXX
        code: String,
    },
}

/// A rule set named on the command line.
#[derive(Debug, Args)]
pub struct RuleSetArg {
    /// A preset's name or the path of a rules file
    #[arg(value_name = "PRESET|FILE")]
    pub name: String,
    /// Accepted and unused, as `--lang` of `rules explain` always was here
    #[arg(long, hide = true, allow_hyphen_values = true)]
    pub lang: Option<String>,
}

/// `rules explain`.
#[derive(Debug, Args)]
pub struct Explain {
    /// A preset's name or the path of a rules file
    #[arg(value_name = "PRESET|FILE")]
    pub name: String,
    /// The language of the explanation
    #[arg(
        long,
        value_name = "en|vi",
        default_value = "en",
        allow_hyphen_values = true
    )]
    pub lang: String,
}

/// `rules try`.
#[derive(Debug, Args)]
pub struct RulesTry {
    /// The rules to try: a preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// The rules to compare with
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub baseline: String,
    /// The colours that play
    #[arg(
        long,
        value_name = "rgyb",
        default_value = "rgyb",
        allow_hyphen_values = true
    )]
    pub players: String,
    /// One player per colour: person or a bot
    #[arg(long, value_name = "P,P,..", allow_hyphen_values = true)]
    pub bots: Option<String>,
    /// Games of each rule set
    #[arg(long, value_name = "N", default_value_t = ca_ngua::ca_ngua::rules_lab::DEFAULT_GAMES,
          value_parser = number::<u64>, allow_hyphen_values = true)]
    pub games: u64,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Subcommand)]
pub enum NhayCommand {
    /// The start position for N players
    Start {
        /// 2, 3, 4 or 6
        #[arg(value_name = "N")]
        players: Option<String>,
    },
    /// The legal moves, sorted by FROM then TO, on one line (or pass)
    #[command(
        override_usage = "ca-ngua-cli nhay moves [--rules PRESET|FILE] POSITION\n       \
                                ca-ngua-cli nhay moves [--rules PRESET|FILE] --stdin"
    )]
    Moves(Query),
    /// Plays MOVE and prints the next position
    #[command(
        override_usage = "ca-ngua-cli nhay play [--rules PRESET|FILE] POSITION MOVE\n       \
                                ca-ngua-cli nhay play [--rules PRESET|FILE] --stdin"
    )]
    Play(Query),
    /// The move the hard bot would make (or pass)
    #[command(
        override_usage = "ca-ngua-cli nhay hint [--rules PRESET|FILE] POSITION\n       \
                                ca-ngua-cli nhay hint [--rules PRESET|FILE] --stdin"
    )]
    Hint(Query),
    /// Counts the move sequences of DEPTH moves (passes count)
    #[command(override_usage = "ca-ngua-cli nhay perft [--rules PRESET|FILE] POSITION DEPTH")]
    Perft(Perft),
    /// Plays many seeded games between bots and reports length, wins, places
    Selfplay(NhaySelfplay),
    /// Rule sets: show and explain
    #[command(arg_required_else_help = false)]
    Rules {
        #[command(subcommand)]
        command: NhayRulesCommand,
    },
}

/// `nhay perft`: a query without `--stdin`.
#[derive(Debug, Args)]
pub struct Perft {
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// The position's three fields (one argument or three), then DEPTH
    #[arg(value_name = "POSITION")]
    pub words: Vec<String>,
}

/// `nhay selfplay`.
#[derive(Debug, Args)]
pub struct NhaySelfplay {
    /// Number of games
    #[arg(long, value_name = "N", value_parser = number::<u64>, allow_hyphen_values = true)]
    pub games: Option<u64>,
    /// A preset's name or the path of a rules file
    #[arg(
        long,
        value_name = "PRESET|FILE",
        default_value = "standard",
        allow_hyphen_values = true
    )]
    pub rules: String,
    /// The number of players: 2, 3, 4 or 6
    #[arg(
        long,
        value_name = "2|3|4|6",
        default_value = "2",
        allow_hyphen_values = true
    )]
    pub players: String,
    /// One bot per player, in arm order for the first game (they rotate);
    /// random for every player when absent
    #[arg(long, value_name = "B,B,..", allow_hyphen_values = true)]
    pub bots: Option<String>,
    /// Positions the hard bot may look at per decision
    #[arg(long, value_name = "NODES", value_parser = number::<u64>, allow_hyphen_values = true)]
    pub budget: Option<u64>,
    /// Writes each game's record (docs/NOTATION.md, "Game records") to
    /// DIR/game-NNNN.txt (the folder is made if missing)
    #[arg(long, value_name = "DIR")]
    pub record: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Subcommand)]
pub enum NhayRulesCommand {
    /// Prints a rule set as a rules file
    Show(RuleSetArg),
    /// Says in plain language what the rules are
    Explain(Explain),
}

/// A number option's value; the error line adds the option's name
/// (`--games: 'many' is not a valid number`).
fn number<T: FromStr>(v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("'{v}' is not a valid number"))
}
