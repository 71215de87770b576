//! The rules table (`crates/testkit/data/rules.txt`) against the engine's API: exact
//! move lists and exact next positions for every rule and toggle.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use game_ca_ngua::engine::{Move, Position, Roll};

#[test]
fn every_case_of_the_rules_table() {
    let cases = common::rules_table();
    assert!(cases.len() > 100, "the table has {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let parsed = Position::parse(&c.position, &c.rules)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                let roll: Roll = c
                    .roll
                    .parse()
                    .map_err(|e: game_ca_ngua::engine::RollError| e.to_string())?;
                p.check_roll(&c.rules, roll).map_err(|e| e.to_string())?;
                Ok((p, roll))
            });
        let (pos, roll) = match (parsed, &c.moves) {
            (Err(_), None) => continue,
            (Ok(_), None) => {
                failures.push(format!("line {}: accepted, expected an error", c.line));
                continue;
            }
            (Err(e), Some(_)) => {
                failures.push(format!("line {}: refused: {e}", c.line));
                continue;
            }
            (Ok(x), Some(_)) => x,
        };
        let moves = pos.legal_moves(&c.rules, roll).to_string();
        if Some(&moves) != c.moves.as_ref() {
            failures.push(format!(
                "line {} ({}): moves {moves:?}, expected {:?}",
                c.line, c.rules_spec, c.moves
            ));
        }
        for (m, expected) in &c.plays {
            let mv = if m == "pass" {
                None
            } else {
                Some(m.parse::<Move>().unwrap())
            };
            match pos.play(&c.rules, roll, mv) {
                Ok((next, _)) if next.to_string() == *expected => {
                    // The output parses back to the same position.
                    let again = Position::parse(expected, &c.rules).map(|p| p == next);
                    if again != Ok(true) {
                        failures.push(format!("line {}: {expected} does not round-trip", c.line));
                    }
                }
                Ok((next, _)) => failures.push(format!(
                    "line {} ({}): {m} gave {next}, expected {expected}",
                    c.line, c.rules_spec
                )),
                Err(e) => failures.push(format!("line {}: {m} refused: {e}", c.line)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
