//! The rules in plain language, generated from a [`Rules`] value: what
//! differs from the standard rules first, then every rule in force. The
//! sentences live in the i18n files (`rules-*` keys), so the help window,
//! the settings panel and `ca-ngua-cli rules explain` show them in the
//! player's language.

use crate::engine::{Dice, Direction, ExitRolls, GameEnd, HomeColumn, Pairs, Rules, SafeSquares};
use ca_ngua_core::game::rule_text::{RuleLine, Summary, line};
use ca_ngua_i18n::{Arg, I18n};

/// Every rule in force, in reading order.
pub fn rule_lines(r: &Rules) -> Vec<RuleLine> {
    let s = Rules::standard();
    let mut v = Vec::new();
    dice_lines(r, &s, &mut v);
    board_lines(r, &s, &mut v);
    end_lines(r, &s, &mut v);
    house_lines(r, &mut v);
    v.push(RuleLine {
        key: "rules-cap",
        args: vec![("rolls", Arg::Num(i64::from(r.roll_cap)))],
        differs: r.roll_cap != s.roll_cap,
    });
    v
}

/// The dice: how many, what brings a horse out, what rolls again.
fn dice_lines(r: &Rules, s: &Rules, v: &mut Vec<RuleLine>) {
    let two = r.dice == Dice::Two;
    v.push(line(
        match r.dice {
            Dice::One => "rules-dice-one",
            Dice::Two => "rules-dice-two",
        },
        r.dice != s.dice,
    ));
    v.push(line(
        match (r.dice, r.exit_rolls) {
            (Dice::Two, _) => "rules-exit-two-dice",
            (Dice::One, ExitRolls::Six) => "rules-exit-six",
            (Dice::One, ExitRolls::OneOrSix) => "rules-exit-one-or-six",
        },
        two || r.exit_rolls != s.exit_rolls,
    ));
    v.push(line(
        if two {
            "rules-bonus-double"
        } else {
            "rules-bonus-six"
        },
        two,
    ));
    v.push(line(
        match (r.three_in_a_row_forfeit, two) {
            (true, false) => "rules-forfeit-on",
            (true, true) => "rules-forfeit-on-two-dice",
            (false, _) => "rules-forfeit-off",
        },
        r.three_in_a_row_forfeit != s.three_in_a_row_forfeit,
    ));
    if r.bonus_after_kick {
        v.push(line("rules-bonus-kick-on", true));
    }
    if r.bonus_after_finish {
        v.push(line("rules-bonus-finish-on", true));
    }
}

/// Moving and kicking on the track: safe squares, pairs, forced moves.
fn board_lines(r: &Rules, s: &Rules, v: &mut Vec<RuleLine>) {
    v.push(line("rules-move", false));
    v.push(line("rules-kick", false));
    v.push(line(
        match r.safe_squares {
            SafeSquares::StartsAndStars => "rules-safe-starts-and-stars",
            SafeSquares::StartsOnly => "rules-safe-starts-only",
            SafeSquares::None => "rules-safe-none",
        },
        r.safe_squares != s.safe_squares,
    ));
    v.push(line(
        match r.pairs {
            Pairs::Ordinary => "rules-pairs-ordinary",
            Pairs::SafePair => "rules-pairs-safe-pair",
            Pairs::Block => "rules-pairs-block",
        },
        r.pairs != s.pairs,
    ));
    if r.no_passing {
        v.push(line("rules-no-passing-on", true));
    }
    match (r.forced_kick, r.forced_exit) {
        (false, false) => v.push(line("rules-forced-none", false)),
        (kick, exit) => {
            if kick {
                v.push(line("rules-forced-kick-on", true));
            }
            if exit {
                v.push(line("rules-forced-exit-on", true));
            }
        }
    }
}

/// The home column, the end of the game and the direction of travel.
fn end_lines(r: &Rules, s: &Rules, v: &mut Vec<RuleLine>) {
    let two = r.dice == Dice::Two;
    v.push(line(
        match r.home_column {
            HomeColumn::Exact => "rules-home-exact",
            HomeColumn::Climb => {
                if two {
                    "rules-home-climb-two-dice"
                } else {
                    "rules-home-climb"
                }
            }
        },
        r.home_column != s.home_column,
    ));
    v.push(line(
        match r.game_end {
            GameEnd::FirstWinnerByHorsesHome => "rules-end-horses-home",
            GameEnd::FirstWinnerByDistance => "rules-end-distance",
            GameEnd::PlayOn => "rules-end-play-on",
        },
        r.game_end != s.game_end,
    ));
    v.push(line(
        match r.direction {
            Direction::Clockwise => "rules-direction-clockwise",
            Direction::CounterClockwise => "rules-direction-counter-clockwise",
        },
        r.direction != s.direction,
    ));
}

/// The scoring ledger and teams, when played.
fn house_lines(r: &Rules, v: &mut Vec<RuleLine>) {
    if r.scoring {
        for key in [
            "rules-scoring-on",
            "rules-scoring-kick",
            "rules-scoring-chain",
        ] {
            v.push(line(key, true));
        }
        if r.home_column == HomeColumn::Climb {
            for key in [
                "rules-scoring-sap-ham",
                "rules-scoring-top-climb",
                "rules-scoring-thau-ma",
            ] {
                v.push(line(key, true));
            }
        } else {
            v.push(line("rules-scoring-top-exact", true));
        }
        v.push(line("rules-scoring-settlement", true));
    }
    if r.teams {
        for key in ["rules-teams-on", "rules-teams-turn", "rules-teams-end"] {
            v.push(line(key, true));
        }
    }
}

