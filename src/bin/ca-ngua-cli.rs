//! `ca-ngua-cli`: the engine without the GUI (RULES.md section 5), for
//! tests, bug reports, self-play and tuning house rules.

use ca_ngua::bots::{self, Level};
use ca_ngua::engine::{Move, Position, Roll, Rules, Seat};
use ca_ngua::i18n::{I18n, Lang};
use ca_ngua::rules_file::{RuleSet, load_rules};
use ca_ngua::rules_text::summary_text;
use ca_ngua::selfplay;
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage:
  ca-ngua-cli moves [--rules PRESET|FILE] POSITION ROLL
  ca-ngua-cli play  [--rules PRESET|FILE] POSITION ROLL MOVE
  ca-ngua-cli hint  [--rules PRESET|FILE] POSITION ROLL
  ca-ngua-cli moves|play|hint [--rules PRESET|FILE] --stdin
  ca-ngua-cli selfplay --games N [--rules R] [--players rgyb] [--bots B,B,..]
                       [--seed S] [--threads T] [--json]
  ca-ngua-cli rules show PRESET|FILE
  ca-ngua-cli rules explain PRESET|FILE [--lang en|vi]
  ca-ngua-cli rules code PRESET|FILE      (the rule code, CN1-XXXXX-XXXXX)
  ca-ngua-cli rules decode CODE           (a rule code as a rules file)

POSITION is the notation of RULES.md section 4, e.g.
  'Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0'
ROLL is a die (6) or two dice (3+4); MOVE is FROM-TO (Y-0, 12-18) or pass.
hint prints the move the hard bot would make (or pass).
Presets: standard, casual, traditional. Bots: random, easy, medium, hard.";

/// A bad argument: printed as one line on standard error, exit status 2.
/// An empty message means standard output was closed (`| head`): stop
/// quietly, as Unix tools do.
struct Bad(String);

impl<E: std::fmt::Display> From<E> for Bad {
    fn from(e: E) -> Bad {
        Bad(e.to_string())
    }
}

/// Writes to standard output; a closed pipe ends the program quietly.
fn out(text: std::fmt::Arguments<'_>) -> Result<(), Bad> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_fmt(text)
        .and_then(|()| stdout.flush())
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                Bad(String::new())
            } else {
                Bad(format!("cannot write the output: {e}"))
            }
        })
}

macro_rules! outln {
    ($($arg:tt)*) => {
        out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Bad(msg)) if msg.is_empty() => ExitCode::SUCCESS,
        Err(Bad(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), Bad> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Bad(format!(
            "no command given (moves, play, hint, selfplay, rules)\n{USAGE}"
        )));
    };
    match command.as_str() {
        "moves" => query(rest, Query::Moves),
        "play" => query(rest, Query::Play),
        "hint" => query(rest, Query::Hint),
        "selfplay" => selfplay_cmd(rest),
        "rules" => rules_cmd(rest),
        "help" | "--help" | "-h" => {
            outln!("{USAGE}")
        }
        other => Err(Bad(format!(
            "unknown command '{other}' (expected moves, play, hint, selfplay or rules)"
        ))),
    }
}

/// Options and positional words of a command line.
struct Parsed {
    words: Vec<String>,
    options: Vec<(String, Option<String>)>,
}

impl Parsed {
    /// Splits `args` into `--flag`, `--option VALUE` and positional words.
    /// `valued` lists the options that take a value.
    fn new(args: &[String], valued: &[&str], flags: &[&str]) -> Result<Parsed, Bad> {
        let mut words = Vec::new();
        let mut options = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                if valued.contains(&name) {
                    let value = match inline {
                        Some(v) => v,
                        None => it
                            .next()
                            .cloned()
                            .ok_or_else(|| Bad(format!("--{name} needs a value")))?,
                    };
                    options.push((name.to_string(), Some(value)));
                } else if flags.contains(&name) && inline.is_none() {
                    options.push((name.to_string(), None));
                } else {
                    return Err(Bad(format!("unknown option '{a}'")));
                }
            } else {
                words.extend(a.split_whitespace().map(str::to_string));
            }
        }
        Ok(Parsed { words, options })
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    fn rules(&self) -> Result<Rules, Bad> {
        Ok(load_rules(self.value("rules").unwrap_or("standard"))?)
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Query {
    Moves,
    Play,
    Hint,
}

fn query(args: &[String], kind: Query) -> Result<(), Bad> {
    let p = Parsed::new(args, &["rules"], &["stdin"])?;
    let rules = p.rules()?;
    if p.flag("stdin") {
        if !p.words.is_empty() {
            return Err(Bad(format!(
                "--stdin reads queries from standard input; unexpected argument '{}'",
                p.words[0]
            )));
        }
        let stdin = std::io::stdin();
        let mut buffer = BufWriter::new(std::io::stdout().lock());
        let closed = |e: std::io::Error| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                Bad(String::new())
            } else {
                Bad(format!("cannot write the output: {e}"))
            }
        };
        for line in stdin.lock().lines() {
            let line = line?;
            let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            match answer(&rules, &words, kind) {
                Ok(a) => writeln!(buffer, "{a}").map_err(closed)?,
                Err(Bad(msg)) => writeln!(buffer, "error: {msg}").map_err(closed)?,
            }
        }
        return buffer.flush().map_err(closed);
    }
    let a = answer(&rules, &p.words, kind)?;
    outln!("{a}")
}

