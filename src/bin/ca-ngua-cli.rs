//! `ca-ngua-cli`: the engines without the GUI, for tests, bug reports,
//! self-play and tuning house rules: Cờ Cá Ngựa (RULES.md section 5) and,
//! under `nhay`, Cờ nhảy (CO-NHAY.md §6, in `cli/nhay.rs`).

use ca_ngua::ca_ngua::bots::{self, Level};
use ca_ngua::ca_ngua::engine::{Move, Position, Roll, Rules, Seat};
use ca_ngua::ca_ngua::rules_file::{RuleSet, load_rules};
use ca_ngua::ca_ngua::rules_lab::{self, Figures, Player, Trial, TrialReport};
use ca_ngua::ca_ngua::rules_text::summary_text;
use ca_ngua::ca_ngua::selfplay;
use ca_ngua::i18n::{I18n, Lang};
use std::io::{BufRead, Write};
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
  ca-ngua-cli rules try [--rules PRESET|FILE] [--baseline PRESET|FILE]
                        [--players rgyb] [--bots P,P,..] [--games N]
                        [--seed S] [--threads T] [--json]
  ca-ngua-cli nhay ...            Cờ nhảy (Chinese checkers): 'ca-ngua-cli nhay help'
  ca-ngua-cli rules code PRESET|FILE      (the rule code, CN1-XXXXX-XXXXX)
  ca-ngua-cli rules decode CODE           (a rule code as a rules file)

POSITION is the notation described in docs/NOTATION.md, e.g.
  'Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y/Y,Y,Y,Y r 0'
ROLL is a die (6) or two dice (3+4); MOVE is FROM-TO (Y-0, 12-18) or pass.
hint prints the move the hard bot would make (or pass).
rules try plays N games (default 2000) of the rules and of the baseline
(default standard) and prints how long games last, who wins, kicks, the
safety cap and ledger points; P is person (played by medium, timed as a
person; the default) or a bot.
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

#[path = "cli/nhay.rs"]
mod nhay;

/// A `--stdin` batch: one query a line, one answer a line, each answer
/// written (and flushed) as soon as its line is read, so that a program can
/// send a query and wait for the answer. A bad line answers `error: …` and
/// the batch goes on.
fn batch(mut answer: impl FnMut(&[String]) -> Result<String, Bad>) -> Result<(), Bad> {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line?;
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match answer(&words) {
            Ok(a) => outln!("{a}")?,
            Err(Bad(msg)) => outln!("error: {msg}")?,
        }
    }
    Ok(())
}

