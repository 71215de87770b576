//! An analysis as JSON (the command line's `--json`): positions in the
//! game's setup notation, rolls and moves in its notation (`pass` for a
//! pass), seats by their code.

use super::{
    Analysis, AnalysisConfig, ChoiceQuality, Luck, Mistake, MoveValue, PlayerTotals, Step,
};
use ca_ngua_core::game::{Game, SeatId};
use serde::{Serialize, Serializer};
use serde_json::{Value, json};

/// A move in notation, `pass` for none.
fn move_text<G: Game>(mv: Option<G::Move>) -> String {
    mv.map_or_else(|| "pass".to_string(), |m| m.to_string())
}

fn roll_json<G: Game>(roll: Option<G::Roll>) -> Value {
    roll.map_or(Value::Null, |r| Value::String(r.to_string()))
}

fn config_json(c: &AnalysisConfig) -> Value {
    json!({
        "rollouts": c.rollouts,
        "luck_rollouts": c.luck_rollouts(),
        "level": c.level.name(),
        "seed": c.seed,
        "threads": c.threads,
        "max_plies": c.max_plies,
        "evaluate": c.evaluate,
    })
}

fn move_json<G: Game>(m: &MoveValue<G>) -> Value {
    json!({
        "move": move_text::<G>(m.mv),
        "win": m.win,
        "ci95": m.ci95,
        "rollouts": m.rollouts,
    })
}

fn luck_json(l: &Luck) -> Value {
    json!({ "before": l.before, "after": l.after, "luck": l.luck })
}

fn step_json<G: Game>(index: usize, s: &Step<G>, seats: &[G::Seat]) -> Value {
    let by_seat = |v: &[f64]| -> serde_json::Map<String, Value> {
        seats
            .iter()
            .zip(v)
            .map(|(seat, w)| (seat.code(), json!(w)))
            .collect()
    };
    let win_after: serde_json::Map<String, Value> = seats
        .iter()
        .zip(&s.win_after)
        .map(|(seat, w)| (seat.code(), json!(w)))
        .collect();
    json!({
        "step": index,
        "seat": s.seat.code(),
        "position": s.setup.to_string(),
        "roll": roll_json::<G>(s.roll),
        "played": move_text::<G>(s.played_move()),
        "best": move_text::<G>(s.best_move()),
        "cost": s.cost,
        "cost_ci95": s.cost_ci95,
        "clear_mistake": s.is_clear_mistake(),
        "decision": s.is_decision(),
        "moves": s.moves.iter().map(move_json).collect::<Vec<_>>(),
        "luck": s.luck.as_ref().map_or(Value::Null, luck_json),
        "win_after": win_after,
        "win_before": by_seat(&s.win_before),
    })
}

fn mistake_json<G: Game>(m: &Mistake<G>) -> Value {
    json!({
        "step": m.step,
        "position": m.setup.to_string(),
        "roll": roll_json::<G>(m.roll),
        "played": move_text::<G>(m.played),
        "best": move_text::<G>(m.best),
        "cost": m.cost,
        "cost_ci95": m.cost_ci95,
    })
}

fn choices_json(c: &ChoiceQuality) -> Value {
    json!({
        "decisions": c.decisions,
        "share": c.share,
        "ci95": c.ci95,
        "band": c.band.name(),
        "confidence": c.confidence.name(),
    })
}

fn player_json<G: Game>(p: &PlayerTotals<G>) -> Value {
    json!({
        "seat": p.seat.code(),
        "decisions": p.decisions,
        "skill_lost": p.skill_lost,
        "luck": p.luck,
        "others": p.others,
        "second_look": p.second_look,
        "start": p.start,
        "choices": choices_json(&p.choices),
        "result": p.result,
        "mistakes": p.mistakes.iter().map(mistake_json).collect::<Vec<_>>(),
        "series": p.series,
    })
}

impl<G: Game> PlayerTotals<G> {
    /// The totals as JSON, as [`Analysis::to_json`] writes each player's:
    /// `seat`, `decisions`, `skill_lost`, `luck`, `others` (of which
    /// `second_look`), `start`, `result` (luck − skill_lost + others =
    /// result − start, with the evaluator), `choices` (how well they
    /// chose: `decisions`, `share`, `ci95`, `band`, `confidence`),
    /// `mistakes`, `series`.
    pub fn to_json(&self) -> Value {
        player_json(self)
    }
}

impl<G: Game> Analysis<G> {
    /// The analysis as JSON: `game`, `config`, `seats`, every step (its
    /// position, roll, every legal move with its win chance and interval,
    /// the move played, the best, the cost, the roll's luck, every seat's
    /// win chance after it) and every player's totals.
    pub fn to_json(&self) -> Value {
        json!({
            "game": G::ID,
            "config": config_json(&self.config),
            "seats": self.seats.iter().map(|s| s.code()).collect::<Vec<_>>(),
            "steps": self
                .steps
                .iter()
                .enumerate()
                .map(|(i, s)| step_json(i, s, &self.seats))
                .collect::<Vec<_>>(),
            "players": self.players.iter().map(player_json).collect::<Vec<_>>(),
        })
    }
}

/// Serialized as [`Analysis::to_json`] writes it.
impl<G: Game> Serialize for Analysis<G> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}
