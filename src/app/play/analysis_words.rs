//! A game's analysis in words a family reads (issue 45): one line per
//! seat, named by the person who played it, saying how the game ended,
//! what the dice gave and what the choices cost, each in points of the
//! chance to win, and how well its choices were made, with how sure one
//! game is of it (issue 57); the figures that add up behind it for whoever
//! asks.

use ca_ngua_data::record::analysis::{ChoiceBand, ChoiceQuality, Confidence};
use ca_ngua_i18n::{Arg, I18n};

/// A chance as a whole percentage ("63").
pub fn percent(x: f64) -> String {
    format!("{:.0}", (100.0 * x).abs())
}

/// A chance as whole points, a number (for a plural).
pub fn points(x: f64) -> u32 {
    (100.0 * x).abs().round() as u32
}

/// A change of chance as signed whole points, with a true minus
/// ("+20", "−18").
pub fn signed_points(x: f64) -> String {
    let n = (100.0 * x).round();
    // −0 reads as +0.
    let n = if n == 0.0 { 0.0 } else { n };
    format!("{n:+.0}").replace('-', "−")
}

/// How the game ended for `seat`: "won", "shared first place", "place 3",
/// "lost", or for a game not finished its chance to win at the end.
pub fn result_words<S: PartialEq>(
    i18n: &I18n,
    ranking: Option<&[Vec<S>]>,
    seat: &S,
    chance_at_end: f64,
) -> String {
    let Some(ranking) = ranking else {
        return i18n.t_args(
            "analysis-result-unfinished",
            &[("chance", Arg::from(percent(chance_at_end)))],
        );
    };
    let place = ranking.iter().position(|group| group.contains(seat));
    match place {
        Some(0) if ranking.first().is_some_and(|g| g.len() > 1) => i18n.t("analysis-result-shared"),
        Some(0) => i18n.t("analysis-result-won"),
        // Two places: the second lost.
        Some(_) if ranking.len() <= 2 => i18n.t("analysis-result-lost"),
        Some(k) => i18n.t_args("analysis-result-place", &[("place", Arg::from(k + 1))]),
        None => i18n.t("analysis-result-lost"),
    }
}

/// What one seat's line says.
#[derive(Clone, Debug, PartialEq)]
pub struct VerdictFigures {
    /// How the game ended for it ([`result_words`]).
    pub result: String,
    /// The luck of its rolls, summed (`None`: a game without dice).
    pub luck: Option<f64>,
    /// What its people's choices cost (the clear mistakes), a chance.
    pub choices: f64,
    /// How well they chose (the same people's decisions).
    pub quality: ChoiceQuality,
}

/// How well a player chose and how sure the game is of it: "Mostly good
/// moves (fairly sure)."; "Too short a game to tell how well they chose."
pub fn quality_words(i18n: &I18n, q: &ChoiceQuality) -> String {
    let sure = match q.confidence {
        Confidence::Sure => "analysis-choices-sure",
        Confidence::Likely => "analysis-choices-likely",
        Confidence::TooShort => return i18n.t("analysis-choices-too-short"),
    };
    let how = match q.band {
        ChoiceBand::Best => "analysis-choices-best",
        ChoiceBand::Good => "analysis-choices-good",
        ChoiceBand::Mixed => "analysis-choices-mixed",
        ChoiceBand::Random => "analysis-choices-random",
    };
    i18n.t_args(
        "analysis-choices",
        &[
            ("how", Arg::from(i18n.t(how))),
            ("sure", Arg::from(i18n.t(sure))),
        ],
    )
}

/// The figures behind [`quality_words`], for whoever asks: "Of what moves
/// picked at random would have lost, these choices lost 25% (between 12%
/// and 38%; 58 choices)."
pub fn quality_figures(i18n: &I18n, q: &ChoiceQuality) -> String {
    i18n.t_args(
        "analysis-choices-share",
        &[
            ("share", Arg::from(percent(q.share))),
            ("low", Arg::from(percent(q.ci95[0]))),
            ("high", Arg::from(percent(q.ci95[1]))),
            ("decisions", Arg::from(q.decisions)),
        ],
    )
}

