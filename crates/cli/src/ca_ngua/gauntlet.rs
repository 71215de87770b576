//! `gauntlet`: one player against copies of another, seats rotated, the
//! share it wins with its 95% Wilson interval (issue 57).

use super::args::Gauntlet;
use crate::{Bad, check_threads, outln};
use ca_ngua_data::store::load_rules;
use game_ca_ngua::CaNgua;
use game_ca_ngua::gauntlet::{self, Player};

pub(super) fn gauntlet(a: &Gauntlet) -> Result<(), Bad> {
    check_threads(a.run.threads)?;
    let hero = Player::parse(&a.bot).map_err(|e| Bad(format!("--bot: {e}")))?;
    let rival = Player::parse(&a.against).map_err(|e| Bad(format!("--against: {e}")))?;
    let hero_net = match &a.weights {
        Some(path) => {
            let net = super::learned::read_weights(path)?;
            // One evaluator for the whole run, shared by its threads.
            Some(&*Box::leak(Box::new(net)))
        }
        None => None,
    };
    let cfg = gauntlet::Config {
        hero,
        rival,
        rules: load_rules::<CaNgua>(&a.rules)?,
        players: a.players,
        games: a.games,
        seed: a.run.seed,
        threads: a.run.threads,
        timings: a.timings.max(1),
        hero_net,
    };
    cfg.check().map_err(Bad)?;
    let began = std::time::Instant::now();
    let r = gauntlet::run(&cfg, &|_| {});
    let seconds = began.elapsed().as_secs_f64();
    let [lo, hi] = r.interval();
    let (median, worst) = r.median_and_worst();
    if a.run.json {
        let v = serde_json::json!({
            "bot": hero.name(),
            "against": rival.name(),
            "players": a.players,
            "rules": a.rules,
            "seed": a.run.seed,
            "games": r.games,
            "wins": r.wins,
            "win_rate": r.rate(),
            "win_rate_ci95": [lo, hi],
            "share_by_chance": 1.0 / a.players as f64,
            "capped": r.capped,
            "decisions": r.times.len(),
            "median_decision_us": median / 1000,
            "max_decision_us": worst / 1000,
            "seconds": seconds,
        });
        return outln!("{v}");
    }
    outln!(
        "{} against {} x {}, {} players, {} rules, seed {}: {} games, {:.0} s",
        hero.name(),
        a.players - 1,
        rival.name(),
        a.players,
        a.rules,
        a.run.seed,
        r.games,
        seconds
    )?;
    outln!(
        "{} won {} = {:.1}% (95% Wilson interval {:.1}-{:.1}%), chance {:.1}%, stopped by the cap {}",
        hero.name(),
        r.wins,
        100.0 * r.rate(),
        100.0 * lo,
        100.0 * hi,
        100.0 / a.players as f64,
        r.capped
    )?;
    outln!(
        "{}: {} decisions, median {:.2} ms, worst {:.1} ms",
        hero.name(),
        r.times.len(),
        median as f64 / 1e6,
        worst as f64 / 1e6
    )
}
