//! `ca-ngua-cli nhay …`: Cờ nhảy from the command line (CO-NHAY.md §6),
//! with the conventions of the Cờ Cá Ngựa commands: bad input exits with
//! status 2 and one `error:` line on standard error, `--stdin` answers one
//! query a line as soon as it is read.

use super::args::{Explain, NhayCommand, NhayRulesCommand, NhaySelfplay, Perft, RuleSetArg};
use super::parse::unshield;
use super::{Bad, check_threads, out, outln, words};
use ca_ngua::any_game::load_rules;
use ca_ngua::co_nhay::CoNhay;
use ca_ngua::co_nhay::bots::{self, Budget, Level, Style};
use ca_ngua::co_nhay::engine::{Move, Players, Position, Rules, perft};
use ca_ngua::co_nhay::rules_file::RuleSet;
use ca_ngua::co_nhay::rules_text::summary_text;
use ca_ngua::co_nhay::selfplay::{self, Tuning};
use ca_ngua::i18n::{I18n, Lang};

/// Deepest perft the command line runs (the count grows about a hundredfold
/// a level).
const MAX_PERFT_DEPTH: u32 = 8;

pub(super) fn run(command: NhayCommand) -> Result<(), Bad> {
    match command {
        NhayCommand::Start { players } => start(players.as_deref()),
        NhayCommand::Moves(q) => query(&q, Query::Moves),
        NhayCommand::Play(q) => query(&q, Query::Play),
        NhayCommand::Hint(q) => query(&q, Query::Hint),
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

#[derive(Copy, Clone, PartialEq, Eq)]
enum Query {
    Moves,
    Play,
    Hint,
}

fn query(q: &super::args::Query, kind: Query) -> Result<(), Bad> {
    let rules = load_rules::<CoNhay>(&q.rules)?;
    super::query(&q.words, q.stdin, |words| answer(&rules, words, kind))
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
    cfg.check().map_err(Bad)?;
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
            let name = unshield(&name);
            let rules = load_rules::<CoNhay>(name)?;
            let label = Rules::preset(name).map_or_else(
                || rules.preset_name().unwrap_or("custom").to_string(),
                |_| name.to_string(),
            );
            out(format_args!("{}", RuleSet::new(&label, rules).to_ron()))
        }
        NhayRulesCommand::Explain(Explain { name, lang }) => {
            let rules = load_rules::<CoNhay>(unshield(&name))?;
            let lang: Lang = lang.parse()?;
            out(format_args!("{}", summary_text(&I18n::new(lang), &rules)))
        }
    }
}