/// One query: `POSITION(3 words) ROLL [MOVE]`.
fn answer(rules: &Rules, words: &[String], kind: Query) -> Result<String, Bad> {
    let want = match kind {
        Query::Moves | Query::Hint => 4,
        Query::Play => 5,
    };
    if words.len() != want {
        let shape = match kind {
            Query::Moves | Query::Hint => "POSITION ROLL",
            Query::Play => "POSITION ROLL MOVE",
        };
        return Err(Bad(format!(
            "expected {shape} ({want} words: the position's 3 fields, then the rest), found {} words",
            words.len()
        )));
    }
    let position = Position::parse(&words[..3].join(" "), rules)?;
    let roll: Roll = words[3].parse()?;
    position.check_roll(rules, roll)?;
    match kind {
        Query::Moves => Ok(position.legal_moves(rules, roll).to_string()),
        Query::Hint => Ok(match bots::hint(rules, &position, roll) {
            Some(mv) => mv.to_string(),
            None => "pass".to_string(),
        }),
        Query::Play => {
            let mv = match words[4].as_str() {
                "pass" => None,
                m => Some(m.parse::<Move>()?),
            };
            let (next, _) = position.play(rules, roll, mv)?;
            Ok(next.to_string())
        }
    }
}

fn parse_number<T: std::str::FromStr>(p: &Parsed, name: &str, default: T) -> Result<T, Bad> {
    match p.value(name) {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| Bad(format!("--{name}: '{v}' is not a valid number"))),
    }
}

fn selfplay_cmd(args: &[String]) -> Result<(), Bad> {
    let p = Parsed::new(
        args,
        &["games", "rules", "players", "seed", "threads", "bots"],
        &["json"],
    )?;
    if let Some(w) = p.words.first() {
        return Err(Bad(format!("selfplay: unexpected argument '{w}'")));
    }
    let games: u64 = match p.value("games") {
        Some(_) => parse_number(&p, "games", 0)?,
        None => return Err(Bad("selfplay needs --games N".into())),
    };
    let rules = p.rules()?;
    let mut seats = Vec::new();
    for c in p.value("players").unwrap_or("rgyb").chars() {
        let seat = Seat::from_letter(c).ok_or_else(|| {
            Bad(format!(
                "--players: '{c}' is not a colour (use r, g, y, b, e.g. rgyb or ry)"
            ))
        })?;
        seats.push(seat);
    }
    seats.sort();
    let bots = match p.value("bots") {
        None => vec![Level::Random; seats.len()],
        Some(list) => list
            .split(',')
            .map(|b| {
                b.trim()
                    .parse::<Level>()
                    .map_err(|e| Bad(format!("--bots: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let cfg = selfplay::Config {
        games,
        rules,
        seed: parse_number(&p, "seed", 1)?,
        threads: parse_number(&p, "threads", 1usize)?,
        seats,
        bots,
    };
    if cfg.threads == 0 || cfg.threads > 256 {
        return Err(Bad("--threads: between 1 and 256".into()));
    }
    cfg.check().map_err(Bad)?;
    let report = selfplay::run(&cfg);
    if p.flag("json") {
        return outln!("{}", serde_json::to_string(&report)?);
    }
    outln!(
        "{} games, {} thread(s), {:.3} s, {:.0} games/s",
        report.games,
        report.threads,
        report.seconds,
        report.games_per_second
    )?;
    outln!(
        "mean rolls per game {:.1}, stopped by the cap {}",
        report.mean_rolls,
        report.capped
    )?;
    let wins: Vec<String> = report
        .wins
        .iter()
        .map(|(c, w)| {
            let pct = if report.games > 0 {
                100.0 * *w as f64 / report.games as f64
            } else {
                0.0
            };
            format!("{c} {w} ({pct:.1}%)")
        })
        .collect();
    outln!("wins by colour: {}", wins.join(", "))?;
    if p.value("bots").is_some() {
        for (i, pl) in report.players.iter().enumerate() {
            outln!(
                "player {} {:<6} wins {:>6} = {:5.1}% (95% CI {:.1}-{:.1}%), decision median {} us, worst {} us",
                i + 1,
                pl.bot,
                pl.wins,
                100.0 * pl.win_rate,
                100.0 * pl.win_rate_ci95[0],
                100.0 * pl.win_rate_ci95[1],
                pl.median_decision_us,
                pl.max_decision_us
            )?;
        }
    }
    Ok(())
}

fn rules_cmd(args: &[String]) -> Result<(), Bad> {
    let p = Parsed::new(args, &["lang"], &[])?;
    match p.words.as_slice() {
        [sub, name] if sub == "show" => {
            let rules = load_rules(name)?;
            let label = Rules::preset(name).map_or_else(
                || rules.preset_name().unwrap_or("custom").to_string(),
                |_| name.clone(),
            );
            out(format_args!("{}", RuleSet::new(&label, rules).to_ron()))
        }
        [sub, name] if sub == "explain" => {
            let rules = load_rules(name)?;
            let lang: Lang = p.value("lang").unwrap_or("en").parse()?;
            out(format_args!("{}", summary_text(&I18n::new(lang), &rules)))
        }
        [sub, name] if sub == "code" => {
            let rules = load_rules(name)?;
            out(format_args!("{}\n", ca_ngua::rules_code::encode(&rules)))
        }
        [sub, code] if sub == "decode" => {
            let rules = ca_ngua::rules_code::decode(code)?;
            let label = rules.preset_name().unwrap_or("custom");
            out(format_args!("{}", RuleSet::new(label, rules).to_ron()))
        }
        _ => Err(Bad(
            "usage: ca-ngua-cli rules show|explain|code PRESET|FILE [--lang en|vi], \
             or rules decode CODE"
                .into(),
        )),
    }
}
