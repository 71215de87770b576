//! Sentences of Cờ nhảy, built from game data in the current language:
//! colours, pieces and holes for screen readers, the log, the places.
//! Holes are named by their number (CO-NHAY.md §1), as the notation does.

use super::animation::LogLine;
pub use crate::app::text::place_name;
use ca_ngua_i18n::{Arg, I18n};
use game_co_nhay::engine::{Arm, Move, Outcome};

/// A colour's name ("Đỏ").
pub fn colour(i18n: &I18n, arm: Arm) -> String {
    i18n.t(&format!("nhay-colour-{}", arm.number()))
}

/// A colour's name inside a sentence ("đỏ" in "Quân đỏ ở ô 23").
pub fn colour_lower(i18n: &I18n, arm: Arm) -> String {
    i18n.t(&format!("nhay-colour-{}-lower", arm.number()))
}

/// A move in words: "từ ô 3 đến ô 14", with its jumps when a chain.
pub fn move_text(i18n: &I18n, mv: Move, jumps: usize) -> String {
    let Some((from, to)) = mv.ends() else {
        return String::new();
    };
    let args = [
        ("from", Arg::from(from)),
        ("to", Arg::from(to)),
        ("n", Arg::from(jumps)),
    ];
    if jumps > 0 {
        i18n.t_args("nhay-move-jump", &args)
    } else {
        i18n.t_args("nhay-move-step", &args)
    }
}

/// A piece that can move, for a screen reader: "Quân đỏ ở ô 23, đi được
/// đến 4 ô".
pub fn piece_label(i18n: &I18n, arm: Arm, hole: u8, reach: usize, selected: bool) -> String {
    i18n.t_args(
        if selected {
            "nhay-piece-selected"
        } else {
            "nhay-piece-label"
        },
        &[
            ("colour", Arg::from(colour_lower(i18n, arm))),
            ("Colour", Arg::from(colour(i18n, arm))),
            ("hole", Arg::from(hole)),
            ("n", Arg::from(reach)),
        ],
    )
}

/// A hole the chosen piece can reach: "Nhảy đến ô 45, 3 lần nhảy".
pub fn target_label(i18n: &I18n, hole: u8, jumps: usize) -> String {
    let args = [("hole", Arg::from(hole)), ("n", Arg::from(jumps))];
    if jumps > 0 {
        i18n.t_args("nhay-target-jump", &args)
    } else {
        i18n.t_args("nhay-target-step", &args)
    }
}

/// The landings on the way of a jump chain (`path` both ends included):
/// "By hole 27"; `None` for a step or a single jump.
pub fn target_via(i18n: &I18n, path: &[u8]) -> Option<String> {
    let on_the_way = path.get(1..path.len().saturating_sub(1))?;
    if on_the_way.is_empty() {
        return None;
    }
    let holes: Vec<String> = on_the_way.iter().map(u8::to_string).collect();
    Some(i18n.t_args(
        "nhay-target-via",
        &[
            ("holes", Arg::from(holes.join(", "))),
            ("n", Arg::from(on_the_way.len())),
        ],
    ))
}

/// A line of the log in words.
pub fn log_text(i18n: &I18n, line: &LogLine) -> String {
    match line {
        LogLine::Step { arm, from, to } => i18n.t_args(
            "nhay-log-step",
            &[
                ("who", Arg::from(colour(i18n, *arm))),
                ("from", Arg::from(*from)),
                ("to", Arg::from(*to)),
            ],
        ),
        LogLine::Jump {
            arm,
            from,
            to,
            jumps,
        } => i18n.t_args(
            "nhay-log-jump",
            &[
                ("who", Arg::from(colour(i18n, *arm))),
                ("from", Arg::from(*from)),
                ("to", Arg::from(*to)),
                ("n", Arg::from(*jumps)),
            ],
        ),
        LogLine::Pass { arm } => {
            i18n.t_args("nhay-log-pass", &[("who", Arg::from(colour(i18n, *arm)))])
        }
        LogLine::Finished { arm, place } => i18n.t_args(
            "nhay-log-finished",
            &[
                ("who", Arg::from(colour(i18n, *arm))),
                ("place", Arg::from(place_name(i18n, *place))),
            ],
        ),
        LogLine::Capped { moves } => {
            i18n.t_args("nhay-log-capped", &[("moves", Arg::from(*moves))])
        }
        LogLine::Over => i18n.t("nhay-log-over"),
        LogLine::RoundStart { round } => {
            i18n.t_args("log-round-start", &[("round", Arg::from(*round))])
        }
    }
}