/// Renders the rules in the current language of `i18n`.
pub fn summary(i18n: &I18n, rules: &Rules) -> Summary {
    Summary::of(i18n, &rule_lines(rules))
}

/// The summary as plain text, as `ca-ngua-cli rules explain` prints it.
pub fn summary_text(i18n: &I18n, rules: &Rules) -> String {
    summary(i18n, rules).to_text(i18n)
}

/// A section of the rules as players read them: a heading (its key) and
/// its sentences.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The heading's message key.
    pub key: &'static str,
    /// The sentences.
    pub lines: Vec<String>,
}

/// The rules for players: what differs from the standard rules, then the
/// rules in short sections. The safety cap is left out: it stops runaway
/// self-play and is no rule a family plays by.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    /// What differs from the standard rules.
    pub differences: Vec<String>,
    /// Every rule, by section, in reading order.
    pub sections: Vec<Section>,
}

/// The section a sentence belongs to; `None` for engine matters.
fn section_of(key: &str) -> Option<&'static str> {
    const SECTIONS: [(&str, &[&str]); 6] = [
        (
            "rules-section-dice",
            &[
                "rules-dice-",
                "rules-exit-",
                "rules-bonus-",
                "rules-forfeit-",
            ],
        ),
        (
            "rules-section-moves",
            &[
                "rules-move",
                "rules-kick",
                "rules-safe-",
                "rules-pairs-",
                "rules-no-passing",
                "rules-forced-",
            ],
        ),
        ("rules-section-home", &["rules-home-", "rules-end-"]),
        ("rules-section-scoring", &["rules-scoring-"]),
        ("rules-section-board", &["rules-direction-"]),
        ("rules-section-teams", &["rules-teams-"]),
    ];
    SECTIONS
        .iter()
        .find(|(_, prefixes)| prefixes.iter().any(|p| key.starts_with(p)))
        .map(|(section, _)| *section)
}

/// The rules in the current language of `i18n`, in sections.
pub fn sections(i18n: &I18n, rules: &Rules) -> Book {
    let lines = rule_lines(rules);
    let text = |l: &RuleLine| i18n.t_args(l.key, &l.args);
    let mut book = Book {
        differences: Vec::new(),
        sections: Vec::new(),
    };
    for l in &lines {
        let Some(key) = section_of(l.key) else {
            continue;
        };
        if l.differs {
            book.differences.push(text(l));
        }
        match book.sections.iter_mut().find(|s| s.key == key) {
            Some(s) => s.lines.push(text(l)),
            None => book.sections.push(Section {
                key,
                lines: vec![text(l)],
            }),
        }
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_i18n::Lang;

    #[test]
    fn the_standard_rules_differ_in_nothing() {
        let i = I18n::new(Lang::En);
        let s = summary(&i, &Rules::standard());
        assert!(s.differences.is_empty(), "{:?}", s.differences);
        assert!(s.all.len() > 10);
    }

    #[test]
    fn presets_list_their_differences() {
        let i = I18n::new(Lang::En);
        let casual = summary(&i, &Rules::casual());
        assert_eq!(casual.differences.len(), 3, "{:?}", casual.differences);
        let trad = summary(&i, &Rules::traditional());
        let text = trad.differences.join("\n");
        for needle in [
            "Two dice",
            "No square",
            "may not pass",
            "Thầu mạ",
            "Sập hầm",
            "10000",
        ] {
            assert!(text.contains(needle), "{needle:?} not in\n{text}");
        }
    }

    #[test]
    fn the_book_has_short_sections_and_no_engine_limits() {
        let i = I18n::new(Lang::En);
        for rules in [Rules::standard(), Rules::casual(), Rules::traditional()] {
            let book = sections(&i, &rules);
            let all: Vec<&String> = book.sections.iter().flat_map(|s| &s.lines).collect();
            // Every sentence but the cap is in exactly one section.
            let expected = rule_lines(&rules)
                .iter()
                .filter(|l| l.key != "rules-cap")
                .count();
            assert_eq!(all.len(), expected);
            for s in &book.sections {
                assert!(i.has(s.key), "{}", s.key);
                assert!(s.lines.len() <= 7, "{}: {} lines", s.key, s.lines.len());
            }
            let text = all
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n");
            assert!(!text.contains("safety limit"), "{text}");
            assert!(!book.differences.iter().any(|d| d.contains("safety")));
        }
        // Differences come first, and are the same as the summary's minus
        // the cap.
        let trad = sections(&i, &Rules::traditional());
        let summary = summary(&i, &Rules::traditional());
        assert_eq!(trad.differences.len() + 1, summary.differences.len());
        assert_eq!(sections(&i, &Rules::standard()).differences.len(), 0);
    }

    #[test]
    fn every_sentence_exists_in_both_languages() {
        let mut i = I18n::new(Lang::Vi);
        let mut all = Rules::traditional();
        for rules in [Rules::standard(), Rules::casual(), Rules::traditional(), {
            all.pairs = Pairs::Block;
            all.exit_rolls = ExitRolls::Six;
            all
        }] {
            for lang in Lang::ALL {
                i.set_lang(lang);
                for l in rule_lines(&rules) {
                    assert!(i.has(l.key), "{lang}: {}", l.key);
                    let text = i.t_args(l.key, &l.args);
                    assert!(!text.contains('{'), "{lang} {}: {text}", l.key);
                }
            }
        }
    }
}