/// "Red: Lan — won. The dice gave +20 points of chance to win; choices
/// cost 18 points. Mostly good moves (fairly sure)." (`name` says who
/// played the seat).
pub fn verdict_line(i18n: &I18n, name: &str, f: &VerdictFigures) -> String {
    let choices = Arg::from(points(f.choices));
    let line = match f.luck {
        Some(luck) => {
            let key = if luck >= 0.0 {
                "analysis-verdict-dice-gave"
            } else {
                "analysis-verdict-dice-took"
            };
            i18n.t_args(
                key,
                &[
                    ("name", Arg::from(name)),
                    ("result", Arg::from(f.result.as_str())),
                    ("luck", Arg::from(points(luck))),
                    ("skill", choices),
                ],
            )
        }
        None => i18n.t_args(
            "analysis-verdict-no-dice",
            &[
                ("name", Arg::from(name)),
                ("result", Arg::from(f.result.as_str())),
                ("skill", choices),
            ],
        ),
    };
    format!("{line} {}", quality_words(i18n, &f.quality))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_i18n::Lang;

    fn quality(share: f64, confidence: Confidence) -> ChoiceQuality {
        ChoiceQuality {
            decisions: 40,
            share,
            ci95: [share * 0.5, share * 1.5],
            band: ChoiceBand::of(share),
            confidence,
        }
    }

    #[test]
    fn a_verdict_says_the_result_the_dice_and_the_choices_with_units() {
        let en = I18n::new(Lang::En);
        let f = VerdictFigures {
            result: result_words(&en, Some(&[vec![1], vec![2]]), &1, 1.0),
            luck: Some(0.2),
            choices: 0.18,
            quality: quality(0.25, Confidence::Likely),
        };
        assert_eq!(
            verdict_line(&en, "Red: Lan", &f),
            "Red: Lan — won. The dice gave +20 points of chance to win; choices cost 18 points. \
             Mostly good moves (fairly sure)."
        );
        assert_eq!(
            quality_figures(&en, &f.quality),
            "Of what moves picked at random would have lost, these choices lost 25% \
             (between 12% and 38%; 40 choices)."
        );
        let one = VerdictFigures {
            result: "lost".into(),
            luck: Some(0.01),
            choices: 0.01,
            quality: quality(0.02, Confidence::TooShort),
        };
        assert_eq!(
            verdict_line(&en, "Red: Lan", &one),
            "Red: Lan — lost. The dice gave +1 point of chance to win; choices cost 1 point. \
             Too short a game to tell how well they chose."
        );
        let vi = I18n::new(Lang::Vi);
        let f = VerdictFigures {
            result: result_words(&vi, Some(&[vec![1], vec![2]]), &2, 0.0),
            luck: Some(-0.07),
            choices: 0.0,
            quality: quality(0.9, Confidence::Sure),
        };
        assert_eq!(
            verdict_line(&vi, "Xanh: Minh", &f),
            "Xanh: Minh — thua. Xúc xắc làm mất 7 điểm phần trăm cơ hội thắng; các nước đi chưa tốt làm mất 0 điểm. \
             Nước đi gần như chọn bừa (chắc chắn)."
        );
    }

    #[test]
    fn results_name_the_place_or_the_chance_of_an_unfinished_game() {
        let en = I18n::new(Lang::En);
        let ranking = [vec![1, 3], vec![2], vec![4]];
        assert_eq!(
            result_words(&en, Some(&ranking), &3, 0.5),
            "shared first place"
        );
        assert_eq!(result_words(&en, Some(&ranking), &4, 0.0), "place 3");
        assert_eq!(
            result_words::<u8>(&en, None, &4, 0.384),
            "game not finished, 38% chance to win at the end"
        );
        assert_eq!(signed_points(-0.004), "+0");
        assert_eq!(signed_points(-0.18), "−18");
    }
}