/// A log line for a board that shows no hole numbers: moves without
/// their holes (the last move is marked on the board).
pub fn log_text_plain(i18n: &I18n, line: &LogLine) -> String {
    match line {
        LogLine::Step { arm, .. } => i18n.t_args(
            "nhay-log-step-plain",
            &[("who", Arg::from(colour(i18n, *arm)))],
        ),
        LogLine::Jump { arm, jumps, .. } => i18n.t_args(
            "nhay-log-jump-plain",
            &[
                ("who", Arg::from(colour(i18n, *arm))),
                ("n", Arg::from(*jumps)),
            ],
        ),
        other => log_text(i18n, other),
    }
}

/// Every place, best first: "1. Đỏ", shared places marked.
pub fn standings(i18n: &I18n, outcome: &Outcome) -> Vec<String> {
    let table = outcome.standings();
    table
        .iter()
        .map(|&(place, arm)| {
            let mut line = i18n.t_args(
                "end-place",
                &[
                    ("place", Arg::from(place)),
                    ("who", Arg::from(colour(i18n, arm))),
                ],
            );
            if table.iter().filter(|(p, _)| *p == place).count() > 1 {
                line.push(' ');
                line.push_str(&i18n.t("end-shared"));
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_i18n::Lang;

    #[test]
    fn pieces_and_holes_are_named_in_both_languages() {
        let vi = I18n::new(Lang::Vi);
        let red = Arm::ALL[0];
        assert_eq!(
            piece_label(&vi, red, 23, 4, false),
            "Quân đỏ ở ô 23, đi được đến 4 ô"
        );
        assert_eq!(target_label(&vi, 45, 3), "Nhảy đến ô 45, 3 lần nhảy");
        let en = I18n::new(Lang::En);
        assert_eq!(
            piece_label(&en, Arm::ALL[2], 7, 1, false),
            "Purple piece on hole 7, can go to one hole"
        );
        assert_eq!(target_label(&en, 14, 0), "Move to hole 14, one step");
        assert_eq!(
            move_text(&en, "3-27".parse().expect("move"), 2),
            "from hole 3 to hole 27, 2 jumps"
        );
        for lang in Lang::ALL {
            let i = I18n::new(lang);
            for arm in Arm::ALL {
                assert!(!colour(&i, arm).contains('['), "{lang} {arm}");
                assert!(!colour_lower(&i, arm).contains('['), "{lang} {arm}");
            }
            for place in 1..=6 {
                assert!(!place_name(&i, place).contains('['), "{lang} {place}");
            }
        }
    }

    /// Online, the room's next game opens with a line of its own in the
    /// log (issue 45): the last game's lines below it are not its news.
    #[test]
    fn the_rooms_next_game_begins_with_a_line_in_the_log() {
        use crate::app::co_nhay::animation::log_lines;
        use crate::app::co_nhay::tbl::{NhayApplied, NhayReplica};
        use game_co_nhay::engine::Rules;
        let shown = NhayReplica::new(Rules::standard());
        let lines = log_lines(&NhayApplied::Again { round: 2 }, &shown);
        assert_eq!(lines, [LogLine::RoundStart { round: 2 }]);
        let en = I18n::new(Lang::En);
        assert_eq!(log_text(&en, &lines[0]), "Game 2 in this room begins");
        let vi = I18n::new(Lang::Vi);
        assert_eq!(log_text_plain(&vi, &lines[0]), "Bắt đầu ván 2 trong phòng");
    }
}
