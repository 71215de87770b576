//! The Cờ Cá Ngựa commands (RULES.md section 5): `moves`, `play`, `hint`,
//! `selfplay` and `rules show|explain|try|code|decode`.

use super::args::{Explain, RuleSetArg, RulesCommand, RulesTry, Selfplay};
use super::parse::unshield;
use super::{Bad, check_threads, out, outln};
use ca_ngua::any_game::load_rules;
use ca_ngua::ca_ngua::CaNgua;
use ca_ngua::ca_ngua::bots::{self, Level};
use ca_ngua::ca_ngua::engine::{Move, Position, Roll, Rules, Seat};
use ca_ngua::ca_ngua::rules_file::RuleSet;
use ca_ngua::ca_ngua::rules_lab::{self, Figures, Player, Trial, TrialReport};
use ca_ngua::ca_ngua::rules_text::summary_text;
use ca_ngua::ca_ngua::selfplay;
use ca_ngua::i18n::{I18n, Lang};

#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Query {
    Moves,
    Play,
    Hint,
}

pub fn query(q: &super::args::Query, kind: Query) -> Result<(), Bad> {
    let rules = load_rules::<CaNgua>(&q.rules)?;
    super::query(&q.words, q.stdin, |words| answer(&rules, words, kind))
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

pub fn selfplay(a: &Selfplay) -> Result<(), Bad> {
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
    cfg.check().map_err(Bad)?;
    let report = crate::selfplay_recording(&cfg, a.record.as_deref())?;
    if a.run.json {
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
    if a.bots.is_some() {
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

pub fn rules(command: RulesCommand) -> Result<(), Bad> {
    match command {
        RulesCommand::Show(RuleSetArg { name, .. }) => {
            let name = unshield(&name);
            let rules = load_rules::<CaNgua>(name)?;
            let label = Rules::preset(name).map_or_else(
                || rules.preset_name().unwrap_or("custom").to_string(),
                |_| name.to_string(),
            );
            out(format_args!("{}", RuleSet::new(&label, rules).to_ron()))
        }
        RulesCommand::Explain(Explain { name, lang }) => {
            let rules = load_rules::<CaNgua>(unshield(&name))?;
            let lang: Lang = lang.parse()?;
            out(format_args!("{}", summary_text(&I18n::new(lang), &rules)))
        }
        RulesCommand::Code(RuleSetArg { name, .. }) => {
            let rules = load_rules::<CaNgua>(unshield(&name))?;
            out(format_args!(
                "{}\n",
                ca_ngua::ca_ngua::rules_code::encode(&rules)
            ))
        }
        RulesCommand::Decode { code } => {
            let rules = ca_ngua::ca_ngua::rules_code::decode(unshield(&code))?;
            let label = rules.preset_name().unwrap_or("custom");
            out(format_args!("{}", RuleSet::new(label, rules).to_ron()))
        }
        RulesCommand::Try(t) => rules_try(&t),
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

fn rules_try(a: &RulesTry) -> Result<(), Bad> {
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

/// `train`: TD(λ) self-play, progress on stderr, the weights written.
pub fn train(a: &super::args::Train) -> Result<(), Bad> {
    use ca_ngua::ca_ngua::bots::eval::train;
    check_threads(a.threads)?;
    if !(0.0..=1.0).contains(&a.lambda) || a.rate <= 0.0 || a.rate >= 1.0 || a.rate.is_nan() {
        return Err(Bad(
            "--lambda must be within 0..1 and --rate within 0..1".into()
        ));
    }
    let start = a.start.as_deref().map(read_weights).transpose()?;
    let command = std::env::args()
        .skip(1)
        .fold(String::from("ca-ngua-cli"), |s, x| s + " " + &x);
    let config = train::TrainConfig {
        games: a.games,
        seed: a.seed,
        lambda: a.lambda,
        rate: a.rate,
        curve_every: a.curve_every,
        curve_games: a.curve_games,
        threads: a.threads,
        command,
        ..train::TrainConfig::default()
    };
    let began = std::time::Instant::now();
    let mut csv = String::from("games,wins,played\n");
    let (net, _) = train::train(&config, start, |p| match *p {
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
    });
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

/// `strength`: the learned Hard against today's Hard.
pub fn strength(a: &super::args::Strength) -> Result<(), Bad> {
    use ca_ngua::ca_ngua::bots::eval::{self, train};
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
fn read_weights(path: &std::path::Path) -> Result<bots::eval::Evaluator, Bad> {
    let bytes = std::fs::read(path).map_err(|e| Bad(format!("{}: {e}", path.display())))?;
    bots::eval::Evaluator::from_bytes(&bytes).map_err(|e| Bad(format!("{}: {e}", path.display())))
}
