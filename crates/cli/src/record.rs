//! `record check|analyse|verify`: a game record of either game replayed
//! with its game's engine, analysed (docs/ANALYSIS.md), or its online dice
//! checked again (docs/ONLINE.md).

use super::{Bad, outln};
use ca_ngua_core::game::selfplay::SelfPlay;
use ca_ngua_core::game::{Game, SeatId};
use ca_ngua_data::record::analysis::{Analysis, AnalysisConfig, analyse};
use ca_ngua_data::record::{Record, SeatPlayer};
use clap::{Args, Subcommand};
use std::process::ExitCode;

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

/// Runs `record …`. `record check FILE [--positions]`: the record replayed
/// with its game's engine; a record that does not read or replay is an `error: line N: …`.
pub fn run(command: RecordCommand) -> Result<(), Bad> {
    use ca_ngua_core::game::Game;
    use ca_ngua_data::record::read_any;
    let a = match command {
        RecordCommand::Check(a) => a,
        RecordCommand::Analyse(a) => return analysis(a),
        RecordCommand::Verify(a) => return verify(&a).map(|_| ()),
    };
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Bad(format!("cannot read {}: {e}", a.file.display())))?;
    let record = read_any(&text)?;
    ca_ngua_games::with_any!(&record, G, r => {
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
pub fn verify(a: &RecordVerify) -> Result<ExitCode, Bad> {
    use ca_ngua_data::record::read_any;
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Bad(format!("cannot read {}: {e}", a.file.display())))?;
    let record = read_any(&text)?;
    ca_ngua_games::with_any!(&record, _G, r => {
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

/// `record analyse FILE [--rollouts N] [--seed S] [--threads N] [--json]`:
/// the record replayed, then analysed (docs/ANALYSIS.md); a summary per
/// player, or the whole analysis as JSON.
fn analysis(a: RecordAnalyse) -> Result<(), Bad> {
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Bad(format!("cannot read {}: {e}", a.file.display())))?;
    let record = ca_ngua_data::record::read_any(&text)?;
    ca_ngua_games::with_any!(&record, G, r => analysis_of::<G>(&a, r))
}

/// `record analyse` of a record of game `G`.
fn analysis_of<G: SelfPlay>(a: &RecordAnalyse, r: &Record<G>) -> Result<(), Bad> {
    r.replay()?;
    let start = G::from_setup(&r.rules, &r.setup).map_err(|e| Bad(e.to_string()))?;
    let plays = r.plays();
    let mut config = match a.rollouts {
        // Cờ Cá Ngựa's rollouts are played by Hard (its evaluator without
        // look-ahead); Cờ nhảy's by Medium, as before.
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
    // Each seat's players, and the steps each played: a seat that changed
    // hands has a summary for each of its players.
    let players = r.seat_players();
    if a.json {
        let mut json = analysis.to_json();
        json["by_player"] = players
            .iter()
            .map(|p| {
                let mut v = analysis.totals_over(p.seat, &p.steps).to_json();
                v["player"] = p.player.to_string().into();
                v["name"] = p.name.clone().into();
                v["steps"] = p
                    .spans
                    .iter()
                    .map(|&(a, b)| vec![a, b])
                    .collect::<Vec<_>>()
                    .into();
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
        let shared = players.iter().filter(|p| p.seat == part.seat).count() > 1;
        player_summary(&analysis, part, shared)?;
    }
    Ok(())
}

/// One player's lines of `record analyse`: the figures that add up
/// (docs/ANALYSIS.md: luck − skill lost + the others' turns = end −
/// start), how well it chose, then its costliest mistakes; its steps named
/// when its seat changed hands (`shared`).
fn player_summary<G: Game>(
    analysis: &Analysis<G>,
    part: &SeatPlayer<G::Seat>,
    shared: bool,
) -> Result<(), Bad> {
    let p = analysis.totals_over(part.seat, &part.steps);
    let mut who = part.player.to_string();
    if !part.name.is_empty() {
        who = format!("{who} {}", part.name);
    }
    if shared {
        let spans: Vec<String> = part
            .spans
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    format!("{}", a + 1)
                } else {
                    format!("{}-{}", a + 1, b + 1)
                }
            })
            .collect();
        who = format!("{who}, steps {}", spans.join(", "));
    }
    let c = &p.choices;
    outln!(
        "{}: {who}: {} decisions, skill lost {:.1}%, luck {:+.1}%, others' turns {:+.1}%, \
         {:.1}% at the start, {:.1}% at the end; choices lost {:.0}% of a random pick's \
         loss (95% {:.0}-{:.0}%, {} decisions at stake: {}, {})",
        p.seat.code(),
        p.decisions,
        100.0 * p.skill_lost,
        100.0 * p.luck,
        100.0 * p.others,
        100.0 * p.start,
        100.0 * p.result,
        100.0 * c.share,
        100.0 * c.ci95[0],
        100.0 * c.ci95[1],
        c.decisions,
        c.band.name(),
        c.confidence.name()
    )?;
    for m in &p.mistakes {
        let mv = |m: Option<G::Move>| m.map_or("pass".to_string(), |m| m.to_string());
        outln!(
            "  step {}: played {}, better {} (cost {:.1}%)",
            m.step + 1,
            mv(m.played),
            mv(m.best),
            100.0 * m.cost
        )?;
    }
    Ok(())
}
