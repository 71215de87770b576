//! The rules of Cờ nhảy in plain language, generated from a [`Rules`]
//! value: what differs from the standard rules first, then every rule in
//! force. The sentences live in the i18n files (`nhay-rules-*` keys), so
//! the app's rules window and `ca-ngua-cli nhay rules explain` show them in
//! the player's language. The shapes are those every game shares
//! (`ca_ngua_core::game::rule_text`), so one window can show either game.

use super::engine::{GameEnd, MOVE_CAP, OtherArms, Rules};
use ca_ngua_core::game::rule_text::{RuleLine, Summary, line};
use ca_ngua_i18n::{Arg, I18n};

/// Every rule in force, in reading order.
pub fn rule_lines(r: &Rules) -> Vec<RuleLine> {
    let s = Rules::standard();
    let mut v = vec![
        line("nhay-rules-board", false),
        line("nhay-rules-seating", false),
        line("nhay-rules-turn", false),
        line("nhay-rules-step", false),
        line("nhay-rules-jump", false),
        line("nhay-rules-one-move", false),
        line("nhay-rules-pass", false),
    ];
    v.push(line(
        match r.other_arms {
            OtherArms::Allowed => "nhay-rules-other-arms-allowed",
            OtherArms::Forbidden => "nhay-rules-other-arms-forbidden",
        },
        r.other_arms != s.other_arms,
    ));
    v.push(line("nhay-rules-win", false));
    v.push(line(
        if r.anti_blocking {
            "nhay-rules-anti-blocking-on"
        } else {
            "nhay-rules-anti-blocking-off"
        },
        r.anti_blocking != s.anti_blocking,
    ));
    v.push(line(
        match r.game_end {
            GameEnd::PlayOn => "nhay-rules-end-play-on",
            GameEnd::FirstWinner => "nhay-rules-end-first-winner",
        },
        r.game_end != s.game_end,
    ));
    v.push(RuleLine {
        key: "nhay-rules-cap",
        args: vec![("moves", Arg::Num(i64::from(MOVE_CAP)))],
        differs: false,
    });
    v
}

/// Renders the rules in the current language of `i18n`.
pub fn summary(i18n: &I18n, rules: &Rules) -> Summary {
    Summary::of(i18n, &rule_lines(rules))
}

/// The summary as plain text, as `ca-ngua-cli nhay rules explain` prints
/// it.
pub fn summary_text(i18n: &I18n, rules: &Rules) -> String {
    summary(i18n, rules).to_text(i18n)
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
        assert_eq!(s.all.len(), 12);
    }

    #[test]
    fn presets_list_their_differences() {
        let i = I18n::new(Lang::En);
        let quick = summary(&i, &Rules::quick());
        assert_eq!(quick.differences.len(), 1, "{:?}", quick.differences);
        assert!(quick.differences[0].contains("as soon as someone finishes"));
        let strict = summary(&i, &Rules::strict());
        assert_eq!(strict.differences.len(), 1, "{:?}", strict.differences);
        assert!(strict.differences[0].contains("may end only"));
        let open = Rules {
            anti_blocking: false,
            ..Rules::standard()
        };
        let d = summary(&i, &open).differences;
        assert!(d.len() == 1 && d[0].contains("can block"), "{d:?}");
    }

    #[test]
    fn every_sentence_exists_in_both_languages() {
        let mut i = I18n::new(Lang::Vi);
        for rules in Rules::all() {
            for lang in Lang::ALL {
                i.set_lang(lang);
                for l in rule_lines(&rules) {
                    assert!(i.has(l.key), "{lang}: {}", l.key);
                    let text = i.t_args(l.key, &l.args);
                    assert!(!text.contains('{'), "{lang} {}: {text}", l.key);
                }
                let text = summary_text(&i, &rules);
                assert!(
                    text.contains("2000") || text.contains("2.000") || text.contains("2,000"),
                    "{text}"
                );
            }
        }
    }
}
