//! Helpers shared by the integration tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use ca_ngua::engine::{Dice, Direction, ExitRolls, GameEnd, HomeColumn, Pairs, Rules, SafeSquares};
use ca_ngua::rules_file::RuleSet;
use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

/// A rule set from `preset+field=value+field=value`, with fields and
/// values spelled as in the RON rules file.
pub fn rules_from_spec(spec: &str) -> Rules {
    let mut parts = spec.split('+');
    let preset = parts.next().unwrap();
    let rules = Rules::preset(preset).unwrap_or_else(|| panic!("unknown preset in {spec}"));
    let mut text = RuleSet::new("test", rules).to_ron();
    for part in parts {
        let (field, value) = part
            .split_once('=')
            .unwrap_or_else(|| panic!("{spec}: expected field=value"));
        let start = text
            .find(&format!("        {field}: "))
            .unwrap_or_else(|| panic!("{spec}: no field {field}"));
        let end = start + text[start..].find(",\n").unwrap();
        text.replace_range(start..end, &format!("        {field}: {value}"));
    }
    RuleSet::from_ron(&text)
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
        .rules
}

/// One line of `tests/data/rules.txt`.
#[derive(Debug)]
pub struct Case {
    pub line: usize,
    pub rules_spec: String,
    pub rules: Rules,
    pub position: String,
    pub roll: String,
    /// `None` when the position or roll must be refused.
    pub moves: Option<String>,
    pub plays: Vec<(String, String)>,
}

pub fn rules_table() -> Vec<Case> {
    let text = include_str!("../data/rules.txt");
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        assert!(cols.len() >= 4, "line {}: {line}", i + 1);
        let moves = (cols[3] != "error").then(|| cols[3].to_string());
        let plays = cols[4..]
            .iter()
            .map(|c| {
                let (m, next) = c.split_once("=>").expect("MOVE => NEXT");
                (m.trim().to_string(), next.trim().to_string())
            })
            .collect();
        cases.push(Case {
            line: i + 1,
            rules_spec: cols[0].to_string(),
            rules: rules_from_spec(cols[0]),
            position: cols[1].to_string(),
            roll: cols[2].to_string(),
            moves,
            plays,
        });
    }
    cases
}

/// A random combination of every toggle (a valid one), for property tests.
pub fn random_rules(rng: &mut Xoshiro256PlusPlus, roll_cap: u32) -> Rules {
    let mut r = Rules::standard();
    r.dice = if rng.random() { Dice::Two } else { Dice::One };
    r.exit_rolls = if r.dice == Dice::One && rng.random() {
        ExitRolls::OneOrSix
    } else {
        ExitRolls::Six
    };
    r.bonus_after_kick = rng.random();
    r.bonus_after_finish = rng.random();
    r.three_in_a_row_forfeit = rng.random();
    r.safe_squares = [
        SafeSquares::StartsAndStars,
        SafeSquares::StartsOnly,
        SafeSquares::None,
    ][rng.random_range(0..3)];
    r.pairs = [Pairs::Ordinary, Pairs::SafePair, Pairs::Block][rng.random_range(0..3)];
    r.no_passing = rng.random();
    r.forced_kick = rng.random();
    r.forced_exit = rng.random();
    r.home_column = if rng.random() {
        HomeColumn::Climb
    } else {
        HomeColumn::Exact
    };
    r.game_end = [
        GameEnd::FirstWinnerByHorsesHome,
        GameEnd::FirstWinnerByDistance,
        GameEnd::PlayOn,
    ][rng.random_range(0..3)];
    r.direction = if rng.random() {
        Direction::Clockwise
    } else {
        Direction::CounterClockwise
    };
    r.scoring = rng.random();
    r.roll_cap = roll_cap;
    r
}
