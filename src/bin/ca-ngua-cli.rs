//! `ca-ngua-cli`: the engines without the GUI, for tests, bug reports,
//! self-play and tuning house rules: Cờ Cá Ngựa (RULES.md section 5, in
//! `cli/ca_ngua.rs`) and, under `nhay`, Cờ nhảy (CO-NHAY.md §6, in
//! `cli/nhay.rs`), both read by one parser (`cli/args.rs`).
//!
//! The output contract of both specs: answers on standard output, exactly;
//! a bad argument exits with status 2 and one line on standard error that
//! starts `error:`, with nothing on standard output (clap's own errors are
//! turned into such a line, `cli/parse.rs`); `--help` and `--version`
//! print on standard output and exit 0; a closed standard output ends the
//! program quietly. A check whose answer is "no" (`record verify` finding
//! a roll the seed does not give) prints its answer and exits with 1.

use clap::Parser;
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[path = "cli/args.rs"]
mod args;
#[path = "cli/ca_ngua.rs"]
mod ca_ngua_cmd;
#[path = "common/clap_line.rs"]
mod clap_line;
#[path = "cli/nhay.rs"]
mod nhay;
#[path = "cli/parse.rs"]
mod parse;
#[path = "cli/puzzles.rs"]
mod puzzles;

use args::{Cli, Command};

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
        $crate::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}
use outln;

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

/// The words of a query given as arguments: a position's three fields may
/// come as one argument or three, so every argument is split at spaces.
fn words(args: &[String]) -> Vec<String> {
    args.iter()
        .flat_map(|a| a.split_whitespace())
        .map(str::to_string)
        .collect()
}

/// A query from the arguments, or with `--stdin` a batch of them (which
/// takes no query words besides).
fn query(
    args: &[String],
    stdin: bool,
    mut answer: impl FnMut(&[String]) -> Result<String, Bad>,
) -> Result<(), Bad> {
    let words = words(args);
    if stdin {
        if let Some(w) = words.first() {
            return Err(Bad(format!(
                "--stdin reads queries from standard input; unexpected argument '{w}'"
            )));
        }
        return batch(answer);
    }
    let a = answer(&words)?;
    outln!("{a}")
}

