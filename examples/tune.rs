#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Tuning runs for Hard's evaluation: plays seeded games between Hard with
//! the given weights and other levels, and prints Hard's win rate.
//!
//! cargo run --release --no-default-features --example tune -- \
//!     --games 4000 --rules standard --players rgyb --opp random \
//!     --depth 1 --nodes 20000 --set danger=1.2,tempo=0.5
//!
//! `--override KIND` makes Hard play Medium's move whenever Medium's move
//! (`col`, `enter`, `climb`, `door`, `exit`, `any`) or Hard's own (`hcol`,
//! `hdoor`, `hexit`) is of that kind: a quick way to see which kind of
//! decision Hard gets wrong.
use ca_ngua_core::game::selfplay::{mix_seed, wilson95};
use ca_ngua_data::store::load_rules;
use game_ca_ngua::CaNgua;
use game_ca_ngua::bots::hard::{self, Model, Params};
use game_ca_ngua::bots::{Bot, BotRng, Budget, Decision, Level};
use game_ca_ngua::engine::{Game, Move, Rules, Seat};
use rand::{RngExt, SeedableRng};

/// Params::TUNED with `--set`'s `name=value` pairs changed.
fn params_from(set: &str) -> Params {
    let mut params = Params::TUNED;
    for kv in set.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap();
        let v: f32 = v.parse().unwrap();
        match k {
            "lambda" => params.lambda = v,
            "exposure" => params.exposure = v,

            "yard_extra" => params.yard_extra = v,
            "danger" => params.danger = v,
            "late_weight" => params.late_weight = v,
            "tempo" => params.tempo = v,
            "temperature" => params.temperature = v,
            _ => panic!("unknown param {k}"),
        }
    }
    params
}

/// True when `--override KIND` takes Medium's move `m` over Hard's `h`.
fn overrides(over: &str, m: Move, h: Move) -> bool {
    match over {
        "col" => m.to > 50 && !m.is_exit(),
        "enter" => m.to > 50 && m.from <= 50,
        "climb" => m.to > 50 && m.from > 50 && !m.is_exit(),
        "door" => m.to == 50,
        "exit" => m.is_exit(),
        "hcol" => h.to > 50 && !h.is_exit(),
        "hdoor" => h.to == 50,
        "hexit" => h.is_exit(),
        "any" => true,
        _ => false,
    }
}

/// What every game of the run shares.
struct Run<'a> {
    rules: Rules,
    seats: &'a [Seat],
    opp: Level,
    budget: Budget,
    seed: u64,
    model: &'a Model,
    over: &'a str,
}

/// Game `g` of the run played out: true when Hard won it.
fn hard_wins(run: &Run<'_>, g: u64) -> bool {
    let (rules, seats) = (run.rules, run.seats);
    let n = seats.len();
    let seed = mix_seed(run.seed, g);
    let mut rng = BotRng::seed_from_u64(seed);
    // Hard sits in seat slot g % n.
    let hard_slot = (g % n as u64) as usize;
    let mut helper = Bot::new(Level::Medium, mix_seed(seed, 99));
    let mut bots: Vec<Bot> = (0..n)
        .map(|k| Bot::new(run.opp, mix_seed(seed, 1 + k as u64)))
        .collect();
    let first = seats[rng.random_range(0..n)];
    let mut game = Game::new(rules, seats, first).unwrap();
    while let Some(seat) = game.turn() {
        let roll = game_ca_ngua::dice::roll(&rules, &mut rng);
        let moves = game.legal_moves(roll);
        let mv = if moves.len() <= 1 {
            moves.first()
        } else {
            let slot = seats.iter().position(|&s| s == seat).unwrap();
            let d = Decision {
                rules: &rules,
                position: game.position(),
                roll,
                moves: &moves,
            };
            Some(if slot == hard_slot {
                let h = hard::choose_with(&d, run.model, run.budget);
                if run.over.is_empty() {
                    h
                } else {
                    let m = helper.choose(&d);
                    if overrides(run.over, m, h) { m } else { h }
                }
            } else {
                bots[slot].choose(&d)
            })
        };
        game.play_unchecked(roll, mv);
    }
    game.standings().winner == Some(seats[hard_slot])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |k: &str, d: &str| -> String {
        args.iter()
            .position(|a| a == k)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| d.to_string())
    };
    let games: u64 = get("--games", "2000").parse().unwrap();
    let rules = load_rules::<CaNgua>(&get("--rules", "standard")).unwrap();
    let seats: Vec<Seat> = get("--players", "rgyb")
        .chars()
        .map(|c| Seat::from_letter(c).unwrap())
        .collect();
    let opp: Level = get("--opp", "random").parse().unwrap();
    let budget = Budget {
        nodes: get("--nodes", "20000").parse().unwrap(),
        max_depth: get("--depth", "0").parse().unwrap(),
        beam: 0,
    };
    let seed: u64 = get("--seed", "1").parse().unwrap();
    let threads: u64 = get("--threads", "2").parse().unwrap();
    let over = get("--override", "");
    let params = params_from(&get("--set", ""));
    let model = Model::new(&rules, params);
    let run = Run {
        rules,
        seats: &seats,
        opp,
        budget,
        seed,
        model: &model,
        over: &over,
    };
    let t0 = std::time::Instant::now();
    let wins: u64 = std::thread::scope(|scope| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                let run = &run;
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .filter(|&g| hard_wins(run, g))
                        .count() as u64
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).sum()
    });
    let ci = wilson95(wins, games);
    println!(
        "{:?} depth {} vs {}: {}/{} = {:.1}% ({:.1}-{:.1}) in {:.0}s",
        params,
        budget.max_depth,
        opp,
        wins,
        games,
        100.0 * wins as f64 / games as f64,
        100.0 * ci[0],
        100.0 * ci[1],
        t0.elapsed().as_secs_f64()
    );
}
