//! The rules a `create` asks for (`PROTOCOL.md`, "Client → server"): a
//! preset's name or a whole rule set, read in the terms of the room's game
//! and checked.

use ca_ngua_core::game::Game;
use ca_ngua_core::table::{ErrorCode, Refusal};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The rules a `create` asks for: a preset's name, or every field of a
/// rule set of the room's game (a rule-set file's `rules`), kept as JSON
/// until the game reads it ([`RulesChoice::resolve`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesChoice {
    /// A preset's name: `"standard"`, `"casual"`, `"traditional"` for Cờ
    /// Cá Ngựa; `"standard"`, `"quick"`, `"strict"` for Cờ nhảy.
    Preset(String),
    /// A complete rule set, as JSON.
    Custom(Value),
}

fn bad_rules(message: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadRules, message)
}

impl RulesChoice {
    /// A complete rule set of game `G`.
    pub fn custom<G: Game>(rules: &G::Rules) -> RulesChoice {
        // Rules are plain data: they always serialize.
        RulesChoice::Custom(serde_json::to_value(rules).unwrap_or(Value::Null))
    }

    /// The rules of game `G` named or given, checked (`bad_rules`
    /// otherwise: an unknown preset, a field missing, unknown or of a bad
    /// value, settings that cannot be played together).
    pub fn resolve<G: Game>(&self) -> Result<G::Rules, Refusal> {
        let rules = match self {
            RulesChoice::Preset(name) => G::preset(name).ok_or_else(|| {
                bad_rules(format!(
                    "unknown rules '{name}' (expected {} or a rules object)",
                    G::PRESETS.join(", ")
                ))
            })?,
            RulesChoice::Custom(value @ Value::Object(_)) => {
                serde_json::from_value::<G::Rules>(value.clone())
                    .map_err(|e| bad_rules(format!("rules: {e}")))?
            }
            RulesChoice::Custom(_) => {
                return Err(bad_rules("rules is a preset's name or a rules object"));
            }
        };
        G::check_rules(&rules).map_err(|e| bad_rules(format!("rules.{e}")))?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::{ClientMessage, parse_client};
    use game_ca_ngua::CaNgua;
    use game_ca_ngua::engine::Rules;

    fn code(text: &str) -> ErrorCode {
        parse_client(text).expect_err(text).code
    }

    #[test]
    fn a_rules_object_is_every_field_of_a_rule_sets_rules() {
        let traditional = serde_json::to_value(Rules::traditional()).expect("json");
        let text =
            serde_json::json!({"type":"create","name":"Lan","players":2,"rules":traditional})
                .to_string();
        let ClientMessage::Create { rules, .. } = parse_client(&text).expect("create") else {
            panic!("not a create");
        };
        assert_eq!(rules.resolve::<CaNgua>(), Ok(Rules::traditional()));
        assert_eq!(
            RulesChoice::custom::<CaNgua>(&Rules::traditional()),
            RulesChoice::Custom(traditional.clone())
        );
        // A field missing, an unknown field, a bad value, settings that
        // contradict each other, an unknown preset, a number: bad_rules.
        let mut missing = traditional.clone();
        missing.as_object_mut().expect("object").remove("dice");
        let mut unknown = traditional.clone();
        unknown["extra"] = true.into();
        let mut bad_value = traditional.clone();
        bad_value["dice"] = "three".into();
        let mut contradiction = serde_json::to_value(Rules::standard()).expect("json");
        contradiction["dice"] = "two".into();
        contradiction["exit_rolls"] = "one_or_six".into();
        let mut no_cap = traditional.clone();
        no_cap["roll_cap"] = 0.into();
        for rules in [
            missing,
            unknown,
            bad_value,
            contradiction,
            no_cap,
            "chess".into(),
            7.into(),
            Value::Null,
        ] {
            let text = serde_json::json!({"type":"create","name":"Lan","players":2,"rules":rules})
                .to_string();
            assert_eq!(code(&text), ErrorCode::BadRules, "{text}");
        }
    }
}
