//! A game record's players and dates in words, for the replay window, its
//! analysis and the records list: who played a seat, over which steps.

use crate::i18n::{Arg, I18n};
use crate::record::{Player, SeatPlayer};

/// A player in a word or two: the name they played under, else what
/// they were (a person, a computer player of a level).
pub fn player_words(i18n: &I18n, player: Player, name: &str) -> String {
    match player {
        _ if !name.trim().is_empty() => name.trim().to_string(),
        Player::Person => i18n.t("player-human"),
        Player::Computer(Some(level)) => i18n.t(&crate::app::widgets::level_key(level)),
        Player::Computer(None) => i18n.t("replay-computer"),
    }
}

/// The steps of a player's stretches on a seat, counted from 1: `1–3`,
/// `4–120, 131–549` (three stretches at most, then `…`).
pub fn spans_words(spans: &[(usize, usize)]) -> String {
    const SHOWN: usize = 3;
    let mut words: Vec<String> = spans
        .iter()
        .take(SHOWN)
        .map(|&(a, b)| {
            if a == b {
                format!("{}", a + 1)
            } else {
                format!("{}–{}", a + 1, b + 1)
            }
        })
        .collect();
    if spans.len() > SHOWN {
        words.push("…".into());
    }
    words.join(", ")
}

/// One player of a seat: "Red: Computer – Medium", after `colour` when
/// given; with `steps`, the steps they played there ("… (steps 4–549)").
pub fn part_words<S>(
    i18n: &I18n,
    colour: Option<&str>,
    part: &SeatPlayer<S>,
    steps: bool,
) -> String {
    let player = player_words(i18n, part.player, &part.name);
    let who = match colour {
        Some(colour) => format!("{colour}: {player}"),
        None => player,
    };
    if !steps || part.spans.is_empty() {
        return who;
    }
    let one = matches!(part.spans.as_slice(), [(a, b)] if a == b);
    i18n.t_args(
        "replay-player-steps",
        &[
            ("who", Arg::from(who)),
            ("count", Arg::from(if one { 1 } else { 2 })),
            ("steps", Arg::from(spans_words(&part.spans))),
        ],
    )
}

/// Everyone who played a seat (`parts`, in the order they first played
/// it), after its colour: "Red: Person (steps 1–3), then Computer – Medium
/// (steps 4–549)"; a seat that never changed hands is "Red: Person", with
/// no steps.
pub fn seat_players_words<S>(
    i18n: &I18n,
    colour: &str,
    parts: &[&SeatPlayer<S>],
    steps: bool,
) -> String {
    let steps = steps && parts.len() > 1;
    let mut words: Option<String> = None;
    for (i, part) in parts.iter().enumerate() {
        let this = part_words(i18n, (i == 0).then_some(colour), part, steps);
        words = Some(match words {
            None => this,
            Some(before) => i18n.t_args(
                "replay-then",
                &[("before", Arg::from(before)), ("after", Arg::from(this))],
            ),
        });
    }
    words.unwrap_or_else(|| colour.to_string())
}

/// The date as a player reads it: `2026-03-14 09:26 UTC`.
pub fn date_words(date: crate::record::UtcDate) -> String {
    let (y, mo, d, h, mi, _) = date.parts();
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}
