//! `rules try`: a rule set played against a baseline by the rule lab, and
//! its figures as a table or JSON.

use super::args::RulesTry;
use super::parse_seats;
use crate::{Bad, check_threads, outln};
use ca_ngua_data::store::load_rules;
use game_ca_ngua::CaNgua;
use game_ca_ngua::bots::Level;
use game_ca_ngua::engine::Rules;
use game_ca_ngua::rules_lab::{self, Figures, Player, Trial, TrialReport};

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

pub(super) fn rules_try(a: &RulesTry) -> Result<(), Bad> {
    let rules = load_rules::<CaNgua>(&a.rules)?;
    let baseline =
        load_rules::<CaNgua>(&a.baseline).map_err(|e| Bad(format!("--baseline: {e}")))?;
    let seats = parse_seats(&a.players)?;
    let players = match &a.bots {
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
        games: a.games,
        seed: a.run.seed,
        threads: a.run.threads,
        ..rules_lab::RunConfig::default()
    };
    if cfg.games == 0 || cfg.games > 10_000_000 {
        return Err(Bad("--games: between 1 and 10000000".into()));
    }
    check_threads(cfg.threads)?;
    let trial = Trial {
        rules,
        seats,
        players,
    };
    let report = rules_lab::run(&trial, &baseline, &cfg)?;
    let rules_name = rules_label(&a.rules, &rules);
    let baseline_name = rules_label(&a.baseline, &baseline);
    if a.run.json {
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
    // Teams last, so that a baseline without them lines up above.
    for t in f.teams.iter().flatten() {
        rows.push((format!("team {} wins", t.colours), pct(&t.wins)));
    }
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
