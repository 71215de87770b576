//! Cờ nhảy's verbs of `ca-ngua-cli` (CO-NHAY.md §6), under `nhay`: with
//! the conventions of Cờ Cá Ngựa's, bad input exits with status 2 and one
//! `error:` line on standard error, `--stdin` answers one query a line as
//! soon as it is read.

use crate::args::{Explain, Query, RuleSetArg, RunArgs, number};
use crate::{Bad, Verbs, check_threads, explain_rules, outln, show_rules, unshield, words};
use ca_ngua_data::store::load_rules;
use clap::{Args, Subcommand};
use game_co_nhay::CoNhay;
use game_co_nhay::bots::{self, Budget, Level, Style};
use game_co_nhay::engine::{Move, Players, Position, Rules, perft};
use game_co_nhay::rules_text::summary_text;
use game_co_nhay::selfplay::{self, Tuning};

const NOTES: &str = "\
POSITION is the Cờ nhảy notation described in docs/NOTATION.md: the holes
of each arm's pieces (arms 0-5, '-' for an arm not in play), the arm to move
and the finished list, e.g. the start for two players:
  '0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -'
MOVE is FROM-TO (hole numbers 0-120, e.g. 3-14) or pass.
Presets: standard, quick, strict. Bots: random, easy, medium, hard.";

/// Cờ nhảy's verbs: one word, `nhay`, before them.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Cờ nhảy (Chinese checkers): 'ca-ngua-cli nhay help'
    #[command(arg_required_else_help = false, after_help = NOTES)]
    Nhay {
        #[command(subcommand)]
        command: NhayCommand,
    },
}

impl Verbs for Command {
    fn run(self) -> Result<(), Bad> {
        let Command::Nhay { command } = self;
        run(command)
    }
}

/// `nhay …`.
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

/// `nhay rules …`.
#[derive(Debug, Subcommand)]
pub enum NhayRulesCommand {
    /// Prints a rule set as a rules file
    Show(RuleSetArg),
    /// Says in plain language what the rules are
    Explain(Explain),
}

/// Deepest perft the command line runs (the count grows about a hundredfold
/// a level).
const MAX_PERFT_DEPTH: u32 = 8;

fn run(command: NhayCommand) -> Result<(), Bad> {
    match command {
        NhayCommand::Start { players } => start(players.as_deref()),
        NhayCommand::Moves(q) => query(&q, Ask::Moves),
        NhayCommand::Play(q) => query(&q, Ask::Play),
        NhayCommand::Hint(q) => query(&q, Ask::Hint),
        NhayCommand::Perft(p) => perft_cmd(&p),
        NhayCommand::Selfplay(s) => selfplay_cmd(&s),
        NhayCommand::Rules { command } => rules_cmd(command),
    }
}

fn players_of(word: &str, what: &str) -> Result<Players, Bad> {
    word.parse::<usize>()
        .ok()
        .and_then(Players::from_count)
        .ok_or_else(|| {
            Bad(format!(
                "{what}: '{word}' players; Cờ nhảy is played by 2, 3, 4 or 6"
            ))
        })
}

fn start(players: Option<&str>) -> Result<(), Bad> {
    match players {
        Some(n) => outln!("{}", Position::start(players_of(unshield(n), "start")?)),
        None => Err(Bad(
            "usage: ca-ngua-cli nhay start N (N = 2, 3, 4 or 6)".into()
        )),
    }
}

/// What a query asks.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Ask {
    Moves,
    Play,
    Hint,
}

fn query(q: &Query, kind: Ask) -> Result<(), Bad> {
    let rules = load_rules::<CoNhay>(&q.rules)?;
    crate::query(&q.words, q.stdin, |words| answer(&rules, words, kind))
}

/// The position in the first three words, after checking the word count.
fn position_and(
    rules: &Rules,
    words: &[String],
    extra: &str,
    extras: usize,
) -> Result<Position, Bad> {
    let want = 3 + extras;
    if words.len() != want {
        let shape = if extra.is_empty() {
            "POSITION".to_string()
        } else {
            format!("POSITION {extra}")
        };
        return Err(Bad(format!(
            "expected {shape} ({want} words: the position's 3 fields{}), found {} words",
            if extras > 0 { ", then the rest" } else { "" },
            words.len()
        )));
    }
    Ok(Position::parse(&words[..3].join(" "), rules)?)
}

