#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Tuning runs for Cờ nhảy's Hard: seeded self-play of Hard in a given
//! style against other levels, printing Hard's results.
//!
//! cargo run --release --no-default-features --example nhay_tune -- \
//!     --games 200 --players 6 --opp medium --nodes 30000 --depth 5 \
//!     --set own_beam=14,reply_beam=8,replies=1,rivals=best,straggler=40,gap=3,lateral=6
use ca_ngua_data::store::load_rules;
use game_co_nhay::CoNhay;
use game_co_nhay::bots::{Budget, Level, Rivals, Style};
use game_co_nhay::engine::Players;
use game_co_nhay::selfplay::{Config, Tuning, run};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |k: &str, d: &str| -> String {
        args.iter()
            .position(|a| a == k)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| d.to_string())
    };
    let players = Players::from_count(get("--players", "2").parse().unwrap()).unwrap();
    let opp: Level = get("--opp", "medium").parse().unwrap();
    let mut style = Style::DEFAULT;
    for kv in get("--set", "").split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap();
        match k {
            "own_beam" => style.own_beam = v.parse().unwrap(),
            "reply_beam" => style.reply_beam = v.parse().unwrap(),
            "replies" => style.replies = v == "1",
            "rivals" => {
                style.rivals = match v {
                    "best" => Rivals::Best,
                    "mean" => Rivals::Mean,
                    _ => Rivals::None,
                }
            }
            "straggler" => style.params.straggler = v.parse().unwrap(),
            "gap" => style.params.gap = v.parse().unwrap(),
            "lateral" => style.params.lateral = v.parse().unwrap(),
            _ => panic!("unknown setting {k}"),
        }
    }
    let mut bots = vec![opp; players.count()];
    bots[0] = Level::Hard;
    let cfg = Config {
        games: get("--games", "200").parse().unwrap(),
        rules: load_rules::<CoNhay>(&get("--rules", "standard")).unwrap(),
        seats: players.arms().collect(),
        bots,
        tuning: Tuning {
            budget: Budget {
                nodes: get("--nodes", "30000").parse().unwrap(),
                max_depth: get("--depth", "5").parse().unwrap(),
            },
            style,
        },
        seed: get("--seed", "1").parse().unwrap(),
        threads: get("--threads", "1").parse().unwrap(),
    };
    let r = run(&cfg);
    let h = &r.players[0];
    println!(
        "{:?}\n  {} games in {:.0} s, capped {}, mean moves {:.0}: hard wins {:.1}% ({:.1}-{:.1}), mean place {:.2} (share {:.1}%), median {} us, worst {} us",
        style,
        r.games,
        r.seconds,
        r.capped,
        r.mean_length,
        100.0 * h.win_rate,
        100.0 * h.win_rate_ci95[0],
        100.0 * h.win_rate_ci95[1],
        h.mean_place.unwrap_or(0.0),
        100.0 / players.count() as f64,
        h.median_decision_us,
        h.max_decision_us
    );
}