/// `--threads` of a run of games.
fn check_threads(threads: usize) -> Result<(), Bad> {
    if threads == 0 || threads > 256 {
        return Err(Bad("--threads: between 1 and 256".into()));
    }
    Ok(())
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().collect();
    let result = match Cli::try_parse_from(parse::shield_words(&raw)) {
        Ok(Cli {
            command:
                Command::Record {
                    command: args::RecordCommand::Verify(a),
                },
        }) => record_verify(&a),
        Ok(cli) => run(cli.command).map(|()| ExitCode::SUCCESS),
        Err(e) => {
            parse::clap_error(&e, raw.get(1..).unwrap_or_default()).map(|()| ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(Bad(msg)) if msg.is_empty() => ExitCode::SUCCESS,
        Err(Bad(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), Bad> {
    // The commands whose computer players or analysis use the learned
    // evaluator say when its weights fail their checks (they go on with
    // today's Hard).
    if matches!(
        command,
        Command::Hint(_) | Command::Selfplay(_) | Command::Record { .. } | Command::Puzzles { .. }
    ) && let Err(e) = ca_ngua::ca_ngua::bots::eval::shipped()
    {
        eprintln!("warning: the learned evaluator is not used, the computer plays as before: {e}");
    }
    match command {
        Command::Moves(q) => ca_ngua_cmd::query(&q, ca_ngua_cmd::Query::Moves),
        Command::Play(q) => ca_ngua_cmd::query(&q, ca_ngua_cmd::Query::Play),
        Command::Hint(q) => ca_ngua_cmd::query(&q, ca_ngua_cmd::Query::Hint),
        Command::Selfplay(s) => ca_ngua_cmd::selfplay(&s),
        Command::Train(t) => ca_ngua_cmd::train(&t),
        Command::Strength(s) => ca_ngua_cmd::strength(&s),
        Command::Rules { command } => ca_ngua_cmd::rules(command),
        Command::Record { command } => record(command),
        Command::Puzzles { command } => puzzles::run(command),
        Command::Nhay { command } => nhay::run(command),
        #[cfg(feature = "net")]
        Command::Online { command } => online(command),
        Command::Completions { shell } => parse::completions(shell),
    }
}

/// `record check FILE [--positions]`: the record replayed with its game's
/// engine; a record that does not read or replay is an `error: line N: …`.
fn record(command: args::RecordCommand) -> Result<(), Bad> {
    use ca_ngua::game::Game;
    use ca_ngua::record::read_any;
    let a = match command {
        args::RecordCommand::Check(a) => a,
        args::RecordCommand::Analyse(a) => return record_analyse(a),
        args::RecordCommand::Verify(a) => return record_verify(&a).map(|_| ()),
    };
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Bad(format!("cannot read {}: {e}", a.file.display())))?;
    let record = read_any(&text)?;
    ca_ngua::with_any!(&record, G, r => {
        let states = r.replay()?;
        if a.positions {
            for state in states.iter().skip(1) {
                outln!("{}", G::setup(state))?;
            }
        }
        outln!("ok: {} steps, result {}", r.steps.len(), r.result_text())
    })
}

/// `record verify FILE`: the dice of an online game's record checked
/// again (docs/ONLINE.md): `dice verified: …` and status 0, or what does
/// not match and status 1; a record without dice, or a file that does not
/// read, is an `error:` line (status 2).
#[cfg(feature = "net")]
fn record_verify(a: &args::RecordVerify) -> Result<ExitCode, Bad> {
    use ca_ngua::record::read_any;
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Bad(format!("cannot read {}: {e}", a.file.display())))?;
    let record = read_any(&text)?;
    ca_ngua::with_any!(&record, _G, r => {
        let check = r.check_dice()?;
        let line = |n: u32| r.roll_line(n).map(|l| format!(" (line {l})")).unwrap_or_default();
        let round = check.round;
        if !check.commit_ok {
            let at = r.dice_seed_line().map(|l| format!(" (line {l})")).unwrap_or_default();
            outln!("dice NOT verified: the revealed seed{at} does not match round {round}'s commit")?;
            return Ok(ExitCode::from(1));
        }
        if let Some((n, expected, made)) = &check.first_wrong {
            outln!(
                "dice NOT verified: roll {n}{} was {made}, the seed gives {expected} ({}/{} rolls match)",
                line(*n),
                check.matching,
                check.rolls
            )?;
            return Ok(ExitCode::from(1));
        }
        outln!(
            "dice verified: {}/{} rolls match the revealed seed (round {round})",
            check.matching,
            check.rolls
        )?;
        Ok(ExitCode::SUCCESS)
    })
}

/// `record verify` in a build without online play.
#[cfg(not(feature = "net"))]
fn record_verify(_: &args::RecordVerify) -> Result<ExitCode, Bad> {
    Err(Bad(
        "record verify needs the dice of online play: this ca-ngua-cli was built without the \
         'net' feature (build it with --features net)"
            .into(),
    ))
}

/// `record analyse FILE [--rollouts N] [--seed S] [--threads N] [--json]`:
/// the record replayed, then analysed (docs/ANALYSIS.md); a summary per
/// player, or the whole analysis as JSON.
fn record_analyse(a: args::RecordAnalyse) -> Result<(), Bad> {
    use ca_ngua::game::{Game, SeatId};
    use ca_ngua::record::analysis::{AnalysisConfig, analyse};
    use ca_ngua::record::read_any;
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Bad(format!("cannot read {}: {e}", a.file.display())))?;
    let record = read_any(&text)?;
    ca_ngua::with_any!(&record, G, r => {
        r.replay()?;
        let start = G::from_setup(&r.rules, &r.setup).map_err(|e| Bad(e.to_string()))?;
        let plays = r.plays();
        let mut config = match a.rollouts {
            // Cờ Cá Ngựa's rollouts are played by Hard (its evaluator
            // without look-ahead); Cờ nhảy's by Medium, as before.
            Some(n) if G::HAS_DICE => AnalysisConfig::deep(n),
            Some(n) => AnalysisConfig::with_rollouts(n),
            None => AnalysisConfig::for_game::<G>(),
        };
        config.seed = a.seed;
        if let Some(t) = a.threads {
            config.threads = t as usize;
        }
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let analysis = analyse::<G>(&r.rules, &start, &plays, &config, &|_, _| {}, &cancel)
            .map_err(|e| Bad(e.to_string()))?;
        // Each seat's players, and the steps each played: a seat that
        // changed hands has a summary for each of its players.
        let players = r.seat_players();
        let shared = |seat| players.iter().filter(|p| p.seat == seat).count() > 1;
        let spans = |p: &ca_ngua::record::SeatPlayer<<G as Game>::Seat>| {
            p.spans
                .iter()
                .map(|&(a, b)| if a == b { format!("{}", a + 1) } else { format!("{}-{}", a + 1, b + 1) })
                .collect::<Vec<_>>()
                .join(", ")
        };
        if a.json {
            let mut json = analysis.to_json();
            json["by_player"] = players
                .iter()
                .map(|p| {
                    let mut v = analysis.totals_over(p.seat, &p.steps).to_json();
                    v["player"] = p.player.to_string().into();
                    v["name"] = p.name.clone().into();
                    v["steps"] = p.spans.iter().map(|&(a, b)| vec![a, b]).collect::<Vec<_>>().into();
                    if let Some(o) = v.as_object_mut() {
                        o.remove("series");
                    }
                    v
                })
                .collect::<Vec<_>>()
                .into();
            return outln!("{json}");
        }
        for part in &players {
            let p = analysis.totals_over(part.seat, &part.steps);
            let mut who = part.player.to_string();
            if !part.name.is_empty() {
                who = format!("{who} {}", part.name);
            }
            if shared(part.seat) {
                who = format!("{who}, steps {}", spans(part));
            }
            // The figures that add up (docs/ANALYSIS.md): luck − skill lost
            // + the others' turns = end − start.
            outln!(
                "{}: {who}: {} decisions, skill lost {:.1}%, luck {:+.1}%, others' turns {:+.1}%, \
                 {:.1}% at the start, {:.1}% at the end",
                p.seat.code(),
                p.decisions,
                100.0 * p.skill_lost,
                100.0 * p.luck,
                100.0 * p.others,
                100.0 * p.start,
                100.0 * p.result
            )?;
            for m in &p.mistakes {
                let mv = |m: Option<<G as Game>::Move>| m.map_or("pass".to_string(), |m| m.to_string());
                outln!(
                    "  step {}: played {}, better {} (cost {:.1}%)",
                    m.step + 1,
                    mv(m.played),
                    mv(m.best),
                    100.0 * m.cost
                )?;
            }
        }
        Ok(())
    })
}

/// Runs self-play, writing each game's record to `dir/game-NNNN.txt` when
/// `dir` is given (the first file that cannot be written is the error).
fn selfplay_recording<G: ca_ngua::game::selfplay::SelfPlay>(
    cfg: &ca_ngua::game::selfplay::Config<G>,
    dir: Option<&std::path::Path>,
) -> Result<ca_ngua::game::selfplay::Report<G>, Bad> {
    use ca_ngua::record::{RECORD_EXTENSION, Record, UtcDate};
    let Some(dir) = dir else {
        return Ok(ca_ngua::game::selfplay::run(cfg));
    };
    std::fs::create_dir_all(dir).map_err(|e| Bad(format!("--record: {}: {e}", dir.display())))?;
    let date = UtcDate::now();
    let failure = std::sync::Mutex::new(None::<String>);
    let keep = |game: ca_ngua::game::selfplay::KeptGame<G>| {
        let path = dir.join(format!("game-{:04}.{RECORD_EXTENSION}", game.index + 1));
        let written = Record::of_selfplay(cfg.rules, &game, date)
            .map_err(|e| format!("game {} does not replay: {e}", game.index + 1))
            .and_then(|r| {
                std::fs::write(&path, r.to_text())
                    .map_err(|e| format!("--record: {}: {e}", path.display()))
            });
        if let Err(e) = written
            && let Ok(mut f) = failure.lock()
        {
            f.get_or_insert(e);
        }
    };
    let report = ca_ngua::game::selfplay::run_keeping(cfg, &keep);
    match failure.into_inner().ok().flatten() {
        Some(e) => Err(Bad(e)),
        None => Ok(report),
    }
}

/// `online join LINK --name NAME [--level L]` and `online watch LINK
/// [--name NAME]`.
#[cfg(feature = "net")]
fn online(command: args::OnlineCommand) -> Result<(), Bad> {
    use ca_ngua::net::client::{HeadlessEnd, play_seat, watch_room};
    let (link, name) = match &command {
        args::OnlineCommand::Join(a) => (&a.link, &a.name),
        args::OnlineCommand::Watch(a) => (&a.link, &a.name),
    };
    let invite: ca_ngua::net::Invite = link.parse().map_err(|e| Bad(format!("{e}")))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(Bad("--name: the others need a name to see".into()));
    }
    let quiet = std::time::Duration::from_secs(600);
    let print = |line: String| {
        let _ = outln!("{line}");
    };
    let end = match &command {
        args::OnlineCommand::Join(a) => {
            let level: ca_ngua::game::Level =
                a.level.parse().map_err(|e| Bad(format!("--level: {e}")))?;
            play_seat(&invite, name, level, quiet, print)
        }
        args::OnlineCommand::Watch(_) => watch_room(&invite, name, quiet, print),
    }
    .map_err(|e| Bad(e.to_string()))?;
    match end {
        HeadlessEnd::Over(places) => {
            let places: Vec<String> = places.iter().map(|p| p.join(" ")).collect();
            outln!("ranking: {}", places.join(" | "))
        }
        HeadlessEnd::Closed(reason) => match command {
            args::OnlineCommand::Join(_) => Err(Bad(format!("the room ended the seat: {reason}"))),
            args::OnlineCommand::Watch(_) => {
                Err(Bad(format!("the room ended the watch: {reason}")))
            }
        },
    }
}
