//! Sentences the app shows, built from game data in the current language:
//! the move log, the names of horses and squares, the standings.

use super::log::{LogEntry, LogEvent};
use ca_ngua_i18n::{Arg, I18n};
use game_ca_ngua::engine::{
    CENTRE, DOOR, Move, Outcome, Position, Roll, Rules, Seat, YARD, is_star_square,
    is_start_square, track_square,
};

/// The text key of a colour.
pub fn colour_key(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "colour-red",
        Seat::Green => "colour-green",
        Seat::Yellow => "colour-yellow",
        Seat::Blue => "colour-blue",
    }
}

/// A colour's name ("Đỏ").
pub fn colour(i18n: &I18n, seat: Seat) -> String {
    i18n.t(colour_key(seat))
}

/// A colour's name inside a sentence ("đỏ" in "Ngựa đỏ 2").
pub fn colour_in_sentence(i18n: &I18n, seat: Seat) -> String {
    i18n.t(&format!("{}-lower", colour_key(seat)))
}

/// Where a horse of `seat` at `progress` stands, in words. Track squares
/// are numbered 1–52 from red's start square, as printed on the board.
pub fn where_text(i18n: &I18n, seat: Seat, progress: u8) -> String {
    if progress == YARD {
        i18n.t("where-yard")
    } else if progress <= DOOR {
        let square = u32::from(track_square(seat, progress)) + 1;
        i18n.t_args("where-track", &[("square", Arg::from(square))])
    } else if progress >= CENTRE {
        i18n.t("where-centre")
    } else {
        i18n.t_args("where-home", &[("cell", Arg::from(progress - DOOR))])
    }
}

/// Where a move takes a horse, in words: like `where_text`, but the centre
/// is a place to go to ("đến đích"), not a state ("đã về đích").
pub fn to_text(i18n: &I18n, seat: Seat, progress: u8) -> String {
    if progress >= CENTRE {
        i18n.t("to-centre")
    } else {
        where_text(i18n, seat, progress)
    }
}

/// A horse by its number and place ("Ngựa đỏ 2, ô 15").
pub fn horse_name(i18n: &I18n, seat: Seat, number: u8, progress: u8) -> String {
    i18n.t_args(
        "horse-label",
        &[
            ("colour", Arg::from(colour_in_sentence(i18n, seat))),
            ("Colour", Arg::from(colour(i18n, seat))),
            ("n", Arg::from(number)),
            ("where", Arg::from(where_text(i18n, seat, progress))),
        ],
    )
}

/// Where a horse can go with the roll waiting, and whom it kicks there
/// ("đi đến ô 21, đá Xanh lá"; several moves: "đi đến ô 14 hoặc ô 17").
pub fn moves_text(
    i18n: &I18n,
    pos: &Position,
    rules: &Rules,
    roll: Roll,
    moves: &[Move],
) -> String {
    // The colour whose horses move (with teams, maybe the partner's).
    let Some(seat) = pos.mover(rules) else {
        return String::new();
    };
    let places: Vec<String> = moves
        .iter()
        .map(|m| {
            let mut place = to_text(i18n, seat, m.to);
            let victims = kicked_by(pos, rules, roll, *m);
            if !victims.is_empty() {
                place.push_str(", ");
                place.push_str(&kicks_text(i18n, &victims));
            }
            place
        })
        .collect();
    let to = places
        .into_iter()
        .reduce(|a, b| i18n.t_args("horse-or", &[("a", Arg::from(a)), ("b", Arg::from(b))]))
        .unwrap_or_default();
    i18n.t_args("horse-goes", &[("to", Arg::from(to))])
}