/// One query: `POSITION` or `POSITION MOVE`.
fn answer(rules: &Rules, words: &[String], kind: Ask) -> Result<String, Bad> {
    match kind {
        Ask::Moves | Ask::Hint => {
            let position = position_and(rules, words, "", 0)?;
            if position.is_over() {
                return Err(Bad("the game is over: nobody moves".into()));
            }
            Ok(match kind {
                Ask::Hint => bots::hint(rules, &position)
                    .unwrap_or(Move::PASS)
                    .to_string(),
                _ => position.legal_moves(rules).to_string(),
            })
        }
        Ask::Play => {
            let mut position = position_and(rules, words, "MOVE", 1)?;
            let mv: Move = words[3].parse()?;
            position.play(rules, mv)?;
            Ok(position.to_string())
        }
    }
}

fn perft_cmd(p: &Perft) -> Result<(), Bad> {
    let rules = load_rules::<CoNhay>(&p.rules)?;
    let words = words(&p.words);
    let position = position_and(&rules, &words, "DEPTH", 1)?;
    let depth_word = &words[3];
    let depth: u32 = depth_word
        .parse()
        .ok()
        .filter(|d| *d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            Bad(format!(
                "bad depth '{depth_word}' (expected 0 to {MAX_PERFT_DEPTH})"
            ))
        })?;
    outln!("{}", perft(&position, &rules, depth))
}

fn selfplay_cmd(a: &NhaySelfplay) -> Result<(), Bad> {
    let Some(games) = a.games else {
        return Err(Bad("selfplay needs --games N".into()));
    };
    let rules = load_rules::<CoNhay>(&a.rules)?;
    let players = players_of(&a.players, "--players")?;
    let bots = match &a.bots {
        None => vec![Level::Random; players.count()],
        Some(list) => list
            .split(',')
            .map(|b| {
                b.trim()
                    .parse::<Level>()
                    .map_err(|e| Bad(format!("--bots: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let budget = Budget {
        nodes: a.budget.unwrap_or(Budget::DEFAULT.nodes),
        ..Budget::DEFAULT
    };
    let cfg = selfplay::Config {
        games,
        rules,
        seats: players.arms().collect(),
        bots,
        tuning: Tuning {
            budget,
            style: Style::DEFAULT,
        },
        seed: a.run.seed,
        threads: a.run.threads,
    };
    check_threads(cfg.threads)?;
    cfg.check()?;
    let report = crate::selfplay_recording(&cfg, a.record.as_deref())?;
    if a.run.json {
        return outln!("{}", serde_json::to_string(&report)?);
    }
    outln!(
        "{} games, {} thread(s), {:.3} s, {:.1} games/s",
        report.games,
        report.threads,
        report.seconds,
        report.games_per_second
    )?;
    outln!(
        "mean moves per game {:.1}, stopped by the cap {}",
        report.mean_length,
        report.capped
    )?;
    let wins: Vec<String> = report
        .wins
        .iter()
        .map(|(arm, w)| {
            let pct = if report.games > 0 {
                100.0 * *w as f64 / report.games as f64
            } else {
                0.0
            };
            format!("arm {} {w} ({pct:.1}%)", arm.number())
        })
        .collect();
    outln!("first to finish, by arm: {}", wins.join(", "))?;
    for (i, pl) in report.players.iter().enumerate() {
        outln!(
            "player {} {:<6} wins {:>6} = {:5.1}% (95% CI {:.1}-{:.1}%), mean place {:.2}, decision median {} us, worst {} us",
            i + 1,
            pl.bot,
            pl.wins,
            100.0 * pl.win_rate,
            100.0 * pl.win_rate_ci95[0],
            100.0 * pl.win_rate_ci95[1],
            pl.mean_place.unwrap_or(0.0),
            pl.median_decision_us,
            pl.max_decision_us
        )?;
    }
    Ok(())
}

fn rules_cmd(command: NhayRulesCommand) -> Result<(), Bad> {
    match command {
        NhayRulesCommand::Show(RuleSetArg { name, .. }) => {
            show_rules::<CoNhay>(&name, Rules::preset_name)
        }
        NhayRulesCommand::Explain(explain) => explain_rules::<CoNhay>(explain, summary_text),
    }
}
