#![allow(clippy::unwrap_used, clippy::expect_used)]
use ca_ngua::bots::hard::{Model, Params};
use ca_ngua::bots::{Bot, BotRng, Budget, Decision, Level};
use ca_ngua::engine::{Game, Seat};
use ca_ngua::rules_file::load_rules;
use rand::SeedableRng;

fn main() {
    let rules = load_rules(&std::env::args().nth(1).unwrap_or("traditional".into())).unwrap();
    let limit: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(30);
    let model = Model::new(&rules, Params::TUNED);
    let mut rng = BotRng::seed_from_u64(5);
    let mut game = Game::new(rules, &[Seat::Red, Seat::Yellow], Seat::Red).unwrap();
    let mut med = Bot::new(Level::Medium, 1);
    let mut hard = Bot::with_budget(
        Level::Hard,
        2,
        Budget {
            nodes: 40000,
            max_depth: 1,
        },
    );
    let mut shown = 0;
    let mut decisions = 0;
    let mut forced = 0;
    while let Some(seat) = game.turn() {
        let roll = ca_ngua::dice::roll(&rules, &mut rng);
        let moves = game.legal_moves(roll);
        let pos = *game.position();
        let mv = if moves.len() <= 1 {
            forced += 1;
            moves.first()
        } else {
            decisions += 1;
            let d = Decision {
                rules: &rules,
                position: &pos,
                roll,
                moves: &moves,
            };
            let h = hard.choose(&d);
            let m = med.choose(&d);
            if h != m && shown < limit {
                shown += 1;
                println!("{pos}  roll {roll}  moves {moves}  hard {h}  medium {m}");
                for mv in moves.iter() {
                    let mut next = pos;
                    next.play_unchecked(&rules, roll, Some(mv));
                    let u = model.evaluate(&next, 0);
                    println!("   {mv}: static {:.3}", u[seat.index()]);
                }
            }
            Some(if seat == Seat::Red { h } else { m })
        };
        game.play_unchecked(roll, mv);
    }
    println!(
        "decisions {decisions} forced {forced} rolls {}",
        game.rolls()
    );
}
