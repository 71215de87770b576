//! Cờ Cá Ngựa's verbs of `ca-ngua-cli` (RULES.md section 5), at the
//! command line's top level: `moves`, `play`, `hint`, `selfplay`, `train`,
//! `strength` and `rules show|explain|try|code|decode`.

mod args;
mod gauntlet;
mod learned;
mod trial;

pub use args::{Gauntlet, RulesCommand, RulesTry, Selfplay, Strength, Train};

use crate::args::{Query, RuleSetArg};
use crate::{Bad, Verbs, check_threads, explain_rules, out, outln, show_rules, unshield};
use ca_ngua_data::store::load_rules;
use clap::Subcommand;
use game_ca_ngua::CaNgua;
use game_ca_ngua::bots::{self, Level};
use game_ca_ngua::engine::{Move, Position, Roll, Rules, Seat};
use game_ca_ngua::rules_file::RuleSet;
use game_ca_ngua::rules_text::summary_text;
use game_ca_ngua::selfplay;

/// Cờ Cá Ngựa's verbs.
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
    /// Plays one bot against copies of another (a level, hard-v1 or a
    /// hand-written style), seats rotated, and reports its share of wins
    /// with the 95% Wilson interval
    Gauntlet(Gauntlet),
    /// Rule sets: show, explain, try, code and decode
    #[command(arg_required_else_help = false)]
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
}

impl Verbs for Command {
    fn run(self) -> Result<(), Bad> {
        match self {
            Command::Moves(q) => query(&q, Ask::Moves),
            Command::Play(q) => query(&q, Ask::Play),
            Command::Hint(q) => query(&q, Ask::Hint),
            Command::Selfplay(s) => selfplay(&s),
            Command::Train(t) => learned::train(&t),
            Command::Strength(s) => learned::strength(&s),
            Command::Gauntlet(g) => gauntlet::gauntlet(&g),
            Command::Rules { command } => rules(command),
        }
    }

    fn uses_evaluator(&self) -> bool {
        matches!(
            self,
            Command::Hint(_) | Command::Selfplay(_) | Command::Gauntlet(_)
        )
    }

    fn unready() -> Option<String> {
        bots::eval::shipped().err().map(|e| {
            format!("the learned evaluator is not used, the computer plays as before: {e}")
        })
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
    let rules = load_rules::<CaNgua>(&q.rules)?;
    crate::query(&q.words, q.stdin, |words| answer(&rules, words, kind))
}

/// One query: `POSITION(3 words) ROLL [MOVE]`.
fn answer(rules: &Rules, words: &[String], kind: Ask) -> Result<String, Bad> {
    let want = match kind {
        Ask::Moves | Ask::Hint => 4,
        Ask::Play => 5,
    };
    if words.len() != want {
        let shape = match kind {
            Ask::Moves | Ask::Hint => "POSITION ROLL",
            Ask::Play => "POSITION ROLL MOVE",
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
        Ask::Moves => Ok(position.legal_moves(rules, roll).to_string()),
        Ask::Hint => Ok(match bots::hint(rules, &position, roll) {
            Some(mv) => mv.to_string(),
            None => "pass".to_string(),
        }),
        Ask::Play => {
            let mv = match words[4].as_str() {
                "pass" => None,
                m => Some(m.parse::<Move>()?),
            };
            let (next, _) = position.play(rules, roll, mv)?;
            Ok(next.to_string())
        }
    }
}

fn selfplay(a: &Selfplay) -> Result<(), Bad> {
    let Some(games) = a.games else {
        return Err(Bad("selfplay needs --games N".into()));
    };
    let rules = load_rules::<CaNgua>(&a.rules)?;
    let seats = parse_seats(&a.players)?;
    let bots = match &a.bots {
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
        seats,
        bots,
        tuning: (),
        seed: a.run.seed,
        threads: a.run.threads,
    };
    check_threads(cfg.threads)?;
    cfg.check()?;
    let report = crate::selfplay_recording(&cfg, a.record.as_deref())?;
    if a.run.json {
        return outln!("{}", serde_json::to_string(&report)?);
    }
    print_selfplay(&report, &rules, a.bots.is_some())
}

/// A self-play run's report in lines: the games and their speed, the
/// lengths, the wins by colour (and by team), and each computer's figures
/// when the computers were named (`bots`).
fn print_selfplay(report: &selfplay::Report, rules: &Rules, bots: bool) -> Result<(), Bad> {
    outln!(
        "{} games, {} thread(s), {:.3} s, {:.0} games/s",
        report.games,
        report.threads,
        report.seconds,
        report.games_per_second
    )?;
    outln!(
        "mean rolls per game {:.1}, stopped by the cap {}",
        report.mean_length,
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
            format!("{} {w} ({pct:.1}%)", c.letter())
        })
        .collect();
    outln!("wins by colour: {}", wins.join(", "))?;
    if rules.teams {
        // Partners win together: each team's wins once.
        let team = |a: Seat| {
            report
                .wins
                .iter()
                .find(|(c, _)| *c == a)
                .map_or(0, |(_, w)| *w)
        };
        let pct = |w: u64| 100.0 * w as f64 / report.games.max(1) as f64;
        let (ry, gb) = (team(Seat::Red), team(Seat::Green));
        outln!(
            "wins by team: r+y {ry} ({:.1}%), g+b {gb} ({:.1}%)",
            pct(ry),
            pct(gb)
        )?;
    }
    if bots {
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

fn rules(command: RulesCommand) -> Result<(), Bad> {
    match command {
        RulesCommand::Show(RuleSetArg { name, .. }) => {
            show_rules::<CaNgua>(&name, Rules::preset_name)
        }
        RulesCommand::Explain(explain) => explain_rules::<CaNgua>(explain, summary_text),
        RulesCommand::Code(RuleSetArg { name, .. }) => {
            let rules = load_rules::<CaNgua>(unshield(&name))?;
            out(format_args!(
                "{}\n",
                game_ca_ngua::rules_code::encode(&rules)
            ))
        }
        RulesCommand::Decode { code } => {
            let rules = game_ca_ngua::rules_code::decode(unshield(&code))?;
            let label = rules.preset_name().unwrap_or("custom");
            out(format_args!("{}", RuleSet::new(label, rules).to_ron()))
        }
        RulesCommand::Try(t) => trial::rules_try(&t),
    }
}

/// `--players rgyb`: the colours that play, in seat order.
fn parse_seats(players: &str) -> Result<Vec<Seat>, Bad> {
    let mut seats = Vec::new();
    for c in players.chars() {
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