/// Refuses words after `--stdin`, which reads its queries elsewhere.
fn no_words_with_stdin(p: &Parsed) -> Result<(), Bad> {
    match p.words.first() {
        Some(w) => Err(Bad(format!(
            "--stdin reads queries from standard input; unexpected argument '{w}'"
        ))),
        None => Ok(()),
    }
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
        return Err(Bad(
            "no command given (moves, play, hint, selfplay, rules or nhay); see 'ca-ngua-cli help'"
                .into(),
        ));
    };
    match command.as_str() {
        "moves" => query(rest, Query::Moves),
        "play" => query(rest, Query::Play),
        "hint" => query(rest, Query::Hint),
        "selfplay" => selfplay_cmd(rest),
        "rules" => rules_cmd(rest),
        "nhay" => nhay::run(rest),
        "help" | "--help" | "-h" => {
            outln!("{USAGE}")
        }
        other => Err(Bad(format!(
            "unknown command '{other}' (expected moves, play, hint, selfplay, rules or nhay)"
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
        no_words_with_stdin(&p)?;
        return batch(|words| answer(&rules, words, kind));
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
    let seats = parse_seats(&p)?;
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
    if args.first().is_some_and(|a| a == "try") {
        return rules_try_cmd(&args[1..]);
    }
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
            out(format_args!(
                "{}\n",
                ca_ngua::ca_ngua::rules_code::encode(&rules)
            ))
        }
        [sub, code] if sub == "decode" => {
            let rules = ca_ngua::ca_ngua::rules_code::decode(code)?;
            let label = rules.preset_name().unwrap_or("custom");
            out(format_args!("{}", RuleSet::new(label, rules).to_ron()))
        }
        _ => Err(Bad(
            "usage: ca-ngua-cli rules show|explain|code PRESET|FILE [--lang en|vi], \
             rules decode CODE, or rules try [options]"
                .into(),
        )),
    }
}

/// `--players rgyb`: the colours that play, in seat order.
fn parse_seats(p: &Parsed) -> Result<Vec<Seat>, Bad> {
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
    Ok(seats)
}

/// A rule set's name for the output: the preset's name or the file.
fn rules_label(arg: &str, rules: &Rules) -> String {
    match Rules::preset(arg) {
        Some(_) => arg.to_string(),
        None => match rules.preset_name() {
            Some(name) => format!("{arg} (= {name})"),
            None => arg.to_string(),
        },
    }
}

fn rules_try_cmd(args: &[String]) -> Result<(), Bad> {
    let p = Parsed::new(
        args,
        &[
            "games", "rules", "baseline", "players", "seed", "threads", "bots",
        ],
        &["json"],
    )?;
    if let Some(w) = p.words.first() {
        return Err(Bad(format!("rules try: unexpected argument '{w}'")));
    }
    let rules_arg = p.value("rules").unwrap_or("standard");
    let baseline_arg = p.value("baseline").unwrap_or("standard");
    let rules = load_rules(rules_arg)?;
    let baseline = load_rules(baseline_arg).map_err(|e| Bad(format!("--baseline: {e}")))?;
    let seats = parse_seats(&p)?;
    let players = match p.value("bots") {
        None => vec![Player::Person; seats.len()],
        Some(list) => list
            .split(',')
            .map(|b| match b.trim() {
                "person" | "human" => Ok(Player::Person),
                other => other
                    .parse::<Level>()
                    .map(Player::Bot)
                    .map_err(|e| Bad(format!("--bots: {e}, or person"))),
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let cfg = rules_lab::RunConfig {
        games: parse_number(&p, "games", rules_lab::DEFAULT_GAMES)?,
        seed: parse_number(&p, "seed", 1)?,
        threads: parse_number(&p, "threads", 1usize)?,
        ..rules_lab::RunConfig::default()
    };
    if cfg.games == 0 || cfg.games > 10_000_000 {
        return Err(Bad("--games: between 1 and 10000000".into()));
    }
    if cfg.threads == 0 || cfg.threads > 256 {
        return Err(Bad("--threads: between 1 and 256".into()));
    }
    let trial = Trial {
        rules,
        seats,
        players,
    };
    let report = rules_lab::run(&trial, &baseline, &cfg)?;
    let rules_name = rules_label(rules_arg, &rules);
    let baseline_name = rules_label(baseline_arg, &baseline);
    if p.flag("json") {
        let mut value = serde_json::to_value(&report)?;
        if let Some(map) = value.as_object_mut() {
            map.insert("rules_name".into(), rules_name.into());
            map.insert("baseline_name".into(), baseline_name.into());
        }
        return outln!("{value}");
    }
    print_trial(&report, &rules_name, &baseline_name)
}

/// A figure and its interval: `372 (95% CI 365-380)`.
fn est(e: &rules_lab::Estimate, digits: usize) -> String {
    format!(
        "{:.d$} ({:.d$}-{:.d$})",
        e.value,
        e.ci95[0],
        e.ci95[1],
        d = digits
    )
}

fn mean(m: &rules_lab::Mean, digits: usize) -> String {
    format!("{:.d$} ± {:.d$}", m.mean, m.se, d = digits)
}

fn pct(s: &rules_lab::Share) -> String {
    format!(
        "{:.1}% ({:.1}-{:.1})",
        100.0 * s.rate.value,
        100.0 * s.rate.ci95[0],
        100.0 * s.rate.ci95[1]
    )
}

/// The rows of one rule set's column.
fn trial_rows(f: &Figures) -> Vec<(String, String)> {
    let mut rows = vec![
        ("rolls, median".to_string(), est(&f.rolls_median, 0)),
        ("rolls, longest 10% over".into(), est(&f.rolls_p90, 0)),
        ("rolls, mean ± se".into(), mean(&f.rolls_mean, 1)),
        ("minutes, median".into(), est(&f.minutes_median, 1)),
        ("minutes, longest 10% over".into(), est(&f.minutes_p90, 1)),
    ];
    for c in &f.colours {
        let who = match c.player {
            Player::Person => "person".to_string(),
            Player::Bot(level) => level.to_string(),
        };
        rows.push((format!("{} ({who}) wins", c.colour), pct(&c.wins)));
    }
    rows.push((
        "first player wins".into(),
        format!(
            "{} {:+.1} pts vs fair {:.0}%",
            pct(&f.first_player.wins),
            f.first_player.advantage_points,
            100.0 * f.first_player.fair
        ),
    ));
    rows.push(("no winner".into(), pct(&f.no_winner)));
    rows.push(("kicks per game".into(), mean(&f.kicks_per_game, 2)));
    rows.push(("ended by the safety cap".into(), pct(&f.capped)));
    rows.push((
        "ledger points changing hands".into(),
        match &f.points_per_game {
            Some(m) => mean(m, 1),
            None => "(no ledger)".into(),
        },
    ));
    rows
}

fn print_trial(r: &TrialReport, rules_name: &str, baseline_name: &str) -> Result<(), Bad> {
    let seats: Vec<String> = r
        .seats
        .iter()
        .map(|s| match s.player {
            Player::Person => format!("{} person (played by {})", s.colour, s.simulated_as),
            Player::Bot(level) => format!("{} {level}", s.colour),
        })
        .collect();
    outln!(
        "{} games of each rule set, seed {}; players: {}",
        r.games_done,
        r.seed,
        seats.join(", ")
    )?;
    outln!(
        "simulated hard players search {} positions, {} rolls deep; minutes at the app's \
         normal pace (dice {} s, {} s a square, computer {} s to roll and to move, pass {} s, \
         kick {} s; a person {} s to roll, {} s for the only move, {} s to choose)",
        r.hard_budget.nodes,
        r.hard_budget.max_depth,
        r.time_model.dice_s,
        r.time_model.step_s,
        r.time_model.think_s,
        r.time_model.pass_s,
        r.time_model.kick_s,
        r.time_model.person_roll_s,
        r.time_model.person_move_s,
        r.time_model.person_choice_s
    )?;
    outln!("figures with 95% intervals (or ± standard error)")?;
    let a = trial_rows(&r.trial);
    let b = r.baseline.as_ref().map(trial_rows);
    let width = a.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    let col = a
        .iter()
        .map(|(_, v)| v.chars().count())
        .max()
        .unwrap_or(0)
        .max(rules_name.chars().count());
    match &b {
        Some(_) => outln!("{:width$}  {rules_name:col$}  {baseline_name}", "")?,
        None => outln!("{:width$}  {rules_name} (the baseline's rules too)", "")?,
    }
    for (i, (label, value)) in a.iter().enumerate() {
        let other = b
            .as_ref()
            .and_then(|b| b.get(i))
            .map(|(_, v)| v.as_str())
            .unwrap_or("");
        outln!("{label:width$}  {value:col$}  {other}")?;
    }
    Ok(())
}
