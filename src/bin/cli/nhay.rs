//! `ca-ngua-cli nhay …`: Cờ nhảy from the command line (CO-NHAY.md §6),
//! with the conventions of the Cờ Cá Ngựa commands: bad input exits with
//! status 2 and one `error:` line on standard error, `--stdin` answers one
//! query a line as soon as it is read.

use super::{Bad, Parsed, batch, no_words_with_stdin, out, parse_number};
use ca_ngua::co_nhay::bots::{self, Budget, Level, Style};
use ca_ngua::co_nhay::engine::{Move, Players, Position, Rules, perft};
use ca_ngua::co_nhay::rules_file::{RuleSet, load_rules};
use ca_ngua::co_nhay::rules_text::summary_text;
use ca_ngua::co_nhay::selfplay;
use ca_ngua::i18n::{I18n, Lang};

const USAGE: &str = "\
usage:
  ca-ngua-cli nhay start N                       (N = 2, 3, 4 or 6)
  ca-ngua-cli nhay moves [--rules PRESET|FILE] POSITION
  ca-ngua-cli nhay play  [--rules PRESET|FILE] POSITION MOVE
  ca-ngua-cli nhay hint  [--rules PRESET|FILE] POSITION
  ca-ngua-cli nhay moves|play|hint [--rules PRESET|FILE] --stdin
  ca-ngua-cli nhay perft [--rules PRESET|FILE] POSITION DEPTH
  ca-ngua-cli nhay selfplay --games N [--rules R] [--players 2|3|4|6]
                            [--bots B,B,..] [--seed S] [--threads T]
                            [--budget NODES] [--json]
  ca-ngua-cli nhay rules show PRESET|FILE
  ca-ngua-cli nhay rules explain PRESET|FILE [--lang en|vi]

POSITION is the Cờ nhảy notation described in docs/NOTATION.md: the holes
of each arm's pieces (arms 0-5, '-' for an arm not in play), the arm to move
and the finished list, e.g. the start for two players:
  '0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -'
MOVE is FROM-TO (hole numbers 0-120, e.g. 3-14) or pass.
hint prints the move the hard bot would make (or pass).
perft counts the move sequences of DEPTH moves (passes count).
Presets: standard, quick, strict. Bots: random, easy, medium, hard.";

/// Deepest perft the command line runs (the count grows about a hundredfold
/// a level).
const MAX_PERFT_DEPTH: u32 = 8;

pub(super) fn run(args: &[String]) -> Result<(), Bad> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Bad(
            "nhay: no command given (start, moves, play, hint, perft, selfplay, rules); see 'ca-ngua-cli nhay help'"
                .into(),
        ));
    };
    match command.as_str() {
        "start" => start(rest),
        "moves" => query(rest, Query::Moves),
        "play" => query(rest, Query::Play),
        "hint" => query(rest, Query::Hint),
        "perft" => perft_cmd(rest),
        "selfplay" => selfplay_cmd(rest),
        "rules" => rules_cmd(rest),
        "help" | "--help" | "-h" => outln!("{USAGE}"),
        other => Err(Bad(format!(
            "nhay: unknown command '{other}' (expected start, moves, play, hint, perft, selfplay or rules)"
        ))),
    }
}

fn rules_of(p: &Parsed) -> Result<Rules, Bad> {
    Ok(load_rules(p.value("rules").unwrap_or("standard"))?)
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

fn start(args: &[String]) -> Result<(), Bad> {
    let p = Parsed::new(args, &[], &[])?;
    match p.words.as_slice() {
        [n] => outln!("{}", Position::start(players_of(n, "start")?)),
        _ => Err(Bad(
            "usage: ca-ngua-cli nhay start N (N = 2, 3, 4 or 6)".into()
        )),
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
    let rules = rules_of(&p)?;
    if p.flag("stdin") {
        no_words_with_stdin(&p)?;
        return batch(|words| answer(&rules, words, kind));
    }
    let a = answer(&rules, &p.words, kind)?;
    outln!("{a}")
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
fn answer(rules: &Rules, words: &[String], kind: Query) -> Result<String, Bad> {
    match kind {
        Query::Moves | Query::Hint => {
            let position = position_and(rules, words, "", 0)?;
            if position.is_over() {
                return Err(Bad("the game is over: nobody moves".into()));
            }
            Ok(match kind {
                Query::Hint => bots::hint(rules, &position)
                    .unwrap_or(Move::PASS)
                    .to_string(),
                _ => position.legal_moves(rules).to_string(),
            })
        }
        Query::Play => {
            let mut position = position_and(rules, words, "MOVE", 1)?;
            let mv: Move = words[3].parse()?;
            position.play(rules, mv)?;
            Ok(position.to_string())
        }
    }
}

fn perft_cmd(args: &[String]) -> Result<(), Bad> {
    let p = Parsed::new(args, &["rules"], &[])?;
    let rules = rules_of(&p)?;
    let position = position_and(&rules, &p.words, "DEPTH", 1)?;
    let depth_word = &p.words[3];
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

fn selfplay_cmd(args: &[String]) -> Result<(), Bad> {
    let p = Parsed::new(
        args,
        &[
            "games", "rules", "players", "seed", "threads", "bots", "budget",
        ],
        &["json"],
    )?;
    if let Some(w) = p.words.first() {
        return Err(Bad(format!("selfplay: unexpected argument '{w}'")));
    }
    let games: u64 = match p.value("games") {
        Some(_) => parse_number(&p, "games", 0)?,
        None => return Err(Bad("selfplay needs --games N".into())),
    };
    let rules = rules_of(&p)?;
    let players = players_of(p.value("players").unwrap_or("2"), "--players")?;
    let bots = match p.value("bots") {
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
        nodes: parse_number(&p, "budget", Budget::DEFAULT.nodes)?,
        ..Budget::DEFAULT
    };
    let cfg = selfplay::Config {
        games,
        rules,
        players,
        bots,
        budget,
        style: Style::DEFAULT,
        seed: parse_number(&p, "seed", 1)?,
        threads: parse_number(&p, "threads", 1usize)?,
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
        "{} games, {} thread(s), {:.3} s, {:.1} games/s",
        report.games,
        report.threads,
        report.seconds,
        report.games_per_second
    )?;
    outln!(
        "mean moves per game {:.1}, stopped by the cap {}",
        report.mean_moves,
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
            format!("arm {arm} {w} ({pct:.1}%)")
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
            pl.mean_place,
            pl.median_decision_us,
            pl.max_decision_us
        )?;
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
        _ => Err(Bad(
            "usage: ca-ngua-cli nhay rules show|explain PRESET|FILE [--lang en|vi]".into(),
        )),
    }
}
