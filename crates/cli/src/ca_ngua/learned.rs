//! `train` and `strength`: the learned evaluator trained by self-play, and
//! measured against today's Hard.

use super::args::{Strength, Train};
use crate::{Bad, check_threads, outln};
use ca_ngua_data::store::load_rules;
use game_ca_ngua::CaNgua;
use game_ca_ngua::bots;

/// `train`: TD(λ) self-play, progress on stderr, the weights written.
pub(super) fn train(a: &Train) -> Result<(), Bad> {
    use game_ca_ngua::bots::eval::train;
    let config = train_config(a)?;
    let start = a.start.as_deref().map(read_weights).transpose()?;
    let began = std::time::Instant::now();
    let mut csv = String::from("games,wins,played\n");
    let (net, _) = train::train(&config, start, |p| progress(p, began, &mut csv));
    if let Some(dir) = a.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Bad(format!("{}: {e}", dir.display())))?;
    }
    std::fs::write(&a.out, net.to_bytes()).map_err(|e| Bad(format!("{}: {e}", a.out.display())))?;
    if let Some(path) = &a.curve {
        std::fs::write(path, csv).map_err(|e| Bad(format!("{}: {e}", path.display())))?;
    }
    outln!(
        "wrote {} after {} games in {:.0} s",
        a.out.display(),
        a.games,
        began.elapsed().as_secs_f64()
    )
}

/// `train`'s arguments checked, as the trainer's configuration.
fn train_config(a: &Train) -> Result<bots::eval::train::TrainConfig, Bad> {
    use game_ca_ngua::bots::eval::train;
    check_threads(a.threads)?;
    if !(0.0..=1.0).contains(&a.lambda) || a.rate <= 0.0 || a.rate >= 1.0 || a.rate.is_nan() {
        return Err(Bad(
            "--lambda must be within 0..1 and --rate within 0..1".into()
        ));
    }
    if !(0.0..=1.0).contains(&a.population) {
        return Err(Bad("--population must be within 0..1".into()));
    }
    if !(0.0..=1.0).contains(&a.focus) {
        return Err(Bad("--focus must be within 0..1".into()));
    }
    let layout = match a.features.as_deref() {
        None => None,
        Some("slots") => Some(bots::eval::Layout::Slots),
        Some("threats") => Some(bots::eval::Layout::Threats),
        Some(other) => {
            return Err(Bad(format!("--features: slots or threats, not '{other}'")));
        }
    };
    let command = std::env::args()
        .skip(1)
        .fold(String::from("ca-ngua-cli"), |s, x| s + " " + &x);
    Ok(train::TrainConfig {
        games: a.games,
        seed: a.seed,
        lambda: a.lambda,
        rate: a.rate,
        curve_every: a.curve_every,
        curve_games: a.curve_games,
        threads: a.threads,
        population: a.population,
        focus: a.focus,
        layout,
        command,
        ..train::TrainConfig::default()
    })
}

/// Training's progress on stderr, since `began`; each point of the curve
/// also added to `csv`.
fn progress(p: &bots::eval::train::Progress, began: std::time::Instant, csv: &mut String) {
    use game_ca_ngua::bots::eval::train;
    match *p {
        train::Progress::Games {
            done,
            total,
            positions,
            loss,
            held_out,
        } => {
            let secs = began.elapsed().as_secs_f64();
            eprintln!(
                "{done}/{total} games, {positions} positions, {secs:.0} s, {:.0} games/s, \
                 log-loss {:.4} (race model {:.4}), held out {:.4} (race model {:.4})",
                done as f64 / secs.max(1e-9),
                loss[0],
                loss[1],
                held_out[0],
                held_out[1]
            );
        }
        train::Progress::Curve(c) => {
            let [lo, hi] = c.score.interval();
            eprintln!(
                "after {} games: {}/{} against today's Hard, {:.1}% ({:.1}-{:.1}%)",
                c.games,
                c.score.wins,
                c.score.games,
                100.0 * c.score.rate(),
                100.0 * lo,
                100.0 * hi
            );
            csv.push_str(&format!("{},{},{}\n", c.games, c.score.wins, c.score.games));
        }
    }
}

/// `strength`: the learned Hard against today's Hard.
pub(super) fn strength(a: &Strength) -> Result<(), Bad> {
    use game_ca_ngua::bots::eval::{self, train};
    check_threads(a.threads)?;
    if a.players != 2 && a.players != 4 {
        return Err(Bad("--players must be 2 or 4".into()));
    }
    let rules = load_rules::<CaNgua>(&a.rules)?;
    if !eval::covers(&rules) {
        return Err(Bad(
            "the learned evaluator covers the one-die rules only".into()
        ));
    }
    let net = match &a.weights {
        Some(path) => read_weights(path)?,
        None => eval::shipped().map_err(|e| Bad(e.to_string()))?.clone(),
    };
    let learned = bots::Budget {
        nodes: a.nodes.unwrap_or(bots::Budget::LEARNED.nodes).max(1),
        max_depth: a.depth.unwrap_or(bots::Budget::LEARNED.max_depth),
        beam: bots::Budget::LEARNED.beam,
    };
    let config = train::MatchConfig {
        rules,
        players: a.players,
        games: a.games,
        seed: a.seed,
        threads: a.threads,
        learned,
        ..train::MatchConfig::two_player()
    };
    let began = std::time::Instant::now();
    let report = train::play_match(&config, &net);
    let s = report.learned;
    let [lo, hi] = s.interval();
    outln!(
        "learned Hard against {} of today's Hard: {}/{} won, {:.1}% (95% interval {:.1}-{:.1}%), {:.0} s",
        a.players - 1,
        s.wins,
        s.games,
        100.0 * s.rate(),
        100.0 * lo,
        100.0 * hi,
        began.elapsed().as_secs_f64()
    )?;
    for (name, times) in [
        ("learned Hard", &report.learned_times),
        ("today's Hard", &report.classic_times),
    ] {
        let (median, worst) = train::median_and_worst(times);
        outln!(
            "{name}: {} decisions, median {:.2} ms, worst {:.1} ms",
            times.len(),
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        )?;
    }
    Ok(())
}

/// A weights file read and checked, its errors naming the file.
pub(super) fn read_weights(path: &std::path::Path) -> Result<bots::eval::Evaluator, Bad> {
    let bytes = std::fs::read(path).map_err(|e| Bad(format!("{}: {e}", path.display())))?;
    bots::eval::Evaluator::from_bytes(&bytes).map_err(|e| Bad(format!("{}: {e}", path.display())))
}