/// The colours a move sends back to their yards (none for most moves).
pub fn kicked_by(pos: &Position, rules: &Rules, roll: Roll, m: Move) -> Vec<Seat> {
    match pos.play(rules, roll, Some(m)) {
        Ok((_, fx)) => Seat::ALL
            .into_iter()
            .filter(|v| fx.kicked[v.index()] > 0)
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// "kicks blue" / "đá ngựa xanh dương": whom a move kicks, in words.
pub fn kicks_text(i18n: &I18n, victims: &[Seat]) -> String {
    let names: Vec<String> = victims
        .iter()
        .map(|v| colour_in_sentence(i18n, *v))
        .collect();
    i18n.t_args("move-kicks", &[("victims", Arg::from(names.join(", ")))])
}

/// The accessible name of a horse that can move: its number, where it
/// stands and where it goes ("Ngựa đỏ 2, ô 15, đi đến ô 21, đá Xanh lá").
pub fn horse_label(
    i18n: &I18n,
    pos: &Position,
    rules: &Rules,
    roll: Roll,
    number: u8,
    moves: &[Move],
) -> String {
    let Some(seat) = pos.mover(rules) else {
        return String::new();
    };
    let from = moves.first().map_or(YARD, |m| m.from);
    format!(
        "{}, {}",
        horse_name(i18n, seat, number, from),
        moves_text(i18n, pos, rules, roll, moves)
    )
}

/// The accessible name of a target square.
pub fn target_label(i18n: &I18n, seat: Seat, m: Move) -> String {
    i18n.t_args(
        "target-label",
        &[("where", Arg::from(to_text(i18n, seat, m.to)))],
    )
}

/// A move in words, for the list of moves ("ra quân", "ô 12 → ô 18").
pub fn move_text(i18n: &I18n, seat: Seat, m: Move) -> String {
    if m.is_exit() {
        i18n.t("move-exit")
    } else {
        i18n.t_args(
            "move-advance",
            &[
                ("from", Arg::from(where_text(i18n, seat, m.from))),
                ("to", Arg::from(to_text(i18n, seat, m.to))),
            ],
        )
    }
}

/// One line of the move log ("Đỏ gieo 6, ra quân").
pub fn log_text(i18n: &I18n, e: &LogEntry) -> String {
    let who = Arg::from(colour(i18n, e.seat));
    let roll = Arg::from(e.roll.as_str());
    match &e.event {
        LogEvent::Pass => i18n.t_args("log-pass", &[("who", who), ("roll", roll)]),
        LogEvent::Forfeit => i18n.t_args("log-forfeit", &[("who", who), ("roll", roll)]),
        LogEvent::Exit => i18n.t_args("log-exit", &[("who", who), ("roll", roll)]),
        LogEvent::Advance { from, to } => i18n.t_args(
            "log-advance",
            &[
                ("who", who),
                ("roll", roll),
                ("from", Arg::from(where_text(i18n, e.owner, *from))),
                ("to", Arg::from(to_text(i18n, e.owner, *to))),
            ],
        ),
        LogEvent::PlaysFor { partner } => i18n.t_args(
            "log-plays-for",
            &[("who", who), ("partner", Arg::from(colour(i18n, *partner)))],
        ),
        LogEvent::Kick { victims, square } => {
            let names: Vec<String> = victims.iter().map(|(s, _)| colour(i18n, *s)).collect();
            i18n.t_args(
                "log-kick",
                &[
                    ("who", who),
                    ("victims", Arg::from(names.join(", "))),
                    ("square", Arg::from(u32::from(*square) + 1)),
                ],
            )
        }
        LogEvent::ThauMa => i18n.t_args("log-thau-ma", &[("who", who)]),
        LogEvent::SapHam => i18n.t_args("log-sap-ham", &[("who", who)]),
        LogEvent::Finish => i18n.t_args("log-finish", &[("who", who)]),
        LogEvent::Away => i18n.t_args("net-event-away", &[("player", who)]),
        LogEvent::Back => i18n.t_args("net-event-back", &[("player", who)]),
        LogEvent::Left => i18n.t_args("net-event-left", &[("player", who)]),
        LogEvent::TimedOut => i18n.t_args("net-event-timed-out", &[("player", who)]),
        LogEvent::RoundStart { round } => {
            i18n.t_args("log-round-start", &[("round", Arg::from(*round))])
        }
        // The colour that came home (with teams, maybe the partner).
        LogEvent::SeatFinished { place: 0 } => i18n.t_args(
            "log-seat-home",
            &[("who", Arg::from(colour(i18n, e.owner)))],
        ),
        LogEvent::SeatFinished { place } => i18n.t_args(
            "log-seat-finished",
            &[
                ("who", Arg::from(colour(i18n, e.owner))),
                ("place", Arg::from(*place)),
            ],
        ),
    }
}

/// The board in one sentence, for assistive technology: where every horse
/// stands, and the safe squares under the rules in force.
pub fn board_summary(i18n: &I18n, pos: &Position, rules: &Rules) -> String {
    let mut parts = vec![i18n.t("board-label")];
    for seat in pos.playing_seats() {
        let places: Vec<String> = pos
            .horses(seat)
            .iter()
            .map(|&p| where_text(i18n, seat, p))
            .collect();
        parts.push(format!("{}: {}", colour(i18n, seat), places.join(", ")));
    }
    let safe: Vec<String> = (0..52u8)
        .filter(|&sq| rules.is_safe_square(sq))
        .map(|sq| {
            let key = if is_start_square(sq) {
                "safe-start"
            } else if is_star_square(sq) {
                "safe-star"
            } else {
                "where-track"
            };
            i18n.t_args(key, &[("square", Arg::from(u32::from(sq) + 1))])
        })
        .collect();
    parts.push(if safe.is_empty() {
        i18n.t("safe-none")
    } else {
        i18n.t_args("safe-squares", &[("squares", Arg::from(safe.join(", ")))])
    });
    parts.join(". ")
}

/// The standings: one line per place, shared places marked.
pub fn standings(i18n: &I18n, outcome: &Outcome) -> Vec<String> {
    let table = outcome.standings();
    table
        .iter()
        .map(|&(rank, seat)| {
            let shared = table.iter().filter(|(r, _)| *r == rank).count() > 1;
            let mut line = i18n.t_args(
                "end-place",
                &[
                    ("place", Arg::from(rank)),
                    ("who", Arg::from(colour(i18n, seat))),
                ],
            );
            if shared {
                line.push(' ');
                line.push_str(&i18n.t("end-shared"));
            }
            if let Some(points) = outcome.points {
                line.push_str(" — ");
                line.push_str(
                    &i18n.t_args("end-points", &[("points", Arg::from(points[seat.index()]))]),
                );
            }
            line
        })
        .collect()
}

/// A list of colours in a sentence ("Đỏ, Vàng").
fn colours(i18n: &I18n, seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|s| colour(i18n, *s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words of a banner over the board ("Xanh dương đá Đỏ!").
pub fn banner_text(i18n: &I18n, kind: &super::effects::BannerKind) -> String {
    use super::effects::BannerKind as B;
    match kind {
        B::Kick { by, victims } => i18n.t_args(
            "banner-kick",
            &[
                ("who", Arg::from(colour(i18n, *by))),
                ("victims", Arg::from(colours(i18n, victims))),
            ],
        ),
        B::Home { seat } => i18n.t_args("banner-home", &[("who", Arg::from(colour(i18n, *seat)))]),
        B::AllHome { seat } => i18n.t_args(
            "banner-all-home",
            &[("who", Arg::from(colour(i18n, *seat)))],
        ),
    }
}

/// The colour a banner is drawn in: whoever made it happen.
pub fn banner_seat(kind: &super::effects::BannerKind) -> Seat {
    use super::effects::BannerKind as B;
    match kind {
        B::Kick { by, .. } => *by,
        B::Home { seat } | B::AllHome { seat } => *seat,
    }
}
