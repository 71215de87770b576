//! A game record's players and dates in words, for the replay window, its
//! analysis and the records list: who played a seat, over which steps.

use ca_ngua_data::record::{Player, SeatPlayer};
use ca_ngua_i18n::{Arg, I18n};

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
/// it), after its colour. A seat a person played is theirs, however many
/// turns a computer played for them (they handed it over, were away, or
/// their clock ran out): "Red: Minh", with `steps` "Red: Minh (the
/// computer played steps 2, 4, 8–9, …)"; a seat of computers only is
/// "Red: Computer – Medium", or "Red: Computer – Easy, then Computer –
/// Hard (steps 40–80)" when its level changed.
pub fn seat_players_words<S>(
    i18n: &I18n,
    colour: &str,
    parts: &[&SeatPlayer<S>],
    steps: bool,
) -> String {
    let people: Vec<&SeatPlayer<S>> = parts
        .iter()
        .copied()
        .filter(|p| p.player == Player::Person)
        .collect();
    let named: &[&SeatPlayer<S>] = if people.is_empty() { parts } else { &people };
    let mut words = then_words(i18n, colour, named, steps && named.len() > 1);
    let stood_in: Vec<(usize, usize)> = parts
        .iter()
        .filter(|p| !people.is_empty() && p.player != Player::Person)
        .flat_map(|p| p.spans.iter().copied())
        .collect();
    if steps && !stood_in.is_empty() {
        let mut spans = stood_in;
        spans.sort_unstable();
        let one = matches!(spans.as_slice(), [(a, b)] if a == b);
        words = i18n.t_args(
            "replay-stood-in",
            &[
                ("who", Arg::from(words)),
                ("count", Arg::from(if one { 1 } else { 2 })),
                ("steps", Arg::from(spans_words(&spans))),
            ],
        );
    }
    words
}

/// Players in turn, after `colour`: "Red: Lan, then Minh", with `steps`
/// the steps each played.
fn then_words<S>(i18n: &I18n, colour: &str, parts: &[&SeatPlayer<S>], steps: bool) -> String {
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

/// The person a seat is known by, when a person played it: its first
/// person; `None` for a seat of computers only.
pub fn seat_person<'a, S>(parts: &[&'a SeatPlayer<S>]) -> Option<&'a SeatPlayer<S>> {
    parts.iter().copied().find(|p| p.player == Player::Person)
}

/// The date as a player reads it, in the time zone of this computer
/// (UTC where it has none): "14/03/2026 09:26" in Vietnamese,
/// "2026-03-14 09:26" in English (the order is the language's).
pub fn date_words(i18n: &I18n, date: ca_ngua_data::record::UtcDate) -> String {
    let zone = crate::platform::local_zone_at(i64::try_from(date.0).unwrap_or(0));
    let (y, mo, d, h, mi) = local_parts(date, &zone);
    i18n.t_args(
        "record-date",
        &[
            ("year", Arg::from(format!("{y:04}"))),
            ("month", Arg::from(format!("{mo:02}"))),
            ("day", Arg::from(format!("{d:02}"))),
            ("hour", Arg::from(format!("{h:02}"))),
            ("minute", Arg::from(format!("{mi:02}"))),
        ],
    )
}

/// The date's year, month, day, hour and minute in the time zone `tz`
/// (a date beyond the calendar's range: as UTC).
pub fn local_parts(
    date: ca_ngua_data::record::UtcDate,
    tz: &jiff::tz::TimeZone,
) -> (i64, u32, u32, u32, u32) {
    let utc = || {
        let (y, mo, d, h, mi, _) = date.parts();
        (y, mo, d, h, mi)
    };
    let Ok(secs) = i64::try_from(date.0) else {
        return utc();
    };
    match jiff::Timestamp::from_second(secs) {
        Ok(t) => {
            let z = tz.to_datetime(t);
            let u = |x: i8| u32::try_from(x).unwrap_or(0);
            (
                i64::from(z.year()),
                u(z.month()),
                u(z.day()),
                u(z.hour()),
                u(z.minute()),
            )
        }
        Err(_) => utc(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_data::record::UtcDate;
    use ca_ngua_i18n::Lang;

    #[test]
    fn a_date_is_shown_in_the_time_zone_given_not_utc() {
        // 2026-03-14 23:30 UTC is already the 15th in Hà Nội (UTC+7).
        let date: UtcDate = "2026-03-14T23:30:00Z".parse().expect("a date");
        let hanoi = jiff::tz::TimeZone::fixed(jiff::tz::offset(7));
        assert_eq!(local_parts(date, &hanoi), (2026, 3, 15, 6, 30));
        let utc = jiff::tz::TimeZone::UTC;
        assert_eq!(local_parts(date, &utc), (2026, 3, 14, 23, 30));
        // Each language writes it its own way, with no "UTC".
        for lang in [Lang::En, Lang::Vi] {
            let words = date_words(&I18n::new(lang), date);
            assert!(!words.contains("UTC"), "{words}");
            assert!(words.contains("2026"), "{words}");
        }
    }
}
